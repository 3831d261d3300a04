"""The example programs of Examples/Package.swift (built by `make test` into .build, or EXAMPLES): a site
defined in Swift built and checked like any site, and a page bound to a sequence whose values patch an open
Chromium tab, each without a reload. EXAMPLES names their build folder (.build)."""

import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from conftest import REPO, assert_same_dom, normalized, wait_for_animations

BUILDS = Path(os.environ.get("EXAMPLES") or REPO / ".build")


def example(name):
    binary = BUILDS / "debug" / name
    if not binary.exists():
        pytest.fail(f"no {name} binary at {binary}: run `make examples` (or set EXAMPLES)", pytrace=False)
    return binary


@pytest.fixture
def site_copy():
    """A copy of an example's Site folder, so that runs leave nothing in the repository."""
    folders = []

    def _copy(name):
        folder = Path(tempfile.mkdtemp(prefix=f"sectionsite-{name}-")) / "Site"
        shutil.copytree(REPO / "Examples" / name / "Site", folder, ignore=shutil.ignore_patterns(".sectionsite", "_site"))
        folders.append(folder.parent)
        return folder

    yield _copy
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)


def test_coffee_site_builds_and_checks(site_copy):
    site = site_copy("CoffeeSite")
    out = site.parent / "out"
    built = subprocess.run([example("CoffeeSite"), "build", "--site", site, "--out", out], capture_output=True, text=True, timeout=60)
    assert built.returncode == 0, built.stderr
    assert built.stdout.startswith("Built 2 pages"), built.stdout
    assert built.stderr == ""  # no warning: the Markdown page's link to the Swift page resolves
    home = (out / "index.html").read_text()
    # Sections of different item types, a custom header view, a cell kind per item, the program's own HTML.
    assert '<section class="ss-section" data-ss-key="s:featured" data-ss-kind="featured"><header class="ss-header" data-ss-key="h:featured" data-ss-supplementary="hero"><h2 class="hero">This week at the counter</h2>' in home
    assert '<div class="ss-item" data-ss-key="i:closed-monday" data-ss-cell="notice"><p class="notice">Closed on Mondays while we roast.</p></div>' in home
    assert '<div class="ss-item" data-ss-key="i:mina" data-ss-cell="barista"><strong>Mina</strong> <span class="role">Roaster</span></div>' in home
    assert '<footer class="ss-footer" data-ss-key="f:menu-coffee" data-ss-supplementary="footer"><p class="footnote">Oat milk at no extra cost.</p></footer>' in home
    about = (out / "about" / "index.html").read_text()
    assert '<a href="/">menu</a>' in about
    assert (out / "_sectionsite" / "pages" / "head.json").exists()
    assert "<loc>/</loc>" in (out / "sitemap.xml").read_text() and "<loc>/about/</loc>" in (out / "sitemap.xml").read_text()
    checked = subprocess.run([example("CoffeeSite"), "check", "--site", site], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and "none broken" in checked.stdout, checked.stdout + checked.stderr


def linked(binary):
    """Which of the server, the argument parser, Qt and libvips a binary holds: Swift symbols name their module, and
    Qt and libvips are shared libraries."""
    data = binary.read_bytes()
    libraries = subprocess.run(["ldd", binary], capture_output=True, text=True, timeout=30).stdout
    return {
        "Hummingbird": b"Hummingbird" in data,
        "ArgumentParser": b"ArgumentParser" in data,
        "Qt": "libQt5" in libraries or "KF5SyntaxHighlighting" in libraries,
        "libvips": "libvips" in libraries,
    }


def test_a_program_that_only_builds_links_no_server_no_command_line_no_qt_and_no_libvips():
    # CoffeeSite imports SectionSite alone; LiveBoard adds SectionSiteCommands (serve, the command line,
    # KSyntaxHighlighting, libvips) and is the control: the same check finds all four there.
    assert linked(example("CoffeeSite")) == {"Hummingbird": False, "ArgumentParser": False, "Qt": False, "libvips": False}
    assert linked(example("LiveBoard")) == {"Hummingbird": True, "ArgumentParser": True, "Qt": True, "libvips": True}


PATCHED_JS = """() => { window.patches = 0; window.marker = 1;
  document.addEventListener('sectionsite:patched', () => { window.patches += 1; }); }"""


def test_live_board_patches_an_open_tab_on_each_value(site_copy, open_tab):
    site = site_copy("LiveBoard")
    env = {**os.environ, "BOARD_INTERVAL": "0.8", "BOARD_TICKS": "7"}
    process = subprocess.Popen(
        [example("LiveBoard"), "serve", "--site", site, "--port", "0", "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stdout.readline()
        assert line.startswith("Serving at http://127.0.0.1:"), f"unexpected first line {line!r}"
        base = line.split("Serving at ", 1)[1].strip()
        tab = open_tab(base)
        page = tab.page
        first = page.evaluate("SectionSite.version")
        page.evaluate(PATCHED_JS)
        versions = {first}
        deadline = time.monotonic() + 20
        while page.evaluate("window.patches") < 3 and time.monotonic() < deadline:
            versions.add(page.evaluate("SectionSite.version"))
            time.sleep(0.05)
        assert page.evaluate("window.patches") >= 3, "fewer than three patches arrived"
        assert page.evaluate("window.marker") == 1  # never reloaded
        # The sequence ends after its seventh value; then the patched tab equals the page loaded fresh.
        time.sleep(0.8 * 7)
        wait_for_animations(page)
        patched = normalized(page)
        final = page.evaluate("SectionSite.version")
        assert final != first
        html = page.evaluate("fetch(location.href).then((r) => r.text())")
        assert f'content="{final}"' in html
        assert_same_dom(patched, normalized(page, html), "LiveBoard /")
        assert page.evaluate("window.marker") == 1
        assert tab.errors == []
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def test_live_board_watchlist_moves_deletes_and_edits_through_the_data_source(site_copy, browser):
    """Edit mode on a page a program defines: the data source's commitChange gets each change by identities,
    updates the model, and the page bound to the model patches every tab; a move is one move op."""
    site = site_copy("LiveBoard")
    env = {**os.environ, "BOARD_INTERVAL": "60", "BOARD_TICKS": "1"}
    process = subprocess.Popen(
        [example("LiveBoard"), "serve", "--site", site, "--port", "0", "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    ctx = browser.new_context()
    try:
        base = process.stdout.readline().split("Serving at ", 1)[1].strip()
        tabs = []
        for _ in range(2):
            tab = ctx.new_page()
            tab.goto(base + "watchlist/")
            tab.wait_for_selector("[data-ss-runtime=edit] .ss-bar .ss-handle")
            tab.evaluate("() => { window.ops = []; window.marker = 1; document.addEventListener('sectionsite:patched', (e) => window.ops.push(...e.detail.patch.ops)); }")
            tabs.append(tab)
        page, other = tabs
        order = "(s) => [...document.querySelector(`[data-ss-children=\"s:${s}\"]`).children].map((e) => e.getAttribute('data-ss-key'))"
        later = page.evaluate(order, "later")
        first, moved = page.evaluate(order, "boarding")[0], later[-1]
        # Drag the last train of "Later" above the first one boarding.
        handle = page.locator(f'[data-ss-runtime=edit] .ss-bar[data-item="{moved[2:]}"] .ss-handle')
        handle.scroll_into_view_if_needed()
        start = handle.bounding_box()
        target = page.locator(f'[data-ss-key="{first}"]').bounding_box()
        page.mouse.move(start["x"] + 4, start["y"] + 4)
        page.mouse.down()
        page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 3, steps=8)
        page.mouse.up()
        other.wait_for_function(f"() => document.querySelector('[data-ss-children=\"s:boarding\"]').firstElementChild.getAttribute('data-ss-key') === '{moved}'")
        assert [op["op"] for op in other.evaluate("window.ops")] == ["move"]
        # Delete it, then edit the destination of another train: each patches the other tab.
        page.wait_for_selector(f'[data-ss-runtime=edit] .ss-bar[data-item="{moved[2:]}"] .ss-delete')
        page.click(f'[data-ss-runtime=edit] .ss-bar[data-item="{moved[2:]}"] .ss-delete')
        other.wait_for_function(f"() => !document.querySelector('[data-ss-key=\"{moved}\"]')")
        # The editing tab applies the same patch: its bars are drawn again, so click one once it has.
        page.wait_for_function(f"() => !document.querySelector('[data-ss-key=\"{moved}\"]')")
        editable = page.locator("[data-ss-runtime=edit] .ss-bar .ss-edit").first
        editable.click()
        page.fill('.ss-form input[name="destination"]', "Ulsan")
        page.press('.ss-form input[name="destination"]', "Enter")
        other.wait_for_function("() => document.body.textContent.includes('Ulsan')")
        assert other.evaluate("window.marker") == 1 and page.evaluate("window.marker") == 1
        html = other.evaluate("fetch(location.href).then((r) => r.text())")
        assert_same_dom(normalized(other), normalized(other, html), "watchlist after edits")
    finally:
        ctx.close()
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
