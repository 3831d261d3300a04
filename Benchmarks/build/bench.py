#!/usr/bin/env python3
"""Side-by-side cold build benchmark: SectionSite against Hugo on the same generated corpus.

    python3 Benchmarks/build/bench.py --pages 1000,10000 --runs 5 --results results.md

For each page count it generates the corpus (corpus.py) on a tmpfs, then builds it with each tool, alternating
Hugo, SectionSite, Hugo, SectionSite ... Every run is a full cold build into an empty output folder on the
tmpfs: the output is deleted before each run, and so are SectionSite's `<site>/.sectionsite/` (what an
incremental build would diff against) and Hugo's `<site>/resources/` and lock file. Each run is a child process
measured with os.wait4: wall time, user+sys CPU, peak RSS. After every run the output is checked (every page,
every list page and its page/N/ pages, the summaries on each list page): a broken build fails the benchmark
instead of reading as fast.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.dont_write_bytecode = True  # keep the repository clean when importing corpus.py
sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus as corpus_mod  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
TOOLS = ("hugo", "sectionsite", "baseline")
LABELS = {"hugo": "Hugo", "sectionsite": "SectionSite", "baseline": "SectionSite baseline"}
SUMMARY = re.compile(r'data-bench="summary-([a-z0-9_-]+)".*?href="([^"]*)"', re.S)


class BenchError(Exception):
    pass


@dataclass
class Run:
    tool: str
    pages: int
    index: int  # 0 = warm-up
    wall: float  # seconds
    cpu: float  # user + sys seconds
    maxrss_kib: int


def fs_type(path: Path) -> str:
    """File system type of the mount holding `path` (Linux /proc/mounts), or 'unknown'."""
    try:
        mounts = Path("/proc/mounts").read_text().splitlines()
    except OSError:
        return "unknown"
    best, kind = "", "unknown"
    real = str(path.resolve())
    for line in mounts:
        fields = line.split()
        if len(fields) < 3:
            continue
        point = fields[1].replace("\\040", " ")
        if (real == point or real.startswith(point.rstrip("/") + "/")) and len(point) >= len(best):
            best, kind = point, fields[2]
    return kind


def measure(argv: list[str], log: Path, timeout: float | None = None) -> tuple[int, float, float, int] | None:
    """Run argv as a child process; return (wait status, wall s, user+sys CPU s, peak RSS KiB), or None when it ran
    past `timeout` seconds (it is killed).

    The peak is the child's own: its `VmHWM`, read from /proc every 10 ms while it runs (it only grows, so the last
    reading misses at most the last 10 ms). A child's `ru_maxrss` is not: Linux starts it from the RSS of the
    process that spawned it, and this one holds a generated corpus (about 600 MiB at 50,000 pages), which made
    small builds look as big as the corpus. `ru_maxrss` is the fallback where /proc is missing."""
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_DUP2, fd, 1),
            (os.POSIX_SPAWN_DUP2, fd, 2),
        ]
        start = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, dict(os.environ), file_actions=actions)
        peak = None
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            peak = max(peak or 0, _high_water_kib(pid) or 0) if os.path.exists("/proc/self/status") else None
            if timeout is not None and time.perf_counter() - start > timeout:
                os.kill(pid, signal.SIGKILL)
                os.wait4(pid, 0)
                return None
            time.sleep(0.01)
        wall = time.perf_counter() - start
    finally:
        os.close(fd)
    return status, wall, usage.ru_utime + usage.ru_stime, peak or usage.ru_maxrss


def _high_water_kib(pid: int) -> int | None:
    """The process's peak resident memory so far (`VmHWM`, KiB), or None once it is gone."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def clean(tool: str, site: Path, out: Path) -> None:
    """Make the next build a full cold build: no output, no build state."""
    shutil.rmtree(out, ignore_errors=True)
    if tool in ("sectionsite", "baseline"):
        shutil.rmtree(site / ".sectionsite", ignore_errors=True)
    else:
        shutil.rmtree(site / "resources", ignore_errors=True)
        (site / ".hugo_build.lock").unlink(missing_ok=True)


def command(tool: str, exe: str, site: Path, out: Path) -> list[str]:
    if tool == "hugo":
        # The corpus dates its pages 1 to 13 hours apart from 2012: past about 20,000 they are in the future,
        # which Hugo leaves out unless told (50,000 pages: 20,125 written of 53,524); SectionSite publishes them.
        return [exe, "--quiet", "--buildFuture", "--source", str(site), "--destination", str(out)]
    return [exe, "build", "--site", str(site), "--out", str(out), "--quiet"]


def html_pages(out: Path) -> set[str]:
    """Every `index.html` an output holds, relative to it, SectionSite's runtime and patch feed left out."""
    found = set()
    for dirpath, dirnames, filenames in os.walk(out):
        rel_dir = os.path.relpath(dirpath, out)
        if rel_dir == "_sectionsite":
            dirnames.clear()
            continue
        if "index.html" in filenames:
            found.add("index.html" if rel_dir == "." else f"{rel_dir}/index.html")
    return found


def check_output(tool: str, out: Path, corpus: corpus_mod.Corpus) -> None:
    """Fail unless the build wrote exactly the expected pages, with the right summaries on each list page."""
    found = html_pages(out)
    if tool == "hugo":
        # Hugo also writes <section>/page/1/ (and tags/<tag>/page/1/) as a redirect: an alias, not a page.
        for folder in [*corpus.counts, *(f"tags/{tag}" for tag in corpus.tag_counts)]:
            alias = f"{folder}/page/1/index.html"
            if alias in found and "http-equiv=\"refresh\"" in (out / alias).read_text(encoding="utf-8"):
                found.discard(alias)
    expected = corpus.expected_html()
    missing, extra = sorted(expected - found), sorted(found - expected)
    if missing or extra:
        raise BenchError(
            f"{LABELS[tool]} wrote {len(found)} HTML pages, expected {len(expected)}: "
            f"{len(missing)} missing (e.g. {missing[:4]}), {len(extra)} unexpected (e.g. {extra[:4]})")
    for rel, (folder, urls) in corpus.list_pages().items():
        text = (out / rel).read_text(encoding="utf-8")
        # Each summary carries data-bench="summary-<section>"; the first link after it is the page's URL.
        shown = SUMMARY.findall(text)
        if [s for s, _ in shown] != [folder] * len(urls):
            raise BenchError(f"{LABELS[tool]}: {rel} shows {len(shown)} summaries "
                             f"({sum(s == folder for s, _ in shown)} in its section's template), expected "
                             f"{len(urls)}, all summary-{folder}")
        if [u for _, u in shown] != urls:
            raise BenchError(f"{LABELS[tool]}: {rel} does not list its section's pages newest first, "
                             f"{len(urls)} a page (first shown {shown[0][1]}, expected {urls[0]})")
    for page in corpus.pages[:: max(1, len(corpus.pages) // 25)]:
        rel = page.url.lstrip("/") + "index.html"
        if page.title not in (out / rel).read_text(encoding="utf-8"):
            raise BenchError(f"{LABELS[tool]}: {rel} does not show its title {page.title!r}")


def build(tool: str, exe: str, site: Path, out: Path, log: Path, corpus: corpus_mod.Corpus,
          pages: int, index: int) -> Run:
    clean(tool, site, out)
    argv = command(tool, exe, site, out)
    status, wall, cpu, rss = measure(argv, log)
    what = f"{LABELS[tool]} build of {pages} pages ({'warm-up' if index == 0 else f'run {index}'})"
    if status != 0:
        code = os.waitstatus_to_exitcode(status)
        tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-15:]
        raise BenchError(f"{what} failed with exit status {code}: {' '.join(argv)}\n  " + "\n  ".join(tail))
    try:
        check_output(tool, out, corpus)
    except BenchError as error:
        raise BenchError(f"{what} exited 0 but its output is wrong: {error}") from None
    return Run(tool, pages, index, wall, cpu, rss)


def resolve_exe(name: str, tool: str) -> str:
    path = Path(name)
    if path.parent != Path("."):
        candidate = path if path.is_absolute() else (Path.cwd() / path)
        if not candidate.exists() and not path.is_absolute() and (REPO / path).exists():
            candidate = REPO / path
        if not (candidate.is_file() and os.access(candidate, os.X_OK)):
            hint = " (build it: swift build -c release)" if tool == "sectionsite" else ""
            raise BenchError(f"{LABELS[tool]} binary not found or not executable: {candidate}{hint}")
        return str(candidate.resolve())
    found = shutil.which(name)
    if not found:
        hint = " (Debian: apt-get install -y hugo)" if tool == "hugo" else ""
        raise BenchError(f"{LABELS[tool]} binary not found on PATH: {name}{hint}")
    return found


def version(tool: str, exe: str) -> str:
    argv = [exe, "version"] if tool == "hugo" else [exe, "--version"]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=30)
        text = (done.stdout or done.stderr).strip().splitlines()
        line = text[0] if done.returncode == 0 and text else "version unknown"
    except (OSError, subprocess.TimeoutExpired):
        line = "version unknown"
    if tool == "baseline":
        line = f"{line} ({exe})"
    if tool == "sectionsite":
        try:
            rev = subprocess.run(["git", "-C", str(REPO), "describe", "--always", "--dirty"],
                                 capture_output=True, text=True, timeout=30).stdout.strip()
        except OSError:
            rev = ""
        try:
            shown = str(Path(exe).relative_to(REPO))
        except ValueError:
            shown = Path(exe).name
        line = f"{line} ({shown}{', repository at ' + rev if rev else ''})"
    return line


def machine() -> list[str]:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                mem = f", {int(line.split()[1]) / 1024 / 1024:.0f} GiB memory"
    except OSError:
        pass
    return [f"{cpu}, {os.cpu_count()} logical CPUs{mem}", f"{platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}"]


def loadavg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def fmt_mib(kib: float) -> str:
    return f"{kib / 1024:.0f}"


def table(runs: list[Run], tools: list[str], page_counts: list[int], html: dict[int, int]) -> str:
    lines = [
        "| tool | pages | HTML files | runs | median wall (s) | wall min–max (s) | median CPU (s) | peak memory (MiB) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for pages in page_counts:
        stats = {}
        for tool in tools:
            mine = [r for r in runs if r.tool == tool and r.pages == pages and r.index > 0]
            if not mine:
                continue
            walls = [r.wall for r in mine]
            stats[tool] = (statistics.median(walls), statistics.median(r.cpu for r in mine),
                           max(r.maxrss_kib for r in mine))
            lines.append(f"| {LABELS[tool]} | {pages:,} | {html[pages]:,} | {len(mine)} | {stats[tool][0]:.2f} | "
                         f"{min(walls):.2f}–{max(walls):.2f} | {stats[tool][1]:.2f} | {fmt_mib(stats[tool][2])} |")
        if "hugo" in stats and "sectionsite" in stats:
            h, s = stats["hugo"], stats["sectionsite"]
            ratio = [f"{s[k] / h[k]:.2f}×" if h[k] else "n/a" for k in range(3)]
            lines.append(f"| **SectionSite / Hugo** | {pages:,} | | | **{ratio[0]}** | | **{ratio[1]}** | "
                         f"**{ratio[2]}** |")
    return "\n".join(lines)


def raw_table(runs: list[Run]) -> str:
    lines = ["| pages | run | tool | wall (s) | CPU (s) | max RSS (MiB) |", "| ---: | --- | --- | ---: | ---: | ---: |"]
    for r in runs:
        run = "warm-up (not counted)" if r.index == 0 else str(r.index)
        lines.append(f"| {r.pages:,} | {run} | {LABELS[r.tool]} | {r.wall:.3f} | {r.cpu:.3f} | "
                     f"{r.maxrss_kib / 1024:.1f} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", default="1000,10000", help="comma-separated page counts (default 1000,10000)")
    parser.add_argument("--runs", type=int, default=5, help="measured runs per tool and page count (default 5)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="unmeasured (but checked) runs per tool before measuring (default 1)")
    parser.add_argument("--sectionsite", default=".build/release/sectionsite",
                        help="SectionSite binary (default .build/release/sectionsite, relative to the repository)")
    parser.add_argument("--hugo", default="hugo", help="Hugo binary (default: hugo on PATH)")
    parser.add_argument("--baseline", metavar="BIN",
                        help="a second SectionSite binary (an earlier release build) timed in the same run, "
                             "to show a change's cost or gain beside Hugo")
    parser.add_argument("--tools", default="hugo,sectionsite",
                        help="which tools to run (default hugo,sectionsite; one alone gives no ratio)")
    parser.add_argument("--results", type=Path, help="also write the table (and every run) to this Markdown file")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="generate the corpus into DIR/<pages>/{hugo,sectionsite} and keep it")
    parser.add_argument("--tmpfs", type=Path, default=Path("/dev/shm"),
                        help="tmpfs folder for outputs (and the corpus unless --keep) (default /dev/shm)")
    parser.add_argument("--seed", type=int, default=1, help="corpus seed (default 1)")
    args = parser.parse_args()

    try:
        page_counts = [int(p.replace("_", "")) for p in args.pages.split(",") if p.strip()]
        tools = [t.strip() for t in args.tools.split(",") if t.strip()] + (["baseline"] if args.baseline else [])
        if not page_counts or any(p < 1 for p in page_counts):
            raise BenchError("--pages needs positive page counts, e.g. 1000,10000")
        if not tools or any(t not in TOOLS for t in tools):
            raise BenchError(f"--tools takes a comma-separated subset of {','.join(TOOLS)}")
        tools = [t for t in TOOLS if t in tools]  # always Hugo first, then SectionSite
        if args.runs < 1 or args.warmup < 0:
            raise BenchError("--runs must be at least 1 and --warmup at least 0")
        names = {"hugo": args.hugo, "sectionsite": args.sectionsite, "baseline": args.baseline}
        exes = {t: resolve_exe(names[t], t) for t in tools}
        versions = {t: version(t, exes[t]) for t in tools}
        kind = fs_type(args.tmpfs)
        if kind != "tmpfs":
            print(f"warning: {args.tmpfs} is on {kind}, not tmpfs: disk writes will be part of the timings "
                  f"(pass --tmpfs DIR with a tmpfs, e.g. after: mount -t tmpfs tmpfs DIR)", file=sys.stderr)
        if "sectionsite" in tools and "/debug/" in exes["sectionsite"]:
            print("warning: a debug build of SectionSite: its timings say nothing about speed",
                  file=sys.stderr)
        if os.getloadavg()[0] > 0.5:
            print(f"warning: the machine is busy (load average {loadavg()}): timings will be noisy; "
                  "the load is recorded in the results", file=sys.stderr)
        return bench(args, page_counts, tools, exes, versions, kind)
    except BenchError as error:
        print(f"bench.py: error: {error}", file=sys.stderr)
        return 1


def bench(args, page_counts, tools, exes, versions, kind) -> int:
    work = Path(tempfile.mkdtemp(prefix="sectionsite-bench-", dir=args.tmpfs))
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load_before = loadavg()
    runs: list[Run] = []
    html: dict[int, int] = {}
    try:
        for pages in page_counts:
            root = (args.keep / str(pages)) if args.keep else (work / f"corpus-{pages}")
            print(f"[{pages} pages] generating the corpus in {root} ...", file=sys.stderr)
            corpus = corpus_mod.generate(pages, root, args.seed)
            html[pages] = len(corpus.expected_html())
            schedule = [(0, t) for _ in range(args.warmup) for t in tools]
            schedule += [(i, t) for i in range(1, args.runs + 1) for t in tools]
            for index, tool in schedule:
                out = work / f"out-{tool}"
                site = root / ("sectionsite" if tool == "baseline" else tool)
                run = build(tool, exes[tool], site, out, work / f"{tool}.log", corpus, pages, index)
                if index > 0:
                    runs.append(run)
                label = "warm-up" if index == 0 else f"run {index}/{args.runs}"
                print(f"[{pages} pages] {label:9} {LABELS[tool]:11} {run.wall:7.2f} s wall {run.cpu:7.2f} s CPU "
                      f"{run.maxrss_kib / 1024:7.0f} MiB  (output checked: {html[pages]} HTML pages)",
                      file=sys.stderr)
                shutil.rmtree(out, ignore_errors=True)
            if not args.keep:
                shutil.rmtree(root, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    result = table(runs, tools, page_counts, html)
    print(result)
    if args.results:
        notes = [
            "# SectionSite vs Hugo: cold full builds", "",
            f"- date: {started}; load average before {load_before}, after {loadavg()}",
            *[f"- machine: {m}" for m in machine()],
            *[f"- {LABELS[t]}: {versions[t]}" for t in tools],
            *(["- **SectionSite is a debug build: its timings mean nothing**"]
              if "sectionsite" in tools and "/debug/" in exes["sectionsite"] else []),
            f"- output on {args.tmpfs} ({kind}); every run a cold full build into an empty folder "
            f"(SectionSite's <site>/.sectionsite/ deleted before each run)",
            f"- corpus seed {args.seed}; {args.runs} measured runs per tool, alternating, after {args.warmup} "
            "unmeasured warm-up run(s) each",
            "- wall and CPU: medians over the measured runs; CPU is user+sys of the build process; "
            "peak memory: the highest peak RSS (VmHWM) of any measured run",
            "", result, "", "## Every run", "", raw_table(runs), "",
        ]
        args.results.write_text("\n".join(notes), encoding="utf-8")
        print(f"written to {args.results}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
