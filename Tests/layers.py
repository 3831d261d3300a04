#!/usr/bin/env python3
"""The engine's folders reference only folders below them.

`LAYERS` is the order, lowest first. For every Swift file of a folder of Sources/SectionSiteEngine, this lists each
name it uses that a folder above it declares, as `path:line:column: error: ...`, and exits 1 when there is any.

What a folder declares: its top-level types (struct, enum, class, protocol, typealias, actor), functions and
constants, and what its extensions add to types of other folders (members and nested types). What counts as a
reference: a declared name outside comments and strings (string interpolations are code), not after a dot unless
after `SectionSiteEngine.`, not hidden by a nested type or generic parameter of the same name in scope; an
`extension T` is a reference to `T`; `T.member` and `.member` are references to a member an extension in another
folder adds to `T`, where no other declaration in the engine has that member's name.

`python3 Tests/layers.py` checks the engine; `--self-check` checks the checker on a small planted tree first.
Standard library only.
"""

import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE = os.path.join("Sources", "SectionSiteEngine")

# Lowest first: a folder may reference itself and the folders before it, never one after it.
LAYERS = [
    "Diagnostics",  # located errors and warnings
    "Primitives",  # what knows no stage: the lock, the parallel loop, hashes, slugs, HTML escaping, paths
    "Model",  # pages, sections, items, values, dates, languages, the patch contract's names
    "Settings",  # the settings' values: SiteConfig, permalinks, pictures, the API reference
    "Reading",  # a site's files read: text, YAML, TOML, front matter, data, settings, pages from Swift
    "Editing",  # edit mode's changes written back into a site's files, minimally
    "Theme",  # templates, strings, components
    "Images",  # pictures found, planned and made
    "Markdown",  # bodies to HTML blocks: links, pictures, directives, highlighting
    "Loading",  # a page loaded: its Markdown rendered, its parts kept on disk; the record's format
    "Resolving",  # collections filled, tag pages, translations, the folder tree
    "Rendering",  # a page instance and the theme to HTML
    "Patch",  # two versions of a page to a patch
    "Runtime",  # the browser's half: sectionsite.js
    "Output",  # the output's files, checked and written
    "Feed",  # the stored versions, the history, the patch feed
    "Changes",  # what changed between two outputs: sections, items and blocks, read from patches
    "Pipeline",  # the site, its change plan, its record, builds, diffs, checks
    "Translations",  # the `translations` command: what each translation lacks of its source
]

TYPE_KEYWORDS = {"struct", "enum", "class", "protocol", "typealias", "actor", "associatedtype"}
KEYWORDS = TYPE_KEYWORDS | {"func", "var", "let", "case"} | {
    "extension", "import", "init", "deinit", "subscript", "self", "Self", "super", "static", "where", "in",
    "return", "if", "else", "guard", "for", "while", "switch", "default", "try", "throw", "throws", "rethrows",
    "async", "await", "some", "any", "is", "as", "nil", "true", "false", "private", "fileprivate", "internal",
    "package", "public", "open", "final", "mutating", "nonmutating", "override", "inout", "lazy", "weak",
    "unowned", "operator", "do", "catch", "defer", "repeat", "break", "continue", "fallthrough", "indirect",
    "convenience", "required", "optional", "dynamic", "consuming", "borrowing", "sending", "nonisolated",
}

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


STRING_START = re.compile(r'(#*)("""|")')
EXTENDED_REGEX = re.compile(r"(#+)/")
NUMBER = re.compile(r"[0-9][0-9A-Za-z_]*(\.[0-9][0-9A-Za-z_]*)?")
# After these, a `/` starts a regex literal rather than dividing.
REGEX_AFTER = set("([{,:=;!?&|^~<>+-*%") | {"return", "case", "in", "try", "await", "where", "throw", "if", "guard"}


def regex_may_start(tokens):
    return not tokens or tokens[-1].text in REGEX_AFTER


class Token:
    __slots__ = ("text", "line", "col", "ident")

    def __init__(self, text, line, col, ident):
        self.text, self.line, self.col, self.ident = text, line, col, ident

    def __repr__(self):
        return f"{self.text}@{self.line}:{self.col}"


def tokenize(source):
    """Identifiers and punctuation of Swift source with their 1-based line and column; comments and the text of
    string literals left out, the code of their interpolations kept."""
    tokens = []
    i, n = 0, len(source)
    line, line_start = 1, 0
    # Each entry: the parenthesis depth at which an interpolation closes back into a string, with that string's
    # delimiter (number of '#' and whether it is multi-line).
    resume = []
    depth = 0

    def advance_to(j):
        nonlocal i, line, line_start
        while i < j:
            if source[i] == "\n":
                line += 1
                line_start = i + 1
            i += 1

    def read_string(hashes, multiline):
        """From just inside a string's opening quote to just past its close, or to just inside `\\(`, in which
        case the interpolation is pushed and True returned."""
        quote = '"""' if multiline else '"'
        close = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if source.startswith(escape, i):
                j = i + len(escape)
                if j < n and source[j] == "(":
                    advance_to(j + 1)
                    resume.append((depth, hashes, multiline))
                    return True
                advance_to(j + 1)
                continue
            if source.startswith(close, i):
                advance_to(i + len(close))
                return False
            advance_to(i + 1)
        return False

    while i < n:
        c = source[i]
        if c == "\n" or c in " \t\r":
            advance_to(i + 1)
            continue
        if source.startswith("//", i):
            j = source.find("\n", i)
            advance_to(n if j < 0 else j)
            continue
        if source.startswith("/*", i):
            nest, j = 1, i + 2
            while j < n and nest:
                if source.startswith("/*", j):
                    nest, j = nest + 1, j + 2
                elif source.startswith("*/", j):
                    nest, j = nest - 1, j + 2
                else:
                    j += 1
            advance_to(j)
            continue
        m = STRING_START.match(source, i)
        if m:
            hashes, multiline = len(m.group(1)), m.group(2) == '"""'
            tokens.append(Token('"', line, i - line_start + 1, False))
            advance_to(m.end())
            read_string(hashes, multiline)
            continue
        m = EXTENDED_REGEX.match(source, i)
        if m or (c == "/" and regex_may_start(tokens) and i + 1 < n and source[i + 1] not in " /*="):
            # A regex literal (`/a+b/`, `#/a+b/#`): its text is no code; it may hold braces.
            start = i
            if m:
                close = "/" + m.group(1)
                j = m.end()
            else:
                close, j = "/", i + 1
            in_class = False
            while j < n and not (source.startswith(close, j) and not in_class):
                if source[j] == "\\":
                    j += 2
                    continue
                if source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                elif source[j] == "\n" and not m:
                    break
                j += 1
            tokens.append(Token("/", line, start - line_start + 1, False))
            advance_to(min(n, j + len(close)))
            continue
        if c == "`":
            j = source.find("`", i + 1)
            name = source[i + 1 : j]
            tokens.append(Token(name, line, i - line_start + 1, True))
            advance_to(j + 1)
            continue
        m = IDENT.match(source, i)
        if m:
            tokens.append(Token(m.group(0), line, i - line_start + 1, True))
            advance_to(m.end())
            continue
        if c.isdigit():
            m = NUMBER.match(source, i)
            tokens.append(Token("0", line, i - line_start + 1, False))
            advance_to(m.end())
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            if resume and resume[-1][0] == depth:
                _, hashes, multiline = resume.pop()
                advance_to(i + 1)
                read_string(hashes, multiline)
                continue
            depth -= 1
        tokens.append(Token(c, line, i - line_start + 1, False))
        advance_to(i + 1)
    return tokens


class Scope:
    """What a pair of braces (or a declaration's signature) opens: a type or extension (`path`, the qualified name
    of the type), a function, or a block; with the names declared in it that hide the engine's."""

    def __init__(self, parent, path=None, names=()):
        self.parent = parent
        self.path = path
        self.names = set(names)


def generic_parameters(tokens, k):
    """The generic parameters of `<...>` starting at tokens[k], and the index past its `>`."""
    names, level, j = [], 0, k
    while j < len(tokens):
        t = tokens[j].text
        if t == "<":
            level += 1
        elif t == ">":
            level -= 1
            if level == 0:
                return names, j + 1
        elif (
            level == 1
            and tokens[j].ident
            and tokens[j - 1].text in ("<", ",")
            and j + 1 < len(tokens)
            and tokens[j + 1].text in (":", ",", ">")
        ):
            names.append(t)
        elif t in ("{", "}", "(", ")", "="):
            break
        j += 1
    return [], k


def qualified_name(tokens, k):
    """`A.B.C` starting at tokens[k]: the name and the index past it."""
    parts, j = [tokens[k].text], k + 1
    while j + 1 < len(tokens) and tokens[j].text == "." and tokens[j + 1].ident:
        parts.append(tokens[j + 1].text)
        j += 2
    return ".".join(parts), j


class File:
    def __init__(self, path, folder, tokens):
        self.path, self.folder, self.tokens = path, folder, tokens
        # Filled by `scan`: for each token index, the innermost scope around it.
        self.scopes = []
        # (kind, name, qualified path of the enclosing type or None, token, scope depth)
        self.declarations = []
        # (extended type, token) for each `extension T`
        self.extensions = []


def scan(file):
    """Declarations, extensions and the scope of each token of one file."""
    tokens = file.tokens
    scope = Scope(None)
    pending = None  # the scope a declaration opens at its next `{` (its generic parameters already in it)
    stack = []
    k = 0
    file.scopes = [None] * len(tokens)
    while k < len(tokens):
        tok = tokens[k]
        t = tok.text
        file.scopes[k] = pending or scope
        if t == "import":
            # `import struct Module.Name`: skip to the end of the line.
            j = k + 1
            while j < len(tokens) and tokens[j].line == tok.line:
                file.scopes[j] = scope
                j += 1
            k = j
            continue
        in_type = not stack or scope.path is not None
        if t in TYPE_KEYWORDS or t in ("func", "extension") or (t in ("let", "var", "case") and in_type):
            is_keyword = k == 0 or tokens[k - 1].text != "."
            nxt = tokens[k + 1] if k + 1 < len(tokens) else None
            if t == "class" and nxt is not None and nxt.text in ("func", "var", "let", "subscript", "init"):
                is_keyword = False
            if is_keyword and nxt is not None and nxt.ident:
                enclosing = innermost_type(scope)
                if t == "extension":
                    name, j = qualified_name(tokens, k + 1)
                    file.extensions.append((name, nxt))
                    for m in range(k + 1, j):
                        file.scopes[m] = scope
                    pending = Scope(scope, path=name)
                    k = j
                    continue
                kind = "type" if t in TYPE_KEYWORDS else ("func" if t == "func" else "value")
                file.declarations.append((kind, nxt.text, enclosing, nxt, len(stack)))
                if t == "case":
                    # `case a, b(Int), c`: every name of the line
                    j, level = k + 2, 0
                    while j < len(tokens) and tokens[j].line == tok.line and tokens[j].text not in ("{", "}", ";"):
                        level += tokens[j].text in "([<"
                        level -= tokens[j].text in ")]>"
                        if level == 0 and tokens[j].ident and tokens[j - 1].text == ",":
                            file.declarations.append(("value", tokens[j].text, enclosing, tokens[j], len(stack)))
                        file.scopes[j] = scope
                        j += 1
                if kind == "type":
                    scope.names.add(nxt.text)
                path = (enclosing + "." + nxt.text) if enclosing else nxt.text
                file.scopes[k + 1] = scope
                j = k + 2
                if t in ("struct", "enum", "class", "protocol", "actor", "func"):
                    generics, after = (
                        generic_parameters(tokens, j) if j < len(tokens) and tokens[j].text == "<" else ([], j)
                    )
                    opened = Scope(scope, path=path if t != "func" else None, names=generics)
                    for m in range(j, after):
                        file.scopes[m] = opened
                    pending = opened
                    k = after
                    continue
                if t == "typealias" and j < len(tokens) and tokens[j].text == "<":
                    generics, after = generic_parameters(tokens, j)
                    opened = Scope(scope, names=generics)
                    for m in range(j, after):
                        file.scopes[m] = opened
                    k = after
                    # the aliased type is read in a scope holding the parameters until the line ends
                    while k < len(tokens) and tokens[k].line == tok.line:
                        file.scopes[k] = opened
                        k += 1
                    continue
                k = j
                continue
        if t == "{":
            stack.append(scope)
            scope = pending or Scope(scope)
            pending = None
            file.scopes[k] = scope
        elif t == "}":
            scope = stack.pop() if stack else scope
            pending = None
        k += 1


def scope_paths(scope):
    paths = set()
    while scope is not None:
        if scope.path is not None:
            paths.add(scope.path)
        scope = scope.parent
    return paths


def innermost_type(scope):
    while scope is not None:
        if scope.path is not None:
            return scope.path
        scope = scope.parent
    return None


def load(root):
    files = []
    engine = os.path.join(root, ENGINE)
    for folder in sorted(os.listdir(engine)):
        base = os.path.join(engine, folder)
        if not os.path.isdir(base):
            continue
        for walk_root, _, names in os.walk(base):
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(walk_root, name)
                    with open(path, encoding="utf-8") as handle:
                        tokens = tokenize(handle.read())
                    files.append(File(os.path.relpath(path, root), folder, tokens))
    for file in files:
        scan(file)
    return files


def check(root, layers=LAYERS, edges=None):
    """Every upward reference, as the lines to print, in file order; every reference between two folders, as
    (from, to, name), appended to `edges` when given."""
    edges = [] if edges is None else edges
    files = load(root)
    rank = {name: index for index, name in enumerate(layers)}
    problems = []
    for file in files:
        if file.folder not in rank:
            problems.append(f"{file.path}:1:1: error: folder '{file.folder}' is not in the layer order (Tests/layers.py)")
    if problems:
        return problems

    # Top-level names and where each is declared.
    top = {}
    type_folder = {}
    for file in files:
        for kind, name, enclosing, tok, level in file.declarations:
            if enclosing is None and level == 0:
                top.setdefault(name, []).append((file.folder, kind, file.path))
                if kind == "type":
                    type_folder[name] = file.folder

    # Members that extensions add to a type of another folder: (type, member) -> folder of the extension.
    member_names = {}
    for file in files:
        for kind, name, enclosing, tok, level in file.declarations:
            if enclosing is not None:
                member_names.setdefault(name, set()).add((enclosing, file.folder))
    added = {}
    for name, owners in member_names.items():
        if len(owners) != 1:
            continue  # the name of members of several types or folders: a `.name` cannot say whose
        (enclosing, folder), = owners
        # a type of another folder, or of another module (`extension Array`)
        declared = type_folder.get(enclosing.split(".")[0])
        if declared != folder and name not in top:
            added[name] = (enclosing, folder)

    # Nested type names by the qualified name of the type holding them (from its declaration and extensions).
    nested = {}
    for file in files:
        for kind, name, enclosing, tok, level in file.declarations:
            if enclosing is not None and kind == "type":
                nested.setdefault(enclosing, set()).add(name)

    def hidden(scope, name):
        while scope is not None:
            if name in scope.names:
                return True
            if scope.path is not None:
                path = scope.path
                while path:
                    if name in nested.get(path, ()):
                        return True
                    path = path.rpartition(".")[0]
            scope = scope.parent
        return False

    def report(file, tok, folder, name, what):
        if folder != file.folder:
            edges.append((file.folder, folder, name))
        if rank[folder] > rank[file.folder]:
            problems.append(
                f"{file.path}:{tok.line}:{tok.col}: error: {file.folder} references {folder}'s {what} '{name}', "
                f"and {folder} is above {file.folder}"
            )

    for file in files:
        extension_tokens = {id(tok) for _, tok in file.extensions}
        for extended, tok in file.extensions:
            owner = type_folder.get(extended.split(".")[0])
            if owner is not None:
                report(file, tok, owner, extended, "type")
        tokens = file.tokens
        declared_here = {id(tok) for _, _, _, tok, _ in file.declarations}
        for k, tok in enumerate(tokens):
            if not tok.ident or tok.text in KEYWORDS or id(tok) in extension_tokens or id(tok) in declared_here:
                continue
            previous = tokens[k - 1].text if k else ""
            # `a.Name` is a member; `1...Name` a range
            after_dot = previous == "." and not (k >= 2 and tokens[k - 2].text == ".")
            if after_dot and k >= 2 and tokens[k - 2].text == "SectionSiteEngine":
                after_dot = False
            nxt = tokens[k + 1].text if k + 1 < len(tokens) else ""
            if after_dot:
                if tok.text in added:
                    enclosing, folder = added[tok.text]
                    report(file, tok, folder, f"{enclosing}.{tok.text}", "extension member")
                continue
            if nxt == ":" and previous in ("(", ","):
                continue  # an argument label
            if tok.text not in top or hidden(file.scopes[k], tok.text):
                continue
            owners = top[tok.text]
            if any(folder == file.folder for folder, _, _ in owners):
                continue
            folder, kind, _ = max(owners, key=lambda owner: rank[owner[0]])
            if kind != "type" and tok.text[0].islower():
                # A function or constant: only a use that no local name can explain, i.e. a call or a value
                # with no declaration of that name in this file.
                if any(name == tok.text for _, name, _, _, _ in file.declarations):
                    continue
                if any(enclosing in scope_paths(file.scopes[k]) for enclosing, _ in member_names.get(tok.text, ())):
                    continue  # a method of the type this code is in, declared in another file
                if file_binds(tokens, tok.text):
                    continue
            report(file, tok, folder, tok.text, "type" if kind == "type" else "function" if kind == "func" else "value")
    return sorted(problems, key=location_order)


def location_order(line):
    path, row, column = line.split(":")[:3]
    return (path, int(row), int(column))


def file_binds(tokens, name):
    """Whether the file binds `name` itself: as a parameter of a function, initializer, subscript or closure, or in
    a pattern (`let name`, `for name in`); then a bare use of it may be that binding."""
    for k, tok in enumerate(tokens):
        if tok.text != name:
            continue
        previous = tokens[k - 1].text if k else ""
        nxt = tokens[k + 1].text if k + 1 < len(tokens) else ""
        if previous in ("let", "var", "for") or nxt == "in":
            return True
        if nxt in (":", ",", ")") and in_parameter_clause(tokens, k):
            return True
    return False


def in_parameter_clause(tokens, k):
    """Whether tokens[k] is a parameter's name: inside the parentheses after `func name`, `init` or `subscript`,
    or of a closure's `{ (a, b) in`."""
    level, j = 0, k - 1
    while j >= 0:
        t = tokens[j].text
        if t in (")", "]"):
            level += 1
        elif t in ("(", "["):
            if level == 0:
                break
            level -= 1
        elif t in ("{", "}") and level == 0:
            return False
        j -= 1
    if j < 0 or tokens[j].text != "(":
        return False
    if not (tokens[k - 1].text in ("(", ",") or (tokens[k - 1].ident and tokens[k - 2].text in ("(", ","))):
        return False
    before = tokens[j - 1].text if j else ""
    if before in ("init", "subscript", "?", "{") or (j >= 2 and tokens[j - 2].text == "func"):
        return True
    if before == ">":  # func name<T>(
        level, m = 0, j - 1
        while m >= 0:
            level += tokens[m].text == ">"
            level -= tokens[m].text == "<"
            if level == 0:
                return m >= 2 and tokens[m - 2].text == "func"
            m -= 1
    return False


# A tiny engine with planted references; each line of SELF_CHECK_EXPECTED is one the checker must report, and it
# must report nothing else (names in comments, strings, generic parameters, nested types, argument labels and
# parameters are no references).
SELF_CHECK = {
    "Sources/SectionSiteEngine/Model/Page.swift": '''
struct Page { let title: String }
struct Slug {}
// A comment naming Site is no reference.
let banner = "Site is in a string, \\(1...Site.count) in its interpolation"
struct Holder<Site> { let site: Site }
struct Wrapper { struct Site {}; let site: Site }
func label(publish: Int) -> Int { publish }
let matches = "a".contains(/Site{2}/)
extension Site { }
func uses(_ page: Page) -> Site? { nil }
''',
    "Sources/SectionSiteEngine/Model/Uses.swift": '''
func members(_ page: Page) -> String { page.outputPath }
func qualified() -> Int { SectionSiteEngine.Site.count }
let published = publish()
let labelled = Page(title: "", publish: 1)
''',
    "Sources/SectionSiteEngine/Pipeline/Site.swift": '''
struct Site { static let count = 0 }
extension Page { var outputPath: String { title } }
func publish() -> Slug { Slug() }
''',
}

SELF_CHECK_EXPECTED = [
    ("Model/Page.swift", 4, 42, "'Site'"),
    ("Model/Page.swift", 9, 11, "'Site'"),
    ("Model/Page.swift", 10, 28, "'Site'"),
    ("Model/Uses.swift", 1, 45, "'Page.outputPath'"),
    ("Model/Uses.swift", 2, 45, "'Site'"),
    ("Model/Uses.swift", 3, 17, "'publish'"),
]


def self_check():
    with tempfile.TemporaryDirectory() as root:
        for path, text in SELF_CHECK.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as handle:
                handle.write(text.lstrip("\n"))
        got = check(root, ["Model", "Pipeline"])
    expected = [
        f"Sources/SectionSiteEngine/{path}:{line}:{col}: error: " for path, line, col, _ in SELF_CHECK_EXPECTED
    ]
    ok = len(got) == len(expected) and all(
        line.startswith(prefix) and name in line for line, prefix, (*_, name) in zip(got, expected, SELF_CHECK_EXPECTED)
    )
    if not ok:
        print("layers.py --self-check: the planted tree gave", file=sys.stderr)
        for line in got:
            print("  " + line, file=sys.stderr)
        print("expected, in this order:", file=sys.stderr)
        for prefix, (*_, name) in zip(expected, SELF_CHECK_EXPECTED):
            print(f"  {prefix}... {name}", file=sys.stderr)
        return 1
    print(f"layers.py --self-check: the {len(expected)} planted upward references found, nothing else")
    return 0


def main(argv):
    if "--self-check" in argv:
        return self_check()
    if "--graph" in argv:
        # What each folder uses of the others, for choosing the order.
        edges = []
        check(ROOT, edges=edges)
        uses = {}
        for source, target, name in edges:
            uses.setdefault(source, {}).setdefault(target, set()).add(name)
        for source in sorted(uses, key=lambda folder: LAYERS.index(folder) if folder in LAYERS else -1):
            for target, names in sorted(uses[source].items()):
                print(f"{source} -> {target}: {', '.join(sorted(names))}")
        return 0
    problems = check(ROOT)
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} upward references; the order, lowest first: {' < '.join(LAYERS)}", file=sys.stderr)
        return 1
    print(f"layers.py: every engine folder references only those below it ({' < '.join(LAYERS)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
