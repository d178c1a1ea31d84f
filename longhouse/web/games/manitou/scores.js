// Manitou's scores after a hunt and at the end: written on the board (each herd says who took it, each lane
// what it won) and in a panel in the player's own area, never a modal: the board stays there to study.
import { h } from "../../kit/board.js";

function signed(x) { return x > 0 ? `+${x}` : String(x); }

// What a ground's hunt gave, for its head: who took each herd, which ran away, who took prisoners.
export function herdNotes(report, tag) {
  if (!report) return null;
  const notes = [];
  for (const b of report.buffalo_won) notes.push(h("li", {}, tag(b.seat), ` takes the ${b.value}`));
  for (const value of report.buffalo_lost) notes.push(h("li", { class: "lost" }, `the ${value} runs away`));
  if (report.controller !== null && report.controller !== undefined) {
    notes.push(h("li", {}, tag(report.controller),
      ` ${report.prisoners} prisoner${report.prisoners === 1 ? "" : "s"}`));
  }
  if (!notes.length) notes.push(h("li", { class: "lost" }, "no one hunts here"));
  return h("ul", { class: "hunt-notes", "aria-label": "what this hunt gave" }, notes);
}

// What one seat's lane won on a ground: the buffalo it took and, for the controller, its prisoners.
export function laneNote(report, seat) {
  if (!report) return null;
  const parts = report.buffalo_won.filter((b) => b.seat === seat)
    .map((b) => h("span", { class: "lane-won", title: `took the ${b.value} herd here` }, `+${b.value}`));
  if (report.controller === seat && report.prisoners) {
    parts.push(h("span", { class: "lane-won", title: `${report.prisoners} prisoners taken here` }, `+${report.prisoners} pr`));
  }
  return parts.length ? parts : null;
}

// The panel in my own area: the hunt's points per seat, the pelt robbers, Continue (or the final results).
export function scorePanel(v, me, ctx) {
  const { tag, legal, send, pending } = ctx;
  const seats = [...Array(v.num_players).keys()];
  const lh = v.last_hunt;
  const head = (s) => h("th", { scope: "col", class: v.phase === "over" && v.winners.includes(s) ? "winner" : "" },
    tag(s), v.phase === "over" && v.winners.includes(s) ? h("span", { class: "star", title: "winner" }, " ★") : null);
  const row = (label, cells, cls = "") => h("tr", { class: cls }, h("th", { scope: "row" }, label),
    cells.map((c) => h("td", {}, c)));
  const rows = [];
  if (lh) {
    rows.push(row("Hunters played", seats.map((s) => String(lh.hunter_totals[s]))));
    rows.push(row(`Hunt ${lh.hunt}`, seats.map((s) => signed(lh.points[s]))));
  }
  if (v.phase === "over") {
    for (const [k, label] of [["buffalo", "Buffalo"], ["prisoners", "Prisoners"], ["pelt_robbers", "Pelt robbers"]]) {
      rows.push(row(label, seats.map((s) => String(v.breakdown[s][k]))));
    }
  }
  rows.push(row("Total", seats.map((s) => String(v.scores[s])), "total"));
  const table = h("table", { class: "score-table points" },
    h("thead", {}, h("tr", {}, h("td", {}), seats.map(head))), h("tbody", {}, rows));
  const robbers = lh ? h("p", { class: "robbers" }, lh.pelt_robbers.length
    ? h("span", {}, "Pelt robbers (−10) visit ", lh.pelt_robbers.map((s) => tag(s)),
      ` — most hunters played (${Math.max(...lh.hunter_totals)})`)
    : "No pelt robbers this hunt.") : null;
  let foot;
  if (v.phase === "score") {
    const canConfirm = legal.of("done").length > 0;
    const waiting = v.players.filter((p) => !p.ready).map((p) => p.seat);
    foot = h("div", { class: "score-foot" },
      canConfirm ? h("button", { id: "score-continue", class: "primary big", disabled: pending(),
        onclick: () => send({ type: "done" }) }, "Continue to the next hunt")
        : h("span", {}, me === null ? "" : "You are ready."),
      waiting.length ? h("p", { class: "waiting-for" }, "Waiting for: ", waiting.map((s) => tag(s))) : null);
  } else {
    foot = h("div", { class: "score-foot" }, h("a", { href: "/", class: "button primary" }, "Back to the lobby"));
  }
  return h("section", { class: "score-panel", "aria-label": "scores" },
    h("h2", {}, v.phase === "over" ? "The game is over — Final results" : `Scores after hunt ${lh ? lh.hunt : ""}`,
      h("small", {}, " · the board shows what each herd gave")),
    h("div", { class: "score-body" }, table, h("div", { class: "score-side" }, robbers, foot)));
}
