#!/usr/bin/env python3
"""Deterministic benchmark corpus: the same Markdown pages as a Hugo site and as a SectionSite site.

    python3 corpus.py --pages 1000 --out /dev/shm/corpus [--seed 1]

writes OUT/hugo/ and OUT/sectionsite/. The same seed and page count always give byte-identical files
(only Python's own `random.Random` is used, whose sequence is stable across Python 3 versions).

Both sites do the same work:
- one page per Markdown file, `/<section>/<slug>/`, rendered in a shell with a header, nav and footer;
- one list page per section, newest first, 50 summaries a page, `/<section>/page/N/` for the rest, each
  section with a summary template of its own (title, date, summary, link) and a header and footer line;
- a home page; plus whatever each tool always writes (sitemap, one site-wide feed).
"""

from __future__ import annotations

import argparse
import math
import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path

PAGE_SIZE = 50
SITE_TITLE = "Bench Corpus"
BASE_URL = "https://bench.example.org/"

# (folder, display name, relative share of the pages). Uneven on purpose: sections paginate differently.
SECTIONS = [
    ("news", "News", 18),
    ("guides", "Guides", 14),
    ("reference", "Reference", 12),
    ("tutorials", "Tutorials", 11),
    ("blog", "Blog", 10),
    ("releases", "Releases", 9),
    ("recipes", "Recipes", 8),
    ("notes", "Notes", 7),
    ("talks", "Talks", 6),
    ("essays", "Essays", 5),
]

# One summary markup per section, written once and translated to both template languages.
# Placeholders: {TITLE} {URL} {DATE} {SUMMARY}; {SEC} is the section folder.
# Every variant carries data-bench="summary-{SEC}" exactly once: bench.py counts it in list pages.
SUMMARY_VARIANTS = [
    '<article class="summary s-{SEC}" data-bench="summary-{SEC}"><h3><a href="{URL}">{TITLE}</a></h3>'
    '<time>{DATE}</time><p>{SUMMARY}</p></article>',
    '<div class="card s-{SEC}" data-bench="summary-{SEC}"><time class="kicker">{DATE}</time>'
    '<a class="card-title" href="{URL}">{TITLE}</a><div class="card-body">{SUMMARY}</div></div>',
    '<dl class="entry s-{SEC}" data-bench="summary-{SEC}"><dt><a href="{URL}">{TITLE}</a></dt>'
    '<dd class="date">{DATE}</dd><dd class="text">{SUMMARY}</dd></dl>',
    '<section class="lesson s-{SEC}" data-bench="summary-{SEC}"><header><h3>{TITLE}</h3>'
    '<small>Published {DATE}</small></header><p>{SUMMARY}</p><a class="more" href="{URL}">Start the lesson</a>'
    '</section>',
    '<article class="post s-{SEC}" data-bench="summary-{SEC}"><p class="byline">{DATE}</p>'
    '<h3 class="post-title"><a href="{URL}" rel="bookmark">{TITLE}</a></h3><blockquote>{SUMMARY}</blockquote>'
    '</article>',
    '<div class="release s-{SEC}" data-bench="summary-{SEC}"><span class="badge">{DATE}</span>'
    '<strong><a href="{URL}">{TITLE}</a></strong><p class="changes">{SUMMARY}</p></div>',
    '<figure class="recipe s-{SEC}" data-bench="summary-{SEC}"><figcaption><a href="{URL}">{TITLE}</a>'
    '</figcaption><p>{SUMMARY}</p><footer>{DATE}</footer></figure>',
    '<p class="note s-{SEC}" data-bench="summary-{SEC}"><a href="{URL}">{TITLE}</a> &middot; <em>{DATE}</em>'
    ' &mdash; {SUMMARY}</p>',
    '<article class="talk s-{SEC}" data-bench="summary-{SEC}"><h3>{TITLE}</h3><table><tr><th>Date</th>'
    '<td>{DATE}</td></tr><tr><th>Abstract</th><td>{SUMMARY}</td></tr></table>'
    '<a href="{URL}">Watch and read</a></article>',
    '<article class="essay s-{SEC}" data-bench="summary-{SEC}"><h3><a href="{URL}">{TITLE}</a></h3>'
    '<p class="lede">{SUMMARY}</p><p class="date">Written {DATE}. <a href="{URL}">Read the essay</a></p>'
    '</article>',
]

HUGO_FIELDS = {
    "{TITLE}": "{{ .Title }}",
    "{URL}": "{{ .RelPermalink }}",
    "{DATE}": '{{ .Date.Format "2006-01-02" }}',
    "{SUMMARY}": "{{ .Summary | plainify }}",  # plain text, as SectionSite's summary and Hugo 0.111's; 0.134 on keep HTML
}
MUSTACHE_FIELDS = {"{TITLE}": "{{title}}", "{URL}": "{{url}}", "{DATE}": "{{date}}", "{SUMMARY}": "{{summary}}"}

FUNCTION_WORDS = (
    "the of and to in is for with on that as by it from at this we you can not or be are an which "
    "when then each one all more into only also than so its our their if but"
).split()
TAGS = (
    "performance caching rendering markdown templates diffing layout css javascript swift testing "
    "deployment cdn feeds search accessibility i18n images fonts security tooling workflow design "
    "data api cli editors browsers animation pagination sitemaps"
).split()
CATEGORIES = "engineering product community operations research design writing release".split()
CODE_LANGS = ["python", "swift", "go", "javascript", "bash", "yaml", "json", "rust"]

CSS = """body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem}
header.site,footer.site{color:#555}nav a{margin-right:.75rem}pre{background:#f4f4f4;padding:.5rem;overflow:auto}
.items{list-style:none;padding:0}.items>li{margin:1rem 0}.tag{margin-left:.5rem;color:#666}
"""


@dataclass
class Page:
    section: str
    slug: str
    title: str
    date: str  # RFC 3339, UTC, unique in the corpus

    @property
    def url(self) -> str:
        return f"/{self.section}/{self.slug}/"


@dataclass
class Corpus:
    """What was generated, and what a correct build of it must contain."""

    pages: list[Page]
    counts: dict[str, int] = field(default_factory=dict)  # section folder -> number of pages
    tag_counts: dict[str, int] = field(default_factory=dict)  # tag -> number of pages carrying it

    def list_pages(self) -> dict[str, tuple[str, list[str]]]:
        """Each list page's output path (relative, `index.html` form) -> (section, URLs it lists, in order)."""
        result = {}
        for folder in self.counts:
            newest_first = sorted((p for p in self.pages if p.section == folder), key=lambda p: p.date, reverse=True)
            pages = max(1, math.ceil(len(newest_first) / PAGE_SIZE))
            for n in range(1, pages + 1):
                path = f"{folder}/index.html" if n == 1 else f"{folder}/page/{n}/index.html"
                chunk = newest_first[PAGE_SIZE * (n - 1) : PAGE_SIZE * n]
                result[path] = (folder, [p.url for p in chunk])
        return result

    def expected_html(self) -> set[str]:
        """Every `index.html` a build must write, relative to the output folder: home, singles, list pages."""
        paths = {"index.html"}
        paths.update(p.url.lstrip("/") + "index.html" for p in self.pages)
        paths.update(self.list_pages())
        if self.tag_counts:  # both tools make /tags/ and a page per tag, PAGE_SIZE pages a page
            paths.add("tags/index.html")
            for tag, count in self.tag_counts.items():
                paths.add(f"tags/{tag}/index.html")
                paths.update(f"tags/{tag}/page/{n}/index.html" for n in range(2, math.ceil(count / PAGE_SIZE) + 1))
        return paths


class Writer:
    """Seeded text generator. All randomness flows through one `random.Random`."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.vocab = self._vocabulary(2400)
        # Zipf-like frequencies: the common words come up often, as in prose.
        weights = [1.0 / (rank + 8) for rank in range(len(self.vocab))]
        total, acc, cum = sum(weights), 0.0, []
        for w in weights:
            acc += w / total
            cum.append(acc)
        self.cum = cum

    def _vocabulary(self, size: int) -> list[str]:
        onsets = ["", "b", "c", "d", "f", "g", "l", "m", "n", "p", "r", "s", "t", "v", "br", "st", "tr", "pl",
                  "gr", "ch", "sh", "th", "k", "z"]
        vowels = ["a", "e", "i", "o", "u", "ai", "ea", "io", "ou"]
        codas = ["", "", "n", "r", "s", "t", "l", "m", "nd", "st", "x"]
        seen, words = set(FUNCTION_WORDS), list(FUNCTION_WORDS)
        while len(words) < size:
            syllables = self.rng.choice([1, 2, 2, 2, 3, 3, 4])
            word = "".join(self.rng.choice(onsets) + self.rng.choice(vowels) + self.rng.choice(codas)
                           for _ in range(syllables))
            if 2 <= len(word) <= 14 and word not in seen:
                seen.add(word)
                words.append(word)
        return words

    def words(self, n: int) -> list[str]:
        return self.rng.choices(self.vocab, cum_weights=self.cum, k=n)

    def title(self) -> str:
        words = [w for w in self.words(12) if w not in FUNCTION_WORDS][: self.rng.randint(3, 7)]
        return " ".join(w.capitalize() for w in words) or "Untitled"

    def sentence(self, links: list[Page]) -> tuple[str, int]:
        n = self.rng.randint(6, 20)
        words = self.words(n)
        words[0] = words[0].capitalize()
        r = self.rng.random()
        i = self.rng.randrange(1, n)
        if r < 0.10:
            words[i] = f"`{words[i]}_{self.rng.choice(self.vocab)}()`"
        elif r < 0.17:
            words[i] = f"*{words[i]}*"
        elif r < 0.22:
            words[i] = f"**{words[i]}**"
        elif r < 0.30:
            target = self.rng.choice(links)
            words[i] = f"[{words[i]} {self.rng.choice(self.vocab)}]({target.url})"
        elif r < 0.36:
            a, b = self.rng.choice(self.vocab), self.rng.choice(self.vocab)
            words[i] = f"[{words[i]}](https://example.org/{a}/{b}.html)"
        elif r < 0.40:
            words[i] = f'"{words[i]}"'
        if n > 9 and self.rng.random() < 0.35:
            words[n // 2] += ","
        end = self.rng.choice([".", ".", ".", ".", "?", "!"])
        return " ".join(words) + end, n

    def paragraph(self, links: list[Page], lo: int = 3, hi: int = 7) -> tuple[str, int]:
        total, parts = 0, []
        for _ in range(self.rng.randint(lo, hi)):
            s, n = self.sentence(links)
            parts.append(s)
            total += n
        return " ".join(parts), total

    def code_block(self) -> str:
        lang = self.rng.choice(CODE_LANGS)
        lines = []
        for _ in range(self.rng.randint(4, 16)):
            a, b, c = self.rng.choice(self.vocab), self.rng.choice(self.vocab), self.rng.choice(self.vocab)
            indent = "    " * self.rng.randint(0, 2)
            form = self.rng.randrange(4)
            if form == 0:
                lines.append(f"{indent}{a} = {b}({c}, {self.rng.randint(0, 999)})")
            elif form == 1:
                lines.append(f'{indent}{a}.{b}("{c} <{a}> & {b}")')
            elif form == 2:
                lines.append(f"{indent}if {a} > {b} {{ return {c} }}")
            else:
                lines.append(f"{indent}# {a} {b} {c}")
        return f"```{lang}\n" + "\n".join(lines) + "\n```"

    def body(self, links: list[Page]) -> str:
        """A CommonMark body of 600-1,500 words of prose (code blocks not counted)."""
        target = self.rng.randint(600, 1500)
        blocks, words = [], 0
        p, n = self.paragraph(links)  # the first paragraph is the summary
        blocks.append(p)
        words += n
        since_heading = 1
        while words < target:
            if since_heading >= self.rng.randint(3, 6):
                level = "##" if self.rng.random() < 0.7 else "###"
                heading = self.title()
                blocks.append(f"{level} {heading}")
                words += len(heading.split())
                since_heading = 0
                continue
            since_heading += 1
            r = self.rng.random()
            if r < 0.55:
                p, n = self.paragraph(links)
                blocks.append(p)
            elif r < 0.72:
                items, n = [], 0
                ordered = self.rng.random() < 0.35
                for k in range(self.rng.randint(3, 7)):
                    s, m = self.sentence(links)
                    items.append(f"{k + 1}. {s}" if ordered else f"- {s}")
                    n += m
                blocks.append("\n".join(items))
            elif r < 0.86:
                blocks.append(self.code_block())
                n = 0
            elif r < 0.94:
                s, n = self.paragraph(links, 1, 3)
                blocks.append("> " + s)
            else:
                p, n = self.paragraph(links, 1, 2)
                a = self.rng.choice(self.vocab)
                blocks.append(f"{p} See `{a}` in the [{a} notes](https://example.org/{a}/).")
                n += 4
            if words + n > 1500:  # stay within 600-1,500 words: drop the block that would overshoot
                blocks.pop()
                break
            words += n
        if blocks[-1].startswith("#"):  # never end on a heading
            blocks.pop()
        return "\n\n".join(blocks) + "\n"


def _yaml_list(values: list[str]) -> str:
    return "[" + ", ".join(f'"{v}"' for v in values) + "]"


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _nav_html() -> str:
    return "".join(f'<a href="/{folder}/">{name}</a>' for folder, name, _ in SECTIONS)


def _home_body() -> str:
    lines = [f"Welcome to the {SITE_TITLE}. Every section below lists its pages newest first, "
             f"{PAGE_SIZE} to a page.", ""]
    lines += [f"- [{name}](/{folder}/)" for folder, name, _ in SECTIONS]
    return "\n".join(lines) + "\n"


def _section_header(name: str) -> str:
    return f"Latest in {name}"


def _section_footer(name: str) -> str:
    return f"End of {name}"


def write_hugo(root: Path, corpus: Corpus, sources: dict[str, str]) -> None:
    _write(root / "config.toml", f"""baseURL = "{BASE_URL}"
title = "{SITE_TITLE}"
languageCode = "en"
paginate = {PAGE_SIZE}
# Tag pages only, as SectionSite makes (Hugo's default adds categories): /tags/ and /tags/<tag>/ with a feed each.
[taxonomies]
tag = "tags"

# Hugo 0.128 and later read the page size here (`paginate` above is for older ones); the taxonomy and term
# templates sit where Hugo 0.146 and later look for them (layouts/taxonomy.html, layouts/term.html).
[pagination]
pagerSize = {PAGE_SIZE}

# One site-wide feed and a sitemap, like SectionSite (Hugo's default adds a feed per section).
[outputs]
home = ["HTML", "RSS"]
section = ["HTML"]
page = ["HTML"]
taxonomy = ["HTML"]
term = ["HTML", "RSS"]

# Both tools highlight every fenced block with a language into spans with classes (Hugo through Chroma,
# SectionSite through KSyntaxHighlighting), so both do the same work.
[markup.highlight]
codeFences = true
noClasses = false
""")
    nav = _nav_html()
    _write(root / "layouts/_default/baseof.html", f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{{{ .Title }}}} &middot; {{{{ site.Title }}}}</title>{{{{ with .Description }}}}<meta name="description" content="{{{{ . }}}}">{{{{ end }}}}
<link rel="stylesheet" href="/assets/bench.css"></head>
<body><header class="site"><a class="brand" href="/">{{{{ site.Title }}}}</a><nav>{nav}</nav></header>
<main>{{{{ block "main" . }}}}{{{{ end }}}}</main>
<footer class="site">{{{{ site.Title }}}}: a generated benchmark corpus.</footer></body></html>
""")
    _write(root / "layouts/_default/single.html", """{{ define "main" }}<article><h1>{{ .Title }}</h1>
<p class="meta"><time>{{ .Date.Format "2006-01-02" }}</time>{{ range .Params.tags }}<span class="tag">{{ . }}</span>{{ end }}</p>
{{ .Content }}</article>{{ end }}
""")
    _write(root / "layouts/_default/list.html", """{{ define "main" }}<h1>{{ .Title }}</h1>
{{ .Content }}
{{ $pager := .Paginate .Pages.ByDate.Reverse }}<section class="posts">
<h2 class="section-header">{{ .Params.header }}</h2>
<ul class="items">{{ range $pager.Pages }}<li>{{ partial (printf "summary-%s.html" .Section) . }}</li>{{ end }}</ul>
<p class="section-footer">{{ .Params.footer }}</p></section>
<nav class="pager">{{ with $pager.Prev }}<a href="{{ .URL }}">Newer</a>{{ end }}
Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}
{{ with $pager.Next }}<a href="{{ .URL }}">Older</a>{{ end }}</nav>{{ end }}
""")
    _write(root / "layouts/taxonomy.html", """{{ define "main" }}<h1>{{ .Title }}</h1>
<ul class="items">{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> {{ .Count }}</li>{{ end }}</ul>{{ end }}
""")
    _write(root / "layouts/term.html", """{{ define "main" }}<h1>{{ .Title }}</h1>
{{ $pager := .Paginate .Pages.ByDate.Reverse }}<ul class="items">{{ range $pager.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> <time>{{ .Date.Format "2006-01-02" }}</time></li>{{ end }}</ul>
<nav class="pager">{{ with $pager.Prev }}<a href="{{ .URL }}">Newer</a>{{ end }}
Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}
{{ with $pager.Next }}<a href="{{ .URL }}">Older</a>{{ end }}</nav>{{ end }}
""")
    _write(root / "layouts/index.html", """{{ define "main" }}<article><h1>{{ .Title }}</h1>
{{ .Content }}</article>{{ end }}
""")
    for (folder, _name, _share), variant in zip(SECTIONS, SUMMARY_VARIANTS):
        text = variant.replace("{SEC}", folder)
        for key, value in HUGO_FIELDS.items():
            text = text.replace(key, value)
        _write(root / f"layouts/partials/summary-{folder}.html", text + "\n")
    _write(root / "static/assets/bench.css", CSS)

    _write(root / "content/_index.md", f'---\ntitle: "{SITE_TITLE}"\n---\n\n' + _home_body())
    for folder, name, _share in SECTIONS:
        _write(root / f"content/{folder}/_index.md",
               f'---\ntitle: "{name}"\nheader: "{_section_header(name)}"\nfooter: "{_section_footer(name)}"\n---\n')
    for rel, text in sources.items():
        _write(root / "content" / rel, text)


def write_sectionsite(root: Path, corpus: Corpus, sources: dict[str, str]) -> None:
    _write(root / "sectionsite.yml",
           f'title: "{SITE_TITLE}"\nbaseURL: "{BASE_URL}"\ntheme: bench\nlanguage: en\ntags:\n  paginate: {PAGE_SIZE}\n')
    theme = root / "Themes/bench"
    nav = _nav_html()
    head = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{page.title}} &middot; {{site.title}}</title>{{#page.description}}<meta name="description" content="{{page.description}}">{{/page.description}}
<link rel="stylesheet" href="/assets/bench.css"></head>
<body><header class="site"><a class="brand" href="/">{{site.title}}</a><nav>%s</nav></header>
""" % nav
    foot = "<footer class=\"site\">{{site.title}}: a generated benchmark corpus.</footer></body></html>\n"
    _write(theme / "layouts/page.mustache", head + """<main><article><h1>{{page.title}}</h1>
<p class="meta"><time>{{page.date}}</time>{{#page.tags}}<span class="tag">{{.}}</span>{{/page.tags}}</p>
{{{body}}}</article>{{{sections}}}</main>
""" + foot)
    _write(theme / "layouts/list.mustache", head + """<main><h1>{{page.title}}</h1>
{{{body}}}
{{{sections}}}</main>
""" + foot)
    _write(theme / "supplementary/header.mustache", '<h2 class="section-header">{{title}}</h2>\n')
    _write(theme / "supplementary/footer.mustache", '<p class="section-footer">{{title}}</p>\n')
    for (folder, _name, _share), variant in zip(SECTIONS, SUMMARY_VARIANTS):
        text = variant.replace("{SEC}", folder)
        for key, value in MUSTACHE_FIELDS.items():
            text = text.replace(key, value)
        _write(theme / f"cells/summary-{folder}.mustache", text + "\n")
    _write(theme / "assets/bench.css", CSS)

    _write(root / "Content/index.md", f'---\ntitle: "{SITE_TITLE}"\n---\n\n' + _home_body())
    for folder, name, _share in SECTIONS:
        _write(root / f"Content/{folder}/index.md", f"""---
title: "{name}"
layout: list
sections:
  - id: posts
    header: "{_section_header(name)}"
    footer: "{_section_footer(name)}"
    from: {folder}
    sort: -date
    paginate: {PAGE_SIZE}
    cell: summary-{folder}
---
""")
    for rel, text in sources.items():
        _write(root / "Content" / rel, text)


# Shapes of corpus: "sections" spreads the pages over the sections by share; "long" puts 40% of them (4,000 at 10,000
# pages) in one folder, `blog`, whose list then runs to 80 pages of 50: the shape of a blog with years of posts.
SHAPES = ("sections", "long")
LONG_SHARE = 0.4


def generate(pages: int, out: Path, seed: int = 1, shape: str = "sections") -> Corpus:
    """Write OUT/hugo and OUT/sectionsite (replacing them) and return what a build of them must contain."""
    if shape not in SHAPES:
        raise ValueError(f"shape must be one of {', '.join(SHAPES)}")
    if pages < 1:
        raise ValueError("pages must be at least 1")
    writer = Writer(seed)
    rng = writer.rng
    folders = [s[0] for s in SECTIONS]
    shares = [s[2] for s in SECTIONS]
    # Every section gets at least one page; the rest are drawn by share.
    assigned = folders[: min(pages, len(folders))] + rng.choices(folders, weights=shares, k=max(0, pages - len(folders)))
    if shape == "long":
        others = [(f, w) for f, w in zip(folders, shares) if f != "blog"]
        long = ["blog"] * max(1, int(pages * LONG_SHARE))
        rest = max(0, pages - len(long))
        assigned = long + [f for f, _ in others[: min(rest, len(others))]]
        assigned += rng.choices([f for f, _ in others], weights=[w for _, w in others], k=max(0, pages - len(assigned)))
        rng.shuffle(assigned)
    # Unique timestamps 1 h to 13 h apart, so "newest first" is one order in both tools (no ties).
    minute = 0
    plan: list[Page] = []
    for i, folder in enumerate(assigned):
        minute += rng.randint(60, 780)
        days, rest = divmod(minute, 24 * 60)
        date = _date_from_days(days, rest // 60, rest % 60)
        title = writer.title()
        slug = f"p{i:05d}-" + "-".join(title.lower().split()[:3])
        plan.append(Page(folder, slug, title, date))
    corpus = Corpus(plan)
    for page in plan:
        corpus.counts[page.section] = corpus.counts.get(page.section, 0) + 1

    sources: dict[str, str] = {}
    for page in plan:
        tags = sorted(set(rng.sample(TAGS, rng.randint(1, 4))))
        for tag in tags:
            corpus.tag_counts[tag] = corpus.tag_counts.get(tag, 0) + 1
        cats = sorted(set(rng.sample(CATEGORIES, rng.randint(1, 2))))
        description, _ = writer.sentence(plan)
        description = description.replace('"', "").replace("`", "").replace("*", "")
        description = _strip_links(description)
        links = [plan[rng.randrange(len(plan))] for _ in range(8)]
        body = writer.body(links)
        sources[f"{page.section}/{page.slug}.md"] = (
            "---\n"
            f'title: "{page.title}"\n'
            f"date: {page.date}\n"
            f"tags: {_yaml_list(tags)}\n"
            f"categories: {_yaml_list(cats)}\n"
            f"weight: {rng.randint(1, 100)}\n"
            f'description: "{description}"\n'
            "---\n\n" + body
        )

    for name, write in (("hugo", write_hugo), ("sectionsite", write_sectionsite)):
        root = out / name
        if root.exists():
            shutil.rmtree(root)
        write(root, corpus, sources)
    return corpus


def _strip_links(text: str) -> str:
    # "[a b](/x/)" -> "a b": descriptions are plain text.
    out, i = [], 0
    while i < len(text):
        if text[i] == "[":
            close = text.find("](", i)
            end = text.find(")", close + 2) if close != -1 else -1
            if close != -1 and end != -1:
                out.append(text[i + 1 : close])
                i = end + 1
                continue
        out.append(text[i])
        i += 1
    return "".join(out)


_MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def _date_from_days(days: int, hour: int, minute: int) -> str:
    """RFC 3339 timestamp `days` days after 2012-01-01 (no datetime/timezone dependence)."""
    year = 2012
    while True:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        length = 366 if leap else 365
        if days < length:
            break
        days -= length
        year += 1
    month = 0
    while True:
        length = _MONTH_DAYS[month] + (1 if month == 1 and leap else 0)
        if days < length:
            break
        days -= length
        month += 1
    return f"{year:04d}-{month + 1:02d}-{days + 1:02d}T{hour:02d}:{minute:02d}:00Z"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=1000, help="number of content pages (default 1000)")
    parser.add_argument("--out", type=Path, required=True, help="folder to write hugo/ and sectionsite/ into")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--shape", default="sections", choices=SHAPES, help="sections (default) or long: 40%% in blog/")
    args = parser.parse_args()
    corpus = generate(args.pages, args.out, args.seed, args.shape)
    lists = corpus.list_pages()
    print(f"{len(corpus.pages)} pages in {len(corpus.counts)} sections, {len(lists)} list pages, "
          f"{len(corpus.expected_html())} HTML pages expected per build -> {args.out}/hugo, {args.out}/sectionsite")
    for folder, count in corpus.counts.items():
        print(f"  {folder:10} {count:6} pages, {math.ceil(count / PAGE_SIZE)} list page(s)")


if __name__ == "__main__":
    main()
