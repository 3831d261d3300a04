"""Live pages for many readers (feed.live, build --publish): the LiveBoard example's boards built by `build --follow
--publish` into nginx with nchan (deploy/nginx.conf as the repository ships it, ports changed) backed by Redis, both
started here on loopback. Readers are lightweight EventSource clients (asyncio, many per page) and Chromium tabs
running the runtime the build writes. Every reader must get every patch in order and end at the final version;
restarting nginx mid-stream must lose nothing; a publisher without a server must keep building and say so.

The figures (publish-to-receipt and publish-to-DOM latency, the publisher's time per build) are printed; run
`pytest -s Tests/Browser/test_push.py` to see them."""

import asyncio
import json
import os
import resource
import shutil
import socket
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

from conftest import REPO, assert_same_dom, normalized, wait_for_animations
from test_examples import example, site_copy  # noqa: F401 (a fixture)

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"
NCHAN = Path("/usr/lib/nginx/modules/ngx_nchan_module.so")
CONFIG = REPO / "deploy" / "nginx.conf"
# The settings `make push` uses, but for feed.poll, turned off (the example's own settings check every 5 s): the
# tabs here must follow by the push server alone.
LIVE = "feed: {keep: 50, poll: 0, live: /_push/sub}\n"

# Records each patch a tab applies and each reload it would make (none may come).
TAB_JS = """() => {
  window.applied = []; window.reloads = 0;
  document.addEventListener('sectionsite:patched', (e) => window.applied.push([e.detail.patch.from, e.detail.patch.to, Date.now() / 1000]));
  SectionSite._reload = () => { window.reloads += 1; };
}"""
# Counts the EventSource streams that opened, before the runtime makes its own.
OPENED_JS = """(() => {
  const Base = window.EventSource;
  window.opened = 0;
  window.EventSource = class extends Base {
    constructor(...args) { super(...args); this.addEventListener('open', () => { window.opened += 1; }); }
  };
})()"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module", autouse=True)
def servers_installed():
    missing = [what for what, path in [("nginx", NGINX), ("redis-server", REDIS), ("nchan", NCHAN)] if not Path(path).exists()]
    if missing:
        pytest.fail(f"missing {', '.join(missing)}: run `make push-deps` (nginx libnginx-mod-nchan redis-server)", pytrace=False)
    # Each lightweight reader holds a socket.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(soft, 8192), hard), hard))


class PushServer:
    """redis-server and nginx with nchan on free loopback ports, serving `site` (a folder a build writes)."""

    def __init__(self, site):
        self.run = Path(tempfile.mkdtemp(prefix="sectionsite-push-"))
        (self.run / "logs").mkdir()
        (self.run / "tmp").mkdir()
        (self.run / "site").symlink_to(site)
        self.port, redis_port = free_port(), free_port()
        config = CONFIG.read_text()
        assert "127.0.0.1:8080" in config and "redis://127.0.0.1:6380" in config
        config = config.replace("127.0.0.1:8080", f"127.0.0.1:{self.port}").replace("127.0.0.1:6380", f"127.0.0.1:{redis_port}")
        self.config = self.run / "nginx.conf"
        self.config.write_text(config)
        self.redis = subprocess.Popen(
            [REDIS, "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(self.run)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.wait_for(redis_port)
        self.start()

    def start(self):
        # In the foreground, as this process's child: stopped and waited for here, never left behind.
        settings = "daemon off;" + (" user root;" if os.geteuid() == 0 else "")
        self.server = subprocess.Popen([NGINX, "-p", f"{self.run}/", "-c", str(self.config), "-e", "stderr", "-g", settings],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            self.wait_for(self.port)
        except AssertionError:
            self.server.kill()
            raise AssertionError(f"nginx did not start: {self.server.communicate(timeout=10)[1]}")

    def stop(self):
        """nginx's fast shutdown (SIGTERM): every connection closed at once."""
        self.server.terminate()
        self.server.wait(timeout=20)
        self.server = None

    @staticmethod
    def wait_for(port):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"nothing listens on 127.0.0.1:{port}")

    def url(self, path="/"):
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self):
        if self.server:
            self.stop()
        self.redis.terminate()
        self.redis.wait(timeout=10)
        shutil.rmtree(self.run, ignore_errors=True)


class Reader:
    """One lightweight EventSource client of a page's channel: reconnects with Last-Event-ID after the connection
    drops, as a browser does, and records each message as (from, to, seconds since 1970 on arrival)."""

    def __init__(self, port, page):
        self.port, self.page = port, page
        self.got = []
        self.last_id = None
        self.connected = asyncio.Event()
        self.connections = 0
        self.refused = []  # the status lines of answers other than 200

    async def run(self, stop):
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            except OSError:
                await asyncio.sleep(0.1)
                continue
            resume = f"Last-Event-ID: {self.last_id}\r\n" if self.last_id else ""
            # HTTP/1.0: the stream comes raw until the server closes it.
            writer.write(f"GET /_push/sub{self.page} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{resume}\r\n".encode())
            try:
                await self.read(reader)
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                writer.close()
            await asyncio.sleep(0.1)

    async def read(self, reader):
        head = await reader.readuntil(b"\r\n\r\n")
        status = head.split(b"\r\n", 1)[0].decode()
        if " 200 " not in status:
            # nchan says 503 while its new workers connect to Redis: like the runtime, try again.
            self.refused.append(status)
            return
        self.connections += 1
        self.connected.set()
        buffer = b""
        while chunk := await reader.read(65536):
            buffer += chunk
            *events, buffer = buffer.split(b"\n\n")
            now = time.time()
            for event in events:
                data, event_id = [], None
                for line in event.decode().split("\n"):
                    if line.startswith("data: "):
                        data.append(line[6:])
                    elif line.startswith("id: "):
                        event_id = line[4:]
                if data:
                    patch = json.loads("\n".join(data))
                    assert patch["page"] == self.page
                    self.got.append((patch["from"], patch["to"], now))
                if event_id:
                    self.last_id = event_id


class Readers:
    """`count` readers spread over `pages`, run by an event loop on a thread of their own."""

    def __init__(self, port, pages, count):
        self.readers = [Reader(port, pages[i % len(pages)]) for i in range(count)]
        self.loop = asyncio.new_event_loop()
        self.stop = None
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

        async def start():
            self.stop = asyncio.Event()
            self.tasks = [asyncio.create_task(r.run(self.stop)) for r in self.readers]
            await asyncio.wait_for(asyncio.gather(*(r.connected.wait() for r in self.readers)), 60)

        asyncio.run_coroutine_threadsafe(start(), self.loop).result(90)

    def close(self):
        async def stop():
            self.stop.set()
            for task in self.tasks:
                task.cancel()
            await asyncio.gather(*self.tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


def head(out, page):
    return json.loads((out / "_sectionsite" / "pages" / page.lstrip("/") / "head.json").read_text())["version"]


def board(site, out, *args, stations, ticks, interval=0.05, **popen):
    env = {**os.environ, "BOARD_STATIONS": str(stations), "BOARD_TICKS": str(ticks), "BOARD_INTERVAL": str(interval),
           "SECTIONSITE_TRACE": "1"}
    settings = site.parent / "live.yml"
    settings.write_text(LIVE)
    command = [example("LiveBoard"), "build", "--site", site, "--out", out, "--config", settings, "--quiet", *args]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, **popen)


def published(stderr):
    """(page, from, to) -> when its POST started, and each build's publishing time, from the trace."""
    sent, builds = {}, []
    for line in stderr.splitlines():
        words = line.split()
        if line.startswith("trace: published /"):
            old, new = words[3].split("->")
            sent[(words[2], old, new)] = float(words[5])
        elif line.startswith("trace: published ") and words[3] == "patches":
            builds.append((int(words[2]), float(words[5])))
    return sent, builds


def percentiles(values):
    values = sorted(values)
    return values[len(values) // 2], values[min(len(values) - 1, int(len(values) * 0.95))]


def chained(got, first, last):
    """Whether messages go from version `first` to `last` with none missing, none repeated, in order."""
    version = first
    for old, new, _ in got:
        if old != version:
            return False
        version = new
    return version == last


def pages_of(stations):
    return ["/"] + [f"/stations/{n}/" for n in range(1, stations)]


def open_tabs(browser, push, pages):
    context = browser.new_context(viewport={"width": 1000, "height": 700})
    context.add_init_script(OPENED_JS)
    tabs = []
    for path in pages:
        tab = context.new_page()
        tab.errors = []
        tab.on("pageerror", lambda e, tab=tab: tab.errors.append(str(e)))
        tab.goto(push.url(path))
        tab.wait_for_function("window.SectionSite && window.opened >= 1", timeout=10000)
        tab.evaluate(TAB_JS)
        tabs.append(tab)
    return context, tabs


def check_tab(tab, out, path):
    """The tab is at the final version without a reload, its DOM the page loaded fresh."""
    final = head(out, path)
    tab.wait_for_function(f"SectionSite.version === {json.dumps(final)}", timeout=20000)
    wait_for_animations(tab)
    assert tab.evaluate("window.reloads") == 0
    assert tab.errors == []
    html = (out / path.lstrip("/") / "index.html").read_text()
    assert_same_dom(normalized(tab), normalized(tab, html), f"pushed {path}")


class Boards:
    """The LiveBoard example with `stations` boards, built once into `out` (the `start` versions), served by a push
    server, with `count` lightweight readers over its pages and a Chromium tab on each of `tabbed`."""

    def __init__(self, site, stations, count, browser, tabbed):
        self.site, self.out, self.stations = site, site.parent / "out", stations
        self.pages, self.tabbed = pages_of(stations), tabbed
        first = board(site, self.out, stations=stations - 1, ticks=1)
        assert first.wait(timeout=120) == 0, first.stderr.read()
        assert '<meta name="sectionsite-live" content="/_push/sub">' in (self.out / "index.html").read_text()
        self.start = self.versions()
        self.push = PushServer(self.out)
        self.readers = self.context = None
        try:
            self.readers = Readers(self.push.port, self.pages, count)
            self.context, self.tabs = open_tabs(browser, self.push, tabbed)
        except BaseException:
            self.close()
            raise

    def versions(self):
        return {page: head(self.out, page) for page in self.pages}

    def follow(self, ticks, interval):
        """`build --follow --publish` of `ticks` ticks, running."""
        return board(self.site, self.out, "--follow", "--publish", self.push.url("/_push/pub"),
                     stations=self.stations - 1, ticks=ticks, interval=interval)

    def wait_for(self, final):
        """Waits (a minute at most) until every reader's last patch makes its page's final version."""
        deadline = time.monotonic() + 60
        while any(not r.got or r.got[-1][1] != final[r.page] for r in self.readers.readers) and time.monotonic() < deadline:
            time.sleep(0.1)

    def close(self):
        if self.context:
            self.context.close()
        if self.readers:
            self.readers.close()
        self.push.close()


@pytest.fixture
def boards(site_copy, browser):
    """boards(stations, readers, tabbed) -> Boards, closed after the test."""
    made = []

    def _make(stations, count, tabbed):
        made.append(Boards(site_copy("LiveBoard"), stations, count, browser, tabbed))
        return made[-1]

    yield _make
    for run in made:
        run.close()


def test_two_thousand_readers_on_fifty_pages_get_every_patch_in_order(boards):
    run = boards(50, 2000, ["/", "/stations/7/", "/stations/31/"])
    follow = run.follow(ticks=201, interval=0.1)
    _, stderr = follow.communicate(timeout=300)
    assert follow.returncode == 0, stderr
    assert "warning" not in stderr, stderr
    sent, builds = published(stderr)
    final = run.versions()
    assert all(final[page] != run.start[page] for page in run.pages)
    # Every reader ends at its page's final version, having had every patch published for it, in order.
    run.wait_for(final)
    readers = run.readers.readers
    for reader in readers:
        assert chained(reader.got, run.start[reader.page], final[reader.page]), f"{reader.page}: {[g[:2] for g in reader.got][:5]}..."
        assert len(reader.got) == sum(1 for page, _, _ in sent if page == reader.page)
    assert len(sent) >= 200
    applied = {path: tab.evaluate("window.applied") for tab, path in zip(run.tabs, run.tabbed)}
    for tab, path in zip(run.tabs, run.tabbed):
        check_tab(tab, run.out, path)
        # The tab follows by the push server: every patch published for its page is applied as it came. A check of
        # the static feed would race the publisher (the output is written before its patches are published) and
        # may take a tab two builds on at once (two patches not applied as pushed); with no polling there is one each
        # time the stream opens: the first, 250 ms after the tab opened (on a loaded machine, perhaps as the first
        # build is written), and any the browser opens again.
        mine = sum(1 for page, _, _ in sent if page == path)
        pushed = sum(1 for old, new, _ in applied[path] if (path, old, new) in sent)
        assert pushed >= mine - 2 * tab.evaluate("window.opened"), f"{path}: {pushed} of {mine} patches applied as pushed"
        assert len(applied[path]) <= mine
    receipt = [got[2] - sent[(r.page, got[0], got[1])] for r in readers for got in r.got]
    to_dom = [at - sent[(path, old, new)] for path, patches in applied.items() for old, new, at in patches if (path, old, new) in sent]
    print(f"\npush: {len(readers)} readers on {len(run.pages)} pages, {len(builds)} builds published, "
          f"{len(sent)} patches, {len(receipt)} received; {os.cpu_count()} cores")
    print("publish-to-receipt p50 %.1f ms, p95 %.1f ms" % tuple(1000 * x for x in percentiles(receipt)))
    print("publish-to-DOM (%d patches applied in %d tabs) p50 %.1f ms, p95 %.1f ms" % (
        len(to_dom), len(run.tabs), *(1000 * x for x in percentiles(to_dom))))
    print("publisher per build (%.0f patches on average): p50 %.1f ms, p95 %.1f ms" % (
        statistics.mean(n for n, _ in builds), *(1000 * x for x in percentiles([seconds for _, seconds in builds]))))


def test_readers_resume_after_nginx_restarts_with_nothing_lost(boards):
    run = boards(10, 200, ["/", "/stations/4/"])
    follow = run.follow(ticks=100, interval=0.1)
    readers = run.readers.readers
    # Mid-stream, once some patches are through, nginx stops and starts again; Redis keeps the messages. A build
    # takes up every tick that came while it ran, so on a loaded machine a page gets fewer patches than there are
    # ticks: wait for a few, not for a count that only an idle machine reaches.
    deadline = time.monotonic() + 60
    while min(len(r.got) for r in readers) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert min(len(r.got) for r in readers) >= 3
    run.push.stop()
    time.sleep(0.5)
    run.push.start()
    _, stderr = follow.communicate(timeout=300)
    assert follow.returncode == 0, stderr
    final = run.versions()
    run.wait_for(final)
    # On a loaded machine the build may publish its last patch before nginx stops: the readers then hold every
    # version already, and come back a reconnection delay later. Wait for that, not only for the versions.
    deadline = time.monotonic() + 30
    while any(r.connections < 2 for r in readers) and time.monotonic() < deadline:
        time.sleep(0.05)
    once = [r.page for r in readers if r.connections < 2]
    behind = [r.page for r in readers if not r.got or r.got[-1][1] != final[r.page]]
    assert not once and not behind, f"{len(once)} readers never came back, {len(behind)} behind: {once[:3]} {behind[:3]}"
    for reader in readers:
        assert chained(reader.got, run.start[reader.page], final[reader.page]), f"{reader.page}: {[g[:2] for g in reader.got]}"
    for tab, path in zip(run.tabs, run.tabbed):
        check_tab(tab, run.out, path)
        assert tab.evaluate("window.opened") >= 2


def test_a_publisher_without_a_server_keeps_building_and_says_so(site_copy):
    site = site_copy("LiveBoard")
    out = site.parent / "out"
    nowhere = f"http://127.0.0.1:{free_port()}/_push/pub"
    follow = board(site, out, "--follow", "--publish", nowhere, stations=2, ticks=8, interval=0.2)
    _, stderr = follow.communicate(timeout=120)
    assert follow.returncode == 0, stderr
    warnings = [line for line in stderr.splitlines() if line.startswith("warning: the push server")]
    # Said once, not once a build; every build written all the same.
    assert len(warnings) == 1, stderr
    assert f"patches at {nowhere} (" in warnings[0] and "readers catch up from the patch feed" in warnings[0]
    # The last tick's board is in the output.
    assert "08:14" in (out / "index.html").read_text()
