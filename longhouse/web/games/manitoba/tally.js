// The scorings on the board: after a score tile's scoring (and the end of a season) and after the final
// scoring, a panel shows per seat what was scored — the tile, goods, pieces, points, sacrifices, wampum —
// until the player confirms it with OK. The final panel adds the score sheet by category.
import { N_, t } from "../../i18n.js";
import { COLOURS, h } from "../../kit/board.js";
import { goodChip, seatTag } from "./draw.js";
import { tileWords } from "./side.js";

export function tallyKey(tally) {
  return tally ? `${tally.kind}:${tally.season}:${tally.round}:${tally.card}` : null;
}

// Whether the last scoring is finished (no seat still choosing what to score) and recent enough to show.
export function tallyReady(view) {
  const tally = view.tally;
  if (!tally || tally.kind === "none") return false;
  if (tally.kind === "final") return !!view.header.over;
  const choosing = view.decision && ["score", "refill"].includes(view.decision.kind);
  return !choosing && view.round - tally.round <= 1;
}

function signed(x) { return x > 0 ? `+${x}` : String(x); }

// The score sheet's categories (the engine's score breakdown keys).
const CATEGORIES = {
  vision: N_("Vision paths"), wake_ups: N_("Wake-ups"), events: N_("Events"), scorings: N_("Scorings"),
  final_scoring: N_("Final scoring"), wampum: N_("Wampum"),
};

export function drawTally(ctx, onOk) {
  const { view, w } = ctx;
  const tally = view.tally;
  const final = tally.kind === "final";
  const seats = tally.rows.map((r) => r.seat);
  const title = final ? t("Final scoring") : t("{season} scoring — card {card}", { season: w.season(tally.season), card: tally.card });
  const rowFor = (r) => {
    const parts = [];
    for (const x of r.scored) parts.push(h("span", { class: "scored" }, goodChip(x.good), `${x.pieces} → ${signed(x.points)}`));
    for (const g of r.skipped) parts.push(h("span", { class: "skipped" }, g ? [goodChip(g), " ", t("not scored")] : t("did not score")));
    return h("tr", { class: `seat-${COLOURS[r.seat]}` }, h("th", {}, seatTag(r.seat, ctx.nameOf(r.seat))),
      final ? h("td", {}, r.sacrificed.length ? r.sacrificed.map((g) => goodChip(g)) : h("small", {}, t("none"))) : null,
      h("td", { class: "scored-cell" }, parts.length ? parts : h("small", {}, "—")),
      final ? h("td", {}, signed(r.wampum)) : h("td", {}, r.cree_home ? t("{n} Cree home", { n: r.cree_home }) : "—"),
      h("td", { class: "total" }, String(tally.scores[r.seat])));
  };
  const table = h("table", { class: "score-table tally-table" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), final ? h("th", {}, t("Sacrificed")) : null, h("th", {}, final ? t("Goods scored") : t("Scored")),
      h("th", {}, final ? t("Wampum") : t("Back to wigwam")), h("th", {}, t("Score")))),
    h("tbody", {}, tally.rows.map(rowFor)));
  /** @type {HTMLElement[]} */
  const parts = [h("h2", {}, title)];
  if (tally.tile && !final) parts.push(h("p", { class: "tile-line" }, t("Score tile:"), " ", tileWords(tally.tile), ` — ${tally.tile.text}`));
  parts.push(table);
  if (tally.season_end) {
    parts.push(h("p", { class: "season-end" }, t("End of {season}: feathers left storage, Cree on mountains went home, "
      + "empty mountains got a feather, and everybody woke up a Cree.", { season: w.season(tally.season) })));
  }
  if (final) parts.push(finalSheet(ctx, seats));
  const ok = h("button", { id: "tally-ok", class: "primary big", onclick: onOk }, final ? t("See the board") : t("OK"));
  parts.push(h("div", { class: "row" }, ok, final ? h("a", { href: "/", class: "button" }, t("Back to the lobby")) : null));
  return h("div", { class: `score-screen panel tally${final ? " final" : ""}`, role: "dialog", "aria-label": title }, parts);
}

function finalSheet(ctx, seats) {
  const { view } = ctx;
  const winners = view.header.winners || [];
  const cats = Object.keys(view.villages[0].breakdown);
  return h("section", {}, h("h3", {}, t("Final results")),
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", { class: winners.includes(s) ? "winner" : "" },
        seatTag(s, ctx.nameOf(s)), winners.includes(s) ? h("span", { class: "star", title: t("winner") }, " ★") : "")))),
      h("tbody", {},
        cats.map((c) => h("tr", {}, h("th", {}, CATEGORIES[c] ? t(CATEGORIES[c]) : c), seats.map((s) => h("td", {}, String(view.villages[s].breakdown[c]))))),
        h("tr", { class: "total" }, h("th", {}, t("Total")), seats.map((s) => h("td", {}, String(view.villages[s].score)))))));
}
