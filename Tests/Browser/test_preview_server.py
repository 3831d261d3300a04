"""`sectionsite serve` for real: the built binary on a temporary site, real HTTP and Server-Sent Events on
127.0.0.1, real file edits, and headless Chromium running the runtime the server serves (SPEC §8)."""

import http.client
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from conftest import REPO, assert_same_dom, normalized

pytestmark = pytest.mark.alone  # see conftest.py

BINARY = Path(os.environ.get("SECTIONSITE_BIN", REPO / ".build" / "debug" / "sectionsite"))

LAYOUT = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{page.title}}</title>
<link rel="stylesheet" href="{{site.root}}assets/style.css"></head>
<body><h1 data-ss-key="r:title">{{page.title}}</h1>{{{sections}}}{{{body}}}</body></html>
"""

SITE = {
    "sectionsite.yml": "title: Live\nbaseURL: /\n",
    "Themes/default/layouts/page.mustache": LAYOUT,
    "Themes/default/cells/note.mustache": '<p class="note">{{title}}</p>\n',
    "Themes/default/cells/field.mustache": '<label>{{title}} <input id="{{id}}" value=""></label>\n',
    "Themes/default/supplementary/header.mustache": "<h2>{{title}}</h2>\n",
    "Themes/default/assets/style.css": "body { color: black; }\n",
    "Content/index.md": """---
title: Home
sections:
  - id: form
    header: Form
    items:
      - {id: name, cell: field, title: Name}
  - id: notes
    header: Notes
    cell: note
    items:
      - {id: one, title: One}
      - {id: two, title: Two}
---
First paragraph.
""",
    "Content/other.md": """---
title: Other
sections:
  - id: notes
    cell: note
    items:
      - {id: three, title: Three}
---
""",
}


def bounded_wait(predicate, timeout=10.0, step=0.02):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return False


class LiveServer:
    """`sectionsite serve --port 0` on a fresh copy of SITE (with `files` over it); stopped (SIGTERM, then SIGKILL) on close."""

    def __init__(self, extra=(), files=None):
        if not BINARY.exists():
            pytest.fail(f"no sectionsite binary at {BINARY}: run `swift build` (or set SECTIONSITE_BIN)")
        self.folder = Path(tempfile.mkdtemp(prefix="sectionsite-live-"))
        for path, text in {**SITE, **(files or {})}.items():
            self.write(path, text)
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--site", str(self.folder), "--port", "0", "--quiet", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        assert line.startswith("Serving at http://127.0.0.1:"), f"unexpected first line {line!r}: {self.process.stderr.read()[:2000] if self.process.poll() is not None else ''}"
        self.base = line.split("Serving at ", 1)[1].strip()
        self.port = int(self.base.rstrip("/").rsplit(":", 1)[1])

    def write(self, path, text):
        target = self.folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            target.write_bytes(text)
        else:
            target.write_text(text)

    def edit(self, path, old, new):
        target = self.folder / path
        text = target.read_text()
        assert old in text, f"{old!r} not in {path}"
        target.write_text(text.replace(old, new, 1))

    def url(self, path="/"):
        return self.base.rstrip("/") + path

    def get(self, raw_path):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        connection.putrequest("GET", raw_path, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, body

    def close(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        shutil.rmtree(self.folder, ignore_errors=True)


class EventClient:
    """A raw Server-Sent Events client on a socket, reading complete events with a deadline."""

    def __init__(self, port, page, since=None, last_event_id=None):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        query = f"page={page}" + (f"&since={since}" if since else "")
        headers = f"Last-Event-ID: {last_event_id}\r\n" if last_event_id is not None else ""
        self.sock.sendall(f"GET /_sectionsite/events?{query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n{headers}\r\n".encode())
        self.buffer = b""
        self.closed = False
        head = self._read_until(b"\r\n\r\n", 10)
        assert head is not None and b" 200 " in head.split(b"\r\n", 1)[0], head
        self.chunked = b"transfer-encoding: chunked" in head.lower()
        self.text = ""

    def _read_until(self, marker, timeout):
        deadline = time.monotonic() + timeout
        while marker not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                return None
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                return None
            if not data:
                self.closed = True
                return None
            self.buffer += data
        head, self.buffer = self.buffer.split(marker, 1)
        return head

    def _fill(self, timeout):
        """Moves received body bytes (de-chunked) into self.text."""
        deadline = time.monotonic() + timeout
        while True:
            if not self.chunked:
                self.text += self.buffer.decode()
                self.buffer = b""
            else:
                while b"\r\n" in self.buffer:
                    size_line, rest = self.buffer.split(b"\r\n", 1)
                    size = int(size_line.split(b";")[0], 16)
                    if size == 0:
                        self.closed = True
                        self.buffer = b""
                        break
                    if len(rest) < size + 2:
                        break
                    self.text += rest[:size].decode()
                    self.buffer = rest[size + 2:]
            if "\n\n" in self.text or self.closed or time.monotonic() >= deadline:
                return
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                return
            if not data:
                self.closed = True
                return
            self.buffer += data

    def next_event(self, timeout=10):
        """The next event as a dict (event, id, data), skipping comments; None at the deadline or the end."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            while "\n\n" in self.text:
                block, self.text = self.text.split("\n\n", 1)
                fields = {}
                for line in block.split("\n"):
                    if line.startswith(":") or ":" not in line:
                        continue
                    name, value = line.split(":", 1)
                    fields[name] = value[1:] if value.startswith(" ") else value
                if "event" in fields or "data" in fields:
                    return fields
            if self.closed:
                return None
            self._fill(deadline - time.monotonic())
        return None

    def close(self):
        self.sock.close()


@pytest.fixture
def live():
    server = LiveServer()
    yield server
    server.close()


def version_of(page):
    return page.evaluate("() => SectionSite.version")


def test_edit_patches_the_open_page_without_reload_and_keeps_typed_text(browser, live):
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(live.url("/"))
        page.wait_for_function("() => window.SectionSite !== undefined")
        page.evaluate("() => { window.__marker = 41; }")
        page.fill("#name", "typed by hand")
        page.focus("#name")
        before = version_of(page)
        live.edit("Content/index.md", "{id: one, title: One}", "{id: one, title: One edited}")
        page.wait_for_function("() => document.querySelector('[data-ss-key=\"i:one\"]').textContent.includes('One edited')", timeout=10000)
        assert page.evaluate("() => window.__marker") == 41, "the page was reloaded"
        assert page.input_value("#name") == "typed by hand"
        assert page.evaluate("() => document.activeElement && document.activeElement.id") == "name"
        assert version_of(page) != before
        fresh = ctx.new_page()
        fresh.goto(live.url("/"))
        fresh.fill("#name", "typed by hand")
        assert_same_dom(normalized(page), normalized(fresh), "after a live edit")
    finally:
        ctx.close()


def test_broken_edit_shows_overlay_and_fix_clears_it(browser, live):
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(live.url("/"))
        page.wait_for_function("() => window.SectionSite !== undefined")
        page.evaluate("() => { window.__marker = 7; }")
        live.edit("Content/index.md", "title: Home", "title: [Home")
        page.wait_for_function("() => document.querySelector('[data-ss-runtime]') !== null", timeout=10000)
        overlay = page.evaluate("() => document.querySelector('[data-ss-runtime]').textContent")
        assert "Content/index.md" in overlay, overlay
        status, body = live.get("/")
        assert status == 200 and b"Home</h1>" in body, "the last good page must still be served"
        live.edit("Content/index.md", "title: [Home", "title: Home again")
        page.wait_for_function("() => document.querySelector('[data-ss-runtime]') === null", timeout=10000)
        page.wait_for_function("() => document.querySelector('h1').textContent === 'Home again'", timeout=10000)
        assert page.evaluate("() => window.__marker") == 7
    finally:
        ctx.close()


def test_client_that_missed_two_edits_catches_up_with_one_patch(browser, live):
    status, old_html = live.get("/")
    assert status == 200
    old_version = old_html.decode().split('name="sectionsite-version" content="', 1)[1].split('"', 1)[0]
    watcher = EventClient(live.port, "/", since=old_version)
    live.edit("Content/index.md", "{id: two, title: Two}", "{id: two, title: Two edited}")
    first = watcher.next_event()
    assert first and first["event"] == "patch" and first["id"] == "1"
    live.edit("Content/index.md", "First paragraph.", "First paragraph, edited.")
    second = watcher.next_event()
    assert second and second["event"] == "patch" and second["id"] == "2"
    watcher.close()

    by_version = EventClient(live.port, "/", since=old_version)
    event = by_version.next_event()
    by_version.close()
    assert event["event"] == "patch" and event["id"] == "2"
    assert f'"from":"{old_version}"' in event["data"]
    by_id = EventClient(live.port, "/", last_event_id=1)
    assert by_id.next_event()["id"] == "2"
    by_id.close()
    unknown = EventClient(live.port, "/", since="000000000000")
    assert unknown.next_event()["event"] == "reload"
    unknown.close()

    # A tab still showing the old version connects with it and is brought up to date by that one patch.
    new_version = event["data"].split('"to":"', 1)[1].split('"', 1)[0]
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.route(live.url("/old/"), lambda route: route.fulfill(status=200, content_type="text/html", body=old_html))
        page.goto(live.url("/old/"))
        page.wait_for_function("(v) => window.SectionSite && SectionSite.version === v", arg=new_version, timeout=10000)
        fresh = ctx.new_page()
        fresh.goto(live.url("/"))
        assert_same_dom(normalized(page), normalized(fresh), "caught up")
    finally:
        ctx.close()


def test_template_edit_patches_every_page_that_uses_it(browser, live):
    ctx = browser.new_context()
    try:
        pages = {}
        for path in ["/", "/other/"]:
            pages[path] = ctx.new_page()
            pages[path].goto(live.url(path))
            pages[path].wait_for_function("() => window.SectionSite !== undefined")
            pages[path].evaluate("() => { window.__marker = 3; }")
        live.write("Themes/default/cells/note.mustache", '<p class="note edited">{{title}}</p>\n')
        for path, page in pages.items():
            page.wait_for_function("() => document.querySelector('p.note.edited') !== null", timeout=10000)
            assert page.evaluate("() => window.__marker") == 3, f"{path} was reloaded"
    finally:
        ctx.close()


def test_stylesheet_edit_swaps_the_stylesheet_without_reload(browser, live):
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        # A stylesheet change has no version to catch up from: the edit must come after the stream is open
        # (its response headers come once the server has registered it), or, on a busy machine, it is missed.
        with page.expect_response(lambda response: "/_sectionsite/events" in response.url):
            page.goto(live.url("/"))
        page.wait_for_function("() => window.SectionSite !== undefined")
        page.evaluate("() => { window.__marker = 5; }")
        assert page.evaluate("() => getComputedStyle(document.body).color") == "rgb(0, 0, 0)"
        live.write("Themes/default/assets/style.css", "body { color: rgb(200, 0, 0); }\n")
        page.wait_for_function("() => getComputedStyle(document.body).color === 'rgb(200, 0, 0)'", timeout=10000)
        assert page.evaluate("() => window.__marker") == 5
    finally:
        ctx.close()


@pytest.mark.parametrize("raw", [
    "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/assets/..%2f..%2fsectionsite.yml",
    "/Content/index.md", "/sectionsite.yml", "/.sectionsite/history.json", "/%00", "//etc/passwd", "/nope/",
])
def test_nothing_outside_the_output_is_served(live, raw):
    status, body = live.get(raw)
    assert status == 404, f"{raw} answered {status}"
    assert b"root:" not in body and b"title: Live" not in body


def test_symlink_pointing_out_is_not_served(live):
    os.symlink("/etc/passwd", live.folder / "Themes" / "default" / "assets" / "leak.txt")
    live.write("Themes/default/assets/other.css", "p {}\n")  # any change, so the file list is read again
    assert bounded_wait(lambda: live.get("/assets/other.css")[0] == 200)
    assert live.get("/assets/leak.txt")[0] == 404


def test_many_clients_receive_every_patch_in_order(live):
    status, html = live.get("/other/")
    version = html.decode().split('name="sectionsite-version" content="', 1)[1].split('"', 1)[0]
    clients = [EventClient(live.port, "/other/", since=version) for _ in range(50)]
    try:
        for n in range(1, 6):
            live.edit("Content/other.md", "title: Three" if n == 1 else f"title: Three {n - 1}", f"title: Three {n}")
            events = [client.next_event(timeout=10) for client in clients]
            assert all(e is not None and e["event"] == "patch" for e in events), events
            assert {e["id"] for e in events} == {str(n)}
            assert len({e["data"] for e in events}) == 1
            assert f'"from":"{version}"' in events[0]["data"]
            version = events[0]["data"].split('"to":"', 1)[1].split('"', 1)[0]
    finally:
        for client in clients:
            client.close()


def test_sigterm_with_open_streams_exits_zero_within_a_second(live):
    clients = [EventClient(live.port, "/") for _ in range(3)]
    start = time.monotonic()
    live.process.send_signal(signal.SIGTERM)
    code = live.process.wait(timeout=5)
    elapsed = time.monotonic() - start
    for client in clients:
        client.close()
    assert code == 0
    assert elapsed < 1.0, f"took {elapsed:.2f} s"


@pytest.fixture(scope="module")
def host_server():
    """One server for the many Host checks, which change nothing."""
    server = LiveServer()
    yield server
    server.close()


def raw_request(port, path, host, extra=""):
    """One GET with exactly these headers; returns (status, first bytes of the body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        host_line = f"Host: {host}\r\n" if host is not None else ""
        sock.sendall(f"GET {path} HTTP/1.1\r\n{host_line}{extra}Connection: close\r\n\r\n".encode())
        data = b""
        deadline = time.monotonic() + 5
        while b"\r\n\r\n" not in data or len(data) < 200:
            if time.monotonic() > deadline:
                break
            try:
                chunk = sock.recv(4096)
            except socket.timeout:
                break
            if not chunk:
                break
            data += chunk
        status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0
        return status, data.split(b"\r\n\r\n", 1)[-1]


@pytest.mark.parametrize("path", ["/", "/other/", "/_sectionsite/sectionsite.js", "/_sectionsite/events?page=/", "/nope/"])
@pytest.mark.parametrize("host", ["evil.example:{port}", "evil.example", "localhost:1", "127.0.0.1.nip.io:{port}", "[::2]:{port}", None])
def test_a_host_that_is_not_the_servers_own_is_refused_on_every_path(host_server, path, host):
    live = host_server
    status, body = raw_request(live.port, path, None if host is None else host.format(port=live.port))
    assert status == 403, f"{host} {path} answered {status}"
    assert b"answers only at its own addresses" in body and body.count(b"\n") == 1


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}", "[::1]:{port}", "localhost"])
def test_the_servers_own_names_are_answered(host_server, host):
    status, body = raw_request(host_server.port, "/", host.format(port=host_server.port))
    assert status == 200 and b"sectionsite-version" in body


def test_an_event_stream_asked_for_from_another_origin_is_refused(host_server):
    live = host_server
    host = f"localhost:{live.port}"
    status, body = raw_request(live.port, "/_sectionsite/events?page=/", host, "Origin: http://evil.example\r\n")
    assert status == 403 and b"other origins" in body
    status, _ = raw_request(live.port, "/_sectionsite/events?page=/", host, f"Origin: http://localhost:{live.port + 1}\r\n")
    assert status == 403
    status, _ = raw_request(live.port, "/_sectionsite/events?page=/", host, "Sec-Fetch-Site: cross-site\r\n")
    assert status == 403
    status, body = raw_request(live.port, "/_sectionsite/events?page=/", host, f"Origin: http://{host}\r\nSec-Fetch-Site: same-origin\r\n")
    assert status == 200 and b": connected" in body


def test_allow_host_adds_a_name_at_any_port():
    server = LiveServer(extra=("--allow-host", "preview.test"))
    try:
        assert raw_request(server.port, "/", "preview.test")[0] == 200
        assert raw_request(server.port, "/", "Preview.Test:443")[0] == 200
        assert raw_request(server.port, "/", "other.test")[0] == 403
    finally:
        server.close()


def png(width, height, seed):
    """A small RGB PNG whose colours follow `seed`."""
    import struct
    import zlib
    rows = b"".join(b"\x00" + bytes(((x * 7 + seed * 40) & 255, (y * 5 + seed * 90) & 255, (x + y) & 255)[i]
                                    for x in range(width) for i in range(3)) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


PICTURES = {
    "sectionsite.yml": "title: Live\nbaseURL: /\nimages: {widths: [16, 32]}\n",
    "Themes/default/directives/row.mustache": '<div class="row">{{{body}}}</div>\n',
    "Content/pics.md": "---\ntitle: Pictures\n---\nIntro.\n\n![A picture](photo.png)\n\n@Row { one }\n",
}


def test_replaced_picture_and_edited_directive_patch_the_page_without_reload(browser):
    live = LiveServer(files={**PICTURES, "Content/photo.png": png(24, 12, 1)})
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(live.url("/pics/"))
        page.wait_for_function("() => window.SectionSite !== undefined")
        page.evaluate("() => { window.__marker = 7; document.querySelector('.ss-body p').__kept = true; }")
        before = page.evaluate("() => document.querySelector('img').getAttribute('src')")
        assert page.evaluate("() => document.querySelector('img').complete && document.querySelector('img').naturalWidth > 0")
        live.write("Content/photo.png", png(24, 12, 2))
        page.wait_for_function(f"() => document.querySelector('img').getAttribute('src') !== {before!r}", timeout=10000)
        after = page.evaluate("() => document.querySelector('img').getAttribute('src')")
        status, body = live.get(after)
        assert status == 200 and body.startswith(b"\x89PNG"), after
        live.edit("Content/pics.md", "@Row { one }", "@Row { two }")
        page.wait_for_function("() => document.querySelector('.row').textContent.includes('two')", timeout=10000)
        assert page.evaluate("() => window.__marker") == 7, "the page was reloaded"
        assert page.evaluate("() => document.querySelector('.ss-body p').__kept === true"), "an untouched block was replaced"
        fresh = ctx.new_page()
        fresh.goto(live.url("/pics/"))
        assert_same_dom(normalized(page), normalized(fresh), "after a picture and a directive edit")
    finally:
        ctx.close()
        live.close()
