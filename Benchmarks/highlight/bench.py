#!/usr/bin/env python3
"""Highlighting throughput: SectionSite's highlighter (KSyntaxHighlighting through Benchmarks' HighlightBenchmark)
beside Pygments (Debian's python3-pygments, or whatever `import pygments` finds), on the same real source files.

    swift build -c release --package-path Benchmarks --product HighlightBenchmark
    python3 Benchmarks/highlight/bench.py [--runs 5] [--max-files 40]

The files are this repository's and its checked-out dependencies' (`.build/checkouts`): Swift, C, C++, Python,
JavaScript, JSON, YAML, Markdown and shell, up to --max-files per language. Pygments runs in this process with its
HTML formatter in `nowrap` mode (spans only), the closest to what SectionSite writes.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LANGUAGES = {"swift": ".swift", "c": ".c", "cpp": ".cpp", "python": ".py", "javascript": ".js", "json": ".json",
             "yaml": ".yml", "markdown": ".md", "bash": ".sh"}


def files_by_language(max_files):
    found = {language: [] for language in LANGUAGES}
    roots = [REPO / "Sources", REPO / "Tests", REPO / "Benchmarks", REPO / ".build" / "checkouts"]
    for root in roots:
        for path in sorted(root.rglob("*")):
            for language, suffix in LANGUAGES.items():
                if path.suffix == suffix and path.is_file() and len(found[language]) < max_files \
                        and 200 < path.stat().st_size < 200_000:
                    found[language].append(path)
    return {language: paths for language, paths in found.items() if paths}


def pygments_rates(files, runs):
    try:
        import pygments
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import get_lexer_by_name
    except ImportError:
        return None, "not installed (apt-get install python3-pygments)"
    rows = {}
    formatter = HtmlFormatter(nowrap=True)
    for language, paths in files.items():
        texts = [p.read_text(encoding="utf-8", errors="replace") for p in paths]
        size = sum(len(t.encode()) for t in texts)
        lexer = get_lexer_by_name(language)
        rates = []
        for _ in range(runs):
            start = time.perf_counter()
            for text in texts:
                highlight(text, lexer, formatter)
            rates.append(size / (time.perf_counter() - start) / 1e6)
        rows[language] = statistics.median(rates)
    return rows, pygments.__version__


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--max-files", type=int, default=40)
    parser.add_argument("--bin", default=str(REPO / "Benchmarks" / ".build" / "release" / "HighlightBenchmark"))
    args = parser.parse_args()
    files = files_by_language(args.max_files)
    if not Path(args.bin).is_file():
        sys.exit(f"bench.py: {args.bin} is missing: swift build -c release --package-path Benchmarks --product HighlightBenchmark")
    argv = [args.bin, "--runs", str(args.runs)] + [f"{lang}={p}" for lang, paths in files.items() for p in paths]
    ours = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    print(f"machine: {os.cpu_count()} logical CPUs; one thread each\n")
    print("SectionSite (KSyntaxHighlighting):\n")
    print(ours)
    rows, version = pygments_rates(files, args.runs)
    print(f"Pygments {version}:\n")
    if rows:
        print("| language | median MB/s |\n| --- | ---: |")
        for language, rate in rows.items():
            print(f"| {language} | {rate:.1f} |")


if __name__ == "__main__":
    main()
