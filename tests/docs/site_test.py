#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The built guide opened in headless Chromium: the front page, a reference page and the search work.

    tests/docs/site_test.py PROJECT_DIR [SITE_DIR]

With TOPICEVAL_SITE_SCREENSHOTS=DIR it also saves what it saw there as PNGs (front.png, reference.png,
search.png), for a person to look at.

Builds the site strictly (`mkdocs build --strict`: a warning, a broken link or a missing page fails) into
SITE_DIR (a scratch directory by default), serves it from a local http.server and drives Chromium through
its DevTools protocol on a pipe, so that scripts run to the end in real time: the search page's index is
loaded by a web worker, which a one-shot --dump-dom does not wait for.
"""
import functools
import http.server
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from devtools import Browser  # noqa: E402  (the shared driver: tests/support/devtools.py)

failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        failures.append(what)


def screenshot(browser, name):
    directory = os.environ.get("TOPICEVAL_SITE_SCREENSHOTS")
    if directory:
        browser.screenshot(pathlib.Path(directory, name))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site; a file the pages ask for and the site lacks is a failure, not a log line."""

    def log_message(self, *args):
        pass

    def send_error(self, code, *args, **kwargs):
        missing.append(self.path)
        super().send_error(code, *args, **kwargs)


missing = []


def main():
    project = pathlib.Path(sys.argv[1]).resolve()
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="topiceval-site-"))
    try:
        site = pathlib.Path(sys.argv[2]).resolve() if len(sys.argv) > 2 else scratch / "site"
        build = subprocess.run(["mkdocs", "build", "--strict", "--site-dir", str(site)], cwd=project,
                               capture_output=True, text=True)
        check(build.returncode == 0 and "WARNING" not in build.stderr,
              "mkdocs build --strict: no warning" + ("" if build.returncode == 0 else "\n" + build.stderr))
        if build.returncode != 0:
            return
        handler = functools.partial(QuietHandler, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        browser = Browser(scratch / "profile")
        try:
            loaded = browser.open(f"{base}/index.html", "document.readyState === 'complete'")
            check(loaded and browser.evaluate("document.querySelector('h1').textContent.trim()").startswith("topiceval"),
                  "front page: its title")
            check(browser.evaluate("document.querySelectorAll('nav a[href=\"reference/select.html\"]').length") >= 1,
                  "front page: the navigation links the select reference page")
            check(browser.evaluate("[...document.images].every(i => i.complete && i.naturalWidth > 0)") is True,
                  "front page: its pictures load")
            check(browser.evaluate("typeof jQuery") == "function", "front page: the theme's script has jQuery")
            screenshot(browser, "front.png")

            loaded = browser.open(f"{base}/reference/evaluate.html", "document.readyState === 'complete'")
            text = browser.evaluate("document.body.innerText") or ""
            check(loaded and "--target-error" in text, "reference page of evaluate: lists --target-error")
            screenshot(browser, "reference.png")

            found = browser.open(f"{base}/search.html?q=target-error",
                                 "document.querySelectorAll('#mkdocs-search-results article').length > 0")
            titles = browser.evaluate(
                "[...document.querySelectorAll('#mkdocs-search-results article h3')].map(h => h.textContent)") or []
            check(found, f"search for target-error: {len(titles)} results")
            check(any("target error" in t.lower() for t in titles),
                  "search for target-error: the held-out likelihood section on a target error among them")
            screenshot(browser, "search.png")
            found = browser.open(f"{base}/search.html?q=zzzznotaword",
                                 "document.querySelector('#mkdocs-search-results').innerText.includes('No results')")
            check(found, "search for a word in no page: says no results")
            check(not missing, f"every file the pages asked for is in the site (missing: {missing})")
        finally:
            browser.close()
            server.shutdown()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")


if __name__ == "__main__":
    main()
