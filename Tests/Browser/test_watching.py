"""How `sectionsite serve` notices edits, by each way it has: the system's file events (inotify here) and
`--poll`. The same behaviours for both: an edit patches the open tab, an editor's atomic save, a renamed page,
a deleted folder, and a burst of saves that makes a few rebuilds rather than one a save."""

import os
import time

import pytest

from test_preview_server import EventClient, LiveServer, bounded_wait

pytestmark = pytest.mark.alone  # see conftest.py

WATCHERS = {"native": (), "poll": ("--poll", "--poll-interval", "0.1")}

FOLDER = {
    "Content/docs/a.md": "---\ntitle: Doc A\n---\nA.\n",
    "Content/docs/b.md": "---\ntitle: Doc B\n---\nB.\n",
}


@pytest.fixture(params=list(WATCHERS))
def watched(request):
    server = LiveServer(extra=WATCHERS[request.param], files=FOLDER)
    yield server
    server.close()


def status(server, path):
    return server.get(path)[0]


def test_an_edit_patches_the_open_tab(browser, watched):
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(watched.url("/"))
        page.wait_for_function("() => window.SectionSite !== undefined")
        page.evaluate("() => { window.__marker = 3; }")
        watched.edit("Content/index.md", "{id: two, title: Two}", "{id: two, title: Two edited}")
        page.wait_for_function("() => document.querySelector('[data-ss-key=\"i:two\"]').textContent.includes('Two edited')", timeout=10000)
        assert page.evaluate("() => window.__marker") == 3, "the page was reloaded"
    finally:
        ctx.close()


def test_an_editors_atomic_save_patches_the_page(watched):
    # Write a new file beside the page and rename it over it, as vim, Xcode and most editors save: a new inode.
    client = EventClient(watched.port, "/")
    try:
        target = watched.folder / "Content" / "index.md"
        temporary = target.with_name(".index.md.saving")
        temporary.write_text(target.read_text().replace("First paragraph.", "Saved atomically."))
        os.replace(temporary, target)
        event = client.next_event(timeout=10)
        assert event is not None and event.get("event") == "patch", event
        assert "Saved atomically." in event["data"]
        assert b"Saved atomically." in watched.get("/")[1]
    finally:
        client.close()


def test_a_renamed_page_moves_to_its_new_address(watched):
    assert status(watched, "/other/") == 200
    os.rename(watched.folder / "Content" / "other.md", watched.folder / "Content" / "moved.md")
    assert bounded_wait(lambda: status(watched, "/moved/") == 200 and status(watched, "/other/") == 404), (
        status(watched, "/moved/"), status(watched, "/other/"))


def test_a_deleted_folder_takes_its_pages_away(watched):
    assert status(watched, "/docs/a/") == 200 and status(watched, "/docs/b/") == 200
    for name in ("a.md", "b.md"):
        (watched.folder / "Content" / "docs" / name).unlink()
    (watched.folder / "Content" / "docs").rmdir()
    assert bounded_wait(lambda: status(watched, "/docs/a/") == 404 and status(watched, "/docs/b/") == 404)
    # A folder made again, with a page in it, is watched too.
    watched.write("Content/docs/c.md", "---\ntitle: Doc C\n---\nC.\n")
    assert bounded_wait(lambda: status(watched, "/docs/c/") == 200)
    watched.edit("Content/docs/c.md", "C.", "C again.")
    assert bounded_wait(lambda: b"C again." in watched.get("/docs/c/")[1])


def test_a_burst_of_saves_makes_a_few_rebuilds_ending_at_the_last_save(watched):
    client = EventClient(watched.port, "/")
    try:
        target = watched.folder / "Content" / "index.md"
        text = target.read_text()
        for n in range(30):
            target.write_text(text.replace("First paragraph.", f"Save {n}."))
        patches = []
        while True:
            event = client.next_event(timeout=3)
            if event is None:
                break
            if event.get("event") == "patch":
                patches.append(event["data"])
        assert patches and "Save 29." in patches[-1], patches[-1:] or "no patch"
        assert len(patches) <= 6, f"{len(patches)} patches for one burst of 30 saves"
        assert b"Save 29." in watched.get("/")[1]
    finally:
        client.close()
