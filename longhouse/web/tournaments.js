// Tournaments: the list (open, running, finished) with the form to create one, a tournament's page
// (players, rounds and their tables with links to play, watch and replay, live standings, the creator's and
// admins' controls), and a player's tournaments for their page. The rules: docs/tournaments.md.
import { api } from "./net.js";
import { playerLink } from "./player.js";
import { h, missingPage, navigate, toast } from "./ui.js";

// Every text of these pages, in one place.
const T = {
  formats: { swiss: "Swiss", round_robin: "Round robin", knockout: "Knock-out" },
  paces: { real_time: "Real time", turn_based: "Turn-based" },
  status: { open: "registration open", running: "playing", paused: "paused", over: "finished", cancelled: "cancelled" },
  sections: { open: "Open for registration", running: "Playing now", finished: "Finished" },
  none: { open: "No tournament is open for registration.", running: "No tournament is being played.",
    finished: "No tournament has finished yet." },
};
const REFRESH_MS = 3000;

function when(t) {
  return t ? new Date(t * 1000).toLocaleString([], { dateStyle: "medium", timeStyle: "short" }) : "";
}

function pts(x) { return Number.isInteger(x) ? String(x) : x.toFixed(1); }

// What a tournament is, in a line: game, format, players a table, rounds, pace.
function describe(t) {
  const table = t.format === "swiss" ? `, ${t.table_size} a table` : "";
  const rounds = t.status === "open" && t.format !== "swiss" ? "" : `, ${t.rounds} round${t.rounds === 1 ? "" : "s"}`;
  return `${t.title} · ${T.formats[t.format]}${table}${rounds}`;
}

function badge(status) { return h("span", { class: `badge t-${status}` }, T.status[status] || status); }

function listRow(t) {
  const right = t.status === "open" ? `starts ${when(t.starts)}`
    : t.status === "over" ? (t.champion ? `champion: ${t.champion}` : "") : t.status === "cancelled" ? (t.note || "")
      : `round ${t.round} of ${t.rounds}`;
  return h("li", { class: "t-row panel", dataset: { tournament: t.id } },
    h("a", { href: `/tournament/${t.id}`, class: "t-name" }, t.name),
    h("span", { class: "t-what" }, `${describe(t)} · ${T.paces[t.pace]}`),
    h("span", { class: "t-count" }, `${t.players}${t.status === "open" ? ` / ${t.cap}` : ""} players`),
    badge(t.status), t.registered ? h("span", { class: "badge t-mine" }, "you play") : null,
    h("span", { class: "t-when" }, right));
}

function createForm(data, done) {
  const field = (label, input) => h("label", {}, label, input);
  const name = h("input", { name: "name", required: true, maxlength: "60", placeholder: "Autumn cup" });
  const game = h("select", { name: "game" }, data.games.map((g) => h("option", { value: g.name }, g.title)));
  const format = h("select", { name: "format" }, Object.entries(T.formats).map(([k, v]) => h("option", { value: k }, v)));
  const size = h("select", { name: "table_size" }, [2, 3, 4].map((n) => h("option", { value: String(n), selected: n === 4 }, `${n} a table`)));
  const rounds = h("input", { name: "rounds", type: "number", min: "1", max: "20", value: "3" });
  const cap = h("input", { name: "cap", type: "number", min: "2", max: "256", value: "32" });
  const pace = h("select", { name: "pace" }, Object.entries(T.paces).map(([k, v]) => h("option", { value: k }, v)));
  const soon = new Date(Date.now() + 30 * 60000);
  soon.setSeconds(0, 0);
  const local = new Date(soon.getTime() - soon.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
  const starts = h("input", { name: "starts", type: "datetime-local", value: local, required: true });
  const error = h("p", { class: "form-error", role: "alert" });
  // round robin and knock-out are two a table: the choice of size is Swiss only
  const sync = () => { size.disabled = format.value !== "swiss"; rounds.disabled = format.value !== "swiss"; };
  format.addEventListener("change", sync);
  const form = h("form", { class: "t-create", onsubmit: async (e) => {
    e.preventDefault();
    error.textContent = "";
    try {
      const body = { name: name.value, game: game.value, format: format.value, pace: pace.value,
        cap: Number(cap.value), starts: new Date(starts.value).getTime() / 1000 };
      if (format.value === "swiss") Object.assign(body, { table_size: Number(size.value), rounds: Number(rounds.value) });
      const made = await api("/api/tournaments", body);
      done(made.id);
    } catch (err) { error.textContent = err.message; }
  } }, field("Name", name), field("Game", game), field("Format", format), field("Players a table", size),
  field("Rounds", rounds), field("Most players", cap), field("Pace", pace), field("Starts", starts), error,
  h("button", { type: "submit", class: "primary", id: "t-create" }, "Create tournament"));
  return h("details", { class: "t-new panel" }, h("summary", {}, "New tournament"), form);
}

export async function showTournaments(root) {
  let data;
  try { data = await api("/api/tournaments"); } catch (e) { root.replaceChildren(missingPage("Tournaments", e.message)); return null; }
  const sections = ["running", "open", "finished"].map((key) => h("section", { class: "t-section", dataset: { section: key } },
    h("h2", {}, T.sections[key], h("small", {}, ` · ${data[key].length}`)),
    data[key].length ? h("ul", { class: "t-list" }, data[key].map(listRow)) : h("p", { class: "empty" }, T.none[key])));
  root.replaceChildren(h("div", { class: "tournaments" },
    h("div", { class: "t-head" }, h("h1", {}, "Tournaments"),
      h("a", { href: "/seasons", class: "button" }, "Seasons")),
    h("p", { class: "lead" }, "Register, check in shortly before the start, and the hall seats you at each round's table. "
      + "Places earn points (6 for a win, 0 for the last place); ties are broken by the opponents' points, then the score."),
    data.can_create ? createForm(data, (id) => navigate(`/tournament/${id}`)) : null,
    ...sections));
  return null;
}

function gameCard(t, g) {
  const done = g.state === "done";
  const people = g.players.map((name, i) => h("li", { class: g.forfeits.includes(name) ? "forfeit" : "" },
    playerLink(name),
    g.points ? h("b", { class: "t-points" }, ` ${pts(g.points[i])}`) : null,
    g.scores ? h("span", { class: "t-score" }, ` (${g.scores[i]})`) : null,
    g.forfeits.includes(name) ? h("span", { class: "t-note" }, " forfeit")
      : !done && g.state !== "bye" && !g.arrived.includes(name) ? h("span", { class: "t-note" }, " not here yet") : null));
  const links = g.table === null ? [] : done
    ? [h("a", { href: `/replay/${g.table}`, class: "button" }, "Replay")]
    : [h("a", { href: `/table/${g.table}`, class: "button primary" }, t.you.table === g.table ? "Play" : "Watch")];
  return h("li", { class: `t-game panel ${g.state}`, dataset: { table: g.table ?? "" } },
    h("div", { class: "t-game-head" }, h("b", {}, g.state === "bye" ? "Bye" : `Table ${g.table ?? "…"}`),
      h("span", { class: "t-game-state" }, g.state === "playing" ? "playing" : g.state === "done" ? "finished" : ""), ...links),
    h("ol", { class: "t-seats" }, people));
}

function standingsTable(rows, final) {
  if (!rows.length) return h("p", { class: "empty" }, "The standings appear once the first round is played.");
  const head = ["#", "Player", "Points", "Opp. points", "Score", "Games"];
  return h("table", { class: "t-standings" },
    h("thead", {}, h("tr", {}, head.map((x, i) => h("th", { class: i > 1 ? "num" : null }, x)))),
    h("tbody", {}, rows.map((r) => h("tr", { class: r.removed ? "removed" : "" },
      h("td", { class: "rank", dataset: { label: "#" } }, final && r.place === 1 ? "★ 1" : String(r.place)),
      h("td", { dataset: { label: "Player" } }, playerLink(r.name), r.removed ? " (removed)" : ""),
      h("td", { class: "num t-points", dataset: { label: "Points" } }, pts(r.points)),
      h("td", { class: "num", dataset: { label: "Opp." } }, pts(r.opponents)),
      h("td", { class: "num", dataset: { label: "Score" } }, pts(r.score)),
      h("td", { class: "num", dataset: { label: "Games" } }, `${r.games}${r.byes ? ` + ${r.byes} bye` : ""}`)))));
}

function controls(t, act) {
  const you = t.you;
  const mine = [];
  if (t.status === "open" && you.can_register) {
    if (!you.registered) mine.push(h("button", { class: "primary", id: "t-register", onclick: () => act("register") }, "Register"));
    else {
      if (!you.checked_in) {
        const opens = t.starts - t.checkin;
        mine.push(h("button", { class: "primary", id: "t-checkin", disabled: t.checkin > 0 && t.now < opens,
          title: t.checkin > 0 ? `check-in opens ${when(opens)}` : null, onclick: () => act("checkin") }, "Check in"));
      } else mine.push(h("span", { class: "badge t-mine" }, "checked in"));
      mine.push(h("button", { id: "t-unregister", onclick: () => act("unregister") }, "Leave"));
    }
  }
  if (you.table) mine.push(h("a", { href: `/table/${you.table}`, class: "button primary", id: "t-your-table" }, `Your table: ${you.table}`));
  const manage = [];
  if (you.manage) {
    if (t.status === "open") {
      manage.push(h("button", { id: "t-start", onclick: () => act("start") }, "Start now"),
        h("button", { id: "t-cancel", onclick: () => act("cancel") }, "Cancel"));
    }
    if (t.status === "running") manage.push(h("button", { id: "t-pause", onclick: () => act("pause") }, "Pause"));
    if (t.status === "paused") manage.push(h("button", { id: "t-resume", class: "primary", onclick: () => act("resume") }, "Resume"));
    const removable = t.players_list.filter((p) => !p.removed);
    if (["open", "running", "paused"].includes(t.status) && removable.length) {
      const who = h("select", { id: "t-remove-who", "aria-label": "player to remove" }, removable.map((p) => h("option", { value: p.name }, p.name)));
      manage.push(h("span", { class: "t-remove" }, who,
        h("button", { id: "t-remove", onclick: () => act("remove", { name: who.value }) }, "Remove player")));
    }
  }
  return h("div", { class: "t-controls" }, ...mine,
    manage.length ? h("div", { class: "t-manage", role: "group", "aria-label": "organiser's controls" },
      h("span", { class: "t-manage-label" }, "Organiser:"), ...manage) : null);
}

export async function showTournament(root, id) {
  let timer = null;
  let seen = null;  // my table when the page last looked: a new one is where the hall takes me
  async function act(what, body = {}) {
    try { await api(`/api/tournaments/${id}/${what}`, body); } catch (e) { toast(e.message, "error"); }
    await load();
  }
  async function load() {
    let t;
    try { t = await api(`/api/tournaments/${id}`); } catch (e) {
      root.replaceChildren(missingPage(`Tournament ${id}`, e.message));
      return;
    }
    if (t.you.table && seen !== null && t.you.table !== seen) { navigate(`/table/${t.you.table}`); return; }
    seen = t.you.table || 0;
    render(t);
    if (["open", "running", "paused"].includes(t.status)) timer = setTimeout(load, REFRESH_MS);
  }
  function render(t) {
    const final = t.status === "over";
    const info = t.status === "open" ? `Starts ${when(t.starts)}${t.checkin > 0 ? `; check-in from ${when(t.starts - t.checkin)}` : ""}.`
      : final ? `Finished ${when(t.finished)}.` : t.status === "cancelled" ? `Cancelled${t.note ? `: ${t.note.replace(/^cancelled: /, "")}` : ""}.`
        : `Round ${t.round} of ${t.rounds}${t.status === "paused" ? " (paused: no new round starts)" : ""}.`;
    const rounds = [...t.rounds_list].reverse().map((r) => h("section", { class: "t-round", dataset: { round: r.round } },
      h("h3", {}, `Round ${r.round}`), h("ul", { class: "t-games" }, r.games.map((g) => gameCard(t, g)))));
    const playing = ["running", "paused"].includes(t.status);
    const standingsPart = [h("h2", {}, final ? "Final standings" : "Standings"), standingsTable(t.standings, final)];
    const roundsPart = rounds.length ? [h("h2", {}, "Rounds"), ...rounds] : [];
    const players = h("ul", { class: "t-players" }, t.players_list.map((p) => h("li", { class: p.removed ? "removed" : "" },
      playerLink(p.name), p.checked_in && t.status === "open" ? h("span", { class: "t-note" }, " ✓ checked in") : null,
      p.place ? h("span", { class: "t-note" }, ` ${p.place === 1 ? "★ champion" : `#${p.place}`}`) : null,
      p.removed ? h("span", { class: "t-note" }, " removed") : null)));
    root.replaceChildren(h("div", { class: "tournament" },
      h("p", { class: "crumbs" }, h("a", { href: "/tournaments" }, "Tournaments")),
      h("div", { class: "t-head" }, h("h1", {}, t.name), badge(t.status)),
      h("p", { class: "t-what" }, describe(t), ` · ${t.time_title}`),
      h("p", { class: "t-info" }, info, t.creator ? ` Organised by ${t.creator}.` : ""),
      t.champion ? h("p", { class: "t-champion panel" }, "★ Champion: ", playerLink(t.champion)) : null,
      controls(t, act),
      h("div", { class: "t-body" },
        h("section", { class: "t-main" }, ...(playing
          ? [roundsPart, standingsPart]  // while it is played, this round's tables first
          : [standingsPart, roundsPart]).flat()),
        h("aside", { class: "t-side panel" }, h("h2", {}, `Players (${t.players_list.filter((p) => !p.removed).length}${t.status === "open" ? ` of ${t.cap}` : ""})`),
          t.players_list.length ? players : h("p", { class: "empty" }, "Nobody has registered yet.")))));
  }
  await load();
  return () => { clearTimeout(timer); };
}

// A player's finished tournaments (for their page): place, champion's star, the tournament's link.
export async function tournamentsOf(name) {
  let data;
  try { data = await api(`/api/tournaments/of/${encodeURIComponent(name)}`); } catch { return null; }
  if (!data.tournaments.length) return null;
  return h("section", { class: "player-tournaments" }, h("h2", {}, "Tournaments"),
    h("ul", { class: "t-results" }, data.tournaments.map((t) => h("li", {},
      t.champion ? h("span", { class: "star", title: "champion" }, "★ ") : null,
      h("a", { href: `/tournament/${t.id}` }, t.name), ` (${t.title}): `,
      h("b", {}, t.champion ? "champion" : `${t.place}${["th", "st", "nd", "rd"][t.place % 10 > 3 || Math.floor(t.place / 10) === 1 ? 0 : t.place % 10]} of ${t.players}`)))));
}
