"""What a patch must not disturb (SPEC §6): focus, selection, scroll; and animations that start, finish, leave
nothing behind and never block the next patch."""

import json

import pytest

from conftest import FIXTURES, assert_same_dom, normalized, wait_for_animations

pytestmark = pytest.mark.alone  # see conftest.py: animations and gaps measured by the wall clock

FIRST_VISIBLE_JS = """() => {
  for (const el of document.querySelectorAll('[data-ss-key^="i:"]')) {
    const r = el.getBoundingClientRect();
    if (r.bottom > 0) return [el.getAttribute('data-ss-key'), r.top];
  }
}"""


def patch(path):
    return json.loads((FIXTURES / path).read_text())


def fresh_dom(page, url):
    page.goto(url, wait_until="domcontentloaded")
    return normalized(page)


@pytest.mark.parametrize("motion", ["reduced", "animated"])
@pytest.mark.parametrize("mover", ["moveBefore", "insertBefore"])
def test_focus_value_and_selection_survive_a_move(mover, motion, open_tab, server):
    expected = fresh_dom(open_tab(server.url("/state/form/new.html")).page, server.url("/state/form/new.html"))
    tab = open_tab(server.url("/state/form/old.html"), reduced_motion=motion == "reduced")
    page = tab.page
    if mover == "insertBefore":  # browsers without moveBefore: the runtime restores focus and selection itself
        page.evaluate("() => { delete Element.prototype.moveBefore; }")
        assert page.evaluate("typeof document.body.moveBefore") == "undefined"
    page.fill("textarea", "notes stay")
    page.click("input[name=who]")
    page.keyboard.type("hello world")
    page.evaluate("() => document.querySelector('input[name=who]').setSelectionRange(2, 7, 'backward')")
    page.evaluate("() => { window.blurs = 0; document.querySelector('input[name=who]').addEventListener('blur', () => blurs++); }")
    assert page.evaluate("p => SectionSite.apply(p)", patch("state/form/patch.json")) is True
    state = page.evaluate("""() => { const i = document.querySelector('input[name=who]');
      return [document.activeElement === i, i.value, i.selectionStart, i.selectionEnd, i.selectionDirection,
              document.querySelector('textarea').value, i.closest('[data-ss-children]').getAttribute('data-ss-children')]; }""")
    assert state == [True, "hello world", 2, 7, "backward", "notes stay", "s:bottom"]
    if mover == "moveBefore":
        assert page.evaluate("blurs") == 0  # a state-preserving move does not even blur
    wait_for_animations(page)
    assert_same_dom(normalized(page), expected, "state/form")
    page.keyboard.type("X")  # typing goes on where it was: the selection is replaced
    assert page.evaluate("document.querySelector('input[name=who]').value") == "heXorld"
    assert tab.errors == []


@pytest.mark.parametrize("motion", ["reduced", "animated"])
def test_inserts_above_the_viewport_do_not_push_content(motion, open_tab, server):
    expected = fresh_dom(open_tab(server.url("/state/scroll/new.html")).page, server.url("/state/scroll/new.html"))
    tab = open_tab(server.url("/state/scroll/old.html"), reduced_motion=motion == "reduced")
    page = tab.page
    page.evaluate("() => document.querySelector('[data-ss-key=\"i:15\"]').scrollIntoView()")
    page.evaluate("() => scrollBy(0, -37)")  # not aligned to an item edge
    key, top = page.evaluate(FIRST_VISIBLE_JS)
    assert key == "i:14"
    scroll_before = page.evaluate("scrollY")
    pitch = page.evaluate("() => { const t = (k) => document.querySelector(`[data-ss-key='${k}']`).getBoundingClientRect().top; return t('i:01') - t('i:00'); }")
    assert page.evaluate("p => SectionSite.apply(p)", patch("state/scroll/patch.json")) is True
    assert page.evaluate(FIRST_VISIBLE_JS) == [key, pytest.approx(top, abs=1)]
    # two items more above (3 inserted, 1 removed)
    assert page.evaluate("scrollY") == pytest.approx(scroll_before + 2 * pitch, abs=1)
    wait_for_animations(page)
    assert page.evaluate(FIRST_VISIBLE_JS) == [key, pytest.approx(top, abs=1)]
    assert_same_dom(normalized(page), expected, "state/scroll")


def test_at_the_top_of_the_page_new_items_stay_in_view(open_tab, server):
    tab = open_tab(server.url("/state/scroll/old.html"))
    page = tab.page
    assert page.evaluate("scrollY") == 0
    assert page.evaluate("p => SectionSite.apply(p)", patch("state/scroll/patch.json")) is True
    assert page.evaluate("scrollY") == 0
    assert page.evaluate(FIRST_VISIBLE_JS)[0] == "i:new1"


def test_animations_run_and_finish_without_a_trace(open_tab, server):
    expected = fresh_dom(open_tab(server.url("/cases/everything/new.html")).page, server.url("/cases/everything/new.html"))
    tab = open_tab(server.url("/cases/everything/old.html"), reduced_motion=False)
    page = tab.page
    assert page.evaluate("p => SectionSite.apply(p)", patch("cases/everything/patch.json")) is True
    kinds = page.evaluate("""() => document.getAnimations().map((a) => Object.keys(a.effect.getKeyframes()[0])
        .filter((k) => k === 'opacity' || k === 'transform').join()).sort()""")
    assert "opacity" in kinds and "transform" in kinds
    # The leaving item is out of the keyed structure at once, though it is still fading out.
    assert page.evaluate("document.querySelectorAll('[data-ss-key=\"i:veggie\"]').length") == 0
    assert page.evaluate("document.querySelector('[data-ss-children=\"s:burgers\"]').textContent").count("Veggie") == 1
    wait_for_animations(page)
    assert page.evaluate("document.querySelectorAll('[style]').length") == 0
    assert_same_dom(normalized(page), expected, "everything")
    assert tab.errors == []


def test_reduced_motion_never_animates(open_tab, server):
    tab = open_tab(server.url("/cases/everything/old.html"), reduced_motion=True)
    page = tab.page
    page.evaluate("() => { window.animated = 0; const a = Element.prototype.animate; Element.prototype.animate = function (...x) { animated++; return a.apply(this, x); }; }")
    assert page.evaluate("p => SectionSite.apply(p)", patch("cases/everything/patch.json")) is True
    assert page.evaluate("animated") == 0
    assert page.evaluate("document.getAnimations().length") == 0


@pytest.mark.parametrize("gap_ms", [0, 60, 150])
def test_a_patch_during_animations_is_merged_not_lost(gap_ms, open_tab, server):
    expected = fresh_dom(open_tab(server.url("/sequence/v3.html")).page, server.url("/sequence/v3.html"))
    tab = open_tab(server.url("/sequence/v1.html"), reduced_motion=False)
    page = tab.page
    assert page.evaluate("p => SectionSite.apply(p)", patch("sequence/v1-v2.json")) is True
    if gap_ms:
        page.wait_for_timeout(gap_ms)
    assert page.evaluate("document.getAnimations().length") > 0
    assert page.evaluate("p => SectionSite.apply(p)", patch("sequence/v2-v3.json")) is True, page.evaluate("SectionSite.lastError")
    assert page.evaluate("SectionSite.version") == "v3"
    wait_for_animations(page)
    assert_same_dom(normalized(page), expected, "sequence")
    assert tab.errors == []


def test_many_patches_in_a_row_keep_up(open_tab, server):
    """Ping-pong between two versions without waiting: animations never pile up and the end state is exact."""
    expected = fresh_dom(open_tab(server.url("/cases/item-move-across/old.html")).page, server.url("/cases/item-move-across/old.html"))
    tab = open_tab(server.url("/cases/item-move-across/old.html"), reduced_motion=False)
    page = tab.page
    forward = patch("cases/item-move-across/patch.json")
    back = dict(forward, **{"from": "v2", "to": "v1", "ops": [
        {"op": "move", "key": "i:note", "parent": "s:notes", "before": None},
        {"op": "move", "key": "i:veggie", "parent": "s:burgers", "before": "i:spicy"},
    ]})
    counts = []
    for n in range(20):
        assert page.evaluate("p => SectionSite.apply(p)", back if n % 2 else forward) is True
        counts.append(page.evaluate("document.getAnimations().length"))
    assert max(counts) <= max(counts[:2])  # only the latest patch animates
    wait_for_animations(page)
    assert_same_dom(normalized(page), expected, "ping-pong")
    assert tab.errors == []
