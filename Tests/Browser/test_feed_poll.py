"""`feed.poll` (SPEC §6): a deployed page revalidates its head.json every N seconds while it is visible, so it follows
deploys without a reload. Sites are built by the real `sectionsite build` and served by a plain `http.server`, as a
static host would (Last-Modified and If-Modified-Since, so unchanged feed files are answered 304). The runtime under
test is the one the build writes, which the binary carries."""

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

from conftest import REPO, assert_same_dom, normalized
from sitegen import THEME

BIN = Path(os.environ.get("SECTIONSITE_BIN") or REPO / ".build" / "debug" / "sectionsite")
VERSION_META = re.compile(r'<meta name="sectionsite-version" content="([^"]*)"')
HEAD = "/_sectionsite/pages/head.json"
QUIET = 2.5  # seconds watched for requests that must not come, at poll 1

SET_VISIBILITY_JS = """(state) => {
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
  document.dispatchEvent(new Event('visibilitychange'));
}"""

MENU = [("burger", "Burger", "With cheese."), ("salad", "Salad", "Green leaves.")]


@pytest.fixture(scope="module", autouse=True)
def binary():
    if not BIN.exists():
        pytest.fail(f"the sectionsite binary is missing at {BIN}: build it first (swift build) or set SECTIONSITE_BIN",
                    pytrace=False)


class _Handler(http.server.SimpleHTTPRequestHandler):
    """The standard library's static file handler, unchanged but for recording what it answered."""

    def log_request(self, code="-", size="-"):
        self.server.log.append((self.path, int(code)))

    def log_message(self, *args):
        pass


class StaticHost:
    """OUT as a static host serves it, on 127.0.0.1 with a free port; `log` holds (path, status) per request."""

    def __init__(self, out):
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(out)))
        self.httpd.daemon_threads = True
        self.httpd.log = []
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self.thread.start()

    @property
    def log(self):
        return self.httpd.log

    def feed(self):
        """The feed requests so far, (path, status) each."""
        return [(p, s) for p, s in self.log if p.startswith("/_sectionsite/pages/")]

    def url(self, path="/"):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


class Site:
    """A one-page site in a temporary folder, built into `out` again and again (so each build diffs against the last)."""

    def __init__(self, root, poll=1, live=False):
        self.dir = root / "site"
        self.out = root / "out"
        self.poll = poll
        self.live = live

    def build(self, items, header="Mains", layout="Built by SectionSite."):
        head = self.out / "_sectionsite" / "pages" / "head.json"
        if head.exists():
            # http.server's Last-Modified has whole seconds: a feed rewritten within the second the browser
            # already holds would be answered 304 and never seen.
            while time.time() < int(head.stat().st_mtime) + 1:
                time.sleep(0.05)
        settings = "title: Poll\ntheme: t\n" + (f"feed:\n  poll: {self.poll}\n" if self.poll is not None else "")
        lines = ["---", "title: Menu", "sections:", "  - id: mains", f"    header: {header}", "    cell: dish", "    items:"]
        for key, title, text in items:
            lines += [f"      - id: {key}", f"        title: {title}", f"        text: {text}"]
        files = {
            "sectionsite.yml": settings,
            "Themes/t/layouts/page.mustache": THEME["layouts/page.mustache"].replace("LAYOUT_LINE", layout),
            "Themes/t/assets/gen.css": THEME["assets/gen.css"],
            "Themes/t/cells/dish.mustache": "<h3>{{title}}</h3><p>{{text}}</p>",
            "Themes/t/supplementary/header.mustache": THEME["supplementary/header.mustache"],
            "Content/index.md": "\n".join(lines + ["---", "Today's menu.", ""]),
        }
        for path, text in files.items():
            (self.dir / path).parent.mkdir(parents=True, exist_ok=True)
            (self.dir / path).write_text(text)
        result = subprocess.run([str(BIN), "build", "--site", str(self.dir), "--out", str(self.out), "--quiet"],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        if self.live:  # what `serve` puts before the runtime
            runtime = self.out / "_sectionsite" / "sectionsite.js"
            runtime.write_text('window.SectionSiteLive={events:"/_sectionsite/events"};' + runtime.read_text())
        return VERSION_META.search((self.out / "index.html").read_text()).group(1)


@pytest.fixture
def tabs(browser):
    """tabs(url) -> page in a fresh context (reduced motion, so a patched page settles at once); tabs.errors
    collects what any of its pages threw."""
    ctx = browser.new_context(viewport={"width": 1000, "height": 700}, reduced_motion="reduce")
    errors = []

    def _open(url):
        page = ctx.new_page()
        page.set_default_timeout(10000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_function("() => window.SectionSite !== undefined")
        return page

    _open.errors = errors
    yield _open
    ctx.close()


@pytest.fixture
def host():
    hosts = []

    def _serve(out):
        hosts.append(StaticHost(out))
        return hosts[-1]

    yield _serve
    for h in hosts:
        h.close()


def wait_until(page, condition, seconds=10, what="condition"):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {seconds} s waiting for {what}")
        page.wait_for_timeout(50)


def follow(page, version):
    page.wait_for_function(f"() => SectionSite.version === {version!r}", timeout=10000)


def assert_no_feed_requests(server, page, version, control=True):
    """Over QUIET seconds after a rebuild, the page asks the host nothing and stays at `version`; then, as a positive
    control in the same page, an explicit check does reach the host (so the silence was not a runtime that never
    started, or a host that logs nothing)."""
    server.log.clear()
    page.wait_for_timeout(QUIET * 1000)
    assert server.feed() == []
    assert page.evaluate("SectionSite.version") == version
    if control:
        page.evaluate("SectionSite.checkForUpdate()")
        wait_until(page, lambda: HEAD in [p for p, _ in server.feed()], what="an explicit check to reach the host")


def test_a_visible_page_follows_two_deploys_without_reloading(tmp_path, host, tabs):
    site = Site(tmp_path)
    v1 = site.build(MENU)
    server = host(site.out)
    page = tabs(server.url("/"))
    page.evaluate("window.marker = 1")
    assert page.evaluate("SectionSite.version") == v1

    # Nothing changed yet: after the first answer, the browser revalidates and the host says 304.
    wait_until(page, lambda: [s for p, s in server.feed()].count(304) >= 2, what="two 304s for head.json")
    before = server.feed()
    assert {p for p, _ in before} == {HEAD}
    assert before[0][1] == 200 and {s for _, s in before[1:]} == {304}, before

    v2 = site.build([("burger", "Burger", "With blue cheese."), ("soup", "Soup", "Hot."), *MENU[1:]])
    assert v2 != v1
    follow(page, v2)
    assert page.evaluate("window.marker") == 1, "the page was reloaded"
    assert (f"/_sectionsite/pages/from-{v1}.json", 200) in server.feed()
    assert page.text_content('[data-ss-key="i:soup"]') == "SoupHot."
    assert_same_dom(normalized(page), normalized(tabs(server.url("/"))), "after the first deploy")

    # The next poll starts from the new version: a second deploy is followed from v2, not v1.
    v3 = site.build([("salad", "Salad", "Green leaves."), ("soup", "Soup", "Hot.")], header="Today")
    follow(page, v3)
    assert page.evaluate("window.marker") == 1, "the page was reloaded"
    assert (f"/_sectionsite/pages/from-{v2}.json", 200) in server.feed()
    assert page.evaluate("document.querySelector('[data-ss-key=\"i:burger\"]')") is None
    assert_same_dom(normalized(page), normalized(tabs(server.url("/"))), "after the second deploy")
    assert tabs.errors == []


def test_a_hidden_page_does_not_poll_and_checks_once_visible_again(tmp_path, host, tabs):
    site = Site(tmp_path)
    v1 = site.build(MENU)
    server = host(site.out)
    page = tabs(server.url("/"))
    page.evaluate("window.marker = 1")
    page.evaluate(SET_VISIBILITY_JS, "hidden")
    page.wait_for_timeout(300)  # a check that was already under way ends
    v2 = site.build([*MENU, ("soup", "Soup", "Hot.")])
    assert_no_feed_requests(server, page, v1, control=False)  # coming back below is the positive control

    page.evaluate(SET_VISIBILITY_JS, "visible")
    follow(page, v2)
    assert page.evaluate("window.marker") == 1
    # And polling resumes: the come-back check is one request, more follow at the configured pace.
    wait_until(page, lambda: [p for p, _ in server.feed()].count(HEAD) >= 3, what="polling to resume")
    assert tabs.errors == []


@pytest.mark.parametrize("poll", [None, 0], ids=["unset", "zero"])
def test_without_feed_poll_a_visible_page_does_not_poll(poll, tmp_path, host, tabs):
    site = Site(tmp_path, poll=poll)
    v1 = site.build(MENU)
    assert 'name="sectionsite-poll"' not in (site.out / "index.html").read_text()
    server = host(site.out)
    page = tabs(server.url("/"))
    site.build([*MENU, ("soup", "Soup", "Hot.")])
    assert_no_feed_requests(server, page, v1)
    assert tabs.errors == []


def test_a_reload_patch_is_never_applied_and_polling_goes_on(tmp_path, host, tabs):
    site = Site(tmp_path)
    v1 = site.build(MENU)
    server = host(site.out)
    page = tabs(server.url("/"))
    page.evaluate("window.marker = 1")
    before = normalized(page)
    v2 = site.build([*MENU, ("soup", "Soup", "Hot.")], layout="Built by SectionSite, again.")
    patch = (site.out / "_sectionsite" / "pages" / f"from-{v1}.json").read_text()
    assert '"ops":[{"op":"reload","reason":"the page changed outside every keyed element"}]' in patch, patch
    head = json.loads((site.out / "_sectionsite" / "pages" / "head.json").read_text())
    assert head["reload"] == [v1]  # what this test is about: a layout change is a reload, and head.json says so

    # head.json is revalidated on the next ticks (the page keeps polling), and the patch is never fetched.
    head_path = "/_sectionsite/pages/head.json"
    wait_until(page, lambda: [p for p, _ in server.feed()].count(head_path) >= 3, what="head.json checked thrice")
    assert f"/_sectionsite/pages/from-{v1}.json" not in [p for p, _ in server.feed()]
    assert page.evaluate("[window.marker, SectionSite.version]") == [1, v1]
    assert normalized(page) == before
    assert v2 != v1
    assert tabs.errors == []


def test_a_live_preview_page_never_polls(tmp_path, host, tabs):
    site = Site(tmp_path, live=True)
    v1 = site.build(MENU)
    server = host(site.out)
    page = tabs(server.url("/"))
    site.build([*MENU, ("soup", "Soup", "Hot.")])
    assert_no_feed_requests(server, page, v1)
