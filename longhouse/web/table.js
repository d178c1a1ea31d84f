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
import { COLOURS, cap, h, keepingFocus, missingPage, navigate, seatTag, tableUrl, toast } from "./ui.js";

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

  const title = h("h1", {}, `Table ${tableId}`);
  const statusEl = h("span", { class: "badge" });
  const conn = h("span", { class: "conn", role: "status" });
  const seatsEl = h("ul", { class: "seat-list" });
  const buttons = h("div", { class: "commands", role: "toolbar", "aria-label": "table commands" });
  const boardEl = h("div", { class: "board-wrap" });
  const log = moveLog();
  const actions = socketActions(me, (msg) => socket.send(msg), () => chat.el.querySelector(".chat-lines"));
  const chat = chatPanel("Table chat", (text) => socket.send({ type: "chat", text }), () => tabs.unread("chat"), actions.line);
  const botLevel = h("select", { id: "bot-level", "aria-label": "bot level" });
  const clocks = createClocks();
  const hall = hallBar(tableId, (name, args) => command(name, args));
  const myself = seatBar((name, args) => command(name, args));
  loadSettings();
  const hints = hintPanel({ send: (m) => socket.send(m), board: () => board,
    act: (action) => { ref += 1; return socket.send({ type: "action", version: state.version, action, ref }); } });

  // On a phone or tablet the board comes first and the side panels sit behind tabs (see screens.css);
  // on a desktop the tabs are hidden and every panel shows.
  const page = h("div", { class: "table-page", dataset: { tab: "board" } });
  const seatsPanel = h("section", { class: "panel seats-panel", id: "panel-seats" }, h("h2", {}, "Seats"), seatsEl);
  chat.el.id = "panel-chat";
  boardEl.id = "panel-board";
  const tabs = tabBar(page, [["board", "Board"], ["seats", "Seats"], ["moves", "Moves"], ["chat", "Chat"]]);
  page.append(
    h("div", { class: "table-head" }, h("a", { href: "/", class: "back", "aria-label": "back to the lobby" }, "←"),
      title, statusEl, myself.clockEl, conn, hall.el, buttons, myself.banner),
    tabs.el, h("h2", { class: "sr-only" }, "The board"), boardEl,
    h("aside", { class: "side" }, hints.el, seatsPanel, log.el, chat.el));
  root.replaceChildren(page);

  function command(name, args = []) { socket.send({ type: "command", name, args }); }

  function button(label, name, args, opts = {}) {
    return h("button", { id: `cmd-${name}`, title: `/${name}${args.length ? " " + args.join(" ") : ""}`,
      class: opts.primary ? "primary" : "", onclick: () => command(name, typeof args === "function" ? args() : args) },
    label);
  }

  function renderSeating() {
    const t = table.table;
    const mySeat = table.you.seat;
    title.textContent = `${t.title} · table ${t.id}`;
    statusEl.textContent = t.status === "waiting" ? "waiting for players" : t.status === "running" ? "playing" : "finished";
    statusEl.className = `badge ${t.status}`;
    clocks.setAway(t.seats);
    clocks.setBotAfter(table.bot_after);
    clocks.set(t.clock);
    // a seated player may let a bot play for another who is away, once the table allows it (clock.js)
    const letBot = (s, i) => (s && s.kind === "user" && t.status === "running" && mySeat !== null && i !== mySeat
      ? () => command("bot", [botLevel.value || table.default_bot, String(i + 1)]) : null);
    seatsEl.replaceChildren(...t.seats.map((s, i) => h("li", { class: i === mySeat ? "mine" : "" },
      s && s.kind === "user" ? h("span", {}, seatTag(i, ""), playerLink(s.name), actions.seat(s.name)) : seatTag(i, s ? s.name : `${cap(COLOURS[i])} — free`),
      i === mySeat ? h("small", {}, " (you)") : null, ...seatBadges(s),
      s && s.kind === "bot" ? h("small", {}, ` bot (${s.level})`) : null,
      ...clocks.seatParts(i, letBot(s, i)),
      s && s.kind === "bot" && mySeat === null && t.status === "running" && (t.players || [])[i] === table.you.name
        ? h("button", { class: "link", id: `reclaim-${i + 1}`, onclick: () => command("join", [String(i + 1)]) },
          "take your seat back") : null)),
    ...(t.spectators.length ? [h("li", { class: "watchers" }, `Watching: ${t.spectators.join(", ")}`
      + ((t.watching ?? 0) > t.spectators.length ? ` and ${t.watching - t.spectators.length} more` : ""))] : []));
    const free = t.seats.some((s) => s === null);
    const seated = t.seats.filter(Boolean).length;
    buttons.replaceChildren();
    if (t.status !== "over") {
      if (mySeat === null && free) buttons.append(button("Join", "join", [], { primary: t.status === "waiting" }));
      if (mySeat !== null) buttons.append(hall.guarded(button("Leave", "leave", []), t.status));
      if (mySeat !== null && t.status === "running") buttons.append(hall.resign(button("Resign", "resign", [])));
      if (mySeat !== null && t.status === "waiting") {
        const start = button("Start", "start", [], { primary: seated >= t.min_players });
        start.disabled = seated < t.min_players;
        buttons.append(start);
      }
      const keep = botLevel.value || table.default_bot;
      botLevel.replaceChildren(...table.bot_levels.map((l) => h("option", { value: l, selected: l === keep }, l)));
      if (free) {
        buttons.append(h("span", { class: "bot-add" }, botLevel,
          button("Add bot", "bot", () => [botLevel.value])));
      }
      if (mySeat !== null) buttons.append(hall.guarded(button("Watch", "watch", []), t.status));
    }
    buttons.append(button("Who", "who", []), button("Help", "help", []),
      h("a", { href: `/rules/${t.game}`, class: "button", id: "rules-link", target: "_blank", rel: "noopener",
        title: `the rules of ${t.title} (opens beside this table)` }, "Rules"));
    hall.update(table, [clocks.awaySummary(t.seats), vacationSummary(t.seats)].filter(Boolean).join("; "));
    myself.update(table, clocks.snapshot());
    if (t.status === "waiting") renderWaiting();
  }

  function renderWaiting() {
    const t = table.table;
    board = null;
    boardGame = null;
    const seated = t.seats.filter(Boolean).length;
    const mySeat = table.you.seat;
    const mayBots = mySeat !== null || table.you.creator;  // as the server allows (commands._seats_bots)
    const awaiting = t.awaiting || [];
    keepingFocus(boardEl, () => boardEl.replaceChildren(h("div", { class: "waiting panel" },
      h("h2", {}, `${t.title}: waiting for players`),
      h("p", {}, `${seated} of ${t.capacity} seats taken. ${t.title} needs at least ${t.min_players}.`),
      awaiting.length ? h("p", { class: "rematch-wait", id: "rematch-wait" },
        `Rematch of table ${t.rematch_of}: waiting for ${awaiting.join(" and ")} to accept. It starts when everybody has; you can also Start now with bots in the free seats.`) : null,
      h("p", {}, "Click a free seat to sit there, add a bot to a free seat, then press Start. (Or type /join, /bot, /start.)"),
      h("div", { class: "waiting-seats" }, t.seats.map((s, i) => h("div", { class: `waiting-seat seat-${COLOURS[i]}${s ? "" : " free"}` },
        seatTag(i, s ? s.name : "free"), s && s.kind === "bot" ? h("small", {}, `bot · ${s.level}`) : null, ...seatBadges(s),
        i === mySeat ? h("span", { class: "you-mark" }, "you") : null,
        h("div", { class: "tile-actions" },
          s === null ? h("button", { type: "button", class: "sit-here primary", id: `sit-${i + 1}`,
            "aria-label": `${mySeat === null ? "Sit here" : "Move here"}: seat ${i + 1}, ${COLOURS[i]}`,
            onclick: () => command("join", [String(i + 1)]) }, mySeat === null ? "Sit here" : "Move here") : null,
          s === null && mayBots ? h("button", { type: "button", id: `add-bot-${i + 1}`, "aria-label": `Add a bot: seat ${i + 1}, ${COLOURS[i]}`,
            onclick: () => command("bot", [botLevel.value || table.default_bot, String(i + 1)]) }, "Add a bot") : null,
          s && s.kind === "bot" && mayBots ? h("button", { type: "button", id: `remove-${i + 1}`, "aria-label": `Remove the bot: seat ${i + 1}, ${COLOURS[i]}`,
            onclick: () => command("remove", [String(i + 1)]) }, "Remove") : null)))))),
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
        if (msg.seat !== null && msg.acting.includes(msg.seat) && !wasMine) attention("Your turn", `${table.table.title}, table ${tableId}`);
        if (msg.result && msg.by !== null && msg.seat !== null) attention("The scores are in", `${table.table.title}, table ${tableId}`);
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
          root.replaceChildren(missingPage(`Table ${tableId}`, msg.message.startsWith("there is no such table")
            ? `There is no open table ${tableId}. It may never have existed, or its game is over: finished games are in the archive. A private table opens only with its invitation link.`
            : msg.message));
        }
        else if (!chat.receive(msg)) toast(msg.message, "error");
        if (board && board.error) board.error(msg);
        break;
      default:
        chat.receive(msg);
        break;
    }
  }, (s) => { conn.textContent = s === "online" ? "" : s === "closed" ? "disconnected" : "reconnecting…"; });

  return () => { socket.close(); clocks.close(); };
}

// The name every board shows for each seat: whoever holds it now (a bot standing in for an absent player is
// "Bot Red", as in the seat list), else the name the game started with. Boards take names only from here.
export function seatNames(t) {
  const started = t.players || [];
  return t.seats.map((s, i) => (s ? s.name : started[i] ?? null));
}

// Tabs for the narrow layout: the page's data-tab names the panel shown; a dot marks a panel with news.
function tabBar(page, entries) {
  const buttons = new Map();
  const el = h("nav", { class: "tabs", "aria-label": "table panels" }, entries.map(([key, label]) => {
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
