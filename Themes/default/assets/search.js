// The default theme's search box: reads search.json (written by every build) the first time the box is used and
// searches it in the page; no service, no library. Every word of the query must appear in a page's title,
// headings or text; title words count most, then headings. A hit in a heading links to that heading.
(() => {
  "use strict";
  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

  function setUp(box) {
    const input = box.querySelector("input");
    const list = box.querySelector("ol");
    let pages = null;
    let loading = null;

    const load = () => {
      loading ??= fetch(box.dataset.searchIndex)
        .then((response) => (response.ok ? response.json() : { pages: [] }))
        .then((index) => {
          pages = index.pages.map((page) => ({
            ...page,
            foldedTitle: fold(page.title),
            foldedHeadings: page.headings.map((heading) => fold(heading.text)),
            foldedText: fold(page.text),
          }));
        })
        .catch(() => { pages = []; });
      return loading;
    };

    const search = (query) => {
      const words = fold(query).split(/\s+/).filter(Boolean);
      if (words.length === 0) return [];
      const results = [];
      for (const page of pages) {
        let score = 0;
        let heading = null;
        let all = true;
        for (const word of words) {
          const inTitle = page.foldedTitle.includes(word);
          const headingIndex = page.foldedHeadings.findIndex((text) => text.includes(word));
          const inText = page.foldedText.includes(word);
          if (!inTitle && headingIndex < 0 && !inText) { all = false; break; }
          score += (inTitle ? 10 : 0) + (headingIndex >= 0 ? 4 : 0) + (inText ? 1 : 0);
          if (!inTitle && headingIndex >= 0 && heading === null) heading = page.headings[headingIndex];
        }
        if (all) results.push({ page, heading, score });
      }
      results.sort((a, b) => b.score - a.score || a.page.title.localeCompare(b.page.title));
      return results.slice(0, 8).map((result) => ({ ...result, snippet: snippet(result.page, words) }));
    };

    const snippet = (page, words) => {
      const hits = words.map((word) => page.foldedText.indexOf(word)).filter((i) => i >= 0);
      const at = hits.length > 0 ? Math.min(...hits) : 0;
      const start = Math.max(0, at - 40);
      return (start > 0 ? "…" : "") + page.text.slice(start, start + 140).trim() + (page.text.length > start + 140 ? "…" : "");
    };

    const show = (results) => {
      list.replaceChildren(...results.map(({ page, heading, snippet }) => {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.className = "site-search-result";
        link.href = heading ? `${page.url}#${heading.id}` : page.url;
        const title = document.createElement("strong");
        title.textContent = heading ? `${page.title} › ${heading.text}` : page.title;
        const text = document.createElement("span");
        text.textContent = snippet;
        link.append(title, text);
        item.append(link);
        return item;
      }));
      if (results.length === 0 && input.value.trim() !== "") {
        const none = document.createElement("li");
        none.className = "site-search-none";
        none.textContent = "No page matches.";
        list.append(none);
      }
      list.hidden = input.value.trim() === "";
    };

    input.addEventListener("focus", load, { once: true });
    input.addEventListener("input", async () => {
      await load();
      show(search(input.value));
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        input.value = "";
        list.hidden = true;
      } else if (event.key === "Enter") {
        const first = list.querySelector("a");
        if (first) window.location.href = first.href;
      }
    });
    document.addEventListener("click", (event) => {
      if (!box.contains(event.target)) list.hidden = true;
    });
  }

  const start = () => document.querySelectorAll("[data-search-index]").forEach(setUp);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
