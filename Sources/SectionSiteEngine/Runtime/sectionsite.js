// SectionSite runtime (SPEC §5-8): keyed patches, the patch feed of a deployed site, the live preview's stream.
(() => {
  "use strict";
  if (window.SectionSite) return; // loaded twice: the first copy owns the page

  // The keyed-HTML contract (SPEC §4); PatchContract.swift defines the same, and a test compares them.
  const KEY = "data-ss-key";
  const CHILDREN = "data-ss-children";
  const SECTION = "s:", HEADER = "h:", FOOTER = "f:", HEAD = "head";
  const KEYED = `[${KEY}]`;
  const DEFAULTS = { insert: "fade", delete: "fade", reload: "fade", move: "flip" };
  // Offsets of RxDataSources' row animations: 24px rather than a full width, so a paragraph never flies across.
  const SLIDES = { fade: [0, 0], left: [-24, 0], right: [24, 0], top: [0, -24], bottom: [0, 24] };
  const ZERO = "translate(0px, 0px)";

  // The runtime is <base>_sectionsite/sectionsite.js, so its own address tells where the feed is.
  const src = (document.currentScript || {}).src || "";
  const cut = src.lastIndexOf("_sectionsite/");
  const base = cut >= 0 ? src.slice(0, cut) : new URL("/", location.href).href;
  const meta = (name) => document.querySelector(`meta[name="sectionsite-${name}"]`);
  const page = () => (meta("page") || {}).content;
  const version = () => (meta("version") || {}).content;
  const key = (el) => el.getAttribute(KEY);
  const keyed = (el) => [el, ...el.querySelectorAll(KEYED)].filter((e) => e.hasAttribute(KEY));
  const fail = (why) => { throw Error(why); };
  const textNodes = (text) => (text ? [document.createTextNode(text)] : []);

  // Nothing in a patch may run: <template> parsing is inert, and all that could run later is dropped.
  const safe = (name, value) => !/^on|^srcdoc$/i.test(name) && !/^javascript:/i.test(String(value).replace(/[\0-\x20]/g, ""));
  function clean(root) {
    for (const el of root.querySelectorAll("*")) {
      if (el.localName === "script" || (el.localName === "meta" && el.hasAttribute("http-equiv"))) el.remove();
      else for (const a of [...el.attributes]) if (!safe(a.name, a.value)) el.removeAttribute(a.name);
      if (el.localName === "template") clean(el.content);
    }
    return root;
  }
  // html: a list of nodes; one: one keyed element; head: one element of the head, keyed by what it is.
  function parse(html, one, head) {
    if (typeof html !== "string") fail("html is not a string");
    const t = document.createElement("template");
    t.innerHTML = html;
    const nodes = [...document.importNode(clean(t.content), true).childNodes];
    if (!one) return nodes;
    const els = nodes.filter((n) => n.nodeType === 1 || (n.nodeType === 3 && n.data.trim()));
    if (els.length !== 1 || !els[0].hasAttribute || (!head && !els[0].hasAttribute(KEY))) fail(`html is not one ${head ? "" : "keyed "}element`);
    return els[0];
  }

  // An element of <head> is keyed by what it is (HeadKey.swift says the same, and a test compares them): a meta by
  // its name, a link by its rel and language, a stylesheet by its address without the query, a script by its src,
  // anything else by a hash of its attributes and text. The second with a key already taken is key#2.
  const utf8 = new TextEncoder();
  function hash(text) {
    let h = 0x811c9dc5;
    for (const b of utf8.encode(text)) h = Math.imul(h ^ b, 0x01000193) >>> 0;
    return h.toString(16).padStart(8, "0");
  }
  function headKey(el) {
    const tag = el.localName;
    const has = (n) => el.hasAttribute(n);
    const get = (n) => el.getAttribute(n);
    const whole = () => hash([...el.attributes].map((a) => `${a.name}=${a.value}`).join("\0") + "\x01" + el.textContent);
    if (tag === "meta") {
      for (const n of ["name", "property", "http-equiv"]) if (has(n)) return `meta ${n}=${get(n).toLowerCase()}`;
      return has("charset") ? "meta charset" : `meta ${whole()}`;
    }
    if (tag === "link") {
      const rel = (get("rel") || "").toLowerCase();
      if (rel.split(" ").includes("stylesheet")) return `stylesheet ${(get("href") || "").split("?")[0]}`;
      return `link rel=${rel}${has("hreflang") ? ` hreflang=${get("hreflang")}` : ""}${has("sizes") ? ` sizes=${get("sizes")}` : ""}`;
    }
    if (tag === "script" && has("src")) return `script ${get("src")}`;
    return `${tag} ${whole()}`;
  }
  // The head's elements by key; the title, the version and what the runtime itself holds (an element on its way
  // out) are not among them.
  function headKeys() {
    const keys = new Map();
    const seen = new Map();
    for (const el of document.head ? document.head.children : []) {
      if (el.localName === "title" || el.hasAttribute("data-ss-runtime") || el === meta("version")) continue;
      const k = headKey(el);
      const n = (seen.get(k) || 0) + 1;
      seen.set(k, n);
      keys.set(n > 1 ? `${k}#${n}` : k, el);
    }
    return keys;
  }
  const isSheet = (el) => el.localName === "link" && (el.getAttribute("rel") || "").toLowerCase().split(" ").includes("stylesheet");
  // Resolves once a new stylesheet applies (or fails, or 5 s pass): only then does the one it replaces go.
  const loaded = (link) => new Promise((done) => {
    link.addEventListener("load", done);
    link.addEventListener("error", done);
    setTimeout(done, 5000);
  });

  // moveBefore (Chromium 133+) keeps a moved element's focus, selection, iframes and animations. Not in a patch
  // whose removed elements animate out: Chromium 156 crashes the tab when an element moved so and one taken out of
  // the flow (position: absolute, below) meet in one patch (the LiveBoard's boards, every few patches).
  let movable = true;
  function put(box, el, ref) {
    if (movable && box.moveBefore && el.isConnected && box.isConnected) {
      try { return box.moveBefore(el, ref); } catch (_) { /* not movable in place: insert instead */ }
    }
    box.insertBefore(el, ref);
  }

  const running = new Set();
  function animate(el, frames, opts, done) {
    const anim = el.animate(frames, { duration: 250, easing: "ease-out", ...opts });
    const r = { anim, end: () => running.delete(r) && done && done() };
    running.add(r);
    anim.finished.then(r.end, () => {});
  }
  // A newer patch ends the running animations at once; a leaving element goes with its animation.
  const settle = () => running.forEach((r) => { r.anim.cancel(); r.end(); });
  function slide(el, how, out, from = ZERO, done) {
    const [x, y] = SLIDES[how];
    const to = `${from} translate(${x}px, ${y}px)`;
    // A leaving element holds its last frame until it is removed, so it never flashes back.
    const opts = out ? { fill: "forwards", easing: "ease-in" } : {};
    animate(el, { opacity: out ? [1, 0] : [0, 1] }, opts, done);
    // "add" keeps whatever transform the theme gives the element.
    if (out || x || y) animate(el, { transform: out ? [from, to] : [to, from] }, { ...opts, composite: "add" }, done);
  }
  function config(a) {
    const c = { ...DEFAULTS };
    for (const k in c) {
      const v = a && a[k] === "automatic" ? c[k] : a && a[k];
      if (v === "none" || (k === "move" ? v === "flip" : Object.keys(SLIDES).includes(v))) c[k] = v;
    }
    return c;
  }

  let busy = false;
  function apply(patch) {
    try {
      if (busy) fail("apply during apply");
      if (typeof patch === "string") patch = JSON.parse(patch);
      if (!patch || patch.format !== "sectionsite-patch/1") fail("unknown format");
      if (patch.page !== page() || typeof patch.from !== "string" || patch.from !== version()) fail("not for this page and version");
      if (typeof patch.to !== "string" || !Array.isArray(patch.ops)) fail("no to or ops");
      SectionSite.lastError = null;
      if (patch.ops.some((o) => o && o.op === "reload")) {
        SectionSite._reload();
        return true;
      }
      const detail = { patch };
      busy = true;
      try {
        if (!document.dispatchEvent(new CustomEvent("sectionsite:before-patch", { detail, cancelable: true }))) fail("cancelled");
        run(patch);
      } finally {
        busy = false;
      }
      document.dispatchEvent(new CustomEvent("sectionsite:patched", { detail }));
      return true;
    } catch (e) {
      SectionSite.lastError = String(e.message || e);
      return false;
    }
  }

  function run(patch) {
    const cfg = config(patch.animation);
    const moving = !matchMedia("(prefers-reduced-motion: reduce)").matches;
    movable = !(moving && cfg.delete !== "none" && patch.ops.some((o) => o && o.op === "remove"));
    const all = document.querySelectorAll(KEYED);
    const keys = new Map();
    for (const el of all) if (!keys.has(key(el))) keys.set(key(el), el);

    // Kept through a patch: focus, a text field's selection, and the scroll position, anchored on the first
    // visible keyed elements so that content inserted above the viewport does not push the page.
    const active = document.activeElement;
    const range = active && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd, active.selectionDirection] : null;
    const rects = new Map();
    const anchors = [];
    for (const el of all) {
      if (!moving && (anchors.length > 3 || !scrollY)) break;
      const r = el.getBoundingClientRect();
      rects.set(el, r);
      // At the very top new content should show, as with the browser's own scroll anchoring.
      if (scrollY && anchors.length < 4 && r.bottom > 0 && r.top < innerHeight && !el.querySelector(KEYED)) anchors.push([el, r.top]);
    }

    const undo = [];
    const ghosts = [];
    const fresh = [];
    const updated = [];
    // <html> and <body> are keyed html and body; the head's elements by what they are.
    const rootElement = (k) => (k === "html" ? document.documentElement : k === "body" ? document.body : null);
    const get = (k) => keys.get(k) || rootElement(k) || headKeys().get(k) || fail(`no element ${k}`);
    const inHead = (el) => el.parentNode === document.head;
    // What leaves the head stays until the commit (a stylesheet until the new ones apply), marked as the runtime's.
    const leaving = [];
    const sheets = [];
    const leave = (el) => {
      el.setAttribute("data-ss-runtime", "leaving");
      leaving.push(el);
      undo.push(() => { el.removeAttribute("data-ss-runtime"); leaving.splice(leaving.indexOf(el), 1); });
    };
    const forget = (el) => keyed(el).forEach((e) => keys.get(key(e)) === e && keys.delete(key(e)));
    const learn = (el) => {
      for (const e of keyed(el)) {
        if (keys.has(key(e))) fail(`duplicate key ${key(e)}`);
        keys.set(key(e), e);
      }
    };
    // A header goes first in its section and a footer last, anything else into the list marked
    // data-ss-children with the parent's name: found by comparing values, since keys may hold any character.
    const list = (root, name) => [...root.querySelectorAll(`[${CHILDREN}]`)].find((e) => e.getAttribute(CHILDREN) === name);
    const slot = (parent, k, before) => {
      if (parent === HEAD) {
        const ref = before == null ? null : get(before);
        if (ref && ref.parentNode !== document.head) fail(`${before} is not in ${parent}`);
        return [document.head, ref];
      }
      const section = parent.startsWith(SECTION) ? get(parent) : null;
      const edge = section && (k.startsWith(HEADER) || k.startsWith(FOOTER));
      const box = edge ? section : list(section || document, parent) || fail(`no list ${parent}`);
      let ref = edge && k.startsWith(HEADER) ? section.firstChild : null;
      if (before != null) {
        ref = get(before);
        if (ref.parentNode !== box) fail(`${before} is not in ${parent}`);
      }
      return [box, ref];
    };
    const swap = (el, nodes, shown = true) => {
      const old = [...el.childNodes];
      old.forEach((n) => n.nodeType === 1 && forget(n));
      nodes.forEach((n) => n.nodeType === 1 && learn(n));
      el.replaceChildren(...nodes);
      undo.push(() => el.replaceChildren(...old));
      if (shown) updated.push(el);
    };
    const ops = {
      insert(op) {
        const head = op.parent === HEAD;
        const el = parse(op.html, true, head);
        const [box, ref] = slot(op.parent, head ? "" : key(el), op.before);
        if (!head) learn(el);
        box.insertBefore(el, ref);
        undo.push(() => el.remove());
        if (head) {
          if (isSheet(el)) sheets.push(el);
        } else fresh.push(el);
      },
      move(op) {
        const el = get(op.key);
        let [box, ref] = slot(op.parent, op.key, op.before);
        if (ref === el) ref = el.nextSibling;
        const [p, n] = [el.parentNode, el.nextSibling];
        if (p === box && n === ref) return;
        put(box, el, ref);
        undo.push(() => put(p, el, n));
      },
      // A removed element leaves the keyed structure now, and the DOM once its exit animation is over.
      remove(op) {
        const el = get(op.key);
        if (inHead(el)) return leave(el);
        forget(el);
        ghosts.push(el);
      },
      replace(op) {
        const old = get(op.key);
        if (inHead(old)) {
          const el = parse(op.html, true, true);
          old.after(el);
          undo.push(() => el.remove());
          if (isSheet(el)) sheets.push(el);
          return leave(old);
        }
        const el = parse(op.html, true);
        forget(old);
        learn(el);
        old.replaceWith(el);
        undo.push(() => el.replaceWith(old));
        updated.push(el);
      },
      text(op) {
        if (typeof op.text !== "string") fail("text is not a string");
        swap(get(op.key), textNodes(op.text));
      },
      html: (op) => swap(get(op.key), parse(op.html)),
      attrs(op) {
        const el = get(op.key);
        if (!op.attrs || typeof op.attrs !== "object") fail("attrs is not an object");
        // Undo restores the whole list in order, so a rolled back page is byte-identical.
        const was = [...el.attributes].map((a) => [a.name, a.value]);
        undo.push(() => {
          [...el.attributes].forEach((a) => el.removeAttribute(a.name));
          was.forEach(([n, v]) => el.setAttribute(n, v));
        });
        for (const [n, v] of Object.entries(op.attrs)) {
          if (n === KEY) fail("attrs may not change a key");
          if (v === null) el.removeAttribute(n);
          else if (safe(n, v)) el.setAttribute(n, v);
        }
      },
      title(op) {
        if (typeof op.text !== "string") fail("text is not a string");
        let t = document.head.querySelector("title");
        if (!t) {
          t = document.head.appendChild(document.createElement("title"));
          undo.push(() => t.remove());
        }
        swap(t, textNodes(op.text), false);
      },
    };

    // All or nothing: every change logs its inverse, and a failure unwinds them newest first.
    try {
      for (const op of patch.ops) {
        if (!op || !Object.keys(ops).includes(op.op)) fail(`unknown op ${op && op.op}`);
        ops[op.op](op);
      }
    } catch (e) {
      undo.reverse().forEach((u) => { try { u(); } catch (_) { /* keep unwinding */ } });
      throw e;
    }

    meta("version").setAttribute("content", patch.to);
    // A stylesheet is swapped without a flash: the old ones go once every new one applies.
    const old = leaving.filter((el) => isSheet(el) && sheets.length);
    leaving.filter((el) => !old.includes(el)).forEach((el) => el.remove());
    if (old.length) Promise.all(sheets.map(loaded)).then(() => old.forEach((el) => el.remove()));
    settle();
    const exits = [];
    for (const g of ghosts) {
      keyed(g).forEach((e) => e.removeAttribute(KEY));
      const r = rects.get(g);
      if (!g.isConnected || !moving || cfg.delete === "none" || !r || !r.height) {
        g.remove();
        continue;
      }
      // Out of the flow at once, so the rest slides into place while it fades out where it was.
      Object.assign(g.style, { position: "absolute", margin: 0, boxSizing: "border-box", pointerEvents: "none", width: `${r.width}px`, height: `${r.height}px` });
      exits.push([g, r]);
    }
    if (active && active.isConnected && active !== document.activeElement) active.focus({ preventScroll: true });
    if (range && active.isConnected && (active.selectionStart !== range[0] || active.selectionEnd !== range[1])) active.setSelectionRange(...range);
    const anchor = anchors.find(([el]) => keys.get(key(el)) === el);
    const drift = anchor ? anchor[0].getBoundingClientRect().top - anchor[1] : 0;
    if (Math.abs(drift) > 0.5) scrollBy(0, drift);
    if (!moving) return;

    // Measure everything before animating anything: a started animation moves all that is inside its element.
    const plays = [];
    for (const [g, r] of exits) {
      const n = g.getBoundingClientRect();
      const from = `translate(${r.left - n.left}px, ${r.top - n.top}px)`;
      plays.push(() => slide(g, cfg.delete, true, from, () => g.remove()));
    }
    // FLIP: a kept element that changed place starts where it was. A nested element animates only what its
    // moving ancestor does not already carry, so transforms compose instead of doubling; a container whose
    // height changed stays put (a translated box would be wrong) and its children move on their own.
    const shifts = new Map();
    for (const el of cfg.move === "flip" ? document.querySelectorAll(KEYED) : []) {
      const r = rects.get(el);
      if (!r) continue;
      const n = el.getBoundingClientRect();
      if ((r.bottom < 0 && n.bottom < 0) || (r.top > innerHeight && n.top > innerHeight)) continue;
      if (Math.abs(r.height - n.height) >= 0.5 && el.querySelector(KEYED)) continue;
      let p = el.parentElement;
      while (p && !shifts.has(p)) p = p.parentElement;
      const [px, py] = p ? shifts.get(p) : [0, 0];
      const [dx, dy] = [r.left - n.left, r.top - n.top];
      if (Math.abs(dx - px) < 0.5 && Math.abs(dy - py) < 0.5) continue;
      shifts.set(el, [dx, dy]);
      const transform = [`translate(${dx - px}px, ${dy - py}px)`, ZERO];
      plays.push(() => animate(el, { transform }, { composite: "add", easing: "ease-in-out" }));
    }
    const shown = new Set();
    const enter = (how) => (el) => {
      if (how !== "none" && el.isConnected && !shown.has(el)) plays.push(() => slide(el, how));
      shown.add(el);
    };
    fresh.forEach(enter(cfg.insert));
    updated.forEach(enter(cfg.reload));
    plays.forEach((play) => play());
  }

  // The patch feed: <base>_sectionsite/pages<url>head.json names the current version and the versions with a
  // patch straight to it, from-<version>.json beside it.
  let checking = null;
  // Versions this page has left behind: a pushed patch to one of them is old news, not a sign of patches missed.
  // The static feed names the versions before the one it brings (head.json's `from`); each patch applied adds its own.
  let behind = new Set();
  const leave = (versions) => {
    versions.forEach((v) => { behind.delete(v); behind.add(v); });
    behind = new Set([...behind].slice(-200));
  };
  const getJSON = (url) => fetch(url, { cache: "no-cache" }).then((r) => (r.ok ? r.json() : null));
  async function check() {
    const v = version();
    const dir = `${base}_sectionsite/pages${page()}`;
    const head = await getJSON(new URL("head.json", dir));
    if (!head || head.format !== "sectionsite-head/1" || head.version === v || !(head.from || []).includes(v)) return false;
    // A reader's page is never reloaded behind their back: a layout change waits for their next visit.
    if (Array.isArray(head.reload) && head.reload.includes(v)) return false;
    const patch = await getJSON(new URL(`from-${encodeURIComponent(v)}.json`, dir));
    if (!patch || !Array.isArray(patch.ops) || patch.ops.some((o) => o && o.op === "reload") || !apply(patch)) return false;
    leave(head.from.filter((old) => typeof old === "string"));
    return true;
  }
  function checkForUpdate() {
    checking = checking || (page() && version() ? check() : Promise.resolve(false)).catch(() => false).finally(() => { checking = null; });
    return checking;
  }

  // The live preview: the server's stream sends this page's patches, reloads and build errors.
  function overlay(data) {
    document.querySelectorAll('[data-ss-runtime="error"]').forEach((el) => el.remove());
    if (data == null) return;
    let d;
    try { d = JSON.parse(data); } catch (_) { d = { message: data }; }
    const where = [d.file, d.line, d.column].filter((x) => x != null && x !== "").join(":");
    const box = document.createElement("div");
    box.setAttribute("data-ss-runtime", "error");
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;inset:0 0 auto;z-index:99999;padding:12px;background:#300;color:#fdd;font:13px monospace;white-space:pre-wrap";
    box.textContent = `${where ? `${where}: ` : ""}error: ${d.message == null ? "" : d.message}`;
    (document.body || document.documentElement).append(box);
  }
  // A changed stylesheet is swapped in place; the old one goes once the new one applies, so nothing flashes.
  function restyle(data) {
    const path = new URL(JSON.parse(data).path, location.href).pathname;
    for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
      const url = new URL(link.href);
      if (url.pathname !== path) continue;
      url.searchParams.set("ss", Date.now()); // past the browser's cache
      const next = link.cloneNode();
      next.href = url.href;
      next.onload = next.onerror = () => link.remove();
      link.after(next);
    }
  }
  function live(events) {
    let stream = null;
    let failures = 0;
    const connect = () => {
      if (stream) stream.close();
      stream = new EventSource(new URL(`${events}?page=${encodeURIComponent(page())}&since=${encodeURIComponent(version())}`, location.href));
      stream.addEventListener("patch", (e) => {
        if (apply(e.data)) failures = 0;
        else if (++failures > 2) SectionSite._reload();
        // A fresh stream (no Last-Event-ID) gets one patch from where this page really is.
        else connect();
      });
      stream.addEventListener("reload", () => SectionSite._reload());
      // A dropped connection is an "error" event too, but only the server's carries data.
      stream.addEventListener("error", (e) => typeof e.data === "string" && overlay(e.data));
      stream.addEventListener("ok", () => overlay(null));
      stream.addEventListener("css", (e) => { try { restyle(e.data); } catch (_) { /* not a stylesheet we know */ } });
    };
    connect();
  }

  // feed.live: the page's channel on a push server (nchan's EventSource subscriber location followed by the page's
  // URL) brings each new build's patch as it is published. A patch from this page's version is applied; one to a
  // version this page has left behind (the static feed may bring it two builds on before their patches come) is
  // dropped; any other means patches were missed (a page loaded before a build, a buffer that no
  // longer reaches back), and the static feed has the way from here. So does every (re)connection. nchan resumes
  // from the last event id: the browser sends it when it reconnects on its own, and a stream the runtime opens
  // again after the server answered an error carries it as ?last_event_id=. Never a reload.
  function push(live) {
    let stream = null;
    let lastId = "";
    let wait = 1000;
    let later = 0;
    const catchUp = () => {
      clearTimeout(later);
      later = setTimeout(checkForUpdate, 250); // a burst of stale messages makes one request
    };
    const receive = (e) => {
      if (e.lastEventId) lastId = e.lastEventId;
      let patch;
      try { patch = JSON.parse(e.data); } catch (_) { return; }
      if (!patch || patch.page !== page() || patch.to === version() || behind.has(patch.to)) return;
      const reload = !Array.isArray(patch.ops) || patch.ops.some((o) => o && o.op === "reload");
      if (patch.from === version() && !reload && apply(patch)) {
        leave([patch.from]);
        return;
      }
      if (!reload) catchUp();
    };
    const connect = () => {
      const url = new URL(live.replace(/\/+$/, "") + page(), location.href);
      if (lastId) url.searchParams.set("last_event_id", lastId);
      stream = new EventSource(url);
      stream.onopen = () => { wait = 1000; catchUp(); };
      stream.onmessage = receive;
      stream.onerror = () => {
        if (stream.readyState !== EventSource.CLOSED) return; // the browser reconnects on its own
        // The server answered with an error: try again later, reading the static feed meanwhile.
        stream.close();
        checkForUpdate();
        setTimeout(connect, wait);
        wait = Math.min(wait * 2, 30000);
      };
    };
    connect();
  }

  const SectionSite = {
    apply,
    checkForUpdate,
    get version() { return version(); },
    get page() { return page(); },
    lastError: null,
    // Every full reload goes through here, so tests can replace it.
    _reload() { location.reload(); },
    // The head's keys in order, for the test that holds them equal to HeadKey.swift's.
    _headKeys: () => [...headKeys().keys()],
  };
  window.SectionSite = SectionSite;

  if (window.SectionSiteLive) {
    live(window.SectionSiteLive.events || "/_sectionsite/events");
  } else {
    // Coming back to a tab is when a reader may have missed a deploy. Debounced, at most every 5 s.
    let timer = 0;
    let last = 0;
    // feed.poll: a check every N seconds while the page is visible, none while it is hidden. A failed check keeps
    // the pace: it is one revalidating request for a small file, and the next tick is the retry. With feed.live too,
    // it goes on: a stream can fall silent without an error, and a 304 costs next to nothing.
    const seconds = Number((meta("poll") || {}).content);
    let poller = 0;
    const poll = () => {
      clearInterval(poller);
      // Longer than setInterval's 2^31 - 1 ms would fire at once, again and again.
      if (seconds > 0 && document.visibilityState === "visible") poller = setInterval(checkForUpdate, Math.min(seconds * 1000, 2 ** 31 - 1));
    };
    poll();
    const live = (meta("live") || {}).content;
    if (live && page() && version() && window.EventSource) push(live);
    document.addEventListener("visibilitychange", () => {
      poll();
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (document.visibilityState !== "visible" || Date.now() - last < 5000) return;
        last = Date.now();
        checkForUpdate();
      }, 300);
    });
  }
})();
