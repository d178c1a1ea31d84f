// The lobby: create a table, see every table per game (seats, status, watchers) live, and chat.
import { minimumOption } from "./fairplay.js";
import { hintsOption } from "./hints.js";
import { gameHeading } from "./learn_links.js";
import { Socket } from "./net.js";
import { playerLink } from "./player.js";
import { tableChoices } from "./table_choices.js";
import { timeTitle } from "./time_controls.js";
import { levelName } from "./bot_levels.js";
import { chatPanel } from "./chat.js";
import { friendsPanel, noticesPanel, socketActions } from "./social.js";
import { t, tn } from "./i18n.js";
import { cap, colourName, h, navigate, seatTag, tableUrl, toast } from "./ui.js";

let socket = null;

export function showLobby(root, me) {
  if (socket) socket.close();
  let games = [];
  const tablesEl = h("div", { class: "tables" });
  const online = h("p", { class: "online" });
  const gameSelect = h("select", { id: "new-game", "aria-label": t("game") });
  const seatsSelect = h("select", { id: "new-seats", "aria-label": t("seats") },
    [2, 3, 4].map((n) => h("option", { value: String(n), selected: n === 4 }, tn("{n} seat", "{n} seats", n))));
  const levelSelect = h("select", { id: "bot-level", "aria-label": t("bot level") });
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
  } }, h("h2", {}, t("New table")), gameSelect, seatsSelect, choices.time,
  h("span", { class: "create-go" },
    h("button", { type: "submit", class: "primary", id: "create-table" }, t("Create table")),
    h("span", { class: "or" }, t("or")), levelSelect,
    h("button", { type: "button", id: "play-bots", title: t("You take the first seat, bots the others; the game starts at once"),
      onclick: () => socket.send({ ...chosen(), bots: levelSelect.value }) }, t("Play against bots"))),
  choices.el, hintsOpt.el, minimum.el);
  const actions = socketActions(me, (msg) => socket.send(msg), () => chat.el.querySelector(".chat-lines"));
  const chat = chatPanel(t("Lobby chat"), (text) => socket.send({ type: "chat", text }), null, actions.line);
  const status = h("span", { class: "conn" });
  const friends = friendsPanel((name, args) => socket.send({ type: "command", name, args }));
  const notices = noticesPanel();

  root.replaceChildren(h("div", { class: "lobby" },
    h("section", { class: "lobby-main" },
      h("div", { class: "lobby-head" }, h("h1", {}, t("Lobby")), status),
      notices.el, create, tablesEl),
    h("aside", { class: "side" }, friends.el, online, chat.el)));

  // the open table this player sits at (the newest), where the friends list's invitations go
  function myTable() {
    const mine = [...listed.values()].filter((tb) => tb.status !== "over" && tb.seats.some((s) => s && s.kind === "user" && s.name === me.name));
    return mine.length ? mine[mine.length - 1].id : null;
  }

  // The lobby's tables by id: the whole list on entering, then only what changed ("tables_delta").
  const listed = new Map();

  function showOnline(msg) {
    if (!msg.online) return;
    const more = (msg.online_count || 0) - msg.online.length;
    online.textContent = more > 0 ? t("In the lobby: {names} and {more} more", { names: msg.online.join(", "), more })
      : t("In the lobby: {names}", { names: msg.online.join(", ") });
  }

  function renderTables(tables) {
    tablesEl.replaceChildren();
    const byGame = new Map(games.map((g) => [g.name, []]));
    for (const tb of tables) {
      if (!byGame.has(tb.game)) byGame.set(tb.game, []);
      byGame.get(tb.game).push(tb);
    }
    for (const [game, list] of byGame) {
      const info = games.find((g) => g.name === game);
      const rows = list.map((tb) => h("tr", { class: `status-${tb.status}`, dataset: { table: tb.id } },
        h("td", {}, h("a", { href: `/table/${tb.id}`, class: "open-table" }, t("Table {number}", { number: tb.id }))),
        h("td", {}, h("span", { class: `badge ${tb.status}` }, statusWord(tb))),
        h("td", { class: "seats" }, tb.seats.map((s, i) => s
          ? (s.kind === "bot" ? seatTag(i, t("{name} (bot)", { name: s.name })) : h("span", {}, seatTag(i, ""), playerLink(s.name)))
          : h("span", { class: "seat-free" }, t("{colour} free", { colour: colourName(i) })))),
        h("td", { class: "time-control" }, tb.time_control ? timeTitle(tb.time_control) : ""),
        h("td", { class: "watchers" }, watching(tb) ? tn("{n} watching", "{n} watching", watching(tb)) : ""),
        h("td", {}, h("a", { href: `/table/${tb.id}`, class: "button" }, tb.status === "waiting" ? t("Sit down") : t("Watch")))));
      tablesEl.append(h("section", { class: "game-tables panel" },
        gameHeading(game, info ? info.title : game, h("small", {}, tn(" · {n} table", " · {n} tables", list.length)),
          () => renderTables([...listed.values()].sort((a, b) => a.id - b.id))),
        list.length ? h("table", {}, h("tbody", {}, rows)) : h("p", { class: "empty" }, t("No tables yet — create one."))));
    }
  }

  function watching(tb) {
    return tb.watching ?? tb.spectators.length;
  }

  function statusWord(tb) {
    if (tb.status === "waiting") return t("waiting · {seated}/{capacity}", { seated: tb.seats.filter(Boolean).length, capacity: tb.capacity });
    if (tb.status === "running") return t("playing");
    return t("finished");
  }

  socket = new Socket("/ws/lobby", (msg) => {
    switch (msg.type) {
      case "hello":
        games = msg.games;
        choices.setControls(msg.time_controls || []);
        gameSelect.replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
        levelSelect.replaceChildren(...(msg.bot_levels || []).map((level) =>
          h("option", { value: level, selected: level === (msg.default_bot || "casual") }, t("{level} bots", { level: cap(levelName(level)) }))));
        break;
      case "tables":
        listed.clear();
        for (const tb of msg.tables) listed.set(tb.id, tb);
        renderTables([...listed.values()]);
        showOnline(msg);
        friends.setMyTable(myTable());
        break;
      case "tables_delta":
        for (const id of msg.removed) listed.delete(id);
        for (const tb of msg.changed) listed.set(tb.id, tb);
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
  }, (s) => { status.textContent = s === "online" ? "" : s === "closed" ? t("disconnected") : t("reconnecting…"); });

  return () => { socket.close(); socket = null; };
}
