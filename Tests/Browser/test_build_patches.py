"""End to end: random sites (sitegen.py) built twice by the real `sectionsite build` (every fifth seed three times);
for every page, the patch in the newest build's feed, applied in Chromium to the page of an earlier build, must
give exactly the newest page (SPEC §5, §7).

SECTIONSITE_BIN names the binary (default .build/debug/sectionsite under the repository root);
SECTIONSITE_SEEDS picks seeds ("0-199", the default, or "3,17,40-45") to rerun a failure.
"""

import json
import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import sitegen
from conftest import REPO, WALK_JS, Server, assert_same_dom, normalized

BIN = Path(os.environ.get("SECTIONSITE_BIN") or REPO / ".build" / "debug" / "sectionsite")
VERSION_META = re.compile(r'<meta name="sectionsite-version" content="([^"]*)"')
# One round trip per page. The old page loads over HTTP into a same-origin iframe the size of a window (a full
# navigation costs twice as much), the patch is applied by the runtime inside it, animations end, and both the
# patched DOM and the new page's DOM come back.
APPLY_AND_COMPARE_JS = f"""async ([url, patch, newHtml]) => {{
  const walk = {WALK_JS};
  const frame = document.querySelector('iframe') || document.body.appendChild(document.createElement('iframe'));
  frame.style.cssText = 'border:0;width:1000px;height:700px';
  await new Promise((resolve) => {{ frame.onload = resolve; frame.src = url; }});
  const win = frame.contentWindow, doc = frame.contentDocument;
  if (win.SectionSite === undefined) return {{error: 'the runtime did not load'}};
  if (!win.SectionSite.apply(patch)) return {{error: `SectionSite.apply returned false (${{win.SectionSite.lastError}})`}};
  for (let n = 0; n < 100 && doc.getAnimations().length; n++) {{
    await Promise.all(doc.getAnimations().map((a) => a.finished.catch(() => null)));
    await new Promise((r) => win.requestAnimationFrame(r));
  }}
  return {{actual: walk(doc.documentElement), expected: walk(new DOMParser().parseFromString(newHtml, 'text/html').documentElement)}};
}}"""


def seeds(variable="SECTIONSITE_SEEDS", default="0-199"):
    """The seeds the environment variable names ("3,17,40-45"), else `default`."""
    chosen = []
    for part in os.environ.get(variable, default).split(","):
        low, _, high = part.partition("-")
        chosen += range(int(low), int(high or low) + 1)
    return chosen


def build(site_dir):
    result = subprocess.run([str(BIN), "build", "--site", str(site_dir), "--out", str(site_dir / "_site"), "--quiet"],
                            capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"sectionsite build failed ({result.returncode}): {result.stderr.strip()[:2000]}")


def prepare(seed, base):
    """Builds each version into the same site folder (so .sectionsite/ carries over), copying all but the last
    output aside. Returns one pair of outputs to check per earlier version: earlier -> newest."""
    root = base / f"seed-{seed}"
    site_dir = root / "site"
    versions = [sitegen.generate(seed)]
    versions.append(sitegen.mutate(versions[0], seed))
    if seed % 5 == 0:  # a third version: the feed must patch both earlier versions straight to it
        versions.append(sitegen.mutate(versions[1], seed + 100_000))
    outputs = []
    for n, site in enumerate(versions):
        sitegen.write_site(site, site_dir)
        build(site_dir)
        if n < len(versions) - 1:
            outputs.append(root / f"v{n + 1}")
            shutil.copytree(site_dir / "_site", outputs[-1])
    outputs.append(site_dir / "_site")
    last = len(versions) - 1
    return [{"seed": seed, "root": root, "old": outputs[n], "new": outputs[last], "step": f"v{n + 1}->v{last + 1}",
             "layout_changed": versions[n]["layout"] != versions[last]["layout"]} for n in range(last)]


def page_files(out):
    """The keyed pages of an output: index.html files that carry the page meta (alias pages do not)."""
    pages = {}
    for path in out.rglob("index.html"):
        rel = path.relative_to(out)
        if rel.parts[0] == "_sectionsite" or b'name="sectionsite-page"' not in path.read_bytes():
            continue
        pages["/" + "".join(p + "/" for p in rel.parts[:-1])] = path
    return pages


def feed_file(out, url, name):
    return out / "_sectionsite" / "pages" / url.lstrip("/") / name


class Checker:
    def __init__(self, page, server):
        self.page = page
        self.server = server
        self.motion = None
        self.ops = {}  # "op key-prefix" -> count, to see what the random changes exercised
        self.stats = {"pages": 0, "patched": 0, "unchanged": 0, "reload (layout changed)": 0, "new pages": 0, "fresh loads": 0}

    def load(self, root, url):
        self.server.root = root
        self.page.goto(self.server.url(url), wait_until="domcontentloaded")

    def check_site(self, built):
        """Returns a list of failure descriptions for one seed."""
        failures = []
        old_pages, new_pages = page_files(built["old"]), page_files(built["new"])
        self.stats["new pages"] += len(set(new_pages) - set(old_pages))
        for url in sorted(set(old_pages) & set(new_pages)):
            self.stats["pages"] += 1
            try:
                problem = self.check_page(built, url, old_pages[url], new_pages[url])
            except Exception as error:  # a broken page must not hide the other seeds
                problem = f"{type(error).__name__}: {error}"
            if problem:
                failures.append(f"seed {built['seed']} ({built['step']}) page {url}: {problem}")
        return failures

    def check_page(self, built, url, old_html, new_html):
        old_version = VERSION_META.search(old_html.read_text()).group(1)
        head_path = feed_file(built["new"], url, "head.json")
        if not head_path.is_file():
            return f"no {head_path.relative_to(built['new'])} in the new build"
        head = json.loads(head_path.read_text())
        if head.get("format") != "sectionsite-head/1" or head.get("page") != url:
            return f"bad head.json {head}"
        if head["version"] != VERSION_META.search(new_html.read_text()).group(1):
            return f"head.json version {head['version']} is not the page's version"
        if head["version"] == old_version:
            self.stats["unchanged"] += 1
            if old_html.read_bytes() != new_html.read_bytes():
                return "same version but the HTML changed"
            return None
        if old_version not in head["from"]:
            return f"head.json from {head['from']} lacks the old version {old_version}"
        patch_text = feed_file(built["new"], url, f"from-{old_version}.json").read_text()
        patch = json.loads(patch_text)
        if (patch.get("page"), patch.get("from"), patch.get("to")) != (url, old_version, head["version"]):
            return f"patch header {patch.get('page')} {patch.get('from')} -> {patch.get('to')} does not match"
        for op in patch["ops"]:
            target = op.get("key") or op.get("parent") or ""
            if op["op"] == "insert" and op["parent"] != "head":
                target = re.search(r'data-ss-key="(.)', op["html"]).group(1) + ":"
            self.ops[f"{op['op']} {target[:2]}".strip()] = self.ops.get(f"{op['op']} {target[:2]}".strip(), 0) + 1
        if any(op.get("op") == "reload" for op in patch["ops"]):
            if built["layout_changed"]:
                self.stats["reload (layout changed)"] += 1
                return None
            return f"patch is a reload though the layout did not change: {patch_text[:300]}"
        animated = built.get("animated", built["seed"] % 20 == 0)
        motion = "no-preference" if animated else "reduce"
        if motion != self.motion:
            self.page.emulate_media(reduced_motion=motion)
            self.motion = motion
        if not self.page.url.startswith(self.server.url("/__host__")):
            self.page.goto(self.server.url("/__host__"), wait_until="domcontentloaded")
        self.server.root = built["old"]
        result = self.page.evaluate(APPLY_AND_COMPARE_JS, [self.server.url(url), patch_text, new_html.read_text()])
        if "error" in result:
            return f"{result['error']}; patch {patch_text[:1500]}"
        actual, expected = json.loads(result["actual"]), json.loads(result["expected"])
        # The new page parsed by DOMParser is what a fresh load gives for these themes (no <noscript>, no
        # document.write) at a fraction of the cost; one seed in twenty checks that with a real load.
        if built.get("fresh", built["seed"] % 20 == 10):
            self.load(built["new"], url)
            loaded = normalized(self.page)
            self.page.goto(self.server.url("/__host__"), wait_until="domcontentloaded")
            if loaded != expected:
                return "the new page loaded fresh differs from the same page parsed by DOMParser"
            self.stats["fresh loads"] += 1
        try:
            assert_same_dom(actual, expected, f"seed {built['seed']} {url}")
        except AssertionError as error:
            return f"{error}\npatch: {patch_text[:3000]}"
        self.stats["patched"] += 1
        return None


# The seeds in four parts, one test each, that pytest-xdist's workers take in parallel: all of them in one test were
# three minutes on one worker while the others waited for it at the end of the run.
PARTS = 4


def check_seeds(page, base, chosen, prepare):
    """Builds each seed's sites in the background, two at a time (`prepare(seed, base)` gives the pairs of outputs to
    compare, each with the `root` folder it was built in, removed once checked), while the browser checks the seeds
    already built. Returns the checker, for its counts, and the
    failures."""
    server = Server(base)
    server.routes["/__host__"] = (200, "text/html; charset=utf-8", b"<!DOCTYPE html><title>host</title><body style='margin:0'>")
    checker = Checker(page, server)
    failures = []
    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            jobs = [(seed, pool.submit(prepare, seed, base)) for seed in chosen]
            for seed, job in jobs:
                try:
                    pairs = job.result(timeout=300)
                except Exception as error:
                    failures.append(f"seed {seed}: {error}")
                    continue
                for built in pairs:
                    failures += checker.check_site(built)
                for root in {pair["root"] for pair in pairs}:
                    shutil.rmtree(root, ignore_errors=True)
    finally:
        server.close()
    print("\n" + ", ".join(f"{k}: {v}" for k, v in checker.stats.items()))
    print("ops: " + ", ".join(f"{k} {v}" for k, v in sorted(checker.ops.items())))
    return checker, failures


@pytest.mark.parametrize("part", range(PARTS))
def test_builds_patch_every_old_page_into_the_new_page(shared_page, tmp_path_factory, part):
    if not (BIN.is_file() and os.access(BIN, os.X_OK)):
        pytest.fail(f"the sectionsite binary is missing at {BIN}: build it first (swift build) or set SECTIONSITE_BIN", pytrace=False)
    chosen = seeds()[part::PARTS]
    checker, failures = check_seeds(shared_page, tmp_path_factory.mktemp("sites"), chosen, prepare)
    assert checker.stats["pages"] > 0 or failures, "no pages were compared"
    if failures:
        shown = "\n\n".join(failures[:6])
        pytest.fail(f"{len(failures)} failures over {len(chosen)} seeds ({checker.stats}); the first:\n\n{shown}", pytrace=False)


def _blocks(lines, start_pattern, stop_indent):
    """Splits lines into a head and the blocks that start with start_pattern, ending at a shallower line."""
    head, blocks, tail = [], [], []
    for line in lines:
        indent = len(line) - len(line.lstrip())
        if tail or (blocks and line.strip() and indent < stop_indent and not re.match(start_pattern, line)):
            tail.append(line)
        elif re.match(start_pattern, line):
            blocks.append([line])
        elif blocks:
            blocks[-1].append(line)
        else:
            head.append(line)
    return head, blocks, tail


def copy_example_site(site_dir):
    """The repository's example site's inputs (not its output or build record), copied into site_dir."""
    for name in ("Content", "Data", "Themes", "Static"):
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, site_dir / name)
    shutil.copy(REPO / "sectionsite.yml", site_dir / "sectionsite.yml")


def edit_example_page(text):
    """Edits one page of the repository's example site as an author would: a new title, the last section moved
    first, the middle one deleted, every section's items reversed, a paragraph added. Text edits, so any other
    formatting simply gets fewer changes."""
    _, front, body = text.split("---\n", 2)
    lines = front.splitlines()
    lines = [re.sub(r"^title: (.*)$", lambda m: "title: " + json.dumps(m.group(1).strip('"') + " (edited)"), line, count=1)
             if line.startswith("title: ") else line for line in lines]
    if "sections:" in lines:
        at = lines.index("sections:") + 1
        head, sections, tail = _blocks(lines[at:], r"^  - ", 2)
        if not head:
            for n, section in enumerate(sections):
                if "    items:" in section:
                    i = section.index("    items:") + 1
                    item_head, items, item_tail = _blocks(section[i:], r"^      - ", 6)
                    sections[n] = section[:i] + item_head + [line for item in reversed(items) for line in item] + item_tail
            sections = sections[-1:] + sections[:-1]
            if len(sections) >= 3:
                del sections[len(sections) // 2]
            lines = lines[:at] + [line for s in sections for line in s] + tail
    return "---\n" + "\n".join(lines) + "\n---\n" + body.rstrip("\n") + "\n\nA paragraph added by the browser test.\n"


def test_example_site_edits_patch_exactly(shared_page, tmp_path):
    """The repository's own example site and default theme (SPEC §1), every page edited, built twice."""
    if not (BIN.is_file() and os.access(BIN, os.X_OK)):
        pytest.fail(f"the sectionsite binary is missing at {BIN}: build it first (swift build) or set SECTIONSITE_BIN", pytrace=False)
    site_dir = tmp_path / "site"
    copy_example_site(site_dir)
    build(site_dir)
    shutil.copytree(site_dir / "_site", tmp_path / "old")
    for page in sorted((site_dir / "Content").rglob("*.md")):
        page.write_text(edit_example_page(page.read_text()))
    build(site_dir)
    server = Server(tmp_path)
    server.routes["/__host__"] = (200, "text/html; charset=utf-8", b"<!DOCTYPE html><title>host</title><body style='margin:0'>")
    checker = Checker(shared_page, server)
    try:
        failures = checker.check_site({"seed": 0, "old": tmp_path / "old", "new": site_dir / "_site", "step": "example",
                                      "layout_changed": False, "animated": False, "fresh": True})
    finally:
        server.close()
    print("\n" + ", ".join(f"{k}: {v}" for k, v in checker.stats.items()))
    assert checker.stats["patched"] > 5, checker.stats
    if failures:
        pytest.fail(f"{len(failures)} failures ({checker.stats}); the first:\n\n" + "\n\n".join(failures[:6]), pytrace=False)


def test_two_processes_write_the_same_bytes_patches_included(tmp_path):
    """Same input, same output across processes (each with its own random hash seed, unlike two calls in one test
    process): the example site built, every page edited, built again, in two copies by separate processes; every
    file of the two outputs, the patch feed included, is the same to the byte."""
    outputs = []
    for copy in ("one", "two"):
        site_dir = tmp_path / copy
        copy_example_site(site_dir)
        build(site_dir)
        for page in sorted((site_dir / "Content").rglob("*.md")):
            page.write_text(edit_example_page(page.read_text()))
        build(site_dir)
        out = site_dir / "_site"
        outputs.append({str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()})
    one, two = outputs
    patches = [path for path in one if "/from-" in path]
    assert len(patches) > 20, "the edits made patches"
    assert sorted(one) == sorted(two)
    differing = [path for path in one if one[path] != two[path]]
    assert differing == [], f"{len(differing)} files differ, first {differing[:5]}"
