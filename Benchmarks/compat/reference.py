#!/usr/bin/env python3
"""Build source sites with the original generator (Jekyll or Hugo), for compare.py to set beside SectionSite's build.

    python3 Benchmarks/compat/reference.py --sites /tmp/realsites --manifest Benchmarks/compat/sites.txt \
        --out /tmp/reference [--only a,b] [--copies /tmp/reference-src]

Each site is copied (the folder's top-level folder under --sites, so that mounts of `../` still find their files) to
`--copies/<name>`, never touched in place, and built there into `--out/<name>`; what happened is written to
`--out/<name>.reference.json`: success, wall time of the last (successful) build, the generator's version, the
command, and every change made to the copy so that the original builds offline:

- Jekyll: no bundler (the Gemfile is removed from the copy); the plugins `_config.yml` lists that this Ruby cannot
  `require` are dropped, and a `theme:` gem that is not installed and `remote_theme:` too, through an extra config
  file passed after `_config.yml`. When the build then stops on a Liquid tag a dropped plugin defined (`Unknown tag
  'tabs'`), a stub for it goes into `_plugins/` (a block tag that renders its body, or a tag that renders nothing); a
  `_plugins/*.rb` that needs a gem this Ruby lacks is removed; a stylesheet Sass cannot compile is emptied; a plugin tag that returns an Array (Liquid 4 joined it,
  Debian's Liquid 5 refuses it) gets Liquid 4's rule back from a `_plugins/` file.
- Hugo: `enableGitInfo` off (the copy has no .git); a Hugo module that is not on this machine is replaced by an empty
  folder (`HUGO_MODULE_REPLACEMENTS`), or by a folder given with `--module PATH=DIR`; when the build stops in a
  template (Dart Sass, PostCSS, Tailwind, npm packages for js.Build, a file a missing module would give), the action
  at the innermost line and column the error names is replaced by an empty one (an opening `with`/`if`/`range` by
  `{{ if false }}`, `$x := ...` by `$x := ""`), or, when there is none to replace, that partial is emptied but for
  its `{{ define }}` blocks, remote resources (`resources.GetRemote`) are refused at
  once (`HUGO_SECURITY_HTTP_URLS=none`) so that they stop the build there rather than wait; a `[caches.X]` table
  this Hugo no longer knows (getjson, getcsv) is removed, front matter's `_build` (removed in Hugo 0.145) is renamed
  `build`, a front matter key given twice is kept once (the last), content files in HTML are allowed (`HUGO_SECURITY_ALLOWCONTENT`), a `ref` to a missing page is a warning
  (`HUGO_REFLINKSERRORLEVEL`: its page is in a submodule or module left out), from the settings, and a mount's `lang` (removed in Hugo
  0.153) is written as `sites.matrix.languages`; Hugo's embedded link render hook is turned off where it refuses a link's address; a shortcode no template defines gets one that renders its
  inner content (one Hugo removed, such as `tweet`, an empty one). The build is retried after each change, up to --attempts times.

Hugo runs with `HUGO_NUMWORKERMULTIPLIER=32`: with a worker or two per core, Hugo 0.168 deadlocks after render errors
rather than report them. A build whose CPU time still stands still for a minute is stopped: Hugo gets
SIGQUIT, prints its goroutines and exits, and the errors it logged before drive the next change.

Addresses and the text of pages do not depend on stylesheets and scripts, which is what most of the changes remove.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import compat  # noqa: E402  (read_manifest, discover)
import miniyaml  # noqa: E402

DEFAULT_HUGO = "hugo"
DEFAULT_JEKYLL = "jekyll"


@dataclass
class Reference:
    name: str
    kind: str
    repo: str
    commit: str
    ok: bool = False
    wall_s: float | None = None
    attempts: int = 0
    generator: str = ""
    command: list = field(default_factory=list)
    changes: list = field(default_factory=list)   # what was changed in the copy so that it builds
    base_path: str = "/"                          # the site's path under its host (baseurl, baseURL's path)
    host: str = ""                                # the site's own host (url, baseURL), to tell internal links
    html_pages: int = 0
    error: str = ""                               # the last error when it did not build


# ------------------------------------------------------------------------------------------------------------ shared

def cpu_ticks(pid: int) -> int | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return None


def run(argv: list[str], cwd: Path, env: dict, log: Path, timeout: float, stall: float = 60,
        stall_signal: int = signal.SIGQUIT) -> tuple[int, float, str]:
    """Run to the end, `timeout`, or until its CPU time has not moved for `stall` seconds (a deadlock: Hugo can
    hang after render errors); then it gets `stall_signal` (a Go program prints its goroutines and exits)."""
    started = time.monotonic()
    with open(log, "a", encoding="utf-8") as handle:
        handle.write(f"$ {' '.join(argv)}\n")
    with open(log, "ab") as out:
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
        # a window of time in which the process used under half a second of CPU (Go's runtime ticks on its own)
        last, still_since, note = cpu_ticks(proc.pid) or 0, time.monotonic(), ""
        while proc.poll() is None:
            time.sleep(1)
            now = time.monotonic()
            ticks = cpu_ticks(proc.pid) or 0
            if ticks - last >= 50:
                last, still_since = ticks, now
            elif now - still_since > stall:
                note = f"[stalled: no CPU time for {stall:.0f} s]"
                proc.send_signal(stall_signal)
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                break
            if now - started > timeout:
                note = "[timed out]"
                proc.kill()
                break
        code = proc.wait()
    wall = time.monotonic() - started
    text = log.read_text(encoding="utf-8", errors="replace")
    text = text[text.rfind(f"$ {' '.join(argv)}\n"):]
    if note == "[timed out]":
        code = 124
    elif note:
        code = 125
    with open(log, "a", encoding="utf-8") as handle:
        handle.write(f"{note}\n[exit {code} after {wall:.1f} s]\n\n")
    return code, wall, text


def version(argv: list[str]) -> str:
    try:
        out = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60).stdout
        lines = [l for l in out.decode("utf-8", "replace").splitlines() if l.strip()]
        return lines[-1].strip() if lines else "?"
    except (OSError, subprocess.TimeoutExpired):
        return "?"


def copy_source(site: compat.Site, sites_dir: Path, copies: Path) -> Path:
    """Copy the top-level folder holding the site to copies/<name>; returns the site's root inside the copy."""
    try:
        rel = site.root.resolve().relative_to(sites_dir.resolve())
    except ValueError:
        rel = Path(site.root.name)
    top = sites_dir / rel.parts[0]
    dest = copies / site.name
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(top, dest, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    return dest.joinpath(*rel.parts[1:])


def count_html(out: Path) -> int:
    return sum(1 for _ in out.rglob("*.html")) if out.is_dir() else 0


def url_parts(url) -> tuple[str, str]:
    """(host, path) of a site's URL setting: 'https://x.org/docs/' -> ('x.org', '/docs/')."""
    text = str(url or "").strip()
    match = re.match(r"^(?:[a-z]+:)?//([^/]+)(/.*)?$", text)
    if match:
        path = match.group(2) or "/"
    else:
        return "", "/" + text.strip("/") + "/" if text.strip("/") else "/"
    return match.group(1).lower(), "/" + path.strip("/") + "/" if path.strip("/") else "/"


# ------------------------------------------------------------------------------------------------------------ Jekyll

def ruby_can_require(feature: str, cache: dict) -> bool:
    if feature not in cache:
        probe = subprocess.run(["ruby", "-e", f"require 'jekyll'; require {json.dumps(feature)}"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=60)
        cache[feature] = probe.returncode == 0
    return cache[feature]


def gem_installed(name: str, cache: dict) -> bool:
    key = "gem:" + name
    if key not in cache:
        probe = subprocess.run(["ruby", "-e", f"Gem::Specification.find_by_name({json.dumps(name)})"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        cache[key] = probe.returncode == 0
    return cache[key]


STUB_HEADER = "# Stubs written by Benchmarks/compat/reference.py for tags of plugins this machine lacks.\n"


def jekyll_stub_tag(root: Path, tag: str, ref: Reference) -> None:
    """A Liquid tag of a dropped plugin: a block that renders its body when the sources close it, else nothing."""
    closes = False
    pattern = re.compile(r"\{%-?\s*end" + re.escape(tag) + r"\s*-?%\}")
    for path in root.rglob("*"):
        if path.suffix in (".md", ".markdown", ".html", ".liquid") and path.is_file():
            try:
                if pattern.search(path.read_text(encoding="utf-8", errors="replace")):
                    closes = True
                    break
            except OSError:
                continue
    plugins = root / "_plugins"
    plugins.mkdir(exist_ok=True)
    stub = plugins / "zz_reference_stubs.rb"
    text = stub.read_text(encoding="utf-8") if stub.exists() else STUB_HEADER
    cls = "Stub" + re.sub(r"\W", "_", tag).title().replace("_", "")
    if closes:
        text += (f"class {cls} < Liquid::Block\n  def render(context)\n    super\n  end\nend\n"
                 f"Liquid::Template.register_tag({json.dumps(tag)}, {cls})\n")
    else:
        text += (f"class {cls} < Liquid::Tag\n  def render(context)\n    ''\n  end\nend\n"
                 f"Liquid::Template.register_tag({json.dumps(tag)}, {cls})\n")
    stub.write_text(text, encoding="utf-8")
    ref.changes.append(f"stub Liquid {'block' if closes else 'tag'} `{tag}` in _plugins/")


def build_jekyll(site: compat.Site, root: Path, out: Path, log: Path, ref: Reference, args) -> None:
    cache: dict = {}
    for gemfile in ("Gemfile", "Gemfile.lock", "gems.rb", "gems.locked"):
        if (root / gemfile).exists():
            (root / gemfile).unlink()
            ref.changes.append(f"removed {gemfile} (no bundler)")
    config_path = root / "_config.yml"
    config = {}
    if config_path.exists():
        # Ruby's Psych refuses a plain `:title` (a Symbol) in safe_load; the string is what the site means.
        text = config_path.read_text(encoding="utf-8", errors="replace")
        quoted = re.sub(r"(?m)^(\s*[\w-]+:[ \t]+)(:[^\s#'\"][^\s#]*)[ \t]*$", r'\1"\2"', text)
        if quoted != text:
            config_path.write_text(quoted, encoding="utf-8")
            ref.changes.append("quoted values starting with ':' in _config.yml (Psych refuses Symbols)")
    if config_path.exists():
        try:
            config = miniyaml.load(config_path.read_text(encoding="utf-8", errors="replace")) or {}
        except miniyaml.YAMLError:
            config = {}
    if not isinstance(config, dict):
        config = {}
    ref.host, ref.base_path = url_parts(config.get("url"))
    base = str(config.get("baseurl") or "").strip("/")
    ref.base_path = "/" + base + "/" if base else "/"
    override: dict = {}
    listed = [str(p) for key in ("plugins", "gems") for p in (config.get(key) or []) if isinstance(p, (str,))]
    kept = []
    for plugin in listed:
        if ruby_can_require(plugin, cache):
            kept.append(plugin)
        else:
            ref.changes.append(f"dropped plugin {plugin} (not installed)")
    if listed:
        override["plugins"] = kept
        override["gems"] = []
    theme = config.get("theme")
    if theme and not gem_installed(str(theme), cache):
        override["theme"] = None
        ref.changes.append(f"dropped theme gem {theme} (not installed)")
    if config.get("remote_theme"):
        override["remote_theme"] = None
        ref.changes.append(f"dropped remote_theme {config.get('remote_theme')} (needs the network)")
    override_path = root.parent / f".{site.name}-reference-override.json"
    if root == root.parent:
        override_path = Path("/tmp") / f".{site.name}-reference-override.json"
    # JSON is YAML: Jekyll reads an extra config file of either.
    override_yml = override_path.with_suffix(".yml")
    override_yml.write_text(json.dumps(override), encoding="utf-8")
    configs = [str(config_path)] if config_path.exists() else []
    configs.append(str(override_yml))
    # jekyll-github-metadata: the repository from the manifest, and no GitHub API calls.
    env = dict(os.environ, JEKYLL_ENV="production", LANG="C.UTF-8", LC_ALL="C.UTF-8", PAGES_DISABLE_NETWORK="1")
    if site.repo:
        env["PAGES_REPO_NWO"] = site.repo
    argv = [args.jekyll, "build", "-s", str(root), "-d", str(out), "--config", ",".join(configs)]
    ref.command = argv
    ref.generator = version([args.jekyll, "--version"])
    for attempt in range(1, args.attempts + 1):
        ref.attempts = attempt
        shutil.rmtree(out, ignore_errors=True)
        code, wall, text = run(argv, root, env, log, args.timeout)
        ref.wall_s = round(wall, 2)
        if code == 0:
            ref.ok = True
            return
        ref.error = last_error(text)
        if code == 124:
            return
        unknown = re.search(r"Unknown tag '([^']+)'", text)
        missing = re.search(r"cannot load such file -- ([\w/.\-]+)", text)
        scss = re.search(r"Conversion error: Jekyll::Converters::Scss encountered an error while converting "
                         r"'([^']+)'", text)
        yikes = re.search(r"you don't have ([\w\-]+) or one of its dependencies installed", text)
        array_output = ("no implicit conversion of Array into String" in text
                        and "render_to_output_buffer" in text)
        shim = root / "_plugins" / "zz-liquid4-tag-output.rb"
        if array_output and not shim.exists():
            # a plugin tag whose render returns an Array, which Liquid 4 (Jekyll 4's own) joined and Debian's
            # Liquid 5 refuses: Liquid 4's rule back
            shim.parent.mkdir(parents=True, exist_ok=True)
            shim.write_text("module Liquid\n  class Tag\n    def render_to_output_buffer(context, output)\n"
                            "      result = render(context)\n"
                            "      output << (result.is_a?(Array) ? result.join : result.to_s)\n      output\n"
                            "    end\n  end\nend\n", encoding="utf-8")
            ref.changes.append(f"{shim.relative_to(root)}: a tag's Array output joined, as Liquid 4 did")
        elif unknown:
            jekyll_stub_tag(root, unknown.group(1), ref)
        elif missing:
            feature = missing.group(1)
            culprit = None
            for rb in sorted((root / "_plugins").rglob("*.rb")) if (root / "_plugins").is_dir() else []:
                if re.search(r"require\s*\(?\s*['\"]" + re.escape(feature) + "['\"]", rb.read_text(errors="replace")):
                    culprit = rb
                    break
            if culprit is None:
                return
            culprit.unlink()
            ref.changes.append(f"removed {culprit.relative_to(root)} (needs {feature})")
        elif scss:
            target = root / scss.group(1)
            if not target.exists():
                return
            target.write_text("---\n---\n", encoding="utf-8")
            ref.changes.append(f"emptied {scss.group(1)} (Sass error)")
        elif yikes and yikes.group(1) in kept:
            kept.remove(yikes.group(1))
            override["plugins"] = kept
            override_yml.write_text(json.dumps(override), encoding="utf-8")
            ref.changes.append(f"dropped plugin {yikes.group(1)} (its dependencies are missing)")
        else:
            return


# -------------------------------------------------------------------------------------------------------------- Hugo

TEMPLATE_AT = re.compile(r'"?(/[^"\s:]+\.(?:html|xml|json|txt|js|css|scss|gotmpl))"?:(\d+):(\d+)')
SHORTCODE_MISSING = re.compile(r'template for shortcode "([^"]+)" not found')
REMOVED_SHORTCODES = re.compile(r'shortcodes were deprecated in v[\d.]+ and removed')
MODULE_MISSING = re.compile(r'module "([^"]+)" not found|failed to (?:download|load) modules?:.*?"?([\w.\-]+\.[a-z]+/[\w.\-/]+)')


def hugo_config(root: Path) -> dict:
    notes: list = []
    try:
        import addresses  # noqa: E402
        return addresses.hugo_config(root, notes)
    except Exception:  # noqa: BLE001  (a settings file the oracle cannot read: go on without)
        return {}


def themes_dir(root: Path, config: dict) -> tuple[Path, list[str]]:
    """Where the site's themes are: `--themesDir` in its package.json's hugo scripts, else `themesDir`, else themes/."""
    package = root / "package.json"
    if package.exists():
        match = re.search(r"--themesDir[ =]+([^\s\"]+)", package.read_text(encoding="utf-8", errors="replace"))
        if match:
            return (root / match.group(1)).resolve(), ["--themesDir", match.group(1)]
    return (root / str(config.get("themesdir") or "themes")).resolve(), []


def module_imports(root: Path, config: dict, themes: Path) -> list[str]:
    """The modules the settings import (and themes named by a module path) that are not in the themes folder."""
    paths = []
    module = config.get("module") or {}
    for item in (module.get("imports") or []) if isinstance(module, dict) else []:
        if isinstance(item, dict) and item.get("path"):
            paths.append(str(item["path"]))
    theme = config.get("theme")
    paths += [str(t) for t in (theme if isinstance(theme, list) else [theme] if theme else []) if "/" in str(t)]
    return [p for p in paths if not (themes / p).exists()]


def defines_only(text: str) -> str:
    """The `{{ define }}` blocks of a template, the rest left out (a partial emptied keeps what others use)."""
    kept, depth, start = [], 0, None
    for match in re.finditer(r"\{\{-?\s*(\w+)?[^}]*?-?\}\}", text, re.S):
        word = match.group(1) or ""
        if depth == 0 and word == "define":
            start, depth = match.start(), 1
        elif depth > 0 and word in ("if", "with", "range", "block", "define"):
            depth += 1
        elif depth > 0 and word == "end":
            depth -= 1
            if depth == 0 and start is not None:
                kept.append(text[start:match.end()])
    return "\n".join(kept)


def empty_partial(root: Path, path: Path, ref: Reference) -> bool:
    parts = path.parts
    if not (path.exists() and "layouts" in parts and any(p in ("partials", "_partials") for p in parts)):
        return False
    text = path.read_text(encoding="utf-8", errors="replace")
    new = defines_only(text)
    if new.strip() == text.strip():
        return False
    path.write_text(new, encoding="utf-8")
    ref.changes.append(f"emptied partial {'/'.join(parts[parts.index('layouts'):])}"
                       + (" (its defines kept)" if new else ""))
    return True


def stub_template(root: Path, path: Path, line: int, col: int, ref: Reference) -> bool:
    """Replace the action at line:col of a template in the copy by an empty one. False when nothing changed."""
    if not path.exists():
        return False
    parts = path.parts
    if path.suffix == ".gotmpl" and "content" in parts:  # a content adapter (remote data, usually)
        shown = "/".join(parts[parts.index("content"):])
    else:
        shown = "/".join(parts[parts.index("layouts"):]) if "layouts" in parts else str(path)
    lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
    if not 1 <= line <= len(lines):
        return False
    text = lines[line - 1]
    start = text.rfind("{{", 0, max(col, 1) + 1)
    if start < 0:
        start = text.find("{{")
    end = text.find("}}", max(start, col - 1))
    if start < 0 or end < 0:
        return False
    action = text[start:end + 2]
    inner = action.strip("{}- ")
    replacement = "{{ if false }}" if re.match(r"(with|if|range)\b", inner) else "{{/* stubbed */}}"
    if action == replacement or action.startswith("{{/*"):
        return False
    if re.search(r":=", inner) and not re.match(r"(with|if|range)\b", inner):
        var = inner.split(":=", 1)[0].strip()
        replacement = "{{ " + var + ' := "" }}'
        if action == replacement:
            return False
    lines[line - 1] = text[:start] + replacement + text[end + 2:]
    path.write_text("\n".join(lines), encoding="utf-8")
    ref.changes.append(f"stubbed `{action[:80]}` at {shown}:{line}")
    return True


def rename_build_key(root: Path, ref: Reference) -> bool:
    """Front matter's `_build` (removed in Hugo 0.145) renamed `build`, in the content files of the copy."""
    count = 0
    for folder in [p for p in root.glob("content*") if p.is_dir()]:
        for path in folder.rglob("*"):
            if path.suffix.lower() not in (".md", ".markdown", ".html", ".adoc") or not path.is_file():
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            new = re.sub(r'(?m)^(\s*"?)_build("?\s*[:=])', r"\1build\2", text)
            new = re.sub(r"(?m)^(\s*\[(?:cascade\.)?)_build\]", r"\1build]", new)
            if new != text:
                path.write_text(new, encoding="utf-8")
                count += 1
    if count:
        ref.changes.append(f"front matter `_build` renamed `build` in {count} content files")
    return count > 0


def drop_duplicate_keys(root: Path, ref: Reference) -> bool:
    """A top-level key given twice in YAML front matter (older Hugo's YAML kept the last, newer Hugo refuses):
    the earlier ones removed, in the content files of the copy."""
    count = 0
    for folder in [p for p in root.glob("content*") if p.is_dir()]:
        for path in folder.rglob("*"):
            if path.suffix.lower() not in (".md", ".markdown", ".html") or not path.is_file():
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            lines = text.split("\n")
            if not lines or lines[0].strip() != "---":
                continue
            end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
            if end is None:
                continue
            starts = {}
            for i in range(1, end):
                key = re.match(r"([\w-]+)\s*:", lines[i])
                if key:
                    starts.setdefault(key.group(1), []).append(i)
            drop = set()
            for key, at in starts.items():
                for i in at[:-1]:
                    drop.add(i)
                    j = i + 1
                    while j < end and (lines[j][:1] in (" ", "\t", "-") or not lines[j].strip()):
                        drop.add(j)
                        j += 1
            if drop:
                path.write_text("\n".join(l for i, l in enumerate(lines) if i not in drop), encoding="utf-8")
                count += 1
    if count:
        ref.changes.append(f"front matter keys given twice kept once (the last) in {count} content files")
    return count > 0


def mounts_lang_to_matrix(root: Path, ref: Reference) -> bool:
    """A mount's `lang = "zh"` (removed in Hugo 0.153) as `sites.matrix.languages = ["zh"]`, in TOML settings."""
    changed = False
    for path in [*root.glob("hugo.toml"), *root.glob("config.toml"), *root.glob("config/*/*.toml")]:
        text = path.read_text(encoding="utf-8", errors="replace")
        new = re.sub(r'(?m)^(\s*)lang\s*=\s*"([^"]+)"\s*$', r'\1sites.matrix.languages = ["\2"]', text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            ref.changes.append(f"module mounts' lang = written as sites.matrix.languages in {path.relative_to(root)}")
            changed = True
    return changed


def _operand_end(text: str, i: int) -> int:
    """The end of the template operand starting at text[i] (a string, a parenthesised pipeline, or a word)."""
    if text[i] in "\"`":
        quote, j = text[i], i + 1
        while j < len(text) and text[j] != quote:
            j += 2 if text[j] == "\\" and quote == '"' else 1
        return j + 1
    if text[i] == "(":
        depth, j = 0, i
        while j < len(text):
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            j += 1
            if depth == 0:
                return j
        return j
    j = i
    while j < len(text) and not text[j].isspace() and text[j] not in ")}":
        j += 1
    return j


def uncache_partials(text: str) -> str:
    """`partialCached NAME CONTEXT KEYS...` as `partial NAME CONTEXT`: the same output, without Hugo's cache."""
    out, i = [], 0
    for match in re.finditer(r"\bpartialCached\s+", text):
        if match.start() < i:
            continue
        out.append(text[i:match.start()])
        j = match.end()
        name_end = _operand_end(text, j)
        k = name_end
        while k < len(text) and text[k] in " \t":
            k += 1
        ctx_end = _operand_end(text, k) if k < len(text) and text[k] not in ")}" else k
        m = ctx_end
        while True:  # the variant keys: operands up to the end of the call
            while m < len(text) and text[m] in " \t":
                m += 1
            if m >= len(text) or text[m] in ")}|\n" or text[m:m + 2] == "-}":
                break
            m = _operand_end(text, m)
        out.append("partial " + text[j:name_end] + text[name_end:ctx_end] + " ")
        i = m
    out.append(text[i:])
    return "".join(out)


def uncache_all(copy: Path, ref: Reference) -> bool:
    count = 0
    for path in copy.glob("**/layouts/**/*"):
        if path.suffix in (".html", ".xml", ".json", ".txt") and path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            if "partialCached" in text:
                path.write_text(uncache_partials(text), encoding="utf-8")
                count += 1
    if count:
        ref.changes.append(f"partialCached calls made partial calls in {count} templates (Hugo deadlocked on an "
                           "error inside one)")
    return count > 0


def drop_cache_setting(root: Path, name: str, ref: Reference) -> bool:
    """Remove a `[caches.NAME]` table (a cache older Hugo had, e.g. getjson) from the TOML settings files."""
    changed = False
    for path in [*root.glob("hugo.toml"), *root.glob("config.toml"), *root.glob("config/*/*.toml")]:
        text = path.read_text(encoding="utf-8", errors="replace")
        new = re.sub(r"(?m)^\s*\[caches\." + re.escape(name) + r"\]\s*\n(?:(?!\s*\[).*\n)*", "", text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            ref.changes.append(f"removed [caches.{name}] from {path.relative_to(root)} (not a cache in this Hugo)")
            changed = True
    return changed


def build_hugo(site: compat.Site, root: Path, out: Path, log: Path, ref: Reference, args) -> None:
    config = hugo_config(root)
    ref.host, ref.base_path = url_parts(config.get("baseurl"))
    stub_modules = Path(args.copies) / ".module-stubs"
    themes, extra_args = themes_dir(root, config)
    replacements = {}
    imported = module_imports(root, config, themes)
    for path, folder in args.module_map.items():
        if path not in imported:
            continue
        # a copy beside the site's, so that its templates can be changed like the site's own
        local = Path(args.copies) / site.name / ".modules" / re.sub(r"[^\w.]+", "_", path)
        shutil.rmtree(local, ignore_errors=True)
        shutil.copytree(folder, local, symlinks=True)
        replacements[path] = str(local)
    for path in imported:
        if path not in replacements:
            replacements[path] = str(stub_modules / re.sub(r"[^\w.]+", "_", path))
            ref.changes.append(f"module {path} replaced by an empty folder")
    env = dict(os.environ, HUGO_ENABLEGITINFO="false", HUGO_CACHEDIR=str(Path(args.copies) / ".hugo-cache"),
               HUGO_MODULE_PROXY="off", GOFLAGS="-mod=mod", HUGO_ENVIRONMENT="production", LANG="C.UTF-8",
               # No network: remote resources fail at once (and are stubbed) rather than wait on lookups.
               HUGO_SECURITY_HTTP_URLS="none",
               # Content files in HTML (older sites have them), which newer Hugo refuses unless allowed.
               HUGO_SECURITY_ALLOWCONTENT=".*",
               # A `ref` to a page of a submodule or module left out is a warning, not the end of the build.
               HUGO_REFLINKSERRORLEVEL="warning",
               # More render workers than pages that fail at once: with few (2 cores), Hugo 0.168 deadlocks after
               # render errors instead of reporting them.
               HUGO_NUMWORKERMULTIPLIER="32")
    argv = [args.hugo, "--source", str(root), "--destination", str(out), "--cleanDestinationDir", "--noBuildLock",
            "--logLevel", "warn", *extra_args]
    ref.command = argv
    ref.generator = version([args.hugo, "version"])
    shortcode_dir = root / "layouts" / "_shortcodes"
    stalled_once = False
    for attempt in range(1, args.attempts + 1):
        ref.attempts = attempt
        for target in replacements.values():
            Path(target).mkdir(parents=True, exist_ok=True)
        if replacements:
            env["HUGO_MODULE_REPLACEMENTS"] = ",".join(f"{k} -> {v}" for k, v in replacements.items())
        shutil.rmtree(out, ignore_errors=True)
        code, wall, text = run(argv, root, env, log, args.timeout)
        ref.wall_s = round(wall, 2)
        if code == 0:
            ref.ok = True
            return
        ref.error = last_error(text)
        if code == 124:
            return
        if code == 125 and not stalled_once:
            stalled_once = True
            if uncache_all((Path(args.copies) / site.name).resolve(), ref):
                continue
        if '"_build" front matter key was deprecated' in text and rename_build_key(root, ref):
            continue
        if "module.mounts.lang was deprecated" in text and mounts_lang_to_matrix(root, ref):
            continue
        if re.search(r'mapping key "[^"]+" already defined', text) and drop_duplicate_keys(root, ref):
            continue
        cache = re.search(r'"([\w]+)" is not a valid cache name', text)
        if cache and drop_cache_setting(root, cache.group(1), ref):
            continue
        if ('template: _markup/render-link.html' in text and 'at <urls.Parse>' in text
                and not (root / "layouts" / "_default" / "_markup" / "render-link.html").exists()
                and not (root / "layouts" / "_markup" / "render-link.html").exists()
                and env.get("HUGO_MARKUP_GOLDMARK_RENDERHOOKS_LINK_USEEMBEDDED") != "never"):
            # Hugo's own link render hook (on by default for multilingual sites since Hugo 0.123) refuses a link
            # destination the site's Hugo wrote out as it was: the hook off
            env["HUGO_MARKUP_GOLDMARK_RENDERHOOKS_LINK_USEEMBEDDED"] = "never"
            ref.changes.append("Hugo's embedded link render hook off (markup.goldmark.renderHooks.link.useEmbedded: never)")
            continue
        module = MODULE_MISSING.search(text)
        shortcode = SHORTCODE_MISSING.search(text)
        changed = False
        if module:
            path = module.group(1) or module.group(2)
            if path and path not in replacements:
                replacements[path] = str(stub_modules / re.sub(r"[^\w.]+", "_", path))
                ref.changes.append(f"module {path} replaced by an empty folder")
                changed = True
        removed = REMOVED_SHORTCODES.findall(text)
        if not changed and removed and '"tweet"' in text:
            # tweet, twitter and twitter_simple, removed from Hugo 0.156: an empty template for each (they take no
            # inner content)
            for name in ("twitter", "tweet", "twitter_simple"):
                target = shortcode_dir / f"{name}.html"
                if not target.exists() and not (root / "layouts" / "shortcodes" / f"{name}.html").exists():
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text("", encoding="utf-8")
                    ref.changes.append(f"shortcode {name} (removed from Hugo) given an empty template")
                    changed = True
        if not changed and shortcode:
            name = shortcode.group(1)
            target = shortcode_dir / f"{name}.html"
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text("{{ .Inner }}", encoding="utf-8")
                ref.changes.append(f"shortcode {name} given a template that renders its inner content")
                changed = True
        if not changed:
            changed = stub_innermost(root, text, (Path(args.copies) / site.name).resolve(), ref)
        if not changed:
            return


def find_layout(copy: Path, name: str) -> Path | None:
    """The file in the copy a template name stands for (`_partials/x.html` may be `layouts/partials/x.html`)."""
    names = {name, name.replace("_partials/", "partials/", 1), name.replace("_shortcodes/", "shortcodes/", 1),
             "_default/" + name}
    for layouts in sorted(copy.glob("**/layouts")):
        for candidate in names:
            if (layouts / candidate).is_file():
                return layouts / candidate
    return None


def stub_innermost(root: Path, text: str, copy: Path, ref: Reference) -> bool:
    """For the first error naming templates in the copy: stub the action at the innermost place it names, else
    the next one out; when no action there can be stubbed, empty the innermost partial."""
    for line in text.splitlines():
        if "ERROR" not in line and "Error" not in line:
            continue
        places = []
        for match in TEMPLATE_AT.finditer(line):
            path = Path(match.group(1))
            try:
                path.resolve().relative_to(copy)
            except ValueError:
                continue
            if "/content/" in str(path) and path.suffix != ".gotmpl":
                continue
            places.append((path, int(match.group(2)), int(match.group(3))))
        if not places:
            # `html/template:_partials/head.html:52:16: no such template ...`: a name, not a path
            for match in re.finditer(r"template:\s*([\w./-]+\.html):(\d+):(\d+)", line):
                path = find_layout(copy, match.group(1))
                if path is not None:
                    places.append((path, int(match.group(2)), int(match.group(3))))
        if not places:
            continue
        for path, row, col in reversed(places):
            if stub_template(root, path, row, col, ref):
                return True
        for path, _, _ in reversed(places):
            if empty_partial(root, path, ref):
                return True
    return False


# -------------------------------------------------------------------------------------------------------------- main

def last_error(text: str) -> str:
    lines = [l.strip() for l in text.splitlines() if re.search(r"error|Error|ERROR", l)]
    return (lines[-1] if lines else text.strip().splitlines()[-1] if text.strip() else "")[:600]


def build_site(site: compat.Site, args) -> Reference:
    ref = Reference(site.name, site.kind, site.repo, site.commit)
    out = args.out / site.name
    log = args.out / f"{site.name}.reference.log"
    log.write_text("", encoding="utf-8")
    say = lambda text: print(f"[{site.name}] {text}", file=sys.stderr)  # noqa: E731
    say(f"copying {site.root} ...")
    root = copy_source(site, args.sites, Path(args.copies))
    say(f"building with {site.kind} ...")
    if site.kind == "jekyll":
        build_jekyll(site, root, out, log, ref, args)
    else:
        build_hugo(site, root, out, log, ref, args)
    ref.html_pages = count_html(out) if ref.ok else 0
    say(f"{'built' if ref.ok else 'FAILED'} in {ref.wall_s} s after {ref.attempts} attempt(s), "
        f"{len(ref.changes)} change(s), {ref.html_pages} HTML files" + ("" if ref.ok else f": {ref.error}"))
    (args.out / f"{site.name}.reference.json").write_text(json.dumps(asdict(ref), indent=2), encoding="utf-8")
    return ref


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sites", type=Path, required=True, help="the folder holding the source sites")
    parser.add_argument("--manifest", type=Path, help="as compat.py's (default: every site folder of --sites)")
    parser.add_argument("--out", type=Path, required=True, help="each site's output goes to OUT/<name>")
    parser.add_argument("--copies", default="/tmp/reference-src", help="where the sources are copied to be built")
    parser.add_argument("--only", help="comma-separated site names")
    parser.add_argument("--hugo", default=DEFAULT_HUGO, help="the Hugo (extended) binary")
    parser.add_argument("--jekyll", default=DEFAULT_JEKYLL, help="the jekyll command")
    parser.add_argument("--module", action="append", default=[], metavar="PATH=DIR",
                        help="a Hugo module's local folder (repeatable); modules not given are empty folders")
    parser.add_argument("--attempts", type=int, default=25, help="builds per site while stubbing (25)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per build (900)")
    args = parser.parse_args()
    args.module_map = dict(item.split("=", 1) for item in args.module)
    sites = compat.read_manifest(args.manifest, args.sites) if args.manifest else compat.discover(args.sites)
    if args.only:
        wanted = {n.strip() for n in args.only.split(",")}
        sites = [s for s in sites if s.name in wanted]
    args.out.mkdir(parents=True, exist_ok=True)
    Path(args.copies).mkdir(parents=True, exist_ok=True)
    started = datetime.datetime.now(datetime.timezone.utc)
    refs = []
    for site in sites:
        if not site.root.is_dir():
            print(f"reference.py: {site.root}: not there, skipped", file=sys.stderr)
            continue
        refs.append(build_site(site, args))
    print(f"{sum(r.ok for r in refs)} of {len(refs)} sites built ({started:%Y-%m-%d %H:%M} UTC)")
    for r in refs:
        print(f"  {r.name:20} {r.kind:6} {'ok' if r.ok else 'FAILED':6} {r.wall_s or 0:8.1f} s  "
              f"{r.html_pages:6} html  {len(r.changes)} changes")
    return 0 if all(r.ok for r in refs) else 1


if __name__ == "__main__":
    sys.exit(main())
