// Tournaments: the list (open, running, finished) with the form to create one, a tournament's page
// (players, rounds and their tables with links to play, watch and replay, live standings, the creator's and
// admins' controls), and a player's tournaments for their page. The rules: docs/tournaments.md.
import { N_, date, number, t, tn } from "./i18n.js";
import { api } from "./net.js";
import { playerLink } from "./player.js";
import { h, missingPage, navigate, toast } from "./ui.js";

// Every text of these pages, in one place.
const T = {
  formats: { swiss: N_("Swiss"), round_robin: N_("Round robin"), knockout: N_("Knock-out") },
  paces: { real_time: N_("Real time"), turn_based: N_("Turn-based") },
  status: { open: N_("registration open"), running: N_("playing"), paused: N_("paused"), over: N_("finished"),
    cancelled: N_("cancelled") },
  sections: { open: N_("Open for registration"), running: N_("Playing now"), finished: N_("Finished") },
  none: { open: N_("No tournament is open for registration."), running: N_("No tournament is being played."),
    finished: N_("No tournament has finished yet.") },
  // the hall's time controls (server/clocks.py), by key
  controls: { "real-time": N_("Real time: 5 min + 20 s per turn"), relaxed: N_("Relaxed: 20 min + 60 s per turn"),
    "turn-based": N_("Turn-based: 24 h per turn"), untimed: N_("Untimed (no clock)") },
};
const REFRESH_MS = 3000;
// The list's sections, in the order shown (the keys of /api/tournaments' answer).
const SECTIONS = ["running", "open", "finished"];

function when(seconds) { return seconds ? date(seconds * 1000) : ""; }

function pts(x) { return number(x, { maximumFractionDigits: 1 }); }

function controlTitle(key, title) { return T.controls[key] ? t(T.controls[key]) : title; }

// What a tournament is, in a line: game, format, players a table, rounds, pace.
function describe(tour) {
  const parts = [tour.title, t(T.formats[tour.format])];
  if (tour.format !== "knockout") parts.push(t("{n} a table", { n: tour.table_size }));
  if (!(tour.status === "open" && tour.format !== "swiss")) parts.push(tn("{n} round", "{n} rounds", tour.rounds));
  return parts.join(" · ");
}

function badge(status) { return h("span", { class: `badge t-${status}` }, T.status[status] ? t(T.status[status]) : status); }

function listRow(tour) {
  const right = tour.status === "open" ? t("starts {when}", { when: when(tour.starts) })
    : tour.status === "over" ? (tour.champion ? t("champion: {name}", { name: tour.champion }) : "")
      : tour.status === "cancelled" ? (tour.note || "")
        : tour.round_ends // a turn-based round's set end, as the tournament's page says it
          ? t("round {round} of {rounds}, ends {when}", { round: tour.round, rounds: tour.rounds, when: when(tour.round_ends) })
          : t("round {round} of {rounds}", { round: tour.round, rounds: tour.rounds });
  const count = tour.status === "open" ? tn("{n} of {cap} player", "{n} of {cap} players", tour.players, { cap: tour.cap })
    : tn("{n} player", "{n} players", tour.players);
  return h("li", { class: "t-row panel", dataset: { tournament: tour.id } },
    h("a", { href: `/tournament/${tour.id}`, class: "t-name" }, tour.name),
    h("span", { class: "t-what" }, describe(tour) + " · " + t(T.paces[tour.pace])),
    h("span", { class: "t-count" }, count),
    badge(tour.status), tour.registered ? h("span", { class: "badge t-mine" }, t("you play")) : null,
    h("span", { class: "t-when" }, right));
}

function createForm(data, done) {
  const field = (label, input) => h("label", {}, label, input);
  const name = h("input", { name: "name", required: true, maxlength: "60", placeholder: t("Autumn cup") });
  const game = h("select", { name: "game" }, data.games.map((g) => h("option", { value: g.name }, g.title)));
  const format = h("select", { name: "format" }, Object.entries(T.formats).map(([k, v]) => h("option", { value: k }, t(v))));
  const size = h("select", { name: "table_size" }, [2, 3, 4].map((n) => h("option", { value: String(n), selected: n === 4 },
    t("{n} a table", { n }))));
  const rounds = h("input", { name: "rounds", type: "number", min: "1", max: "20", value: "3" });
  const cap = h("input", { name: "cap", type: "number", min: "2", max: "256", value: "32" });
  const pace = h("select", { name: "pace" }, Object.entries(T.paces).map(([k, v]) => h("option", { value: k }, t(v))));
  const soon = new Date(Date.now() + 30 * 60000);
  soon.setSeconds(0, 0);
  const local = new Date(soon.getTime() - soon.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
  const starts = h("input", { name: "starts", type: "datetime-local", value: local, required: true });
  const error = h("p", { class: "form-error", role: "alert" });
  // knock-out is two a table; a round robin plays until everyone has met: the rounds are Swiss only
  const sync = () => { size.disabled = format.value === "knockout"; rounds.disabled = format.value !== "swiss"; };
  format.addEventListener("change", sync);
  const form = h("form", { class: "t-create", onsubmit: async (e) => {
    e.preventDefault();
    error.textContent = "";
    try {
      const body = { name: name.value, game: game.value, format: format.value, pace: pace.value,
        cap: Number(cap.value), starts: new Date(starts.value).getTime() / 1000 };
      if (format.value !== "knockout") Object.assign(body, { table_size: Number(size.value) });
      if (format.value === "swiss") Object.assign(body, { rounds: Number(rounds.value) });
      const made = await api("/api/tournaments", body);
      done(made.id);
    } catch (err) { error.textContent = err.message; }
  } }, field(t("Name"), name), field(t("Game"), game), field(t("Format"), format), field(t("Players a table"), size),
  field(t("Rounds"), rounds), field(t("Most players"), cap), field(t("Pace"), pace), field(t("Starts"), starts), error,
  h("button", { type: "submit", class: "primary", id: "t-create" }, t("Create tournament")));
  return h("details", { class: "t-new panel" }, h("summary", {}, t("New tournament")), form);
}

export async function showTournaments(root) {
  let data;
  try { data = await api("/api/tournaments"); } catch (e) { root.replaceChildren(missingPage(t("Tournaments"), e.message)); return null; }
  const sections = SECTIONS.map((key) => h("section", { class: "t-section", dataset: { section: key } },
    h("h2", {}, t(T.sections[key]), h("small", {}, ` · ${number(data[key].length)}`)),
    data[key].length ? h("ul", { class: "t-list" }, data[key].map(listRow)) : h("p", { class: "empty" }, t(T.none[key]))));
  root.replaceChildren(h("div", { class: "tournaments" },
    h("div", { class: "t-head" }, h("h1", {}, t("Tournaments")),
      h("a", { href: "/seasons", class: "button" }, t("Seasons"))),
    h("p", { class: "lead" }, t("Register, check in shortly before the start, and the hall seats you at each round's table. "
      + "Places earn points (6 for a win, 0 for the last place); ties are broken by the opponents' points, then the score.")),
    data.can_create ? createForm(data, (id) => navigate(`/tournament/${id}`)) : null,
    ...sections));
  return null;
}

function gameCard(tour, g) {
  const done = g.state === "done";
  const people = g.players.map((name, i) => h("li", { class: g.forfeits.includes(name) ? "forfeit" : "" },
    playerLink(name),
    g.points ? h("b", { class: "t-points" }, ` ${pts(g.points[i])}`) : null,
    g.scores ? h("span", { class: "t-score" }, ` (${g.scores[i]})`) : null,
    g.forfeits.includes(name) ? h("span", { class: "t-note" }, " " + t("forfeit"))
      : !done && g.state !== "bye" && !g.arrived.includes(name) ? h("span", { class: "t-note" }, " " + t("not here yet")) : null));
  const links = g.table === null ? [] : done
    ? [h("a", { href: `/replay/${g.table}`, class: "button" }, t("Replay"))]
    : [h("a", { href: `/table/${g.table}`, class: "button primary" }, tour.you.table === g.table ? t("Play") : t("Watch"))];
  return h("li", { class: `t-game panel ${g.state}`, dataset: { table: g.table ?? "" } },
    h("div", { class: "t-game-head" }, h("b", {}, g.state === "bye" ? t("Bye") : t("Table {number}", { number: g.table ?? "…" })),
      h("span", { class: "t-game-state" }, g.state === "playing" ? t("playing") : g.state === "done" ? t("finished") : ""), ...links),
    h("ol", { class: "t-seats" }, people));
}

function standingsTable(rows, final) {
  if (!rows.length) return h("p", { class: "empty" }, t("The standings appear once the first round is played."));
  const head = ["#", t("Player"), t("Points"), t("Opp. points"), t("Score"), t("Games")];
  return h("table", { class: "t-standings" },
    h("thead", {}, h("tr", {}, head.map((x, i) => h("th", { class: i > 1 ? "num" : null }, x)))),
    h("tbody", {}, rows.map((r) => h("tr", { class: r.removed ? "removed" : "" },
      h("td", { class: "rank", dataset: { label: "#" } }, final && r.place === 1 ? "★ 1" : String(r.place)),
      h("td", { dataset: { label: t("Player") } }, playerLink(r.name), r.removed ? " (" + t("removed") + ")" : ""),
      h("td", { class: "num t-points", dataset: { label: t("Points") } }, pts(r.points)),
      h("td", { class: "num", dataset: { label: t("Opp. points") } }, pts(r.opponents)),
      h("td", { class: "num", dataset: { label: t("Score") } }, pts(r.score)),
      h("td", { class: "num", dataset: { label: t("Games") } },
        r.byes ? tn("{games} + {n} bye", "{games} + {n} byes", r.byes, { games: number(r.games) }) : number(r.games))))));
}

function controls(tour, act) {
  const you = tour.you;
  const mine = [];
  if (tour.status === "open" && you.can_register) {
    if (!you.registered) mine.push(h("button", { class: "primary", id: "t-register", onclick: () => act("register") }, t("Register")));
    else {
      if (!you.checked_in) {
        const opens = tour.starts - tour.checkin;
        mine.push(h("button", { class: "primary", id: "t-checkin", disabled: tour.checkin > 0 && tour.now < opens,
          title: tour.checkin > 0 ? t("check-in opens {when}", { when: when(opens) }) : null, onclick: () => act("checkin") },
        t("Check in")));
      } else mine.push(h("span", { class: "badge t-mine" }, t("checked in")));
      mine.push(h("button", { id: "t-unregister", onclick: () => act("unregister") }, t("Withdraw")));
    }
  }
  if (you.table) {
    mine.push(h("a", { href: `/table/${you.table}`, class: "button primary", id: "t-your-table" },
      t("Your table: {number}", { number: you.table })));
  }
  const manage = [];
  if (you.manage) {
    if (tour.status === "open") {
      manage.push(h("button", { id: "t-start", onclick: () => act("start") }, t("Start now")),
        h("button", { id: "t-cancel", onclick: () => act("cancel") }, t("Cancel")));
    }
    if (tour.status === "running") manage.push(h("button", { id: "t-pause", onclick: () => act("pause") }, t("Pause")));
    if (tour.status === "paused") manage.push(h("button", { id: "t-resume", class: "primary", onclick: () => act("resume") }, t("Resume")));
    const removable = tour.players_list.filter((p) => !p.removed);
    if (["open", "running", "paused"].includes(tour.status) && removable.length) {
      const who = h("select", { id: "t-remove-who", "aria-label": t("player to remove") },
        removable.map((p) => h("option", { value: p.name }, p.name)));
      manage.push(h("span", { class: "t-remove" }, who,
        h("button", { id: "t-remove", onclick: () => act("remove", { name: who.value }) }, t("Remove player"))));
    }
  }
  return h("div", { class: "t-controls" }, ...mine,
    manage.length ? h("div", { class: "t-manage", role: "group", "aria-label": t("organiser's controls") },
      h("span", { class: "t-manage-label" }, t("Organiser:")), ...manage) : null);
}

export async function showTournament(root, id) {
  let timer = null;
  let seen = null;  // my table when the page last looked: a new one is where the hall takes me
  async function act(what, body = {}) {
    try { await api(`/api/tournaments/${id}/${what}`, body); } catch (e) { toast(e.message, "error"); }
    await load();
  }
  async function load() {
    let tour;
    try { tour = await api(`/api/tournaments/${id}`); } catch (e) {
      root.replaceChildren(missingPage(t("Tournament {number}", { number: id }), e.message));
      return;
    }
    if (tour.you.table && seen !== null && tour.you.table !== seen) { navigate(`/table/${tour.you.table}`); return; }
    seen = tour.you.table || 0;
    render(tour);
    if (["open", "running", "paused"].includes(tour.status)) timer = setTimeout(load, REFRESH_MS);
  }
  function info(tour) {
    if (tour.status === "open") {
      return tour.checkin > 0 ? t("Starts {when}; check-in from {from}.", { when: when(tour.starts), from: when(tour.starts - tour.checkin) })
        : t("Starts {when}.", { when: when(tour.starts) });
    }
    if (tour.status === "over") return t("Finished {when}.", { when: when(tour.finished) });
    if (tour.status === "cancelled") return tour.note ? t("Cancelled: {why}.", { why: tour.note }) : t("Cancelled.");
    const round = t("Round {round} of {rounds}.", { round: tour.round, rounds: tour.rounds });
    // a turn-based round's set end (paused or not: the pause holds the next round, not this one's end)
    const due = tour.round_ends
      ? " " + t("This round ends on {when}; its games unfinished then are decided by the scores so far.",
        { when: when(tour.round_ends) }) : "";
    return (tour.status === "paused" ? round + " " + t("Paused: no new round starts.") : round) + due;
  }
  function render(tour) {
    const final = tour.status === "over";
    const rounds = [...tour.rounds_list].reverse().map((r) => h("section", { class: "t-round", dataset: { round: r.round } },
      h("h3", {}, t("Round {round}", { round: r.round })), h("ul", { class: "t-games" }, r.games.map((g) => gameCard(tour, g)))));
    const playing = ["running", "paused"].includes(tour.status);
    const standingsPart = [h("h2", {}, final ? t("Final standings") : t("Standings")), standingsTable(tour.standings, final)];
    const roundsPart = rounds.length ? [h("h2", {}, t("Rounds")), ...rounds] : [];
    const players = h("ul", { class: "t-players" }, tour.players_list.map((p) => h("li", { class: p.removed ? "removed" : "" },
      playerLink(p.name), p.checked_in && tour.status === "open" ? h("span", { class: "t-note" }, " ✓ " + t("checked in")) : null,
      p.place ? h("span", { class: "t-note" }, " " + (p.place === 1 ? "★ " + t("champion") : `#${p.place}`)) : null,
      p.removed ? h("span", { class: "t-note" }, " " + t("removed")) : null)));
    const count = tour.players_list.filter((p) => !p.removed).length;
    root.replaceChildren(h("div", { class: "tournament" },
      h("p", { class: "crumbs" }, h("a", { href: "/tournaments" }, t("Tournaments"))),
      h("div", { class: "t-head" }, h("h1", {}, tour.name), badge(tour.status)),
      h("p", { class: "t-what" }, describe(tour), ` · ${controlTitle(tour.time_control, tour.time_title)}`),
      h("p", { class: "t-info" }, info(tour), tour.creator ? " " + t("Organised by {name}.", { name: tour.creator }) : ""),
      tour.champion ? h("p", { class: "t-champion panel" }, "★ " + t("Champion:") + " ", playerLink(tour.champion)) : null,
      controls(tour, act),
      h("div", { class: "t-body" },
        h("section", { class: "t-main" }, ...(playing
          ? [roundsPart, standingsPart]  // while it is played, this round's tables first
          : [standingsPart, roundsPart]).flat()),
        h("aside", { class: "t-side panel" }, h("h2", {}, tour.status === "open"
          ? t("Players ({n} of {cap})", { n: count, cap: tour.cap }) : t("Players ({n})", { n: count })),
        tour.players_list.length ? players : h("p", { class: "empty" }, t("Nobody has registered yet."))))));
  }
  await load();
  return () => { clearTimeout(timer); };
}

// A player's finished tournaments (for their page): place, champion's star, the tournament's link.
export async function tournamentsOf(name) {
  let data;
  try { data = await api(`/api/tournaments/of/${encodeURIComponent(name)}`); } catch { return null; }
  if (!data.tournaments.length) return null;
  return h("section", { class: "player-tournaments" }, h("h2", {}, t("Tournaments")),
    h("ul", { class: "t-results" }, data.tournaments.map((tour) => h("li", {},
      tour.champion ? h("span", { class: "star", title: t("champion") }, "★ ") : null,
      h("a", { href: `/tournament/${tour.id}` }, tour.name), ` (${tour.title}): `,
      h("b", {}, tour.champion ? t("champion") : t("place {place} of {n}", { place: tour.place, n: tour.players }))))));
}
