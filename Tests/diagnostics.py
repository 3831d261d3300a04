#!/usr/bin/env python3
"""Writes the manual's list of errors and warnings (Content/docs/reference/diagnostics.md) from the problem enums:
each `enum <Stage>Problem: Problem` of Sources/, each of its cases with the comment above it, the identifier its
`identified` names and its severity.

    python3 Tests/diagnostics.py           # rewrites the page
    python3 Tests/diagnostics.py --check   # exits 1 when the page is not what the enums give (`make layers` runs it)

It also refuses what would make the list wrong: a case without a comment or an identifier, an identifier given
twice, or a problem enum that STAGES does not place. Standard library only.
"""

import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from layers import tokenize  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "Content", "docs", "reference", "diagnostics.md")

# Each enum, in the order a build meets them, with the heading of its part of the page.
STAGES = [
    ("SettingsProblem", "settings: sectionsite.yml and the files --config names"),
    ("FileProblem", "file: reading a file, its YAML or TOML, and the shape of a value"),
    ("PageProblem", "page: front matter, sections and items, and pages made in Swift"),
    ("DataProblem", "data: the files of Data/"),
    ("SectionProblem", "section: a section's items filled"),
    ("MarkdownProblem", "markdown: a Markdown body's directives and pictures"),
    ("ThemeProblem", "theme: the theme's templates, components and texts"),
    ("SiteProblem", "site: the whole site, once every page is read"),
    ("APIProblem", "api: the API reference"),
    ("OutputProblem", "output: the output folder"),
    ("VerifyProblem", "verify: sectionsite build --verify"),
    ("StorageProblem", "storage: SectionSite's own files"),
    ("EditRequestProblem", "editrequest: an edit made on the preview's page"),
    ("EditProblem", "edit: an edit written back into its file"),
    ("PreviewProblem", "preview: sectionsite serve"),
    ("ImportProblem", "import: sectionsite import jekyll and hugo"),
    ("NewProblem", "new: sectionsite new"),
    ("WebsiteProblem", "website: the Swift library's entry points"),
]

HEADER = """---
title: Errors and warnings
layout: docs
weight: 5
subtitle: "The identifier of each kind of error and warning, for programs and tests to match whatever the wording."
---
Errors and warnings print as `path:line:column: error: message` (see [Command line](command-line.md)). A
program that builds a site in Swift gets them as `Diagnostic` values, each with an `id` that names its kind,
`<stage>.<kind>`: the words of a message may be improved, its identifier stays. Match the identifier, not the
words. Only the command line's own errors (an option's value it cannot use), and an unexpected error of the system
passed on in its own words, have no identifier.

This page is written from the code (`python3 Tests/diagnostics.py`), one row for each case of each stage's problem
type; `make test` fails when the two differ.
"""

FOOTER = """
With `--strict` a warning is printed as an error and keeps its identifier.
"""


def enums():
    """{name: source} of every problem enum in Sources/."""
    found = {}
    for folder, _, names in sorted(os.walk(os.path.join(ROOT, "Sources"))):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            text = open(os.path.join(folder, name), encoding="utf-8").read()
            for match in re.finditer(r"^enum (\w+Problem): Problem\b", text, re.M):
                found[match.group(1)] = (os.path.relpath(os.path.join(folder, name), ROOT), text[match.start() :])
    return found


def block(text, opening):
    """The text of the braces that follow `opening`, found by the tokens of layers.py (braces in strings are text)."""
    start = text.index(opening)
    offset = text.count("\n", 0, start)
    lines = text.split("\n")
    depth, first = 0, None
    for token in tokenize(text[start:]):
        if token.text == "{":
            depth += 1
            if first is None:
                first = token
        elif token.text == "}":
            depth -= 1
            if depth == 0:
                return "\n".join(lines[offset + first.line : offset + token.line - 1])
    raise ValueError(opening)


def rows(name, path, text, problems):
    body = block(text, f"enum {name}")
    cases, comment = [], []
    for line in body.split("\n"):
        stripped = line.strip()
        if line.startswith("    ///"):
            comment.append(stripped[3:].strip())
        elif line.startswith("    case "):
            case = re.match(r"case (\w+)", stripped).group(1)
            if "," in re.sub(r"\(.*\)", "", stripped):
                problems.append(f"{path}: {name}: one case a line, each with its comment ({stripped})")
            if not comment:
                problems.append(f"{path}: {name}.{case} has no comment to describe it")
            cases.append((case, " ".join(comment)))
            comment = []
        elif not line.startswith("    ") or stripped.startswith("var ") or stripped.startswith("static "):
            comment = []
    identified = block(body, "var identified")
    ids = dict(re.findall(r'case\s+\.(\w+)[^:]*?:\s*\(\s*"([a-z]+\.[a-z0-9-]+)"', identified))
    severity = {case: "error" for case, _ in cases}
    if "var severity" in body:
        rule = block(body, "var severity")
        single = re.search(r"if case \.(\w+) = self \{ \.(\w+) \} else \{ \.(\w+) \}", rule)
        if single:
            severity = {case: single.group(3) for case, _ in cases}
            severity[single.group(1)] = single.group(2)
        else:
            other = re.search(r"default: \.(\w+)", rule)
            severity = {case: other.group(1) if other else "error" for case, _ in cases}
            for listed, value in re.findall(r"case ((?:\.\w+,?\s*)+):\s*\.(\w+)", rule):
                for case in re.findall(r"\.(\w+)", listed):
                    severity[case] = value
    result = []
    for case, summary in cases:
        if case not in ids:
            problems.append(f"{path}: {name}.{case} names no identifier in 'identified'")
            continue
        result.append((ids[case], severity[case], summary))
    return result


def page(problems):
    found = enums()
    for name in sorted(set(found) - {stage for stage, _ in STAGES}):
        problems.append(f"{found[name][0]}: {name} is not in STAGES of Tests/diagnostics.py")
    out = [HEADER]
    seen = {}
    for name, heading in STAGES:
        if name not in found:
            problems.append(f"Tests/diagnostics.py: STAGES names {name}, which no file declares")
            continue
        path, text = found[name]
        table = rows(name, path, text, problems)
        out.append(f"\n## {heading}\n\n| id | severity | what is wrong |\n| --- | --- | --- |\n")
        for ident, severity, summary in table:
            if ident in seen:
                problems.append(f"{path}: the identifier {ident} is {seen[ident]}'s too")
            seen[ident] = name
            if summary[:1].isupper() and not summary[1:2].isupper():  # `A section` as a row's `a section`, not `API`
                summary = summary[0].lower() + summary[1:]
            out.append(f"| `{ident}` | {severity} | {summary.rstrip('.')} |\n")
    out.append(FOOTER)
    return "".join(out)


def main(argv):
    problems = []
    text = page(problems)
    for problem in problems:
        print(f"{problem}: error")
    if problems:
        return 1
    current = open(PAGE, encoding="utf-8").read() if os.path.exists(PAGE) else ""
    if "--check" in argv:
        if current != text:
            print(f"{os.path.relpath(PAGE, ROOT)}: error: not what the problem enums give; run python3 Tests/diagnostics.py")
            return 1
        return 0
    if current != text:
        open(PAGE, "w", encoding="utf-8").write(text)
        print(f"wrote {os.path.relpath(PAGE, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
