// Small DOM helpers shared by the pages.
// Seats (colour, name, a symbol per seat so colours are told apart by more than hue) come from the server,
// generated from longhouse/engine/seats.py.
import { N_, t } from "./i18n.js";
import { COLOURS, SEATS, SYMBOLS } from "./seats.js";

export { COLOURS, SEATS, SYMBOLS };

/**
 * What h() and svg() take as children: nodes, text, numbers, lists of them; null, undefined and false are
 * left out.
 * @typedef {Node | string | number | boolean | null | undefined | any[]} Child
 */

/**
 * An HTML element: attributes (`class`, `dataset`, `text`, `on<event>` listeners; null, undefined and false
 * left out, true as an empty attribute) and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {{ [name: string]: any } | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
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
  return append(el, children);
}

export const SVGNS = "http://www.w3.org/2000/svg";

/**
 * An SVG element, as h() makes HTML ones: attributes (`on<event>` listeners) and children.
 * @param {string} tag
 * @param {{ [name: string]: any } | null} [attrs]
 * @param {...Child} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVGNS, tag));
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  return append(el, children);
}

/**
 * @template {Element} E
 * @param {E} el
 * @param {Child[]} children
 * @returns {E}
 */
function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/**
 * A seat's tag: its symbol (so that colours are told apart by more than hue) and a name in its colour.
 * @param {number} seat
 * @param {string | null} [name] the text (default: the colour's name)
 * @param {{ colour?: string, symbol?: string }} [look] a colour and symbol other than the seat's own
 */
export function seatTag(seat, name, look = {}) {
  const colour = look.colour || COLOURS[seat] || "grey";
  return h("span", { class: `seat-tag seat-${colour}` },
    h("span", { class: "sym", "aria-hidden": "true" }, look.symbol || SYMBOLS[seat] || "?"),
    name ?? (look.colour ? cap(colour) : colourName(seat)));
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
    h("div", { class: "row" }, h("a", { href: "/", class: "button primary" }, t("Go to the lobby")),
      h("a", { href: "/archive", class: "button" }, t("Finished games"))));
}

/**
 * Redraw part of a page without losing the keyboard focus: the element with the same `data-focus` (or id)
 * gets it back if it can take it; one whose key is `row:index` (a card of a row) and that went (picked,
 * played) hands it to the next one of its row, else the row's last; failing that, the first element
 * matching `fallback`.
 * @param {Element} container
 * @param {() => void} redraw
 * @param {string | null} [fallback] a CSS selector
 */
export function keepingFocus(container, redraw, fallback = null) {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const inside = active && active !== document.body && container.contains(active);
  const key = inside ? (active.dataset.focus || (active.id ? `#${active.id}` : null)) : null;
  redraw();
  if (!inside || active.isConnected) return;
  const next = (key && focusTarget(container, key)) || (fallback && container.querySelector(fallback));
  if (next) /** @type {HTMLElement} */ (next).focus({ preventScroll: true });
}

/** @param {Element} container @param {string} key @returns {HTMLElement | null} */
function focusTarget(container, key) {
  const same = /** @type {HTMLElement | null} */ (key.startsWith("#")
    ? container.querySelector(`[id="${CSS.escape(key.slice(1))}"]`)
    : container.querySelector(`[data-focus="${CSS.escape(key)}"]`));
  if (same && same.tabIndex >= 0) return same;
  const row = /^(.+):(\d+)$/.exec(key);
  if (!row) return null;
  const [, kind, index] = row;
  const place = (/** @type {HTMLElement} */ x) => Number(x.dataset.focus.slice(kind.length + 1));
  const mates = [.../** @type {NodeListOf<HTMLElement>} */ (container.querySelectorAll(`[data-focus^="${CSS.escape(kind)}:"]`))]
    .filter((x) => x.tabIndex >= 0 && Number.isInteger(place(x)));
  return mates.find((x) => place(x) >= Number(index)) || mates[mates.length - 1] || null;
}

// The seats' colours in words (the same texts as the server's, engine/seats.py).
const COLOUR_NAMES = [N_("Red"), N_("Blue"), N_("Green"), N_("Yellow")];

/** A seat's colour in the page's language ("Red", "Rot"); past the coloured seats, its number.
 * @param {number} i */
export function colourName(i) {
  return COLOUR_NAMES[i] ? t(COLOUR_NAMES[i]) : t("Seat {number}", { number: i + 1 });
}
