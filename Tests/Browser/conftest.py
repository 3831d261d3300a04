"""Shared pieces of the browser tests: one headless Chromium per session, loopback HTTP servers and the
normalized DOM that every "patched old page equals new page" assertion compares."""

import difflib
import http.server
import json
import shutil
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
# The repository's default theme as files for a site under test, by their path in the site.
DEFAULT_THEME = {
    str(path.relative_to(REPO)): path.read_bytes()
    for path in (REPO / "Themes" / "default").rglob("*")
    if path.is_file()
}
FIXTURES = HERE / "fixtures"
RUNTIME = REPO / "Sources" / "SectionSiteEngine" / "Runtime" / "sectionsite.js"
RUNTIME_PATH = "/_sectionsite/sectionsite.js"

# The DOM as data: elements with sorted attributes, adjacent text merged, whitespace-only text, comments and
# anything the runtime marks with data-ss-runtime left out (SPEC §5: "whitespace-only text nodes and comments aside").
WALK_JS = """(root) => {
  const walk = (n) => {
    if (n.nodeType === 3) return n.data;
    if (n.nodeType !== 1 || n.hasAttribute('data-ss-runtime')) return null;
    const kids = [];
    for (const c of (n.localName === 'template' ? n.content : n).childNodes) {
      const w = walk(c);
      if (w === null) continue;
      if (typeof w === 'string' && typeof kids[kids.length - 1] === 'string') kids[kids.length - 1] += w;
      else kids.push(w);
    }
    const attrs = [...n.attributes].map((a) => [a.name, a.value]).sort();
    return [n.localName, attrs, kids.filter((k) => typeof k !== 'string' || k.trim() !== '')];
  };
  return JSON.stringify(walk(root));
}"""
NORMALIZE_JS = f"""(html) => ({WALK_JS})(html === null ? document.documentElement : new DOMParser().parseFromString(html, 'text/html').documentElement)"""

WAIT_ANIMATIONS_JS = "() => document.getAnimations().length === 0"


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "alone: runs with no other test beside it (`make test` runs these after the others, in one process): what it "
        "checks is timed by the wall clock, which a busy machine stretches (`sectionsite serve`'s file watcher tells one "
        "save from the next by milliseconds of quiet; animations still running after a gap of 150 ms)",
    )


def pretty(tree, depth=0):
    """Indented lines of a normalized tree, for readable diffs."""
    if isinstance(tree, str):
        return ["  " * depth + json.dumps(tree, ensure_ascii=False)]
    name, attrs, kids = tree
    attr_text = "".join(f' {k}="{v}"' for k, v in attrs)
    lines = ["  " * depth + f"<{name}{attr_text}>"]
    for kid in kids:
        lines += pretty(kid, depth + 1)
    return lines


def normalized(page, html=None):
    """The page's normalized DOM, or with html that of the document DOMParser makes of it (no network, no scripts)."""
    return json.loads(page.evaluate(NORMALIZE_JS, html))


def assert_same_dom(actual, expected, label=""):
    if actual == expected:
        return
    diff = "\n".join(difflib.unified_diff(pretty(expected), pretty(actual), "expected (new page)", "actual (patched old page)", lineterm="", n=3))
    raise AssertionError(f"{label}: patched DOM differs from the new page\n{diff[:6000]}")


def wait_for_animations(page, timeout=5000):
    page.wait_for_function(WAIT_ANIMATIONS_JS, timeout=timeout)


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files from server.root; the runtime from its source file (optionally prefixed, as `serve` does)."""

    def do_GET(self):
        self.server.requests.append(self.path)
        route = self.server.routes.get(self.path.split("?", 1)[0])
        if route is not None:
            status, content_type, body = route(self) if callable(route) else route
            if body is None:  # the route streamed its own response
                return
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)
            return
        self.directory = str(self.server.root)
        super().do_GET()

    def end_headers(self):
        if not self._headers_buffer or b"Cache-Control" not in b"".join(self._headers_buffer):
            self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args):
        pass


class _HTTPServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that navigates away mid-response is normal here, not worth a traceback.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class Server:
    """A threaded HTTP server on 127.0.0.1 with a free port. `root` may be changed between page loads."""

    def __init__(self, root, runtime_prefix=""):
        self.httpd = _HTTPServer(("127.0.0.1", 0), _Handler)
        self.httpd.root = Path(root)
        self.httpd.routes = {}
        self.httpd.requests = []
        self.runtime_prefix = runtime_prefix
        self.httpd.routes[RUNTIME_PATH] = lambda _: (200, "text/javascript; charset=utf-8", (self.runtime_prefix + RUNTIME.read_text()).encode())
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self.thread.start()

    @property
    def root(self):
        return self.httpd.root

    @root.setter
    def root(self, value):
        self.httpd.root = Path(value)

    @property
    def requests(self):
        """Paths asked for, in order (with their query)."""
        return self.httpd.requests

    @property
    def routes(self):
        return self.httpd.routes

    def serve_runtime_at(self, path):
        self.httpd.routes[path] = self.httpd.routes[RUNTIME_PATH]

    def url(self, path="/"):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser():
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="session")
def server():
    s = Server(FIXTURES)
    yield s
    s.close()


class Tab:
    """The shared page plus the errors it raised since it was opened; tests assert that a page never throws."""

    def __init__(self, page):
        self.page = page
        self.errors = []


@pytest.fixture(scope="session")
def shared_page(browser):
    """One page for the whole session: navigating is far cheaper than a new context per test."""
    ctx = browser.new_context(viewport={"width": 1000, "height": 700})
    page = ctx.new_page()
    page.set_default_timeout(10000)
    yield page
    ctx.close()


@pytest.fixture
def open_tab(shared_page):
    """open_tab(url, reduced_motion=True) -> Tab: the shared page navigated to url, runtime loaded."""
    tab = Tab(shared_page)
    listener = lambda e: tab.errors.append(str(e))
    shared_page.on("pageerror", listener)

    def _open(url, reduced_motion=True):
        shared_page.emulate_media(reduced_motion="reduce" if reduced_motion else "no-preference")
        shared_page.goto(url, wait_until="domcontentloaded")
        shared_page.wait_for_function("() => window.SectionSite !== undefined")
        return tab

    yield _open
    shared_page.remove_listener("pageerror", listener)
    shared_page.goto("about:blank")
