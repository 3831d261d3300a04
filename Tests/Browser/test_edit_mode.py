"""Edit mode (issue 37): `sectionsite serve` for real on a site that declares editable sections, Chromium dragging,
keyboard moves, deletions and field edits on the page; each written back to the source file minimally, and
patched into every open tab. A site without edit settings offers none of it, and a build carries none of it."""

import difflib
import json
import random
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import assert_same_dom, normalized
from test_preview_server import BINARY, LiveServer, bounded_wait



LAYOUT = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{page.title}}</title></head>
<body><h1 data-ss-key="r:title">{{page.title}}</h1>{{{sections}}}{{{body}}}</body></html>
"""

MENU = """---
title: Menu
sections:
  - id: burgers
    header: Burgers
    cell: dish
    edit: {move: true, delete: true, fields: [name, price]}
    items:
      # the house favourite
      - id: classic
        name: Classic
        price: 9
      - id: veggie   # new this year
        name: Veggie
        price: 10
      - {id: double, name: "Double ✨", price: 12}
  - id: specials
    header: Specials
    cell: dish
    edit: true
    items:
      - id: cafe
        name: Café crème
        price: 3
  - id: sides
    header: Sides
    cell: dish
    data: sides
    edit: {move: true, fields: [name]}
---
The menu.
"""

SIDES = "id,name,price\nfries,Fries,3\nsalad,\"Salad, green\",4\nsoup,Soup,5\n"

FILES = {
    "Themes/default/layouts/page.mustache": LAYOUT,
    "Themes/default/cells/dish.mustache": '<p class="dish"><span class="name">{{name}}</span> <span class="price">{{price}}</span></p>\n',
    "Content/index.md": MENU,
    "Data/sides.csv": SIDES,
}

# Every patch the page applies, kept in order.
RECORD_PATCHES = """() => { window.__patches = []; window.__marker = 7;
  document.addEventListener('sectionsite:patched', (e) => window.__patches.push(e.detail)); }"""


@pytest.fixture
def edit_site():
    server = LiveServer(files=FILES)
    yield server
    server.close()


def open_page(ctx, server, path="/"):
    page = ctx.new_page()
    page.goto(server.url(path))
    page.wait_for_function("() => window.SectionSiteEditMode !== undefined")
    page.wait_for_selector('[data-ss-runtime=edit] .ss-bar[data-item="classic"]')
    page.evaluate(RECORD_PATCHES)
    return page


def ops(page):
    return [op for patch in page.evaluate("() => window.__patches.map((p) => p.patch || p)") for op in patch.get("ops", [])]


def items(page, section):
    return page.evaluate(
        """(s) => [...document.querySelector(`[data-ss-children="s:${s}"]`).children].filter((e) => e.hasAttribute('data-ss-key'))
            .map((e) => e.getAttribute('data-ss-key').slice(2))""",
        section)


def wait_for_items(page, section, expected):
    assert bounded_wait(lambda: items(page, section) == expected), f"{section}: {items(page, section)} != {expected}"


def changed_lines(before, after):
    """The lines removed and added, as a diff shows them."""
    diff = list(difflib.unified_diff(before.splitlines(True), after.splitlines(True), n=0))
    return [line for line in diff[2:] if not line.startswith("@@")]


def drag(page, item, target_item, below=False):
    handle = page.locator(f'[data-ss-runtime=edit] .ss-bar[data-item="{item}"] .ss-handle')
    handle.scroll_into_view_if_needed()
    start = handle.bounding_box()
    box = page.locator(f'[data-ss-key="i:{target_item}"]').bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    y = box["y"] + (box["height"] * 0.85 if below else box["height"] * 0.15)
    page.mouse.move(box["x"] + box["width"] / 2, y, steps=8)
    page.mouse.up()


def same_as_fresh(ctx, server, page, label):
    page.wait_for_function("() => !document.getAnimations().some((a) => a.playState === 'running')")
    fresh = ctx.new_page()
    fresh.goto(server.url("/"))
    assert_same_dom(normalized(page), normalized(fresh), label)
    fresh.close()


def test_drag_within_a_section_rewrites_only_the_moved_lines_and_patches_every_tab_with_one_move(browser, edit_site):
    ctx = browser.new_context()
    try:
        page, other = open_page(ctx, edit_site), open_page(ctx, edit_site)
        before = (edit_site.folder / "Content/index.md").read_text()
        drag(page, "double", "classic")
        wait_for_items(other, "burgers", ["double", "classic", "veggie"])
        after = (edit_site.folder / "Content/index.md").read_text()
        line = '      - {id: double, name: "Double ✨", price: 12}\n'
        assert sorted(changed_lines(before, after)) == ["+" + line, "-" + line], changed_lines(before, after)
        wait_for_items(page, "burgers", ["double", "classic", "veggie"])
        assert [op["op"] for op in ops(other)] == ["move"]
        assert ops(other)[0]["key"] == "i:double"
        assert other.evaluate("() => window.__marker") == 7  # never reloaded
        same_as_fresh(ctx, edit_site, other, "the other tab after a drag")
    finally:
        ctx.close()


def test_drag_into_another_section_moves_the_item_lines_there(browser, edit_site):
    ctx = browser.new_context()
    try:
        page = open_page(ctx, edit_site)
        before = (edit_site.folder / "Content/index.md").read_text()
        drag(page, "veggie", "cafe", below=True)
        wait_for_items(page, "specials", ["cafe", "veggie"])
        wait_for_items(page, "burgers", ["classic", "double"])
        after = (edit_site.folder / "Content/index.md").read_text()
        removed = [line for line in changed_lines(before, after) if line.startswith("-")]
        added = [line for line in changed_lines(before, after) if line.startswith("+")]
        assert [line[1:] for line in removed] == ["      - id: veggie   # new this year\n", "        name: Veggie\n", "        price: 10\n"]
        assert [line[1:] for line in added] == [line[1:] for line in removed]
        assert [op["op"] for op in ops(page)] == ["move"]
        same_as_fresh(ctx, edit_site, page, "after a move to another section")
    finally:
        ctx.close()


def test_keyboard_moves_an_item_down_and_into_the_next_section(browser, edit_site):
    ctx = browser.new_context()
    try:
        page = open_page(ctx, edit_site)
        page.focus('[data-ss-runtime=edit] .ss-bar[data-item="veggie"] .ss-handle')
        page.keyboard.press("ArrowDown")
        wait_for_items(page, "burgers", ["classic", "double", "veggie"])
        page.wait_for_function("() => document.activeElement && document.activeElement.closest('.ss-bar[data-item=\"veggie\"]')")
        page.keyboard.press("ArrowDown")
        wait_for_items(page, "specials", ["veggie", "cafe"])
        page.keyboard.press("ArrowUp")
        wait_for_items(page, "burgers", ["classic", "double", "veggie"])
        same_as_fresh(ctx, edit_site, page, "after keyboard moves")
    finally:
        ctx.close()


def test_a_field_edit_and_a_deletion_are_written_back_and_patched_and_undo_restores_the_bytes(browser, edit_site):
    ctx = browser.new_context()
    try:
        page, other = open_page(ctx, edit_site), open_page(ctx, edit_site)
        original = (edit_site.folder / "Content/index.md").read_bytes()
        page.click('[data-ss-runtime=edit] .ss-bar[data-item="classic"] .ss-edit')
        page.fill('.ss-form input[name="name"]', 'Classic "deluxe"')
        page.fill('.ss-form input[name="price"]', "11")
        page.press('.ss-form input[name="price"]', "Enter")
        other.wait_for_function("() => document.querySelector('[data-ss-key=\"i:classic\"]').textContent.includes('Classic \"deluxe\" 11')")
        text = (edit_site.folder / "Content/index.md").read_text()
        assert changed_lines(original.decode(), text) == [
            "-        name: Classic\n", "-        price: 9\n", '+        name: Classic "deluxe"\n', "+        price: 11\n"
        ]
        assert {op["op"] for op in ops(other)} == {"html"}
        page.wait_for_selector('[data-ss-runtime=edit] .ss-bar[data-item="cafe"] .ss-delete')
        page.click('[data-ss-runtime=edit] .ss-bar[data-item="cafe"] .ss-delete')
        wait_for_items(other, "specials", [])
        assert "cafe" not in (edit_site.folder / "Content/index.md").read_text()
        # Undo twice, by the button and by the key: the file comes back byte for byte.
        page.click("[data-ss-runtime=edit] .ss-undo")
        wait_for_items(other, "specials", ["cafe"])
        page.wait_for_selector('[data-ss-runtime=edit] .ss-bar[data-item="cafe"]')
        page.keyboard.press("Control+z")
        assert bounded_wait(lambda: (edit_site.folder / "Content/index.md").read_bytes() == original)
        other.wait_for_function("() => document.querySelector('[data-ss-key=\"i:classic\"]').textContent.includes('Classic 9')")
        same_as_fresh(ctx, edit_site, other, "after undo")
    finally:
        ctx.close()


def test_data_file_records_move_as_csv_rows(browser, edit_site):
    ctx = browser.new_context()
    try:
        page = open_page(ctx, edit_site)
        drag(page, "soup", "fries")
        wait_for_items(page, "sides", ["soup", "fries", "salad"])
        assert (edit_site.folder / "Data/sides.csv").read_text() == "id,name,price\nsoup,Soup,5\nfries,Fries,3\nsalad,\"Salad, green\",4\n"
        # Sides move only within their own list: the data file's section is a group of its own, so a drag offers
        # no place among the page's own items.
        groups = {s["id"]: s["group"] for s in json.loads(urllib.request.urlopen(edit_site.url("/_sectionsite/edit?page=/")).read())["page"]["sections"]}
        assert groups["sides"] == "Data/sides.csv#sides" and groups["burgers"] == groups["specials"] == "Content/index.md"
    finally:
        ctx.close()


def post(server, body, origin=True, token=None, raw=None):
    settings = json.loads(urllib.request.urlopen(server.url("/_sectionsite/edit?page=/")).read())
    headers = {"content-type": "application/json"}
    if origin:
        headers["origin"] = server.base.rstrip("/")
    headers["x-sectionsite-token"] = settings["token"] if token is None else token
    data = raw if raw is not None else json.dumps({"page": "/", "version": settings["page"]["version"], **body}).encode()
    request = urllib.request.Request(server.url("/_sectionsite/edit"), data=data, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_stale_hostile_and_malformed_requests_change_nothing(edit_site):
    menu = edit_site.folder / "Content/index.md"
    original = menu.read_bytes()
    move = {"action": "move", "section": "burgers", "item": "double", "to": "burgers", "before": "classic"}
    assert post(edit_site, move, origin=False)[0] == 403
    assert post(edit_site, move, token="guess")[0] == 403
    status, why = post(edit_site, {**move, "version": "0000"})
    assert status == 409 and "changed since" in why
    for bad in [
        {**move, "item": "../../etc/passwd"},
        {**move, "section": "nowhere"},
        {**move, "to": "sides"},  # a data file's records take no item of a page
        {"action": "delete", "section": "sides", "item": "fries"},  # sides allow no deletion
        {"action": "set", "section": "burgers", "item": "classic", "field": "id", "value": "x"},
        {"action": "set", "section": "burgers", "item": "classic", "field": "cell", "value": "x"},
        {"action": "rm -rf", "section": "burgers", "item": "classic"},
        {"action": "move", "page": "/../../", "section": "burgers", "item": "classic"},
    ]:
        status, why = post(edit_site, bad)
        assert status == 409, (bad, status, why)
        assert why.strip(), bad
    assert post(edit_site, {}, raw=b"{not json")[0] == 409
    assert menu.read_bytes() == original
    assert (edit_site.folder / "Data/sides.csv").read_text() == SIDES
    # An editor changed the section first: the file no longer holds what the page was made from (before the
    # rebuild), or the page is at another version (after it). Either way the edit is refused.
    settings = json.loads(urllib.request.urlopen(edit_site.url("/_sectionsite/edit?page=/")).read())
    menu.write_text(MENU.replace("name: Classic", "name: Classic too"))
    status, why = post(edit_site, {**move, "version": settings["page"]["version"]})
    assert status == 409 and "changed since" in why, why
    assert "Classic too" in menu.read_text()


def test_a_site_without_edit_settings_offers_no_endpoint_and_no_handles(browser):
    plain = {**FILES, "Content/index.md": MENU.replace("    edit: {move: true, delete: true, fields: [name, price]}\n", "")
             .replace("    edit: true\n", "").replace("    edit: {move: true, fields: [name]}\n", "")}
    server = LiveServer(files=plain)
    ctx = browser.new_context()
    try:
        assert server.get("/_sectionsite/edit?page=/")[0] == 404
        assert b"SectionSiteEdit" not in server.get("/_sectionsite/sectionsite.js")[1]
        assert post_status(server) == 405
        page = ctx.new_page()
        page.goto(server.url("/"))
        page.wait_for_function("() => window.SectionSite !== undefined")
        time.sleep(0.3)
        assert page.evaluate("() => window.SectionSiteEditMode === undefined && !document.querySelector('[data-ss-runtime=edit]')")
    finally:
        ctx.close()
        server.close()


def post_status(server):
    request = urllib.request.Request(server.url("/_sectionsite/edit"), data=b"{}", method="POST",
                                     headers={"origin": server.base.rstrip("/")})
    try:
        return urllib.request.urlopen(request).status
    except urllib.error.HTTPError as error:
        return error.code


def build(folder, out):
    result = subprocess.run([str(BINARY), "build", "--site", str(folder), "--out", str(out)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def tree(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_build_is_the_same_with_and_without_edit_settings(edit_site):
    work = Path(tempfile.mkdtemp(prefix="sectionsite-edit-build-"))
    try:
        with_edit = work / "with"
        shutil.copytree(edit_site.folder, with_edit, ignore=shutil.ignore_patterns(".sectionsite"))
        without = work / "without"
        shutil.copytree(with_edit, without)
        menu = (without / "Content/index.md").read_text()
        for line in ["    edit: {move: true, delete: true, fields: [name, price]}\n", "    edit: true\n", "    edit: {move: true, fields: [name]}\n"]:
            menu = menu.replace(line, "")
        (without / "Content/index.md").write_text(menu)
        build(with_edit, work / "out-with")
        build(without, work / "out-without")
        built = tree(work / "out-with")
        assert built == tree(work / "out-without")
        assert not any(b"SectionSiteEdit" in data or b"ss-handle" in data for data in built.values())
    finally:
        shutil.rmtree(work, ignore_errors=True)


# The seeded series: random moves, edits and deletions through the endpoint; after each, the page served equals
# the page a fresh build makes of the file changed by hand (here: by a model of the file, written out).

def menu_text(sections):
    lines = ["---", "title: Menu", "sections:"]
    for sid, rows in sections.items():
        lines += [f"  - id: {sid}", "    cell: dish", "    edit: true", "    items:" if rows else "    items: []"]
        for item, name, price in rows:
            lines += [f"      - id: {item}", f"        name: {json.dumps(name, ensure_ascii=False)}", f"        price: {price}"]
    return "\n".join(lines) + "\n---\nBody.\n"


@pytest.mark.parametrize("seed", [1, 2])
def test_seeded_edits_through_the_endpoint_equal_the_same_change_built_fresh(seed):
    rng = random.Random(seed)
    sections = {"a": [(f"x{i}", f"Item {i}", i) for i in range(4)], "b": [(f"y{i}", f"Thing é{i}", 10 + i) for i in range(3)]}
    files = {**FILES, "Content/index.md": menu_text(sections)}
    files.pop("Data/sides.csv")
    server = LiveServer(files=files)
    work = Path(tempfile.mkdtemp(prefix="sectionsite-edit-seeded-"))
    try:
        for step in range(12):
            earlier = json.dumps(sections)
            everything = [(sid, row) for sid, rows in sections.items() for row in rows]
            sid, row = rng.choice(everything)
            kind = rng.choice(["move", "move", "set", "delete"] if len(everything) > 3 else ["move", "set"])
            if kind == "move":
                to = rng.choice(list(sections))
                sections[sid].remove(row)
                place = rng.randrange(len(sections[to]) + 1)
                before = sections[to][place][0] if place < len(sections[to]) else None
                sections[to].insert(place, row)
                body = {"action": "move", "section": sid, "item": row[0], "to": to, "before": before}
            elif kind == "set":
                name = rng.choice(["Plain", "Quote \"q\"", "Colon: yes", "Émoji 🍔", "#hash", "- dash", "yes"])
                index = sections[sid].index(row)
                sections[sid][index] = (row[0], name, row[2])
                body = {"action": "set", "section": sid, "item": row[0], "field": "name", "value": name}
            else:
                sections[sid].remove(row)
                body = {"action": "delete", "section": sid, "item": row[0]}
            old = json.loads(urllib.request.urlopen(server.url("/_sectionsite/edit?page=/")).read())["page"]["version"]
            status, why = post(server, body)
            assert status == 204, (step, body, why)
            if json.dumps(sections) != earlier:  # a move to where the item was, or a name it had, changes nothing
                assert bounded_wait(lambda: json.loads(urllib.request.urlopen(server.url("/_sectionsite/edit?page=/")).read())["page"]["version"] != old)
            fresh = work / f"site-{step}"
            shutil.copytree(server.folder, fresh, ignore=shutil.ignore_patterns(".sectionsite"))
            (fresh / "Content/index.md").write_text(menu_text(sections))
            build(fresh, work / f"out-{step}")
            served = server.get("/")[1].decode()
            assert served == (work / f"out-{step}" / "index.html").read_text(), (step, body)
    finally:
        server.close()
        shutil.rmtree(work, ignore_errors=True)
