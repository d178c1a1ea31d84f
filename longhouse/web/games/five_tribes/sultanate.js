// The Sultanate as SVG: the 5×6 tiles with their kind, name and value, the meeples on them as coloured
// pieces with counts, camels in their owner's colour, Palm Trees and Palaces, the column letters and row
// numbers of the notation, the lit tiles a click may choose, and the path of a meeple move.
// Everything it names comes from the game description (`desc`) and the view.
import { N_, t, tn } from "../../i18n.js";
import { svg as el } from "../../kit/board.js";

const T = 100;          // a tile's side in SVG units
const M = 22;           // the margin that holds the coordinates

export const MEEPLE = "M0,-10 a4.2,4.2 0 1 1 0.01,0 Z M-7.5,10 L-5.5,0.5 Q-7.5,-2.5 -3.5,-3.5 L3.5,-3.5 Q7.5,-2.5 5.5,0.5 L7.5,10 Z";
const CAMEL = "M-13,6 L-12,-1 Q-13,-6 -9,-6 L-7,-3 Q-4,-10 0,-4 Q3,-10 6,-4 L8,-6 Q10,-11 13,-9 L14,-6 L11,-5 L10,1 L10,6 L8,6 L8,1 L-8,1 L-8,6 Z";
const PALM = "M-1.2,9 L-0.5,-3 L1,-3 L1.8,9 Z M0,-4 Q-7,-8 -11,-2 Q-6,-6 0,-3 Q-4,-11 -9,-10 Q-2,-10 0,-4 Q4,-11 9,-10 Q3,-9 0,-4 Q6,-7 11,-2 Q6,-5 0,-3 Z";
const PALACE = "M-9,9 L-9,-1 L-6,-1 L-6,-5 L-3,-5 Q0,-12 3,-5 L6,-5 L6,-1 L9,-1 L9,9 Z";

export function tileName(desc, at) {
  return desc.sultanate.columns[at % desc.sultanate.cols] + String(Math.floor(at / desc.sultanate.cols) + 1);
}

export function neighbour(desc, at, d) {
  const { rows, cols } = desc.sultanate;
  const [dr, dc] = desc.sultanate.directions[d].step;
  const r = Math.floor(at / cols) + dr;
  const c = (at % cols) + dc;
  return r >= 0 && r < rows && c >= 0 && c < cols ? r * cols + c : -1;
}

export function distance(desc, a, b) {
  const cols = desc.sultanate.cols;
  return Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols));
}

const centre = (desc, at) => [M + (at % desc.sultanate.cols) * T + T / 2, M + Math.floor(at / desc.sultanate.cols) * T + T / 2];

// Each tribe's letter (the first of its name: Viziers V, Elders E, Merchants M, Builders B, Assassins A), on
// every meeple, so that the tribes are told apart by more than hue.
export function tribeLetter(tribe) {
  return tribe.name.slice(0, 1).toUpperCase();
}

// The tribes' colours in words.
const COLOUR_WORDS = { yellow: N_("yellow"), white: N_("white"), green: N_("green"), blue: N_("blue"), red: N_("red") };

// A tribe in words for a tip: "3 Viziers (V, yellow)".
export function tribeWords(tribe, n) {
  return t("{n} {tribe} ({letter}, {colour})", { n, tribe: n === 1 ? tribe.name : tribe.plural, letter: tribeLetter(tribe),
    colour: t(COLOUR_WORDS[tribe.colour] || tribe.colour) });
}

function letter(tribe) {
  return el("text", { x: -1, y: 7.4, class: "ft-piece-letter", "text-anchor": "middle", "aria-hidden": "true" }, tribeLetter(tribe));
}

// A small meeple glyph of a tribe, for use in HTML (hand, pools, choosers).
export function meepleIcon(desc, colour, size = 18) {
  const tribe = desc.tribes[colour];
  return el("svg", { viewBox: "-9 -15 18 26", width: size, height: Math.round(size * 1.4), class: "ft-meeple-icon", "aria-hidden": "true" },
    el("path", { d: MEEPLE, fill: tribe.hex, stroke: "#2b1d10", "stroke-width": "1.2" }), letter(tribe));
}

export function camelIcon(seatColour, size = 22) {
  return el("svg", { viewBox: "-15 -12 30 20", width: size, height: Math.round(size * 0.7), class: `ft-camel-icon seat-${seatColour}`, "aria-hidden": "true" },
    el("path", { d: CAMEL }));
}

export function palmIcon(size = 16) {
  return el("svg", { viewBox: "-12 -12 24 22", width: size, height: size, class: "ft-palm-icon", "aria-hidden": "true" }, el("path", { d: PALM }));
}

export function palaceIcon(size = 16) {
  return el("svg", { viewBox: "-10 -13 20 23", width: size, height: size, class: "ft-palace-icon", "aria-hidden": "true" }, el("path", { d: PALACE }));
}

// Draw the Sultanate. `opts`: lit (Map tile -> label or ""), range (Set of tiles), path (tiles of the move in
// progress), last ({seat, path} of the last move), final (the turn's final tile), seatColour(seat), seatSymbol(seat),
// seatName(seat), onTile(tile), describeTile(tile) for the accessible name.
export function drawSultanate(desc, view, opts) {
  const { rows, cols } = desc.sultanate;
  const W = M + cols * T + 6;
  const H = M + rows * T + 6;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "ft-sultanate", role: "group", "aria-label": t("the Sultanate") });
  for (let c = 0; c < cols; c++) {
    svg.append(el("text", { x: M + c * T + T / 2, y: 15, class: "ft-coord", "text-anchor": "middle" }, desc.sultanate.columns[c]));
  }
  for (let r = 0; r < rows; r++) {
    svg.append(el("text", { x: 10, y: M + r * T + T / 2 + 5, class: "ft-coord", "text-anchor": "middle" }, String(r + 1)));
  }
  const showPath = opts.path && opts.path.length ? { seat: opts.pathSeat, path: opts.path, live: true }
    : opts.last && opts.last.path.length ? { ...opts.last, live: false } : null;
  for (let at = 0; at < rows * cols; at++) svg.append(drawTile(desc, view, at, opts, showPath));
  if (showPath) svg.append(drawPath(desc, showPath, opts));
  return svg;
}

function drawTile(desc, view, at, opts, move) {
  const code = view.tiles[at];
  const tile = desc.tiles[code];
  const x = M + (at % desc.sultanate.cols) * T;
  const y = M + Math.floor(at / desc.sultanate.cols) * T;
  const lit = opts.lit && opts.lit.has(at);
  const classes = ["ft-tile", `k-${tile.kind}`];
  if (lit) classes.push("lit");
  if (opts.range && opts.range.has(at)) classes.push("in-range");
  if (opts.final === at) classes.push("final");
  if (opts.selected === at) classes.push("selected");
  const g = el("g", { class: classes.join(" "), transform: `translate(${x},${y})`, "data-tile": at, "data-name": tileName(desc, at) });
  g.append(el("rect", { x: 2, y: 2, width: T - 4, height: T - 4, rx: 7, class: "ft-ground" }));
  g.append(el("text", { x: 7, y: 16, class: "ft-kind", textLength: tile.name.length > 9 ? 63 : null,
    lengthAdjust: "spacingAndGlyphs" }, tile.name));
  g.append(el("circle", { cx: T - 15, cy: 15, r: 11, class: tile.blue ? "ft-vp blue" : "ft-vp red" }));
  g.append(el("text", { x: T - 15, y: 19.5, class: "ft-vp-text", "text-anchor": "middle" }, String(tile.vp)));
  // the meeples: one piece per tribe present, with its count
  const counts = view.meeples[at];
  const present = counts.map((n, c) => [c, n]).filter(([, n]) => n > 0);
  const slot = present.length > 4 ? 18.5 : 22;
  const scale = present.length > 4 ? 1.1 : 1.3;
  const x0 = T / 2 - (present.length * slot) / 2 + slot / 2 - 2;
  present.forEach(([c, n], i) => {
    const mx = x0 + i * slot;
    const tribe = desc.tribes[c];
    const piece = el("g", { transform: `translate(${mx},50) scale(${scale})`, class: `ft-piece tribe-${tribe.colour}` },
      el("title", {}, `${tribeWords(tribe, n)}: ${tribe.action}`));
    piece.append(el("path", { d: MEEPLE, fill: desc.tribes[c].hex, class: "ft-piece-body" }), letter(tribe));
    if (n > 1) {
      piece.append(el("circle", { cx: 6, cy: 11, r: 6.5, class: "ft-count-bg" }));
      piece.append(el("text", { x: 6, y: 14.5, class: "ft-count", "text-anchor": "middle" }, String(n)));
    }
    g.append(piece);
  });
  // the owner's camel, Palm Trees and Palaces along the bottom
  const owner = view.owner[at];
  if (owner >= 0) {
    const camel = el("g", { transform: "translate(20,84)", class: `ft-camel seat-${opts.seatColour(owner)}` },
      el("title", {}, t("{name}'s camel: the tile is theirs and scores {vp} VP for them", { name: opts.seatName(owner), vp: tile.vp })));
    camel.append(el("path", { d: CAMEL, transform: "scale(1.05)" }));
    camel.append(el("text", { x: 0, y: -10, class: "ft-camel-sym", "text-anchor": "middle" }, opts.seatSymbol(owner)));
    g.append(camel);
  }
  let bx = T - 15;
  const pieces = [[view.palaces[at], PALACE, "ft-palace", desc.vp.palace, (n, vp) => tn("{n} Palace: {vp} VP each for the tile's owner", "{n} Palaces: {vp} VP each for the tile's owner", n, { vp })],
    [view.palms[at], PALM, "ft-palm", desc.vp.palm, (n, vp) => tn("{n} Palm Tree: {vp} VP each for the tile's owner", "{n} Palm Trees: {vp} VP each for the tile's owner", n, { vp })]];
  for (const [count, d, cls, vp, words] of pieces) {
    if (!count) continue;
    const item = el("g", { transform: `translate(${bx},84) scale(1.35)`, class: cls }, el("path", { d }),
      el("title", {}, words(count, vp)));
    if (count > 1) item.append(el("text", { x: -10, y: 5, class: "ft-small-count", "text-anchor": "end" }, `${count}`));
    g.append(item);
    bx -= count > 1 ? 40 : 28;
  }
  if (lit) {
    const label = opts.lit.get(at);
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    if (label) {
      g.append(el("rect", { x: 6, y: 64, width: T - 12, height: 15, rx: 4, class: "ft-lit-label-bg" }));
      g.append(el("text", { x: T / 2, y: 75, class: "ft-lit-label", "text-anchor": "middle" }, label));
    }
    g.addEventListener("click", () => opts.onTile(at));
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); opts.onTile(at); }
    });
  }
  g.setAttribute("aria-label", opts.describeTile(at));
  // its name on hover and long press: what lies there and what the tile does when a move ends on it
  const step = move ? move.path.indexOf(at) : -1;
  const onPath = step < 0 ? "" : ` (${pathWords(move, step, opts)})`;
  g.append(el("title", {}, `${opts.describeTile(at)}${onPath}. ${tile.name}: ${tile.action}`
    + (lit && opts.lit.get(at) ? " — " + t("now: {action}", { action: opts.lit.get(at) }) : "")));
  return g;
}

// Where a tile lies on a move: "step 2 of Red's move so far", "start of the last move".
function pathWords(move, step, opts) {
  const where = step ? t("step {n}", { n: step }) : t("start");
  if (move.seat >= 0) {
    const name = opts.seatName(move.seat);
    return move.live ? t("{where} of {name}'s move so far", { where, name }) : t("{where} of {name}'s last move", { where, name });
  }
  return move.live ? t("{where} of the move so far", { where }) : t("{where} of the last move", { where });
}

function drawPath(desc, move, opts) {
  const pts = move.path.map((at) => centre(desc, at));
  const colour = move.seat >= 0 ? opts.seatColour(move.seat) : "grey";
  const g = el("g", { class: `ft-path seat-${colour}${move.live ? " live" : " last"}`, "aria-hidden": "true" });
  if (pts.length > 1) {
    g.append(el("polyline", { points: pts.map(([x, y]) => `${x},${y + 30}`).join(" "), class: "ft-path-line" }));
  }
  pts.forEach(([x, y], i) => {
    g.append(el("circle", { cx: x, cy: y + 30, r: i === 0 ? 8 : 7, class: i === 0 ? "ft-path-start" : "ft-path-dot" }));
    g.append(el("text", { x, y: y + 33.5, class: "ft-path-num", "text-anchor": "middle" }, i === 0 ? "↑" : String(i)));
  });
  return g;
}
