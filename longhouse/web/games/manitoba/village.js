// The villages: mine large along the bottom (wigwam, village square, the two ceremonial places, the four
// storage sectors with their point scale, wampum), the others as compact panels with the same facts.
// Sectors, places, wake-up counts and wampum uses are buttons whenever the engine offers them.
import { COLOURS, cap, h } from "../../kit/board.js";
import { sectorAction } from "./legal.js";
import { cree, goodChip, seatTag, svgEl } from "./draw.js";

function creeRow(seat, count, cls, where) {
  const el = h("span", { class: `cree-row ${cls}`, title: `${count} ${cap(COLOURS[seat])} Cree ${where}` });
  for (let i = 0; i < count; i++) el.append(svgEl("-10 -16 20 28", "cree-svg", cree(seat, 0, 0)));
  if (!count) el.append(h("small", { class: "none" }, "none"));
  return el;
}

// Sectors and places touched by a seat's last move.
function touched(marks) {
  const sectors = new Set();
  const places = new Set();
  for (const m of marks || []) {
    if (m.kind === "store" || m.kind === "lose_feather") sectors.add(m.sector);
    if (m.kind === "ceremony") places.add(String(m.place));
    if (m.kind === "ceremony_complete") places.add(String(m.place));
    if (m.kind === "wampum_use" && m.good) { sectors.add(m.good); sectors.add("berry"); }
  }
  return { sectors, places };
}

export function lastMoveText(marks) {
  const strip = (t) => t.replace(new RegExp(`^(${COLOURS.map(cap).join("|")}) `), "");
  const texts = (marks || []).filter((m) => !["exempt", "solstice"].includes(m.kind)).map((m) => strip(m.text));
  return texts.join("; ");
}

export function drawMyVillage(ctx) {
  const { view, ix, desc } = ctx;
  const me = view.seat;
  const v = view.villages[me];
  const acting = view.acting.includes(me);
  const t = touched(view.marks[me]);
  const el = h("section", { class: `mb-village seat-${COLOURS[me]}${acting ? " acting" : ""}`, "aria-label": "your village" });
  const exempt = v.exempt.length ? h("span", { class: "exempt" }, `need not score: ${v.exempt.join(", ")}`) : null;
  el.append(h("div", { class: "village-head" }, seatTag(me, ctx.nameOf(me)), h("b", { class: "score" }, `${v.score} points`),
    view.active === me && !view.over ? h("span", { class: "badge active-badge" }, "active player") : null, exempt,
    h("span", { class: "on-territory" }, `${v.territory} Cree on the territory`)));

  // wigwam and village square
  const wakeButtons = Object.values(ix.wake).map((x) => h("button", { class: "wake-btn can", dataset: { cree: x.a.cree },
    onclick: () => ctx.send(x), title: x.text }, `Wake ${x.a.cree}`));
  const wigwam = h("div", { class: `wigwam box${wakeButtons.length ? " can" : ""}` }, h("h4", {}, "Wigwam ", h("small", {}, "asleep")),
    creeRow(me, v.wigwam, "asleep", "asleep in the wigwam (wake them up to use them)"), wakeButtons.length ? h("div", { class: "wake-row" }, wakeButtons) : null);
  const square = h("div", { class: "square box" }, h("h4", {}, "Village square ", h("small", {}, "ready")), creeRow(me, v.square, "awake", "ready on the village square"));

  // ceremonial places
  const places = desc.ceremonial_sizes.map((size) => {
    const goods = v.ceremonial[String(size)];
    const act = ix.ceremony[size];
    const slots = [];
    for (let i = 0; i < size; i++) slots.push(h("span", { class: "slot" }, goods[i] ? goodChip(goods[i]) : null));
    return h(act ? "button" : "div", {
      class: `ceremonial box${act ? " can" : ""}${t.places.has(String(size)) ? " last" : ""}`, dataset: { place: size },
      title: act ? act.text : `${size}-space ${desc.piece_texts.ceremonial}`,
      onclick: act ? () => ctx.send(act) : null,
    }, h("h4", {}, `Ceremony ${size}`), h("span", { class: "slots" }, slots));
  });

  // storage sectors with their scale
  const scale = desc.storage_points;
  const cap_ = desc.sector_capacity;
  const sectors = Object.entries(v.storage).map(([good, pieces]) => {
    const act = ctx.tradeMode ? ix.wampumTrade[good] || null : sectorAction(ix, good);
    const cells = [];
    for (let i = cap_ - 1; i >= 0; i--) {
      const top = i === pieces.length - 1;
      cells.push(h("span", { class: `cell${pieces[i] ? " full" : ""}${top ? " top" : ""}` },
        pieces[i] ? goodChip(pieces[i]) : null, h("small", { class: "pts" }, String(scale[i + 1]))));
    }
    cells.push(h("span", { class: `cell zero${pieces.length ? "" : " top"}` }, h("small", { class: "pts" }, String(scale[0]))));
    const what = act ? act.text : `${good}: ${pieces.length} piece${pieces.length === 1 ? "" : "s"}, worth ${scale[pieces.length]} at a scoring`;
    return h(act ? "button" : "div", {
      class: `sector box${act ? " can" : ""}${t.sectors.has(good) ? " last" : ""}${v.exempt.includes(good) ? " exempt" : ""}`,
      dataset: { sector: good }, title: what, "aria-label": what, onclick: act ? () => ctx.send(act) : null,
    }, h("span", { class: "cells" }, cells), h("span", { class: "sector-name" }, goodChip(good), h("span", { class: "sector-word" }, cap(good)),
      h("b", { class: "worth", title: `${pieces.length} pieces score ${scale[pieces.length]}` }, `${pieces.length}→${scale[pieces.length]}`)));
  });

  // wampum tiles and their uses
  const uses = [];
  if (ix.wampumWake) uses.push(h("button", { class: "wampum-use can", id: "wampum-wake", onclick: () => ctx.send(ix.wampumWake), title: ix.wampumWake.text }, "Use: wake a Cree"));
  if (Object.keys(ix.wampumTrade).length) {
    uses.push(h("button", { class: `wampum-use can${ctx.tradeMode ? " on" : ""}`, id: "wampum-trade", "aria-pressed": ctx.tradeMode ? "true" : "false",
      onclick: () => ctx.setTradeMode(!ctx.tradeMode), title: "turn your top berry into another good: then click the sector" },
    ctx.tradeMode ? "Trade: click a lit sector" : "Use: berry → other good"));
  }
  const wampum = h("div", { class: `wampum box${uses.length ? " can" : ""}` }, h("h4", {}, "Wampum"),
    h("span", { class: "wampum-tiles" }, tiles(v.wampum_active, "active", cap(desc.piece_texts.wampum_active)),
      tiles(v.wampum_inactive, "used", cap(desc.piece_texts.wampum_used))),
    h("small", {}, `${v.wampum_active} active · ${v.wampum_inactive} used`), uses);

  el.append(h("div", { class: "village-body" },
    h("div", { class: "people" }, wigwam, square),
    h("div", { class: "places" }, places),
    h("div", { class: "storage", role: "group", "aria-label": "storage sectors" }, sectors),
    wampum));
  return el;
}

function tiles(n, cls, title) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(h("span", { class: `wampum-tile ${cls}`, title }));
  return out;
}

export function drawOpponent(ctx, seat) {
  const { view } = ctx;
  const v = view.villages[seat];
  const acting = view.acting.includes(seat);
  const t = touched(view.marks[seat]);
  const doing = acting ? doingWords(view, seat) : "";
  return h("div", { class: `mb-opp seat-${COLOURS[seat]}${acting ? " acting" : ""}`, dataset: { seat } },
    h("div", { class: "opp-head" }, seatTag(seat, ctx.nameOf(seat)), h("b", { class: "score" }, String(v.score)),
      view.active === seat && !view.over ? h("span", { class: "badge active-badge" }, "active") : null,
      h("span", { class: "wait" }, doing)),
    h("div", { class: "opp-facts" },
      h("span", { title: "asleep in the wigwam" }, `wigwam ${v.wigwam}`),
      h("span", { title: "ready on the village square" }, `square ${v.square}`),
      h("span", { title: "Cree on the territory" }, `map ${v.territory}`),
      h("span", { title: "wampum: active / used" }, `wampum ${v.wampum_active}/${v.wampum_inactive}`)),
    h("div", { class: "opp-goods" },
      Object.entries(v.storage).map(([g, pieces]) => h("span", { class: `opp-sector${t.sectors.has(g) ? " last" : ""}${v.exempt.includes(g) ? " exempt" : ""}`,
        title: `${g} sector: ${pieces.length}${pieces.includes("feather") ? " (with feathers)" : ""}` }, goodChip(g), String(pieces.length))),
      Object.entries(v.ceremonial).map(([size, goods]) => h("span", { class: `opp-place${t.places.has(size) ? " last" : ""}`, title: `ceremony ${size}` },
        h("small", {}, `C${size}`), goods.map((g) => goodChip(g)), goods.length ? null : h("small", { class: "none" }, "—")))),
    h("div", { class: "opp-last", title: lastMoveText(view.marks[seat]) },
      lastMoveText(view.marks[seat]) || "\u00a0"));
}

// What an acting seat is doing, from the engine's phase in words ("… Blue is choosing a totem disk").
function doingWords(view, seat) {
  const phase = (view.header && view.header.phase) || "";
  const name = cap(COLOURS[seat]);
  const at = phase.indexOf(`${name} is `);
  return at >= 0 ? `${phase.slice(at + name.length + 4)}…` : "deciding…";
}
