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
import base64
import functools
import http.server
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading
import time

CHROMIUM = "/usr/bin/chromium"
failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        failures.append(what)


class Browser:
    """Chromium with --remote-debugging-pipe: JSON messages ending in NUL, written to its fd 3, read from fd 4."""

    def __init__(self, profile):
        to_browser_read, self._write = os.pipe()
        self._read, from_browser_write = os.pipe()
        # The shell puts the pipe's ends on the fds Chromium expects.
        self._process = subprocess.Popen(
            ["/bin/sh", "-c", f'exec "$0" "$@" 3<&{to_browser_read} 4>&{from_browser_write}', CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
             "--remote-debugging-pipe", "about:blank"],
            pass_fds=(to_browser_read, from_browser_write), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self._session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]

    def call(self, method, session=None, **params):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self._buffer:
                chunk = os.read(self._read, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed its pipe")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", self._session, expression=expression, returnByValue=True)
        return result["result"].get("value")

    def open(self, url, until, seconds=60):
        """Navigates to url and waits until the JavaScript expression `until` is true (False on timeout)."""
        self.call("Page.navigate", self._session, url=url)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if self.evaluate(until):
                    return True
            except RuntimeError:
                pass  # the page is between documents
            time.sleep(0.2)
        return False

    def screenshot(self, name):
        directory = os.environ.get("TOPICEVAL_SITE_SCREENSHOTS")
        if directory:
            self.call("Emulation.setDeviceMetricsOverride", self._session, width=1280, height=1000,
                      deviceScaleFactor=1, mobile=False)
            data = self.call("Page.captureScreenshot", self._session, format="png")["data"]
            pathlib.Path(directory, name).write_bytes(base64.b64decode(data))

    def close(self):
        self._process.kill()
        self._process.wait()


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
            browser.screenshot("front.png")

            loaded = browser.open(f"{base}/reference/evaluate.html", "document.readyState === 'complete'")
            text = browser.evaluate("document.body.innerText") or ""
            check(loaded and "--target-error" in text, "reference page of evaluate: lists --target-error")
            browser.screenshot("reference.png")

            found = browser.open(f"{base}/search.html?q=target-error",
                                 "document.querySelectorAll('#mkdocs-search-results article').length > 0")
            titles = browser.evaluate(
                "[...document.querySelectorAll('#mkdocs-search-results article h3')].map(h => h.textContent)") or []
            check(found, f"search for target-error: {len(titles)} results")
            check(any("target error" in t.lower() for t in titles),
                  "search for target-error: the held-out likelihood section on a target error among them")
            browser.screenshot("search.png")
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
