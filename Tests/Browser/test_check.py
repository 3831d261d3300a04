"""`sectionsite check` as a command (SPEC §2): broken internal links and anchors on stderr as
`path:line:column: error:`, exit status 1; none, status 0."""

import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("SECTIONSITE_BIN") or REPO / ".build" / "debug" / "sectionsite")


def test_check_exits_1_with_located_errors_and_0_once_fixed(tmp_path):
    site = tmp_path / "site"
    subprocess.run([str(BIN), "new", str(site)], check=True, capture_output=True)
    page = site / "Content" / "posts" / "linked.md"
    page.write_text("---\ntitle: Linked\n---\n## Part\n\nSee [the part](#part) and [a page](/posts/nothing/).\n")
    result = subprocess.run([str(BIN), "check", "--site", str(site)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines() == [
        "Content/posts/linked.md:6:27: error: link to '/posts/nothing/' leads nowhere: the site has no /posts/nothing/"
    ]
    assert "1 broken" in result.stdout
    assert not (site / "_site").exists()  # check builds in memory only
    page.write_text("---\ntitle: Linked\n---\n## Part\n\nSee [the part](#part) and [a page](/posts/hello/).\n")
    result = subprocess.run([str(BIN), "check", "--site", str(site)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "none broken" in result.stdout


def test_strict_turns_warnings_into_errors_for_build_and_check(tmp_path):
    site = tmp_path / "site"
    out = tmp_path / "out"
    subprocess.run([str(BIN), "new", str(site)], check=True, capture_output=True)
    (site / "Content" / "posts" / "moved.md").write_text("---\ntitle: Moved\naliases: [/about/]\n---\nHere now.\n")
    (site / "Content" / "about.md").write_text("---\ntitle: About\n---\nUs.\n")
    warning = "Content/posts/moved.md:3:11: {}: alias '/about/' is not written: it is the URL of a page (Content/about.md), which keeps it"
    result = subprocess.run([str(BIN), "build", "--site", str(site), "--out", str(out)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert warning.format("warning") in result.stderr.splitlines()
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (site / "Content" / "about.md").write_text("---\ntitle: About us\n---\nUs.\n")
    for command in (["build", "--out", str(out)], ["check"]):
        result = subprocess.run([str(BIN), *command, "--site", str(site), "--strict"], capture_output=True, text=True, timeout=60)
        assert result.returncode == 1, (command, result.stderr)
        assert warning.format("error") in result.stderr.splitlines(), result.stderr
        assert "warning:" not in result.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before  # a strict build that fails writes nothing
