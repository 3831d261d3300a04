"""A site in three languages, one of them right-to-left, served by `sectionsite serve` with the repository's
default theme and read by headless Chromium: each page says its language and direction, links its translations,
lays itself out right to left in Arabic, and an edit in any language patches the open tab without a reload."""


import pytest

from conftest import DEFAULT_THEME, assert_same_dom, normalized
from test_preview_server import LiveServer

SETTINGS = """title: Notes
baseURL: /
theme: default
menu:
  - {title: Posts, url: posts/}
languages:
  en: {name: English}
  fr:
    name: Français
    title: Carnet
    menu:
      - {title: Billets, url: posts/}
  ar:
    name: العربية
    title: ملاحظات
    direction: rtl
    menu:
      - {title: المقالات, url: posts/}
"""

LIST = "sections:\n  - id: latest\n    cell: post-card\n    from: posts\n"

SITE = {
    **DEFAULT_THEME,
    "sectionsite.yml": SETTINGS,
    "Content/index.md": f"---\ntitle: Home\n{LIST}---\nWelcome.\n",
    "Content/fr/index.md": f"---\ntitle: Accueil\n{LIST}---\nBienvenue.\n",
    "Content/ar/index.md": f"---\ntitle: الرئيسية\n{LIST}---\nمرحبا بكم.\n",
    "Content/posts/hello.md": "---\ntitle: Hello\ndate: 2026-08-20\ntags: [swift]\n---\nHello world.\n\nA second paragraph.\n",
    "Content/fr/posts/hello.md": "---\ntitle: Bonjour\ndate: 2026-08-20\ntags: [swift]\n---\nBonjour le monde.\n",
    "Content/ar/posts/hello.md": "---\ntitle: أهلا\ndate: 2026-08-20\ntags: [swift]\n---\nمرحبا بالعالم.\n\nفقرة ثانية.\n",
}


@pytest.fixture
def site():
    live = LiveServer(files=SITE)
    yield live
    live.close()


def test_each_page_says_its_language_and_direction_and_links_its_translations(browser, site):
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(site.url("/ar/posts/hello/"))
        assert page.evaluate("() => [document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
        alternates = page.evaluate(
            "() => [...document.querySelectorAll('link[rel=alternate][hreflang]')].map(l => [l.hreflang, new URL(l.href).pathname])")
        assert alternates == [["en", "/posts/hello/"], ["fr", "/fr/posts/hello/"], ["ar", "/ar/posts/hello/"], ["x-default", "/posts/hello/"]]
        switcher = page.evaluate(
            "() => [...document.querySelectorAll('.language-switcher a')].map(a => [a.lang, a.getAttribute('href'), a.getAttribute('aria-current')])")
        assert switcher == [["en", "/posts/hello/", None], ["fr", "/fr/posts/hello/", None], ["ar", "/ar/posts/hello/", "page"]]
        # Laid out right to left: the brand is at the right edge, the navigation to its left.
        brand, nav = page.evaluate(
            "() => [document.querySelector('.brand').getBoundingClientRect().right, document.querySelector('.site-nav').getBoundingClientRect().right]")
        assert brand > nav, "the header is not mirrored"
        assert page.evaluate("() => document.querySelector('.site-search-input').placeholder") == "بحث"
        assert page.evaluate("() => document.querySelector('.site-nav a').textContent") == "المقالات"
        # The language's own feed and search index.
        assert page.evaluate("() => document.querySelector('.site-search').dataset.searchIndex") == "/ar/search/index.json"
        status, body = site.get("/ar/search.json")
        assert status == 200 and "/ar/posts/hello/" in body.decode() and '"/posts/hello/"' not in body.decode()
        status, body = site.get("/ar/search/pages/0.json")
        assert status == 200 and "/ar/posts/hello/" in body.decode() and '"/posts/hello/"' not in body.decode()
        # Typed in the Arabic box: the Arabic pages' shards answer.
        page.locator(".site-search-input").fill("أهلا")
        page.wait_for_selector(".site-search-results a")
        assert page.eval_on_selector_all(".site-search-results a", "l => l.map(a => a.getAttribute('href'))") == ["/ar/posts/hello/"]
        page.goto(site.url("/posts/hello/"))
        assert page.evaluate("() => [document.documentElement.lang, document.documentElement.dir]") == ["en", "ltr"]
        brand, nav = page.evaluate(
            "() => [document.querySelector('.brand').getBoundingClientRect().right, document.querySelector('.site-nav').getBoundingClientRect().right]")
        assert brand < nav
    finally:
        ctx.close()


@pytest.mark.parametrize("url, path, old, new", [
    ("/ar/posts/hello/", "Content/ar/posts/hello.md", "مرحبا بالعالم.", "مرحبا بالعالم كله."),
    ("/fr/posts/hello/", "Content/fr/posts/hello.md", "Bonjour le monde.", "Bonjour tout le monde."),
])
def test_an_edit_in_a_language_patches_its_open_tab_without_reload(browser, site, url, path, old, new):
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(site.url(url))
        page.wait_for_function("() => window.SectionSite !== undefined")
        page.evaluate("() => { window.__marker = 7; document.querySelector('.ss-body p:last-child').__kept = true; }")
        other = ctx.new_page()
        other.goto(site.url("/posts/hello/"))
        other.wait_for_function("() => window.SectionSite !== undefined")
        other.evaluate("() => { window.__marker = 8; }")
        site.edit(path, old, new)
        page.wait_for_function(f"() => document.querySelector('.ss-body').textContent.includes({new!r})", timeout=10000)
        assert page.evaluate("() => window.__marker") == 7, "the page was reloaded"
        if url.startswith("/ar/"):
            assert page.evaluate("() => document.querySelector('.ss-body p:last-child').__kept === true"), "an untouched block was replaced"
        fresh = ctx.new_page()
        fresh.goto(site.url(url))
        assert_same_dom(normalized(page), normalized(fresh), f"after an edit of {path}")
        # Its translation in English was not touched.
        assert other.evaluate("() => window.__marker") == 8
        assert "Hello world." in other.evaluate("() => document.querySelector('.ss-body').textContent")
    finally:
        ctx.close()


def test_a_translation_removed_and_added_again_patches_its_siblings_open_tabs(browser, site):
    """Its siblings' heads lose and regain an hreflang alternate, and their switchers an entry: a patch, not a
    reload (issue 52), and after each the open tab equals the same page loaded fresh, head included."""
    ctx = browser.new_context()
    try:
        tabs = {}
        for url, marker in (("/posts/hello/", 1), ("/fr/posts/hello/", 2)):
            tabs[url] = ctx.new_page()
            tabs[url].goto(site.url(url))
            tabs[url].wait_for_function("() => window.SectionSite !== undefined")
            tabs[url].evaluate(f"() => {{ window.__marker = {marker}; }}")
        arabic = (site.folder / "Content/ar/posts/hello.md").read_text()
        alternate = "() => !!document.querySelector('link[rel=alternate][hreflang=ar]')"
        for step in ("removed", "added"):
            if step == "removed":
                (site.folder / "Content/ar/posts/hello.md").unlink()
            else:
                site.write("Content/ar/posts/hello.md", arabic)
            for url, marker in (("/posts/hello/", 1), ("/fr/posts/hello/", 2)):
                page = tabs[url]
                page.wait_for_function(f"() => ({alternate})() === {str(step == 'added').lower()}", timeout=10000)
                assert page.evaluate("() => window.__marker") == marker, f"{url} reloaded when a translation was {step}"
                fresh = ctx.new_page()
                fresh.goto(site.url(url))
                assert_same_dom(normalized(page), normalized(fresh), f"{url} after a translation was {step}")
                fresh.close()
    finally:
        ctx.close()


# Twenty languages, as a large multilingual site has them, with the default theme (the one the binary carries).
MANY = ["en", "fr", "de", "es", "it", "pt-BR", "ru", "ja", "ko", "zh-CN", "zh-TW", "ar", "he", "tr", "pl", "nl", "sv",
        "id", "vi", "uk"]
MANY_SITE = {
    **DEFAULT_THEME,
    "sectionsite.yml": "title: Many\nbaseURL: /\ntheme: default\nlanguages:\n"
    + "".join(f"  {code}: {{name: Language {code.upper()} with a long name}}\n" for code in MANY),
    **{f"Content/{'' if code == 'en' else code + '/'}index.md": f"---\ntitle: Home {code}\n---\nWelcome.\n" for code in MANY},
}


@pytest.mark.parametrize("width", [375, 1280])
def test_a_switcher_of_twenty_languages_fits_a_phone_and_a_desktop_header(browser, width):
    site = LiveServer(files=MANY_SITE)
    ctx = browser.new_context(viewport={"width": width, "height": 800})
    try:
        page = ctx.new_page()
        page.goto(site.url("/fr/"))
        overflow = "() => document.documentElement.scrollWidth - window.innerWidth"
        assert page.evaluate(overflow) <= 0, "the header is wider than the screen"
        page.click(".language-switcher summary")
        links = page.evaluate(
            "() => [...document.querySelectorAll('.language-switcher a')].map(a => { const r = a.getBoundingClientRect();"
            " return [a.lang, r.left, r.right, r.width] })")
        assert [code for code, *_ in links] == MANY
        for code, left, right, w in links:
            assert left >= 0 and right <= width and w > 0, f"{code} is outside the screen: {left}..{right}"
        assert page.evaluate(overflow) <= 0, "the open list is wider than the screen"
        assert page.evaluate("() => document.querySelector('.language-switcher a[aria-current]').lang") == "fr"
    finally:
        ctx.close()
        site.close()
