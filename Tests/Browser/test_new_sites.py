"""The sites `sectionsite new` makes (issue 53), as a reader and a new user meet them in Chromium:

- each kind's pages at a phone's width and a desktop's, in light and dark: nothing wider than the window, text at
  least 4.5:1 against what is behind it (3:1 when large), every picture with alt text and its size, none broken;
- from `sectionsite new` to a tab patched after the first save, done as a user would, in under 10 seconds.
"""

import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from conftest import Server
from test_preview_server import BINARY

PAGES = ["/", "/posts/", "/posts/hello/", "/docs/", "/docs/writing-pages/", "/about/"]

# What a reader would see fail: returns a list of problems on the page.
AUDIT_JS = r"""() => {
  const problems = [];
  const root = document.scrollingElement;
  if (root.scrollWidth > innerWidth + 1) {
    const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && getComputedStyle(e).position !== 'fixed');
    const innermost = wide.filter((e) => !wide.some((o) => o !== e && e.contains(o))).slice(0, 3);
    problems.push(`wider than the window: ${root.scrollWidth} > ${innerWidth} (${innermost.map((e) => e.tagName.toLowerCase() + '.' + e.className).join(', ')})`);
  }
  for (const img of document.images) {
    const name = img.getAttribute('src');
    if (!img.hasAttribute('alt')) problems.push(`image without alt: ${name}`);
    if (!img.getAttribute('width') || !img.getAttribute('height')) problems.push(`image without its size: ${name}`);
    if (img.complete && img.naturalWidth === 0) problems.push(`broken image: ${name}`);
  }
  // rgb(), rgba(), or color(srgb r g b / a) as color-mix() gives it, in 0 to 1.
  const rgba = (text) => {
    const m = (text.match(/[\d.]+/g) || []).map(Number);
    const scale = text.startsWith('color(srgb') ? 255 : 1;
    return [m[0] * scale, m[1] * scale, m[2] * scale, m.length > 3 ? m[3] : 1];
  };
  const luminance = ([r, g, b]) => {
    const c = [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
  // The colour behind an element: its own and its ancestors' backgrounds laid over each other; null over a picture
  // or a gradient, which no single colour stands for.
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.backgroundImage !== 'none') return null;
      const color = rgba(style.backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    let color = [255, 255, 255, 1];
    if (layers.length && layers[layers.length - 1][3] >= 1) color = layers.pop();
    else color = matchMedia('(prefers-color-scheme: dark)').matches && getComputedStyle(document.documentElement).colorScheme.includes('dark') ? [0, 0, 0, 1] : color;
    for (const layer of layers.reverse()) color = over(layer, color);
    return color;
  };
  const seen = new Set();
  for (const el of document.querySelectorAll('body *')) {
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data).join('').trim();
    if (!text || seen.size > 400) continue;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0 || Number(style.opacity) < 0.1) continue;
    if (el.closest('[aria-hidden="true"], .sr-only, .skip-link, pre, code, svg')) continue;
    const back = behind(el);
    if (!back) continue;
    const fore = over(rgba(style.color), back);
    const [a, b] = [luminance(fore), luminance(back)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) {
      const key = `${el.tagName.toLowerCase()}.${el.className} ${ratio.toFixed(2)}`;
      if (!seen.has(key)) problems.push(`contrast ${ratio.toFixed(2)}:1 for "${text.slice(0, 40)}" (${key})`);
      seen.add(key);
    }
  }
  return problems;
}"""


def made(kind, folder):
    result = subprocess.run([str(BINARY), "new", str(folder), "--kind", kind], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    built = subprocess.run([str(BINARY), "build", "--site", str(folder)], capture_output=True, text=True, timeout=120)
    assert built.returncode == 0, built.stderr
    assert "warning" not in built.stderr, built.stderr
    return folder / "_site"


@pytest.mark.parametrize("kind", ["blog", "docs", "product"])
def test_each_kind_reads_well_on_a_phone_and_a_desktop_in_light_and_dark(browser, tmp_path, kind):
    server = Server(made(kind, tmp_path / kind))
    problems = []
    try:
        for width, height in ((375, 740), (1280, 800)):
            for scheme in ("light", "dark"):
                context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
                page = context.new_page()
                for url in PAGES:
                    page.goto(server.url(url), wait_until="load")
                    problems += [f"{url} at {width} px, {scheme}: {p}" for p in page.evaluate(AUDIT_JS)]
                context.close()
    finally:
        server.close()
    assert problems == [], "\n".join(problems[:20])


def test_from_new_to_a_patched_tab_after_the_first_save_takes_under_ten_seconds(browser, tmp_path):
    """As a user would: make the site, serve it, open the page, change the hero's title, save."""
    start = time.monotonic()
    subprocess.run([str(BINARY), "new", "my-site"], cwd=tmp_path, check=True, capture_output=True, timeout=60)
    site = tmp_path / "my-site"
    serve = subprocess.Popen([str(BINARY), "serve", "--port", "0"], cwd=site, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        line = serve.stdout.readline()
        address = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert address, f"serve printed {line!r}"
        page = browser.new_page()
        page.goto(address.group(0))
        page.wait_for_function("() => window.SectionSite !== undefined")
        page.evaluate("() => { window.__kept = true; }")
        index = site / "Content" / "index.md"
        index.write_text(index.read_text().replace("A blog, written in Markdown.", "My first saved change."))
        page.wait_for_function("() => document.body.textContent.includes('My first saved change.')", timeout=10000)
        elapsed = time.monotonic() - start
        assert page.evaluate("() => window.__kept") is True, "the tab was reloaded, not patched"
        page.close()
    finally:
        serve.send_signal(signal.SIGTERM)
        try:
            serve.wait(timeout=10)
        except subprocess.TimeoutExpired:
            serve.kill()
    print(f"\nfrom `sectionsite new` to a patched tab: {elapsed:.2f} s")
    assert elapsed < 10, f"{elapsed:.1f} s"
