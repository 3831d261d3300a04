"""Seeded random SectionSite sites (SPEC §1-3) and a second version of each with every kind of change.

    site = generate(seed)            # a plain-data model of the site
    new = mutate(site, seed)         # a changed copy; new["layout_changed"] says whether the layout changed
    write_site(site, directory)      # sectionsite.yml, Themes/gen/..., Content/*.md

The theme is written here too, so the tests depend on nothing but the contract. Everything random comes from
random.Random(seed): the same seed always gives the same sites.
"""

import copy
import json
import random
import shutil
from pathlib import Path

WORDS = (
    "grill menu table bread olive lemon river stone cedar ember maple quiet bright sunday harbor meadow "
    "copper linen window garden autumn signal paper orbit velvet marble honey pepper salt smoke"
).split()
ODD_WORDS = ["café", "naïve", "한국어", "데이터", "A&B", "x<y", "\"quoted\"", "it's", "→", "50%", "🍔", "{{braces}}"]

THEME = {
    "layouts/page.mustache": """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{page.title}}</title>
<link rel="stylesheet" href="/assets/gen.css">
</head>
<body>
<h1 data-ss-key="r:title">{{page.title}}</h1>
<main>{{{sections}}}</main>
<article>{{{body}}}</article>
<p class="colophon">LAYOUT_LINE</p>
</body>
</html>
""",
    "cells/a.mustache": '<h3>{{title}}</h3><p>{{text}}</p>{{#n}}<span class="n">{{n}}</span>{{/n}}{{#url}}<a href="{{url}}">more</a>{{/url}}{{{body}}}',
    "cells/b.mustache": "<figure><figcaption>{{title}}</figcaption><small>{{text}}</small></figure>{{{body}}}",
    "supplementary/header.mustache": "<h2>{{title}}</h2>",
    "supplementary/footer.mustache": '<p class="foot">{{title}}</p>',
    "supplementary/banner.mustache": '<div class="banner"><strong>{{title}}</strong> {{text}}</div>',
    "assets/gen.css": ".ss-item { min-height: 24px; margin: 4px 0; } .ss-section[data-ss-kind=grid] .ss-items { display: grid; grid-template-columns: 1fr 1fr; }\n",
}
LAYOUTS = ["Built by SectionSite.", "Built by SectionSite, again."]


class Ids:
    """Fresh identifiers; never reused, so an id always names one thing across both versions."""

    def __init__(self, start=0):
        self.n = start

    def __call__(self, prefix):
        self.n += 1
        # ids may hold letters, digits, - and _ (SPEC §2)
        return f"{prefix}{self.n}" if self.n % 3 else f"{prefix}-{self.n}_x"


def words(rng, low, high):
    out = []
    for _ in range(rng.randint(low, high)):
        out.append(rng.choice(ODD_WORDS) if rng.random() < 0.12 else rng.choice(WORDS))
    return " ".join(out)


def sentence(rng):
    """Inline Markdown that starts with a plain word, so it can never become a heading or a list."""
    parts = [rng.choice(WORDS).capitalize(), words(rng, 3, 10)]
    extra = rng.random()
    if extra < 0.15:
        parts.append(f"*{rng.choice(WORDS)}*")
    elif extra < 0.3:
        parts.append(f"**{rng.choice(WORDS)}**")
    elif extra < 0.4:
        parts.append(f"`{rng.choice(WORDS)}()`")
    elif extra < 0.5:
        parts.append(f"[{rng.choice(WORDS)}](https://example.com/{rng.choice(WORDS)})")
    return " ".join(parts) + "."


def new_block(rng):
    kind = rng.choices(["p", "h2", "ul", "quote", "code"], [6, 2, 1, 1, 1])[0]
    if kind == "ul":
        return {"kind": kind, "items": [sentence(rng) for _ in range(rng.randint(1, 3))]}
    if kind == "h2":
        return {"kind": kind, "text": words(rng, 1, 4).capitalize() or "Heading"}
    return {"kind": kind, "text": sentence(rng)}


def new_supplementary(rng):
    if rng.random() < 0.6:
        return words(rng, 1, 3).capitalize()
    return {"kind": "banner", "title": words(rng, 1, 2), "text": sentence(rng)}


def new_item(rng, ids):
    item = {"id": ids("it"), "title": words(rng, 1, 3), "text": sentence(rng)}
    if rng.random() < 0.3:
        item["n"] = rng.randint(1, 99)
    if rng.random() < 0.25:
        item["cell"] = rng.choice(["a", "b"])
    if rng.random() < 0.2:
        item["body"] = sentence(rng)
    return item


def new_section(rng, ids, items=None):
    section = {"id": ids("sec"), "kind": rng.choice(["list", "grid"]), "cell": rng.choice(["a", "b"])}
    if rng.random() < 0.6:
        section["header"] = new_supplementary(rng)
    if rng.random() < 0.4:
        section["footer"] = new_supplementary(rng)
    section["items"] = items if items is not None else [new_item(rng, ids) for _ in range(rng.randint(0, 4))]
    return section


def new_page(rng, ids, title, sections=(1, 3), blocks=(2, 6)):
    page = {
        "title": title,
        "sections": [new_section(rng, ids) for _ in range(rng.randint(*sections))],
        "body": [new_block(rng) for _ in range(rng.randint(*blocks))],
    }
    if rng.random() < 0.1 and page["body"]:  # identical blocks must still get distinct keys
        page["body"].append(copy.deepcopy(rng.choice(page["body"])))
    return page


def generate(seed):
    rng = random.Random(seed)
    ids = Ids()
    pages = {
        "index": new_page(rng, ids, "Home " + words(rng, 1, 2)),
        "about": new_page(rng, ids, "About " + words(rng, 1, 2)),
    }
    for n in range(rng.randint(1, 3)):
        post = new_page(rng, ids, f"Post {n} " + words(rng, 1, 2), sections=(0, 2), blocks=(1, 4))
        post["date"] = f"2024-0{n + 1}-1{n}"
        pages[f"posts/p{n}"] = post
    if seed % 3 == 0:  # a collection section: items are the posts, keyed by URL (i:/posts/p0/)
        recent = {"id": "recent", "kind": "list", "from": "posts", "sort": "title", "cell": "a", "header": "Recent posts"}
        if seed % 6 == 0:  # and split over /page/2/ ...: a post moves from one page to the next
            recent["paginate"] = 2
        pages["index"]["sections"].insert(rng.randint(0, len(pages["index"]["sections"])), recent)
    return {"seed": seed, "title": f"Generated {seed}", "layout": 0, "pages": pages, "next_id": ids.n, "layout_changed": False}


# ---- mutation -------------------------------------------------------------------------------------------------

def _inline(page):
    return [s for s in page["sections"] if "items" in s]


def _item_insert(rng, page, ids):
    sections = _inline(page)
    if sections:
        s = rng.choice(sections)
        s["items"].insert(rng.randint(0, len(s["items"])), new_item(rng, ids))


def _item_delete(rng, page, ids):
    sections = [s for s in _inline(page) if s["items"]]
    if sections:
        s = rng.choice(sections)
        s["items"].pop(rng.randrange(len(s["items"])))


def _item_update(rng, page, ids):
    items = [i for s in _inline(page) for i in s["items"]]
    if items:
        item = rng.choice(items)
        field = rng.choice(["title", "text", "n", "body"])
        if field == "n":
            item["n"] = rng.randint(1, 99)
        elif field == "body" and "body" in item and rng.random() < 0.5:
            del item["body"]
        else:
            item[field] = sentence(rng) if field != "title" else words(rng, 1, 3)


def _item_move_within(rng, page, ids):
    sections = [s for s in _inline(page) if len(s["items"]) > 1]
    if sections:
        s = rng.choice(sections)
        item = s["items"].pop(rng.randrange(len(s["items"])))
        s["items"].insert(rng.randint(0, len(s["items"])), item)


def _item_move_across(rng, page, ids):
    sections = _inline(page)
    sources = [s for s in sections if s["items"]]
    if len(sections) > 1 and sources:
        src = rng.choice(sources)
        dst = rng.choice([s for s in sections if s is not src])
        dst["items"].insert(rng.randint(0, len(dst["items"])), src["items"].pop(rng.randrange(len(src["items"]))))


def _item_move_into_new_section(rng, page, ids):
    sources = [s for s in _inline(page) if s["items"]]
    if sources:
        src = rng.choice(sources)
        moved = src["items"].pop(rng.randrange(len(src["items"])))
        items = [new_item(rng, ids) for _ in range(rng.randint(0, 2))]
        items.insert(rng.randint(0, len(items)), moved)
        page["sections"].insert(rng.randint(0, len(page["sections"])), new_section(rng, ids, items))


def _section_insert(rng, page, ids):
    page["sections"].insert(rng.randint(0, len(page["sections"])), new_section(rng, ids))


def _section_delete(rng, page, ids):
    if page["sections"]:
        page["sections"].pop(rng.randrange(len(page["sections"])))


def _section_move(rng, page, ids):
    if len(page["sections"]) > 1:
        s = page["sections"].pop(rng.randrange(len(page["sections"])))
        page["sections"].insert(rng.randint(0, len(page["sections"])), s)


def _supplementary(which):
    def change(rng, page, ids):
        if not page["sections"]:
            return
        s = rng.choice(page["sections"])
        if which in s and rng.random() < 0.4:
            del s[which]  # removed
        elif which in s and isinstance(s[which], dict) and rng.random() < 0.5:
            s[which] = dict(s[which], text=sentence(rng))  # same kind, new data
        else:
            s[which] = new_supplementary(rng)  # added, or changed (possibly string <-> map)
    return change


def _cell_kind(rng, page, ids):
    sections = _inline(page)
    items = [i for s in sections for i in s["items"]]
    if items and rng.random() < 0.7:
        item = rng.choice(items)
        current = item.get("cell")
        item["cell"] = "b" if current == "a" else "a" if current == "b" else rng.choice(["a", "b"])
    elif sections:
        s = rng.choice(sections)
        s["cell"] = "b" if s["cell"] == "a" else "a"


def _section_kind(rng, page, ids):
    if page["sections"]:
        s = rng.choice(page["sections"])
        s["kind"] = "grid" if s.get("kind") == "list" else "list"


def _body_edit(rng, page, ids):
    editable = [b for b in page["body"] if "text" in b]
    if editable:
        rng.choice(editable)["text"] = sentence(rng) if rng.random() < 0.8 else words(rng, 1, 3).capitalize()


def _body_insert(rng, page, ids):
    page["body"].insert(rng.randint(0, len(page["body"])), new_block(rng))


def _body_remove(rng, page, ids):
    if page["body"]:
        page["body"].pop(rng.randrange(len(page["body"])))


def _body_move(rng, page, ids):
    if len(page["body"]) > 1:
        b = page["body"].pop(rng.randrange(len(page["body"])))
        page["body"].insert(rng.randint(0, len(page["body"])), b)


def _title(rng, page, ids):
    page["title"] = page["title"].split(" ")[0] + " " + words(rng, 1, 3)


CHANGES = {
    "item-insert": _item_insert,
    "item-delete": _item_delete,
    "item-update": _item_update,
    "item-move-within": _item_move_within,
    "item-move-across": _item_move_across,
    "item-move-into-new-section": _item_move_into_new_section,
    "section-insert": _section_insert,
    "section-delete": _section_delete,
    "section-move": _section_move,
    "header": _supplementary("header"),
    "footer": _supplementary("footer"),
    "cell-kind": _cell_kind,
    "section-kind": _section_kind,
    "body-edit": _body_edit,
    "body-insert": _body_insert,
    "body-remove": _body_remove,
    "body-move": _body_move,
    "title": _title,
}


def mutate(site, seed):
    """A second version of `site` with several changes on most pages; one page in five stays the same."""
    rng = random.Random(seed * 7919 + 1)
    new = copy.deepcopy(site)
    ids = Ids(site["next_id"] + 1000)
    names = sorted(CHANGES)
    for url in sorted(new["pages"]):
        page = new["pages"][url]
        if rng.random() < 0.2:
            continue
        # Every seed works through the list of changes from a different start, so all kinds occur often.
        start = rng.randrange(len(names))
        for k in range(rng.randint(2, 7)):
            CHANGES[names[(start + k * 5) % len(names)]](rng, page, ids)
    posts = sorted(u for u in new["pages"] if u.startswith("posts/"))
    if rng.random() < 0.2:  # a new post: a collection gains an item
        post = new_page(rng, ids, "Post new " + words(rng, 1, 2), sections=(0, 1), blocks=(1, 2))
        post["date"] = "2024-09-09"
        new["pages"][f"posts/q{seed}"] = post
    elif len(posts) > 1 and rng.random() < 0.15:  # a post goes away: a collection loses an item
        del new["pages"][rng.choice(posts)]
    if rng.random() < 0.05:
        new["layout"] = 1 - site["layout"]
        new["layout_changed"] = True
    new["next_id"] = ids.n
    return new


# ---- writing --------------------------------------------------------------------------------------------------

def q(value):
    """A YAML scalar: JSON strings are YAML double-quoted strings."""
    return json.dumps(value, ensure_ascii=False)


def _yaml_supplementary(key, value, indent):
    if isinstance(value, str):
        return [f"{indent}{key}: {q(value)}"]
    return [f"{indent}{key}:"] + [f"{indent}  {k}: {q(v)}" for k, v in value.items()]


def front_matter(page):
    lines = ["---", f"title: {q(page['title'])}"]
    if "date" in page:
        lines.append(f"date: {page['date']}")
    if page["sections"]:
        lines.append("sections:")
    for s in page["sections"]:
        lines.append(f"  - id: {s['id']}")
        for key in ("kind", "cell", "from", "sort", "paginate"):
            if key in s:
                lines.append(f"    {key}: {s[key] if isinstance(s[key], int) else q(s[key])}")
        for key in ("header", "footer"):
            if key in s:
                lines += _yaml_supplementary(key, s[key], "    ")
        if "items" in s:
            lines.append("    items:" + ("" if s["items"] else " []"))
            for item in s["items"]:
                lines.append(f"      - id: {item['id']}")
                for k, v in item.items():
                    if k != "id":
                        lines.append(f"        {k}: {v if isinstance(v, int) else q(v)}")
    lines.append("---")
    return "\n".join(lines) + "\n"


def markdown_body(blocks):
    out = []
    bullet = "*"
    for block in blocks:
        kind = block["kind"]
        if kind == "p":
            out.append(block["text"])
        elif kind == "h2":
            out.append("## " + block["text"])
        elif kind == "quote":
            out.append("> " + block["text"])
        elif kind == "code":
            out.append("```\n" + block["text"] + "\n```")
        else:
            # Two lists in a row with the same bullet would merge into one; alternate so each stays a block.
            bullet = "-" if bullet == "*" else "*"
            out.append("\n".join(f"{bullet} {line}" for line in block["items"]))
        if kind != "ul":
            bullet = "*"
    return "\n\n".join(out) + "\n"


def write_site(site, root):
    """Writes the site into root, replacing Content/ and Themes/ but keeping .sectionsite/ (the build's state)."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    for folder in ("Content", "Themes"):
        shutil.rmtree(root / folder, ignore_errors=True)
    (root / "sectionsite.yml").write_text(f"title: {q(site['title'])}\nbaseURL: /\ntheme: gen\nmarkdown:\n  smart: true\n  unsafe: false\n")
    for path, text in THEME.items():
        target = root / "Themes" / "gen" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text.replace("LAYOUT_LINE", LAYOUTS[site["layout"]]))
    for name, page in site["pages"].items():
        target = root / "Content" / f"{name}.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(front_matter(page) + "\n" + markdown_body(page["body"]))


def page_url(name):
    """Content/<name>.md -> its URL (SPEC §2)."""
    if name == "index":
        return "/"
    if name.endswith("/index"):
        return "/" + name[: -len("index")]
    return f"/{name}/"


if __name__ == "__main__":  # python3 sitegen.py SEED DIR [new]: write one site to look at
    import sys

    site = generate(int(sys.argv[1]))
    write_site(mutate(site, int(sys.argv[1])) if len(sys.argv) > 3 else site, sys.argv[2])
