#!/usr/bin/env python3
"""The cost model of a build from nothing: each stage's time beside what it must do at least.

    python3 Benchmarks/build/stages.py --pages 10000 --runs 3 [--results stages.md]

Generates the corpus of bench.py (corpus.py) on a tmpfs, builds it from nothing `--runs` times with
`SECTIONSITE_TRACE=1` (output and `.sectionsite/` deleted before each run), and reads from each build's trace when
each stage started, in wall and processor time, and how long the build spent inside libcmark-gfm and the
highlighter (the build times each call into them on its thread's clock while tracing). Then it measures on the same
machine, in the same run, what the stages' work costs at least:

- reading the Markdown: `cat` of every Markdown file;
- parsing and highlighting: libcmark-gfm's and the highlighter's own processor time inside the build;
- rendering: `cat` of every page written (the bytes a renderer must produce);
- the sitemap, feeds and search index: `cat` of those files;
- the link check: `cat` of the Markdown, where the links are;
- writing: `cp -r` of the whole output into another folder of the tmpfs;
- saving: `cp -r` of `.sectionsite/`.

Each stage's ratio is its median processor time over its floor's. A `cat` floor is a loose one (memory speed: no
program producing those bytes from the Markdown comes near it); `cp` and the libraries' time are tight ones. Every
figure is processor seconds unless it says wall; the cores used are printed.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus as corpus_mod  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
STEP = re.compile(r"^([0-9.]+) s, CPU ([0-9.]+) s: (?:\[\d+/\d+\] )?(.*?)(?: \d+/\d+)?$")
LIBRARY = re.compile(r"^trace: in (\S+): CPU ([0-9.]+) s for (\d+) bytes$")
# Stages by the start of their step's name, with the floor that each is set beside.
STAGES = [
    ("Reading settings", "settings and theme", None),
    ("Loading pages", "loading", "load"),
    ("Processing images", "pictures", None),
    ("Indexing the content", "content index", None),
    ("Resolving collections", "collections", None),
    ("Rendering pages", "rendering", "pages"),
    ("Making patches", "patches", None),
    ("Making the sitemap", "sitemap, feeds, search", "indexes"),
    ("Listing the output", "listing the output", None),
    ("Checking where the output goes", "checking the output's paths", None),
    ("Checking links", "link check", "markdown"),
    ("Writing output", "writing", "copy"),
    ("Saving", "saving the record", "record"),
]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_of(argv: list[str], **kwargs) -> float:
    """The processor time of a command run to its end (its children's too)."""
    before = children_cpu()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, **kwargs)
    return children_cpu() - before


def cat(files: list[Path]) -> float:
    """The processor time of `cat` reading `files` (in batches, as xargs would)."""
    total = 0.0
    for start in range(0, len(files), 2000):
        total += cpu_of(["cat", *map(str, files[start:start + 2000])])
    return total


def traced_build(exe: str, site: Path, out: Path) -> tuple[list[tuple[str, float, float]], dict[str, tuple[float, int]]]:
    """One build from nothing: each step's name and start (wall, processor), and the libraries' time and bytes."""
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(site / ".sectionsite", ignore_errors=True)
    env = dict(os.environ, SECTIONSITE_TRACE="1")
    done = subprocess.run(
        [exe, "build", "--site", str(site), "--out", str(out), "--quiet"], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"the build failed:\n{done.stderr[-3000:]}")
    steps, libraries = [], {}
    for line in done.stderr.splitlines():
        if match := STEP.match(line):
            steps.append((match.group(3), float(match.group(1)), float(match.group(2))))
        elif match := LIBRARY.match(line):
            libraries[match.group(1)] = (float(match.group(2)), int(match.group(3)))
    if not steps or steps[-1][0] != "finished":
        raise SystemExit("no trace: is this a build of SectionSite that prints SECTIONSITE_TRACE lines?")
    return steps, libraries


def stage_times(steps: list[tuple[str, float, float]]) -> dict[str, tuple[float, float]]:
    """Each stage's wall and processor time: from its step's start to the next step's."""
    times: dict[str, tuple[float, float]] = {}
    for (name, wall, cpu), (_, next_wall, next_cpu) in zip(steps, steps[1:]):
        stage = next((label for prefix, label, _ in STAGES if name.startswith(prefix)), name)
        old = times.get(stage, (0.0, 0.0))
        times[stage] = (old[0] + next_wall - wall, old[1] + next_cpu - cpu)
    return times


def size(files: list[Path]) -> int:
    return sum(file.stat().st_size for file in files)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sectionsite", default=str(REPO / ".build/release/sectionsite"))
    parser.add_argument("--work", default="/dev/shm/sectionsite-stages", help="where the corpus and outputs go")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--results", help="also write the table to this Markdown file")
    args = parser.parse_args()
    work = Path(args.work)
    corpus_root = work / str(args.pages)
    if not (corpus_root / "sectionsite").is_dir():
        print(f"generating {args.pages} pages into {corpus_root}", file=sys.stderr)
        corpus_mod.generate(args.pages, corpus_root, seed=args.seed)
    site, out = corpus_root / "sectionsite", work / "out"

    runs = [traced_build(args.sectionsite, site, out) for _ in range(args.runs)]
    stages = [stage_times(steps) for steps, _ in runs]
    total = [(steps[-1][1], steps[-1][2]) for steps, _ in runs]

    markdown = sorted((site / "Content").rglob("*.md"))
    pages = sorted(out.rglob("*.html"))
    indexes = [file for file in out.rglob("*") if file.is_file() and (
        file.suffix == ".xml" or file.relative_to(out).parts[0] in ("search", "search.json"))]
    record = site / ".sectionsite"
    copy = work / "copy"
    shutil.rmtree(copy, ignore_errors=True)
    floors = {
        "markdown": cat(markdown),
        "pages": cat(pages),
        "indexes": cat(indexes),
        "copy": cpu_of(["cp", "-r", str(out), str(copy)]),
    }
    shutil.rmtree(copy, ignore_errors=True)
    floors["record"] = cpu_of(["cp", "-r", str(record), str(copy)])
    shutil.rmtree(copy, ignore_errors=True)
    libraries = {name: (statistics.median(run[1].get(name, (0.0, 0))[0] for run in runs),
                        max(run[1].get(name, (0.0, 0))[1] for run in runs)) for name in ("libcmark-gfm", "highlighter")}
    floors["load"] = floors["markdown"] + sum(seconds for seconds, _ in libraries.values())
    megabytes = size(markdown) / 1e6

    what = {
        "load": f"{len(markdown):,} files, {megabytes:.1f} MB of Markdown read (cat {floors['markdown']:.3f} s), "
                f"parsed and written by libcmark-gfm ({libraries['libcmark-gfm'][0]:.3f} s), "
                f"{libraries['highlighter'][1] / 1e6:.1f} MB of code highlighted ({libraries['highlighter'][0]:.3f} s)",
        "pages": f"{len(pages):,} pages, {size(pages) / 1e6:.1f} MB of HTML (cat)",
        "indexes": f"{len(indexes):,} files, {size(indexes) / 1e6:.1f} MB (cat)",
        "markdown": "the links of the Markdown (cat of the Markdown)",
        "copy": f"{sum(1 for f in out.rglob('*') if f.is_file()):,} files, {sum(f.stat().st_size for f in out.rglob('*') if f.is_file()) / 1e6:.1f} MB (cp -r)",
        "record": f"{sum(f.stat().st_size for f in record.rglob('*') if f.is_file()) / 1e6:.1f} MB (cp -r)",
    }
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    lines = [
        f"{args.pages:,} pages from nothing, {cores} cores, medians of {args.runs} runs; "
        f"build {statistics.median(w for w, _ in total):.3f} s wall, {statistics.median(c for _, c in total):.3f} s CPU; "
        f"{megabytes:.1f} MB of Markdown",
        "",
        "| stage | wall s | CPU s | CPU s per MB of Markdown | what it must do at least | floor CPU s | ratio |",
        "| --- | ---: | ---: | ---: | --- | ---: | ---: |",
    ]
    for _, label, floor in STAGES:
        values = [stage.get(label) for stage in stages]
        if any(value is None for value in values):
            continue
        wall = statistics.median(value[0] for value in values)
        cpu = statistics.median(value[1] for value in values)
        floor_cpu = floors.get(floor) if floor else None
        ratio = f"{cpu / floor_cpu:.1f}x" if floor_cpu else "-"
        lines.append(
            f"| {label} | {wall:.3f} | {cpu:.3f} | {cpu / megabytes:.4f} | {what.get(floor, '-')} | "
            f"{floor_cpu:.3f} | {ratio} |" if floor_cpu is not None else
            f"| {label} | {wall:.3f} | {cpu:.3f} | {cpu / megabytes:.4f} | - | - | - |")
    lines.append("")
    lines.append(
        f"Inside the build: libcmark-gfm {libraries['libcmark-gfm'][0]:.3f} s "
        f"({megabytes / max(libraries['libcmark-gfm'][0], 1e-9):.0f} MB/s of Markdown), the highlighter "
        f"{libraries['highlighter'][0]:.3f} s ({libraries['highlighter'][1] / 1e6 / max(libraries['highlighter'][0], 1e-9):.1f} MB/s of code).")
    text = "\n".join(lines)
    print(text)
    if args.results:
        Path(args.results).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
