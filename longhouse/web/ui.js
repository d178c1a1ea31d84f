// Small DOM helpers shared by the pages.
// Seats (colour, name, a symbol per seat so colours are told apart by more than hue) come from the server,
// generated from longhouse/engine/seats.py.
import { COLOURS, SEATS, SYMBOLS } from "./seats.js";

export { COLOURS, SEATS, SYMBOLS };

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function seatTag(seat, name) {
  const colour = COLOURS[seat] || "grey";
  return h("span", { class: `seat-tag seat-${colour}` },
    h("span", { class: "sym", "aria-hidden": "true" }, SYMBOLS[seat] || "?"), name ?? cap(colour));
}

// Go to another page of the hall without reloading it (the router, app.js, follows popstate).
export function navigate(url) {
  history.pushState(null, "", url);
  dispatchEvent(new PopStateEvent("popstate"));
}

// A table's page, with the invitation to a private table when there is one.
export function tableUrl(table, invite = null) {
  return `/table/${table}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;
}

export function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

let toastTimer = null;
export function toast(text, kind = "info") {
  const el = document.getElementById("toast");
  el.textContent = text;
  el.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.className = ""; }, 3500);
}

// A clear page for a table or replay that is not there (a wrong number, a game not yet finished).
export function missingPage(title, text) {
  return h("section", { class: "missing panel", role: "alert" }, h("h1", {}, title), h("p", {}, text),
    h("div", { class: "row" }, h("a", { href: "/", class: "button primary" }, "Go to the lobby"),
      h("a", { href: "/archive", class: "button" }, "Finished games")));
}

// Redraw part of a page without losing the keyboard focus: the element with the same `data-focus` (or id)
// gets it back; if it is gone, the first element matching `fallback` does.
export function keepingFocus(container, redraw, fallback = null) {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const inside = active && active !== document.body && container.contains(active);
  const key = inside ? (active.dataset.focus || (active.id ? `#${active.id}` : null)) : null;
  redraw();
  if (!inside || active.isConnected) return;
  let next = null;
  if (key) {
    next = key.startsWith("#") ? container.querySelector(`[id="${CSS.escape(key.slice(1))}"]`)
      : container.querySelector(`[data-focus="${CSS.escape(key)}"]`);
  }
  if (!next && fallback) next = container.querySelector(fallback);
  if (next) next.focus({ preventScroll: true });
}
