// The lobby: create a table, see every table per game (seats, status, watchers) live, and chat.
import { minimumOption } from "./fairplay.js";
import { hintsOption } from "./hints.js";
import { gameHeading } from "./learn_links.js";
import { Socket } from "./net.js";
import { playerLink } from "./player.js";
import { tableChoices } from "./table_choices.js";
import { chatPanel } from "./chat.js";
import { friendsPanel, noticesPanel, socketActions } from "./social.js";
import { COLOURS, cap, h, navigate, seatTag, tableUrl, toast } from "./ui.js";

let socket = null;

export function showLobby(root, me) {
  if (socket) socket.close();
  let games = [];
  const tablesEl = h("div", { class: "tables" });
  const online = h("p", { class: "online" });
  const gameSelect = h("select", { id: "new-game", "aria-label": "game" });
  const seatsSelect = h("select", { id: "new-seats", "aria-label": "seats" },
    [2, 3, 4].map((n) => h("option", { value: String(n), selected: n === 4 }, `${n} seats`)));
  const levelSelect = h("select", { id: "bot-level", "aria-label": "bot level" });
  const choices = tableChoices();
  const hintsOpt = hintsOption();
  const minimum = minimumOption();
  // Both buttons make a table of the choices beside them (game, seats, time control, private, away bots, hints):
  // Create table seats its creator at once; Play against bots fills the other seats with bots and starts.
  const chosen = () => ({ type: "create", game: gameSelect.value, seats: Number(seatsSelect.value),
    options: { ...hintsOpt.options(), ...minimum.options() }, ...choices.value() });
  const create = h("form", { class: "create", onsubmit: (e) => {
    e.preventDefault();
    socket.send({ ...chosen(), sit: true });
  } }, h("h2", {}, "New table"), gameSelect, seatsSelect, choices.time,
  h("span", { class: "create-go" },
    h("button", { type: "submit", class: "primary", id: "create-table" }, "Create table"),
    h("span", { class: "or" }, "or"), levelSelect,
    h("button", { type: "button", id: "play-bots", title: "You take the first seat, bots the others; the game starts at once",
      onclick: () => socket.send({ ...chosen(), bots: levelSelect.value }) }, "Play against bots")),
  choices.el, hintsOpt.el, minimum.el);
  const actions = socketActions(me, (msg) => socket.send(msg), () => chat.el.querySelector(".chat-lines"));
  const chat = chatPanel("Lobby chat", (text) => socket.send({ type: "chat", text }), null, actions.line);
  const status = h("span", { class: "conn" });
  const friends = friendsPanel((name, args) => socket.send({ type: "command", name, args }));
  const notices = noticesPanel();

  root.replaceChildren(h("div", { class: "lobby" },
    h("section", { class: "lobby-main" },
      h("div", { class: "lobby-head" }, h("h1", {}, "Lobby"), status),
      notices.el, create, tablesEl),
    h("aside", { class: "side" }, friends.el, online, chat.el)));

  // the open table this player sits at (the newest), where the friends list's invitations go
  function myTable() {
    const mine = [...listed.values()].filter((t) => t.status !== "over" && t.seats.some((s) => s && s.kind === "user" && s.name === me.name));
    return mine.length ? mine[mine.length - 1].id : null;
  }

  // The lobby's tables by id: the whole list on entering, then only what changed ("tables_delta").
  const listed = new Map();

  function showOnline(msg) {
    if (!msg.online) return;
    const more = (msg.online_count || 0) - msg.online.length;
    online.textContent = `In the lobby: ${msg.online.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
  }

  function renderTables(tables) {
    tablesEl.replaceChildren();
    const byGame = new Map(games.map((g) => [g.name, []]));
    for (const t of tables) {
      if (!byGame.has(t.game)) byGame.set(t.game, []);
      byGame.get(t.game).push(t);
    }
    for (const [game, list] of byGame) {
      const info = games.find((g) => g.name === game);
      const rows = list.map((t) => h("tr", { class: `status-${t.status}`, dataset: { table: t.id } },
        h("td", {}, h("a", { href: `/table/${t.id}`, class: "open-table" }, `Table ${t.id}`)),
        h("td", {}, h("span", { class: `badge ${t.status}` }, statusWord(t))),
        h("td", { class: "seats" }, t.seats.map((s, i) => s
          ? (s.kind === "bot" ? seatTag(i, `${s.name} (bot)`) : h("span", {}, seatTag(i, ""), playerLink(s.name)))
          : h("span", { class: "seat-free" }, `${cap(COLOURS[i])} free`))),
        h("td", { class: "time-control" }, t.time_control ? t.time_control.title : ""),
        h("td", { class: "watchers" }, watching(t) ? `${watching(t)} watching` : ""),
        h("td", {}, h("a", { href: `/table/${t.id}`, class: "button" }, t.status === "waiting" ? "Sit down" : "Watch"))));
      tablesEl.append(h("section", { class: "game-tables panel" },
        gameHeading(game, info ? info.title : game, h("small", {}, ` · ${list.length} table${list.length === 1 ? "" : "s"}`),
          () => renderTables([...listed.values()].sort((a, b) => a.id - b.id))),
        list.length ? h("table", {}, h("tbody", {}, rows)) : h("p", { class: "empty" }, "No tables yet — create one.")));
    }
  }

  function watching(t) {
    return t.watching ?? t.spectators.length;
  }

  function statusWord(t) {
    if (t.status === "waiting") return `waiting · ${t.seats.filter(Boolean).length}/${t.capacity}`;
    if (t.status === "running") return "playing";
    return "finished";
  }

  socket = new Socket("/ws/lobby", (msg) => {
    switch (msg.type) {
      case "hello":
        games = msg.games;
        choices.setControls(msg.time_controls || []);
        gameSelect.replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
        levelSelect.replaceChildren(...(msg.bot_levels || []).map((level) =>
          h("option", { value: level, selected: level === (msg.default_bot || "casual") }, `${cap(level)} bots`)));
        break;
      case "tables":
        listed.clear();
        for (const t of msg.tables) listed.set(t.id, t);
        renderTables([...listed.values()]);
        showOnline(msg);
        friends.setMyTable(myTable());
        break;
      case "tables_delta":
        for (const id of msg.removed) listed.delete(id);
        for (const t of msg.changed) listed.set(t.id, t);
        if (msg.changed.length || msg.removed.length) renderTables([...listed.values()].sort((a, b) => a.id - b.id));
        showOnline(msg);
        friends.setMyTable(myTable());
        break;
      case "friends":
        friends.show(msg.friends);
        break;
      case "notice":
        notices.add(msg.notice);
        break;
      case "created":
        navigate(tableUrl(msg.table, msg.invite));
        break;
      case "tournament":  // a round's table for me: the hall takes me there (tourney_director.py)
        toast(msg.text);
        if (msg.table) navigate(tableUrl(msg.table));
        break;
      case "error":
        if (!chat.receive(msg)) toast(msg.message, "error");
        break;
      default:
        chat.receive(msg);
        break;
    }
  }, (s) => { status.textContent = s === "online" ? "" : s; });

  return () => { socket.close(); socket = null; };
}
