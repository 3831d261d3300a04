#!/usr/bin/env python3
"""Compatibility benchmark: import real Jekyll and Hugo sites with SectionSite and see what survives.

    python3 Benchmarks/compat/compat.py --sectionsite .build/release/sectionsite --sites /tmp/realsites \
        --manifest Benchmarks/compat/sites.txt --work /tmp/compat-work --results compat.md --json compat.json

For each site in the folder (or listed in the manifest): the pages in its source; `sectionsite import` and its time;
whether the first `sectionsite build --site OUT` succeeds, with its time and peak memory; its errors and warnings by
kind; the share of the original generator's addresses that the built `OUT/_site` answers, with a page or a redirect
there (the addresses are computed from the source's own settings by addresses.py, which never asks SectionSite);
and `sectionsite check --site OUT`'s broken links by cause. It fetches nothing: bring the sites (see README.md).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import sys
import urllib.parse
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.dont_write_bytecode = True  # keep the repository clean when importing the modules beside this one
HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "Benchmarks" / "build"))
import addresses as oracle_mod  # noqa: E402
import bench  # noqa: E402  (measure: wall, CPU and the child's own peak memory, VmHWM)

DIAGNOSTIC = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|note): "
                        r"(?P<msg>.*)$")
MORE = re.compile(r"^and (\d+) more (errors?|warnings?)")
IMPORTED = re.compile(r"Imported (\d+) pages?")
LEFT = re.compile(r"^\s+(\d+) (.+)$")


@dataclass
class Site:
    name: str
    kind: str
    root: Path
    repo: str = ""
    commit: str = ""


@dataclass
class Step:
    ran: bool = False
    ok: bool = False
    exit: int | None = None
    wall_s: float | None = None
    cpu_s: float | None = None
    peak_mib: float | None = None
    timed_out: bool = False


@dataclass
class Result:
    name: str
    kind: str
    repo: str
    commit: str
    source_pages: int = 0
    addresses: int = 0
    addresses_by_kind: dict = field(default_factory=dict)
    oracle_notes: list = field(default_factory=list)
    imported_pages: int | None = None
    import_leftovers: dict = field(default_factory=dict)
    import_step: Step = field(default_factory=Step)
    build_step: Step = field(default_factory=Step)
    check_step: Step = field(default_factory=Step)
    errors: int = 0
    warnings: int = 0
    errors_shown: int = 0
    diagnostics: list = field(default_factory=list)  # [{severity, shape, count, example}]
    answered: int = 0
    answered_as_page: int = 0
    answered_as_redirect: int = 0
    unanswered_examples: list = field(default_factory=list)
    unanswered_by_kind: dict = field(default_factory=dict)
    broken_links: int = 0
    broken_by_cause: list = field(default_factory=list)  # [{cause, count, example}]

    @property
    def share(self) -> float | None:
        return self.answered / self.addresses if self.addresses else None


# ------------------------------------------------------------------------------------------------------- the sites

def read_manifest(path: Path, sites_dir: Path) -> list[Site]:
    """Lines of `name kind folder [owner/repo commit]`; `#` starts a comment; folder is relative to --sites."""
    sites = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        if len(fields) < 3 or fields[1] not in ("jekyll", "hugo"):
            raise SystemExit(f"{path}:{number}:1: error: expected 'name jekyll|hugo folder [owner/repo commit]'")
        sites.append(Site(fields[0], fields[1], sites_dir / fields[2],
                          fields[3] if len(fields) > 3 else "", fields[4] if len(fields) > 4 else ""))
    return sites


def discover(sites_dir: Path) -> list[Site]:
    sites = []
    for folder in sorted(p for p in sites_dir.iterdir() if p.is_dir()):
        kind = oracle_mod.detect(folder)
        if kind:
            sites.append(Site(folder.name, kind, folder))
        else:
            print(f"compat.py: {folder}: neither a Jekyll nor a Hugo site, skipped", file=sys.stderr)
    return sites


# ---------------------------------------------------------------------------------------------------- diagnostics

def shape(message: str) -> str:
    """A message with what varies from one occurrence to the next taken out: quoted text, paths, numbers."""
    text = re.sub(r"'[^']*'", "'…'", message)
    text = re.sub(r'"[^"]*"', '"…"', text)
    text = re.sub(r"\([^()]*[/.][^()]*\)", "(…)", text)
    text = re.sub(r"(?<![\w'])/[^\s,;:)]+", "/…", text)
    text = re.sub(r"\d+", "N", text)
    return text


def parse_diagnostics(text: str) -> tuple[list[dict], int, int, int]:
    """(groups, errors, warnings, error lines shown) from a build's or check's output."""
    groups: dict[tuple[str, str], dict] = {}
    errors = warnings = shown = 0
    hidden_errors = hidden_warnings = 0
    for line in text.splitlines():
        match = DIAGNOSTIC.match(line.strip())
        if match:
            sev, msg = match["sev"], match["msg"]
            if sev == "note":
                continue  # notes belong to the error above them
            key = (sev, shape(msg))
            group = groups.setdefault(key, {"severity": sev, "shape": key[1], "count": 0,
                                            "example": f"{match['file']}:{match['line']}: {msg}"})
            group["count"] += 1
            if sev == "error":
                errors += 1
                shown += 1
            else:
                warnings += 1
            continue
        more = MORE.match(line.strip())
        if more:
            if more.group(2).startswith("error"):
                hidden_errors += int(more.group(1))
            else:
                hidden_warnings += int(more.group(1))
    ordered = sorted(groups.values(), key=lambda g: (g["severity"] != "error", -g["count"], g["shape"]))
    return ordered, errors + hidden_errors, warnings + hidden_warnings, shown


def link_cause(message: str) -> str:
    """A broken link's cause, from `check`'s message: what kind of target, and why it leads nowhere."""
    target = re.search(r"link to '([^']*)'", message)
    href = target.group(1) if target else ""
    if href.startswith(("http://", "https://")):
        where = "absolute URL to the site's own host"
    elif href.startswith("#"):
        where = "anchor on the same page"
    elif "#" in href:
        where = "anchor on another page"
    elif href.startswith("/"):
        where = "site path"
    elif href.endswith((".md", ".markdown", ".html")):
        where = f"relative link to a {href.rsplit('.', 1)[1]} file"
    elif href.startswith("{{") or href.startswith("{%"):
        where = "template code left in the link"
    else:
        where = "relative path"
    why = message.split("leads nowhere", 1)[1].lstrip(": ") if "leads nowhere" in message else message
    return f"{where}: {shape(why)}"


def parse_broken(text: str) -> tuple[int, list[dict]]:
    groups: dict[str, dict] = {}
    total = 0
    for line in text.splitlines():
        match = DIAGNOSTIC.match(line.strip())
        if not match or match["sev"] != "error" or "leads nowhere" not in match["msg"]:
            continue
        total += 1
        cause = link_cause(match["msg"])
        group = groups.setdefault(cause, {"cause": cause, "count": 0,
                                          "example": f"{match['file']}:{match['line']}: {match['msg']}"})
        group["count"] += 1
    summary = re.search(r"Checked \d+ internal link\(s\) in \d+ pages?: (\d+) broken", text)
    if summary:
        total = max(total, int(summary.group(1)))
    return total, sorted(groups.values(), key=lambda g: -g["count"])


# -------------------------------------------------------------------------------------------------------- answered

def answer(out: Path, url: str) -> str | None:
    """'page' or 'redirect' when the built site answers `url` (as a static host would), else None.

    A URL ending in `/` is answered by its `index.html`; one with an extension by that file; one with neither by
    the file, `<url>.html` or `<url>/index.html` (hosts such as GitHub Pages and Netlify serve the first two and
    redirect to the third). A redirect is an HTML file whose head has a `http-equiv="refresh"`."""
    path = urllib.parse.unquote(url).lstrip("/")
    if ".." in path.split("/"):
        return None
    candidates = []
    if url.endswith("/") or path == "":
        candidates.append(out / path / "index.html")
    elif os.path.splitext(path)[1]:
        candidates.append(out / path)
    else:
        candidates += [out / path, out / (path + ".html"), out / path / "index.html"]
    for candidate in candidates:
        if candidate.is_file():
            try:
                with open(candidate, "rb") as handle:
                    head = handle.read(4096).lower()
            except OSError:
                continue
            return "redirect" if b'http-equiv="refresh"' in head or b"http-equiv=refresh" in head else "page"
    return None


# ------------------------------------------------------------------------------------------------------------ runs

def step(argv: list[str], log: Path, timeout: float) -> tuple[Step, str]:
    outcome = bench.measure(argv, log, timeout)
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    if outcome is None:
        return Step(ran=True, ok=False, timed_out=True), text
    status, wall, cpu, peak_kib = outcome
    code = os.waitstatus_to_exitcode(status)
    return Step(True, code == 0, code, round(wall, 2), round(cpu, 2), round(peak_kib / 1024, 1)), text


def run_site(site: Site, exe: str, work: Path, timeout: float, log_dir: Path) -> Result:
    result = Result(site.name, site.kind, site.repo, site.commit)
    oracle = oracle_mod.addresses(site.kind, site.root)
    counts = Counter(a.kind for a in oracle.addresses)
    result.addresses = len(oracle.addresses)
    result.addresses_by_kind = dict(counts)
    result.source_pages = sum(counts[k] for k in ("page", "home", "section", "static"))
    result.oracle_notes = oracle.notes
    dest = work / site.name
    shutil.rmtree(dest, ignore_errors=True)
    dest.parent.mkdir(parents=True, exist_ok=True)

    say = lambda text: print(f"[{site.name}] {text}", file=sys.stderr)  # noqa: E731
    say(f"{site.kind}, {result.source_pages} pages, {result.addresses} addresses; importing ...")
    result.import_step, text = step([exe, "import", site.kind, str(site.root), str(dest)],
                                    log_dir / f"{site.name}.import.log", timeout)
    imported = IMPORTED.search(text)
    result.imported_pages = int(imported.group(1)) if imported else None
    leftovers = False
    for line in text.splitlines():
        if line.startswith("Left as written"):
            leftovers = True
            continue
        match = LEFT.match(line) if leftovers else None
        if match:
            result.import_leftovers[match.group(2)] = int(match.group(1))
    if not result.import_step.ok:
        say(f"import failed (exit {result.import_step.exit}); see {log_dir / (site.name + '.import.log')}")
        result.diagnostics, result.errors, result.warnings, result.errors_shown = parse_diagnostics(text)
        return result

    say(f"imported in {result.import_step.wall_s} s; building ...")
    out = dest / "_site"
    result.build_step, text = step([exe, "build", "--site", str(dest), "--out", str(out)],
                                   log_dir / f"{site.name}.build.log", timeout)
    result.diagnostics, result.errors, result.warnings, result.errors_shown = parse_diagnostics(text)
    say(f"build {'succeeded' if result.build_step.ok else 'failed'} in {result.build_step.wall_s} s "
        f"({result.errors} errors, {result.warnings} warnings); checking links ...")
    result.check_step, text = step([exe, "check", "--site", str(dest)], log_dir / f"{site.name}.check.log", timeout)
    result.broken_links, result.broken_by_cause = parse_broken(text)

    missing_by_kind: Counter = Counter()
    if result.build_step.ok and out.is_dir():
        for address in oracle.addresses:
            how = answer(out, address.url)
            if how == "page":
                result.answered_as_page += 1
            elif how == "redirect":
                result.answered_as_redirect += 1
            else:
                missing_by_kind[address.kind] += 1
                if len(result.unanswered_examples) < 15:
                    result.unanswered_examples.append(f"{address.url} ({address.kind}, {address.source})")
        result.answered = result.answered_as_page + result.answered_as_redirect
    result.unanswered_by_kind = dict(missing_by_kind)
    say(f"{result.answered} of {result.addresses} addresses answered; {result.broken_links} broken links")
    return result


# ----------------------------------------------------------------------------------------------------------- tables

def _num(value, digits: int = 1) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def table(results: list[Result]) -> str:
    lines = [
        "| site | kind | pages | import (s) | first build | errors | warnings | addresses answered | "
        "broken links | build (s) | peak memory (MiB) |",
        "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        if not r.import_step.ok:
            build = "import failed"
        elif r.build_step.timed_out:
            build = "timed out"
        else:
            build = "yes" if r.build_step.ok else "**no**"
        share = "–" if not r.build_step.ok else f"{100 * (r.share or 0):.1f}% ({r.answered:,} of {r.addresses:,})"
        broken = f"{r.broken_links:,}" if r.build_step.ok else "–"
        peak = max((s.peak_mib for s in (r.build_step,) if s.peak_mib is not None), default=None)
        lines.append(f"| {r.name} | {r.kind} | {r.source_pages:,} | {_num(r.import_step.wall_s)} | {build} | "
                     f"{r.errors:,} | {r.warnings:,} | {share} | "
                     f"{broken} | {_num(r.build_step.wall_s)} | {_num(peak, 0)} |")
    return "\n".join(lines)


def details(results: list[Result]) -> str:
    out = []
    for r in results:
        out += [f"### {r.name}", ""]
        if r.repo:
            out.append(f"- source: {r.repo} at {r.commit}")
        out.append(f"- addresses: {r.addresses:,} ({', '.join(f'{n:,} {k}' for k, n in sorted(r.addresses_by_kind.items()))})"
                   f"; oracle: {'; '.join(r.oracle_notes[:3])}")
        out.append(f"- import: {r.imported_pages if r.imported_pages is not None else '?'} pages written in "
                   f"{_num(r.import_step.wall_s)} s, peak {_num(r.import_step.peak_mib, 0)} MiB; left as written: "
                   + (", ".join(f"{n:,} {k}" for k, n in r.import_leftovers.items()) or "nothing"))
        if r.diagnostics:
            hidden = f" (the first {r.errors_shown} errors shown by the build)" if r.errors > r.errors_shown else ""
            out.append(f"- build diagnostics by kind{hidden}:")
            for g in r.diagnostics:
                out.append(f"  - {g['count']:,} {g['severity']}: `{g['shape']}` — e.g. `{g['example']}`")
        if r.build_step.ok and r.addresses > r.answered:
            out.append(f"- not answered: {r.addresses - r.answered:,} ("
                       + ", ".join(f"{n:,} {k}" for k, n in sorted(r.unanswered_by_kind.items())) + "), e.g. "
                       + "; ".join(f"`{e}`" for e in r.unanswered_examples[:5]))
        if r.broken_by_cause:
            out.append("- broken links by cause:")
            for g in r.broken_by_cause:
                out.append(f"  - {g['count']:,} {g['cause']} — e.g. `{g['example']}`")
        out.append("")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sectionsite", default=".build/release/sectionsite",
                        help="SectionSite binary (default .build/release/sectionsite, relative to the repository)")
    parser.add_argument("--sites", type=Path, required=True, help="the folder holding the source sites")
    parser.add_argument("--manifest", type=Path,
                        help="lines 'name jekyll|hugo folder [owner/repo commit]' (default: every folder of --sites, "
                             "its kind detected)")
    parser.add_argument("--work", type=Path, required=True,
                        help="where the imported sites and logs go (each site's folder is replaced)")
    parser.add_argument("--only", help="comma-separated site names to run")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per step before it is killed (600)")
    parser.add_argument("--results", type=Path, help="also write the table and the details to this Markdown file")
    parser.add_argument("--json", type=Path, help="write every result to this JSON file")
    args = parser.parse_args()

    try:
        exe = bench.resolve_exe(args.sectionsite, "sectionsite")
    except bench.BenchError as error:
        print(f"compat.py: error: {error}", file=sys.stderr)
        return 1
    sites = read_manifest(args.manifest, args.sites) if args.manifest else discover(args.sites)
    if args.only:
        wanted = {n.strip() for n in args.only.split(",")}
        sites = [s for s in sites if s.name in wanted]
    missing = [s for s in sites if not s.root.is_dir()]
    for site in missing:
        print(f"compat.py: {site.root}: not there, skipped (fetch {site.repo or site.name} first)", file=sys.stderr)
    sites = [s for s in sites if s.root.is_dir()]
    if not sites:
        print("compat.py: error: no sites to run", file=sys.stderr)
        return 1
    args.work.mkdir(parents=True, exist_ok=True)
    log_dir = args.work / "logs"
    log_dir.mkdir(exist_ok=True)
    started = datetime.datetime.now(datetime.timezone.utc)
    results = [run_site(site, exe, args.work.resolve(), args.timeout, log_dir) for site in sites]
    version = bench.version("sectionsite", exe)
    result_table = table(results)
    print(result_table)
    header = [
        "# SectionSite compatibility: real Jekyll and Hugo sites", "",
        f"- date: {started.strftime('%Y-%m-%d %H:%M UTC')}; {len(results)} sites",
        f"- SectionSite: {version}",
        *[f"- machine: {m}" for m in bench.machine()],
        *(["- **a debug build: times and memory are not a release build's**"] if "/debug/" in exe else []),
        "",
    ]
    if args.results:
        args.results.write_text("\n".join(header + [result_table, "", "## Details", "", details(results)]),
                                encoding="utf-8")
        print(f"written to {args.results}", file=sys.stderr)
    if args.json:
        payload = {"date": started.isoformat(), "sectionsite": version, "machine": bench.machine(),
                   "sites": [{**asdict(r), "share": r.share} for r in results]}
        args.json.write_text(json.dumps(payload, indent=2, default=str), encoding="utf-8")
        print(f"written to {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
