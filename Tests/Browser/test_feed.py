"""The patch feed of a deployed site (SPEC §7): a page catches up with a new deploy through
<base>_sectionsite/pages<url>head.json and from-<version>.json, or stays as it is. The fixture site lives under the
base /feed/, so the runtime must find the feed from its own address."""

import pytest

from conftest import assert_same_dom, normalized

VISIBLE_AGAIN_JS = """() => {
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'visible'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


@pytest.fixture
def feed(server):
    server.serve_runtime_at("/feed/_sectionsite/sectionsite.js")
    server.requests.clear()
    return server


def feed_requests(server):
    return [p for p in server.requests if "/_sectionsite/pages/" in p]


def test_check_for_update_applies_the_patch(feed, open_tab):
    expected_tab = open_tab(feed.url("/feed/expected/news.html"))
    expected = normalized(expected_tab.page)
    tab = open_tab(feed.url("/feed/news/"))
    page = tab.page
    page.evaluate("window.marker = 1")
    feed.requests.clear()
    assert page.evaluate("SectionSite.checkForUpdate()") is True
    assert feed_requests(feed) == ["/feed/_sectionsite/pages/news/head.json", "/feed/_sectionsite/pages/news/from-v1.json"]
    assert page.evaluate("window.marker") == 1
    assert_same_dom(normalized(page), expected, "feed/news")
    # Caught up: the next check reads head.json only.
    assert page.evaluate("SectionSite.checkForUpdate()") is False
    assert feed_requests(feed)[2:] == ["/feed/_sectionsite/pages/news/head.json"]
    assert tab.errors == []


def test_tab_becoming_visible_triggers_one_check(feed, open_tab):
    tab = open_tab(feed.url("/feed/news/"))
    page = tab.page
    feed.requests.clear()
    for _ in range(5):  # a burst of visibility changes is debounced into one check
        page.evaluate(VISIBLE_AGAIN_JS)
    page.wait_for_function("SectionSite.version === 'v2'", timeout=5000)
    page.wait_for_timeout(400)
    assert feed_requests(feed) == ["/feed/_sectionsite/pages/news/head.json", "/feed/_sectionsite/pages/news/from-v1.json"]
    assert tab.errors == []


def test_checks_never_overlap(feed, open_tab):
    tab = open_tab(feed.url("/feed/news/"))
    page = tab.page
    feed.requests.clear()
    same = page.evaluate("""async () => { const a = SectionSite.checkForUpdate(), b = SectionSite.checkForUpdate();
      return [a === b, await a, await b]; }""")
    assert same == [True, True, True]
    assert len(feed_requests(feed)) == 2


@pytest.mark.parametrize("name", ["stale", "current", "broken", "missing", "layout", "wrongpatch"])
def test_page_without_an_applicable_patch_is_left_alone(name, feed, open_tab):
    """stale: our version has no patch; current: nothing new; broken: head.json is not JSON; missing: no feed
    (404); layout: the patch is a reload, which the feed never does to a reader; wrongpatch: the patch fails."""
    tab = open_tab(feed.url(f"/feed/{name}/"))
    page = tab.page
    page.evaluate("() => { window.reloads = 0; SectionSite._reload = () => { reloads++; }; }")
    before = page.evaluate("() => document.documentElement.outerHTML")
    assert page.evaluate("SectionSite.checkForUpdate()") is False
    page.evaluate(VISIBLE_AGAIN_JS)
    page.wait_for_timeout(500)
    assert page.evaluate("() => document.documentElement.outerHTML") == before
    assert page.evaluate("[SectionSite.version, reloads, document.querySelectorAll('[data-ss-runtime]').length]") == ["v1", 0, 0]
    assert tab.errors == []


def test_pushed_patches_the_static_feed_already_brought_are_dropped(feed, open_tab):
    """feed.live: a check of the static feed can take a page two builds on before those builds' patches are pushed.
    When they come, the page is past them: they are dropped, with no new check (a check would again race the
    publisher, and the tab would follow the static feed instead of the push server). A real gap still makes one."""
    tab = open_tab(feed.url("/feed/pushed/"))
    page = tab.page
    page.wait_for_function("window.streams.length === 1")
    feed.requests.clear()
    page.evaluate("window.streams[0].onopen()")  # every (re)connection catches up from the static feed
    page.wait_for_function("SectionSite.version === 'v3'", timeout=5000)
    assert feed_requests(feed) == ["/feed/_sectionsite/pages/pushed/head.json", "/feed/_sectionsite/pages/pushed/from-v1.json"]
    feed.requests.clear()
    send = "(m) => window.streams[0].send(Object.assign({format: 'sectionsite-patch/1', page: '/pushed/', ops: [{op: 'text', key: 'b:p1', text: m.to}]}, m))"
    page.evaluate(send, {"from": "v1", "to": "v2"})
    page.evaluate(send, {"from": "v2", "to": "v3"})
    page.wait_for_timeout(600)
    assert feed_requests(feed) == []
    assert page.evaluate("[SectionSite.version, document.querySelector('[data-ss-key=\"b:p1\"]').textContent]") == ["v3", "Welcome, two builds on"]
    # The next build's patch applies as pushed; the one before it, sent again, is dropped too.
    page.evaluate(send, {"from": "v3", "to": "v4"})
    page.evaluate(send, {"from": "v2", "to": "v3"})
    page.wait_for_timeout(600)
    assert feed_requests(feed) == []
    assert page.evaluate("[SectionSite.version, document.querySelector('[data-ss-key=\"b:p1\"]').textContent]") == ["v4", "v4"]
    # Patches missed: one check of the static feed.
    page.evaluate(send, {"from": "v7", "to": "v8"})
    page.wait_for_timeout(600)
    assert feed_requests(feed) == ["/feed/_sectionsite/pages/pushed/head.json"]
    assert tab.errors == []
