"""URLs that are valid whatever the file name (space, #, ?, %, &, quotes, non-ASCII letters, an emoji): the built
site's links, lists, sitemap, feeds, search index and patch feed name each page by its percent-encoded URL, which
a plain static server, `sectionsite check` and the live preview all resolve to that page."""

import html
import json
import re
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path

from conftest import Server
from test_preview_server import BINARY, LiveServer, bounded_wait

NAMES = ["with space", "c#-notes", "what?", "100%-sure", "fish&chips", 'say "hi"', "it's", "café", "🎉 party"]

FILES = {
    "Themes/default/cells/link.mustache": '<a class="note-link" href="{{link}}">{{title}}</a>\n',
    "Content/notes/index.md": "---\ntitle: Notes\nsections:\n  - id: all\n    cell: link\n    from: notes\n    sort: title\n---\n",
    # Each page by its file, linked as a code host links it: the file name percent-encoded.
    "Content/links.md": "---\ntitle: Links\n---\n"
    + "\n".join(f"- [{name}](notes/{urllib.parse.quote(name)}.md)" for name in NAMES)
    + "\n",
}
for number, name in enumerate(NAMES):
    FILES[f"Content/notes/{name}.md"] = (
        f"---\ntitle: {json.dumps(name, ensure_ascii=False)}\ndate: 2026-01-{number + 1:02d}\ntags: [Café, x]\n"
        f"aliases: [{json.dumps('/old ' + str(number) + '/')}]\n---\nThe page {html.escape(name)}.\n"
    )


def expected_url(name):
    return "/notes/" + urllib.parse.quote(name, safe="!$()*+,;=:@~") + "/"


def hrefs(text, cls):
    return [html.unescape(m) for m in re.findall(rf'<a class="{cls}" href="([^"]*)"', text)]


def meta_page(text):
    return html.unescape(re.search(r'<meta name="sectionsite-page" content="([^"]*)">', text).group(1))


def test_every_url_is_encoded_and_resolves_in_a_static_server_check_and_the_preview(open_tab):
    live = LiveServer(files=FILES)
    try:
        site = live.folder
        built = subprocess.run([str(BINARY), "build", "--site", str(site), "--out", str(site / "_site"), "--quiet"], capture_output=True, text=True, timeout=120)
        assert built.returncode == 0, built.stderr
        out = site / "_site"
        urls = sorted(expected_url(name) for name in NAMES)
        # Every place a page's URL is written holds the encoded form, never the raw name.
        listing = (out / "notes" / "index.html").read_text()
        assert sorted(hrefs(listing, "note-link")) == urls
        links = (out / "links" / "index.html").read_text()
        assert sorted(re.findall(r'<a href="(/notes/[^"]*)"', links)) == sorted(html.escape(u) for u in urls)
        sitemap = (out / "sitemap.xml").read_text()
        search = json.loads((out / "search.json").read_text())
        atom = (out / "feed.xml").read_text()
        for url in urls:
            assert f"{html.escape(url)}</loc>" in sitemap, url
            assert url in [page["url"] for page in search["pages"]]
            assert html.escape(url) in atom
        for name in NAMES:
            assert not re.search(r'href="[^"]*' + re.escape(html.escape(name)), listing + links), name
        assert "/tags/caf%C3%A9/" in (out / "tags" / "index.html").read_text()
        assert (out / "tags" / "café" / "feed.xml").exists()

        # A plain static server (Python's) finds each page, its patch feed and its alias by the encoded URL.
        static = Server(out)
        try:
            for url in urls:
                page_text = read(static.url(url))
                assert meta_page(page_text) == url
                head = json.loads(read(static.url("/_sectionsite/pages" + url + "head.json")))
                assert head["page"] == url
            for number, name in enumerate(NAMES):
                alias = read(static.url(f"/old%20{number}/"))
                assert f'url={html.escape(expected_url(name))}"' in alias
            for loc in re.findall(r"<loc>([^<]*)</loc>", sitemap):
                read(static.url(urllib.parse.urlsplit(html.unescape(loc)).path))
        finally:
            static.close()

        checked = subprocess.run([str(BINARY), "check", "--site", str(site)], capture_output=True, text=True, timeout=120)
        assert checked.returncode == 0, checked.stderr
        assert "none broken" in checked.stdout

        # The preview serves the same bytes at the same URLs, and patches an open page named with a '#'.
        for url in urls:
            status, body = live.get(url)
            assert status == 200, url
            assert body == (out / urllib.parse.unquote(url).lstrip("/") / "index.html").read_bytes(), url
        tab = open_tab(live.url(expected_url("c#-notes")))
        tab.page.evaluate("window.__kept = true")
        live.edit("Content/notes/c#-notes.md", "The page", "The edited page")
        assert bounded_wait(lambda: "The edited page" in tab.page.content()), "the open tab was not patched"
        assert tab.page.evaluate("window.__kept === true"), "the tab reloaded instead of taking a patch"
    finally:
        live.close()


def read(url, attempts=3):
    for attempt in range(attempts):
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                assert response.status == 200, url
                return response.read().decode()
        except ConnectionResetError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.1)
