"""The API reference of a small package of our own (Tests/Fixtures/Shelf), served by `sectionsite serve` with the
repository's default theme and read by headless Chromium: saving a doc comment in a Swift file dumps the symbol
graph again and patches the open type page, one member, without a reload."""

import time

import pytest

from conftest import DEFAULT_THEME, REPO, assert_same_dom, normalized
from test_preview_server import LiveServer

pytestmark = pytest.mark.alone  # see conftest.py

PACKAGE = REPO / "Tests" / "Fixtures" / "Shelf"
FILES = {
    **DEFAULT_THEME,
    **{
        "pkg/" + str(path.relative_to(PACKAGE)): path.read_bytes()
        for path in [PACKAGE / "Package.swift", *(PACKAGE / "Sources").rglob("*")]
        if path.is_file()
    },
    "sectionsite.yml": "title: Shelf\nbaseURL: /\ntheme: default\napi:\n  package: pkg\n",
    "Content/index.md": "---\ntitle: Home\n---\nStart with ``Shelf/Shelf``.\n",
}


@pytest.fixture
def site():
    live = LiveServer(files=FILES)
    yield live
    live.close()


def test_a_saved_doc_comment_patches_the_open_type_page_without_reload(browser, site):
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(site.url("/api/shelf/book/"))
        page.wait_for_function("() => window.SectionSite !== undefined")
        assert page.evaluate("() => document.querySelector('.api-declaration').textContent") == "struct Book"
        assert page.evaluate("() => document.querySelector('#pages .api-member-doc').textContent.trim()") == "The number of pages; nil for an ebook."
        page.evaluate("() => { window.__marker = 7; document.querySelector('#title').__kept = true; }")
        start = time.monotonic()
        site.edit("pkg/Sources/Shelf/Book.swift", "/// The number of pages; nil for an ebook.", "/// How many pages; nil for an ebook.")
        page.wait_for_function(
            "() => document.querySelector('#pages .api-member-doc').textContent.includes('How many pages')", timeout=60000)
        print(f"save to DOM: {time.monotonic() - start:.2f} s (the compiler's share included)")
        assert page.evaluate("() => window.__marker") == 7, "the page was reloaded"
        assert page.evaluate("() => document.querySelector('#title').__kept === true"), "an untouched member was replaced"
        fresh = ctx.new_page()
        fresh.goto(site.url("/api/shelf/book/"))
        assert_same_dom(normalized(page), normalized(fresh), "after a doc comment edit")
        # The site's own page links to the reference.
        fresh.goto(site.url("/"))
        assert fresh.evaluate("() => document.querySelector('.ss-body a code').textContent") == "Shelf/Shelf"
        assert fresh.evaluate("() => new URL(document.querySelector('.ss-body a').href).pathname") == "/api/shelf/shelf/"
    finally:
        ctx.close()
