# SPDX-License-Identifier: Apache-2.0
"""Headless Chromium driven through its DevTools protocol on a pipe, for the tests that use a page as a person
does (the guide's site_test.py, the topic browser's browse_page_test.py): Debian's /usr/bin/chromium, no npm, no
network. Scripts run to the end in real time, events (network requests, script errors) are kept for the test to
read, and the mouse and keyboard are the browser's own input events."""
import base64
import json
import os
import pathlib
import subprocess
import time

CHROMIUM = "/usr/bin/chromium"


class Browser:
    """Chromium with --remote-debugging-pipe: JSON messages ending in NUL, written to its fd 3, read from fd 4."""

    def __init__(self, profile, width=1280, height=1000):
        to_browser_read, self._write = os.pipe()
        self._read, from_browser_write = os.pipe()
        # The shell puts the pipe's ends on the fds Chromium expects.
        self._process = subprocess.Popen(
            ["/bin/sh", "-c", f'exec "$0" "$@" 3<&{to_browser_read} 4>&{from_browser_write}', CHROMIUM, "--headless",
             "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--disable-quic", f"--user-data-dir={profile}",
             "--remote-debugging-pipe", "about:blank"],
            pass_fds=(to_browser_read, from_browser_write), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self.events = []  # every event the browser sent: {"method": ..., "params": ...}
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self._session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride", self._session, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    def call(self, method, session=None, **params):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._receive()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def _receive(self):
        while b"\0" not in self._buffer:
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(raw)
        if "method" in message:
            self.events.append(message)
        return message

    def page(self, method, **params):
        """A call on the page's session."""
        return self.call(method, self._session, **params)

    def evaluate(self, expression):
        result = self.page("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url, until, seconds=60):
        """Navigates to url and waits until the JavaScript expression `until` is true (False on timeout)."""
        self.page("Page.navigate", url=url)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if self.evaluate(until):
                    return True
            except RuntimeError:
                pass  # the page is between documents
            time.sleep(0.2)
        return False

    def move_mouse(self, x, y):
        """The pointer to (x, y) of the viewport, as a mouse moves it: the page gets its mouse events."""
        self.page("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)

    def click(self, x, y):
        self.move_mouse(x, y)
        for kind in ("mousePressed", "mouseReleased"):
            self.page("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def press(self, key, code=None, key_code=0):
        """A key pressed and released on the focused element (Home, End, ArrowLeft...)."""
        for kind in ("rawKeyDown", "keyUp"):
            self.page("Input.dispatchKeyEvent", type=kind, key=key, code=code or key,
                      windowsVirtualKeyCode=key_code, nativeVirtualKeyCode=key_code)

    def screenshot(self, path, full_page=False):
        """The page as a PNG at `path` (the whole page's height with full_page)."""
        parameters = {"format": "png"}
        if full_page:
            metrics = self.page("Page.getLayoutMetrics")["cssContentSize"]
            parameters["clip"] = {"x": 0, "y": 0, "width": metrics["width"], "height": metrics["height"], "scale": 1}
            parameters["captureBeyondViewport"] = True
        data = self.page("Page.captureScreenshot", **parameters)["data"]
        pathlib.Path(path).write_bytes(base64.b64decode(data))

    def close(self):
        self._process.kill()
        self._process.wait()
