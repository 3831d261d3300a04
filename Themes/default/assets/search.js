// The default theme's search box: reads the search index in shards that every build writes (search/index.json and
// the files it leads to) as a query needs them, and keeps what it fetched: the term file of each word's first two
// letters, a long posting list's continuation only when the results need it, and the page chunks of the results
// shown. No service, no library. Every word of the query must start a word of a page's title, headings or text;
// title words count most, then headings. A hit in a heading links to that heading. On a site with versions it
// answers from the reader's version (the box's data-search-version, else the latest) and the pages of none.
(() => {
  "use strict";
  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/ς/g, "σ");
  const hex = (text) => [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const SHOWN = 8;
  // Flags 4 (title), 2 (a heading), 1 (the text): the higher flags score higher, so a posting's key orders by
  // score, best first, then by page, as the files do.
  const score = (flags) => (flags & 4 ? 10 : 0) + (flags & 2 ? 4 : 0) + (flags & 1);
  const key = ([page, flags]) => (7 - flags) * 8388608 + page;

  // One file's postings as [page, flags, heading] (heading -1 unless in a heading and not the title).
  const decode = (numbers) => {
    const postings = [];
    let flags = -1;
    let page = 0;
    for (let i = 0; i < numbers.length; i++) {
      const f = numbers[i] % 8;
      const step = Math.floor(numbers[i] / 8);
      page = f === flags ? page + step : step;
      flags = f;
      postings.push([page, f, (f & 6) === 2 ? numbers[++i] : -1]);
    }
    return postings;
  };

  function setUp(box) {
    const input = box.querySelector("input");
    const list = box.querySelector("ol");
    const base = new URL(box.dataset.searchIndex, document.baseURI);
    const fetched = new Map(); // path -> promise of its JSON (null when it cannot be read)
    const get = (path) => {
      if (!fetched.has(path)) {
        fetched.set(path, fetch(new URL(path, base)).then((r) => (r.ok ? r.json() : null)).catch(() => null));
      }
      return fetched.get(path);
    };
    const manifest = () => get("index.json");
    let shown = 0; // the number of the latest query: an older one's results are dropped

    // The posting lists of the words a query word starts, each {postings, more, next, path}.
    const lists = async (word, index) => {
      const prefix = [...word].slice(0, index.prefix).join("");
      if (!index.terms.includes(prefix)) return [];
      const terms = (await get(`terms/${hex(prefix)}.json`)) ?? { words: [] };
      return terms.words.flatMap((entry, place) => entry.word.startsWith(word)
        ? [{ count: entry.count, more: entry.more, next: 1, path: `more/${hex(prefix)}-${place}-`, postings: decode(entry.postings) }]
        : []);
    };
    const open = (lists) => lists.filter((l) => l.next <= l.more);
    // Postings past a list's last one loaded are after it in key order: what comes before the smallest such key of
    // the open lists is final.
    const frontier = (lists) => Math.min(...open(lists).map((l) => key(l.postings[l.postings.length - 1])));
    const loadMore = async (lists) => {
      const next = open(lists).reduce((a, b) => (key(a.postings.at(-1)) <= key(b.postings.at(-1)) ? a : b));
      const part = await get(`${next.path}${next.next}.json`);
      next.next += 1;
      next.postings.push(...decode(part?.postings ?? []));
    };
    // Whether a page may be shown: on a site with versions, one of the reader's version or of none.
    const within = (index) => {
      const versions = index.versions;
      if (!versions) return () => true;
      let own = versions.names.indexOf(box.dataset.searchVersion ?? versions.latest);
      if (own < 0) own = versions.names.indexOf(versions.latest);
      return (page) => versions.of[page] === -1 || versions.of[page] === own;
    };
    // Each page's best posting among the lists, in key order, as far as it is final, of the pages shown.
    const best = (lists, shown) => {
      const limit = frontier(lists);
      const pages = new Map();
      for (const posting of lists.flatMap((l) => l.postings).filter((p) => key(p) <= limit && shown(p[0])).sort((a, b) => key(a) - key(b))) {
        if (!pages.has(posting[0])) pages.set(posting[0], posting);
      }
      return pages;
    };

    // The best pages for the query, each {page, score, heading}: every word must match.
    const search = async (query) => {
      const words = fold(query).match(/[\p{L}\p{N}]+/gu) ?? [];
      const index = await manifest();
      if (words.length === 0 || !index) return [];
      const streams = await Promise.all(words.map((word) => lists(word, index)));
      const shown = within(index);
      if (words.length === 1) {
        const stream = streams[0];
        while (best(stream, shown).size < SHOWN && open(stream).length > 0) await loadMore(stream);
        return [...best(stream, shown).values()].slice(0, SHOWN).map(([page, flags, heading]) => ({ page, score: score(flags), heading }));
      }
      // Several words: the pages of the rarest, whole, and each other word's lists read on while one of those
      // pages is not found in them yet.
      const counts = streams.map((stream) => stream.reduce((sum, l) => sum + l.count, 0));
      const rarest = counts.indexOf(Math.min(...counts));
      while (open(streams[rarest]).length > 0) await loadMore(streams[rarest]);
      const found = streams.map(() => null);
      found[rarest] = best(streams[rarest], shown);
      for (const [i, stream] of streams.entries()) {
        if (i === rarest) continue;
        for (;;) {
          found[i] = best(stream, shown);
          if (open(stream).length === 0 || [...found[rarest].keys()].every((page) => found[i].has(page))) break;
          await loadMore(stream);
        }
      }
      const results = [];
      for (const page of found[rarest].keys()) {
        const postings = found.map((pages) => pages.get(page));
        if (postings.some((p) => p === undefined)) continue;
        const heading = postings.find((p) => p[2] >= 0)?.[2] ?? -1;
        results.push({ page, score: postings.reduce((sum, p) => sum + score(p[1]), 0), heading });
      }
      results.sort((a, b) => b.score - a.score || a.page - b.page);
      return results.slice(0, SHOWN);
    };

    // The results with their pages' entries, from the page chunks.
    const entries = async (results) => {
      const { chunk } = await manifest();
      return Promise.all(results.map(async (result) => {
        const pages = await get(`pages/${Math.floor(result.page / chunk)}.json`);
        const page = pages.pages[result.page % chunk];
        return { page, heading: result.heading >= 0 ? page.headings[result.heading] : null };
      }));
    };

    const snippet = (page, words) => {
      const text = fold(page.text);
      const hits = words.map((word) => text.indexOf(word)).filter((i) => i >= 0);
      const at = hits.length > 0 ? Math.min(...hits) : 0;
      const start = Math.max(0, at - 40);
      return (start > 0 ? "…" : "") + page.text.slice(start, start + 140).trim() + (page.text.length > start + 140 ? "…" : "");
    };

    const show = (results, words) => {
      list.replaceChildren(...results.map(({ page, heading }) => {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.className = "site-search-result";
        link.href = heading ? `${page.url}#${heading.id}` : page.url;
        const title = document.createElement("strong");
        title.textContent = heading ? `${page.title} › ${heading.text}` : page.title;
        const text = document.createElement("span");
        text.textContent = snippet(page, words);
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

    input.addEventListener("focus", manifest, { once: true });
    input.addEventListener("input", async () => {
      const number = ++shown;
      const query = input.value;
      list.setAttribute("aria-busy", "true"); // the results shown are the previous query's until these come
      let results = [];
      try {
        results = await entries(await search(query));
      } catch {
        results = [];
      }
      if (number !== shown) return;
      show(results, fold(query).match(/[\p{L}\p{N}]+/gu) ?? []);
      list.removeAttribute("aria-busy");
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        input.value = "";
        shown += 1; // a query still under way shows nothing
        list.replaceChildren();
        list.removeAttribute("aria-busy");
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
