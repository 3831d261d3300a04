"""Seeded random multilingual sites on the repository's default theme (the "rich" sites of issue 52), and a second
version of each: sitegen.py's sections, items and body blocks, in English, French and Arabic (right to left), with
directives and pictures in the body, and translations added and removed between the two versions.

    site = generate(seed)            # a plain-data model of the site
    new = mutate(site, seed)         # a changed copy; the theme and the settings never change
    write_site(site, directory)      # sectionsite.yml, Themes/default/..., Content/..., the pictures

Every page that changes must be patched, never reloaded: its head (the translations' alternates, the title) and its
language switcher included.
"""

import copy
import random
import shutil
import struct
import zlib
from pathlib import Path

import sitegen
from sitegen import Ids, new_block, new_page, sentence, words

REPO = Path(__file__).resolve().parent.parent.parent
LANGUAGES = ["fr", "ar"]  # besides the default, en
SETTINGS = """title: Rich {seed}
baseURL: https://example.com/
theme: default
markdown:
  smart: true
images:
  widths: [64]
languages:
  en:
    name: English
  fr:
    name: Français
    title: Riche {seed}
  ar:
    name: العربية
    direction: rtl
"""
CELLS = {"a": "feature", "b": "step"}
PICTURES = {"red.png": (200, 40, 40), "blue.png": (40, 40, 200)}


def png(color, width=96, height=64):
    """A small solid PNG, written here so the test depends on no file of its own."""
    row = b"\0" + bytes(color) * width
    raw = zlib.compress(row * height)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def new_rich_block(rng):
    """A body block: sitegen's, or a directive, or a picture."""
    kind = rng.choices(["plain", "callout", "details", "tabs", "picture"], [8, 2, 1, 1, 1])[0]
    if kind == "plain":
        return new_block(rng)
    argument = lambda text: '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    body = lambda: sentence(rng).replace("{", "(").replace("}", ")")
    if kind == "callout":
        text = f'@Callout(kind: "{rng.choice(["note", "tip", "warning"])}", title: {argument(words(rng, 1, 2))}) {{ {body()} }}'
    elif kind == "details":
        text = f"@Details(summary: {argument(words(rng, 1, 3))}) {{ {body()} }}"
    elif kind == "tabs":
        text = "@TabNavigator {\n" + "".join(f'  @Tab("{rng.choice(sitegen.WORDS)}") {{ {body()} }}\n' for _ in range(2)) + "}"
    else:
        text = f"![{rng.choice(sitegen.WORDS)} {rng.choice(sitegen.WORDS)}](/pictures/{rng.choice(sorted(PICTURES))})"
    return {"kind": "p", "text": text}


def rich_page(rng, ids, title, **sizes):
    page = new_page(rng, ids, title, **sizes)
    page["body"] = [new_rich_block(rng) for _ in range(len(page["body"]))] or [new_rich_block(rng)]
    return page


def generate(seed):
    rng = random.Random(seed)
    ids = Ids()
    pages = {"index": rich_page(rng, ids, "Home " + words(rng, 1, 2)), "about": rich_page(rng, ids, "About " + words(rng, 1, 2))}
    for n in range(rng.randint(1, 2)):
        post = rich_page(rng, ids, f"Post {n} " + words(rng, 1, 2), sections=(0, 2), blocks=(1, 4))
        post["date"] = f"2024-0{n + 1}-1{n}"
        pages[f"posts/p{n}"] = post
    # Translations: each language's home, and some of the other pages.
    for code in LANGUAGES:
        for name in sorted(pages):
            if "/" in name and name.split("/")[0] in LANGUAGES:
                continue
            if name == "index" or rng.random() < 0.4:
                pages[f"{code}/{name}"] = translated(rng, ids, pages[name], code)
    return {"seed": seed, "pages": pages, "next_id": ids.n}


def translated(rng, ids, page, code):
    copy_ = rich_page(rng, ids, f"{code.upper()} {page['title']}", sections=(0, 2), blocks=(1, 3))
    if "date" in page:
        copy_["date"] = page["date"]
    return copy_


def mutate(site, seed):
    """A second version: sitegen's changes on most pages, directives and pictures edited, and translations added
    and removed."""
    rng = random.Random(seed * 7919 + 2)
    new = copy.deepcopy(site)
    ids = Ids(site["next_id"] + 1000)
    names = sorted(sitegen.CHANGES)
    for url in sorted(new["pages"]):
        page = new["pages"][url]
        if rng.random() < 0.25:
            continue
        start = rng.randrange(len(names))
        for k in range(rng.randint(1, 5)):
            sitegen.CHANGES[names[(start + k * 5) % len(names)]](rng, page, ids)
        if rng.random() < 0.4:  # a directive or a picture comes, or one changes
            blocks = page["body"]
            at = rng.randrange(len(blocks) + 1)
            if at < len(blocks) and rng.random() < 0.5:
                blocks[at] = new_rich_block(rng)
            else:
                blocks.insert(at, new_rich_block(rng))
    originals = sorted(name for name in new["pages"] if name.split("/")[0] not in LANGUAGES)
    for code in LANGUAGES:
        for name in originals:
            if name == "index":
                continue
            key = f"{code}/{name}"
            roll = rng.random()
            if key in new["pages"] and roll < 0.3:
                del new["pages"][key]  # a translation removed
            elif key not in new["pages"] and roll < 0.35:
                new["pages"][key] = translated(rng, ids, new["pages"][name], code)  # a translation added
    new["next_id"] = ids.n
    return new


def write_site(site, root):
    """Writes the site into root, keeping .sectionsite/ (the build's state) and the theme once copied."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(root / "Content", ignore_errors=True)
    if not (root / "Themes").is_dir():
        shutil.copytree(REPO / "Themes", root / "Themes")
    (root / "sectionsite.yml").write_text(SETTINGS.format(seed=site["seed"]))
    (root / "Static" / "pictures").mkdir(parents=True, exist_ok=True)
    for name, color in PICTURES.items():
        (root / "Static" / "pictures" / name).write_bytes(png(color))
    for name, page in site["pages"].items():
        page = copy.deepcopy(page)
        for section in page["sections"]:
            section["cell"] = CELLS.get(section.get("cell"), section.get("cell"))
            for item in section.get("items", []):
                if "cell" in item:
                    item["cell"] = CELLS.get(item["cell"], item["cell"])
            for part in ("header", "footer"):
                if isinstance(section.get(part), dict):
                    section[part] = dict(section[part], kind="note")
        target = root / "Content" / f"{name}.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(sitegen.front_matter(page) + "\n" + sitegen.markdown_body(page["body"]))
