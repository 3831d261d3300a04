"""The default theme's search box on a built site of 143 pages: it reads the search index in shards (the manifest,
the term file of each word's prefix, a continuation only when the results need it, the page chunks of the results
shown), never search.json, and shows what the box always showed: the best pages first, a heading's link, a snippet,
"No page matches.", Enter to go."""

import shutil
import subprocess

import pytest

from conftest import REPO, Server
from test_preview_server import BINARY

FILLERS = 140  # "common" in more pages than a term file holds (64): the rest is in a continuation file


def page(title, body):
    return f"---\ntitle: {title}\n---\n{body}\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("search")
    shutil.copytree(REPO / "Themes", root / "Themes")
    (root / "sectionsite.yml").write_text("title: Search test\ntheme: default\n")
    content = root / "Content"
    content.mkdir()
    (content / "index.md").write_text(page("Home", "Welcome."))
    for n in range(FILLERS):
        (content / f"filler-{n:03d}.md").write_text(page(f"Filler {n:03d}", f"Common words here. Filler text number {n}."))
    # Titles after "Filler": their postings for "common" come after the 64 the term file holds.
    (content / "lights.md").write_text(page("Harbor lights", "The lights of the harbor, common at night."))
    (content / "river.md").write_text(page("Quiet river", "A river.\n\n## Harbor walk\n\nA common walk along the water."))
    (content / "stone.md").write_text(page("Stone bridge", "Déjà vu: an old bridge near the harbor."))
    result = subprocess.run([str(BINARY), "build", "--site", str(root), "--out", str(root / "_site"), "--base-url", "/", "--quiet"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert (root / "_site" / "search" / "more").is_dir(), "the site needs a continuation file"
    server = Server(root / "_site")
    yield server
    server.close()


def results(page):
    """The results shown: (path and fragment, title, snippet)."""
    return page.eval_on_selector_all(
        ".site-search-results a",
        "links => links.map(a => [a.getAttribute('href'), a.querySelector('strong').textContent, a.querySelector('span').textContent])")


SETTLED = "() => !document.querySelector('.site-search-results').hasAttribute('aria-busy')"


def search(page, query):
    """Types the query and waits for its own results: until they come the list is busy and shows the last query's."""
    page.locator(".site-search-input").fill(query)
    page.wait_for_function(SETTLED)


def test_search_box_reads_shards_and_finds_pages(browser, site):
    ctx = browser.new_context()
    fetched = []
    try:
        page = ctx.new_page()
        page.on("request", lambda request: fetched.append(request.url.split("/", 3)[3]))
        page.goto(site.url("/filler-000/"))
        page.locator(".site-search-input").focus()
        page.wait_for_load_state("networkidle")
        assert "search/index.json" in fetched

        # Title first, then a heading (linked to it), then the text; one term file and the chunks of the results.
        fetched.clear()
        search(page, "harbor")
        shown = results(page)
        assert [(href, title) for href, title, _ in shown] == [
            ("/lights/", "Harbor lights"), ("/river/#harbor-walk", "Quiet river › Harbor walk"), ("/stone/", "Stone bridge")]
        assert "harbor" in shown[2][2]
        assert [path for path in fetched if path.startswith("search/")] == ["search/terms/6861.json", "search/pages/5.json"]

        # The start of a word finds it, however it is accented or capitalized.
        for query in ("harb", "HÁRBOR", "Harbo"):
            search(page, query)
            assert [title for _, title, _ in results(page)][0] == "Harbor lights", query
        search(page, "deja")
        assert [title for _, title, _ in results(page)] == ["Stone bridge"]

        # A common word alone: its best 8 from the term file, no continuation.
        fetched.clear()
        search(page, "common")
        assert [title for _, title, _ in results(page)] == [f"Filler {n:03d}" for n in range(8)]
        assert not any("search/more/" in path for path in fetched), fetched

        # Every word must match: the common word's continuation is read for the pages of the rare one.
        fetched.clear()
        search(page, "harbor common")
        assert [title for _, title, _ in results(page)] == ["Harbor lights", "Quiet river › Harbor walk"]
        assert any(path.startswith("search/more/") for path in fetched), fetched

        search(page, "zzzqqq")
        assert page.text_content(".site-search-results") == "No page matches."
        search(page, "harbor nothingelse")
        assert page.text_content(".site-search-results") == "No page matches."

        page.keyboard.press("Escape")
        assert page.eval_on_selector(".site-search-results", "list => list.hidden")
        search(page, "quiet")
        with page.expect_navigation():
            page.locator(".site-search-input").press("Enter")
        assert page.url.endswith("/river/")
        assert not any(path.endswith("search.json") for path in fetched), fetched
    finally:
        ctx.close()


def test_search_answers_within_the_readers_version(browser, tmp_path):
    """On a site with versions the box answers from the reader's version and the pages of none: from the latest on
    a page of none. 2.0's 80 pages that hold "common" come first in the index, and a reader of 2.1 still gets 8
    results, all of 2.1 (the box reads on past the other version's postings)."""
    root = tmp_path
    shutil.copytree(REPO / "Themes", root / "Themes")
    (root / "sectionsite.yml").write_text(
        "title: Versions\ntheme: default\nversions:\n  latest: \"2.1\"\n  list: [next, \"2.1\", \"2.0\"]\n")
    content = root / "Content"
    (content / "docs").mkdir(parents=True)
    (content / "index.md").write_text(page("Home", "The harbor home."))
    for version in ("next", "2.1", "2.0"):
        (content / "docs" / version).mkdir()
        (content / "docs" / version / "install.md").write_text(page(f"Install {version}", "Install near the harbor."))
    for n in range(80):
        (content / "docs" / "2.0" / f"a-{n:03d}.md").write_text(page(f"Common A {n:03d}", "Common words."))
    for n in range(10):
        (content / "docs" / "2.1" / f"b-{n:03d}.md").write_text(page(f"Common B {n:03d}", "Common words."))
    result = subprocess.run([str(BINARY), "build", "--site", str(root), "--out", str(root / "_site"), "--base-url", "/", "--quiet"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    server = Server(root / "_site")
    ctx = browser.new_context()
    try:
        tab = ctx.new_page()
        for at, expected in [("/docs/2.0/install/", ["Install 2.0", "Home"]), ("/docs/next/install/", ["Install next", "Home"]),
                             ("/", ["Install 2.1", "Home"])]:
            tab.goto(server.url(at))
            search(tab, "harbor")
            assert sorted(title for _, title, _ in results(tab)) == sorted(expected), at
        tab.goto(server.url("/docs/2.1/install/"))
        search(tab, "common")
        assert [title for _, title, _ in results(tab)] == [f"Common B {n:03d}" for n in range(8)]
    finally:
        ctx.close()
        server.close()
