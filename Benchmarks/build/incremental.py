#!/usr/bin/env python3
"""Incremental builds against a build from nothing, on the corpus of bench.py, with Hugo's full build beside them.

    swift build -c release && python3 Benchmarks/build/incremental.py [--pages 10000] [--runs 5] [--cores 0,1]

For SectionSite it times, alternating, N builds from nothing (output and .sectionsite/ deleted), N builds with
nothing changed, N builds after one page's body changed (a sentence appended to a different page each run), and N
builds of a fresh clone with that change: the sources copied anew (every file's time new), the `.sectionsite/` of
the build before the change restored beside them, and no output, as a CI runner has them after a cache restore;
Hugo (Debian's, no incremental CLI build) is timed from nothing in the same run. `--cores` pins every build to those
CPUs with taskset, to see how a build scales (`--cores 0` against `--cores 0,1`). Output on tmpfs.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bench  # noqa: E402
import corpus as corpus_mod  # noqa: E402


def timed(argv, log, cores):
    if cores:
        argv = [shutil.which("taskset"), "-c", cores] + argv
    status, wall, cpu, rss = bench.measure(argv, log)
    if status != 0:
        sys.exit(f"incremental.py: {' '.join(argv)} failed: {log.read_text()[-2000:]}")
    return wall, cpu, rss


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sectionsite", default=str(bench.REPO / ".build" / "release" / "sectionsite"))
    parser.add_argument("--hugo", default="hugo")
    parser.add_argument("--cores", default="", help="CPU list for taskset, e.g. 0 or 0,1 (default: all)")
    parser.add_argument("--tmpfs", type=Path, default=Path("/dev/shm"))
    args = parser.parse_args()
    exe = str(Path(args.sectionsite).resolve())
    hugo = shutil.which(args.hugo)
    work = Path(tempfile.mkdtemp(prefix="sectionsite-incremental-", dir=args.tmpfs))
    try:
        corpus = corpus_mod.generate(args.pages, work / "corpus", 1)
        site, hugo_site = work / "corpus" / "sectionsite", work / "corpus" / "hugo"
        out, log = work / "out", work / "log"
        pages = sorted((site / "Content").rglob("p*.md"))
        rows = {
            "from nothing": [], "nothing changed": [], "one page changed": [],
            "fresh clone, restored .sectionsite/, one page changed": [], "Hugo from nothing": [],
        }
        saved, clone, clone_out = work / "saved-state", work / "clone", work / "clone-out"
        for run in range(args.runs + 1):  # the first round warms the caches and is not counted
            bench.clean("sectionsite", site, out)
            cold = timed([exe, "build", "--site", str(site), "--out", str(out), "--quiet"], log, args.cores)
            bench.check_output("sectionsite", out, corpus)
            same = timed([exe, "build", "--site", str(site), "--out", str(out), "--quiet"], log, args.cores)
            shutil.rmtree(saved, ignore_errors=True)
            shutil.copytree(site / ".sectionsite", saved)  # what a CI cache holds: the state of the last build
            page = pages[(run * 7919) % len(pages)]
            with page.open("a", encoding="utf-8") as handle:
                handle.write(f"\nOne more sentence, number {run}.\n")
            one = timed([exe, "build", "--site", str(site), "--out", str(out), "--quiet"], log, args.cores)
            bench.check_output("sectionsite", out, corpus)
            if f"number {run}." not in (out / page.relative_to(site / "Content").with_suffix("") / "index.html").read_text():
                sys.exit(f"incremental.py: the edit of {page} is not in the output")
            # The CI runner: a checkout (new files, new times, a folder of its own), the cache restored, no output.
            for folder in (clone, clone_out):
                shutil.rmtree(folder, ignore_errors=True)
            shutil.copytree(site, clone, copy_function=shutil.copy, ignore=shutil.ignore_patterns(".sectionsite"))
            shutil.copytree(saved, clone / ".sectionsite")
            fresh = timed([exe, "build", "--site", str(clone), "--out", str(clone_out), "--quiet"], log, args.cores)
            if f"number {run}." not in (clone_out / page.relative_to(site / "Content").with_suffix("") / "index.html").read_text():
                sys.exit(f"incremental.py: the edit of {page} is not in the fresh clone's output")
            row = [cold, same, one, fresh]
            if hugo:
                bench.clean("hugo", hugo_site, out)
                row.append(timed([hugo, "--quiet", "--source", str(hugo_site), "--destination", str(out)], log, args.cores))
            if run > 0:
                for name, value in zip(rows, row):
                    rows[name].append(value)
        cold_wall = statistics.median(w for w, _, _ in rows["from nothing"])
        print(f"{args.pages} pages, {os.cpu_count()} logical CPUs, cores {args.cores or 'all'}, {args.runs} runs, medians\n")
        print("| build | wall (s) | CPU (s) | peak memory (MiB) | wall / from nothing |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for name, runs in rows.items():
            if not runs:
                continue
            wall = statistics.median(w for w, _, _ in runs)
            cpu = statistics.median(c for _, c, _ in runs)
            rss = max(r for _, _, r in runs) / 1024
            print(f"| {name} | {wall:.2f} | {cpu:.2f} | {rss:.0f} | {wall / cold_wall:.2f} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
