"""The addresses a Jekyll or Hugo site answers, computed from its own files and settings.

This is the benchmark's oracle. It reads the source site only (never SectionSite's importer or its output) and
follows the generators' documented rules: for Jekyll 4, `permalink:` (the pretty, date, ordinal, weekdate and none
styles or a template), front matter defaults, collections with `output:` and `permalink:`, `_posts` folders
anywhere (categories from the folders above them), front matter `permalink:`, `published:`, future posts and
jekyll-redirect-from's `redirect_from:`; for Hugo, the settings file or `config/_default/` (with `production/`
over it), languages and their prefixes and content folders, module mounts (`lang:` and
`sites: {matrix: {languages: [...]}}`), `permalinks`, `uglyURLs`, `url:`, `slug:`, `aliases:` (relative ones
against the page's folder), `_index` pages and top-level sections, leaf bundles, drafts, future and expired pages,
`build`/`_build` and `headless`, and lower-casing and hyphenating of paths.

Each address is an `Address`: the URL path (decoded, starting with `/`), the source file, the kind ('page',
'section', 'home', 'static' for a plain HTML file Jekyll copies, 'alias' for a redirect the generator writes).
"""

from __future__ import annotations

import datetime
import fnmatch
import json
import os
import posixpath
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import miniyaml


@dataclass(frozen=True)
class Address:
    url: str
    source: str
    kind: str


@dataclass
class Oracle:
    kind: str  # jekyll | hugo
    addresses: list[Address] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was read, what was left out, why

    def add(self, url: str, source: str, kind: str) -> None:
        self.addresses.append(Address(url, source, kind))


# ---------------------------------------------------------------------------------------------------- front matter

def front_matter(path: Path) -> tuple[dict | None, str]:
    """(front matter or None when the file has none, its format). Unreadable front matter reads as {}."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(1 << 20)
    except OSError:
        return None, ""
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff")
    first = text.split("\n", 1)[0].rstrip("\r ")
    if first in ("---", "+++"):
        fence = first
        match = re.search(r"^" + re.escape(fence) + r"[ \t]*\r?$", text[len(first) + 1:], re.M)
        if not match:
            return ({} if fence == "---" else None), "open"
        body = text[len(first) + 1: len(first) + 1 + match.start()]
        try:
            data = miniyaml.load(body) if fence == "---" else tomllib.loads(body)
        except (miniyaml.YAMLError, tomllib.TOMLDecodeError, RecursionError, IndexError, ValueError):
            return {}, "unreadable"
        return (data if isinstance(data, dict) else {}), ("yaml" if fence == "---" else "toml")
    if text.startswith("{"):
        try:
            data, _ = json.JSONDecoder().raw_decode(text)
            return (data if isinstance(data, dict) else {}), "json"
        except ValueError:
            return None, ""
    return None, ""


def _date(value, zone: datetime.tzinfo | None = None) -> datetime.datetime | None:
    """A front matter date as an aware datetime in `zone` (its own offset when it has one), or None."""
    if value is None:
        return None
    if isinstance(value, datetime.datetime):
        moment = value
    elif isinstance(value, datetime.date):
        moment = datetime.datetime(value.year, value.month, value.day)
    else:
        text = str(value).strip().strip("'\"")
        match = re.match(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*"
                         r"(Z|[+-]\d{2}:?\d{2}|UTC|GMT)?", text)
        if not match:
            return None
        y, mo, d, h, mi, s, off = match.groups()
        try:
            moment = datetime.datetime(int(y), int(mo), int(d), int(h or 0), int(mi or 0), int(s or 0))
        except ValueError:
            return None
        if off:
            if off in ("Z", "UTC", "GMT"):
                moment = moment.replace(tzinfo=datetime.timezone.utc)
            else:
                sign = -1 if off[0] == "-" else 1
                digits = off[1:].replace(":", "")
                delta = datetime.timedelta(hours=int(digits[:2]), minutes=int(digits[2:]))
                moment = moment.replace(tzinfo=datetime.timezone(sign * delta))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone or datetime.timezone.utc)
    elif zone is not None:
        moment = moment.astimezone(zone)
    return moment


def _zone(name) -> datetime.tzinfo:
    if not name:
        return datetime.timezone.utc
    try:
        import zoneinfo
        return zoneinfo.ZoneInfo(str(name))
    except Exception:  # unknown zone or no tz database: UTC, as a site without one
        return datetime.timezone.utc


# ----------------------------------------------------------------------------------------------------------- Jekyll

JEKYLL_MARKDOWN = {".md", ".markdown", ".mkdown", ".mkdn", ".mkd", ".mdown", ".mdwn"}
JEKYLL_HTML = {".html", ".htm", ".xhtml"}
JEKYLL_DEFAULT_EXCLUDE = [".sass-cache", ".jekyll-cache", "gemfiles", "Gemfile", "Gemfile.lock", "node_modules",
                          "vendor/bundle/", "vendor/cache/", "vendor/gems/", "vendor/ruby/"]
JEKYLL_STYLES = {
    "pretty": "/:categories/:year/:month/:day/:title/",
    "none": "/:categories/:title:output_ext",
    "date": "/:categories/:year/:month/:day/:title:output_ext",
    "ordinal": "/:categories/:year/:y_day/:title:output_ext",
    "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
}
_JEKYLL_DATED = re.compile(r"^(\d{2,4}-\d{1,2}-\d{1,2})-(.*)(\.[^.]+)$")


def _jekyll_slugify(text, mode: str = "default", cased: bool = False) -> str | None:
    if text is None:
        return None
    text = str(text)
    if mode == "raw":
        slug = re.sub(r"\s+", "-", text)
    elif mode == "pretty":
        slug = "".join(ch if (_letter_mark_digit(ch) or ch in "._~!$&'()+,;=@") else "\0" for ch in text)
        slug = re.sub("\0+", "-", slug)
    else:
        slug = "".join(ch if _letter_mark_digit(ch) else "\0" for ch in text)
        slug = re.sub("\0+", "-", slug)
    slug = slug.strip("-")
    return slug if cased else slug.lower()


def _letter_mark_digit(ch: str) -> bool:
    category = unicodedata.category(ch)
    return category[0] in "LM" or category == "Nd"


def _jekyll_suffix(template: str, style) -> str:
    style = str(style)
    if style == "pretty":
        return template + "/"
    if style in ("date", "ordinal", "none"):
        return template + ":output_ext"
    if style.endswith("/"):
        template += "/"
    if style.endswith(":output_ext"):
        template += ":output_ext"
    return template


def _jekyll_expand(template: str, values: dict) -> str:
    def replace(match: re.Match) -> str:
        name = match.group(1)
        for key in ([name, name[:-1]] if name.endswith("_") else [name]):
            if key in values:
                return str(values[key] if values[key] is not None else "")
        return match.group(0)
    result = re.sub(r":([a-z_]+)", replace, template).replace("//", "/")
    result = ("/" + result).replace("..", "/").replace("./", "")
    return re.sub(r"/+", "/", result)


def _jekyll_excluded(rel: str, patterns: list[str]) -> bool:
    for pattern in patterns:
        pattern = str(pattern)
        bare = pattern.rstrip("/")
        if not bare:
            continue
        if fnmatch.fnmatchcase(rel, pattern) or fnmatch.fnmatchcase(rel, bare) or rel.startswith(bare):
            return True
    return False


def _jekyll_included(rel_name: str, rel: str, patterns: list[str]) -> bool:
    return any(fnmatch.fnmatchcase(rel, str(p).rstrip("/")) or fnmatch.fnmatchcase(rel_name, str(p).rstrip("/"))
               for p in patterns)


def _jekyll_defaults(defaults, rel: str, kind: str) -> dict:
    """The front matter defaults that apply to the file at `rel` of type `kind`, least specific first."""
    found = []
    for index, entry in enumerate(defaults if isinstance(defaults, list) else []):
        if not isinstance(entry, dict):
            continue
        scope = entry.get("scope") or {}
        values = entry.get("values") or {}
        if not isinstance(scope, dict) or not isinstance(values, dict):
            continue
        path = str(scope.get("path") or "").strip("/")
        if path:
            if "*" in path:
                if not fnmatch.fnmatch(rel, path) and not fnmatch.fnmatch(rel, path + "/*"):
                    continue
            elif not (rel == path or rel.startswith(path + "/")):
                continue
        wanted = scope.get("type")
        if wanted and str(wanted) != kind:
            continue
        found.append((len(path.split("/")) if path else 0, 1 if wanted else 0, index, values))
    merged: dict = {}
    for *_, values in sorted(found, key=lambda item: item[:3]):
        merged.update(values)
    return merged


def jekyll(root: Path, now: datetime.datetime | None = None) -> Oracle:
    oracle = Oracle("jekyll")
    now = now or datetime.datetime.now(datetime.timezone.utc)
    config: dict = {}
    for name in ("_config.yml", "_config.yaml", "_config.toml"):
        path = root / name
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            try:
                config = (tomllib.loads(text) if name.endswith(".toml") else miniyaml.load(text)) or {}
            except (miniyaml.YAMLError, tomllib.TOMLDecodeError) as error:
                oracle.notes.append(f"{name}: not read ({error}); Jekyll's defaults used")
            break
    if not isinstance(config, dict):
        config = {}
    style = config.get("permalink") or "date"
    zone = _zone(config.get("timezone"))
    future = bool(config.get("future", False))
    excludes = list(config.get("exclude") or []) + JEKYLL_DEFAULT_EXCLUDE + [str(config.get("destination") or "_site")]
    includes = list(config.get("include") or [])
    defaults = config.get("defaults") or []
    plugins = [str(p) for p in (config.get("plugins") or config.get("gems") or [])]
    redirects = "jekyll-redirect-from" in plugins
    collections_dir = str(config.get("collections_dir") or "").strip("/")
    collections = config.get("collections") or {}
    if isinstance(collections, list):
        collections = {str(label): {} for label in collections}
    collections = {str(k): (v if isinstance(v, dict) else {}) for k, v in collections.items()}
    posts = dict(collections.get("posts") or {})
    posts["output"] = True
    posts.setdefault("permalink", JEKYLL_STYLES.get(str(style), str(style)))
    collections["posts"] = posts
    labels = {label for label in collections if label != "posts"}
    collection_roots = {(f"{collections_dir}/_{label}" if collections_dir else f"_{label}"): label
                        for label in labels}
    oracle.notes.append(f"permalink style {style!r}; collections: "
                        f"{', '.join(sorted(labels)) or 'none'} besides posts; timezone {config.get('timezone') or 'UTC'}")

    def add_redirects(data: dict, rel: str) -> None:
        if not redirects:
            return
        targets = data.get("redirect_from")
        for target in (targets if isinstance(targets, list) else [targets] if targets else []):
            oracle.add("/" + str(target).lstrip("/"), rel, "alias")

    def document(rel: str, label: str, inner: str, categories_from_path: list[str]) -> None:
        """A collection document (posts included): `inner` is its path inside the collection folder."""
        meta = collections.get(label, {})
        data, _ = front_matter(root / rel)
        if data is None:
            if label != "posts":
                return  # a collection file without front matter is a static file of the collection
            data = {}
        kind = label
        merged = {**_jekyll_defaults(defaults, rel, kind), **data}
        if merged.get("published") is False:
            return
        if label != "posts" and not meta.get("output"):
            return
        name = posixpath.basename(inner)
        stem, ext = posixpath.splitext(name)
        stem = stem.rstrip(".")
        date = None
        slug_source = stem
        match = _JEKYLL_DATED.match(name)
        if match:
            date = _date(match.group(1), zone)
            slug_source = match.group(2).rstrip(".")
        elif label == "posts":
            return  # a post's file name must start with its date
        if merged.get("date") is not None:
            date = _date(merged["date"], zone) or date
        if date is None:
            date = datetime.datetime(1970, 1, 1, tzinfo=zone)
        if date > now and not future and match:
            oracle.notes.append(f"{rel}: dated in the future, not published")
            return
        categories: list[str] = []
        for value in [*categories_from_path, *_as_list(merged.get("category")),
                      *_as_list(merged.get("categories"))]:
            for part in (value.split() if isinstance(value, str) and value not in categories_from_path else [value]):
                if str(part) not in categories:
                    categories.append(str(part))
        output_ext = ".html" if ext.lower() in JEKYLL_MARKDOWN | JEKYLL_HTML else ext
        cleaned = posixpath.splitext(inner)[0].rstrip(".")
        lowered = []
        for category in categories:
            if category.lower() not in lowered:
                lowered.append(category.lower())
        values = {
            "collection": label, "path": cleaned, "output_ext": output_ext,
            "name": _jekyll_slugify(stem),
            "title": _jekyll_slugify(merged.get("slug"), "pretty", True) if merged.get("slug") is not None
            else _jekyll_slugify(slug_source, "pretty", True),
            "slug": _jekyll_slugify(merged.get("slug")) if merged.get("slug") is not None
            else _jekyll_slugify(slug_source),
            "categories": "/".join(lowered),
            "slugified_categories": "/".join(dict.fromkeys(_jekyll_slugify(c) for c in categories)),
            "year": date.strftime("%Y"), "month": date.strftime("%m"), "day": date.strftime("%d"),
            "hour": date.strftime("%H"), "minute": date.strftime("%M"), "second": date.strftime("%S"),
            "i_day": str(date.day), "i_month": str(date.month), "short_month": date.strftime("%b"),
            "long_month": date.strftime("%B"), "short_year": date.strftime("%y"), "y_day": date.strftime("%j"),
            "w_year": date.strftime("%G"), "week": date.strftime("%V"), "w_day": str(date.isoweekday()),
            "short_day": date.strftime("%a"), "long_day": date.strftime("%A"),
        }
        template = merged.get("permalink") or meta.get("permalink") or \
            _jekyll_suffix("/:collection/:path", style)
        template = JEKYLL_STYLES.get(str(template), str(template))
        url = _jekyll_expand(template, values)
        if output_ext == ".html" or url.endswith("/"):
            oracle.add(url, rel, "page")
        add_redirects(merged, rel)

    def page(rel: str, data: dict) -> None:
        merged = {**_jekyll_defaults(defaults, rel, "pages"), **data}
        if merged.get("published") is False:
            return
        folder, name = posixpath.split(rel)
        stem, ext = posixpath.splitext(name)
        stem = stem.rstrip(".")
        output_ext = ".html" if ext.lower() in JEKYLL_MARKDOWN | JEKYLL_HTML else ext
        if output_ext != ".html":
            return  # feeds, stylesheets, JSON: not pages
        if stem == "index":
            template = "/:path/"
        else:
            template = _jekyll_suffix("/:path/:basename", style)
        permalink = merged.get("permalink")
        values = {"path": folder, "basename": stem, "output_ext": output_ext}
        url = _jekyll_expand(str(permalink) if permalink else template, values)
        oracle.add(url, rel, "page")
        add_redirects(merged, rel)

    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        rel_dir = "" if rel_dir == "." else rel_dir.replace(os.sep, "/")
        in_collection = next((folder for folder in collection_roots
                              if rel_dir == folder or rel_dir.startswith(folder + "/")), None)
        posts_at = rel_dir.split("/").index("_posts") if "_posts" in rel_dir.split("/") else -1
        keep = []
        for name in sorted(dirnames):
            rel = f"{rel_dir}/{name}" if rel_dir else name
            if os.path.islink(os.path.join(dirpath, name)):
                continue
            if in_collection or posts_at >= 0:
                if name.startswith("."):
                    continue
                keep.append(name)
                continue
            if rel in collection_roots or name == "_posts":
                keep.append(name)
                continue
            special = name.startswith((".", "_", "#")) or name.endswith("~")
            if special and not _jekyll_included(name, rel, includes):
                continue
            if _jekyll_excluded(rel, excludes) and not _jekyll_included(name, rel, includes):
                continue
            keep.append(name)
        dirnames[:] = keep
        for name in sorted(filenames):
            rel = f"{rel_dir}/{name}" if rel_dir else name
            if name.startswith(".") or name.endswith("~"):
                continue
            if in_collection:
                label = collection_roots[in_collection]
                document(rel, label, rel[len(in_collection) + 1:], [])
                continue
            if posts_at >= 0:
                parts = rel_dir.split("/")
                above = [p for p in parts[:posts_at] if p]
                document(rel, "posts", "/".join(parts[posts_at + 1:] + [name]), above)
                continue
            special = name.startswith(("_", "#"))
            if special and not _jekyll_included(name, rel, includes):
                continue
            if _jekyll_excluded(rel, excludes) and not _jekyll_included(name, rel, includes):
                continue
            data, _ = front_matter(root / rel)
            ext = posixpath.splitext(name)[1].lower()
            if data is not None and ext in JEKYLL_MARKDOWN | JEKYLL_HTML:
                page(rel, data)
            elif data is None and ext in JEKYLL_HTML:
                # copied as it is, answered at its own path (an index.html at its folder's too)
                url = "/" + (rel[: -len(name)] if name in ("index.html", "index.htm") else rel)
                oracle.add(url, rel, "static")
    return oracle


def _as_list(value) -> list:
    if value is None:
        return []
    if isinstance(value, list):
        return [v for v in value if v is not None]
    return [value]


# ------------------------------------------------------------------------------------------------------------- Hugo

HUGO_CONTENT = {".md", ".markdown", ".mdown", ".html", ".htm", ".adoc", ".asciidoc", ".ad", ".org", ".pandoc",
                ".pdc", ".rst"}
HUGO_CONFIG_NAMES = ("hugo", "config")
HUGO_CONFIG_EXTS = (".toml", ".yaml", ".yml", ".json")


def _load_any(path: Path):
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".toml":
        return tomllib.loads(text)
    if path.suffix == ".json":
        return json.loads(text)
    return miniyaml.load(text)


def _lower_keys(value, keep_case: bool = False):
    """Hugo's settings keys are case-insensitive: lower-case them (not inside params)."""
    if isinstance(value, dict):
        return {(str(k) if keep_case else str(k).lower()):
                _lower_keys(v, keep_case or str(k).lower() == "params") for k, v in value.items()}
    if isinstance(value, list):
        return [_lower_keys(v, keep_case) for v in value]
    return value


def _merge(base: dict, over: dict) -> dict:
    result = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = _merge(result[key], value)
        else:
            result[key] = value
    return result


def hugo_config(root: Path, notes: list[str]) -> dict:
    config: dict = {}
    for name in HUGO_CONFIG_NAMES:
        for ext in HUGO_CONFIG_EXTS:
            path = root / f"{name}{ext}"
            if path.is_file():
                try:
                    config = _merge(config, _lower_keys(_load_any(path) or {}))
                    notes.append(f"settings: {path.name}")
                except Exception as error:  # a settings file the oracle cannot read: say so, go on
                    notes.append(f"{path.name}: not read ({error})")
                break
        if config:
            break
    config_dir = root / str(config.get("configdir") or "config")
    for environment in ("_default", "production"):
        folder = config_dir / environment
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.suffix not in HUGO_CONFIG_EXTS or not path.is_file():
                continue
            try:
                data = _lower_keys(_load_any(path) or {})
            except Exception as error:
                notes.append(f"{path.relative_to(root)}: not read ({error})")
                continue
            parts = path.stem.lower().split(".")
            if parts[0] in HUGO_CONFIG_NAMES:
                config = _merge(config, data)
            elif parts[0] == "languages" and len(parts) == 2:
                config = _merge(config, {"languages": {parts[1]: data}})
            elif len(parts) == 2 and parts[0] in ("params", "menus", "menu"):
                continue  # per-language params and menus give no addresses
            elif len(parts) == 1:
                config = _merge(config, {parts[0]: data})
            notes.append(f"settings: {path.relative_to(root)}")
    return config


def _hugo_sanitize(path: str, lower: bool = True) -> str:
    """Hugo's path sanitising: spaces become hyphens, characters a URL path should not hold go, lower-cased."""
    out = []
    for ch in path:
        if ch == " ":
            out.append("-")
        elif _letter_mark_digit(ch) or ch in "%./\\_-#+~:" or unicodedata.category(ch)[0] == "N":
            out.append(ch)
    text = "".join(out)
    return text.lower() if lower else text


def _urlize(text: str) -> str:
    return _hugo_sanitize(str(text).strip())


def _bool(value) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "yes", "1")
    return bool(value)


def hugo(root: Path, now: datetime.datetime | None = None) -> Oracle:
    oracle = Oracle("hugo")
    now = now or datetime.datetime.now(datetime.timezone.utc)
    config = hugo_config(root, oracle.notes)
    default_lang = str(config.get("defaultcontentlanguage") or "en").lower()
    in_subdir = _bool(config.get("defaultcontentlanguageinsubdir", False))
    disabled = {str(code).lower() for code in (config.get("disablelanguages") or [])}
    languages = {str(code).lower(): (value if isinstance(value, dict) else {})
                 for code, value in (config.get("languages") or {}).items()}
    languages = {code: value for code, value in languages.items()
                 if code not in disabled and not _bool(value.get("disabled", False))}
    if not languages:
        languages = {default_lang: {}}
    multilingual = len(languages) > 1
    lower = not _bool(config.get("disablepathtolower", False))
    content_dir = str(config.get("contentdir") or "content")
    permalinks = config.get("permalinks") or {}
    ugly = config.get("uglyurls") or False
    zone = _zone(config.get("timezone"))
    build_future = _bool(config.get("buildfuture", False))
    build_drafts = _bool(config.get("builddrafts", False))
    build_expired = _bool(config.get("buildexpired", False))
    oracle.notes.append(f"languages: {', '.join(languages)} (default {default_lang}"
                        f"{', in a subfolder' if in_subdir else ''})")

    def prefix(lang: str) -> str:
        if not multilingual or (lang == default_lang and not in_subdir):
            return ""
        return "/" + lang

    def is_ugly(section: str) -> bool:
        if isinstance(ugly, dict):
            return _bool(ugly.get(section.lower(), False))
        return _bool(ugly)

    # Where content comes from: (source path, target folder under content/, languages or None = by file name).
    sources: list[tuple[Path, str, list[str] | None]] = []
    mounts = ((config.get("module") or {}).get("mounts") or []) if isinstance(config.get("module"), dict) else []
    content_mounts = [m for m in mounts if isinstance(m, dict)
                      and str(m.get("target", "")).strip("/").split("/")[0] == "content"]
    if content_mounts:
        for mount in content_mounts:
            target = str(mount.get("target", "")).strip("/")[len("content"):].strip("/")
            langs = None
            if mount.get("lang"):
                langs = [str(mount["lang"]).lower()]
            sites = mount.get("sites")
            if isinstance(sites, dict) and isinstance(sites.get("matrix"), dict):
                wanted = sites["matrix"].get("languages")
                if wanted:
                    langs = [str(code).lower() for code in _as_list(wanted)]
            sources.append(((root / str(mount.get("source", ""))).resolve(), target, langs))
        oracle.notes.append(f"content from {len(content_mounts)} module mount(s)")
    else:
        by_dir: dict[str, list[str]] = {}
        for code, settings in languages.items():
            by_dir.setdefault(str(settings.get("contentdir") or content_dir), []).append(code)
        for folder, codes in by_dir.items():
            shared = folder == content_dir
            sources.append(((root / folder).resolve(), "", None if shared else codes))
        oracle.notes.append("content from " + ", ".join(sorted(by_dir)))

    # (lang, logical path) -> (source file, rel path under content, kind); earlier sources win, as Hugo's mounts
    pages: dict[tuple[str, str], tuple[Path, str]] = {}

    def lang_of(name: str, langs: list[str] | None) -> tuple[list[str], str]:
        """The languages a file is in and its name without a language suffix."""
        stem, ext = os.path.splitext(name)
        base, dot, suffix = stem.rpartition(".")
        if dot and suffix.lower() in languages:
            code = suffix.lower()
            if langs is None or code in langs:
                return [code], base + ext
            return [], base + ext
        if langs is None:
            return [default_lang], name
        return [code for code in langs if code in languages], name

    for source, target, langs in sources:
        if source.is_file():
            found, clean = lang_of(source.name, langs)
            if source.suffix.lower() in HUGO_CONTENT:
                for code in found:
                    pages.setdefault((code, target), (source, target))
            continue
        if not source.is_dir():
            oracle.notes.append(f"mount source {source} is missing")
            continue
        leaf_dirs: set[str] = set()
        for dirpath, dirnames, filenames in os.walk(source):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            rel_dir = os.path.relpath(dirpath, source)
            rel_dir = "" if rel_dir == "." else rel_dir.replace(os.sep, "/")
            if any(rel_dir == leaf or rel_dir.startswith(leaf + "/") for leaf in leaf_dirs):
                continue
            names = sorted(f for f in filenames if not f.startswith(".")
                           and os.path.splitext(f)[1].lower() in HUGO_CONTENT)
            is_leaf = any(os.path.splitext(lang_of(f, None)[1])[0] == "index" for f in names)
            if is_leaf:
                leaf_dirs.add(rel_dir)
                dirnames[:] = []
            for name in names:
                found, clean = lang_of(name, langs)
                stem = os.path.splitext(clean)[0]
                if is_leaf and stem != "index":
                    continue  # a page resource of the bundle, not a page
                logical = posixpath.join(target, rel_dir, clean).strip("/")
                for code in found:
                    pages.setdefault((code, posixpath.splitext(logical)[0]), (Path(dirpath) / name, logical))

    # cascades (the simple kind: a mapping, or list entries without a target) from _index files
    cascades: dict[tuple[str, str], dict] = {}
    parsed: dict[tuple[str, str], dict] = {}
    for (code, logical), (path, _) in pages.items():
        data, _ = front_matter(path)
        parsed[(code, logical)] = data or {}
        if posixpath.basename(logical) == "_index":
            cascade = (data or {}).get("cascade")
            entries = cascade if isinstance(cascade, list) else [cascade] if isinstance(cascade, dict) else []
            merged = {}
            for entry in entries:
                if isinstance(entry, dict) and not any(k in entry for k in ("_target", "target")):
                    merged.update({str(k).lower(): v for k, v in entry.items()})
            if merged:
                cascades[(code, posixpath.dirname(logical))] = merged

    def inherited(code: str, logical: str) -> dict:
        result: dict = {}
        folder = posixpath.dirname(logical)
        chain = []
        while True:
            chain.append(folder)
            if folder == "":
                break
            folder = posixpath.dirname(folder)
        for folder in reversed(chain):
            result.update(cascades.get((code, folder), {}))
        return result

    sections_seen: set[tuple[str, str]] = set()
    for (code, logical), (path, rel) in sorted(pages.items()):
        own = {str(k).lower(): v for k, v in parsed[(code, logical)].items()}
        data = {**inherited(code, logical), **own}
        source_rel = os.path.relpath(path, root)
        if _bool(data.get("draft", False)) and not build_drafts:
            continue
        build = data.get("build") or data.get("_build") or {}
        if isinstance(build, dict):
            render = build.get("render", "always")
            if render is False or str(render).lower() in ("never", "false", "link"):
                continue
        if _bool(data.get("headless", False)):
            continue
        date = _date(data.get("date") or data.get("publishdate") or data.get("pubdate")
                     or data.get("published"), zone)
        publish = _date(data.get("publishdate"), zone) or date
        if publish and publish > now and not build_future:
            continue
        expiry = _date(data.get("expirydate") or data.get("unpublishdate"), zone)
        if expiry and expiry <= now and not build_expired:
            continue
        name = posixpath.basename(logical)
        folder = posixpath.dirname(logical)
        segments = [s for s in folder.split("/") if s]
        if name == "_index":
            kind = "home" if not segments else "section"
            page_dir = segments
        elif name == "index":
            kind = "page"
            page_dir = segments[:-1]
            name = segments[-1] if segments else "index"
            if not segments:
                kind = "home"
        else:
            kind = "page"
            page_dir = segments
        section = (segments[0] if segments else "") if kind != "home" else ""
        if kind == "section" and len(segments) >= 1:
            sections_seen.add((code, segments[0]))
        url = None
        if data.get("url"):
            url = str(data["url"])
            if not url.startswith("/"):
                url = prefix(code) + "/" + url
            if not posixpath.splitext(url)[1] and not url.endswith("/"):
                url += "/"
        elif kind == "home":
            url = prefix(code) + "/"
        else:
            pattern = None
            if isinstance(permalinks, dict):
                by_kind = permalinks.get("page" if kind == "page" else "section")
                if isinstance(by_kind, dict):
                    pattern = by_kind.get(section.lower())
                if pattern is None and kind == "page":
                    value = permalinks.get(section.lower())
                    pattern = value if isinstance(value, str) else None
            if pattern:
                title = data.get("title") or name
                slug = data.get("slug")
                values = {
                    "section": section, "sections": "/".join(segments if kind == "section" else page_dir),
                    "title": _urlize(title), "slug": _urlize(slug) if slug else _urlize(title),
                    "slugorfilename": _urlize(slug) if slug else name,
                    "slugorcontentbasename": _urlize(slug) if slug else name,
                    "filename": name, "contentbasename": name,
                    "contentbasenameorslug": name,
                }
                moment = date or datetime.datetime(1, 1, 1, tzinfo=zone)
                values.update({
                    "year": moment.strftime("%Y"), "month": moment.strftime("%m"), "day": moment.strftime("%d"),
                    "monthname": moment.strftime("%B").lower(), "weekday": str(moment.isoweekday() % 7),
                    "weekdayname": moment.strftime("%A").lower(), "yearday": str(int(moment.strftime("%j"))),
                })

                def replace(match: re.Match) -> str:
                    return values.get(match.group(1), match.group(0))
                expanded = re.sub(r":([a-z]+)", replace, str(pattern))
                expanded = re.sub(r"/+", "/", "/" + expanded)
                path_part = _hugo_sanitize(expanded, lower)
            else:
                last = [] if kind == "section" else [str(data["slug"]) if data.get("slug") else name]
                path_part = "/" + "/".join(_hugo_sanitize(s, lower) for s in [*page_dir, *last])
                if not path_part.endswith("/"):
                    path_part += "/"
            if kind == "page" and is_ugly(section) and path_part.endswith("/") and path_part != "/":
                path_part = path_part.rstrip("/") + ".html"
            elif not path_part.endswith("/") and not posixpath.splitext(path_part)[1]:
                path_part += "/"
            url = prefix(code) + path_part
        url = re.sub(r"/+", "/", url)
        oracle.add(url, source_rel, kind)
        for alias in _as_list(data.get("aliases")):
            alias = str(alias)
            if not alias.startswith("/"):
                base = posixpath.join(url.rstrip("/") if url.endswith("/") else posixpath.dirname(url), "..")
                alias = posixpath.normpath(posixpath.join(base, alias))
            if is_ugly(section) and not alias.endswith(".html"):
                alias = alias.rstrip("/") + ".html"
            elif not posixpath.splitext(alias)[1] and not alias.endswith("/"):
                alias += "/"
            oracle.add(alias, source_rel, "alias")
    # Hugo makes a home page for every language, and a list page for every top-level folder of a language's
    # content, _index file or not (unless the folder is a leaf bundle, a page).
    known = {a.url for a in oracle.addresses}
    for code in sorted({code for code, _ in pages}):
        home = prefix(code) + "/"
        if home not in known:
            known.add(home)
            oracle.add(home, f"(home of {code})", "home")
    for code, logical in sorted(pages):
        segments = logical.split("/")
        if len(segments) > 1 and (code, segments[0]) not in sections_seen:
            sections_seen.add((code, segments[0]))
            url = prefix(code) + "/" + _hugo_sanitize(segments[0], lower) + "/"
            if url not in known:
                known.add(url)
                oracle.add(url, f"(section {segments[0]} of {code})", "section")
    if multilingual and not in_subdir:
        oracle.add(f"/{default_lang}/", "(the default language's redirect)", "alias")
    return oracle


def detect(root: Path) -> str | None:
    """jekyll or hugo, from the settings files a site has."""
    if any((root / f"{n}{e}").is_file() for n in HUGO_CONFIG_NAMES for e in HUGO_CONFIG_EXTS) \
            and not (root / "_config.yml").is_file():
        return "hugo"
    if (root / "config" / "_default").is_dir():
        return "hugo"
    if (root / "_config.yml").is_file() or (root / "_config.yaml").is_file():
        return "jekyll"
    if (root / "content").is_dir() and (root / "layouts").is_dir():
        return "hugo"
    return None


def addresses(kind: str, root: Path) -> Oracle:
    """The site's addresses, each once: where two sources give one address, a page wins over an alias."""
    oracle = jekyll(root) if kind == "jekyll" else hugo(root)
    rank = {"home": 0, "section": 1, "page": 2, "static": 3, "alias": 4}
    seen: dict[str, Address] = {}
    for address in oracle.addresses:
        old = seen.get(address.url)
        if old is None or rank.get(address.kind, 9) < rank.get(old.kind, 9):
            seen[address.url] = address
    oracle.addresses = sorted(seen.values(), key=lambda a: a.url)
    return oracle
