"""GitHub Flavored Markdown blocks are keyed body blocks like the others (SPEC §2, §5): editing one table cell,
one footnote, one task or one line of code sends that block only, and the patch, applied in Chromium to the old
page, gives exactly the new page. Built by the real `sectionsite build` with the repository's default theme."""

import json
import os
import shutil

import pytest

from conftest import REPO, Server
from test_build_patches import BIN, Checker, build, feed_file, page_files

PAGE = """---
title: Markdown
date: 2026-01-01
---
Intro with a note[^a] and another[^b].

## Table

| Tool | Language |
|------|:--------:|
| SectionSite | Swift |
| Hugo | Go |

## Tasks

- [x] tables
- [ ] search

## Code

```swift
let site = try Site(path: ".")
print(site.pages.count)
```

> [!TIP]
> Keep it short.

## Last

[^a]: The first footnote.
[^b]: The second footnote.
"""

EDITS = [
    ("one table cell", "| Hugo | Go |", "| Hugo | Go 1.21 |"),
    ("one footnote", "[^b]: The second footnote.", "[^b]: The second, edited footnote."),
    ("one task", "- [ ] search", "- [x] search"),
    ("one line of code", "print(site.pages.count)", "print(site.pages.count, terminator: \"\")"),
    ("the alert", "> Keep it short.", "> Keep it shorter."),
]


@pytest.mark.parametrize("name,old,new", EDITS, ids=[e[0] for e in EDITS])
def test_one_gfm_block_edit_is_one_replace(shared_page, tmp_path, name, old, new):
    if not (BIN.is_file() and os.access(BIN, os.X_OK)):
        pytest.fail(f"the sectionsite binary is missing at {BIN}", pytrace=False)
    site = tmp_path / "site"
    shutil.copytree(REPO / "Themes", site / "Themes")
    (site / "Content").mkdir(parents=True)
    (site / "sectionsite.yml").write_text("title: Test\n")
    page = site / "Content" / "markdown.md"
    page.write_text(PAGE)
    build(site)
    old_html = (site / "_site" / "markdown" / "index.html").read_text()
    shutil.copytree(site / "_site", tmp_path / "old")
    assert old in PAGE
    page.write_text(PAGE.replace(old, new))
    build(site)
    new_html = (site / "_site" / "markdown" / "index.html").read_text()

    head = json.loads(feed_file(site / "_site", "/markdown/", "head.json").read_text())
    patch = json.loads(feed_file(site / "_site", "/markdown/", f"from-{head['from'][0]}.json").read_text())
    ops = patch["ops"]
    assert [op["op"] for op in ops] == ["replace"], ops
    assert ops[0]["key"].startswith("b:") and f'data-ss-key="{ops[0]["key"]}"' in old_html
    assert ops[0]["html"] in new_html  # the whole new block, and nothing else of the page

    server = Server(tmp_path)
    server.routes["/__host__"] = (200, "text/html; charset=utf-8", b"<!DOCTYPE html><title>host</title><body>")
    checker = Checker(shared_page, server)
    try:
        failures = checker.check_site({"seed": 0, "old": tmp_path / "old", "new": site / "_site", "step": name,
                                      "layout_changed": False, "animated": False, "fresh": True})
    finally:
        server.close()
    assert not failures, failures
    assert checker.stats["patched"] == 1, checker.stats
