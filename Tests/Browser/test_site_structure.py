"""What `sectionsite serve` makes around the pages, live in a real browser: tag pages are patched, not reloaded,
when a post gains or loses a tag, and end as a fresh load of the same page shows them."""

import pytest

from conftest import assert_same_dom, normalized
from test_preview_server import LiveServer


def post(title, day, tags):
    return f"---\ntitle: {title}\ndate: 2026-03-{day:02d}\ntags: [{', '.join(tags)}]\n---\nAbout {title}.\n"


TAGGED = {
    "Content/posts/a.md": post("Alpha", 1, ["swift"]),
    "Content/posts/b.md": post("Beta", 2, ["ios"]),
    "Content/posts/c.md": post("Gamma", 3, ["swift", "ios"]),
}


@pytest.fixture
def tagged():
    server = LiveServer(files=TAGGED)
    yield server
    server.close()


def open_page(ctx, server, path):
    page = ctx.new_page()
    page.goto(server.url(path))
    page.wait_for_function("() => window.SectionSite !== undefined")
    page.evaluate("() => { window.__marker = 1; }")
    return page


def items(page):
    return page.evaluate("() => [...document.querySelectorAll('[data-ss-key^=\"i:\"]')].map(e => e.dataset.ssKey)")


def test_tagging_a_post_patches_the_open_tag_page_and_the_tags_index(browser, tagged):
    ctx = browser.new_context()
    try:
        tag_page = open_page(ctx, tagged, "/tags/swift/")
        index = open_page(ctx, tagged, "/tags/")
        assert items(tag_page) == ["i:/posts/c/", "i:/posts/a/"]
        assert index.text_content('[data-ss-key="i:swift"]').split() == ["swift", "2"]

        tagged.write("Content/posts/b.md", post("Beta", 2, ["ios", "swift", "new tag"]))
        tag_page.wait_for_function("() => document.querySelector('[data-ss-key=\"i:/posts/b/\"]') !== null", timeout=10000)
        index.wait_for_function("() => document.querySelector('[data-ss-key=\"i:new-tag\"]') !== null", timeout=10000)
        assert items(tag_page) == ["i:/posts/c/", "i:/posts/b/", "i:/posts/a/"]
        assert index.text_content('[data-ss-key="i:swift"]').split() == ["swift", "3"]
        assert tag_page.evaluate("() => window.__marker") == 1, "the tag page was reloaded"
        assert index.evaluate("() => window.__marker") == 1, "the tags index was reloaded"
        for page, path in ((tag_page, "/tags/swift/"), (index, "/tags/")):
            fresh = ctx.new_page()
            fresh.goto(tagged.url(path))
            assert_same_dom(normalized(page), normalized(fresh), f"{path} after tagging")

        # Untagged again: the post leaves the tag page, and the tag that no page has left leaves the index.
        tagged.write("Content/posts/b.md", post("Beta", 2, ["ios"]))
        tag_page.wait_for_function("() => document.querySelector('[data-ss-key=\"i:/posts/b/\"]') === null", timeout=10000)
        index.wait_for_function("() => document.querySelector('[data-ss-key=\"i:new-tag\"]') === null", timeout=10000)
        assert items(tag_page) == ["i:/posts/c/", "i:/posts/a/"]
        assert tag_page.evaluate("() => window.__marker") == 1
        assert index.evaluate("() => window.__marker") == 1
        status, _ = tagged.get("/tags/new-tag/")
        assert status == 404
        status, body = tagged.get("/tags/swift/feed.xml")
        assert status == 200 and body.count(b"<entry>") == 2
    finally:
        ctx.close()


DOCS_LAYOUT = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{page.title}}</title></head>
<body><nav data-ss-key="r:sidebar"><ul>{{#page.nav.tree}}{{> partials/tree}}{{/page.nav.tree}}</ul></nav>
<nav data-ss-key="r:pager">{{#page.nav.prev}}<a rel="prev" href="{{link}}">{{title}}</a>{{/page.nav.prev}}{{#page.nav.next}}<a rel="next" href="{{link}}">{{title}}</a>{{/page.nav.next}}</nav>
<h1 data-ss-key="r:title">{{page.title}}</h1>{{{sections}}}{{{body}}}</body></html>
"""

DOCS = {
    "Themes/default/layouts/docs.mustache": DOCS_LAYOUT,
    "Themes/default/partials/tree.mustache":
        '<li{{#current}} aria-current="page"{{/current}}>{{title}}{{#hasChildren}}<ul>{{#children}}{{> partials/tree}}{{/children}}</ul>{{/hasChildren}}</li>',
    "Content/docs/index.md": "---\ntitle: Docs\nlayout: docs\n---\nDocs.\n",
    "Content/docs/a.md": "---\ntitle: Alpha\nweight: 1\nlayout: docs\n---\nA.\n",
    "Content/docs/b.md": "---\ntitle: Beta\nweight: 2\nlayout: docs\n---\nB.\n",
    "Content/docs/more/index.md": "---\ntitle: More\nweight: 3\nlayout: docs\n---\nMore.\n",
    "Content/docs/more/c.md": "---\ntitle: Gamma\nlayout: docs\n---\nC.\n",
}


def test_retitling_a_docs_page_patches_the_sidebar_and_pager_of_the_open_pages(browser):
    server = LiveServer(files=DOCS)
    ctx = browser.new_context()
    try:
        page_a = open_page(ctx, server, "/docs/a/")
        page_c = open_page(ctx, server, "/docs/more/c/")
        sidebar = "() => document.querySelector('[data-ss-key=\"r:sidebar\"]').textContent"
        assert page_c.evaluate(sidebar) == "AlphaBetaMoreGamma"
        assert page_a.text_content('a[rel="next"]') == "Beta"

        server.write("Content/docs/b.md", "---\ntitle: Beta, renamed\nweight: 2\nlayout: docs\n---\nB.\n")
        page_c.wait_for_function(f"() => ({sidebar})().includes('Beta, renamed')", timeout=10000)
        page_a.wait_for_function("() => document.querySelector('a[rel=\"next\"]').textContent === 'Beta, renamed'", timeout=10000)
        # A new page joins the tree where its weight puts it.
        server.write("Content/docs/first.md", "---\ntitle: First\nweight: 0\nlayout: docs\n---\nFirst.\n")
        page_c.wait_for_function(f"() => ({sidebar})().startsWith('First')", timeout=10000)
        page_a.wait_for_function("() => document.querySelector('a[rel=\"prev\"]') !== null", timeout=10000)
        assert page_c.evaluate(sidebar) == "FirstAlphaBeta, renamedMoreGamma"
        for page, path in ((page_a, "/docs/a/"), (page_c, "/docs/more/c/")):
            assert page.evaluate("() => window.__marker") == 1, f"{path} was reloaded"
            fresh = ctx.new_page()
            fresh.goto(server.url(path))
            assert_same_dom(normalized(page), normalized(fresh), f"{path} after the docs changed")
    finally:
        ctx.close()
        server.close()


def test_search_box_finds_pages_and_headings_of_the_example_site(browser, tmp_path):
    """The repository's example site and default theme, built; the search box reads the shards it wrote (the
    search.json beside them, as a site of at most 10,000 pages has, tells what to look for)."""
    import json
    import shutil
    import subprocess

    from conftest import REPO, Server
    from test_preview_server import BINARY

    site = tmp_path / "site"
    for name in ("Content", "Data", "Themes", "Static"):
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, site / name)
    shutil.copy(REPO / "sectionsite.yml", site / "sectionsite.yml")
    result = subprocess.run([str(BINARY), "build", "--site", str(site), "--out", str(site / "_site"), "--base-url", "/", "--quiet"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    # A site in one language draws no language switcher (an empty one was drawn until issue 52's session).
    assert not [page for page in (site / "_site").rglob("index.html") if b"<details class=\"language-switcher\"" in page.read_bytes()]
    index = json.loads((site / "_site" / "search.json").read_text())
    assert index["format"] == "sectionsite-search/1"
    def front_matter(path):
        text = path.read_text()
        return text.split("\n---\n", 1)[0] if text.startswith("---\n") else ""

    drafts = {p for p in (site / "Content").rglob("*.md") if "\ndraft: true" in front_matter(p)}
    assert len(index["pages"]) == sum(1 for _ in (site / "Content").rglob("*.md")) - len(drafts)
    assert all(len(page["text"]) <= 1000 for page in index["pages"])

    server = Server(site / "_site")
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(server.url("/about/"))
        box = page.locator(".site-search-input")
        def search(query):
            # Until a query's results come, the list is busy and still shows the previous query's.
            box.fill(query)
            page.wait_for_function("() => !document.querySelector('.site-search-results').hasAttribute('aria-busy')")
        search("fewest moves")
        links = page.eval_on_selector_all(".site-search-results a", "links => links.map(a => new URL(a.href).pathname)")
        assert links[0] == "/posts/fewest-moves/", links
        # Accents and capitals fold: the word is found however it is typed.
        search("FÉWEST")
        assert "/posts/fewest-moves/" in page.eval_on_selector_all(".site-search-results a", "l => l.map(a => a.pathname)")
        # A word only a heading holds links to the heading.
        heading = next((p, h) for p in index["pages"] for h in p["headings"]
                       if h["text"].split()[0].lower() not in (p["title"] + " " + p["text"]).lower())
        search(heading[1]["text"].split()[0])
        hrefs = page.eval_on_selector_all(".site-search-results a", "l => l.map(a => a.getAttribute('href'))")
        assert f"{heading[0]['url']}#{heading[1]['id']}" in hrefs, (heading, hrefs)
        search("zzzqqqxxy")
        assert page.locator(".site-search-none").count() == 1
        search("fewest moves")
        with page.expect_navigation():
            box.press("Enter")
        assert page.url.endswith("/posts/fewest-moves/")
    finally:
        ctx.close()
        server.close()


def test_editing_a_data_file_patches_the_row_it_changed(browser):
    server = LiveServer(files={
        "Data/menu.csv": "id,title\nsoup,Soup 5\npie,Pie 4\n",
        "Content/menu.md": "---\ntitle: Menu\nsections:\n  - id: dishes\n    cell: note\n    data: menu\n---\n",
    })
    ctx = browser.new_context()
    try:
        page = open_page(ctx, server, "/menu/")
        assert items(page) == ["i:soup", "i:pie"]
        server.write("Data/menu.csv", "id,title\nsoup,Soup 6\npie,Pie 4\ntart,Tart 3\n")
        page.wait_for_function("() => document.querySelector('[data-ss-key=\"i:tart\"]') !== null", timeout=10000)
        assert page.text_content('[data-ss-key="i:soup"]') == "Soup 6"
        assert page.evaluate("() => window.__marker") == 1, "the page was reloaded"
        fresh = ctx.new_page()
        fresh.goto(server.url("/menu/"))
        assert_same_dom(normalized(page), normalized(fresh), "/menu/ after the data file changed")
        # A broken row keeps the last good page served.
        server.write("Data/menu.csv", "id,title\nsoup\n")
        page.wait_for_function("() => document.querySelector('[data-ss-runtime]') !== null", timeout=10000)
        assert "Data/menu.csv" in page.evaluate("() => document.querySelector('[data-ss-runtime]').textContent")
        status, body = server.get("/menu/")
        assert status == 200 and b"Tart 3" in body
    finally:
        ctx.close()
        server.close()
