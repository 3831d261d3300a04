#!/usr/bin/env python3
"""What a build pays for what it makes around the pages, on the corpus of bench.py, builds from nothing alternating:
the default build (tag pages, search index, and the link check of every page built), the same with
`--no-link-check`, and that with `search: false` as well. Prints medians and the size of `search.json`.

    swift build -c release && python3 Benchmarks/build/structure.py [--pages 10000] [--runs 3]

Output on tmpfs. The corpus's pages carry tags (1 to 4 of a fixed list), so every variant writes the tag pages.
"""

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True
import bench  # noqa: E402
import corpus as corpus_mod  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sectionsite", default=str(bench.REPO / ".build" / "release" / "sectionsite"))
    parser.add_argument("--tmpfs", type=Path, default=Path("/dev/shm"))
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="sectionsite-structure-", dir=args.tmpfs))
    try:
        corpus_mod.generate(args.pages, work, seed=1)
        site, out = work / "sectionsite", work / "out"
        settings = site / "sectionsite.yml"
        original = settings.read_text()
        variants = [
            ("default", [], original),
            ("--no-link-check", ["--no-link-check"], original),
            ("--no-link-check, search: false", ["--no-link-check"], original + "\nsearch: false\n"),
        ]
        times = {name: [] for name, _, _ in variants}
        size = 0
        for run in range(args.runs + 1):  # the first round is a warm-up
            for name, flags, text in variants:
                settings.write_text(text)
                shutil.rmtree(out, ignore_errors=True)
                shutil.rmtree(site / ".sectionsite", ignore_errors=True)
                command = [args.sectionsite, "build", "--site", str(site), "--out", str(out), "--quiet", *flags]
                status, wall, cpu, rss = bench.measure(command, work / "log")
                if status != 0:
                    sys.exit(f"structure.py: {name} failed: {(work / 'log').read_text()[-2000:]}")
                if name == "default":
                    size = (out / "search.json").stat().st_size
                if run:
                    times[name].append(wall)
                print(f"run {run}: {name}: {wall:.2f} s, {rss / 1024:.0f} MiB", file=sys.stderr)
        base = statistics.median(times[variants[-1][0]])
        print(f"| build from nothing, {args.pages:,} pages, {os.cpu_count()} cores | median wall | over the last |")
        print("| --- | ---: | ---: |")
        for name, _, _ in variants:
            median = statistics.median(times[name])
            print(f"| {name} | {median:.2f} s | {median - base:+.2f} s |")
        print(f"\nsearch.json: {size / 1e6:.1f} MB ({size / args.pages / 1000:.2f} kB a page)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
