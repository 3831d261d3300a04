// SectionSite browser runtime: applies `sectionsite-patch/1` patches (SPEC §5, §6), catches a deployed page up
// through the patch feed (§7) and follows the live preview's event stream (§8). Plain ES2020, no dependencies.
(() => {
  "use strict";
  if (window.SectionSite) return; // loaded twice: the first copy already owns the page

  const FORMAT = "sectionsite-patch/1";
  const KEY = "data-ss-key";
  const RUNTIME = "data-ss-runtime";
  const DEFAULTS = { insert: "fade", delete: "fade", reload: "fade", move: "flip" };
  // Direction of each RxDataSources-style row animation; `fade` only changes opacity.
  const SLIDES = { fade: [0, 0], left: [-1, 0], right: [1, 0], top: [0, -1], bottom: [0, 1] };
  const SHIFT = 24; // px: a full-width slide would fly a long paragraph across the screen
  const TIME = 250;

  const script = document.currentScript;
  const src = (script && script.src) || new URL("/_sectionsite/sectionsite.js", location.href).href;
  const cut = src.lastIndexOf("_sectionsite/");
  // The runtime lives at <base>_sectionsite/sectionsite.js, so its own address tells where the feed is.
  const base = cut >= 0 ? src.slice(0, cut) : new URL("/", location.href).href;

  const meta = (name) => document.querySelector(`meta[name="${name}"]`);
  const pageURL = () => (meta("sectionsite-page") || {}).content;
  const version = () => (meta("sectionsite-version") || {}).content;
  const keyed = (el) => [el, ...el.querySelectorAll(`[${KEY}]`)].filter((e) => e.hasAttribute(KEY));
  const has = (o, k) => typeof k === "string" && Object.prototype.hasOwnProperty.call(o, k);
  const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

  // Patches come from the network: nothing in them may run. <template> parsing is inert, and whatever could
  // run later (scripts, handlers, javascript: URLs, srcdoc frames, meta refresh) is dropped before insertion.
  const safe = (name, value) =>
    !/^on/i.test(name) && !/^srcdoc$/i.test(name) &&
    !/^javascript:/i.test(String(value).replace(/[\u0000-\u0020]/g, ""));
  function clean(root) {
    for (const el of root.querySelectorAll("*")) {
      if (el.localName === "script" || (el.localName === "meta" && el.hasAttribute("http-equiv"))) {
        el.remove();
        continue;
      }
      for (const { name, value } of [...el.attributes]) if (!safe(name, value)) el.removeAttribute(name);
      if (el.content) clean(el.content);
    }
    return root;
  }
  function fragment(html) {
    if (typeof html !== "string") throw Error("html must be a string");
    const t = document.createElement("template");
    t.innerHTML = html;
    return document.importNode(clean(t.content), true);
  }
  function element(html) {
    const nodes = [...fragment(html).childNodes].filter((n) => n.nodeType === 1 || (n.nodeType === 3 && n.data.trim()));
    if (nodes.length !== 1 || nodes[0].nodeType !== 1) throw Error("html must be exactly one element");
    return nodes[0];
  }

  // moveBefore (Chromium 133+) keeps focus, selection, iframes and animations of a moved element.
  function put(box, el, ref) {
    if (box.moveBefore && el.isConnected && box.isConnected) {
      try { return box.moveBefore(el, ref); } catch (_) { /* different roots: fall back */ }
    }
    box.insertBefore(el, ref);
  }

  // Animations we started, so a newer patch can end them at once (a leaving element goes with its animation).
  const running = new Set();
  function track(anim, done) {
    const r = { anim, done: () => { if (running.delete(r) && done) done(); } };
    running.add(r);
    anim.finished.then(r.done, () => {});
  }
  function settle() {
    for (const r of [...running]) { r.anim.cancel(); r.done(); }
  }
  function animate(el, frames, opts, done) {
    track(el.animate(frames, { duration: TIME, easing: "ease-out", ...opts }), done);
  }
  function slide(el, how, out, from = "translate(0px, 0px)", done) {
    const [x, y] = SLIDES[how];
    const off = `translate(${x * SHIFT}px, ${y * SHIFT}px)`;
    const opacity = out ? [1, 0] : [0, 1];
    const fill = out ? "forwards" : "none"; // a leaving element must not flash back before it is removed
    animate(el, { opacity }, { fill, easing: out ? "ease-in" : "ease-out" }, done);
    if (out || x || y) {
      const transform = out ? [from, `${from} ${off}`] : [off, from];
      animate(el, { transform }, { fill, composite: "add", easing: out ? "ease-in" : "ease-out" }, done);
    }
  }
  function config(a) {
    const c = { ...DEFAULTS };
    for (const k in DEFAULTS) {
      let v = a && typeof a === "object" ? a[k] : undefined;
      if (v === "automatic") v = DEFAULTS[k];
      if (k === "move" ? v === "flip" || v === "none" : v === "none" || has(SLIDES, v)) c[k] = v;
    }
    return c;
  }

  let busy = false;
  function fail(why) {
    SectionSite.lastError = why;
    return false;
  }

  function apply(patch) {
    if (busy) return fail("apply called from a patch event");
    if (typeof patch === "string") {
      try { patch = JSON.parse(patch); } catch (_) { return fail("patch is not JSON"); }
    }
    if (!patch || patch.format !== FORMAT) return fail("unknown format");
    if (patch.page !== pageURL()) return fail("patch is for another page");
    if (typeof patch.from !== "string" || patch.from !== version() || typeof patch.to !== "string") return fail("patch is not from this version");
    if (!Array.isArray(patch.ops)) return fail("ops must be a list");
    if (patch.ops.some((o) => o && o.op === "reload")) {
      SectionSite.lastError = null;
      SectionSite._reload();
      return true;
    }
    const detail = { patch };
    if (!document.dispatchEvent(new CustomEvent("sectionsite:before-patch", { detail, cancelable: true }))) {
      return fail("cancelled by a sectionsite:before-patch listener");
    }
    busy = true;
    try {
      if (!run(patch)) return false;
    } finally {
      busy = false;
    }
    SectionSite.lastError = null;
    document.dispatchEvent(new CustomEvent("sectionsite:patched", { detail }));
    return true;
  }

  function run(patch) {
    const cfg = config(patch.animation);
    const moving = !reducedMotion();
    const all = [...document.querySelectorAll(`[${KEY}]`)];
    const keys = new Map();
    for (const el of all) if (!keys.has(el.getAttribute(KEY))) keys.set(el.getAttribute(KEY), el);

    // What the patch must not disturb: focus, selection and the first visible keyed elements (scroll anchors).
    const active = document.activeElement;
    let range = null;
    try { if (active && typeof active.selectionStart === "number") range = [active.selectionStart, active.selectionEnd, active.selectionDirection]; } catch (_) { /* no selection API */ }
    const sel = getSelection();
    const doc = !range && sel && sel.rangeCount ? [sel.anchorNode, sel.anchorOffset, sel.focusNode, sel.focusOffset] : null;
    const rects = new Map();
    const anchors = [];
    for (const el of all) {
      if (!moving && (anchors.length > 3 || !scrollY)) break;
      const r = el.getBoundingClientRect();
      rects.set(el, r);
      if (scrollY && anchors.length < 4 && r.bottom > 0 && r.top < innerHeight && (r.width || r.height) && !el.querySelector(`[${KEY}]`)) {
        anchors.push([el, r.top]);
      }
    }

    const undo = [];
    const ghosts = [];
    const fresh = [];
    const updated = [];
    const get = (k) => {
      const el = keys.get(k);
      if (!el) throw Error(`no element with key ${k}`);
      return el;
    };
    const forget = (el) => { for (const e of keyed(el)) if (keys.get(e.getAttribute(KEY)) === e) keys.delete(e.getAttribute(KEY)); };
    const learn = (el) => {
      for (const e of keyed(el)) {
        if (keys.has(e.getAttribute(KEY))) throw Error(`duplicate key ${e.getAttribute(KEY)}`);
        keys.set(e.getAttribute(KEY), e);
      }
    };
    const list = (root, name) => [...root.querySelectorAll("[data-ss-children]")].find((e) => e.getAttribute("data-ss-children") === name);
    // Where an insert or move lands: a header goes first in its section and a footer last, everything else
    // into the list marked data-ss-children with the parent's name.
    const slot = (parent, key, before) => {
      let box;
      let ref = null;
      if (typeof parent !== "string") throw Error("parent must be a string");
      if (parent.startsWith("s:")) {
        const section = get(parent);
        if (/^[hf]:/.test(key)) {
          box = section;
          if (key[0] === "h") ref = section.firstChild;
        } else box = list(section, parent);
      } else box = list(document, parent);
      if (!box) throw Error(`no list ${parent}`);
      if (before != null) {
        ref = get(before);
        if (ref.parentNode !== box) throw Error(`${before} is not in ${parent}`);
      }
      return [box, ref];
    };
    const swap = (el, nodes) => {
      const old = [...el.childNodes];
      for (const n of old) if (n.nodeType === 1) forget(n);
      for (const n of nodes) if (n.nodeType === 1) learn(n);
      el.replaceChildren(...nodes);
      undo.push(() => el.replaceChildren(...old));
      updated.push(el);
    };
    const ops = {
      insert(op) {
        const el = element(op.html);
        if (!el.hasAttribute(KEY)) throw Error("inserted element has no key");
        const [box, ref] = slot(op.parent, el.getAttribute(KEY), op.before);
        learn(el);
        box.insertBefore(el, ref);
        undo.push(() => el.remove());
        fresh.push(el);
      },
      move(op) {
        const el = get(op.key);
        let [box, ref] = slot(op.parent, op.key, op.before);
        if (ref === el) ref = el.nextSibling;
        if (el.parentNode === box && el.nextSibling === ref) return;
        const [p, n] = [el.parentNode, el.nextSibling];
        put(box, el, ref);
        undo.push(() => put(p, el, n));
      },
      // A removed element leaves the keyed structure now and the DOM when its exit animation ends.
      remove(op) {
        const el = get(op.key);
        forget(el);
        ghosts.push(el);
      },
      replace(op) {
        const old = get(op.key);
        const el = element(op.html);
        forget(old);
        learn(el);
        old.replaceWith(el);
        undo.push(() => el.replaceWith(old));
        updated.push(el);
      },
      text(op) {
        if (typeof op.text !== "string") throw Error("text must be a string");
        swap(get(op.key), op.text ? [document.createTextNode(op.text)] : []);
      },
      html(op) {
        swap(get(op.key), [...fragment(op.html).childNodes]);
      },
      attrs(op) {
        const el = get(op.key);
        if (!op.attrs || typeof op.attrs !== "object") throw Error("attrs must be an object");
        // Restoring the full list keeps attribute order, so a rolled back page is byte-identical.
        const was = [...el.attributes].map((a) => [a.name, a.value]);
        undo.push(() => {
          for (const a of [...el.attributes]) el.removeAttribute(a.name);
          for (const [n, v] of was) el.setAttribute(n, v);
        });
        for (const [n, v] of Object.entries(op.attrs)) {
          if (n === KEY) throw Error("attrs may not change a key");
          if (v === null) el.removeAttribute(n);
          else if (safe(n, v)) el.setAttribute(n, String(v));
        }
      },
      title(op) {
        if (typeof op.text !== "string") throw Error("text must be a string");
        let t = document.head.querySelector("title");
        if (t) {
          const old = [...t.childNodes];
          t.textContent = op.text;
          undo.push(() => t.replaceChildren(...old));
        } else {
          t = document.head.appendChild(document.createElement("title"));
          t.textContent = op.text;
          undo.push(() => t.remove());
        }
      },
    };

    // All or nothing: every mutation logs its inverse, and a failure unwinds them newest first.
    try {
      for (const op of patch.ops) {
        if (!op || !has(ops, op.op)) throw Error(`unknown op ${op && op.op}`);
        ops[op.op](op);
      }
    } catch (e) {
      for (const u of undo.reverse()) {
        try { u(); } catch (_) { /* keep unwinding */ }
      }
      return fail(String(e.message || e));
    }

    meta("sectionsite-version").setAttribute("content", patch.to);
    settle();
    const gone = new Set(ghosts);
    const inGhost = (el) => { for (let p = el.parentElement; p; p = p.parentElement) if (gone.has(p)) return true; return false; };
    const leaving = [];
    for (const g of ghosts) {
      for (const e of keyed(g)) e.removeAttribute(KEY);
      if (!g.isConnected || inGhost(g)) continue;
      const r = rects.get(g);
      if (!moving || cfg.delete === "none" || !r || !(r.width || r.height)) { g.remove(); continue; }
      // Out of the flow at once, so the rest of the list slides into place while it fades.
      Object.assign(g.style, { position: "absolute", margin: "0", boxSizing: "border-box", pointerEvents: "none", width: `${r.width}px`, height: `${r.height}px` });
      leaving.push([g, r]);
    }

    if (active && active.isConnected && document.activeElement !== active && active !== document.body) {
      try { active.focus({ preventScroll: true }); } catch (_) { /* not focusable any more */ }
    }
    try {
      if (range && active.isConnected && (active.selectionStart !== range[0] || active.selectionEnd !== range[1])) active.setSelectionRange(...range);
    } catch (_) { /* input type without selection */ }
    if (doc && doc[0].isConnected && doc[2].isConnected && sel.anchorNode !== doc[0]) {
      try { sel.setBaseAndExtent(...doc); } catch (_) { /* offsets no longer valid */ }
    }
    for (const [el, top] of anchors) {
      if (!el.isConnected || keys.get(el.getAttribute(KEY)) !== el) continue;
      const d = el.getBoundingClientRect().top - top;
      if (Math.abs(d) > 0.5) scrollBy(0, d);
      break;
    }
    if (!moving) return true;

    // Measure everything first: a started animation would skew the rects of everything inside its element.
    const plays = [];
    for (const [g, r] of leaving) {
      const n = g.getBoundingClientRect();
      const from = `translate(${r.left - n.left}px, ${r.top - n.top}px)`;
      plays.push(() => slide(g, cfg.delete, true, from, () => g.remove()));
    }
    // FLIP: every kept element that changed place starts where it was. A nested element only animates what its
    // moving ancestor does not already carry it, so transforms compose instead of doubling. A container whose
    // height changed is not translated (its box would be wrong); its children move on their own.
    const shifts = new Map();
    if (cfg.move === "flip") {
      for (const el of document.querySelectorAll(`[${KEY}]`)) {
        const r = rects.get(el);
        if (!r) continue;
        const n = el.getBoundingClientRect();
        if ((r.bottom < 0 && n.bottom < 0) || (r.top > innerHeight && n.top > innerHeight)) continue;
        if (Math.abs(r.height - n.height) >= 0.5 && el.querySelector(`[${KEY}]`)) continue;
        const dx = r.left - n.left;
        const dy = r.top - n.top;
        let p = el.parentElement;
        while (p && !shifts.has(p)) p = p.parentElement;
        const [px, py] = p ? shifts.get(p) : [0, 0];
        if (Math.abs(dx - px) < 0.5 && Math.abs(dy - py) < 0.5) continue;
        shifts.set(el, [dx, dy]);
        const transform = [`translate(${dx - px}px, ${dy - py}px)`, "translate(0px, 0px)"];
        plays.push(() => animate(el, { transform }, { composite: "add", easing: "ease-in-out" }));
      }
    }
    const shown = new Set();
    const enter = (el, how) => {
      if (how === "none" || !el.isConnected || shown.has(el)) return;
      shown.add(el);
      plays.push(() => slide(el, how));
    };
    for (const el of fresh) enter(el, cfg.insert);
    for (const el of updated) enter(el, cfg.reload);
    for (const play of plays) play();
    return true;
  }

  // The patch feed of a deployed site: <base>_sectionsite/pages<url>head.json names the current version and the
  // versions that have a patch straight to it.
  let checking = null;
  async function getJSON(url) {
    const r = await fetch(url, { cache: "no-cache" });
    return r.ok ? r.json() : null;
  }
  async function check() {
    const v = version();
    const dir = `${base}_sectionsite/pages${pageURL()}`;
    const head = await getJSON(new URL("head.json", dir));
    if (!head || head.format !== "sectionsite-head/1" || head.version === v || !Array.isArray(head.from) || !head.from.includes(v)) return false;
    const patch = await getJSON(new URL(`from-${encodeURIComponent(v)}.json`, dir));
    // A reader's page is never reloaded behind their back: a layout change waits for their next visit.
    if (!patch || !Array.isArray(patch.ops) || patch.ops.some((o) => o && o.op === "reload")) return false;
    return apply(patch);
  }
  function checkForUpdate() {
    if (!checking) {
      checking = (pageURL() && version() ? check() : Promise.resolve(false))
        .catch(() => false)
        .finally(() => { checking = null; });
    }
    return checking;
  }

  // The live preview: the server's event stream sends patches, reloads and build errors for this page.
  function overlay(data) {
    for (const el of document.querySelectorAll(`[${RUNTIME}="error"]`)) el.remove();
    if (data == null) return;
    let d;
    try { d = JSON.parse(data); } catch (_) { d = { message: String(data) }; }
    const where = [d.file, d.line, d.column].filter((x) => x != null && x !== "").join(":");
    const box = document.createElement("div");
    box.setAttribute(RUNTIME, "error");
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;left:0;right:0;top:0;z-index:2147483647;margin:0;padding:12px 16px;" +
      "background:#2b0b0b;color:#ffe1e1;border-bottom:3px solid #e5484d;font:13px/1.45 ui-monospace,monospace;white-space:pre-wrap";
    box.textContent = `${where ? `${where}: ` : ""}error: ${d.message == null ? "" : d.message}`;
    (document.body || document.documentElement).appendChild(box);
  }
  function live(events) {
    let stream = null;
    let failures = 0;
    const connect = () => {
      if (stream) stream.close();
      const url = `${events}?page=${encodeURIComponent(pageURL())}&since=${encodeURIComponent(version())}`;
      stream = new EventSource(new URL(url, location.href));
      stream.addEventListener("patch", (e) => {
        let p = null;
        try { p = JSON.parse(e.data); } catch (_) { /* treated as a failed patch */ }
        if (p && apply(p)) { failures = 0; return; }
        if (p && p.to === version()) return; // already there
        // A fresh stream (no Last-Event-ID) asks for one patch from where this page really is.
        if (++failures > 2) SectionSite._reload(); else connect();
      });
      stream.addEventListener("reload", () => SectionSite._reload());
      // A connection failure is also an "error" event, but only the server's carries data.
      stream.addEventListener("error", (e) => { if (typeof e.data === "string") overlay(e.data); });
      stream.addEventListener("ok", () => overlay(null));
    };
    connect();
  }

  const SectionSite = {
    apply,
    checkForUpdate,
    get version() { return version(); },
    get page() { return pageURL(); },
    lastError: null,
    /** Replaced by tests; everything that wants a full reload goes through here. */
    _reload() { location.reload(); },
  };
  window.SectionSite = SectionSite;

  const liveConfig = window.SectionSiteLive;
  if (liveConfig) {
    live(liveConfig.events || "/_sectionsite/events");
  } else {
    let timer = 0;
    let last = 0;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (document.visibilityState !== "visible" || Date.now() - last < 5000) return;
        last = Date.now();
        checkForUpdate();
      }, 300);
    };
    document.addEventListener("visibilitychange", soon);
    addEventListener("pageshow", (e) => { if (e.persisted) soon(); });
  }
})();
