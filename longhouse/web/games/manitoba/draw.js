// Drawing helpers of the Manitoba board: SVG elements, how each landscape, disk and good looks (colours and
// small pictures; the names themselves come from the server's view and game description).
import { N_, t } from "../../i18n.js";
import { COLOURS, SVGNS, SYMBOLS, seatTag, svg as s } from "../../kit/board.js";

// A good's picture says what it is, in the page's language (the same texts as the game's description).
const GOOD_WORDS = { bison: N_("bison"), berry: N_("berries"), horse: N_("horses"), canoe: N_("canoes"), feather: N_("feathers") };
const goodWord = (good) => (GOOD_WORDS[good] ? t(GOOD_WORDS[good]) : good);

export { s, seatTag };

export function svgEl(viewBox, cls, ...children) {
  return s("svg", { viewBox, class: cls, xmlns: SVGNS }, ...children);
}

// The display colour of each sphere, keyed by the disk colour's name (the view names disks by colour).
export const DISK_FILL = { brown: "#7d4f22", green: "#2f7a2b", beige: "#d8c08a", blue: "#2f68ad", white: "#f4f1ea" };
export const DISK_INK = { brown: "#fff", green: "#fff", beige: "#3b2a12", blue: "#fff", white: "#3b2a12" };
// Landscapes share their sphere's colour, a little softer, so that Cree and goods stand out on them.
export const LAND_FILL = { prairie: "#c99a5b", forest: "#6fa35f", hills: "#e3d3a4", lake: "#7fb0dd", mountain: "#e9e6df" };
export const LAND_EDGE = { prairie: "#8a5a2b", forest: "#2f6b2a", hills: "#a89060", lake: "#2f62a0", mountain: "#8d8a84" };

// Small pictures of the goods, drawn in a 20×20 box around (0, 0).
const GOOD_PATHS = {
  bison: '<path d="M-8 4 Q-9 -3 -3 -4 Q-1 -8 4 -6 L6 -6 Q9 -5 9 0 L9 5 L7 5 L6 1 L5 6 L3 6 L3 2 L-3 2 L-4 6 L-6 6 L-6 3 Q-8 3 -8 6 Z" fill="#5a3415"/><path d="M-4 -5 Q-6 -8 -4 -9" stroke="#5a3415" stroke-width="1.2" fill="none"/>',
  berry: '<circle cx="-3" cy="2" r="3.6" fill="#7b1f5a"/><circle cx="3" cy="3" r="3.6" fill="#9b2a6e"/><circle cx="0" cy="-3" r="3.6" fill="#6a1a4d"/><path d="M0 -6 L2 -9 L5 -9" stroke="#2f6b2a" stroke-width="1.4" fill="none"/>',
  horse: '<path d="M-7 7 L-6 0 Q-7 -4 -3 -6 L1 -9 L2 -6 Q6 -6 7 -2 L5 -1 L2 -3 L1 1 L2 7 L0 7 L-1 2 L-4 2 L-4 7 Z" fill="#7a4b20"/>',
  canoe: '<path d="M-9 1 Q0 8 9 1 Q0 4 -9 1 Z" fill="#8a4f1d" stroke="#5a3010" stroke-width=".8"/><path d="M3 -8 L-1 4" stroke="#5a3010" stroke-width="1.3"/><path d="M3 -8 L5 -5" stroke="#5a3010" stroke-width="2"/>',
  feather: '<path d="M5 -9 Q-6 -4 -5 8 Q2 2 5 -9 Z" fill="#fbfaf6" stroke="#6b6b6b" stroke-width=".9"/><path d="M5 -9 L-5 8" stroke="#6b6b6b" stroke-width=".7"/><path d="M-3 5 L-5 9" stroke="#333" stroke-width="1.2"/>',
};

export function goodIcon(good, x, y, size = 20, extra = {}) {
  const g = s("g", { transform: `translate(${x} ${y}) scale(${size / 20})`, class: `good good-${good}`, ...extra });
  g.innerHTML = GOOD_PATHS[good] || "";
  g.append(s("title", {}, goodWord(good)));
  return g;
}

// A good as a small inline picture for HTML panels.
export function goodChip(good, cls = "") {
  const el = svgEl("-10 -10 20 20", `good-chip ${cls}`, goodIcon(good, 0, 0, 18));
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", goodWord(good));
  return el;
}

// Landscape symbols drawn inside an area (centre x, y), so landscapes differ by more than colour.
export function landSymbol(land, x, y, k = 1) {
  const g = s("g", { transform: `translate(${x} ${y}) scale(${k})`, class: "land-sym", "aria-hidden": "true" });
  const ink = LAND_EDGE[land];
  const shapes = {
    prairie: `<path d="M-14 6 q3 -8 5 0 M-4 6 q3 -9 5 0 M6 6 q3 -8 5 0" stroke="${ink}" stroke-width="1.6" fill="none"/>`,
    forest: `<path d="M-10 8 L-5 -6 L0 8 Z M2 8 L8 -9 L14 8 Z" fill="${ink}" opacity=".75"/>`,
    hills: `<path d="M-16 8 Q-8 -6 0 8 Q8 -4 16 8" stroke="${ink}" stroke-width="2" fill="none"/>`,
    lake: `<path d="M-14 -2 q4 -4 8 0 t8 0 t8 0 M-12 5 q4 -4 8 0 t8 0 t8 0" stroke="${ink}" stroke-width="1.6" fill="none"/>`,
    mountain: `<path d="M-16 9 L-5 -9 L2 2 L7 -4 L16 9 Z" fill="#cfcbc2" stroke="${ink}" stroke-width="1.2"/><path d="M-8 -4 L-5 -9 L-2 -4 Z" fill="#fff"/>`,
  };
  g.innerHTML = shapes[land] || "";
  return g;
}

// A Cree: a small person in the seat's colour with the seat's symbol (colour-blind players see the symbol).
export function cree(seat, x, y, opts = {}) {
  const g = s("g", { transform: `translate(${x} ${y})`, class: `cree seat-${COLOURS[seat]}${opts.cls ? ` ${opts.cls}` : ""}` });
  g.append(
    s("circle", { cx: 0, cy: -9, r: 5.5, class: "cree-body" }),
    s("path", { d: "M-8 10 Q-9 -2 0 -3 Q9 -2 8 10 Z", class: "cree-body" }),
    s("text", { x: 0, y: 7, class: "cree-sym", "text-anchor": "middle" }, SYMBOLS[seat] || ""),
  );
  if (opts.title) g.append(s("title", {}, opts.title));
  return g;
}

export function plural(n, one, many) { return `${n} ${n === 1 ? one : many}`; }
