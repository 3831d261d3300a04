#!/usr/bin/env python3
"""Compare SectionSite's build of an imported site with the original generator's build, page by page.

    python3 Benchmarks/compat/compare.py --sites /tmp/realsites --manifest Benchmarks/compat/sites.txt \
        --reference /tmp/reference --work /tmp/compat-work --results results-pages.md --json compat-pages.json

`--reference DIR` holds the original's output of each site (`DIR/<name>`, written by reference.py, with
`DIR/<name>.reference.json` beside it); `--work DIR` is compat.py's: SectionSite's output is `DIR/<name>/_site`.
One pair of folders: `compare.py --original OUT --built _site [--source SRC --kind hugo]`.

For every HTML page of the original's output (a file whose head has `http-equiv="refresh"` is a redirect, counted
apart), by the page's URL (`a/index.html` is `/a/`, `a.html` is `/a.html`):

- answered: whether SectionSite's `_site` answers the URL with a page or a redirect, as compat.py's `answer` does
  (a static host's rules); a redirect is followed, once, to the page compared. Pagination (`/page/N/`),
  taxonomy lists (`/tags/`, `/categories/`) and error pages (`404.html`) are also counted apart, since compat.py's
  oracle leaves them out.
  The original's `a.html` also counts as answered by `a/index.html` or `a`: a permalink without an extension is
  written `a.html`, and static hosts serve `/a` from either.
- title: whether the `<title>` texts are equal, whitespace collapsed; and whether they are close: equal once each
  is cut at its first ` | `, ` · `, ` - `, ` – `, ` — ` or ` • ` (the site's name after the page's).
- text similarity: the visible text of the main content, as words (`\\w+`, case-folded), compared with
  `difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()`: 2 * matching words / all words, 1.0 equal, order
  counts. When both pages together have more than 30,000 words, a bag-of-words Dice coefficient (the same formula
  on word counts, order ignored) stands in, for time. The main content is the first `<main>`, else the first
  `[role=main]`, else the first `<article>`, else `<body>` without `nav`, `header`, `footer` and `aside`; inside it,
  `nav`, `footer`, `aside`, `script`, `style`, `noscript`, `template`, `svg`, `form` and `button` are left out.
- links: the page's internal links (relative, root-relative, or absolute to the site's own host; the site's base
  path taken off), and the share of them SectionSite's `_site` answers; the same for the original's own page in its
  own output, as a baseline.
- template text: occurrences of `{{<`, `{{%`, `{%`, `{{ site.`, `{{ page.` in the page's visible text (all of
  `<body>` but scripts and styles, code blocks included), in SectionSite's page and in the original's. A page
  "shows template text" when SectionSite's count is above the original's (documentation about templates shows
  some on purpose; a `{%` that is part of `{{%` counts once, as `{{%`). Each occurrence is named by its tag (`{{< alert`, `{% include tabs.html`, `{{ site.baseurl`),
  and the names SectionSite shows more often than the original are summed over the site.

With the source (`--sites`/`--manifest`, or `--source`) it also counts the shortcodes (Hugo) and Liquid tags and
includes (Jekyll) the content uses, with the template that defines each, so the names above can be traced.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import difflib
import html.parser
import json
import os
import re
import statistics
import sys
import urllib.parse
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import compat  # noqa: E402

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
HIDDEN = {"script", "style", "noscript", "template", "svg", "head"}
LEFT_OUT_OF_MAIN = {"nav", "footer", "aside", "script", "style", "noscript", "template", "svg", "form", "button"}
LEFT_OUT_OF_BODY = LEFT_OUT_OF_MAIN | {"header"}
MARKERS = ("{{<", "{{%", "{%", "{{ site.", "{{ page.")
BIG = 30000
WORD = re.compile(r"\w+")
TAG_NAMES = [
    (re.compile(r"\{\{<\s*/?\s*([\w./-]+)"), "{{< "),
    (re.compile(r"\{\{%\s*/?\s*([\w./-]+)"), "{{% "),
    (re.compile(r"(?<!\{)\{%-?\s*(include(?:_relative)?\s+[^\s%}]+|[\w]+)"), "{% "),
    (re.compile(r"\{\{ (site\.[\w.]+|page\.[\w.]+)"), "{{ "),
]
LISTS = re.compile(r"/(page/\d+|tags|categories|tag|category|series|authors)(/|$)|/404\.html$")


# ----------------------------------------------------------------------------------------------------------- HTML

class Node:
    __slots__ = ("tag", "attrs", "children", "parent")

    def __init__(self, tag: str, attrs: dict, parent: "Node | None"):
        self.tag, self.attrs, self.children, self.parent = tag, attrs, [], parent


class Tree(html.parser.HTMLParser):
    """A forgiving tree of elements and text: an end tag closes up to the nearest open element of its name."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.stack = [self.root]
        self.title_parts: list[str] = []
        self.in_title = False

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: (v or "") for k, v in attrs}, self.stack[-1])
        self.stack[-1].children.append(node)
        if tag == "title":
            self.in_title = True
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        node = Node(tag, {k: (v or "") for k, v in attrs}, self.stack[-1])
        self.stack[-1].children.append(node)

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if self.in_title:
            self.title_parts.append(data)
        self.stack[-1].children.append(data)


def parse(path: Path) -> Tree:
    tree = Tree()
    try:
        tree.feed(path.read_text(encoding="utf-8", errors="replace"))
        tree.close()
    except (OSError, AssertionError):
        pass
    return tree


def find(node: Node, test) -> Node | None:
    todo = [node]
    while todo:
        current = todo.pop(0)
        if isinstance(current, Node):
            if current is not node and test(current):
                return current
            todo[0:0] = [c for c in current.children if isinstance(c, Node)]
    return None


BLOCK = {"br", "p", "div", "li", "td", "th", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "dt", "dd",
         "section", "article", "blockquote", "table", "ul", "ol", "hr"}


def text_of(node: Node, skip: set[str]) -> str:
    """The text under `node`, elements in `skip` left out, a space around block elements, whitespace collapsed."""
    parts: list[str] = []
    todo: list = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, str):
            parts.append(current)
        elif current.tag not in skip or current is node:
            if current.tag in BLOCK:
                parts.append(" ")
                todo.append(" ")
            todo.extend(reversed(current.children))
    return " ".join("".join(parts).split())


def main_node(tree: Tree) -> tuple[Node, set[str]]:
    for test in (lambda n: n.tag == "main", lambda n: n.attrs.get("role") == "main", lambda n: n.tag == "article"):
        hit = find(tree.root, test)
        if hit is not None:
            return hit, LEFT_OUT_OF_MAIN
    body = find(tree.root, lambda n: n.tag == "body") or tree.root
    return body, LEFT_OUT_OF_BODY


def links_of(tree: Tree) -> list[str]:
    out = []
    todo: list = [tree.root]
    while todo:
        current = todo.pop()
        if isinstance(current, Node):
            if current.tag == "a" and current.attrs.get("href"):
                out.append(current.attrs["href"].strip())
            todo.extend(c for c in current.children if isinstance(c, Node))
    return out


@dataclass
class PageView:
    title: str
    words: list
    visible: str
    links: list
    refresh: str | None


REFRESH = re.compile(r"""http-equiv=["']?refresh["']?[^>]*content=["']?\s*\d*\s*;?\s*url=([^"'>\s]+)""", re.I)
REFRESH2 = re.compile(r"""content=["']?\s*\d*\s*;?\s*url=([^"'>\s]+)["']?[^>]*http-equiv=["']?refresh""", re.I)


def view(path: Path) -> PageView:
    tree = parse(path)
    head = path.read_bytes()[:4096].decode("utf-8", "replace")
    refresh = REFRESH.search(head) or REFRESH2.search(head)
    main, skip = main_node(tree)
    body = find(tree.root, lambda n: n.tag == "body") or tree.root
    return PageView(" ".join("".join(tree.title_parts).split()),
                    WORD.findall(text_of(main, skip).casefold()),
                    text_of(body, HIDDEN),
                    links_of(tree),
                    refresh.group(1) if refresh else None)


def similarity(a: list, b: list) -> float:
    if not a and not b:
        return 1.0
    if not a or not b:
        return 0.0
    if len(a) + len(b) > BIG:
        ca, cb = Counter(a), Counter(b)
        return 2 * sum((ca & cb).values()) / (len(a) + len(b))
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def template_tags(text: str) -> Counter:
    names: Counter = Counter()
    for pattern, prefix in TAG_NAMES:
        for match in pattern.finditer(text):
            names[prefix + " ".join(match.group(1).split())] += 1
    return names


TITLE_SPLIT = re.compile(r" (?:\||·|-|–|—|•|::) ")


def title_head(title: str) -> str:
    return TITLE_SPLIT.split(title, 1)[0].strip().casefold()


LIQUID_OPEN = re.compile(r"(?<!\{)\{%")


def marker_count(text: str) -> int:
    """Occurrences of the markers; a `{%` inside `{{%` is not counted again."""
    return sum(text.count(m) for m in MARKERS if m != "{%") + len(LIQUID_OPEN.findall(text))


# ------------------------------------------------------------------------------------------------------ addresses

def page_url(rel: str) -> str:
    rel = rel.replace(os.sep, "/")
    if rel == "index.html":
        return "/"
    if rel.endswith("/index.html"):
        return "/" + rel[: -len("index.html")]
    return "/" + rel


def resolve(out: Path, url: str) -> Path | None:
    """The file a static host serves for `url` from `out` (compat.answer's rules), or None."""
    path = urllib.parse.unquote(url.split("#", 1)[0].split("?", 1)[0]).lstrip("/")
    if ".." in path.split("/"):
        return None
    if url.endswith("/") or path == "":
        candidates = [out / path / "index.html"]
    elif os.path.splitext(path)[1].lower() in compat.FILE_EXTENSIONS:
        candidates = [out / path]
    else:
        candidates = [out / path, out / (path + ".html"), out / path / "index.html"]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    return None


class Site:
    """A built site's folder, with what its links need: its host and base path."""

    def __init__(self, out: Path, host: str, base: str):
        self.out, self.host, self.base = out, host.lower(), base if base.endswith("/") else base + "/"
        self.cache: dict[str, bool] = {}

    def internal(self, href: str, page: str) -> str | None:
        """The site path an href leads to, or None when it leaves the site (or is only an anchor)."""
        if not href or href.startswith(("#", "mailto:", "javascript:", "tel:", "data:")):
            return None
        parsed = urllib.parse.urlsplit(href)
        if parsed.scheme and parsed.scheme not in ("http", "https"):
            return None
        if parsed.netloc:
            if parsed.netloc.lower() not in (self.host, "www." + self.host) and \
                    "www." + parsed.netloc.lower() != self.host:
                return None
        target = urllib.parse.urljoin(page, parsed.path) if not parsed.netloc else parsed.path or "/"
        if self.base != "/" and (target + "/").startswith(self.base):
            target = "/" + target[len(self.base):]
        return target or "/"

    def answers(self, path: str) -> bool:
        if path not in self.cache:
            self.cache[path] = resolve(self.out, path) is not None
        return self.cache[path]


# ----------------------------------------------------------------------------------------------------------- sites

@dataclass
class PageResult:
    url: str
    similarity: float
    title_equal: bool
    title_close: bool
    words_original: int
    words_sectionsite: int
    template_original: int
    template_sectionsite: int


@dataclass
class SiteResult:
    name: str
    kind: str
    repo: str = ""
    commit: str = ""
    original_ok: bool = False
    original_s: float | None = None
    original_changes: list = field(default_factory=list)
    original_error: str = ""
    original_generator: str = ""
    first_build_ok: bool | None = None
    built: bool = False
    original_pages: int = 0
    original_redirects: int = 0
    list_pages: int = 0                      # pagination, taxonomy lists and 404 pages among original_pages
    answered: int = 0
    answered_lists: int = 0
    redirects_answered: int = 0
    compared: int = 0
    titles_equal: int = 0
    titles_close: int = 0
    similarity_median: float | None = None
    similarity_p5: float | None = None
    similarity_mean: float | None = None
    links_sectionsite: int = 0
    links_sectionsite_ok: int = 0
    links_original: int = 0
    links_original_ok: int = 0
    template_pages: int = 0                  # pages where SectionSite shows more template text than the original
    template_count: int = 0                  # the excess, summed
    template_sectionsite_total: int = 0
    template_original_total: int = 0
    template_tags: dict = field(default_factory=dict)    # name -> excess occurrences
    unanswered_examples: list = field(default_factory=list)
    worst: list = field(default_factory=list)
    source_usage: dict = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def answered_share(self):
        return self.answered / self.original_pages if self.original_pages else None

    @property
    def answered_share_content(self):
        content = self.original_pages - self.list_pages
        return (self.answered - self.answered_lists) / content if content else None


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    index = (len(ordered) - 1) * q
    low = int(index)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (index - low)


def compare_site(result: SiteResult, original: Path, built: Path, host: str, base: str) -> SiteResult:
    started = datetime.datetime.now()
    ref_site, ss_site = Site(original, host, base), Site(built, host, base)
    sims: list[float] = []
    pages: list[PageResult] = []
    tags_excess: Counter = Counter()
    result.built = built.is_dir()
    for path in sorted(original.rglob("*.html")):
        rel = path.relative_to(original).as_posix()
        url = page_url(rel)
        head = path.read_bytes()[:4096].lower()
        if b"http-equiv=\"refresh\"" in head or b"http-equiv=refresh" in head or b"http-equiv='refresh'" in head:
            result.original_redirects += 1
            if result.built and resolve(built, url) is not None:
                result.redirects_answered += 1
            continue
        is_list = bool(LISTS.search(url))
        result.original_pages += 1
        result.list_pages += is_list
        target = resolve(built, url) if result.built else None
        if target is None and result.built and url.endswith(".html") and not url.endswith("/index.html"):
            # `a.html` is also the original's `/a` (a permalink without an extension): hosts serve both from it.
            target = resolve(built, url[: -len(".html")])
        if target is None:
            if len(result.unanswered_examples) < 20 and not is_list:
                result.unanswered_examples.append(url)
            continue
        result.answered += 1
        result.answered_lists += is_list
        mine = view(target)
        hops = 0
        while mine.refresh and hops < 2:
            hop = ss_site.internal(mine.refresh, url)
            nxt = resolve(built, hop) if hop else None
            if nxt is None:
                break
            mine = view(nxt)
            hops += 1
        theirs = view(path)
        score = similarity(theirs.words, mine.words)
        sims.append(score)
        result.compared += 1
        title_equal = theirs.title == mine.title
        title_close = title_equal or title_head(theirs.title) == title_head(mine.title)
        result.titles_equal += title_equal
        result.titles_close += title_close
        for href in mine.links:
            target_path = ss_site.internal(href, url)
            if target_path is not None:
                result.links_sectionsite += 1
                result.links_sectionsite_ok += ss_site.answers(target_path)
        for href in theirs.links:
            target_path = ref_site.internal(href, url)
            if target_path is not None:
                result.links_original += 1
                result.links_original_ok += ref_site.answers(target_path)
        t_mine, t_theirs = marker_count(mine.visible), marker_count(theirs.visible)
        result.template_sectionsite_total += t_mine
        result.template_original_total += t_theirs
        if t_mine > t_theirs:
            result.template_pages += 1
            result.template_count += t_mine - t_theirs
            tags_excess.update(template_tags(mine.visible) - template_tags(theirs.visible))
        pages.append(PageResult(url, round(score, 4), title_equal, title_close, len(theirs.words), len(mine.words), t_theirs,
                                t_mine))
    if sims:
        result.similarity_median = round(statistics.median(sims), 4)
        result.similarity_p5 = round(percentile(sims, 0.05), 4)
        result.similarity_mean = round(statistics.fmean(sims), 4)
    result.worst = [asdict(p) for p in sorted(pages, key=lambda p: (p.similarity, p.url))[:10]]
    result.template_tags = dict(tags_excess.most_common(40))
    result.seconds = round((datetime.datetime.now() - started).total_seconds(), 1)
    return result


# ------------------------------------------------------------------------------------------------ source analysis

HUGO_SHORTCODE = re.compile(r"\{\{[<%]\s*(?!/)([\w./-]+)")
LIQUID_TAG = re.compile(r"\{%-?\s*(\w+)(?:\s+([^\s%}]+))?")
LIQUID_BUILTIN = {"if", "elsif", "else", "endif", "unless", "endunless", "for", "endfor", "case", "when", "endcase",
                  "assign", "capture", "endcapture", "raw", "endraw", "comment", "endcomment", "increment",
                  "decrement", "cycle", "break", "continue", "tablerow", "endtablerow", "liquid", "echo", "render",
                  "highlight", "endhighlight", "link", "post_url", "include", "include_relative", "and", "or"}


def hugo_shortcode_template(root: Path, name: str) -> str:
    """The template defining a shortcode: `layouts/_shortcodes/` or `layouts/shortcodes/`, also inside a section's
    folder (`layouts/docs/_shortcodes/`), the site's own before its themes'."""
    layout_dirs = [root / "layouts"] + sorted(root.glob("themes/*/layouts"))
    for layouts in layout_dirs:
        if not layouts.is_dir():
            continue
        for folder in ["_shortcodes", "shortcodes"] + sorted(
                str(p.relative_to(layouts)) for p in layouts.glob("*/_shortcodes")):
            base = layouts / folder
            for candidate in sorted(base.glob(name + ".*")) if base.is_dir() else []:
                return candidate.relative_to(root).as_posix()
    return "(built-in or from a module)"


def source_usage(kind: str, root: Path) -> dict:
    """The shortcodes (Hugo) or Liquid tags and includes (Jekyll) the site's content uses, most used first."""
    used: Counter = Counter()
    if kind == "hugo":
        content_dirs = [root / "content"] + [p for p in root.glob("content*") if p.is_dir() and p.name != "content"]
        for folder in content_dirs:
            for path in folder.rglob("*"):
                if path.suffix.lower() in (".md", ".markdown", ".html", ".adoc") and path.is_file():
                    for match in HUGO_SHORTCODE.finditer(path.read_text(encoding="utf-8", errors="replace")):
                        used[match.group(1)] += 1
        return {"shortcodes": [{"name": n, "uses": c, "template": hugo_shortcode_template(root, n)}
                               for n, c in used.most_common(25)]}
    for path in root.rglob("*"):
        if path.suffix.lower() in (".md", ".markdown", ".html") and path.is_file() and "_site" not in path.parts:
            for match in LIQUID_TAG.finditer(path.read_text(encoding="utf-8", errors="replace")):
                tag, arg = match.group(1), match.group(2)
                if tag in ("include", "include_relative") and arg:
                    used[f"{tag} {arg}"] += 1
                elif tag not in LIQUID_BUILTIN and not tag.startswith("end"):
                    used[tag] += 1
    return {"liquid": [{"name": n, "uses": c} for n, c in used.most_common(25)]}


# ----------------------------------------------------------------------------------------------------------- output

def pct(value) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def num(value, digits=3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def table(results: list[SiteResult]) -> str:
    lines = [
        "| site | kind | original built | first build | pages compared | addresses answered | without lists | "
        "titles equal / close | text similarity median | p5 | links resolve (SectionSite / original) | "
        "pages with template text | template text |",
        "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        built = "yes" if r.original_ok else "**no**"
        first = {True: "yes", False: "**no**", None: "?"}[r.first_build_ok]
        links = f"{pct(r.links_sectionsite_ok / r.links_sectionsite if r.links_sectionsite else None)} / " \
                f"{pct(r.links_original_ok / r.links_original if r.links_original else None)}"
        answered = f"{pct(r.answered_share)} ({r.answered:,} of {r.original_pages:,})" if r.original_ok else "–"
        lines.append(f"| {r.name} | {r.kind} | {built} | {first} | {r.compared:,} | {answered} | "
                     f"{pct(r.answered_share_content) if r.original_ok else '–'} | "
                     f"{pct(r.titles_equal / r.compared if r.compared else None)} / "
                     f"{pct(r.titles_close / r.compared if r.compared else None)} | {num(r.similarity_median)} | "
                     f"{num(r.similarity_p5)} | {links} | {r.template_pages:,} | {r.template_count:,} |")
    return "\n".join(lines)


def details(results: list[SiteResult]) -> str:
    out = []
    for r in results:
        out += [f"### {r.name}", ""]
        if r.repo:
            out.append(f"- source: {r.repo} at {r.commit}")
        out.append(f"- original: {'built' if r.original_ok else 'did not build'}"
                   + (f" in {r.original_s} s" if r.original_s is not None else "")
                   + (f"; changed in the copy: {'; '.join(r.original_changes)}" if r.original_changes else "")
                   + (f"; error: `{r.original_error}`" if not r.original_ok and r.original_error else ""))
        if r.original_ok:
            out.append(f"- original's output: {r.original_pages:,} pages ({r.list_pages:,} pagination or taxonomy "
                       f"lists and 404 pages), {r.original_redirects:,} redirects ({r.redirects_answered:,} answered)")
        if r.unanswered_examples:
            out.append("- not answered (lists left out), e.g. " + ", ".join(f"`{u}`" for u in r.unanswered_examples[:8]))
        if r.template_tags:
            out.append("- template text SectionSite shows more than the original: "
                       + ", ".join(f"`{k}` {v:,}" for k, v in list(r.template_tags.items())[:10]))
        if r.worst:
            out.append("- lowest text similarity: " + ", ".join(f"`{w['url']}` {w['similarity']:.2f} "
                                                                 f"({w['words_original']:,}/{w['words_sectionsite']:,} words)"
                                                                 for w in r.worst))
        usage = r.source_usage.get("shortcodes") or r.source_usage.get("liquid") or []
        if usage:
            what = "shortcodes used in content" if "shortcodes" in r.source_usage else "Liquid tags and includes used"
            out.append(f"- {what}: " + ", ".join(
                f"`{u['name']}` {u['uses']:,}" + (f" ({u['template']})" if u.get("template") else "")
                for u in usage[:10]))
        out.append("")
    return "\n".join(out)


def corpus_summary(results: list[SiteResult]) -> str:
    tags: Counter = Counter()
    templates: Counter = Counter()
    for r in results:
        tags.update(r.template_tags)
        for u in r.source_usage.get("shortcodes", []):
            if u["template"].startswith("layouts/"):
                templates[f"{r.name}: {u['template']}"] += u["uses"]
    lines = ["Template tags SectionSite shows as text, more than the original, over all sites:", ""]
    lines += [f"- `{k}`: {v:,}" for k, v in tags.most_common(15)] or ["- none"]
    lines += ["", "The sites' own shortcode templates their content uses most (Hugo):", ""]
    lines += [f"- {k}: {v:,} uses" for k, v in templates.most_common(15)] or ["- none"]
    return "\n".join(lines)


def compat_versions(paths: list[Path]) -> list[str]:
    found = []
    for path in paths:
        try:
            version = json.loads(path.read_text(encoding="utf-8")).get("sectionsite", "")
        except (OSError, ValueError):
            continue
        if version and version not in found:
            found.append(version)
    return found


def load_compat(paths: list[Path]) -> dict:
    firsts = {}
    for path in paths:
        try:
            payload = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for site in payload.get("sites", []):
            firsts[site["name"]] = bool(site.get("build_step", {}).get("ok"))
    return firsts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sites", type=Path, help="the folder holding the source sites (for the source counts)")
    parser.add_argument("--manifest", type=Path, help="compat.py's manifest")
    parser.add_argument("--reference", type=Path, help="the originals' outputs, DIR/<name> (reference.py --out)")
    parser.add_argument("--work", type=Path, help="compat.py's --work: SectionSite's output is DIR/<name>/_site")
    parser.add_argument("--only", help="comma-separated site names")
    parser.add_argument("--compat-json", type=Path, action="append", default=[],
                        help="compat.py --json files, for whether each site's first build succeeded (repeatable)")
    parser.add_argument("--reuse", type=Path, action="append", default=[],
                        help="an earlier --json file: its sites are taken from it, not compared again (repeatable)")
    parser.add_argument("--original", type=Path, help="one original output folder (instead of the manifest)")
    parser.add_argument("--built", type=Path, help="with --original: SectionSite's _site")
    parser.add_argument("--source", type=Path, help="with --original: the source, for the source counts")
    parser.add_argument("--kind", choices=("jekyll", "hugo"), help="with --source: the generator")
    parser.add_argument("--host", default="", help="with --original: the site's host, for absolute links")
    parser.add_argument("--base", default="/", help="with --original: the site's base path")
    parser.add_argument("--results", type=Path, help="write the table and details in Markdown")
    parser.add_argument("--json", type=Path, help="write everything as JSON")
    args = parser.parse_args()

    started = datetime.datetime.now(datetime.timezone.utc)
    results: list[SiteResult] = []
    firsts = load_compat(args.compat_json)
    versions = compat_versions(args.compat_json)
    if args.original:
        if not args.built:
            parser.error("--original needs --built")
        result = SiteResult(args.original.name, args.kind or "?", original_ok=args.original.is_dir())
        compare_site(result, args.original, args.built, args.host, args.base)
        if args.source and args.kind:
            result.source_usage = source_usage(args.kind, args.source)
        results.append(result)
    else:
        if not (args.sites and args.manifest and args.reference and args.work):
            parser.error("give --sites, --manifest, --reference and --work, or --original and --built")
        sites = compat.read_manifest(args.manifest, args.sites)
        if args.only:
            wanted = {n.strip() for n in args.only.split(",")}
            sites = [s for s in sites if s.name in wanted]
        reused = {}
        names = {f.name for f in dataclasses.fields(SiteResult)}
        for path in args.reuse:
            for item in json.loads(path.read_text(encoding="utf-8")).get("sites", []):
                reused[item["name"]] = SiteResult(**{k: v for k, v in item.items() if k in names})
        for site in sites:
            if site.name in reused:
                result = reused[site.name]
                meta_path = args.reference / f"{site.name}.reference.json"
                if not result.original_generator and meta_path.exists():
                    result.original_generator = json.loads(meta_path.read_text(encoding="utf-8")).get("generator", "")
                if site.root.is_dir():
                    result.source_usage = source_usage(site.kind, site.root)
                if result.first_build_ok is None:
                    result.first_build_ok = firsts.get(site.name)
                results.append(result)
                continue
            meta_path = args.reference / f"{site.name}.reference.json"
            if not meta_path.exists():
                print(f"compare.py: {site.name}: no {meta_path}, skipped (run reference.py)", file=sys.stderr)
                continue
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
            result = SiteResult(site.name, site.kind, site.repo, site.commit, original_ok=meta["ok"],
                                original_s=meta.get("wall_s"), original_changes=meta.get("changes", []),
                                original_error=meta.get("error", ""), first_build_ok=firsts.get(site.name),
                                original_generator=meta.get("generator", ""))
            built = args.work / site.name / "_site"
            if result.first_build_ok is None and (args.work / "logs" / f"{site.name}.build.log").exists():
                result.first_build_ok = built.is_dir()
            print(f"[{site.name}] comparing ...", file=sys.stderr)
            if meta["ok"]:
                compare_site(result, args.reference / site.name, built, meta.get("host", ""),
                             meta.get("base_path", "/"))
            if site.root.is_dir():
                result.source_usage = source_usage(site.kind, site.root)
            print(f"[{site.name}] {result.compared} pages compared, {pct(result.answered_share)} answered, "
                  f"median {num(result.similarity_median)}, {result.template_pages} pages with template text "
                  f"({result.seconds} s)", file=sys.stderr)
            results.append(result)
    result_table = table(results)
    print(result_table)
    if args.results:
        header = ["# SectionSite beside the original generators, page by page", "",
                  f"- date: {started:%Y-%m-%d %H:%M UTC}; {len(results)} sites",
                  *[f"- SectionSite: {v}" for v in versions],
                  *[f"- original: {g}" for g in sorted({r.original_generator for r in results if r.original_generator})],
                  ""]
        args.results.write_text("\n".join(header + [result_table, "", corpus_summary(results), "", "## Details", "",
                                                    details(results)]), encoding="utf-8")
        print(f"written to {args.results}", file=sys.stderr)
    if args.json:
        payload = {"date": started.isoformat(), "sites": [
            {**asdict(r), "answered_share": r.answered_share, "answered_share_content": r.answered_share_content}
            for r in results]}
        args.json.write_text(json.dumps(payload, indent=2), encoding="utf-8")
        print(f"written to {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
