#!/usr/bin/env python3
"""The API reference of a real Swift package: every public symbol counted against its symbol graphs, the warnings
of `check`, the time of a build (the toolchain's dump and ours apart), and save-to-served in `sectionsite serve`
after a one-line doc comment edit (the toolchain's share and ours apart).

    swift build -c release
    python3 Benchmarks/api/bench.py --package /tmp/pk/swift-collections \
        --targets Collections,BasicContainers,BitCollections,DequeModule,HashTreeCollections,HeapModule,OrderedCollections \
        --edit Sources/DequeModule/Deque/Deque.swift

The package is used in place (its .build folder is written by the toolchain); --edit names a Swift file of it whose
first `///` line gets a word added and is then restored.
"""

import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run(command, cwd=None, extra_env=None):
    start = time.monotonic()
    environment = {**os.environ, **(extra_env or {}), **({"PWD": str(cwd)} if cwd else {})}
    result = subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True)
    return time.monotonic() - start, result


def api_seconds(trace):
    """From a build's trace, the time between reading the API reference and loading pages."""
    times = {}
    for line in trace.splitlines():
        match = re.match(r"([0-9.]+) s(?:, CPU [0-9.]+ s)?: \[\d+/\d+\] (.*)", line)
        if match:
            times.setdefault(match.group(2).split(" 0/")[0], float(match.group(1)))
    start = times.get("Reading the API reference (building the package)")
    end = next((value for key, value in times.items() if key.startswith("Loading pages")), None)
    return end - start if start is not None and end is not None else float("nan")


def graph_symbols(folder, targets):
    ids = set()
    for path in sorted(folder.glob("*.symbols.json")):
        module = path.name.split(".symbols.json")[0].split("@")[0]
        if module in targets:
            ids.update(symbol["identifier"]["precise"] for symbol in json.loads(path.read_text())["symbols"])
    return ids


def site_folder(package, targets):
    folder = Path(tempfile.mkdtemp(prefix="sectionsite-api-"))
    shutil.copytree(REPO / "Themes", folder / "Themes")
    (folder / "sectionsite.yml").write_text(
        f"title: {package.name}\napi:\n  package: {package}\n  targets: [{', '.join(targets)}]\n")
    (folder / "Content").mkdir()
    (folder / "Content" / "index.md").write_text(f"---\ntitle: {package.name}\n---\nThe [reference](/api/).\n")
    return folder


def output_ids(out):
    html = "".join(path.read_text() for path in out.rglob("index.html"))
    return set(re.findall(r'data-ss-key="i:([^"]+)"', html)), len(list(out.rglob("index.html")))


def fetch(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    body = connection.getresponse().read().decode()
    connection.close()
    return body


def live(binary, site, package, edit):
    """Save-to-served: the page holding the edited comment, polled every 20 ms until the new word is in it; and
    serve's own line for the rebuild, which gives the package's build apart."""
    source = package / edit
    original = source.read_text()
    lines = original.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.strip().startswith("///") and len(line.strip()) > 6)
    word = f"Edited{int(time.time())}"
    changed = lines[:index] + [lines[index].rstrip("\n") + f" {word}\n"] + lines[index + 1:]
    server = subprocess.Popen([binary, "serve", "--site", str(site), "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    log = []
    try:
        first = server.stdout.readline()
        while first and not first.startswith("Serving at "):  # the build's warnings come first
            first = server.stdout.readline()
        port = int(first.strip().rstrip("/").rsplit(":", 1)[1])
        reader = threading.Thread(target=lambda: log.extend(iter(server.stdout.readline, "")), daemon=True)
        reader.start()
        start = time.monotonic()
        source.write_text("".join(changed))
        found = None
        while time.monotonic() - start < 300 and found is None:
            time.sleep(0.02)
            for path in pages_to_poll(site, port):
                if word in fetch(port, path):
                    found = time.monotonic() - start
                    break
        time.sleep(0.2)
        rebuilt = next((line.strip() for line in log if line.startswith("rebuilt")), "")
        return found, rebuilt
    finally:
        source.write_text(original)
        server.terminate()
        server.wait(timeout=10)


_pages = None


def pages_to_poll(site, port):
    global _pages
    if _pages is None:
        sitemap = fetch(port, "/sitemap.xml")
        _pages = [re.sub(r"^https?://[^/]+", "", url) for url in re.findall(r"<loc>([^<]+)</loc>", sitemap) if "/api/" in url]
    return _pages


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", type=Path, required=True)
    parser.add_argument("--targets", required=True, help="comma-separated modules to document")
    parser.add_argument("--edit", help="a Swift file of the package, relative to it, for the live measure")
    parser.add_argument("--sectionsite", default=os.environ.get("SECTIONSITE", str(REPO / ".build/release/sectionsite")))
    args = parser.parse_args()
    package = args.package.resolve()
    targets = args.targets.split(",")
    print(f"cores: {os.cpu_count()}; package: {package.name}; targets: {', '.join(targets)}")

    site = site_folder(package, targets)
    out = site / "_site"
    builds = []
    for _ in range(3):  # the first builds the package; SwiftPM compiles some modules again on the second
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(site / ".sectionsite" / "site.state", ignore_errors=True)
        seconds, result = run([args.sectionsite, "build", "--site", str(site), "--out", str(out)],
                              extra_env={"SECTIONSITE_TRACE": "1"})
        if result.returncode != 0:
            sys.exit(result.stderr[-3000:])
        builds.append((seconds, api_seconds(result.stderr)))
    folder = site / ".sectionsite" / "api" / "graphs"
    symbols = graph_symbols(folder, targets)
    ids, pages = output_ids(out)
    missing = symbols - ids
    print(f"builds: the package's first {builds[0][0]:.1f} s, second {builds[1][0]:.1f} s, then "
          f"{builds[2][0]:.2f} s for the site with nothing changed in the package, of which reading the reference"
          f" (the toolchain's no-op build, SymbolKit, making the pages) {builds[2][1]:.2f} s; {pages} pages")
    print(f"symbols in the graphs: {len(symbols)}; on a page: {len(symbols & ids)}; missing: {len(missing)}")
    for symbol in sorted(missing)[:10]:
        print(f"  missing: {symbol}")
    _, check = run([args.sectionsite, "check", "--site", str(site)])
    lines = [line for line in (check.stdout + check.stderr).splitlines() if "never used" not in line]
    kinds = {
        "``links`` naming nothing": sum("names no symbol" in line and "topic" not in line for line in lines),
        "topics naming nothing": sum("topic ``" in line for line in lines),
        "links leading nowhere": sum("leads nowhere" in line for line in lines),
    }
    print("check: " + "; ".join(f"{name}: {count}" for name, count in kinds.items()) + f"; {lines[-1] if lines else ''}")
    if args.edit:
        found, rebuilt = live(args.sectionsite, site, package, args.edit)
        if found is None:
            print("live: the edit never showed")
        else:
            print(f"live: save to served {found:.2f} s; serve said: {rebuilt}")
    shutil.rmtree(site, ignore_errors=True)


if __name__ == "__main__":
    main()
