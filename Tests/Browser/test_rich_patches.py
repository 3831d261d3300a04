"""End to end on rich sites (richgen.py): multilingual, right to left, directives, pictures, translations added and
removed, on the repository's default theme, each built twice by the real `sectionsite build`. Every page that
changed must be patched, never reloaded, and the patch applied in Chromium to the old page must give exactly the
new page, <head> and the attributes of <html> and <body> included (SPEC §5, §11).

SECTIONSITE_RICH_SEEDS picks seeds ("0-99", the default, or "3,17,40-45"); `make test` runs all hundred.
"""

import os
import shutil

import pytest

import richgen
from test_build_patches import BIN, build, check_seeds, seeds


def prepare(seed, base):
    root = base / f"rich-{seed}"
    site_dir = root / "site"
    old = richgen.generate(seed)
    richgen.write_site(old, site_dir)
    build(site_dir)
    shutil.copytree(site_dir / "_site", root / "v1")
    richgen.write_site(richgen.mutate(old, seed), site_dir)
    build(site_dir)
    return [{"seed": seed, "root": root, "old": root / "v1", "new": site_dir / "_site", "step": "v1->v2",
             "layout_changed": False}]


PARTS = 4


@pytest.mark.parametrize("part", range(PARTS))
def test_rich_sites_patch_every_changed_page_head_included(shared_page, tmp_path_factory, part):
    if not (BIN.is_file() and os.access(BIN, os.X_OK)):
        pytest.fail(f"the sectionsite binary is missing at {BIN}: build it first (swift build) or set SECTIONSITE_BIN", pytrace=False)
    chosen = seeds("SECTIONSITE_RICH_SEEDS", "0-99")[part::PARTS]
    checker, failures = check_seeds(shared_page, tmp_path_factory.mktemp("rich"), chosen, prepare)
    assert checker.stats["patched"] > 0 or failures, "no page was patched"
    # The translations added and removed reached the head of the pages they translate.
    assert failures or checker.ops.get("insert he", 0) + checker.ops.get("remove li", 0) > 0, checker.ops
    if failures:
        shown = "\n\n".join(failures[:6])
        pytest.fail(f"{len(failures)} failures over {len(chosen)} seeds ({checker.stats}); the first:\n\n{shown}", pytrace=False)
