#!/usr/bin/env python3
"""Soak test of `sectionsite serve`: many random edits, broken ones among them, with event streams and a Chromium
tab open all along.

    python3 Benchmarks/serve/soak.py [--edits 1000] [--rate 20] [--streams 20] [--pages 20] [--seed 1]
                                     [--sectionsite .build/release/sectionsite]

It makes a site of N pages (each with a list of items and a body), starts `serve --port 0`, opens the event
streams (spread over the pages) and one Chromium tab, then makes the edits at the given rate, seeded: a body
sentence, a title, an item's title, an item added or removed, a page saved broken (invalid YAML; the next edit
mends it, as an author would), half of them written in place and half saved as editors do (a temporary file renamed over the
page). At the end every broken page is mended, and once the server is quiet it checks that:
- the server is still up, and its memory (VmRSS) grew by at most 50 MiB from start to end;
- every stream's last patch leads to the version the server now serves for its page, with no `reload`;
- the tab's DOM is exactly that of the final page (normalized as the browser tests do).
It prints the figures and exits 1 if a check fails. `make test` runs a short version (Tests/Browser/test_soak.py).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VERSION = re.compile(r'name="sectionsite-version" content="([0-9a-f]+)"')
MEMORY_GROWTH_LIMIT_MIB = 50
WORDS = "grill menu table bread olive lemon river stone cedar ember maple quiet bright harbor meadow copper".split()


@dataclass
class PageModel:
    slug: str
    title: str
    items: list[tuple[str, str]]
    body: list[str]
    next_item: int = 0

    def text(self) -> str:
        items = "".join(f"      - id: {item}\n        title: {title}\n" for item, title in self.items)
        section = f"sections:\n  - id: list\n    cell: note\n    items:\n{items}" if self.items else "sections: []\n"
        return f"---\ntitle: {self.title}\n{section}---\n" + "\n\n".join(self.body) + "\n"


@dataclass
class Stream:
    """One event stream, read on a thread: the version it stands at after each patch, and what else it saw."""
    port: int
    page: str
    version: str
    events: dict = field(default_factory=lambda: {"patch": 0, "error": 0, "ok": 0, "reload": 0})
    failure: str | None = None

    def start(self):
        self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        self.sock.sendall(
            f"GET /_sectionsite/events?page={self.page}&since={self.version} HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{self.port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        buffer = b""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return
                buffer += chunk
                while b"\n\n" in buffer:
                    raw, buffer = buffer.split(b"\n\n", 1)
                    self._event(raw.decode("utf-8", "replace"))
        except OSError:
            return

    def _event(self, raw):
        # Chunked transfer framing may sit between events: keep only the event's own lines.
        name, data = None, []
        for line in raw.splitlines():
            if line.startswith("event: "):
                name = line[len("event: "):]
            elif line.startswith("data: "):
                data.append(line[len("data: "):])
        if name is None:
            return
        self.events[name] = self.events.get(name, 0) + 1
        if name == "patch":
            text = "\n".join(data)
            before = re.search(r'"from":"([0-9a-f]+)"', text).group(1)
            if before != self.version and self.failure is None:
                self.failure = f"a patch from {before} reached a stream at {self.version}"
            self.version = re.search(r'"to":"([0-9a-f]+)"', text).group(1)

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def get(port: int, path: str) -> str:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    if b"transfer-encoding: chunked" in head.lower():
        out, rest = b"", body
        while rest:
            size_line, _, rest = rest.partition(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                break
            out, rest = out + rest[:size], rest[size + 2:]
        body = out
    return body.decode()


def version_of(port: int, url: str) -> str:
    match = VERSION.search(get(port, url))
    return match.group(1) if match else ""


def make_site(folder: Path, pages: int, rng: random.Random, binary: Path) -> dict[str, PageModel]:
    subprocess.run([str(binary), "new", str(folder)], check=True, capture_output=True)
    models = {}
    for n in range(pages):
        slug = f"p{n:02}"
        items = [(f"i{k}", " ".join(rng.choices(WORDS, k=3))) for k in range(rng.randint(1, 6))]
        body = [" ".join(rng.choices(WORDS, k=12)) + "." for _ in range(3)]
        models[slug] = PageModel(slug, f"Page {n}", items, body, next_item=len(items))
        (folder / "Content" / "posts" / f"{slug}.md").write_text(models[slug].text())
    return models


def save(path: Path, text: str, rng: random.Random):
    if rng.random() < 0.5:
        path.write_text(text)
    else:  # as editors save: a temporary file renamed over the page
        temporary = path.with_name(f".{path.name}.{rng.randrange(1 << 30)}.tmp")
        temporary.write_text(text)
        os.replace(temporary, path)


def edit(models: dict[str, PageModel], folder: Path, rng: random.Random, broken: set[str]) -> str:
    # As an author works: a page saved broken is the next one edited (and mended); any other page otherwise.
    slug = min(broken) if broken else rng.choice(sorted(models))
    model = models[slug]
    kinds, weights = ["body", "title", "item", "add", "remove", "broken"], [30, 15, 25, 10, 10, 10]
    kind = rng.choices(kinds[:-1] if broken else kinds, weights=weights[:-1] if broken else weights)[0]
    path = folder / "Content" / "posts" / f"{slug}.md"
    if kind == "broken":
        save(path, f"---\ntitle: [never closed\n---\n{model.body[0]}\n", rng)
        broken.add(slug)
        return kind
    if kind == "body":
        model.body[rng.randrange(len(model.body))] = " ".join(rng.choices(WORDS, k=12)) + "."
    elif kind == "title":
        model.title = "Page " + " ".join(rng.choices(WORDS, k=2))
    elif kind == "item" and model.items:
        k = rng.randrange(len(model.items))
        model.items[k] = (model.items[k][0], " ".join(rng.choices(WORDS, k=3)))
    elif kind == "add" or not model.items:
        model.items.insert(rng.randint(0, len(model.items)), (f"i{model.next_item}", " ".join(rng.choices(WORDS, k=3))))
        model.next_item += 1
    else:
        model.items.pop(rng.randrange(len(model.items)))
    save(path, model.text(), rng)
    broken.discard(slug)
    return kind


def run(edits=1000, rate=20.0, streams=20, pages=20, seed=1, binary=None, browser=None, log=print) -> list[str]:
    """Runs the soak; returns the failed checks (empty when all hold). `browser` is a Playwright browser."""
    binary = Path(binary or REPO / ".build" / "release" / "sectionsite")
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="sectionsite-soak-"))
    failures = []
    models = make_site(folder, pages, rng, binary)
    process = subprocess.Popen([str(binary), "serve", "--site", str(folder), "--port", "0", "--quiet"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    clients: list[Stream] = []
    tab = None
    try:
        line = process.stdout.readline()
        port = int(line.strip().rstrip("/").rsplit(":", 1)[1])
        urls = [f"/posts/{slug}/" for slug in sorted(models)]
        for n in range(streams):
            url = urls[n % len(urls)]
            client = Stream(port, url, version_of(port, url))
            client.start()
            clients.append(client)
        if browser is not None:
            tab = browser.new_page()
            tab.emulate_media(reduced_motion="reduce")
            tab.goto(f"http://127.0.0.1:{port}{urls[0]}")
            tab.wait_for_function("() => window.SectionSite !== undefined")
        start_rss = rss_mib(process.pid)
        broken: set[str] = set()
        kinds: dict[str, int] = {}
        start = time.monotonic()
        for n in range(edits):
            kind = edit(models, folder, rng, broken)
            kinds[kind] = kinds.get(kind, 0) + 1
            time.sleep(max(0.0, start + (n + 1) / rate - time.monotonic()))
        elapsed = time.monotonic() - start
        for slug in sorted(broken):  # mend what the last edits left broken
            save(folder / "Content" / "posts" / f"{slug}.md", models[slug].text(), rng)
        # Quiet: every stream at the version its page is served at, within a bound.
        finals = {}
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            finals = {url: version_of(port, url) for url in urls}
            if all(client.version == finals[client.page] for client in clients):
                break
            time.sleep(0.2)
        end_rss = rss_mib(process.pid)
        log(f"{edits} edits in {elapsed:.1f} s ({edits / elapsed:.1f}/s: {kinds}), {streams} streams, "
            f"memory {start_rss:.0f} MiB at the start, {end_rss:.0f} MiB at the end ({end_rss - start_rss:+.0f} MiB)")
        if process.poll() is not None:
            failures.append(f"the server exited with status {process.returncode}")
        if end_rss - start_rss > MEMORY_GROWTH_LIMIT_MIB:
            failures.append(f"memory grew by {end_rss - start_rss:.0f} MiB (at most {MEMORY_GROWTH_LIMIT_MIB})")
        for n, client in enumerate(clients):
            if client.failure:
                failures.append(f"stream {n} ({client.page}): {client.failure}")
            if client.events.get("reload"):
                failures.append(f"stream {n} ({client.page}) was told to reload")
            if client.version != finals.get(client.page):
                failures.append(f"stream {n} ({client.page}) ended at {client.version}, the page is at {finals.get(client.page)}")
        patches = sum(client.events["patch"] for client in clients)
        errors = sum(client.events["error"] for client in clients)
        log(f"streams got {patches} patches and {errors} error events in all")
        if tab is not None:
            final = get(port, urls[0])
            want = VERSION.search(final).group(1)
            try:
                tab.wait_for_function(
                    "(v) => document.querySelector('meta[name=sectionsite-version]').content === v", arg=want,
                    timeout=10000)
                tab.wait_for_function("() => document.getAnimations().length === 0", timeout=10000)
            except Exception as error:  # noqa: BLE001: reported as a failed check
                failures.append(f"the tab did not reach the final version: {error}")
            sys.path.insert(0, str(REPO / "Tests" / "Browser"))
            from conftest import normalized  # the browser tests' DOM comparison
            if normalized(tab) != normalized(tab, final):
                failures.append("the tab's DOM differs from the final page")
    finally:
        for client in clients:
            client.close()
        if tab is not None:
            tab.close()
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
        subprocess.run(["rm", "-rf", str(folder)], check=False)
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=20.0, help="edits a second (default 20)")
    parser.add_argument("--streams", type=int, default=20)
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sectionsite", default=str(REPO / ".build" / "release" / "sectionsite"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        failures = run(args.edits, args.rate, args.streams, args.pages, args.seed, args.sectionsite, browser)
        browser.close()
    for failure in failures:
        print(f"soak: failed: {failure}", file=sys.stderr)
    print("soak: every check held" if not failures else f"soak: {len(failures)} check(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
