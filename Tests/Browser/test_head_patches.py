"""The page's head is a keyed list (issue 52; reference/patches-and-feed.md): a change of a meta, a link, a
translation's alternate, a stylesheet or the attributes of <html> and <body> is a patch, built by the real
`sectionsite build` and applied in Chromium to the old page, giving exactly the new page, head included. A script
added to the head is the one reload. The runtime keys the head's elements as HeadKey.swift does: both read the
table in Tests/Fixtures/head-keys.json."""

import json
import os
import shutil
import time

import pytest

from conftest import REPO, Server
from test_build_patches import BIN, Checker, build, feed_file

TABLE = json.loads((REPO / "Tests" / "Fixtures" / "head-keys.json").read_text())["cases"]


def test_the_runtime_keys_the_head_as_the_builder_does(open_tab, server):
    head = "\n".join(html for html, _ in TABLE)
    page = ("<!DOCTYPE html><html><head><title>T</title>" + head
            + '<meta name="sectionsite-page" content="/keys/"><meta name="sectionsite-version" content="v1">'
            + '<script src="/_sectionsite/sectionsite.js"></script></head><body></body></html>')
    server.routes["/keys/"] = (200, "text/html; charset=utf-8", page.encode())
    try:
        tab = open_tab(server.url("/keys/"))
        keys = tab.page.evaluate("SectionSite._headKeys()")
    finally:
        del server.routes["/keys/"]
    expected = [key for _, key in TABLE] + ["meta name=sectionsite-page", "script /_sectionsite/sectionsite.js"]
    assert keys == expected


LAYOUT = """<!DOCTYPE html>
<html ROOT>
<head>
<meta charset="utf-8">
<title>{{page.title}}</title>
HEAD
</head>
<body BODY>
<h1 data-ss-key="r:title">{{page.title}}</h1>
{{{sections}}}
{{{body}}}
</body>
</html>
"""
BASE = ('<meta name="description" content="Old words">\n<link rel="icon" href="/i.svg">\n'
        '<link rel="stylesheet" href="/a.css?v=1">\n<style>h1 { color: teal; }</style>\n'
        '<meta property="og:title" content="Old">')

# name: (head, <html> attributes, <body> attributes) of the new version, against BASE, lang="en" and no class.
CASES = {
    "meta-changed": (BASE.replace("Old words", "New words"), 'lang="en"', ""),
    "meta-added": (BASE + '\n<meta name="author" content="Ana">', 'lang="en"', ""),
    "meta-removed": (BASE.replace('<meta property="og:title" content="Old">', ""), 'lang="en"', ""),
    "icon-changed": (BASE.replace("/i.svg", "/j.svg"), 'lang="en"', ""),
    "alternates-added": (BASE + '\n<link rel="alternate" hreflang="fr" href="/fr/">'
                         '\n<link rel="alternate" hreflang="x-default" href="/">', 'lang="en"', ""),
    "stylesheet-new-version": (BASE.replace("?v=1", "?v=2"), 'lang="en"', ""),
    "stylesheet-added": (BASE + '\n<link rel="stylesheet" href="/b.css">', 'lang="en"', ""),
    "stylesheet-removed": (BASE.replace('<link rel="stylesheet" href="/a.css?v=1">', ""), 'lang="en"', ""),
    "style-changed": (BASE.replace("teal", "navy"), 'lang="en"', ""),
    "reordered": ('<meta property="og:title" content="Old">\n' + BASE.replace('<meta property="og:title" content="Old">', ""),
                  'lang="en"', ""),
    "html-attributes": (BASE, 'lang="ar" dir="rtl"', ""),
    "body-attributes": (BASE, 'lang="en"', 'class="dark" data-theme="night"'),
    "all-at-once": (BASE.replace("Old words", "New").replace("?v=1", "?v=3") + '\n<link rel="alternate" hreflang="de" href="/de/">',
                    'lang="de"', 'class="wide"'),
}


def write(site, head, root, body):
    theme = site / "Themes" / "h"
    (theme / "layouts").mkdir(parents=True, exist_ok=True)
    (theme / "cells").mkdir(parents=True, exist_ok=True)
    (theme / "layouts" / "page.mustache").write_text(LAYOUT.replace("HEAD", head).replace("ROOT", root).replace("BODY", body))
    (theme / "cells" / "a.mustache").write_text("<p>{{title}}</p>")
    (site / "Static").mkdir(exist_ok=True)
    for name, color in (("a.css", "rgb(1, 2, 3)"), ("b.css", "rgb(4, 5, 6)")):
        (site / "Static" / name).write_text(f"body {{ color: {color}; }}\n")
    (site / "sectionsite.yml").write_text("title: Head\ntheme: h\n")
    (site / "Content").mkdir(exist_ok=True)
    (site / "Content" / "index.md").write_text(
        "---\ntitle: Home\nsections:\n  - id: s\n    cell: a\n    items:\n      - {id: one, title: One}\n---\nA paragraph.\n")


@pytest.mark.parametrize("name", CASES)
def test_a_head_change_is_a_patch_that_gives_the_new_page(shared_page, tmp_path, name):
    if not (BIN.is_file() and os.access(BIN, os.X_OK)):
        pytest.fail(f"the sectionsite binary is missing at {BIN}", pytrace=False)
    site = tmp_path / "site"
    write(site, BASE, 'lang="en"', "")
    build(site)
    shutil.copytree(site / "_site", tmp_path / "old")
    write(site, *CASES[name])
    build(site)
    head = json.loads(feed_file(site / "_site", "/", "head.json").read_text())
    patch = json.loads(feed_file(site / "_site", "/", f"from-{head['from'][0]}.json").read_text())
    assert all(op["op"] != "reload" for op in patch["ops"]), patch
    # Only the head and the root elements change: every operation names one of theirs.
    assert all(op.get("parent") == "head" or not op.get("key", "").startswith(("s:", "i:", "b:", "r:"))
               for op in patch["ops"]), patch
    server = Server(tmp_path)
    server.routes["/__host__"] = (200, "text/html; charset=utf-8", b"<!DOCTYPE html><title>host</title><body>")
    checker = Checker(shared_page, server)
    try:
        failures = checker.check_site({"seed": 0, "old": tmp_path / "old", "new": site / "_site", "step": name,
                                      "layout_changed": False, "animated": name == "all-at-once", "fresh": True})
    finally:
        server.close()
    assert not failures, failures
    assert checker.stats["patched"] == 1, checker.stats


def test_a_script_added_to_the_head_is_a_reload(tmp_path):
    site = tmp_path / "site"
    write(site, BASE, 'lang="en"', "")
    build(site)
    write(site, BASE + '\n<script src="/analytics.js" defer></script>', 'lang="en"', "")
    build(site)
    head = json.loads(feed_file(site / "_site", "/", "head.json").read_text())
    patch = json.loads(feed_file(site / "_site", "/", f"from-{head['from'][0]}.json").read_text())
    assert patch["ops"] == [{"op": "reload", "reason": "the page's head has script /analytics.js added, which a patch "
                                                     "cannot bring: it must run"}]
    assert head["reload"] == head["from"]


SWAP_PAGE = """<!DOCTYPE html><html><head><title>Swap</title>
<meta name="sectionsite-page" content="/swap/"><meta name="sectionsite-version" content="v1">
<link rel="stylesheet" href="/swap.css?v=1">
<script src="/_sectionsite/sectionsite.js"></script></head><body><p>Text</p></body></html>"""
SWAP_PATCH = {"format": "sectionsite-patch/1", "page": "/swap/", "from": "v1", "to": "v2", "ops": [
    {"op": "replace", "key": "stylesheet /swap.css", "html": '<link rel="stylesheet" href="/swap.css?v=2">'}]}


def test_a_new_stylesheet_applies_before_the_old_one_goes(open_tab, server):
    """No flash of unstyled content: the new version of a stylesheet loads (slowly, here) while the old one still
    styles the page, and only then is the old one removed."""
    def css(handler):
        version = handler.path.rsplit("v=", 1)[-1]
        if version == "2":
            time.sleep(0.6)
        color = "rgb(200, 0, 0)" if version == "1" else "rgb(0, 0, 200)"
        return 200, "text/css", f"p {{ color: {color}; }}".encode()

    server.routes["/swap/"] = (200, "text/html; charset=utf-8", SWAP_PAGE.encode())
    server.routes["/swap.css"] = css
    try:
        tab = open_tab(server.url("/swap/"))
        page = tab.page
        page.wait_for_function("() => getComputedStyle(document.querySelector('p')).color === 'rgb(200, 0, 0)'")
        colors = page.evaluate("""async (patch) => {
          const seen = [];
          const p = document.querySelector('p');
          if (!SectionSite.apply(patch)) return [SectionSite.lastError];
          const start = performance.now();
          while (performance.now() - start < 2000) {
            seen.push(getComputedStyle(p).color);
            if (seen[seen.length - 1] === 'rgb(0, 0, 200)' && document.querySelectorAll('link').length === 1) break;
            await new Promise((r) => requestAnimationFrame(r));
          }
          return seen;
        }""", SWAP_PATCH)
        assert colors[0] == "rgb(200, 0, 0)", colors  # the old one still applies after the patch
        assert set(colors) <= {"rgb(200, 0, 0)", "rgb(0, 0, 200)"}, colors  # never unstyled
        assert colors[-1] == "rgb(0, 0, 200)", colors[-3:]
        links = page.evaluate("[...document.querySelectorAll('link')].map((l) => l.getAttribute('href'))")
        assert links == ["/swap.css?v=2"]
        assert page.evaluate("SectionSite._headKeys()") == [
            "meta name=sectionsite-page", "stylesheet /swap.css", "script /_sectionsite/sectionsite.js"]
        assert tab.errors == []
    finally:
        del server.routes["/swap/"], server.routes["/swap.css"]
