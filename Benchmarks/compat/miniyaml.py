"""A small YAML reader for front matter and settings files, standard library only.

It reads the part of YAML that Jekyll and Hugo sites use: block mappings and sequences, flow `[...]` and `{...}`,
plain, quoted and block (`|`, `>`) scalars, comments, anchors, aliases and `<<` merges. Values are str, int,
float, bool, None, list and dict; dates stay strings. It is not a validator: what it cannot read it reads as a
string, or raises YAMLError where the structure makes no sense.
"""

from __future__ import annotations

import re


class YAMLError(Exception):
    pass


_INT = re.compile(r"[-+]?(0|[1-9][0-9_]*)$")
_FLOAT = re.compile(r"[-+]?([0-9][0-9_]*)?\.[0-9]+([eE][-+]?[0-9]+)?$")
_TRUE = {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"}
_FALSE = {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"}
_NULL = {"", "~", "null", "Null", "NULL"}


def load(text: str):
    """The first document of `text`, or None when it is empty."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "  ").split("\n")
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]
    return _Reader(lines).document()


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _strip_comment(text: str) -> str:
    """`text` without a trailing ` # comment` outside quotes and brackets."""
    quote = None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
            elif ch == "\\" and quote == '"':
                continue
        elif ch in "'\"" and (i == 0 or text[i - 1] in " [{,:"):
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def _key_split(text: str):
    """(key, rest) when `text` is `key: rest` (the colon outside quotes and brackets), else None."""
    if text.startswith(("'", '"')):
        quote = text[0]
        i = 1
        while i < len(text):
            if text[i] == quote:
                if quote == "'" and i + 1 < len(text) and text[i + 1] == "'":
                    i += 2
                    continue
                break
            if text[i] == "\\" and quote == '"':
                i += 1
            i += 1
        after = text[i + 1:]
        if after.startswith(":") and (len(after) == 1 or after[1] in " \t"):
            return _scalar(text[: i + 1]), after[1:].strip()
        return None
    if text.startswith(("[", "{", "&", "*", "!", "|", ">", "- ")) or text == "-":
        return None
    for match in re.finditer(r":(\s|$)", text):
        key = text[: match.start()].strip()
        if key and "#" not in key[:1]:
            return key, text[match.end():].strip()
    return None


def _scalar(token: str):
    token = token.strip()
    if token.startswith('"') and token.endswith('"') and len(token) >= 2:
        body = token[1:-1]
        return re.sub(r'\\(["\\/nt0rbfeu]|x[0-9a-fA-F]{2})', _unescape, body)
    if token.startswith("'") and token.endswith("'") and len(token) >= 2:
        return token[1:-1].replace("''", "'")
    if token in _NULL:
        return None
    if token in _TRUE:
        return True
    if token in _FALSE:
        return False
    if _INT.match(token):
        return int(token.replace("_", ""))
    if _FLOAT.match(token):
        try:
            return float(token.replace("_", ""))
        except ValueError:
            return token
    return token


def _unescape(match: re.Match) -> str:
    code = match.group(1)
    table = {"n": "\n", "t": "\t", "0": "\0", "r": "\r", "b": "\b", "f": "\f", "e": "\x1b", '"': '"',
             "\\": "\\", "/": "/"}
    if code in table:
        return table[code]
    if code.startswith("x"):
        return chr(int(code[1:], 16))
    return code


class _Reader:
    def __init__(self, lines: list[str]):
        self.lines = lines
        self.i = 0
        self.anchors: dict[str, object] = {}

    # -- lines

    def _skip_blank(self) -> None:
        while self.i < len(self.lines):
            stripped = self.lines[self.i].strip()
            if stripped == "" or stripped.startswith("#") or stripped in ("---", "%YAML", "%TAG") \
                    or (stripped.startswith("%") and self.i == 0):
                if stripped == "---" and self._started:
                    self.i = len(self.lines)  # a second document: stop
                    return
                self.i += 1
                continue
            return

    def document(self):
        self._started = False
        self._skip_blank()
        self._started = True
        if self.i >= len(self.lines):
            return None
        if self.lines[self.i].strip() in ("...",):
            return None
        value = self._block(_indent(self.lines[self.i]))
        return value

    # -- blocks

    def _block(self, indent: int):
        self._skip_blank()
        if self.i >= len(self.lines):
            return None
        line = self.lines[self.i]
        n = _indent(line)
        if n < indent:
            return None
        content = line.strip()
        if content == "..." :
            return None
        if content == "-" or content.startswith("- "):
            return self._sequence(n)
        if _key_split(_strip_comment(content)) is not None:
            return self._mapping(n)
        # a lone scalar (possibly flow or multi-line)
        self.i += 1
        return self._value(_strip_comment(content), n - 1)

    def _sequence(self, n: int) -> list:
        items = []
        while True:
            self._skip_blank()
            if self.i >= len(self.lines):
                break
            line = self.lines[self.i]
            content = line.strip()
            if _indent(line) != n or not (content == "-" or content.startswith("- ")):
                break
            rest = content[1:].lstrip(" ")
            if rest == "" or _strip_comment(rest) == "":
                self.i += 1
                items.append(self._block(n + 1))
                continue
            offset = n + (len(content) - len(rest))
            if rest.startswith("- ") or rest == "-" or \
                    (_key_split(_strip_comment(rest)) is not None and not rest.startswith(("[", "{"))):
                # `- key: value` or `- - x`: the item is a block starting at the column after the dash
                self.lines[self.i] = " " * offset + rest
                items.append(self._block(offset))
                continue
            self.i += 1
            items.append(self._value(_strip_comment(rest), n))
        return items

    def _mapping(self, n: int) -> dict:
        result: dict = {}
        while True:
            self._skip_blank()
            if self.i >= len(self.lines):
                break
            line = self.lines[self.i]
            if _indent(line) != n:
                if _indent(line) > n:
                    raise YAMLError(f"line {self.i + 1}: unexpected indentation")
                break
            content = _strip_comment(line.strip())
            if content.startswith("- ") or content == "-":
                break
            split = _key_split(content)
            if split is None:
                raise YAMLError(f"line {self.i + 1}: expected 'key: value', got {content[:40]!r}")
            key, rest = split
            self.i += 1
            anchor = None
            if rest.startswith("&"):
                parts = rest.split(None, 1)
                anchor, rest = parts[0][1:], (parts[1] if len(parts) > 1 else "")
            if rest.startswith("!") and not rest.startswith("!!"):
                rest = rest.split(None, 1)[1] if " " in rest else ""
            elif rest.startswith("!!"):
                rest = rest.split(None, 1)[1] if " " in rest else ""
            if rest == "":
                self._skip_blank()
                value = None
                if self.i < len(self.lines):
                    nxt = self.lines[self.i]
                    ni = _indent(nxt)
                    stripped = nxt.strip()
                    if ni > n or (ni == n and (stripped == "-" or stripped.startswith("- "))):
                        value = self._block(ni)
            else:
                value = self._value(rest, n)
            if anchor:
                self.anchors[anchor] = value
            if key == "<<":
                for merged in (value if isinstance(value, list) else [value]):
                    if isinstance(merged, dict):
                        for k, v in merged.items():
                            result.setdefault(k, v)
                continue
            if isinstance(key, (dict, list)):
                key = str(key)
            result[key] = value
        return result

    # -- values on one line (or continued)

    def _value(self, text: str, parent_indent: int):
        if text.startswith("*"):
            name = text[1:].strip()
            return self.anchors.get(name)
        if text.startswith("&"):
            parts = text.split(None, 1)
            value = self._value(parts[1], parent_indent) if len(parts) > 1 else None
            self.anchors[parts[0][1:]] = value
            return value
        if text.startswith(("|", ">")) and re.match(r"^[|>][-+0-9]*$", text):
            return self._block_scalar(text, parent_indent)
        if text.startswith(("[", "{")):
            buffer = text
            while not _balanced(buffer) and self.i < len(self.lines):
                buffer += " " + _strip_comment(self.lines[self.i].strip())
                self.i += 1
            value, _ = _Flow(buffer, self.anchors).parse(0)
            return value
        if text.startswith(('"', "'")) and not (len(text) >= 2 and text.endswith(text[0]) and
                                                 _closed_quote(text)):
            buffer = text
            while self.i < len(self.lines) and not _closed_quote(buffer):
                buffer += " " + self.lines[self.i].strip()
                self.i += 1
            return _scalar(buffer)
        # plain scalar, maybe continued on more-indented lines
        parts = [text]
        while self.i < len(self.lines):
            nxt = self.lines[self.i]
            stripped = nxt.strip()
            if stripped == "" or _indent(nxt) <= parent_indent or stripped.startswith("#"):
                break
            if _key_split(_strip_comment(stripped)) is not None or stripped.startswith("- "):
                break
            parts.append(_strip_comment(stripped))
            self.i += 1
        if len(parts) > 1:
            return " ".join(parts)
        return _scalar(text)

    def _block_scalar(self, header: str, parent_indent: int) -> str:
        body: list[str] = []
        block_indent = None
        while self.i < len(self.lines):
            line = self.lines[self.i]
            if line.strip() == "":
                body.append("")
                self.i += 1
                continue
            n = _indent(line)
            if n <= parent_indent:
                break
            if block_indent is None:
                block_indent = n
            if n < block_indent:
                break
            body.append(line[block_indent:])
            self.i += 1
        while body and body[-1] == "":
            body.pop()
        if header.startswith(">"):
            return " ".join(part for part in body if part) + ("\n" if "-" not in header else "")
        return "\n".join(body) + ("\n" if "-" not in header else "")


def _closed_quote(text: str) -> bool:
    quote = text[0]
    i = 1
    while i < len(text):
        ch = text[i]
        if quote == '"' and ch == "\\":
            i += 2
            continue
        if ch == quote:
            if quote == "'" and i + 1 < len(text) and text[i + 1] == "'":
                i += 2
                continue
            return True
        i += 1
    return False


def _balanced(text: str) -> bool:
    depth, quote = 0, None
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        i += 1
    return depth <= 0


class _Flow:
    def __init__(self, text: str, anchors: dict):
        self.text = text
        self.anchors = anchors

    def _ws(self, pos: int) -> int:
        while pos < len(self.text) and self.text[pos] in " \t\n":
            pos += 1
        return pos

    def parse(self, pos: int):
        pos = self._ws(pos)
        if pos >= len(self.text):
            return None, pos
        ch = self.text[pos]
        if ch == "[":
            items = []
            pos += 1
            while True:
                pos = self._ws(pos)
                if pos >= len(self.text):
                    return items, pos
                if self.text[pos] == "]":
                    return items, pos + 1
                if self.text[pos] == ",":
                    pos += 1
                    continue
                start = pos
                value, pos = self.parse(pos)
                pos = self._ws(pos)
                if pos < len(self.text) and self.text[pos] == ":" and not isinstance(value, (list, dict)):
                    inner, pos = self.parse(pos + 1)  # [a: b] is a one-pair mapping
                    value = {value: inner}
                if pos == start:
                    pos += 1
                items.append(value)
        if ch == "{":
            mapping = {}
            pos += 1
            while True:
                pos = self._ws(pos)
                if pos >= len(self.text):
                    return mapping, pos
                if self.text[pos] == "}":
                    return mapping, pos + 1
                if self.text[pos] == ",":
                    pos += 1
                    continue
                key, pos = self._token(pos, key=True)
                pos = self._ws(pos)
                value = None
                if pos < len(self.text) and self.text[pos] == ":":
                    value, pos = self.parse(pos + 1)
                mapping[key] = value
        return self._token(pos, key=False)

    def _token(self, pos: int, key: bool):
        text = self.text
        if text[pos] in "'\"":
            quote = text[pos]
            end = pos + 1
            while end < len(text):
                if quote == '"' and text[end] == "\\":
                    end += 2
                    continue
                if text[end] == quote:
                    if quote == "'" and end + 1 < len(text) and text[end + 1] == "'":
                        end += 2
                        continue
                    break
                end += 1
            return _scalar(text[pos: end + 1]), end + 1
        if text[pos] == "*":
            end = pos + 1
            while end < len(text) and text[end] not in ",]} ":
                end += 1
            return self.anchors.get(text[pos + 1: end]), end
        end = pos
        while end < len(text):
            ch = text[end]
            if ch in ",]}":
                break
            if ch == ":" and (end + 1 >= len(text) or text[end + 1] in " ,]}"):
                break
            end += 1
        token = text[pos:end].strip()
        return (token if key else _scalar(token)), end
