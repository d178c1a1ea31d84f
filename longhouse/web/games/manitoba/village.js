// The villages: mine large along the bottom (wigwam, village square, the two ceremonial places, the four
// storage sectors with their point scale, wampum), the others as compact panels with the same facts.
// Sectors, places, wake-up counts and wampum uses are buttons whenever the engine offers them.
import { list, t, tn } from "../../i18n.js";
import { COLOURS, h } from "../../kit/board.js";
import { sectorAction } from "./legal.js";
import { cree, goodChip, seatTag, svgEl } from "./draw.js";

function creeRow(seat, count, cls, title) {
  const el = h("span", { class: `cree-row ${cls}`, title });
  for (let i = 0; i < count; i++) el.append(svgEl("-10 -16 20 28", "cree-svg", cree(seat, 0, 0)));
  if (!count) el.append(h("small", { class: "none" }, t("none")));
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

// A seat's last move in words, without the seat's name its events begin with (the board shows its tag).
export function lastMoveText(marks, desc) {
  const names = ((desc && desc.seats) || []).map((x) => String(x.name)).filter(Boolean);
  const lead = names.length ? new RegExp(`^(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")}) `) : null;
  const strip = (text) => (lead ? String(text).replace(lead, "") : String(text));
  const texts = (marks || []).filter((m) => !["exempt", "solstice"].includes(m.kind)).map((m) => strip(m.text));
  return texts.join("; ");
}

export function drawMyVillage(ctx) {
  const { view, ix, desc, w } = ctx;
  const me = view.header.viewer;
  const v = view.villages[me];
  const acting = !ctx.over && view.header.acting.includes(me);
  const mark = touched(view.marks[me]);
  const el = h("section", { class: `mb-village seat-${COLOURS[me]}${acting ? " acting" : ""}`, "aria-label": t("your village") });
  const exempt = v.exempt.length ? h("span", { class: "exempt" }, t("need not score: {goods}", { goods: list(v.exempt.map(w.good)) })) : null;
  el.append(h("div", { class: "village-head" }, seatTag(me, ctx.nameOf(me)), h("b", { class: "score" }, tn("{n} point", "{n} points", v.score)),
    view.active === me && !ctx.over ? h("span", { class: "badge active-badge" }, t("active player")) : null, exempt,
    h("span", { class: "on-territory" }, t("{n} Cree on the territory", { n: v.territory }))));

  // wigwam and village square
  const wakeButtons = Object.values(ix.wake).map((x) => h("button", { class: "wake-btn can", dataset: { cree: x.a.cree },
    onclick: () => ctx.send(x), title: x.text }, t("Wake {n}", { n: x.a.cree })));
  const wigwam = h("div", { class: `wigwam box${wakeButtons.length ? " can" : ""}` }, h("h4", {}, t("Wigwam"), " ", h("small", {}, t("asleep"))),
    creeRow(me, v.wigwam, "asleep", t("{n} Cree asleep in the wigwam (wake them up to use them)", { n: v.wigwam })),
    wakeButtons.length ? h("div", { class: "wake-row" }, wakeButtons) : null);
  const square = h("div", { class: "square box" }, h("h4", {}, t("Village square"), " ", h("small", {}, t("ready"))),
    creeRow(me, v.square, "awake", t("{n} Cree ready on the village square", { n: v.square })));

  // ceremonial places
  const places = desc.ceremonial_sizes.map((size) => {
    const goods = v.ceremonial[String(size)];
    const act = ix.ceremony[size];
    const slots = [];
    for (let i = 0; i < size; i++) slots.push(h("span", { class: "slot" }, goods[i] ? goodChip(goods[i]) : null));
    return h(act ? "button" : "div", {
      class: `ceremonial box${act ? " can" : ""}${mark.places.has(String(size)) ? " last" : ""}`, dataset: { place: size },
      title: act ? act.text : t("{n} spaces — {text}", { n: size, text: desc.piece_texts.ceremonial }),
      onclick: act ? () => ctx.send(act) : null,
    }, h("h4", {}, t("Ceremony {n}", { n: size })), h("span", { class: "slots" }, slots));
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
    const what = act ? act.text : tn("{goods}: {n} piece, worth {points} at a scoring", "{goods}: {n} pieces, worth {points} at a scoring",
      pieces.length, { goods: w.good(good), points: scale[pieces.length] });
    return h(act ? "button" : "div", {
      class: `sector box${act ? " can" : ""}${mark.sectors.has(good) ? " last" : ""}${v.exempt.includes(good) ? " exempt" : ""}`,
      dataset: { sector: good }, title: what, "aria-label": what, onclick: act ? () => ctx.send(act) : null,
    }, h("span", { class: "cells", dataset: v.exempt.includes(good) ? { note: t("scoring optional") } : {} }, cells), h("span", { class: "sector-name" }, goodChip(good), h("span", { class: "sector-word" }, w.good(good)),
      h("b", { class: "worth", title: tn("{n} piece scores {points}", "{n} pieces score {points}", pieces.length, { points: scale[pieces.length] }) },
        `${pieces.length}→${scale[pieces.length]}`)));
  });

  // wampum tiles and their uses
  const uses = [];
  if (ix.wampumWake) uses.push(h("button", { class: "wampum-use can", id: "wampum-wake", onclick: () => ctx.send(ix.wampumWake), title: ix.wampumWake.text }, t("Use: wake a Cree")));
  if (Object.keys(ix.wampumTrade).length) {
    uses.push(h("button", { class: `wampum-use can${ctx.tradeMode ? " on" : ""}`, id: "wampum-trade", "aria-pressed": ctx.tradeMode ? "true" : "false",
      onclick: () => ctx.setTradeMode(!ctx.tradeMode), title: t("turn your top berry into another good: then click the sector") },
    ctx.tradeMode ? t("Trade: click a lit sector") : t("Use: berry → other good")));
  }
  const wampum = h("div", { class: `wampum box${uses.length ? " can" : ""}` }, h("h4", {}, t("Wampum")),
    h("span", { class: "wampum-tiles" }, tiles(v.wampum_active, "active", desc.piece_texts.wampum_active),
      tiles(v.wampum_inactive, "used", desc.piece_texts.wampum_used)),
    h("small", {}, t("{active} active · {used} used", { active: v.wampum_active, used: v.wampum_inactive })), uses);

  el.append(h("div", { class: "village-body" },
    h("div", { class: "people" }, wigwam, square),
    h("div", { class: "places" }, places),
    h("div", { class: "storage", role: "group", "aria-label": t("storage sectors") }, sectors),
    wampum));
  return el;
}

function tiles(n, cls, title) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(h("span", { class: `wampum-tile ${cls}`, title }));
  return out;
}

export function drawOpponent(ctx, seat) {
  const { view, w } = ctx;
  const v = view.villages[seat];
  const acting = !ctx.over && view.header.acting.includes(seat);
  const mark = touched(view.marks[seat]);
  const doing = acting ? doingWords(view, ctx.nameOf, seat) : "";
  const last = lastMoveText(view.marks[seat], ctx.desc);
  return h("div", { class: `mb-opp seat-${COLOURS[seat]}${acting ? " acting" : ""}`, dataset: { seat } },
    h("div", { class: "opp-head" }, seatTag(seat, ctx.nameOf(seat)), h("b", { class: "score" }, String(v.score)),
      view.active === seat && !ctx.over ? h("span", { class: "badge active-badge" }, t("active")) : null,
      h("span", { class: "wait" }, doing)),
    h("div", { class: "opp-facts" },
      h("span", { title: t("asleep in the wigwam") }, t("wigwam {n}", { n: v.wigwam })),
      h("span", { title: t("ready on the village square") }, t("square {n}", { n: v.square })),
      h("span", { title: t("Cree on the territory") }, t("map {n}", { n: v.territory })),
      h("span", { title: t("wampum: active / used") }, t("wampum {active}/{used}", { active: v.wampum_active, used: v.wampum_inactive }))),
    h("div", { class: "opp-goods" },
      Object.entries(v.storage).map(([g, pieces]) => h("span", { class: `opp-sector${mark.sectors.has(g) ? " last" : ""}${v.exempt.includes(g) ? " exempt" : ""}`,
        title: pieces.includes("feather") ? t("{goods}: {n} (with feathers)", { goods: w.good(g), n: pieces.length })
          : t("{goods}: {n}", { goods: w.good(g), n: pieces.length }) }, goodChip(g), String(pieces.length))),
      Object.entries(v.ceremonial).map(([size, goods]) => h("span", { class: `opp-place${mark.places.has(size) ? " last" : ""}`, title: t("Ceremony {n}", { n: size }) },
        h("small", {}, t("C{n}", { n: size })), goods.map((g) => goodChip(g)), goods.length ? null : h("small", { class: "none" }, "—")))),
    h("div", { class: "opp-last", title: last }, last || "\u00a0"));
}

// What an acting seat is doing, from the engine's phase in words ("Round 2 of 16, spring: Blue is choosing a
// totem disk"): what follows the seat's name (in English without its "is").
function doingWords(view, nameOf, seat) {
  const phase = String((view.header && view.header.phase) || "");
  const names = [view.header && view.header.seats && view.header.seats[seat] && view.header.seats[seat].name, nameOf(seat)];
  for (const name of names.filter(Boolean)) {
    const at = phase.indexOf(`: ${name} `);
    if (at >= 0) return `${phase.slice(at + name.length + 3).replace(/^is /, "")}…`;
  }
  return t("deciding…");
}
