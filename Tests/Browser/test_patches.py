"""Hand-written cases: each fixtures/cases/<name>/ holds old.html, new.html and the patch.json that turns one into
the other (SPEC §5). Applied in Chromium to the old page, the patch must give exactly the new page's DOM."""

import json

import pytest

from conftest import FIXTURES, assert_same_dom, normalized, wait_for_animations

CASES = sorted(p.name for p in (FIXTURES / "cases").iterdir() if (p / "patch.json").is_file())
OUTER_HTML = "() => document.documentElement.outerHTML"


def load_patch(name):
    return json.loads((FIXTURES / "cases" / name / "patch.json").read_text())


@pytest.fixture(scope="module")
def expected(shared_page, server):
    """Normalized DOM of every new.html, loaded fresh once."""
    trees = {}
    for name in CASES:
        shared_page.goto(server.url(f"/cases/{name}/new.html"), wait_until="domcontentloaded")
        trees[name] = normalized(shared_page)
    return trees


@pytest.mark.parametrize("motion", ["reduced", "animated"])
@pytest.mark.parametrize("name", CASES)
def test_patch_turns_old_into_new(name, motion, open_tab, server, expected):
    tab = open_tab(server.url(f"/cases/{name}/old.html"), reduced_motion=motion == "reduced")
    page = tab.page
    assert page.evaluate("p => SectionSite.apply(p)", load_patch(name)) is True, page.evaluate("SectionSite.lastError")
    assert page.evaluate("SectionSite.version") == "v2"
    if motion == "reduced":
        assert page.evaluate("document.getAnimations().length") == 0
    wait_for_animations(page)
    assert_same_dom(normalized(page), expected[name], name)
    assert tab.errors == []


def _mutated(patch, **changes):
    p = json.loads(json.dumps(patch))
    p.update(changes)
    return p


@pytest.mark.parametrize(
    "change",
    [
        {"from": "v0"},
        {"from": "v2"},
        {"from": None},
        {"page": "/cases/other/"},
        {"format": "sectionsite-patch/2"},
        {"format": None},
        {"ops": "insert"},
        {"to": None},
    ],
    ids=["older-from", "newer-from", "no-from", "other-page", "format-2", "no-format", "ops-not-list", "no-to"],
)
def test_patch_for_another_state_is_refused(change, open_tab, server):
    tab = open_tab(server.url("/cases/everything/old.html"))
    page = tab.page
    before = page.evaluate(OUTER_HTML)
    assert page.evaluate("p => SectionSite.apply(p)", _mutated(load_patch("everything"), **change)) is False
    assert page.evaluate(OUTER_HTML) == before
    assert page.evaluate("SectionSite.version") == "v1"


BAD_OPS = {
    "missing-key": {"op": "remove", "key": "i:nothing"},
    "missing-parent": {"op": "insert", "parent": "s:nothing", "before": None, "html": '<div data-ss-key="i:x"></div>'},
    "before-elsewhere": {"op": "move", "key": "i:cola", "parent": "s:burgers", "before": "i:lemonade"},
    "duplicate-key": {"op": "insert", "parent": "s:burgers", "before": None, "html": '<div data-ss-key="i:cola"></div>'},
    "two-elements": {"op": "insert", "parent": "body", "before": None, "html": '<p data-ss-key="b:x"></p><p data-ss-key="b:y"></p>'},
    "unkeyed-insert": {"op": "insert", "parent": "body", "before": None, "html": "<p>no key</p>"},
    "unknown-op": {"op": "explode", "key": "i:cola"},
    "text-not-string": {"op": "text", "key": "i:cola", "text": 3},
    "key-change": {"op": "attrs", "key": "i:cola", "attrs": {"data-ss-key": "i:pepsi"}},
    "bad-attr-name": {"op": "attrs", "key": "i:cola", "attrs": {"a b": "1"}},
    "move-into-itself": {"op": "move", "key": "s:burgers", "parent": "s:burgers", "before": None},
}


@pytest.mark.parametrize("bad", sorted(BAD_OPS))
def test_failing_op_leaves_the_page_byte_identical(bad, open_tab, server):
    """All or nothing: ops 1..n mutate the page, op n+1 fails, and every earlier mutation is rolled back."""
    tab = open_tab(server.url("/cases/everything/old.html"), reduced_motion=False)
    page = tab.page
    page.evaluate("() => document.querySelector('[data-ss-key=\"i:cola\"]').setAttribute('z-last', '1')")
    before = page.evaluate(OUTER_HTML)
    title = page.evaluate("document.title")
    patch = load_patch("everything")
    ops = patch["ops"]
    # Mutations of every kind first, attribute removal among them (rollback must keep attribute order).
    patch["ops"] = ops[:12] + [{"op": "attrs", "key": "i:cola", "attrs": {"data-ss-cell": None, "class": "x"}}, BAD_OPS[bad]] + ops[12:]
    assert page.evaluate("p => SectionSite.apply(p)", patch) is False
    assert page.evaluate(OUTER_HTML) == before
    assert page.evaluate("document.title") == title
    assert page.evaluate("SectionSite.version") == "v1"
    assert page.evaluate("document.getAnimations().length") == 0
    # and the page still takes the right patch afterwards
    assert page.evaluate("p => SectionSite.apply(p)", load_patch("everything")) is True
    assert tab.errors == []


def test_third_op_missing_key_changes_nothing(open_tab, server):
    tab = open_tab(server.url("/cases/item-insert/old.html"))
    page = tab.page
    before = page.evaluate(OUTER_HTML)
    patch = load_patch("item-insert")
    patch["ops"].append({"op": "move", "key": "i:ghost", "parent": "s:burgers", "before": None})
    assert page.evaluate("p => SectionSite.apply(p)", patch) is False
    assert page.evaluate(OUTER_HTML) == before


def test_reload_op_reloads_instead_of_patching(open_tab, server):
    tab = open_tab(server.url("/cases/everything/old.html"))
    page = tab.page
    page.evaluate("() => { window.reloads = 0; SectionSite._reload = () => { window.reloads += 1; }; }")
    before = page.evaluate(OUTER_HTML)
    patch = {"format": "sectionsite-patch/1", "page": "/cases/everything/", "from": "v1", "to": "v2", "ops": [{"op": "reload"}]}
    assert page.evaluate("p => SectionSite.apply(p)", patch) is True
    assert page.evaluate("window.reloads") == 1
    assert page.evaluate(OUTER_HTML) == before


def test_default_reload_really_reloads(open_tab, server):
    tab = open_tab(server.url("/cases/empty/old.html"))
    page = tab.page
    page.evaluate("window.marker = 1")
    patch = {"format": "sectionsite-patch/1", "page": "/cases/empty/", "from": "v1", "to": "v2", "ops": [{"op": "reload"}]}
    with page.expect_navigation():
        page.evaluate("p => SectionSite.apply(p)", patch)
    page.wait_for_function("() => window.SectionSite !== undefined")
    assert page.evaluate("window.marker") is None


def test_patch_may_arrive_as_json_text(open_tab, server):
    tab = open_tab(server.url("/cases/region-text/old.html"))
    text = (FIXTURES / "cases" / "region-text" / "patch.json").read_text()
    assert tab.page.evaluate("t => SectionSite.apply(t)", text) is True
    assert tab.page.evaluate("document.querySelector('h1').textContent") == "Our menu"
    assert tab.page.evaluate("SectionSite.apply('{not json')") is False


EVIL = [
    {"op": "insert", "parent": "s:burgers", "before": None, "html": '<div class="ss-item" data-ss-key="i:evil" onclick="window.pwned=1">'
        '<script>window.pwned=2</script><img src="/nope.png" onerror="window.pwned=3"><a href=" JaVa&#x09;script:window.pwned=4">x</a>'
        '<svg onload="window.pwned=5"><script>window.pwned=6</script><a href="javascript:window.pwned=7"><text>y</text></a></svg>'
        '<iframe srcdoc="&lt;script&gt;parent.pwned=8&lt;/script&gt;"></iframe><template><script>window.pwned=9</script></template>'
        '<meta http-equiv="refresh" content="0;url=javascript:window.pwned=10"><details open ontoggle="window.pwned=11"></details></div>'},
    {"op": "html", "key": "i:cola", "html": '<img src="/nope.png" onerror="window.pwned=12"><script>window.pwned=13</script><b>kept</b>'},
    {"op": "replace", "key": "i:lemonade", "html": '<div data-ss-key="i:lemonade"><video><source src="x" onerror="window.pwned=14"></video><form action="javascript:window.pwned=15"><button>go</button></form></div>'},
    {"op": "attrs", "key": "i:classic", "attrs": {"onmouseover": "window.pwned=16", "data-href": "javascript:window.pwned=17", "title": "fine"}},
    {"op": "insert", "parent": "body", "before": None, "html": '<p data-ss-key="b:evil"><object data="javascript:window.pwned=18"></object></p>'},
]


def test_scripts_in_a_patch_never_run(open_tab, server):
    tab = open_tab(server.url("/cases/everything/old.html"), reduced_motion=False)
    page = tab.page
    patch = {"format": "sectionsite-patch/1", "page": "/cases/everything/", "from": "v1", "to": "v2", "ops": EVIL}
    assert page.evaluate("p => SectionSite.apply(p)", patch) is True, page.evaluate("SectionSite.lastError")
    page.hover("[data-ss-key='i:classic']")
    page.click("[data-ss-key='i:evil'] > a", no_wait_after=True)
    page.wait_for_timeout(300)
    assert page.evaluate("window.pwned") is None
    found = page.evaluate("""() => {
      const all = [...document.querySelectorAll('[data-ss-key="i:evil"] *, [data-ss-key="i:evil"], [data-ss-key="i:cola"] *, [data-ss-key="i:lemonade"] *, [data-ss-key="i:classic"], [data-ss-key="b:evil"] *')];
      const inTemplates = [...document.querySelectorAll('template')].flatMap((t) => [...t.content.querySelectorAll('*')]);
      return [...all, ...inTemplates].flatMap((el) => [
        ...(el.localName === 'script' || el.localName === 'meta' ? [el.localName] : []),
        ...[...el.attributes].filter((a) => /^on/i.test(a.name) || a.name === 'srcdoc' || /javascript:/i.test(a.value.replace(/\\s/g, ''))).map((a) => a.name),
      ]);
    }""")
    assert found == []
    assert page.evaluate("document.querySelector('[data-ss-key=\"i:cola\"] b').textContent") == "kept"
    assert page.evaluate("document.querySelector('[data-ss-key=\"i:classic\"]').title") == "fine"
    assert tab.errors == []


def test_events_fire_before_and_after_the_dom_changes(open_tab, server):
    tab = open_tab(server.url("/cases/item-insert/old.html"))
    page = tab.page
    page.evaluate("""() => {
      window.seen = [];
      const probe = (type) => (e) => seen.push([type, SectionSite.version, !!document.querySelector('[data-ss-key="i:smash"]'), e.detail.patch.to]);
      document.addEventListener('sectionsite:before-patch', probe('before'));
      document.addEventListener('sectionsite:patched', probe('patched'));
    }""")
    assert page.evaluate("p => SectionSite.apply(p)", load_patch("item-insert")) is True
    assert page.evaluate("seen") == [["before", "v1", False, "v2"], ["patched", "v2", True, "v2"]]
    # A refused patch fires nothing.
    assert page.evaluate("p => SectionSite.apply(p)", load_patch("item-insert")) is False
    assert len(page.evaluate("seen")) == 2


def test_before_patch_listener_may_cancel(open_tab, server):
    tab = open_tab(server.url("/cases/item-insert/old.html"))
    page = tab.page
    before = page.evaluate(OUTER_HTML)
    page.evaluate("document.addEventListener('sectionsite:before-patch', (e) => e.preventDefault(), {once: true})")
    assert page.evaluate("p => SectionSite.apply(p)", load_patch("item-insert")) is False
    assert page.evaluate(OUTER_HTML) == before
    assert page.evaluate("p => SectionSite.apply(p)", load_patch("item-insert")) is True


def test_base_is_taken_from_the_runtime_address(open_tab, server):
    tab = open_tab(server.url("/cases/empty/old.html"))
    assert tab.page.evaluate("SectionSite.page") == "/cases/empty/"
    assert tab.page.evaluate("SectionSite.version") == "v1"


@pytest.mark.parametrize("style", ["automatic", "fade", "left", "right", "top", "bottom", "none"])
def test_every_animation_style_ends_in_the_new_page(style, open_tab, server, expected):
    """One patch of every kind of op, animated in each of RxDataSources' styles: whatever runs, it ends in the new
    page and leaves no animation behind."""
    tab = open_tab(server.url("/cases/animations/old.html"), reduced_motion=False)
    page = tab.page
    patch = load_patch("animations")
    patch["animation"] = {"insert": style, "delete": style, "reload": style, "move": "none" if style == "none" else "flip"}
    assert page.evaluate("p => SectionSite.apply(p)", patch) is True, page.evaluate("SectionSite.lastError")
    if style == "none":
        assert page.evaluate("document.getAnimations().length") == 0
    wait_for_animations(page)
    assert_same_dom(normalized(page), expected["animations"], style)
    assert tab.errors == []
