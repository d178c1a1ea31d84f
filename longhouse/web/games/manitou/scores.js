// Manitou's scores after a hunt and at the end: written on the board (each herd says who took it, each lane
// what it won) and in a panel in the player's own area, never a modal: the board stays there to study.
import { N_, number, t, tn } from "../../i18n.js";
import { h } from "../../kit/board.js";

// "+5", "−10", "0" in the page's language.
function signed(x) { return number(x, { signDisplay: "exceptZero" }); }

// The final breakdown's rows: the view's `breakdown` keys and their headings.
const PARTS = [["buffalo", N_("Buffalo")], ["prisoners", N_("Prisoners")], ["pelt_robbers", N_("Pelt robbers")]];

// What a ground's hunt gave, for its head: who took each herd, which ran away, who took prisoners.
export function herdNotes(report, tag) {
  if (!report) return null;
  const notes = [];
  for (const b of report.buffalo_won) notes.push(h("li", {}, tag(b.seat), " ", t("takes the {value}", { value: number(b.value) })));
  for (const value of report.buffalo_lost) notes.push(h("li", { class: "lost" }, t("the {value} runs away", { value: number(value) })));
  if (report.controller !== null && report.controller !== undefined) {
    notes.push(h("li", {}, tag(report.controller), " ", tn("{n} prisoner", "{n} prisoners", report.prisoners)));
  }
  if (!notes.length) notes.push(h("li", { class: "lost" }, t("no one hunts here")));
  return h("ul", { class: "hunt-notes", "aria-label": t("what this hunt gave") }, notes);
}

// What one seat's lane won on a ground: the buffalo it took and, for the controller, its prisoners.
export function laneNote(report, seat) {
  if (!report) return null;
  const parts = report.buffalo_won.filter((b) => b.seat === seat)
    .map((b) => h("span", { class: "lane-won", title: t("took the {value} herd here", { value: number(b.value) }) }, signed(b.value)));
  if (report.controller === seat && report.prisoners) {
    parts.push(h("span", { class: "lane-won", title: tn("{n} prisoner taken here", "{n} prisoners taken here", report.prisoners) },
      // the short mark of prisoners beside the lane ("+2 pr"), its words in the tooltip
      t("+{n} pr", { n: number(report.prisoners) })));
  }
  return parts.length ? parts : null;
}

// The panel in my own area: the hunt's points per seat, the pelt robbers, Continue (or the final results).
export function scorePanel(v, me, ctx) {
  const { tag, legal, send, pending } = ctx;
  const seats = [...Array(v.header.num_players).keys()];
  const lh = v.last_hunt;
  const head = (s) => h("th", { scope: "col", class: v.stage === "over" && v.header.winners.includes(s) ? "winner" : "" },
    tag(s), v.stage === "over" && v.header.winners.includes(s) ? h("span", { class: "star", title: t("winner") }, " ★") : null);
  const row = (label, cells, cls = "") => h("tr", { class: cls }, h("th", { scope: "row" }, label),
    cells.map((c) => h("td", {}, c)));
  const rows = [];
  if (lh) {
    rows.push(row(t("Hunters played"), seats.map((s) => number(lh.hunter_totals[s]))));
    rows.push(row(t("Hunt {hunt}", { hunt: number(lh.hunt) }), seats.map((s) => signed(lh.points[s]))));
  }
  if (v.stage === "over") {
    for (const [k, label] of PARTS) rows.push(row(t(label), seats.map((s) => number(v.breakdown[s][k]))));
  }
  rows.push(row(t("Total"), seats.map((s) => number(v.header.scores[s])), "total"));
  const table = h("table", { class: "score-table points" },
    h("thead", {}, h("tr", {}, h("td", {}), seats.map(head))), h("tbody", {}, rows));
  const robbers = lh ? h("p", { class: "robbers" }, lh.pelt_robbers.length
    ? h("span", {}, t("Pelt robbers (−10) visit"), " ", lh.pelt_robbers.map((s) => tag(s)), " ",
      t("— most hunters played ({n})", { n: number(Math.max(...lh.hunter_totals)) }))
    : t("No pelt robbers this hunt.")) : null;
  let foot;
  if (v.stage === "score") {
    const canConfirm = legal.of("done").length > 0;
    const waiting = v.players.filter((p) => !p.ready).map((p) => p.seat);
    foot = h("div", { class: "score-foot" },
      canConfirm ? h("button", { id: "score-continue", class: "primary big", disabled: pending(),
        onclick: () => send({ type: "done" }) }, t("Continue to the next hunt"))
        : h("span", {}, me === null ? "" : t("You are ready.")),
      waiting.length ? h("p", { class: "waiting-for" }, t("Waiting for:"), " ", waiting.map((s) => tag(s))) : null);
  } else {
    foot = h("div", { class: "score-foot" }, h("a", { href: "/", class: "button primary" }, t("Back to the lobby")));
  }
  return h("section", { class: "score-panel", "aria-label": t("scores") },
    h("h2", {}, v.stage === "over" ? t("The game is over — Final results") : t("Scores after hunt {hunt}", { hunt: lh ? number(lh.hunt) : "" }),
      h("small", {}, " · ", t("the board shows what each herd gave"))),
    h("div", { class: "score-body" }, table, h("div", { class: "score-side" }, robbers, foot)));
}
