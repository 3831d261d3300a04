"""Output safety under faults (SPEC §7): a build that is stopped, or that cannot write, leaves the previous output
whole. Runs the real `sectionsite build` as a child process.

- SIGTERM and SIGINT at seeded random moments of a build: afterwards the output is exactly the previous output or
  exactly what the same build run to its end writes (found by running it, uninterrupted, on a copy), with no
  staging folder or half-written file left, for builds from nothing (staging folder, then one exchange) and for
  incremental builds (files written beside their targets, then renamed).
- A file size limit (RLIMIT_FSIZE with SIGXFSZ ignored: writes fail with EFBIG, as on a full disk) and an output
  folder the build may not write (run as an unprivileged user, the folder read-only): a located error, exit 1, the
  previous output byte for byte.
"""

import os
import random
import resource
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("SECTIONSITE_BIN") or REPO / ".build" / "debug" / "sectionsite")
PAGES = 100
LEFTOVER_MARKS = (".staging-", ".old-", ".sectionsite-new")


@pytest.fixture(scope="module", autouse=True)
def binary():
    if not BIN.exists():
        pytest.fail(f"the sectionsite binary is missing at {BIN}: build it first (swift build) or set SECTIONSITE_BIN",
                    pytrace=False)


def make_site(folder):
    subprocess.run([str(BIN), "new", str(folder)], check=True, capture_output=True)
    settings = folder / "sectionsite.yml"
    settings.write_text(settings.read_text().replace("keep: 20", "keep: 2"))  # fewer patches to make per build
    rng = random.Random(7)
    for n in range(PAGES):
        words = " ".join(rng.choice(["alpha", "beta", "gamma", "delta", "river", "stone"]) for _ in range(400))
        (folder / "Content" / "posts" / f"p{n:03}.md").write_text(
            f"---\ntitle: Post {n}\ndate: 2026-01-01T00:{n // 60:02}:{n % 60:02}Z\ntags: [t{n % 7}]\n---\n"
            f"# Part one\n\n{words}\n\n```swift\nlet n = {n}\n```\n")


def build(site, out, env=None):
    return subprocess.run([str(BIN), "build", "--site", str(site), "--out", str(out), "--quiet"],
                          capture_output=True, text=True, env=env, timeout=120)


def snapshot(out):
    files = {}
    for path in sorted(out.rglob("*")):
        if path.is_file():
            files[str(path.relative_to(out))] = path.read_bytes()
    return files


def leftovers(parent):
    found = [p for p in parent.rglob("*") if any(mark in p.name for mark in LEFTOVER_MARKS)]
    return [str(p) for p in found]


def change(site, mode, n):
    """The next version of the site: a new title in the settings (a build from nothing, through the staging folder)
    or a third of the pages edited (an incremental build, in place)."""
    if mode == "from nothing":
        settings = site / "sectionsite.yml"
        lines = [line for line in settings.read_text().splitlines() if not line.startswith("title:")]
        settings.write_text(f"title: Version {n}\n" + "\n".join(lines) + "\n")
    else:
        for k in range(n % 3, PAGES, 3):
            page = site / "Content" / "posts" / f"p{k:03}.md"
            page.write_text(page.read_text() + f"\nEdit {n}.\n")


@pytest.mark.parametrize("mode", ["from nothing", "in place"])
def test_a_signal_at_any_moment_leaves_the_previous_output_or_the_whole_new_one(tmp_path, mode):
    work = tmp_path / "work"
    work.mkdir()
    site, out = work / "site", work / "out"
    make_site(site)
    assert build(site, out).returncode == 0
    start = time.monotonic()
    change(site, mode, 0)
    assert build(site, out).returncode == 0
    duration = time.monotonic() - start
    rng = random.Random(2026)
    trials = 6
    for trial in range(1, trials + 1):
        change(site, mode, trial)
        before = snapshot(out)
        # What the same build writes when it runs to its end, from the same starting point.
        reference = tmp_path / f"reference-{trial}"
        shutil.copytree(work, reference, symlinks=True)
        assert build(reference / "site", reference / "out").returncode == 0
        expected = snapshot(reference / "out")
        shutil.rmtree(reference)

        process = subprocess.Popen([str(BIN), "build", "--site", str(site), "--out", str(out), "--quiet"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(duration * (trial - 1 + rng.random()) / trials)  # each trial in its own slice of the build
        sent = rng.choice([signal.SIGTERM, signal.SIGINT])
        process.send_signal(sent)
        _, stderr = process.communicate(timeout=60)
        # -signal: it came before the command had set up its handling, when nothing was written yet.
        assert process.returncode in (0, 128 + sent, -sent), (process.returncode, stderr)
        after = snapshot(out)
        assert leftovers(work) == [], (process.returncode, stderr)
        if after == before:
            if process.returncode > 0:
                assert "interrupted; the previous output is unchanged" in stderr
        else:
            assert after.keys() == expected.keys(), "the output is neither the previous one nor the new one"
            differing = [path for path in after if after[path] != expected[path]]
            assert differing == [], f"the output is neither the previous one nor the new one: {differing[:5]}"
            assert process.returncode >= 0
        # Whatever happened, the next build goes on from there.
        assert build(site, out).returncode == 0


def test_writes_that_fail_like_a_full_disk_leave_the_previous_output(tmp_path):
    site, out = tmp_path / "site", tmp_path / "out"
    make_site(site)
    assert build(site, out).returncode == 0
    before = snapshot(out)
    change(site, "from nothing", 1)

    def limit_file_size():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    result = subprocess.run([str(BIN), "build", "--site", str(site), "--out", str(out), "--quiet"],
                            capture_output=True, text=True, preexec_fn=limit_file_size, timeout=120)
    assert result.returncode == 1
    line = result.stderr.strip().splitlines()[0]  # the first of the errors, each file that failed one
    assert ": error: cannot write the output: File too large; the previous output is unchanged" in line, line
    assert line.startswith(str(tmp_path)), line  # located at the file that could not be written
    assert snapshot(out) == before
    assert leftovers(tmp_path) == []


def test_an_output_folder_that_may_not_be_written_leaves_the_previous_output():
    # Under /tmp rather than pytest's folders, which only their owner may enter: as root, the build runs as nobody
    # (setpriv), since root writes into read-only folders anyway.
    base = Path(tempfile.mkdtemp(prefix="sectionsite-readonly-"))
    site, public = base / "site", base / "public"
    out = public / "out"
    try:
        make_site(site)
        assert build(site, out).returncode == 0
        before = snapshot(out)
        change(site, "in place", 1)
        argv = [str(BIN), "build", "--site", str(site), "--out", str(out), "--quiet"]
        if os.geteuid() == 0:
            for path in [base, site, *site.rglob("*")]:
                path.chmod(0o777 if path.is_dir() else 0o666)
            argv = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all"] + argv
        read_only = [public, out, *[p for p in out.rglob("*") if p.is_dir()]]
        for folder in read_only:
            folder.chmod(0o555)
        try:
            result = subprocess.run(argv, capture_output=True, text=True, timeout=120)
        finally:
            for folder in read_only:
                folder.chmod(0o755)
        assert result.returncode == 1, result.stderr
        line = result.stderr.strip().splitlines()[-1]
        assert ": error: cannot write the output: Permission denied; the previous output is unchanged" in line, line
        assert line.startswith(str(out)), line  # located at what could not be written
        assert snapshot(out) == before
        assert leftovers(base) == []
    finally:
        shutil.rmtree(base, ignore_errors=True)
