#!/usr/bin/env python3
"""Live preview benchmark: `sectionsite serve` against `hugo server`, side by side, on the same corpus.

    python3 Benchmarks/serve/bench.py --parts latency,memory,load --pages 1000,10000 --results results.md

Three parts (see README.md beside this file):
  latency  edit-to-screen latency in a real browser (headless Chromium through Playwright): one word of one
           post's body changes, N times; from just before the file is written to the new word in the DOM.
  memory   resident memory (VmRSS, VmHWM) of each server after startup and after 10 and 100 edits.
  load     200 concurrent event-stream clients of one page on SectionSite; 20 edits; every client must get
           every patch, in order.
Everything is on loopback (127.0.0.1); every wait is bounded; every server started is stopped, even on errors.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

sys.dont_write_bytecode = True  # keep the repository clean when importing corpus.py
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build"))
import corpus as corpus_mod  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
LABELS = {"hugo": "Hugo", "sectionsite": "SectionSite"}
HOST = "127.0.0.1"
GIB = 1024 ** 3


class BenchError(Exception):
    pass


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------------------------
# Statistics and tables


def percentile(values: list[float], p: float) -> float | None:
    """Nearest-rank percentile (p in 0..100) of the values, or None when there are none."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))  # ceil(n * p / 100), at least 1
    return ordered[int(rank) - 1]


def ms(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def mib(kib: int | None) -> str:
    return "–" if kib is None else f"{kib / 1024:,.0f}"


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------------
# The corpus and the edit


@dataclass
class Target:
    """The post that is edited: its Markdown file in each site, its URL, and where the word is."""

    rel: str  # path below content/ (Hugo) and Content/ (SectionSite)
    url: str
    original: str  # the whole file as generated
    start: int  # offset of the word that is replaced
    end: int

    def text(self, word: str | None) -> str:
        """The file with the word replaced (None: the original file)."""
        if word is None:
            return self.original
        return self.original[: self.start] + word + self.original[self.end :]

    def file(self, tool: str, root: Path) -> Path:
        return root / tool / ("content" if tool == "hugo" else "Content") / self.rel


PLAIN_WORD = re.compile(r"(?<![^\s])[a-z]{4,}(?![^\s])")


def choose_target(corpus: corpus_mod.Corpus, root: Path, section: str = "blog") -> Target:
    """A post of the `section` section (the middle one that fits) and one plain word of a body paragraph that comes
    after at least 150 words of body, so the edit changes neither tool's summary (SectionSite: the first paragraph;
    Hugo: the first 70 words) and so touches this one page only."""
    posts = [p for p in corpus.pages if p.section == section]
    if not posts:
        raise BenchError(f"no posts in section {section!r}")
    order = posts[len(posts) // 2 :] + posts[: len(posts) // 2]
    for page in order:
        rel = f"{page.section}/{page.slug}.md"
        text = (root / "sectionsite" / "Content" / rel).read_text(encoding="utf-8")
        body_at = text.index("\n---\n", 4) + 5
        words_before, offset = 0, body_at
        for block in text[body_at:].split("\n\n"):
            at = text.index(block, offset)
            offset = at + len(block)
            plain = block and not re.match(r"(#|- |> |```|\d+\. )", block) and "\n" not in block.strip()
            if plain and words_before >= 150:
                for match in PLAIN_WORD.finditer(block):
                    if match.start() > 20:  # not the sentence's first word (capitalised anyway)
                        return Target(rel, page.url, text, at + match.start(), at + match.end())
            words_before += len(block.split())
    raise BenchError("no post in the corpus has a paragraph to edit")


def edit_word(run: str, n: int) -> str:
    """The word written at edit n of a run: unique, lower case letters and digits, never in the corpus."""
    return f"zq{run}edit{n:04d}"


def save(path: Path, text: str, mode: str) -> None:
    """Writes the whole file as an editor saves it: in place (truncate and write, one write call), or to a
    temporary file in the same folder renamed over it (atomic save)."""
    data = text.encode("utf-8")
    if mode == "rename":
        tmp = path.with_name(f".{path.name}.bench-tmp")
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    else:
        with open(path, "wb") as f:
            f.write(data)


def reset_site(tool: str, root: Path, target: Target) -> None:
    """Puts the edited file back and removes what an earlier server left in the site, so every server starts cold."""
    save(target.file(tool, root), target.original, "inplace")
    site = root / tool
    for leftover in (".sectionsite", "resources", ".hugo_build.lock", "public"):
        path = site / leftover
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()


# ---------------------------------------------------------------------------------------------------------------
# Servers


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def read_status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of a process in KiB (empty once it is gone)."""
    values = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0])
    except (OSError, ValueError, IndexError):
        pass
    return values


class Server:
    """One `sectionsite serve` or `hugo server` child process: started, its address read from its output, its
    output kept (the server's own rebuild times are read from it), optionally its memory watched, and stopped
    (SIGTERM, then SIGKILL after 5 s) however the benchmark ends."""

    READY = {
        "sectionsite": re.compile(r"Serving at (http://[^/\s]+/)"),
        "hugo": re.compile(r"Web Server is available at http://[^:/\s]+:(\d+)/"),
    }
    REBUILT = {
        "sectionsite": re.compile(r"rebuilt (\d+) page\(s\) in ([\d.,]+)\s*ms"),
        "hugo": re.compile(r"^Total in ([\d.]+) ms"),
    }

    def __init__(self, tool: str, exe: str, site: Path, logfile: Path, limit_kib: int | None = None):
        self.tool, self.exe, self.site, self.logfile = tool, exe, site, logfile
        self.limit_kib = limit_kib
        self.proc: subprocess.Popen | None = None
        self.url: str | None = None
        self.lines: list[str] = []
        self.rebuilds: list[float] = []  # ms, as the server reports them
        self.ready_after: float | None = None
        self.peak_seen_kib = 0
        self.killed_for_memory = False
        self._ready = threading.Event()
        self._lock = threading.Lock()
        self._stop = threading.Event()

    def argv(self) -> list[str]:
        if self.tool == "sectionsite":
            return [self.exe, "serve", "--site", str(self.site), "--host", HOST, "--port", "0"]
        self.port = free_port()
        return [self.exe, "server", "--source", str(self.site), "--port", str(self.port), "--bind", HOST,
                "--disableFastRender=false"]

    def start(self, timeout: float) -> "Server":
        argv = self.argv()
        log(f"starting {' '.join(argv)}")
        started = time.monotonic()
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     cwd=self.site.parent, bufsize=0)
        threading.Thread(target=self._read, daemon=True).start()
        if self.limit_kib:
            threading.Thread(target=self._watch, daemon=True).start()
        deadline = started + timeout
        while not self._ready.wait(0.1):
            if self.proc.poll() is not None:
                raise BenchError(f"{LABELS[self.tool]} exited with status {self.proc.returncode} before serving; "
                                 f"see {self.logfile}")
            if time.monotonic() > deadline:
                raise BenchError(f"{LABELS[self.tool]} did not serve within {timeout:.0f} s; see {self.logfile}")
        self.ready_after = time.monotonic() - started
        log(f"{LABELS[self.tool]} serving at {self.url} after {self.ready_after:.1f} s")
        return self

    def _read(self) -> None:
        assert self.proc and self.proc.stdout
        with open(self.logfile, "ab") as out:
            for raw in iter(self.proc.stdout.readline, b""):
                out.write(raw)
                out.flush()
                line = raw.decode("utf-8", "replace").strip()
                with self._lock:
                    self.lines.append(line)
                if not self._ready.is_set():
                    m = self.READY[self.tool].search(line)
                    if m:
                        self.url = m.group(1) if self.tool == "sectionsite" else f"http://{HOST}:{m.group(1)}/"
                        self._ready.set()
                m = self.REBUILT[self.tool].search(line)
                if m:
                    with self._lock:
                        self.rebuilds.append(float(m.group(m.lastindex).replace(",", "")))

    def _watch(self) -> None:
        """Samples the RSS every 100 ms; kills the server if it passes the limit (so it cannot exhaust the machine)."""
        while not self._stop.wait(0.1):
            if self.proc is None or self.proc.poll() is not None:
                return
            rss = read_status(self.proc.pid).get("VmRSS", 0)
            self.peak_seen_kib = max(self.peak_seen_kib, rss)
            if self.limit_kib and rss > self.limit_kib:
                log(f"{LABELS[self.tool]} passed {self.limit_kib / 1024 / 1024:.1f} GiB RSS: killing it")
                self.killed_for_memory = True
                self.proc.kill()
                return

    def memory(self) -> dict[str, int]:
        if self.proc is None or self.proc.poll() is not None:
            return {}
        return read_status(self.proc.pid)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self) -> int | None:
        """SIGTERM, up to 5 s, then SIGKILL. Returns the exit status (None if it had to be killed)."""
        self._stop.set()
        if self.proc is None:
            return None
        if self.proc.poll() is not None:
            return self.proc.returncode
        started = time.monotonic()
        self.proc.terminate()
        try:
            status = self.proc.wait(5)
            log(f"{LABELS[self.tool]} stopped (status {status}) {time.monotonic() - started:.2f} s after SIGTERM")
            return status
        except subprocess.TimeoutExpired:
            log(f"{LABELS[self.tool]} still running 5 s after SIGTERM: killing it")
            self.proc.kill()
            self.proc.wait(5)
            return None

    def rebuild_count(self) -> int:
        with self._lock:
            return len(self.rebuilds)

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def http_get(url: str, timeout: float = 10.0) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read().decode("utf-8", "replace")


def page_version(html: str) -> str | None:
    m = re.search(r'<meta name="sectionsite-version" content="([^"]*)"', html)
    return m.group(1) if m else None


# ---------------------------------------------------------------------------------------------------------------
# Part 1: edit-to-screen latency in Chromium

# Installed in every document before its own scripts. The host arms it with the word it is about to write; it
# records, with the page's Date.now() (the system's real-time clock, the same one Python's time.time() reads):
#   dom     the first moment the word is anywhere in the DOM (a MutationObserver, checked on every mutation batch);
#   load    then the moment the document has loaded (at once when it already had: SectionSite's patched page);
#   frame   then the next animation frame (the first frame that can show it);
#   sse     SectionSite: the arrival of the last `patch` event on the page's EventSource (a listener added when the
#           runtime creates the EventSource; the runtime is not changed);
#   patched SectionSite: the last `sectionsite:patched` event.
# The expected word survives a reload (sessionStorage), so a reloaded Hugo page finds it in its new document.
INIT_SCRIPT = r"""
(() => {
  const S = sessionStorage;
  const navs = Number(S.getItem("bench.navs") || 0) + 1;
  S.setItem("bench.navs", String(navs));
  const rec = { navs, word: S.getItem("bench.word"), dom: null, load: null, frame: null, sse: null, sseIds: [],
                patched: null, patchedCount: 0, live: false };
  window.__bench = rec;
  let observer = null;
  const found = () => {
    if (rec.dom !== null) return;
    rec.dom = Date.now();
    if (observer) { observer.disconnect(); observer = null; }
    const loaded = () => { rec.load = Date.now(); requestAnimationFrame(() => { rec.frame = Date.now(); }); };
    if (document.readyState === "complete") loaded(); else addEventListener("load", loaded, { once: true });
  };
  const check = () => {
    const root = document.documentElement;
    if (rec.word && root && root.textContent.includes(rec.word)) found();
  };
  const watch = () => {
    if (observer) observer.disconnect();
    observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, characterData: true });
    check();
  };
  window.__benchArm = (word) => {
    S.setItem("bench.word", word);
    Object.assign(rec, { word, dom: null, load: null, frame: null, sse: null, patched: null });
    watch();
    return true;
  };
  if (rec.word) watch();
  document.addEventListener("sectionsite:patched", () => { rec.patched = Date.now(); rec.patchedCount++; });
  const ES = window.EventSource;
  if (ES) {
    window.EventSource = class extends ES {
      constructor(...args) {
        super(...args);
        this.addEventListener("open", () => { rec.live = true; });
        this.addEventListener("patch", (e) => { rec.sse = Date.now(); rec.sseIds.push(e.lastEventId); });
      }
    };
  }
  const WS = window.WebSocket;
  if (WS) {
    window.WebSocket = class extends WS {
      constructor(...args) { super(...args); this.addEventListener("open", () => { rec.live = true; }); }
    };
  }
})();
"""


@dataclass
class EditSample:
    n: int
    dom: float | None  # ms from just before the write
    load: float | None
    frame: float | None
    sse: float | None
    patched: float | None
    reloaded: bool
    marker: bool
    error: str | None = None


@dataclass
class LatencyRun:
    tool: str
    pages: int
    ready_after: float
    samples: list[EditSample]
    warmup: list[EditSample]
    rebuilds: list[float]
    clock_skew_ms: float
    stop_status: int | None = None
    notes: list[str] = field(default_factory=list)


def launch_browser(playwright):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        raise BenchError("no `chromium` on PATH (Debian: apt-get install -y chromium)")
    return playwright.chromium.launch(executable_path=exe, args=["--no-sandbox"])


def bench_state(page) -> dict | None:
    try:
        return page.evaluate("() => window.__bench ? Object.assign({}, window.__bench, {marker: window.__marker === 1,"
                             " version: window.SectionSite ? window.SectionSite.version : null}) : null")
    except Exception:  # the document is being replaced (a reload): ask again
        return None


def wait_state(page, done, timeout: float, poll: float = 0.02) -> dict | None:
    """Polls the page's record until done(record) (bounded by timeout); the times themselves are the page's."""
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        state = bench_state(page)
        if state and done(state):
            return state
        time.sleep(poll)
    return None


def clock_skew(page, samples: int = 10) -> float:
    """How far the page's Date.now() can be from the host's time.time(): the largest distance of a page reading
    outside the host interval around it, in ms (0 when every reading falls inside, give or take Date.now()'s 1 ms)."""
    worst = 0.0
    for _ in range(samples):
        before = time.time() * 1000
        inside = page.evaluate("() => Date.now()")
        after = time.time() * 1000
        if inside < before - 1:
            worst = max(worst, before - 1 - inside)
        elif inside > after:
            worst = max(worst, inside - after)
    return worst


def latency_run(tool: str, exe: str, root: Path, target: Target, pages: int, args, browser, workdir: Path) -> LatencyRun:
    reset_site(tool, root, target)
    path = target.file(tool, root)
    run = "h" if tool == "hugo" else "s"
    with Server(tool, exe, root / tool, workdir / f"{tool}-{pages}-latency.log") as server:
        server.start(args.start_timeout)
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        try:
            context.add_init_script(INIT_SCRIPT)
            page = context.new_page()
            url = server.url.rstrip("/") + target.url
            page.goto(url, wait_until="load", timeout=args.start_timeout * 1000)
            if target.text(None)[target.start : target.end] not in page.content():
                raise BenchError(f"{url} does not show the word to edit")
            page.evaluate("() => { window.__marker = 1; }")
            if not wait_state(page, lambda s: s["live"], 15):
                raise BenchError(f"{LABELS[tool]}: the page's live connection (EventSource/WebSocket) did not open in 15 s")
            time.sleep(args.pause)
            skew = clock_skew(page)
            warmup, samples, notes = [], [], []
            navs = bench_state(page)["navs"]
            for n in range(1, args.warmup + args.edits + 1):
                word = edit_word(run, n)
                page.evaluate("(w) => window.__benchArm(w)", word)
                t0 = time.time() * 1000  # just before the write, on the system's real-time clock
                save(path, target.text(word), args.save)
                state = wait_state(page, lambda s: s["word"] == word and s["frame"] is not None, args.edit_timeout)
                if state is None:
                    last = bench_state(page) or {}
                    sample = EditSample(n, None, None, None, None, None, False, bool(last.get("marker")),
                                        f"the word did not appear within {args.edit_timeout:.0f} s")
                    if last.get("sse") is not None:
                        sample.sse = last["sse"] - t0
                        sample.error += f" (a patch event arrived after {sample.sse:.0f} ms)"
                    log(f"{LABELS[tool]} edit {n}: {sample.error}")
                else:
                    rel = lambda key: None if state.get(key) is None else state[key] - t0  # noqa: E731
                    reloaded = state["navs"] != navs
                    sample = EditSample(n, rel("dom"), rel("load"), rel("frame"), rel("sse"), rel("patched"), reloaded,
                                        bool(state["marker"]))
                    navs = state["navs"]
                (warmup if n <= args.warmup else samples).append(sample)
                time.sleep(args.pause)
            time.sleep(0.2)
            final = bench_state(page) or {}
            if tool == "sectionsite" and final.get("patchedCount", 0) == 0:
                notes.append("`sectionsite:patched` never fired")
        finally:
            context.close()
        status = server.stop()
        result = LatencyRun(tool, pages, server.ready_after or 0, samples, warmup, list(server.rebuilds), skew, status,
                            notes)
    reset_site(tool, root, target)
    return result


def latency_table(runs: list[LatencyRun]) -> str:
    rows = []
    for r in runs:
        ok = [s for s in r.samples if s.dom is not None]
        dom = [s.dom for s in ok]
        frame = [s.frame for s in ok]
        kept = sum(1 for s in r.samples if s.marker and not s.reloaded)
        rebuilds = r.rebuilds[len(r.warmup):]  # the server logs one rebuild per edit, warm-ups first
        rows.append([
            LABELS[r.tool], f"{r.pages:,}", f"{len(ok)}/{len(r.samples)}",
            f"{len(r.samples) - kept}/{len(r.samples)}",
            ms(percentile(dom, 50)), ms(percentile(dom, 95)), ms(max(dom) if dom else None),
            ms(percentile(frame, 50)), ms(percentile(frame, 95)), ms(max(frame) if frame else None),
            ms(percentile(rebuilds, 50)),
        ])
    return table(["tool", "pages", "edits shown", "page reloaded", "to DOM p50 (ms)", "p95", "max",
                  "to next frame p50 (ms)", "p95", "max", "server's own rebuild p50 (ms)"], rows)


def latency_details(runs: list[LatencyRun]) -> str:
    out = []
    for r in runs:
        out.append(f"#### {LABELS[r.tool]}, {r.pages:,} pages\n")
        out.append(f"Ready after {r.ready_after:.1f} s; page clock within {r.clock_skew_ms:.1f} ms of the host's; "
                   f"exit status after SIGTERM: {r.stop_status}. {' '.join(r.notes)}\n")
        rows = []
        for s in r.warmup + r.samples:
            rows.append([("warm-up " if s in r.warmup else "") + str(s.n), ms(s.sse), ms(s.patched), ms(s.dom),
                         ms(s.load), ms(s.frame), "yes" if s.reloaded else "no", "yes" if s.marker else "no",
                         s.error or ""])
        out.append(table(["edit", "patch event (ms)", "sectionsite:patched (ms)", "in DOM (ms)", "loaded (ms)",
                          "next frame (ms)", "reloaded", "marker kept", "error"], rows))
        if r.rebuilds:
            out.append("\nServer's own rebuild times (ms), from its log: " + ", ".join(f"{x:g}" for x in r.rebuilds))
        out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------------------------
# Part 2: memory


@dataclass
class MemoryRun:
    tool: str
    pages: int
    checkpoints: list[tuple[str, dict[str, int]]]
    edits_done: int
    peak_seen_kib: int
    killed_for_memory: bool
    error: str | None = None


class SSEReader(threading.Thread):
    """One event-stream client on a thread (plain socket, HTTP/1.1, chunked or not): collects every event."""

    def __init__(self, url: str, page: str, since: str | None):
        super().__init__(daemon=True)
        m = re.match(r"http://([^:/]+):(\d+)(/.*)?$", url)
        self.host, self.port = m.group(1), int(m.group(2))
        query = "page=" + urllib.request.quote(page, safe="")
        if since:
            query += "&since=" + urllib.request.quote(since, safe="")
        self.path = "/_sectionsite/events?" + query
        self.events: list[dict] = []
        self.connected = threading.Event()
        self.cond = threading.Condition()
        self.sock: socket.socket | None = None

    def run(self) -> None:
        parser = SSEParser()
        try:
            self.sock = socket.create_connection((self.host, self.port), timeout=5)
            self.sock.sendall(f"GET {self.path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                              "Accept: text/event-stream\r\n\r\n".encode())
            self.sock.settimeout(None)
            while True:
                data = self.sock.recv(65536)
                if not data:
                    return
                now = time.time() * 1000
                for event in parser.feed(data):
                    if event.get("comment") == "connected":
                        self.connected.set()
                    with self.cond:
                        event["at"] = now
                        self.events.append(event)
                        self.cond.notify_all()
        except OSError:
            return

    def close(self) -> None:
        if self.sock:
            try:
                self.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self.sock.close()


class SSEParser:
    """Incremental parser: HTTP response head, optional chunked transfer coding, then Server-Sent Events."""

    def __init__(self):
        self.head_done = False
        self.status = None
        self.chunked = False
        self.raw = b""  # bytes not yet decoded from the transfer coding
        self.text = ""  # event-stream text not yet split into events

    def feed(self, data: bytes) -> list[dict]:
        self.raw += data
        if not self.head_done:
            end = self.raw.find(b"\r\n\r\n")
            if end < 0:
                return []
            head = self.raw[:end].decode("latin-1").split("\r\n")
            self.raw = self.raw[end + 4 :]
            self.status = int(head[0].split()[1])
            self.chunked = any(h.lower().replace(" ", "") == "transfer-encoding:chunked" for h in head[1:])
            self.head_done = True
        if self.chunked:
            while True:
                line_end = self.raw.find(b"\r\n")
                if line_end < 0:
                    break
                size = int(self.raw[:line_end].split(b";")[0], 16)
                if len(self.raw) < line_end + 2 + size + 2:
                    break
                self.text += self.raw[line_end + 2 : line_end + 2 + size].decode("utf-8")
                self.raw = self.raw[line_end + 2 + size + 2 :]
        else:
            self.text += self.raw.decode("utf-8")
            self.raw = b""
        events = []
        while "\n\n" in self.text:
            block, self.text = self.text.split("\n\n", 1)
            event: dict = {}
            data = []
            for line in block.split("\n"):
                if line.startswith(":"):
                    event["comment"] = line[1:].strip()
                    continue
                key, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if key == "data":
                    data.append(value)
                elif key in ("event", "id"):
                    event[key] = value
            if data:
                event["data"] = "\n".join(data)
            events.append(event)
        return events


def wait_for_word(server: Server, url: str, word: str, timeout: float, reader: SSEReader | None) -> bool:
    """An edit is done when SectionSite's event stream carries a patch with the word, or (Hugo) when the page
    served over HTTP has it. Bounded by timeout."""
    deadline = time.monotonic() + timeout
    if reader is not None:
        with reader.cond:
            while time.monotonic() < deadline:
                if any(e.get("event") == "patch" and word in e.get("data", "") for e in reader.events[-5:]):
                    return True
                reader.cond.wait(0.05)
        return False
    while time.monotonic() < deadline and server.alive():
        try:
            if word in http_get(url, timeout=max(0.5, deadline - time.monotonic())):
                return True
        except (OSError, urllib.error.URLError):
            pass
        time.sleep(0.02)
    return False


def memory_run(tool: str, exe: str, root: Path, target: Target, pages: int, args, workdir: Path) -> MemoryRun:
    reset_site(tool, root, target)
    path = target.file(tool, root)
    limit = int(args.memory_limit_gib * GIB / 1024)
    checkpoints: list[tuple[str, dict[str, int]]] = []
    marks = sorted({m for m in args.memory_marks if m <= args.memory_edits} | {args.memory_edits})
    done, error = 0, None
    server = Server(tool, exe, root / tool, workdir / f"{tool}-{pages}-memory.log", limit_kib=limit)
    reader = None
    try:
        server.start(args.start_timeout)
        url = server.url.rstrip("/") + target.url
        html = http_get(url)
        if tool == "sectionsite":  # one open tab's stream, so patches are made as when an author previews
            reader = SSEReader(server.url, target.url, page_version(html))
            reader.start()
            if not reader.connected.wait(10):
                raise BenchError("the event stream did not connect in 10 s")
        time.sleep(args.settle)
        checkpoints.append(("after startup", server.memory()))
        run = "m" if tool == "sectionsite" else "g"
        for n in range(1, args.memory_edits + 1):
            word = edit_word(run, n)
            save(path, target.text(word), args.save)
            if not wait_for_word(server, url, word, args.edit_timeout, reader):
                error = (f"stopped at edit {n}: " + ("RSS passed the limit" if server.killed_for_memory else
                         "server gone" if not server.alive() else f"edit not served within {args.edit_timeout:.0f} s"))
                break
            done = n
            time.sleep(args.memory_pause)
            if n in marks:
                time.sleep(args.settle)
                checkpoints.append((f"after {n} edits", server.memory()))
                log(f"{LABELS[tool]} {pages:,} pages after {n} edits: {checkpoints[-1][1]}")
    except BenchError as e:
        error = str(e)
    finally:
        if reader:
            reader.close()
        server.stop()
        reset_site(tool, root, target)
    if server.killed_for_memory and not error:
        error = "RSS passed the limit"
    return MemoryRun(tool, pages, checkpoints, done, server.peak_seen_kib, server.killed_for_memory, error)


def memory_table(runs: list[MemoryRun]) -> str:
    rows = []
    for r in runs:
        for label, mem in r.checkpoints:
            rows.append([LABELS[r.tool], f"{r.pages:,}", label, mib(mem.get("VmRSS")), mib(mem.get("VmHWM")), ""])
        rows.append([LABELS[r.tool], f"{r.pages:,}", f"highest RSS sampled (every 0.1 s), {r.edits_done} edits",
                     mib(r.peak_seen_kib), "", r.error or ""])
    return table(["tool", "pages", "when", "RSS (MiB)", "peak RSS, VmHWM (MiB)", "note"], rows)


# ---------------------------------------------------------------------------------------------------------------
# Part 3: many event-stream clients


@dataclass
class LoadClient:
    index: int
    status: int | None = None
    connected_at: float | None = None
    events: list[dict] = field(default_factory=list)
    error: str | None = None


@dataclass
class LoadRun:
    pages: int
    clients: int
    edits: int
    connected: int
    latencies: list[float]  # ms, every receipt of every patch by every client
    spreads: list[float]  # ms, per edit: last receipt minus first receipt
    missing: int  # (client, edit) pairs never received
    out_of_order: int  # clients whose patches broke the chain (from != previous to, ids not increasing)
    unexpected: int  # reload/error events
    wrong_content: int  # patches that do not carry the edit's word
    errors: list[str]
    stop_status: int | None = None


async def load_client(client: LoadClient, host: str, port: int, path: str, ready: asyncio.Event,
                      progress: asyncio.Condition, stop: asyncio.Event) -> None:
    parser = SSEParser()
    writer = None
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 10)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        while not stop.is_set():
            read = asyncio.ensure_future(reader.read(65536))
            stopped = asyncio.ensure_future(stop.wait())
            finished, _ = await asyncio.wait({read, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if read not in finished:
                read.cancel()
                stopped.cancel()
                break
            stopped.cancel()
            data = read.result()
            if not data:
                client.error = client.error or "the server closed the stream"
                break
            now = time.time() * 1000
            events = parser.feed(data)
            client.status = parser.status
            for event in events:
                if event.get("comment") == "connected" and client.connected_at is None:
                    client.connected_at = now
                    ready.set()
                if "event" in event:
                    event["at"] = now
                    client.events.append(event)
            if events:
                async with progress:
                    progress.notify_all()
    except (OSError, asyncio.TimeoutError, ValueError) as e:
        client.error = f"{type(e).__name__}: {e}"
    finally:
        if writer:
            writer.close()


async def load_main(server: Server, target: Target, path: Path, args) -> LoadRun:
    m = re.match(r"http://([^:/]+):(\d+)/", server.url)
    host, port = m.group(1), int(m.group(2))
    version = page_version(http_get(server.url.rstrip("/") + target.url))
    if not version:
        raise BenchError("the page has no sectionsite-version meta")
    query = "page=" + urllib.request.quote(target.url, safe="") + "&since=" + urllib.request.quote(version, safe="")
    stream_path = "/_sectionsite/events?" + query
    clients = [LoadClient(i) for i in range(args.clients)]
    ready, stop, progress = asyncio.Event(), asyncio.Event(), asyncio.Condition()
    tasks = []
    # Connect in batches of 50, so the server's accept queue is never what is measured.
    for start in range(0, len(clients), 50):
        for c in clients[start : start + 50]:
            tasks.append(asyncio.ensure_future(load_client(c, host, port, stream_path, ready, progress, stop)))
        await asyncio.sleep(0.05)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and sum(c.connected_at is not None or c.error is not None for c in clients) < len(clients):
        await asyncio.sleep(0.05)
    connected = sum(c.connected_at is not None for c in clients)
    log(f"load: {connected}/{len(clients)} streams connected")
    await asyncio.sleep(args.settle)
    writes: list[tuple[str, float]] = []
    errors: list[str] = []
    for n in range(1, args.load_edits + 1):
        word = edit_word("l", n)
        t0 = time.time() * 1000
        save(path, target.text(word), args.save)
        writes.append((word, t0))
        want = lambda c: any(word in e.get("data", "") for e in c.events[-3:])  # noqa: E731
        edit_deadline = time.monotonic() + args.edit_timeout
        async with progress:
            while time.monotonic() < edit_deadline:
                if all(want(c) for c in clients if c.connected_at is not None and c.error is None):
                    break
                try:
                    await asyncio.wait_for(progress.wait(), 0.1)
                except asyncio.TimeoutError:
                    pass
            else:
                errors.append(f"edit {n}: not every client had its patch after {args.edit_timeout:.0f} s")
        await asyncio.sleep(args.pause)
    await asyncio.sleep(0.3)
    stop.set()
    await asyncio.wait(tasks, timeout=10)

    latencies, spreads, missing, out_of_order, unexpected, wrong = [], [], 0, 0, 0, 0
    per_edit: list[list[float]] = [[] for _ in writes]
    for c in clients:
        if c.error and c.connected_at is None:
            errors.append(f"client {c.index}: {c.error}")
        patches = [e for e in c.events if e.get("event") == "patch"]
        unexpected += sum(1 for e in c.events if e.get("event") in ("reload", "error"))
        previous, last_id, chain_ok = version, -1, True
        for k, (word, t0) in enumerate(writes):
            if k >= len(patches):
                missing += len(writes) - k
                break
            event = patches[k]
            try:
                patch = json.loads(event["data"])
            except (KeyError, ValueError):
                chain_ok = False
                continue
            try:
                event_id = int(event.get("id", ""))
            except ValueError:
                event_id = -1
            if patch.get("from") != previous or event_id <= last_id:
                chain_ok = False
            previous, last_id = patch.get("to"), event_id
            if word not in event["data"]:
                wrong += 1
            latencies.append(event["at"] - t0)
            per_edit[k].append(event["at"] - t0)
        if len(patches) > len(writes):
            errors.append(f"client {c.index}: {len(patches) - len(writes)} patch(es) more than edits")
        if not chain_ok:
            out_of_order += 1
    spreads = [max(v) - min(v) for v in per_edit if v]
    return LoadRun(0, len(clients), len(writes), connected, latencies, spreads, missing, out_of_order, unexpected,
                   wrong, errors[:20])


def load_run(exe: str, root: Path, target: Target, pages: int, args, workdir: Path) -> LoadRun:
    reset_site("sectionsite", root, target)
    with Server("sectionsite", exe, root / "sectionsite", workdir / f"sectionsite-{pages}-load.log") as server:
        server.start(args.start_timeout)
        result = asyncio.run(asyncio.wait_for(load_main(server, target, target.file("sectionsite", root), args),
                                              args.load_edits * (args.edit_timeout + args.pause + 1) + 60))
        result.pages = pages
        result.stop_status = server.stop()
    reset_site("sectionsite", root, target)
    return result


def load_table(runs: list[LoadRun]) -> str:
    rows = []
    for r in runs:
        lat = r.latencies
        rows.append([
            f"{r.pages:,}", f"{r.connected}/{r.clients}", str(r.edits), f"{len(lat)}/{r.clients * r.edits}",
            str(r.missing), str(r.out_of_order), str(r.unexpected + r.wrong_content),
            ms(min(lat) if lat else None), ms(percentile(lat, 50)), ms(percentile(lat, 95)), ms(max(lat) if lat else None),
            ms(percentile(r.spreads, 50)), ms(max(r.spreads) if r.spreads else None),
        ])
    return table(["pages", "clients connected", "edits", "patches received", "missed", "clients out of order",
                  "wrong or unexpected events", "write→receipt min (ms)", "p50", "p95", "max",
                  "per-edit spread p50 (ms)", "max"], rows)


# ---------------------------------------------------------------------------------------------------------------
# Driver


def resolve_exe(value: str, tool: str) -> str:
    path = Path(value)
    if tool == "sectionsite" and not path.is_absolute() and "/" in value:
        path = REPO / path
        if not path.exists():
            raise BenchError(f"no SectionSite binary at {path}: build it (swift build -c release) or pass --sectionsite")
        return str(path)
    found = shutil.which(value) if "/" not in value else (value if path.exists() else None)
    if not found:
        raise BenchError(f"{LABELS[tool]} not found: {value}")
    return found


def machine_info(exes: dict[str, str]) -> list[str]:
    lines = [f"- date: {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}"]
    try:
        model = next(l.split(":", 1)[1].strip() for l in Path("/proc/cpuinfo").read_text().splitlines()
                     if l.startswith("model name"))
    except (OSError, StopIteration):
        model = platform.processor() or "unknown"
    mem = next((l.split(":", 1)[1].strip() for l in Path("/proc/meminfo").read_text().splitlines()
                if l.startswith("MemTotal")), "?")
    lines.append(f"- machine: {model}, {os.cpu_count()} cores, {mem} memory; {platform.system()} {platform.release()}")
    lines.append(f"- Python {platform.python_version()}")
    try:
        from importlib.metadata import version as pkg_version
        lines.append(f"- Playwright {pkg_version('playwright')}")
    except Exception:
        pass
    if "hugo" in exes:
        out = subprocess.run([exes["hugo"], "version"], capture_output=True, text=True, timeout=30).stdout.strip()
        lines.append(f"- {out}")
    if "sectionsite" in exes:
        rev = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, timeout=30).stdout.strip()
        lines.append(f"- SectionSite: binary `{Path(exes['sectionsite']).name}` (modified "
                     f"{datetime.datetime.fromtimestamp(Path(exes['sectionsite']).stat().st_mtime).isoformat(timespec='minutes')});"
                     f" repository HEAD at run time {rev or '?'} (the binary may be older)")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--parts", default="latency,memory,load", help="which parts, comma-separated")
    parser.add_argument("--pages", default="1000,10000", help="page counts for the latency part")
    parser.add_argument("--tools", default="hugo,sectionsite", help="tools for the latency and memory parts")
    parser.add_argument("--edits", type=int, default=30, help="measured edits per tool and page count (latency)")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured edits first (latency)")
    parser.add_argument("--pause", type=float, default=0.5, help="seconds between an edit shown and the next write")
    parser.add_argument("--save", choices=("inplace", "rename"), default="inplace",
                        help="how the file is written: truncate and write (default) or write a temp file and rename")
    parser.add_argument("--memory-pages", type=int, default=None, help="page count of the memory part (default: the largest of --pages)")
    parser.add_argument("--memory-edits", type=int, default=100, help="edits of the memory part")
    parser.add_argument("--memory-marks", default="10", help="also read memory after these many edits")
    parser.add_argument("--memory-pause", type=float, default=0.1, help="seconds between memory-part edits")
    parser.add_argument("--memory-limit-gib", type=float, default=8.0, help="kill a server whose RSS passes this")
    parser.add_argument("--load-pages", type=int, default=None, help="page count of the load part (default: the largest of --pages)")
    parser.add_argument("--clients", type=int, default=200, help="event-stream clients (load)")
    parser.add_argument("--load-edits", type=int, default=20, help="edits of the load part")
    parser.add_argument("--edit-timeout", type=float, default=20.0, help="seconds an edit may take to show")
    parser.add_argument("--start-timeout", type=float, default=300.0, help="seconds a server may take to start")
    parser.add_argument("--settle", type=float, default=2.0, help="seconds to wait before reading memory")
    parser.add_argument("--sectionsite", default=".build/release/sectionsite",
                        help="SectionSite binary (relative paths are from the repository root)")
    parser.add_argument("--hugo", default="hugo", help="Hugo binary (default: hugo on PATH)")
    parser.add_argument("--results", type=Path, help="also write the tables and every sample to this Markdown file")
    parser.add_argument("--tmpfs", type=Path, default=Path("/dev/shm"), help="where the corpus is generated")
    parser.add_argument("--keep", type=Path, help="generate the corpus into KEEP/<pages>/ and keep it")
    parser.add_argument("--seed", type=int, default=1, help="corpus seed")
    parser.add_argument("--shape", default="sections", choices=corpus_mod.SHAPES,
                        help="sections: pages spread over ten sections; long: 40%% of them in blog/, a list of many pages")
    parser.add_argument("--section", default="blog", choices=[s[0] for s in corpus_mod.SECTIONS],
                        help="section of the edited post (default blog, about a tenth of the posts)")
    args = parser.parse_args()

    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    for p in parts:
        if p not in ("latency", "memory", "load"):
            parser.error(f"unknown part {p}")
    page_counts = [int(x) for x in args.pages.split(",") if x.strip()]
    tools = [t.strip() for t in args.tools.split(",") if t.strip()]
    for t in tools:
        if t not in LABELS:
            parser.error(f"unknown tool {t}")
    args.memory_marks = [int(x) for x in args.memory_marks.split(",") if x.strip()]
    memory_pages = args.memory_pages or max(page_counts)
    load_pages = args.load_pages or max(page_counts)
    needed_tools = set(tools) | ({"sectionsite"} if "load" in parts else set())
    exes = {t: resolve_exe(args.sectionsite if t == "sectionsite" else args.hugo, t) for t in needed_tools}

    # Stop cleanly (servers stopped by the finally blocks) on SIGTERM as on Ctrl-C.
    def interrupted(*_):
        raise KeyboardInterrupt()

    signal.signal(signal.SIGTERM, interrupted)

    base = args.keep or Path(tempfile.mkdtemp(prefix="sectionsite-serve-bench-", dir=args.tmpfs))
    workdir = base / "logs"
    workdir.mkdir(parents=True, exist_ok=True)
    log(f"corpus and server logs in {base}")
    loads = [os.getloadavg()]
    sections: list[str] = []
    corpora: dict[int, tuple[Path, Target]] = {}

    def corpus_for(pages: int) -> tuple[Path, Target]:
        if pages not in corpora:
            root = base / str(pages)
            log(f"generating {pages:,} pages into {root}")
            corpus = corpus_mod.generate(pages, root, args.seed, args.shape)
            corpora[pages] = (root, choose_target(corpus, root, args.section))
            log(f"edited page: {corpora[pages][1].url}")
        return corpora[pages]

    try:
        if "latency" in parts:
            from playwright.sync_api import sync_playwright

            runs: list[LatencyRun] = []
            with sync_playwright() as pw:
                browser = launch_browser(pw)
                try:
                    for i, pages in enumerate(page_counts):
                        root, target = corpus_for(pages)
                        order = tools if i % 2 == 0 else list(reversed(tools))
                        for tool in order:
                            runs.append(latency_run(tool, exes[tool], root, target, pages, args, browser, workdir))
                            print(f"\n{LABELS[tool]}, {pages:,} pages: {len(runs[-1].samples)} edits measured", flush=True)
                    browser_version = browser.version
                finally:
                    browser.close()
            text = latency_table(runs)
            print("\n### Edit to screen (Chromium " + browser_version + ")\n\n" + text + "\n", flush=True)
            sections.append(("Edit to screen", text, latency_details(runs), f"Chromium {browser_version}"))
        if "memory" in parts:
            root, target = corpus_for(memory_pages)
            mruns = [memory_run(t, exes[t], root, target, memory_pages, args, workdir) for t in tools]
            text = memory_table(mruns)
            print("\n### Server memory\n\n" + text + "\n", flush=True)
            sections.append(("Server memory", text, "", ""))
        if "load" in parts:
            root, target = corpus_for(load_pages)
            lrun = load_run(exes["sectionsite"], root, target, load_pages, args, workdir)
            text = load_table([lrun])
            extra = ("Errors: " + "; ".join(lrun.errors)) if lrun.errors else "No client reported an error."
            extra += f" Server exit status after SIGTERM: {lrun.stop_status}."
            print("\n### Many event-stream clients (SectionSite)\n\n" + text + "\n\n" + extra + "\n", flush=True)
            sections.append(("Many event-stream clients (SectionSite)", text, extra, ""))
    finally:
        loads.append(os.getloadavg())
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)

    if args.results:
        lines = ["# Live preview benchmark results", ""]
        lines += machine_info(exes)
        lines.append(f"- load average before/after: {loads[0][0]:.2f} / {loads[-1][0]:.2f}")
        lines.append(f"- command: `python3 Benchmarks/serve/bench.py {' '.join(sys.argv[1:])}`"
                     .replace(str(REPO) + "/", ""))
        for title, text, details, note in sections:
            lines += ["", f"## {title}", ""]
            if note:
                lines += [note, ""]
            lines.append(text)
            if details:
                lines += ["", details]
        args.results.write_text("\n".join(lines) + "\n", encoding="utf-8")
        log(f"wrote {args.results}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as e:
        print(f"bench.py: error: {e}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print("bench.py: interrupted", file=sys.stderr)
        sys.exit(130)
