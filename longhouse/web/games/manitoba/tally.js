// The scorings on the board: after a score tile's scoring (and the end of a season) and after the final
// scoring, a panel shows per seat what was scored — the tile, goods, pieces, points, sacrifices, wampum —
// until the player confirms it with OK. The final panel adds the score sheet by category.
import { COLOURS, cap, h } from "../../kit/board.js";
import { goodChip, seatTag } from "./draw.js";
import { tileWords } from "./side.js";

export function tallyKey(tally) {
  return tally ? `${tally.kind}:${tally.season}:${tally.round}:${tally.card}` : null;
}

// Whether the last scoring is finished (no seat still choosing what to score) and recent enough to show.
export function tallyReady(view) {
  const t = view.tally;
  if (!t || t.kind === "none") return false;
  if (t.kind === "final") return view.over || !!(view.header && view.header.over);
  const choosing = view.decision && ["score", "refill"].includes(view.decision.kind);
  return !choosing && view.round - t.round <= 1;
}

function signed(x) { return x > 0 ? `+${x}` : String(x); }

export function drawTally(ctx, onOk) {
  const { view } = ctx;
  const t = view.tally;
  const final = t.kind === "final";
  const seats = t.rows.map((r) => r.seat);
  const title = final ? "Final scoring" : `${cap(t.season)} scoring — card ${t.card}`;
  const rowFor = (r) => {
    const parts = [];
    for (const x of r.scored) parts.push(h("span", { class: "scored" }, goodChip(x.good), `${x.pieces} → ${signed(x.points)}`));
    for (const g of r.skipped) parts.push(h("span", { class: "skipped" }, g ? [goodChip(g), " not scored"] : "did not score"));
    return h("tr", { class: `seat-${COLOURS[r.seat]}` }, h("th", {}, seatTag(r.seat, ctx.nameOf(r.seat))),
      final ? h("td", {}, r.sacrificed.length ? r.sacrificed.map((g) => goodChip(g)) : h("small", {}, "none")) : null,
      h("td", { class: "scored-cell" }, parts.length ? parts : h("small", {}, "—")),
      final ? h("td", {}, signed(r.wampum)) : h("td", {}, r.cree_home ? `${r.cree_home} Cree home` : "—"),
      h("td", { class: "total" }, String(t.scores[r.seat])));
  };
  const table = h("table", { class: "score-table tally-table" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), final ? h("th", {}, "Sacrificed") : null, h("th", {}, final ? "Goods scored" : "Scored"),
      h("th", {}, final ? "Wampum" : "Back to wigwam"), h("th", {}, "Score"))),
    h("tbody", {}, t.rows.map(rowFor)));
  /** @type {HTMLElement[]} */
  const parts = [h("h2", {}, title)];
  if (t.tile && !final) parts.push(h("p", { class: "tile-line" }, "Score tile: ", tileWords(t.tile), ` — ${t.tile.text}`));
  parts.push(table);
  if (t.season_end) {
    parts.push(h("p", { class: "season-end" }, `End of ${t.season}: feathers left storage, Cree on mountains went home, `
      + "empty mountains got a feather, and everybody woke up a Cree."));
  }
  if (final) parts.push(finalSheet(ctx, seats));
  const ok = h("button", { id: "tally-ok", class: "primary big", onclick: onOk }, final ? "See the board" : "OK");
  parts.push(h("div", { class: "row" }, ok, final ? h("a", { href: "/", class: "button" }, "Back to the lobby") : null));
  return h("div", { class: `score-screen panel tally${final ? " final" : ""}`, role: "dialog", "aria-label": title }, parts);
}

function finalSheet(ctx, seats) {
  const { view } = ctx;
  const winners = (view.header && view.header.winners) || view.winners || [];
  const cats = Object.keys(view.villages[0].breakdown);
  return h("section", {}, h("h3", {}, "Final results"),
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", { class: winners.includes(s) ? "winner" : "" },
        seatTag(s, ctx.nameOf(s)), winners.includes(s) ? h("span", { class: "star", title: "winner" }, " ★") : "")))),
      h("tbody", {},
        cats.map((c) => h("tr", {}, h("th", {}, cap(c.replace(/_/g, " "))), seats.map((s) => h("td", {}, String(view.villages[s].breakdown[c]))))),
        h("tr", { class: "total" }, h("th", {}, "Total"), seats.map((s) => h("td", {}, String(view.villages[s].score)))))));
}
