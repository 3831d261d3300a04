"""The live preview's side of the runtime (SPEC §8): a tiny Server-Sent Events server stands in for
`sectionsite serve`; it serves the runtime prefixed with the SectionSiteLive line and pushes events."""

import json
import queue
import threading
import time
from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import FIXTURES, Server, assert_same_dom, normalized

LIVE_PREFIX = 'window.SectionSiteLive={events:"/_sectionsite/events"};'
PATCH = json.loads((FIXTURES / "live" / "patch.json").read_text())
CLOSE = object()


class Stream:
    def __init__(self, query, last_event_id):
        self.query = query
        self.last_event_id = last_event_id
        self.queue = queue.Queue()


class LiveServer(Server):
    def __init__(self):
        super().__init__(FIXTURES, runtime_prefix=LIVE_PREFIX)
        self.streams = []
        self.stopping = threading.Event()
        self.next_id = 0
        self.routes["/_sectionsite/events"] = self._events
        self.css = (FIXTURES / "style.css").read_text()
        self.routes["/style.css"] = lambda _: (200, "text/css", self.css.encode())

    def _events(self, handler):
        query = {k: v[0] for k, v in parse_qs(urlsplit(handler.path).query).items()}
        stream = Stream(query, handler.headers.get("Last-Event-ID"))
        self.streams.append(stream)
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream")
        handler.send_header("Cache-Control", "no-store")
        handler.end_headers()
        try:
            handler.wfile.write(b"retry: 200\n\n")
            handler.wfile.flush()
            while not self.stopping.is_set():
                try:
                    event = stream.queue.get(timeout=0.1)
                except queue.Empty:
                    continue
                if event is CLOSE:
                    break
                handler.wfile.write(event.encode())
                handler.wfile.flush()
        except OSError:
            pass
        return None, None, None

    def push(self, name, data, stream=-1):
        self.next_id += 1
        text = data if isinstance(data, str) else json.dumps(data)
        self.streams[stream].queue.put(f"event: {name}\nid: {self.next_id}\ndata: {text}\n\n")

    def wait_streams(self, count, timeout=5.0):
        deadline = time.monotonic() + timeout
        while len(self.streams) < count:
            assert time.monotonic() < deadline, f"expected {count} event streams, got {len(self.streams)}"
            time.sleep(0.02)
        return self.streams[count - 1]

    def close(self):
        self.stopping.set()
        super().close()


@pytest.fixture
def live():
    server = LiveServer()
    yield server
    server.close()


@pytest.fixture
def expected_new(open_tab, server):
    return normalized(open_tab(server.url("/live/new.html")).page)


def open_live(open_tab, live, reduced_motion=True):
    tab = open_tab(live.url("/live/old.html"), reduced_motion=reduced_motion)
    stream = live.wait_streams(1)
    assert stream.query == {"page": "/live/", "since": "v1"}
    return tab


def test_patch_event_applies_without_reload(live, open_tab, expected_new):
    tab = open_live(open_tab, live, reduced_motion=False)
    page = tab.page
    page.evaluate("window.marker = 1")
    live.push("patch", PATCH)
    page.wait_for_function("SectionSite.version === 'v2'", timeout=5000)
    assert page.evaluate("window.marker") == 1
    page.wait_for_function("document.getAnimations().length === 0")
    assert_same_dom(normalized(page), expected_new, "live")
    assert len(live.streams) == 1
    assert tab.errors == []


def test_error_event_shows_an_overlay_and_ok_removes_it(live, open_tab, expected_new):
    tab = open_live(open_tab, live)
    page = tab.page
    error = {"file": "Content/index.md", "line": 3, "column": 7, "message": "unknown cell kind '<b>galery</b>' & <script>window.pwned=1</script>"}
    live.push("error", error)
    page.wait_for_selector("[data-ss-runtime]")
    overlay = page.evaluate("""() => { const o = document.querySelector('[data-ss-runtime]');
      return [o.textContent, o.children.length, getComputedStyle(o).position, o.getBoundingClientRect().height > 0]; }""")
    assert overlay == ["Content/index.md:3:7: error: unknown cell kind '<b>galery</b>' & <script>window.pwned=1</script>", 0, "fixed", True]
    # A second error replaces the first.
    live.push("error", dict(error, line=4, message="still broken"))
    page.wait_for_function("document.querySelector('[data-ss-runtime]').textContent.includes('still broken')")
    assert page.evaluate("document.querySelectorAll('[data-ss-runtime]').length") == 1
    live.push("ok", {})
    page.wait_for_function("document.querySelectorAll('[data-ss-runtime]').length === 0")
    # then the patch that follows a fixed error
    live.push("patch", PATCH)
    page.wait_for_function("SectionSite.version === 'v2'")
    assert_same_dom(normalized(page), expected_new, "live after ok")
    assert page.evaluate("window.pwned") is None
    assert tab.errors == []


def test_a_patch_that_does_not_apply_reconnects_from_the_current_version(live, open_tab, expected_new):
    tab = open_live(open_tab, live)
    page = tab.page
    page.evaluate("() => { window.marker = 1; window.reloads = 0; SectionSite._reload = () => reloads++; }")
    live.push("patch", dict(PATCH, **{"from": "v0"}))
    second = live.wait_streams(2)
    assert second.query == {"page": "/live/", "since": "v1"}
    assert second.last_event_id is None  # a fresh stream, so `since` decides
    live.push("patch", PATCH)
    page.wait_for_function("SectionSite.version === 'v2'")
    assert page.evaluate("[window.marker, reloads]") == [1, 0]
    assert_same_dom(normalized(page), expected_new, "live after reconnect")


def test_patches_that_keep_failing_end_in_a_reload(live, open_tab):
    tab = open_live(open_tab, live)
    page = tab.page
    page.evaluate("() => { window.reloads = 0; SectionSite._reload = () => reloads++; }")
    for n in range(3):
        live.push("patch", dict(PATCH, ops=[{"op": "remove", "key": "i:nothing"}]), stream=n)
        if n < 2:
            live.wait_streams(n + 2)
    page.wait_for_function("reloads === 1")
    assert tab.errors == []


def test_reload_event_reloads_the_page(live, open_tab):
    tab = open_live(open_tab, live)
    page = tab.page
    page.evaluate("window.marker = 1")
    with page.expect_navigation():
        live.push("reload", {})
    page.wait_for_function("window.SectionSite !== undefined")
    assert page.evaluate("window.marker") is None


def test_dropped_connection_shows_nothing_and_resumes(live, open_tab):
    tab = open_live(open_tab, live)
    page = tab.page
    live.push("ok", {})
    live.streams[0].queue.put(CLOSE)
    second = live.wait_streams(2)
    assert second.last_event_id == "1"  # EventSource's own reconnection
    page.wait_for_timeout(200)
    assert page.evaluate("document.querySelectorAll('[data-ss-runtime]').length") == 0
    live.push("patch", PATCH)
    page.wait_for_function("SectionSite.version === 'v2'")
    assert tab.errors == []


def test_no_feed_checks_in_live_mode(live, open_tab):
    tab = open_live(open_tab, live)
    page = tab.page
    page.evaluate("""() => { Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'visible'});
      document.dispatchEvent(new Event('visibilitychange')); }""")
    page.wait_for_timeout(600)
    assert [p for p in live.requests if "/_sectionsite/pages/" in p] == []
    # Positive control in the same page: the runtime is running and listening (it takes a patch from its stream).
    live.push("patch", PATCH)
    page.wait_for_function("SectionSite.version === 'v2'", timeout=5000)


def test_css_event_swaps_the_stylesheet_without_reload(live, open_tab):
    tab = open_live(open_tab, live)
    page = tab.page
    page.evaluate("window.marker = 1")
    assert page.evaluate("getComputedStyle(document.body).color") == "rgb(0, 0, 0)"
    live.css += "body { color: rgb(200, 0, 0); }\n"
    live.push("css", {"path": "/style.css"})
    page.wait_for_function("getComputedStyle(document.body).color === 'rgb(200, 0, 0)'")
    page.wait_for_function("document.querySelectorAll('link[rel=stylesheet]').length === 1")
    assert page.evaluate("window.marker") == 1
    live.push("css", {"path": "/other.css"})  # not on this page: nothing happens
    live.push("css", "not json")
    page.wait_for_timeout(200)
    assert page.evaluate("document.querySelectorAll('link[rel=stylesheet]').length") == 1
    assert tab.errors == []
