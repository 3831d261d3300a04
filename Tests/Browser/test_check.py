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
