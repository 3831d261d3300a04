// SectionSite edit mode, added by the preview after the runtime for a site with something to edit; never built.
// Each editable item gets a small bar in a layer of its own over the page (nothing inside the keyed elements, so
// patches and a fresh load see the same page): a handle to drag it or move it with the arrow keys, a delete
// control and a form for its fields. Every action goes to the preview, which rewrites the source file; the change
// comes back as the ordinary patch, to this tab and every other.
(() => {
  "use strict";
  const conf = window.SectionSiteEdit;
  const site = window.SectionSite;
  if (!conf || !site || window.SectionSiteEditMode) return;
  const KEY = "data-ss-key";
  const keyed = (selector, value) => [...document.querySelectorAll(`[${selector}]`)].find((e) => e.getAttribute(selector) === value);
  const itemElement = (id) => keyed(KEY, "i:" + id);
  const listElement = (id) => keyed("data-ss-children", "s:" + id);
  const itemsOf = (id) => [...((listElement(id) || {}).children || [])].filter((e) => (e.getAttribute(KEY) || "").startsWith("i:"));
  const idOf = (el) => el.getAttribute(KEY).slice(2);

  let settings = null; // {token, page: {version, sections: [{id, group, move, delete, items: [{id, fields}]}]}}
  let layer = null;
  let focusAfter = null; // the item whose handle takes the focus once the page has caught up
  const waiting = [];
  let running = false;
  let batches = 0;

  const STYLE = `
[data-ss-runtime=edit] .ss-bar{position:absolute;z-index:2147483000;display:flex;gap:2px;font:13px/1 system-ui,sans-serif}
[data-ss-runtime=edit] button{all:unset;cursor:pointer;background:#1f2937;color:#fff;border-radius:4px;padding:4px 6px}
[data-ss-runtime=edit] button:focus-visible{outline:2px solid #60a5fa;outline-offset:1px}
[data-ss-runtime=edit] .ss-handle{cursor:grab;touch-action:none}
[data-ss-runtime=edit] .ss-line{position:absolute;z-index:2147483001;height:3px;background:#2563eb;pointer-events:none}
[data-ss-runtime=edit] .ss-undo{position:fixed;right:12px;bottom:12px;z-index:2147483000}
[data-ss-runtime=edit] .ss-form{position:absolute;z-index:2147483002;background:#fff;color:#111;border:1px solid #9ca3af;border-radius:6px;padding:8px;display:grid;gap:6px;font:13px system-ui,sans-serif;min-width:16em}
[data-ss-runtime=edit] .ss-form input,[data-ss-runtime=edit] .ss-form textarea{font:inherit;width:100%;box-sizing:border-box}
[data-ss-runtime=edit] .ss-say{position:fixed;left:12px;bottom:12px;z-index:2147483003;max-width:40em;background:#7f1d1d;color:#fff;padding:8px 10px;border-radius:6px;font:13px system-ui,sans-serif;white-space:pre-wrap}`;

  function element(tag, props, ...children) {
    const el = Object.assign(document.createElement(tag), props);
    el.append(...children);
    return el;
  }

  // The page's edit settings, asked again after every change of version (a patch from any tab or editor).
  async function load() {
    try {
      const answer = await fetch(`${conf.endpoint}?page=${encodeURIComponent(site.page)}`, { cache: "no-store" });
      settings = answer.ok ? await answer.json() : null;
    } catch (_) {
      settings = null;
    }
    draw();
  }

  function say(text) {
    if (!layer) return;
    layer.querySelectorAll(".ss-say").forEach((e) => e.remove());
    const box = element("div", { className: "ss-say", role: "alert", textContent: text.trim() });
    layer.append(box);
    setTimeout(() => box.remove(), 8000);
  }

  // The sections an item of `section` may move into, in page order: its own and those of its group.
  function targets(section) {
    if (!section.move) return [];
    return settings.page.sections.filter((s) => s.move && s.group === section.group && listElement(s.id));
  }

  function draw() {
    const said = layer && layer.querySelector(".ss-say");
    if (layer) layer.remove();
    layer = null;
    if (!settings) return;
    layer = element("div", {});
    layer.setAttribute("data-ss-runtime", "edit");
    layer.append(element("style", { textContent: STYLE }));
    for (const section of settings.page.sections) {
      for (const item of section.items) {
        const el = itemElement(item.id);
        if (!el) continue;
        const bar = element("div", { className: "ss-bar" });
        bar.dataset.item = item.id;
        if (section.move && item.move) {
          const handle = element("button", { className: "ss-handle", textContent: "⠿", title: "Drag, or press ↑ or ↓, to move" });
          handle.setAttribute("aria-label", `Move ${item.id}`);
          handle.addEventListener("keydown", (e) => keyMove(e, item.id));
          handle.addEventListener("pointerdown", (e) => drag(e, section, item.id));
          bar.append(handle);
        }
        if (item.fields.length) {
          const edit = element("button", { className: "ss-edit", textContent: "✎", title: "Edit" });
          edit.setAttribute("aria-label", `Edit ${item.id}`);
          edit.addEventListener("click", () => form(section, item));
          bar.append(edit);
        }
        if (item.delete) {
          const remove = element("button", { className: "ss-delete", textContent: "✕", title: "Delete" });
          remove.setAttribute("aria-label", `Delete ${item.id}`);
          remove.addEventListener("click", () => act({ action: "delete", section: section.id, item: item.id }));
          bar.append(remove);
        }
        layer.append(bar);
      }
    }
    const undo = element("button", { className: "ss-undo", textContent: "Undo", title: "Undo the last edit (Ctrl+Z)" });
    undo.addEventListener("click", () => act({ action: "undo" }));
    layer.append(undo);
    if (said) layer.append(said);
    document.body.append(layer);
    place();
    if (focusAfter) {
      const handle = layer.querySelector(`.ss-bar[data-item="${CSS.escape(focusAfter)}"] .ss-handle`);
      if (handle) handle.focus();
      focusAfter = null;
    }
  }

  // Each bar at the top right corner of its item.
  function place() {
    if (!layer) return;
    for (const bar of layer.querySelectorAll(".ss-bar")) {
      const el = itemElement(bar.dataset.item);
      if (!el) continue;
      const box = el.getBoundingClientRect();
      bar.style.top = `${box.top + scrollY}px`;
      bar.style.left = `${box.right + scrollX - bar.offsetWidth}px`;
    }
  }

  // One action at a time: each waits until the page has caught up with the one before. An action may be a function
  // that makes it when its turn comes.
  function act(action) {
    waiting.push(action);
    if (!running) next();
  }
  async function next() {
    running = true;
    while (waiting.length) {
      const queued = waiting.shift();
      const action = typeof queued === "function" ? queued() : queued;
      if (!action) continue;
      const from = site.version;
      let answer;
      try {
        answer = await fetch(conf.endpoint, {
          method: "POST",
          headers: { "content-type": "application/json", "x-sectionsite-token": settings ? settings.token : "" },
          body: JSON.stringify(Object.assign({ page: site.page, version: from }, action)),
        });
      } catch (error) {
        say(`The preview did not answer: ${error}`);
        continue;
      }
      if (answer.status !== 204) {
        say(await answer.text());
        waiting.length = 0;
        await load();
        continue;
      }
      if (action.item) focusAfter = action.action === "move" ? action.item : null;
      await caughtUp(from, action.action === "undo" ? 1500 : 5000);
      await load();
    }
    running = false;
  }
  function caughtUp(from, limit) {
    return new Promise((done) => {
      const start = Date.now();
      const tick = () => (site.version !== from || Date.now() - start > limit ? done() : setTimeout(tick, 25));
      tick();
    });
  }

  // Where an item would go: the section and the item it goes before (null: the end), for a point on the page.
  function dropPlace(section, id, x, y) {
    let best = null;
    for (const target of targets(section)) {
      const list = listElement(target.id);
      const box = list.getBoundingClientRect();
      const distance = Math.max(box.top - y, y - box.bottom, 0) + Math.max(box.left - x, x - box.right, 0);
      if (best && distance >= best.distance) continue;
      const items = itemsOf(target.id).filter((e) => idOf(e) !== id);
      const after = items.find((e) => {
        const r = e.getBoundingClientRect();
        return y < r.top + r.height / 2 || (y < r.bottom && x < r.left + r.width / 2);
      });
      best = { distance, section: target.id, before: after ? idOf(after) : null, list, items, after };
    }
    return best;
  }

  function drag(event, section, id) {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const line = element("div", { className: "ss-line" });
    let place = null;
    const move = (e) => {
      place = dropPlace(section, id, e.clientX, e.clientY);
      if (!place) return;
      const anchor = place.after || place.items[place.items.length - 1];
      const box = (anchor || place.list).getBoundingClientRect();
      const top = place.after || !anchor ? box.top : box.bottom;
      Object.assign(line.style, { top: `${top + scrollY - 2}px`, left: `${box.left + scrollX}px`, width: `${box.width}px` });
      if (!line.isConnected && layer) layer.append(line);
    };
    const end = (e) => {
      handle.removeEventListener("pointermove", move);
      handle.removeEventListener("pointerup", end);
      handle.removeEventListener("pointercancel", end);
      line.remove();
      if (e.type !== "pointerup" || !place) return;
      const items = itemsOf(section.id).map(idOf);
      const next = items[items.indexOf(id) + 1] || null;
      if (place.section === section.id && place.before === next) return; // dropped where it was
      act({ action: "move", section: section.id, item: id, to: place.section, before: place.before });
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", end);
    handle.addEventListener("pointercancel", end);
  }

  // ↑ and ↓ on a handle: one place up or down; past the first or last item, into the section before or after.
  // Worked out when its turn comes, from where the item is then, so keys pressed quickly each move it once more.
  function keyMove(event, id) {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    event.preventDefault();
    const up = event.key === "ArrowUp";
    act(() => {
      const section = settings && settings.page.sections.find((s) => itemsOf(s.id).some((e) => idOf(e) === id));
      if (!section) return null;
      const items = itemsOf(section.id).map(idOf);
      const at = items.indexOf(id);
      const move = (to, before) => ({ action: "move", section: section.id, item: id, to, before });
      if (up && at > 0) return move(section.id, items[at - 1]);
      if (!up && at < items.length - 1) return move(section.id, items[at + 2] || null);
      const all = targets(section);
      const other = all[all.findIndex((s) => s.id === section.id) + (up ? -1 : 1)];
      return other ? move(other.id, up ? null : itemsOf(other.id).map(idOf)[0] || null) : null;
    });
  }

  // The item's fields in a small form under it; Enter or Save sends each changed field.
  function form(section, item) {
    layer.querySelectorAll(".ss-form").forEach((e) => e.remove());
    const box = itemElement(item.id).getBoundingClientRect();
    const inputs = item.fields.map((field) => {
      const input = element(field.text.includes("\n") ? "textarea" : "input", { value: field.text, name: field.name });
      return { field, input, label: element("label", {}, element("span", { textContent: field.name }), input) };
    });
    const save = element("button", { type: "submit", textContent: "Save" });
    const cancel = element("button", { type: "button", textContent: "Cancel" });
    const sheet = element("form", { className: "ss-form" }, ...inputs.map((i) => i.label), element("div", {}, save, " ", cancel));
    Object.assign(sheet.style, { top: `${box.bottom + scrollY + 4}px`, left: `${box.left + scrollX}px` });
    const close = () => sheet.remove();
    cancel.addEventListener("click", close);
    sheet.addEventListener("keydown", (e) => e.key === "Escape" && close());
    sheet.addEventListener("submit", (e) => {
      e.preventDefault();
      close();
      const batch = ++batches; // one undo puts back every field of one save
      for (const { field, input } of inputs) {
        if (input.value !== field.text) act({ action: "set", section: section.id, item: item.id, field: field.name, value: input.value, batch });
      }
    });
    layer.append(sheet);
    if (inputs.length) inputs[0].input.focus();
  }

  document.addEventListener("keydown", (e) => {
    const typing = e.target.closest && e.target.closest("input, textarea, [contenteditable]");
    if (settings && !typing && (e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === "z") {
      e.preventDefault();
      act({ action: "undo" });
    }
  });
  addEventListener("resize", place);
  setInterval(place, 500); // images and fonts that load late move items
  document.addEventListener("sectionsite:patched", () => { if (!running) load(); });
  window.SectionSiteEditMode = { load, act };
  load();
})();
