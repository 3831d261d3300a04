"""Documentation in three versions served by `sectionsite serve` with the repository's default theme and read by
headless Chromium: an edit in one version patches the open tabs of the same page in the others (the history of the
versions that changed it), a page added in one version patches the switchers that now lead to it, never a reload,
each tab then equal to the page loaded fresh; and the preview serves each version's page of changes as it is now,
patching a tab on one when the pages it compares change it."""

from conftest import DEFAULT_THEME, assert_same_dom, normalized
from test_preview_server import LiveServer

SETTINGS = """title: Versions
baseURL: /
theme: default
layouts:
  docs: docs
versions:
  latest: "2.1"
  list:
    - {name: next, status: unreleased}
    - "2.1"
    - {name: "2.0", status: unmaintained}
"""


def page(title, body):
    return f"---\ntitle: {title}\n---\n{body}\n"


OLD = page("Install", "Install it.\n\nRun the old script.")
NEW = page("Install", "Install it.\n\n## Check\n\nLook at the log.")

SITE = {
    **DEFAULT_THEME,
    "sectionsite.yml": SETTINGS,
    "Content/index.md": page("Home", "Welcome."),
    **{f"Content/docs/{v}/index.md": page(f"Docs {v}", "The docs.") for v in ("next", "2.1", "2.0")},
    **{f"Content/docs/{v}/guide/index.md": page("Guide", "The guide.") for v in ("next", "2.1", "2.0")},
    "Content/docs/next/guide/install.md": NEW,
    "Content/docs/2.1/guide/install.md": NEW,
    "Content/docs/2.0/guide/install.md": OLD,
    "Content/docs/2.1/guide/new.md": page("New", "Only in 2.1."),
}

HISTORY = "() => (document.querySelector('.version-history')?.textContent ?? '') !== ''"


def test_edits_in_one_version_patch_the_same_page_in_the_others(browser):
    site = LiveServer(files=SITE)
    ctx = browser.new_context()
    try:
        tabs = {}
        for marker, url in enumerate(["/docs/2.1/guide/install/", "/docs/2.0/guide/install/", "/docs/2.1/guide/new/"]):
            tabs[url] = ctx.new_page()
            tabs[url].goto(site.url(url))
            tabs[url].wait_for_function("() => window.SectionSite !== undefined")
            tabs[url].evaluate(f"() => {{ window.__marker = {marker}; }}")
        for url in ("/docs/2.1/guide/install/", "/docs/2.0/guide/install/"):
            assert tabs[url].evaluate(HISTORY), url
            history = tabs[url].text_content(".version-history")
            assert "Changed in" in history and "2.1" in history, history
        # The latest address sends a reader on with the link's fragment.
        reader = ctx.new_page()
        reader.goto(site.url("/docs/latest/guide/install/#check"))
        reader.wait_for_url("**/docs/2.1/guide/install/#check")
        reader.close()
        listing = ctx.request.get(site.url("/docs/2.1/changes/")).text()
        assert "/docs/2.1/changes/guide/install/" in listing
        assert "Look at the log." in ctx.request.get(site.url("/docs/2.1/changes/guide/install/")).text()

        def settled(step):
            for marker, (url, tab) in enumerate(tabs.items()):
                assert tab.evaluate("() => window.__marker") == marker, f"{url} reloaded when {step}"
                fresh = ctx.new_page()
                fresh.goto(site.url(url))
                assert_same_dom(normalized(tab), normalized(fresh), f"{url} when {step}")
                fresh.close()

        # 2.0's page made as 2.1's: no version changed it, in either tab; 2.1 lists it changed no more.
        site.write("Content/docs/2.0/guide/install.md", NEW)
        for url in ("/docs/2.1/guide/install/", "/docs/2.0/guide/install/"):
            tabs[url].wait_for_function(f"() => !({HISTORY})()", timeout=10000)
        settled("2.0's page was made as 2.1's")
        assert "/docs/2.1/changes/guide/install/" not in ctx.request.get(site.url("/docs/2.1/changes/")).text()

        # A page added to 2.0: 2.1's switcher leads to it rather than to its parent.
        entry = "document.querySelector('[data-ss-key=\"r:version-2.0\"] a').getAttribute('href')"
        assert tabs["/docs/2.1/guide/new/"].evaluate(f"() => {entry}") == "/docs/2.0/guide/"
        site.write("Content/docs/2.0/guide/new.md", page("New", "Backported to 2.0."))
        tabs["/docs/2.1/guide/new/"].wait_for_function(f"() => {entry} === '/docs/2.0/guide/new/'", timeout=10000)
        settled("a page was added to 2.0")
        assert "Backported to 2.0." in ctx.request.get(site.url("/docs/2.1/changes/guide/new/")).text()

        # A tab on a page of changes runs the runtime alone, and is patched when the pages it compares change it.
        changes = ctx.new_page()
        changes.goto(site.url("/docs/2.1/changes/guide/new/"))
        changes.wait_for_function("() => window.SectionSite !== undefined")
        changes.evaluate("() => { window.__marker = 'changes'; }")
        site.write("Content/docs/2.0/guide/new.md", page("New", "Backported to 2.0, then changed."))
        changes.wait_for_function("() => document.body.textContent.includes('then changed')", timeout=10000)
        assert changes.evaluate("() => window.__marker") == "changes", "the page of changes was reloaded"
        fresh = ctx.new_page()
        fresh.goto(site.url("/docs/2.1/changes/guide/new/"))
        assert_same_dom(normalized(changes), normalized(fresh), "the page of changes patched")
        fresh.close()
    finally:
        ctx.close()
        site.close()
