// The parts of the Five Tribes board around the Sultanate: the Turn Order and Bid Order tracks, Djinn cards,
// the market row and Resource cards, the player panels and the score sheet. Pure renderers: each takes the
// game description, the view and callbacks, and returns DOM.
import { t } from "../../i18n.js";
import { h } from "../../kit/board.js";
import { camelIcon, meepleIcon } from "./sultanate.js";

export const YELLOW = 0;
export const WHITE = 1;

// A Turn marker: the seat's colour and symbol.
export function marker(ctx, seat, extra = "") {
  return h("span", { class: `ft-marker seat-${ctx.colour(seat)}${extra}`, title: t("{name}'s Turn marker", { name: ctx.name(seat) }) }, ctx.symbol(seat));
}

// The Turn Order track (costs, highest first, then the zero queue) and the Bid Order track.
// `spotActions(spot)` gives the legal bids for a spot (0..5 paid, 6 zero), `onSpot(spot)` is its click.
export function tracks(ctx, v, spotActions, onSpot) {
  const D = ctx.desc;
  const costs = D.turn_track;
  const zero = D.zero_bid;
  const zeroFree = v.turn_track.slice(zero).indexOf(-1);
  const spots = costs.map((cost, i) => {
    const m = v.turn_track[i];
    const spot = i < zero ? i : zero;
    const acts = m < 0 && (i < zero || i === zero + zeroFree) ? spotActions(spot) : [];
    const lit = acts.length > 0;
    const what = m >= 0 ? t("Turn Order spot: bid {cost} gold, taken by {name}", { cost, name: ctx.name(v.marker_seat[m]) })
      : lit ? t("Turn Order spot: bid {cost} gold, free: bid here", { cost }) : t("Turn Order spot: bid {cost} gold", { cost });
    return h("div", {
      class: `ft-spot${lit ? " lit" : ""}${m >= 0 ? " taken" : ""}`, dataset: lit ? { spot: i, bid: spot } : { spot: i }, title: what,
      role: lit ? "button" : null, tabindex: lit ? "0" : null,
      "aria-label": what,
      onclick: lit ? () => onSpot(spot, i) : null,
      onkeydown: lit ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onSpot(spot, i); } } : null,
    }, h("span", { class: "ft-cost" }, String(cost)), m >= 0 ? marker(ctx, v.marker_seat[m]) : null);
  });
  const bid = v.bid_track.map((m, i) => h("div", { class: "ft-bid-spot", title: t("Bid Order {n}: {name} bids in place {n}", { n: i + 1, name: ctx.name(v.marker_seat[m]) }) },
    h("small", {}, String(i + 1)), marker(ctx, v.marker_seat[m])));
  return h("section", { class: "ft-tracks", "aria-label": t("turn order") },
    h("div", { class: "ft-track-row" }, h("span", { class: "ft-track-name" }, t("Turn order")), h("div", { class: "ft-turn-track" }, spots)),
    h("div", { class: "ft-track-row" }, h("span", { class: "ft-track-name" }, t("Bid order")), h("div", { class: "ft-bid-track" }, bid)));
}

// A Djinn card: name, VP, cost and power in words; `buttons` (DOM) go at its foot.
export function djinnCard(ctx, d, opts = {}) {
  const dj = ctx.desc.djinns[d];
  const tip = t("{name} (Djinn, {vp} VP): {text}", { name: dj.name, vp: dj.vp, text: dj.text }) + " "
    + (dj.paid ? t("Cost: {cost}.", { cost: dj.cost_text }) : t("Always in effect."));
  return h("div", { class: `ft-djinn${opts.cls ? ` ${opts.cls}` : ""}${opts.used ? " used" : ""}`, dataset: { djinn: d }, title: tip },
    h("div", { class: "ft-djinn-head" }, h("b", {}, dj.name), h("span", { class: "ft-djinn-vp", title: t("victory points") }, String(dj.vp), h("small", {}, " " + t("VP")))),
    h("div", { class: "ft-djinn-text" }, dj.text),
    h("div", { class: "ft-djinn-cost" }, dj.paid ? t("Cost: {cost}", { cost: dj.cost_text }) + (opts.used ? " · " + t("used this turn") : "") : t("Always in effect")),
    opts.buttons && opts.buttons.length ? h("div", { class: "ft-djinn-buttons" }, opts.buttons) : null);
}

// A Resource card by name.
export function resourceCard(ctx, r, opts = {}) {
  const res = ctx.desc.resources[r];
  return h(opts.button ? "button" : "div", {
    class: `ft-card res-${res.code}${res.merchandise ? "" : " fakir"}${opts.cls ? ` ${opts.cls}` : ""}`,
    dataset: { card: r, index: opts.index ?? "" }, title: `${res.name}${opts.count > 1 ? ` ×${opts.count}` : ""}. ${res.text}`,
    onclick: opts.onclick || null, disabled: opts.disabled || null, "aria-pressed": opts.pressed === undefined ? null : String(opts.pressed),
  }, h("span", { class: "ft-card-name" }, res.name), opts.count > 1 ? h("b", { class: "ft-card-count" }, `×${opts.count}`) : null);
}

// The points anyone at the table can count, summed.
export function publicPoints(v, seat) {
  const p = v.public_points ? v.public_points[seat] : null;
  return p ? Object.values(p).reduce((a, b) => a + b, 0) : 0;
}

// The public points in words, category by category (the score sheet's names).
function pointsTitle(ctx, v, seat) {
  const p = v.public_points ? v.public_points[seat] : {};
  const parts = ctx.desc.score_sheet.filter(({ key }) => key in p).map(({ key, label }) => `${label} ${p[key]}`);
  return t("Points anyone can count (gold and cards are hidden): {points}", { points: parts.join(" · ") });
}

// A seat's holdings: the shared part's, and for the viewer's own seat its gold and cards from its own part
// (`you`: hidden holdings are there only).
export function holdings(v, seat) {
  const p = v.players[seat];
  const you = v.you;
  return you && you.seat === seat ? { ...p, gold: you.gold, resources: you.resources, merchandise_value: you.merchandise_value } : p;
}

// A player's panel: camels left, Viziers, Elders, cards, Djinns, gold (own only), public points.
export function playerPanel(ctx, v, seat, opts = {}) {
  const p = holdings(v, seat);
  const me = seat === ctx.me;
  const turn = v.header.acting.includes(seat);
  const stat = (cls, icon, value, label) => h("span", { class: `ft-stat ${cls}`, title: label, "aria-label": `${label}: ${value}` },
    icon, h("b", {}, String(value)));
  const stats = h("div", { class: "ft-stats" },
    stat("camels", camelIcon(ctx.colour(seat), 20), p.camels, t("camels left")),
    stat("viziers", meepleIcon(ctx.desc, YELLOW, 11), p.viziers, ctx.desc.tribes[YELLOW].plural),
    stat("elders", meepleIcon(ctx.desc, WHITE, 11), p.elders, ctx.desc.tribes[WHITE].plural),
    stat("cards", h("span", { class: "ft-mini-card", "aria-hidden": "true" }), p.cards, t("Resource cards")),
    p.gold !== null && p.gold !== undefined ? stat("gold", h("span", { class: "ft-coin", "aria-hidden": "true" }), p.gold, t("gold"))
      : h("span", { class: "ft-stat gold hidden", title: t("gold is kept face down") }, h("span", { class: "ft-coin", "aria-hidden": "true" }), "?"),
    h("span", { class: "ft-stat points", title: pointsTitle(ctx, v, seat) },
      h("b", {}, String(publicPoints(v, seat))), " " + t("pts")));
  const djinns = p.djinns.length && !opts.noDjinns
    ? h("div", { class: "ft-owned-djinns" }, p.djinns.map((d) => djinnCard(ctx, d, { cls: "mini" }))) : null;
  return h("div", {
    class: `ft-player seat-${ctx.colour(seat)}${turn ? " acting" : ""}${me ? " mine" : ""}`, dataset: { seat },
  }, h("div", { class: "ft-player-head" }, ctx.tag(seat), me ? h("small", {}, t("you")) : null,
    h("span", { class: "ft-wait" }, opts.wait || "")), stats, opts.extra || null, djinns);
}

// The score sheet, laid out like the physical pad: a row per category, a column per player.
export function scoreSheet(ctx, v, result) {
  const n = v.header.num_players;
  const seats = [...Array(n).keys()];
  const rows = result.breakdown;
  const winners = result.winners || [];
  return h("table", { class: "ft-sheet", id: "score-sheet" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", { class: winners.includes(s) ? "winner" : "" },
      ctx.tag(s), winners.includes(s) ? h("span", { class: "star", title: t("winner") }, " ★") : null)))),
    h("tbody", {},
      ctx.desc.score_sheet.map(({ key, label }) => h("tr", { dataset: { row: key } }, h("th", {}, label),
        seats.map((s) => h("td", {}, String(rows[s][key]))))),
      h("tr", { class: "total", dataset: { row: "total" } }, h("th", {}, t("Total")), seats.map((s) => h("td", {}, String(rows[s].total))))));
}
