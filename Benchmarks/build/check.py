#!/usr/bin/env python3
"""`sectionsite check` against `sectionsite build` from nothing, on the corpus of bench.py, alternating.

    swift build -c release && python3 Benchmarks/build/check.py [--pages 10000] [--runs 5]

The issue's goal: a check costs at most 20% more than a build of the same site. Output on tmpfs.
"""

import argparse
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
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sectionsite", default=str(bench.REPO / ".build" / "release" / "sectionsite"))
    parser.add_argument("--tmpfs", type=Path, default=Path("/dev/shm"))
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="sectionsite-check-", dir=args.tmpfs))
    try:
        corpus_mod.generate(args.pages, work, seed=1)
        site, out = work / "sectionsite", work / "out"
        times = {"build": [], "check": []}
        for run in range(args.runs + 1):  # the first of each is a warm-up
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(site / ".sectionsite", ignore_errors=True)
            status, wall, cpu, rss = bench.measure([args.sectionsite, "build", "--site", str(site), "--out", str(out), "--quiet"], work / "log")
            if status != 0:
                sys.exit(f"check.py: the build failed: {(work / 'log').read_text()[-2000:]}")
            if run:
                times["build"].append(wall)
            status, wall, cpu, rss = bench.measure([args.sectionsite, "check", "--site", str(site)], work / "log")
            if status != 0:
                sys.exit(f"check.py: the check failed: {(work / 'log').read_text()[-2000:]}")
            if run:
                times["check"].append(wall)
            print(f"run {run}: {'warm-up ' if not run else ''}build {times['build'][-1] if run else 0:.2f} s, "
                  f"check {wall:.2f} s, {(work / 'log').read_text().strip().splitlines()[-1]}", file=sys.stderr)
        build, check = statistics.median(times["build"]), statistics.median(times["check"])
        print(f"| pages | build from nothing | check | check / build |\n| ---: | ---: | ---: | ---: |\n"
              f"| {args.pages:,} | {build:.2f} s | {check:.2f} s | {check / build:.2f}× |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
