#!/usr/bin/env python3
"""What the default theme's search box fetches from the search index in shards, on a large site.

    python3 Benchmarks/search/bench.py [--pages 100000] [--work /dev/shm/search-bench] [--memory] [--json out.json]

Generates the corpus of Benchmarks/build/corpus.py (seed 1), builds it with the release binary
(`swift build -c release` first, or point SECTIONSITE_BIN at one), and then, for a set of one-word queries (common
and rare words of the corpus's vocabulary, and bare prefixes), does what Themes/default/assets/search.js does:
reads the manifest, the term file of the word's prefix, the continuation files the results need, and the page
chunks of the 8 results, and reports the bytes read until the first result could be shown (manifest, term file,
continuations, the first result's chunk) and in all. Also: the biggest term file, continuation file and page chunk,
and the files and bytes of the whole index. With --memory the corpus is built a second time with `search: false`
and the peak memory of both builds is reported (what the index adds, per page).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import sys
import time
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SHOWN = 8


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


corpus = _load("corpus", REPO / "Benchmarks" / "build" / "corpus.py")


def build(site: Path, out: Path, binary: Path) -> tuple[float, int]:
    """Builds from nothing; returns (wall seconds, peak RSS in KiB)."""
    for leftover in (out, site / ".sectionsite"):
        if leftover.exists():
            os.system(f"rm -rf '{leftover}'")
    start = time.perf_counter()
    pid = os.posix_spawn(str(binary), [str(binary), "build", "--site", str(site), "--out", str(out), "--quiet"],
                         dict(os.environ))
    _, status, usage = os.wait4(pid, 0)
    if status != 0:
        sys.exit(f"build failed: status {status}")
    return time.perf_counter() - start, usage.ru_maxrss


def fold(text: str) -> str:
    import unicodedata
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.category(c).startswith("M")).lower().replace("ς", "σ")


def decode(numbers: list[int]) -> list[tuple[int, int, int]]:
    postings, flags, page, i = [], -1, 0, 0
    while i < len(numbers):
        f, step = numbers[i] % 8, numbers[i] // 8
        page = page + step if f == flags else step
        flags = f
        heading = -1
        if f & 6 == 2:
            i += 1
            heading = numbers[i]
        postings.append((page, f, heading))
        i += 1
    return postings


def key(posting) -> int:
    return (7 - posting[1]) * 8388608 + posting[0]


class Box:
    """The search box's reads, as search.js makes them, with the bytes of each file read once."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.read: dict[str, int] = {}  # path -> bytes, in the order read

    def get(self, path: str):
        file = self.folder / path
        if not file.exists():
            return None
        data = file.read_bytes()
        self.read.setdefault(path, len(data))
        return json.loads(data)

    def lists(self, word: str, index) -> list[dict]:
        prefix = word[: index["prefix"]]
        if prefix not in index["terms"]:
            return []
        hexed = prefix.encode().hex()
        terms = self.get(f"terms/{hexed}.json")
        return [{"count": e["count"], "more": e["more"], "next": 1, "path": f"more/{hexed}-{place}-",
                 "postings": decode(e["postings"])}
                for place, e in enumerate(terms["words"]) if e["word"].startswith(word)]

    @staticmethod
    def open(lists):
        return [l for l in lists if l["next"] <= l["more"]]

    def load_more(self, lists):
        nxt = min(self.open(lists), key=lambda l: key(l["postings"][-1]))
        part = self.get(f"{nxt['path']}{nxt['next']}.json")
        nxt["next"] += 1
        nxt["postings"] += decode(part["postings"])

    def best(self, lists) -> dict[int, tuple]:
        still = self.open(lists)
        limit = min((key(l["postings"][-1]) for l in still), default=float("inf"))
        pages: dict[int, tuple] = {}
        for posting in sorted((p for l in lists for p in l["postings"] if key(p) <= limit), key=key):
            pages.setdefault(posting[0], posting)
        return pages

    def search(self, query: str) -> tuple[list[int], int]:
        """The pages of the results, and the bytes read before the first could be shown."""
        index = self.get("index.json")
        words = re.findall(r"[^\W_]+", fold(query))
        streams = [self.lists(w, index) for w in words]
        if len(words) == 1:
            stream = streams[0]
            while len(self.best(stream)) < SHOWN and self.open(stream):
                self.load_more(stream)
            results = list(self.best(stream))[:SHOWN]
        else:
            counts = [sum(l["count"] for l in s) for s in streams]
            rarest = counts.index(min(counts))
            while self.open(streams[rarest]):
                self.load_more(streams[rarest])
            found = [None] * len(streams)
            found[rarest] = self.best(streams[rarest])
            for i, stream in enumerate(streams):
                if i == rarest:
                    continue
                while True:
                    found[i] = self.best(stream)
                    if not self.open(stream) or all(p in found[i] for p in found[rarest]):
                        break
                    self.load_more(stream)
            scored = []
            for page in found[rarest]:
                postings = [f.get(page) for f in found]
                if None in postings:
                    continue
                score = sum((10 if p[1] & 4 else 0) + (4 if p[1] & 2 else 0) + (p[1] & 1) for p in postings)
                scored.append((-score, page))
            results = [page for _, page in sorted(scored)[:SHOWN]]
        before = sum(self.read.values())
        first = 0
        for n, page in enumerate(results):
            self.get(f"pages/{page // index['chunk']}.json")
            if n == 0:
                first = sum(self.read.values())
        return results, first if results else before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=100_000)
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/search-bench"))
    parser.add_argument("--memory", action="store_true", help="also build with search: false and compare peak memory")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args()
    binary = Path(os.environ.get("SECTIONSITE_BIN", REPO / ".build" / "release" / "sectionsite"))
    if not binary.exists():
        sys.exit(f"{binary} is missing: swift build -c release first")

    print(f"generating {args.pages:,} pages in {args.work}", flush=True)
    corpus.generate(args.pages, args.work)
    site = args.work / "sectionsite"
    out = args.work / "out"
    settings = site / "sectionsite.yml"
    original = settings.read_text()
    seconds, rss = build(site, out, binary)
    print(f"built in {seconds:.1f} s, peak {rss / 1024:.0f} MiB", flush=True)
    figures: dict = {"pages": args.pages, "build_s": round(seconds, 1), "peak_rss_mib": round(rss / 1024)}

    folder = out / "search"
    sizes = {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*.json")}
    def biggest(kind):
        name = max((n for n in sizes if n.startswith(kind)), key=sizes.get, default=None)
        return (name, sizes[name]) if name else (None, 0)
    figures["index"] = {
        "files": len(sizes), "bytes": sum(sizes.values()), "manifest": sizes["index.json"],
        "term_files": sum(1 for n in sizes if n.startswith("terms/")),
        "continuation_files": sum(1 for n in sizes if n.startswith("more/")),
        "biggest_term_file": biggest("terms/"), "biggest_continuation": biggest("more/"),
        "biggest_chunk": biggest("pages/"), "search_json": (out / "search.json").exists(),
    }

    vocab = corpus.Writer(1).vocab  # the corpus's words, commonest first
    queries = ["the", "and", vocab[40], vocab[200], vocab[1000], vocab[2000], vocab[-1],
               vocab[300][:3], "st", "th", f"{vocab[1000]} the", f"{vocab[200]} {vocab[40]}"]
    rows = []
    for query in queries:
        box = Box(folder)
        results, first = box.search(query)
        rows.append({"query": query, "results": len(results), "first_result_bytes": first,
                     "all_bytes": sum(box.read.values()), "files": len(box.read),
                     "continuations": sum(1 for p in box.read if p.startswith("more/"))})
    figures["queries"] = rows

    if args.memory:
        settings.write_text(original + "\nsearch: false\n")
        seconds_off, rss_off = build(site, out, binary)
        settings.write_text(original)
        figures["without_search"] = {"build_s": round(seconds_off, 1), "peak_rss_mib": round(rss_off / 1024)}
        figures["index_bytes_per_page_of_memory"] = round((rss - rss_off) * 1024 / args.pages)

    index = figures["index"]
    print(f"\nindex: {index['files']:,} files, {index['bytes'] / 1e6:.1f} MB; manifest {index['manifest']:,} B; "
          f"{index['term_files']} term files, {index['continuation_files']} continuation files; search.json: "
          f"{'written' if index['search_json'] else 'not written'}")
    for label in ("biggest_term_file", "biggest_continuation", "biggest_chunk"):
        name, size = index[label]
        print(f"{label.replace('_', ' ')}: {name} {size / 1024:.1f} KiB")
    print(f"\n| query | results | bytes to first result | bytes in all | files | continuations |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(f"| `{row['query']}` | {row['results']} | {row['first_result_bytes'] / 1024:.1f} KiB | "
              f"{row['all_bytes'] / 1024:.1f} KiB | {row['files']} | {row['continuations']} |")
    if args.memory:
        print(f"\npeak memory: {figures['peak_rss_mib']} MiB with the index, "
              f"{figures['without_search']['peak_rss_mib']} MiB with search: false "
              f"({figures['index_bytes_per_page_of_memory']:,} B a page)")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
