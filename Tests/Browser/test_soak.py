"""The short version of the serve soak test (Benchmarks/serve/soak.py runs the long one): 200 seeded random edits
at 20 a second, broken ones among them, 20 event streams and a Chromium tab open. The server stays up, its memory
grows by at most 50 MiB, every stream ends at its page's final version with no reload, and the tab shows exactly
the final page."""

import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Benchmarks" / "serve"))
import soak  # noqa: E402

pytestmark = pytest.mark.alone  # see conftest.py

BIN = Path(os.environ.get("SECTIONSITE_BIN") or REPO / ".build" / "debug" / "sectionsite")


def test_two_hundred_edits_with_twenty_streams_and_a_tab(browser):
    lines = []
    failures = soak.run(edits=200, rate=20, streams=20, pages=10, seed=3, binary=BIN, browser=browser, log=lines.append)
    assert failures == [], "\n".join(lines + failures)
    assert any("200 edits" in line for line in lines)
