// The territory: the chain of landscape tiles as a map. Each tile has five areas (two on the left, a tall
// one in the middle, two on the right, as the view's `slot` says); each area shows its landscape (colour and
// symbol), its name as in the move log ("Hills 2"), its good and its Cree. Areas the player may choose light
// up; the last move of every seat stays outlined in that seat's colour.
import { list, t } from "../../i18n.js";
import { COLOURS } from "../../kit/board.js";
import { LAND_EDGE, LAND_FILL, cree, goodIcon, landSymbol, s, svgEl } from "./draw.js";

const TW = 180;   // tile width
const TH = 124;   // tile height
const SIDE = 54;  // width of the left and right columns
const SLOTS = {   // x, y, w, h of each slot inside a tile
  TL: [0, 0, SIDE, TH / 2], BL: [0, TH / 2, SIDE, TH / 2], C: [SIDE, 0, TW - 2 * SIDE, TH],
  TR: [TW - SIDE, 0, SIDE, TH / 2], BR: [TW - SIDE, TH / 2, SIDE, TH / 2],
};
const TOP = 16;   // room for the tile numbers
const ROW = TOP + TH + 6;

// Where a tile is drawn: in one row on a wide screen; on a narrow one the chain wraps after `perRow` tiles
// (each row continues the chain: the last tile of a row touches the first of the next).
function tileXY(tile, perRow) {
  return { x: (tile % perRow) * TW, y: Math.floor(tile / perRow) * ROW };
}

export function areaBox(area, perRow) {
  const [x, y, w, hh] = SLOTS[area.slot];
  const at = tileXY(area.tile, perRow);
  return { x: at.x + x, y: at.y + TOP + y, w, h: hh };
}

export function drawTerritory(ctx) {
  const { view, ix } = ctx;
  const areas = view.territory.areas;
  const tiles = Math.max(...areas.map((a) => a.tile)) + 1;
  const perRow = Math.min(ctx.perRow || tiles, tiles);
  const rows = Math.ceil(tiles / perRow);
  const width = Math.min(tiles, perRow) * TW;
  const box = (a) => areaBox(a, perRow);
  const root = svgEl(`-2 0 ${width + 4} ${rows * ROW}`, `territory-map${rows > 1 ? " wrapped" : ""}`);
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", t("the territory"));
  if (areas.some((a) => ix.place[a.id] || ix.recall[a.id] || ix.refill[a.id] || ix.moveFrom[a.id])) root.classList.add("choosing");
  const marked = markedAreas(view.marks || []);
  const joined = joinedPairs(view, areas);
  // tile numbers over each tile, as in the area names; a wrapped chain says where it goes on
  for (let t0 = 0; t0 < tiles; t0++) {
    const at = tileXY(t0, perRow);
    const wraps = rows > 1 && t0 % perRow === 0 && t0 > 0;
    const goesOn = rows > 1 && t0 % perRow === perRow - 1 && t0 < tiles - 1;
    const label = [t("tile {n}", { n: t0 + 1 }), wraps ? " " : "", wraps ? t("(its left edge joins tile {n})", { n: t0 }) : "",
      goesOn ? " — " : "", goesOn ? t("tile {n} joins its right edge", { n: t0 + 2 }) : ""].join("");
    root.append(s("text", { x: at.x + (wraps ? 4 : TW / 2), y: at.y + 11, class: "tile-no",
      "text-anchor": wraps ? "start" : "middle" }, label));
  }
  const sel = ctx.selectedFrom;
  const moveTargets = sel !== null && ix.move[sel] ? ix.move[sel] : {};
  for (const area of areas) {
    const b = box(area);
    const act = actionFor(ctx, area, moveTargets);
    const isFrom = sel === area.id;
    const cls = ["area", `land-${area.landscape}`, act ? "can" : "", isFrom ? "from" : "", moveTargets[area.id] ? "target" : "",
      area.cree !== null && area.cree !== undefined && ix.moveFrom[area.id] && area.cree === view.header.viewer ? "movable" : ""];
    const g = s("g", {
      class: cls.filter(Boolean).join(" "), "data-area": area.id, "data-name": area.name,
      tabindex: act ? "0" : null, role: act ? "button" : null,
      "aria-label": [area.name, area.good ? `, ${ctx.w.goodA(area.good)}` : "",
        area.cree !== null ? ", " : "", area.cree !== null ? t("Cree of {name}", { name: ctx.nameOf(area.cree) }) : "",
        act ? ` — ${act.text}` : ""].join(""),
    });
    g.append(s("rect", { x: b.x + 1, y: b.y + 1, width: b.w - 2, height: b.h - 2, rx: 5, fill: LAND_FILL[area.landscape],
      stroke: LAND_EDGE[area.landscape], class: "area-shape" }));
    g.append(landSymbol(area.landscape, b.x + b.w / 2, b.y + b.h - 11, 0.75));
    g.append(s("text", { x: b.x + b.w / 2, y: b.y + 11, class: "area-name", "text-anchor": "middle" }, area.name));
    const cx = b.x + b.w / 2;
    const cy = b.y + b.h / 2 + 2;
    if (area.good) g.append(goodIcon(area.good, area.cree !== null ? cx - 12 : cx, cy, 20));
    const owner = area.cree !== null && area.cree !== undefined ? t("Cree of {name}", { name: ctx.nameOf(area.cree) }) : null;
    if (owner) g.append(cree(area.cree, area.good ? cx + 10 : cx, cy + 2, { title: t("{owner} on {area}", { owner, area: area.name }) }));
    for (const seat of marked.get(area.id) || []) {
      g.append(s("rect", { x: b.x + 3, y: b.y + 3, width: b.w - 6, height: b.h - 6, rx: 4,
        class: `last-mark seat-${COLOURS[seat.seat]}${seat.from ? " from" : ""}` }));
    }
    if (act) {
      g.addEventListener("click", () => ctx.clickArea(area, act));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.clickArea(area, act); } });
    }
    // what the area is (its landscape and tile are its name), what lies on it, and what a click does now
    const holds = [area.good ? ctx.w.goodA(area.good) : t("no good"), owner].filter(Boolean).join(", ");
    const across = joined.filter((pair) => pair.includes(area)).map((pair) => pair.find((x) => x !== area).name);
    const touches = across.length ? "; " + t("it touches {areas} across the tiles", { areas: list(across) }) : "";
    g.append(s("title", {}, `${area.name}: ${holds}${touches}${act ? ` — ${act.text}` : ""}`));
    root.append(g);
  }
  // tile borders over the areas
  for (let t0 = 0; t0 < tiles; t0++) {
    const at = tileXY(t0, perRow);
    root.append(s("rect", { x: at.x, y: at.y + TOP, width: TW, height: TH, class: "tile-edge", rx: 3 }));
  }
  // Lake Manitoba / Duck Mountain Range: the joined areas of neighbouring tiles, drawn as a strait
  for (const [a, b] of joined) {
    const p = box(a);
    const q = box(b);
    root.append(s("line", { x1: p.x + p.w / 2, y1: p.y + p.h / 2, x2: q.x + q.w / 2, y2: q.y + q.h / 2,
      class: `joined joined-${a.landscape}` }));
  }
  return root;
}

// What clicking an area does now: place a Cree, move the selected Cree there, select a Cree to move,
// take a Cree back (recall), or refill it.
function actionFor(ctx, area, moveTargets) {
  const { ix, view } = ctx;
  if (moveTargets[area.id]) return moveTargets[area.id];
  if (ix.place[area.id]) return ix.place[area.id];
  if (ix.recall[area.id]) return ix.recall[area.id];
  if (ix.refill[area.id]) return ix.refill[area.id];
  if (ix.moveFrom[area.id] && area.cree === view.header.viewer) return { select: true, text: t("choose this Cree to move it ({area})", { area: area.name }) };
  return null;
}

// Areas of the neighbouring tiles joined by the layout (an edge between two areas of different tiles that
// are not side by side on the map).
function joinedPairs(view, areas) {
  const out = [];
  for (const a of areas) {
    for (const n of a.neighbours) {
      const b = areas[n];
      if (b.id <= a.id || b.tile === a.tile) continue;
      const side = (a.slot === "TR" && b.slot === "TL") || (a.slot === "BR" && b.slot === "BL");
      if (!side) out.push([a, b]);
    }
  }
  return out;
}

// Areas touched by each seat's last move: where a Cree went (and came from), or was taken back from.
function markedAreas(marks) {
  const out = new Map();
  const add = (area, seat, from = false) => {
    if (area === undefined || area === null) return;
    if (!out.has(area)) out.set(area, []);
    out.get(area).push({ seat, from });
  };
  marks.forEach((list, seat) => {
    for (const m of list || []) {
      if (m.kind === "place") add(m.area, seat);
      if (m.kind === "move") { add(m.to, seat); add(m.frm, seat, true); }
      if (m.kind === "recall") add(m.area, seat, true);
    }
  });
  return out;
}
