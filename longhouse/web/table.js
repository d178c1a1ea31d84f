// A table: seats and command buttons, the game's board module, the move log and the table chat.
import { createClocks } from "./clock.js";
import { seatBadges, vacationSummary } from "./fairplay.js";
import { hintPanel } from "./hints.js";
import { moveLog } from "./movelog.js";
import { Socket } from "./net.js";
import { attention, loadSettings } from "./notify.js";
import { playerLink } from "./player.js";
import { hallBar } from "./table_hall.js";
import { chatPanel } from "./chat.js";
import { socketActions } from "./social.js";
import { mergeState } from "./state.js";
import { seatBar } from "./seatbar.js";
import { levelName } from "./bot_levels.js";
import { list, t } from "./i18n.js";
import { COLOURS, colourName, h, keepingFocus, missingPage, navigate, seatTag, tableUrl, toast } from "./ui.js";

export async function showTable(root, tableId, me) {
  /** @type {import("./kit/types.js").TableMessage | null} */
  let table = null;      // the latest "table" message (seating)
  /** @type {import("./kit/types.js").StateMessage | null} */
  let state = null;      // the latest "state" message (this seat's view)
  let description = null; // the game's description (names, reference tables), sent once per connection
  /** @type {import("./kit/types.js").Board | null} */
  let board = null;
  let boardGame = null;
  let ref = 0;
  let resyncing = false; // a "resync" is sent: deltas are ignored until the whole state comes

  const title = h("h1", {}, t("Table {number}", { number: tableId }));
  const statusEl = h("span", { class: "badge" });
  const conn = h("span", { class: "conn", role: "status" });
  const seatsEl = h("ul", { class: "seat-list" });
  const buttons = h("div", { class: "commands", role: "toolbar", "aria-label": t("table commands") });
  const boardEl = h("div", { class: "board-wrap" });
  const log = moveLog();
  const actions = socketActions(me, (msg) => socket.send(msg), () => chat.el.querySelector(".chat-lines"));
  const chat = chatPanel(t("Table chat"), (text) => socket.send({ type: "chat", text }), () => tabs.unread("chat"), actions.line);
  const botLevel = h("select", { id: "bot-level", "aria-label": t("bot level") });
  const clocks = createClocks();
  const hall = hallBar(tableId, (name, args) => command(name, args));
  const myself = seatBar((name, args) => command(name, args));
  loadSettings();
  const hints = hintPanel({ send: (m) => socket.send(m), board: () => board,
    act: (action) => { ref += 1; return socket.send({ type: "action", version: state.version, action, ref }); } });

  // On a phone or tablet the board comes first and the side panels sit behind tabs (see screens.css);
  // on a desktop the tabs are hidden and every panel shows.
  const page = h("div", { class: "table-page", dataset: { tab: "board" } });
  const seatsPanel = h("section", { class: "panel seats-panel", id: "panel-seats" }, h("h2", {}, t("Seats")), seatsEl);
  chat.el.id = "panel-chat";
  boardEl.id = "panel-board";
  const tabs = tabBar(page, [["board", t("Board")], ["seats", t("Seats")], ["moves", t("Moves")], ["chat", t("Chat")]]);
  page.append(
    h("div", { class: "table-head" }, h("a", { href: "/", class: "back", "aria-label": t("back to the lobby") }, "←"),
      title, statusEl, myself.clockEl, conn, hall.el, buttons, myself.banner),
    tabs.el, h("h2", { class: "sr-only" }, t("The board")), boardEl,
    h("aside", { class: "side" }, hints.el, seatsPanel, log.el, chat.el));
  root.replaceChildren(page);

  function command(name, args = []) { socket.send({ type: "command", name, args }); }

  function button(label, name, args, opts = {}) {
    return h("button", { id: `cmd-${name}`, title: `/${name}${args.length ? " " + args.join(" ") : ""}`,
      class: opts.primary ? "primary" : "", onclick: () => command(name, typeof args === "function" ? args() : args) },
    label);
  }

  function renderSeating() {
    const tb = table.table;
    const mySeat = table.you.seat;
    title.textContent = t("{game} · table {number}", { game: tb.title, number: tb.id });
    statusEl.textContent = tb.status === "waiting" ? t("waiting for players") : tb.status === "running" ? t("playing") : t("finished");
    statusEl.className = `badge ${tb.status}`;
    clocks.setAway(tb.seats);
    clocks.setBotAfter(table.bot_after);
    clocks.set(tb.clock);
    // a seated player may let a bot play for another who is away, once the table allows it (clock.js)
    const letBot = (s, i) => (s && s.kind === "user" && tb.status === "running" && mySeat !== null && i !== mySeat
      ? () => command("bot", [botLevel.value || table.default_bot, String(i + 1)]) : null);
    seatsEl.replaceChildren(...tb.seats.map((s, i) => h("li", { class: i === mySeat ? "mine" : "" },
      s && s.kind === "user" ? h("span", {}, seatTag(i, ""), playerLink(s.name), actions.seat(s.name)) : seatTag(i, s ? s.name : t("{colour} — free", { colour: colourName(i) })),
      i === mySeat ? h("small", {}, t(" (you)")) : null, ...seatBadges(s),
      s && s.kind === "bot" ? h("small", {}, t(" bot ({level})", { level: levelName(s.level) })) : null,
      ...clocks.seatParts(i, letBot(s, i)),
      s && s.kind === "bot" && mySeat === null && tb.status === "running" && (tb.players || [])[i] === table.you.name
        ? h("button", { class: "link", id: `reclaim-${i + 1}`, onclick: () => command("join", [String(i + 1)]) },
          t("take your seat back")) : null)),
    ...(tb.spectators.length ? [h("li", { class: "watchers" }, (tb.watching ?? 0) > tb.spectators.length
      ? t("Watching: {names} and {more} more", { names: tb.spectators.join(", "), more: tb.watching - tb.spectators.length })
      : t("Watching: {names}", { names: tb.spectators.join(", ") }))] : []));
    const free = tb.seats.some((s) => s === null);
    const seated = tb.seats.filter(Boolean).length;
    buttons.replaceChildren();
    if (tb.status !== "over") {
      if (mySeat === null && free) buttons.append(button(t("Join"), "join", [], { primary: tb.status === "waiting" }));
      if (mySeat !== null) buttons.append(hall.guarded(button(t("Leave"), "leave", []), tb.status));
      if (mySeat !== null && tb.status === "running") buttons.append(hall.resign(button(t("Resign"), "resign", [])));
      if (mySeat !== null && tb.status === "waiting") {
        const start = button(t("Start"), "start", [], { primary: seated >= tb.min_players });
        start.disabled = seated < tb.min_players;
        buttons.append(start);
      }
      const keep = botLevel.value || table.default_bot;
      botLevel.replaceChildren(...table.bot_levels.map((l) => h("option", { value: l, selected: l === keep }, levelName(l))));
      if (free) {
        buttons.append(h("span", { class: "bot-add" }, botLevel,
          button(t("Add bot"), "bot", () => [botLevel.value])));
      }
      if (mySeat !== null) buttons.append(hall.guarded(button(t("Watch"), "watch", []), tb.status));
    }
    buttons.append(button(t("Who"), "who", []), button(t("Help"), "help", []),
      h("a", { href: `/rules/${tb.game}`, class: "button", id: "rules-link", target: "_blank", rel: "noopener",
        title: t("the rules of {game} (opens beside this table)", { game: tb.title }) }, t("Rules")));
    hall.update(table, [clocks.awaySummary(tb.seats), vacationSummary(tb.seats)].filter(Boolean).join("; "));
    myself.update(table, clocks.snapshot());
    if (tb.status === "waiting") renderWaiting();
  }

  function renderWaiting() {
    const tb = table.table;
    board = null;
    boardGame = null;
    const seated = tb.seats.filter(Boolean).length;
    const mySeat = table.you.seat;
    const mayBots = mySeat !== null || table.you.creator;  // as the server allows (commands._seats_bots)
    const awaiting = tb.awaiting || [];
    keepingFocus(boardEl, () => boardEl.replaceChildren(h("div", { class: "waiting panel" },
      h("h2", {}, t("{game}: waiting for players", { game: tb.title })),
      h("p", {}, t("{seated} of {capacity} seats taken. {game} needs at least {least}.",
        { seated, capacity: tb.capacity, game: tb.title, least: tb.min_players })),
      awaiting.length ? h("p", { class: "rematch-wait", id: "rematch-wait" },
        t("Rematch of table {number}: waiting for {names} to accept. It starts when everybody has; you can also Start now with bots in the free seats.",
          { number: tb.rematch_of, names: list(awaiting) })) : null,
      h("p", {}, t("Click a free seat to sit there, add a bot to a free seat, then press Start. (Or type /join, /bot, /start.)")),
      h("div", { class: "waiting-seats" }, tb.seats.map((s, i) => h("div", { class: `waiting-seat seat-${COLOURS[i]}${s ? "" : " free"}` },
        seatTag(i, s ? s.name : t("free")), s && s.kind === "bot" ? h("small", {}, t("bot · {level}", { level: levelName(s.level) })) : null, ...seatBadges(s),
        i === mySeat ? h("span", { class: "you-mark" }, t("you")) : null,
        h("div", { class: "tile-actions" },
          s === null ? h("button", { type: "button", class: "sit-here primary", id: `sit-${i + 1}`,
            "aria-label": mySeat === null ? t("Sit here: seat {number}, {colour}", { number: i + 1, colour: colourName(i) })
              : t("Move here: seat {number}, {colour}", { number: i + 1, colour: colourName(i) }),
            onclick: () => command("join", [String(i + 1)]) }, mySeat === null ? t("Sit here") : t("Move here")) : null,
          s === null && mayBots ? h("button", { type: "button", id: `add-bot-${i + 1}`, "aria-label": t("Add a bot: seat {number}, {colour}", { number: i + 1, colour: colourName(i) }),
            onclick: () => command("bot", [botLevel.value || table.default_bot, String(i + 1)]) }, t("Add a bot")) : null,
          s && s.kind === "bot" && mayBots ? h("button", { type: "button", id: `remove-${i + 1}`, "aria-label": t("Remove the bot: seat {number}, {colour}", { number: i + 1, colour: colourName(i) }),
            onclick: () => command("remove", [String(i + 1)]) }, t("Remove")) : null)))))),
    "#cmd-start:not(:disabled), .sit-here, [id^=add-bot-]");
  }

  let boardLoading = null;

  // Load the board module the server names for this game (its own, or the generic board) once, however
  // many states arrive while it loads.
  async function ensureBoard(game) {
    if (board && boardGame === game) return;
    if (!boardLoading) boardLoading = import(`./games/${game}/board.js`).then((mod) => makeBoard(mod, game));
    await boardLoading;
  }

  /** @param {import("./kit/types.js").BoardModule} mod @param {string} game */
  function makeBoard(mod, game) {
    boardLoading = null;
    boardEl.replaceChildren();
    board = mod.createBoard(boardEl, {
      act(action) {
        ref += 1;
        return socket.send({ type: "action", version: state.version, action, ref });
      },
      undo(step) {
        ref += 1;
        return socket.send({ type: "undo", version: state.version, step, ref });
      },
      names: () => (table ? seatNames(table.table) : []),
      description,
    });
    boardGame = game;
  }

  const socket = new Socket(`/ws/table/${tableId}${location.search}`, async (msg) => {
    switch (msg.type) {
      case "game":
        description = msg.description;
        break;
      case "table":
        table = msg;
        keepingFocus(page, renderSeating, "#cmd-start:not(:disabled), #cmd-join, #cmd-leave");
        hints.table(msg);
        if (state && board) board.update(state, table);
        break;
      case "log":
        log.reset(msg.events);
        break;
      case "state": {
        const merged = mergeState(state, msg);
        if (merged === null) {  // a delta against a state not held: ask for the whole one, ignore deltas till then
          if (!resyncing) resyncing = socket.send({ type: "resync" });
          break;
        }
        resyncing = false;
        msg = merged;
        const wasMine = state && state.acting.includes(state.seat);
        state = msg;
        clocks.set(msg.clock);
        if (table) myself.update(table, clocks.snapshot());
        if (msg.seat !== null && msg.acting.includes(msg.seat) && !wasMine) attention(t("Your turn"), t("{game}, table {number}", { game: table.table.title, number: tableId }));
        if (msg.result && msg.by !== null && msg.seat !== null) attention(t("The scores are in"), t("{game}, table {number}", { game: table.table.title, number: tableId }));
        log.add(msg.events);
        if (msg.events.length) tabs.unread("moves");
        hints.state(msg);
        await ensureBoard(table.table.board || "generic");
        if (state === msg) board.update(state, table);  // else a newer state is on its way to the board
        break;
      }
      case "goto":
        navigate(tableUrl(msg.table, msg.invite));
        break;
      case "tournament":  // a round's table: taken there unless playing on here (tourney_director.py)
        toast(msg.text);
        if (msg.table && !(state && !state.result && state.seat !== null)) navigate(tableUrl(msg.table));
        break;
      case "hint":
        hints.show(msg);
        break;
      case "error":
        if (msg.code === "refused") {
          // a missing table and a private one without its invitation get the same refusal (protocol.NO_TABLE)
          root.replaceChildren(missingPage(t("Table {number}", { number: tableId }), msg.table === "missing"
            ? t("There is no open table {number}. It may never have existed, or its game is over: finished games are in the archive. A private table opens only with its invitation link.", { number: tableId })
            : msg.message));
        }
        else if (!chat.receive(msg)) toast(msg.message, "error");
        if (board && board.error) board.error(msg);
        break;
      default:
        chat.receive(msg);
        break;
    }
  }, (s) => { conn.textContent = s === "online" ? "" : s === "closed" ? t("disconnected") : t("reconnecting…"); });

  return () => { socket.close(); clocks.close(); };
}

// The name every board shows for each seat: whoever holds it now (a bot standing in for an absent player is
// "Bot Red", as in the seat list), else the name the game started with. Boards take names only from here.
export function seatNames(tb) {
  const started = tb.players || [];
  return tb.seats.map((s, i) => (s ? s.name : started[i] ?? null));
}

// Tabs for the narrow layout: the page's data-tab names the panel shown; a dot marks a panel with news.
function tabBar(page, entries) {
  const buttons = new Map();
  const el = h("nav", { class: "tabs", "aria-label": t("table panels") }, entries.map(([key, label]) => {
    const b = h("button", { type: "button", class: "tab", id: `tab-${key}`, "aria-controls": `panel-${key}`,
      "aria-pressed": key === page.dataset.tab ? "true" : "false", onclick: () => show(key) },
    label, h("span", { class: "news", "aria-hidden": "true" }));
    buttons.set(key, b);
    return b;
  }));
  function show(key) {
    page.dataset.tab = key;
    for (const [k, b] of buttons) {
      b.setAttribute("aria-pressed", k === key ? "true" : "false");
      if (k === key) b.classList.remove("unread");
    }
  }
  return {
    el,
    unread(key) { if (page.dataset.tab !== key) buttons.get(key).classList.add("unread"); },
  };
}
