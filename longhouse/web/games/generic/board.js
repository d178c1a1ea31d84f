// The generic board: plays any game through the engine contract alone, for games without a board of their
// own. It shows who is acting, the scores, the seat's view as a collapsible tree (its own part highlighted),
// the legal actions as buttons in words (the state message's `legal_text`), Undo, and the final results.
import { list, number, t, tn } from "../../i18n.js";
import { COLOURS, boardCycle, cap, h, keepingFocus, loadStylesheet, seatNamer, seatTag, tagOf } from "../../kit/board.js";
import { colourName } from "../../ui.js";

await loadStylesheet(new URL("./board.css", import.meta.url));

const FILTER_FROM = 12;          // more legal actions than this: a filter box
const GROUP_FROM = 7;            // more than this: grouped by kind
const TABLE_MAX_COLUMNS = 9;     // a list of like objects is a table when it has at most this many fields
const BIG = 700;                 // a branch whose JSON is longer starts collapsed
// Keys whose integer values are seats (shown as seat tags); a count such as `wampum_active` is not.
const SEAT_KEY = /^(active|dealer|start_player|turn|winners?)$|(^|_)(seat|seats|acting)$/;

function humanise(key) {
  const s = String(key).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
  return /^\d+$/.test(s) ? s : cap(s);
}

const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);
const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isScalarList = (v) => Array.isArray(v) && v.every(isScalar);
// A value small enough to write on one line: a scalar, a list of scalars, or an object of those.
const isFlat = (v) => isScalar(v) || isScalarList(v)
  || (isPlainObject(v) && Object.values(v).every((x) => isScalar(x) || isScalarList(x)));

/**
 * @param {HTMLElement} root
 * @param {import("../../kit/types.js").BoardApi} api
 * @returns {import("../../kit/types.js").Board}
 */
export function createBoard(root, api) {
  const cycle = boardCycle(api, { render, sent: () => renderActions(), received });
  let table = null;
  let resultsHidden = false;
  const opened = new Map();       // tree path -> open (what the player unfolded or folded stays so)

  const el = h("div", { class: "generic" });
  const seatsEl = h("div", { class: "g-seats", role: "list", "aria-label": t("players") });
  const status = h("div", { class: "status-line", role: "status", "aria-live": "polite" });
  const lastMove = h("div", { class: "g-last" });
  const tree = h("div", { class: "g-tree", tabindex: "0", role: "region", "aria-label": t("the state") });  // it may scroll: reachable by keyboard
  const filter = h("input", { type: "search", id: "action-filter", placeholder: t("Filter actions…"),
    "aria-label": t("filter the legal actions"), oninput: () => renderList() });
  const actionsHead = h("div", { class: "g-actions-head" });
  const actionsEl = h("div", { class: "g-action-list" });
  const overlay = h("div", { class: "overlay", hidden: true });
  const expandAll = h("button", { class: "link", onclick: () => setAll(true) }, t("expand all"));
  const collapseAll = h("button", { class: "link", onclick: () => setAll(false) }, t("collapse all"));
  el.append(seatsEl, status, lastMove, h("div", { class: "g-main" },
    h("section", { class: "panel g-view", "aria-label": t("the game as you see it") },
      h("div", { class: "g-panel-head" }, h("h2", {}, t("The table")), h("span", { class: "g-tools" }, expandAll, collapseAll)),
      tree),
    h("section", { class: "panel g-actions", "aria-label": t("your legal actions") }, actionsHead, actionsEl)),
  overlay);
  root.append(el);

  const seat = () => cycle.msg.seat;
  const view = () => cycle.msg.view || {};
  const names = () => api.names() || [];
  const numSeats = () => Math.max(names().length, (table && table.table.players || []).length,
    Array.isArray(view().players) ? view().players.length : 0);
  const nameOf = seatNamer(api);
  const acting = () => cycle.msg.acting || view().acting || [];
  const isOver = () => cycle.msg.status === "over" || !!cycle.msg.result;

  const tag = (s) => seatTag(s, nameOf(s));

  // --- scores --------------------------------------------------------------------------------------------

  function scores() {
    if (cycle.msg.result) return cycle.msg.result.scores;
    const v = view();
    if (Array.isArray(v.scores) && v.scores.every((x) => typeof x === "number")) return v.scores;
    for (const value of Object.values(v)) {
      if (Array.isArray(value) && value.length === numSeats() && value.every((p) => isPlainObject(p) && typeof p.score === "number")) {
        return value.map((p) => p.score);
      }
    }
    return null;
  }

  function renderSeats() {
    const sc = scores();
    const act = acting();
    const n = numSeats();
    const winners = cycle.msg.result ? cycle.msg.result.winners : [];
    seatsEl.replaceChildren(...[...Array(n).keys()].map((s) => h("div", {
      role: "listitem",
      class: `g-seat seat-${COLOURS[s] || "grey"}${act.includes(s) ? " acting" : ""}${s === seat() ? " mine" : ""}`,
      dataset: { seat: s },
    }, tag(s), s === seat() ? h("small", {}, t("you")) : null,
    sc ? h("span", { class: "score", title: t("score") }, tn("{n} pt", "{n} pts", sc[s])) : null,
    winners.includes(s) ? h("span", { class: "star", title: t("winner") }, "★") : null,
    h("span", { class: "wait" }, isOver() ? "" : act.includes(s) ? (s === seat() ? t("your move") : t("to act")) : ""))));
  }

  function renderStatus() {
    const me = seat();
    const act = acting();
    let text;
    let mine = false;
    if (isOver()) {
      const w = cycle.msg.result ? cycle.msg.result.winners : [];
      const sc = scores();
      const names = list(w.map(nameOf));
      if (!w.length) text = t("Game over");
      else if (sc) {
        text = tn("Game over — {names} wins with {points} points", "Game over — {names} win with {points} points", w.length,
          { names, points: number(sc[w[0]]) });
      } else text = tn("Game over — {names} wins", "Game over — {names} win", w.length, { names });
    } else if (me !== null && act.includes(me) && cycle.msg.legal.length) {
      mine = true;
      const others = act.filter((s) => s !== me);
      const count = cycle.msg.legal.length;
      text = count === 1 ? t("Your move — one action possible") : t("Your move — choose one of {n} actions", { n: number(count) });
      if (others.length) text = t("{text} ({names} choosing too)", { text, names: list(others.map(colourName)) });
    } else if (act.length) {
      text = t("Waiting for {names}…", { names: list(act.map((s) => `${colourName(s)} (${nameOf(s)})`)) });
    } else {
      text = t("Waiting…");
    }
    status.textContent = text;
    status.classList.toggle("my-turn", mine);
    const ev = (cycle.msg.events || []).filter((e) => e.text);
    lastMove.textContent = ev.length ? ev.slice(-2).map((e) => e.text).join(" · ") : "";
  }

  // --- the view as a tree --------------------------------------------------------------------------------

  function mineIndex(list) {
    // A list with one entry per seat: the entry of this seat (by a `seat` field, or by position).
    const me = seat();
    if (me === null || !Array.isArray(list) || !list.length || !list.every(isPlainObject)) return null;
    if (list.every((p) => typeof p.seat === "number")) {
      const i = list.findIndex((p) => p.seat === me);
      return i < 0 ? null : i;
    }
    return list.length === numSeats() ? me : null;
  }

  function perSeat(list) {
    return Array.isArray(list) && list.length === numSeats() && list.length > 1 && list.every(isPlainObject);
  }

  function seatValue(key, v) {
    if (!SEAT_KEY.test(String(key))) return null;
    const n = numSeats();
    const one = (x) => (Number.isInteger(x) && x >= 0 && x < n ? tag(x) : x === null || x === -1 ? h("span", { class: "none" }, "—") : null);
    if (Number.isInteger(v) || v === null) return one(v);
    if (Array.isArray(v) && v.every((x) => Number.isInteger(x) || x === null)) {
      const tags = v.map(one);
      if (tags.every(Boolean)) return v.length ? h("span", { class: "chips" }, tags) : h("span", { class: "none" }, t("none"));
    }
    return null;
  }

  function scalarEl(v) {
    if (v === null || v === undefined) return h("span", { class: "none" }, "—");
    if (typeof v === "boolean") return h("span", { class: v ? "yes" : "no" }, v ? t("yes") : t("no"));
    if (typeof v === "number") return h("span", { class: "num" }, number(v));
    return h("span", { class: "str" }, String(v).replace(/_/g, " "));
  }

  function flatEl(key, v) {
    const s = seatValue(key, v);
    if (s) return s;
    if (isScalar(v)) return scalarEl(v);
    if (Array.isArray(v)) {
      if (!v.length) return h("span", { class: "none" }, t("none"));
      return h("span", { class: "chips" }, v.map((x) => h("span", { class: "chip" }, x === null ? "—" : String(x).replace(/_/g, " "))));
    }
    const parts = Object.entries(v);
    if (!parts.length) return h("span", { class: "none" }, t("none"));
    return h("span", { class: "kv" }, parts.map(([k, x]) => h("span", { class: "kv-item" },
      h("span", { class: "k" }, humanise(k)), " ", flatEl(k, x))));
  }

  function branch(path, label, summaryExtra, body, opts = {}) {
    const known = opened.get(path);
    const open = known !== undefined ? known : opts.open;
    const det = h("details", { class: `g-branch${opts.mine ? " mine" : ""}`, open: open ? true : null, dataset: { path } },
      h("summary", {}, label, summaryExtra ? h("span", { class: "hint" }, summaryExtra) : null));
    det.addEventListener("toggle", () => opened.set(path, det.open));
    det.append(body);
    return det;
  }

  function tableOf(key, list, path, mine) {
    const cols = [...new Set(list.flatMap((o) => Object.keys(o)))];
    const seated = perSeat(list) && !cols.includes("seat");
    return h("table", { class: "g-table" },
      h("thead", {}, h("tr", {}, seated ? h("th", {}, "") : null, cols.map((c) => h("th", {}, humanise(c))))),
      h("tbody", {}, list.map((o, i) => h("tr", { class: i === mine ? "mine" : "" },
        seated ? h("th", {}, tag(i)) : null,
        cols.map((c) => h("td", { dataset: { label: humanise(c) } }, c in o ? flatEl(c, o[c]) : ""))))));
  }

  function node(key, v, path, depth, mine = false) {
    const label = h("span", { class: "key" }, mine ? [humanise(key), h("span", { class: "yours" }, t("yours"))] : humanise(key));
    if (isFlat(v) || seatValue(key, v)) {
      return h("div", { class: `g-leaf${mine ? " mine" : ""}` }, label, flatEl(key, v));
    }
    const size = JSON.stringify(v).length;
    if (Array.isArray(v)) {
      const mi = mineIndex(v);
      const hint = tn("{n} item", "{n} items", v.length);
      // A list of like, flat objects: a table (one row per seat when there is one per seat).
      if (v.every((o) => isPlainObject(o) && Object.values(o).every(isFlat))) {
        const cols = new Set(v.flatMap((o) => Object.keys(o)));
        if (cols.size <= TABLE_MAX_COLUMNS) {
          return branch(path, label, hint, tableOf(key, v, path, mi), { open: depth === 0 && (perSeat(v) || size < BIG) });
        }
      }
      // A grid of scalars: one compact line per row.
      if (v.every(isScalarList)) {
        return branch(path, label, hint, h("ol", { class: "g-rows", start: "0" },
          v.map((row) => h("li", {}, flatEl("", row)))), { open: size < BIG && depth === 0 });
      }
      const items = v.map((x, i) => {
        const isMine = i === mi;
        const itemKey = perSeat(v) ? null : `${i}`;
        const p = `${path}.${i}`;
        if (itemKey === null) {
          return branch(p, h("span", { class: "key" }, tag(i), isMine ? h("span", { class: "yours" }, t("yours")) : null),
            null, children(x, p, depth + 1), { open: isMine || (seat() === null && depth === 0), mine: isMine });
        }
        return node(itemKey, x, p, depth + 1, isMine);
      });
      return branch(path, label, hint, h("div", { class: "g-children" }, items),
        { open: depth === 0 && (perSeat(v) || size < BIG) });
    }
    return branch(path, label, null, children(v, path, depth + 1),
      { open: mine || (depth === 0 && size < BIG), mine });
  }

  function children(obj, path, depth) {
    if (!isPlainObject(obj)) return h("div", { class: "g-children" }, node("", obj, `${path}.`, depth));
    const entries = Object.entries(obj);
    // the seat's own part and the per-seat lists first, then short facts on a grid, then the other branches
    const leaves = entries.filter(([k, v]) => isFlat(v) || seatValue(k, v));
    const seats = entries.filter((e) => !leaves.includes(e) && (e[0] === "you" || perSeat(e[1])));
    const rest = entries.filter((e) => !leaves.includes(e) && !seats.includes(e));
    return h("div", { class: "g-children" },
      seats.map(([k, v]) => node(k, v, `${path}.${k}`, depth, k === "you")),
      leaves.length ? h("div", { class: "g-facts" }, leaves.map(([k, v]) => node(k, v, `${path}.${k}`, depth))) : null,
      rest.map(([k, v]) => node(k, v, `${path}.${k}`, depth, k === "you")));
  }

  function renderTree() {
    const v = { ...view() };
    delete v.game;
    if (v.seat === seat()) delete v.seat;
    const top = tree.scrollTop;
    tree.replaceChildren(children(v, "", 0));
    tree.scrollTop = top;
  }

  function setAll(open) {
    for (const det of tree.querySelectorAll("details")) {
      det.open = open;
      opened.set(det.dataset.path, open);
    }
  }

  // --- the legal actions ---------------------------------------------------------------------------------

  function groupOf(action, text) {
    const k = tagOf(action);
    return k !== null ? humanise(k) : String(text).split(/\s+/)[0] || t("Actions");
  }

  const send = (action) => cycle.send(action);

  function renderActions() {
    const me = seat();
    const legal = cycle.msg.legal || [];
    const head = [];
    if (me === null) head.push(h("h2", {}, t("Watching")), h("p", { class: "hint" }, t("You are watching this table.")));
    else if (isOver()) head.push(h("h2", {}, t("The game is over")));
    else if (legal.length) head.push(h("h2", {}, t("Your move"), h("small", {}, " · ", tn("{n} choice", "{n} choices", legal.length))));
    else {
      const others = acting();
      head.push(h("h2", {}, t("Not your move")), h("p", { class: "hint" }, others.length
        ? t("Waiting for {names}.", { names: list(others.map(colourName)) }) : t("Waiting for the others.")));
    }
    if (isOver() && resultsHidden) {
      head.push(h("button", { id: "show-results", onclick: () => { resultsHidden = false; renderOverlay(); renderActions(); } }, t("Show the results")));
    }
    if (me !== null && cycle.msg.undo_steps > 0 && !isOver()) {
      head.push(h("button", { id: "undo-button", class: "g-undo", disabled: cycle.pending ? true : null,
        title: t("take back your last step ({n} possible)", { n: number(cycle.msg.undo_steps) }),
        onclick: () => cycle.undo(-1) }, "↶ ", t("Undo")));
    }
    if (legal.length > FILTER_FROM) head.push(filter);
    const typing = document.activeElement === filter;
    actionsHead.replaceChildren(...head);
    if (typing && filter.isConnected) filter.focus();
    renderList();
  }

  function renderList() {
    const legal = cycle.legal();
    const words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const shown = legal.all.filter((x) => legal.count <= FILTER_FROM || words.every((w) => x.text.toLowerCase().includes(w)));
    const button = (x) => h("button", { class: "legal-action", dataset: { index: x.i, focus: `action:${x.text}` }, disabled: cycle.pending ? true : null,
      title: x.text, onclick: () => send(x.a) }, x.text);
    if (!shown.length) {
      actionsEl.replaceChildren(legal.count ? h("p", { class: "hint" }, t("No action matches the filter.")) : "");
      return;
    }
    const groups = new Map();
    for (const x of shown) {
      const g = groupOf(x.a, x.text);
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(x);
    }
    if (legal.count <= GROUP_FROM || groups.size === 1) {
      actionsEl.replaceChildren(h("div", { class: "g-buttons" }, shown.map(button)));
    } else {
      actionsEl.replaceChildren(...[...groups].map(([g, xs]) => h("div", { class: "g-group" },
        h("h3", {}, g, h("small", {}, ` (${number(xs.length)})`)), h("div", { class: "g-buttons" }, xs.map(button)))));
    }
  }

  // --- the final results ----------------------------------------------------------------------------------

  // A breakdown's cell: a number in the page's language, any other value as it is, a missing one a dash.
  const cell = (x) => (typeof x === "number" ? number(x) : String(x ?? "—"));

  function renderOverlay() {
    if (!isOver() || !cycle.msg.result || resultsHidden) {
      overlay.hidden = true;
      return;
    }
    const { scores: sc, winners, breakdown } = cycle.msg.result;
    const seats = [...Array(sc.length).keys()];
    const cats = [...new Set((breakdown || []).flatMap((b) => Object.keys(b)))].filter((c) => c !== "total");
    overlay.replaceChildren(h("div", { class: "score-screen panel final", role: "dialog", "aria-label": t("final results") },
      h("h2", {}, t("The game is over")),
      h("h3", {}, t("Final results")),
      h("table", { class: "score-table" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", { class: winners.includes(s) ? "winner" : "" },
          tag(s), winners.includes(s) ? h("span", { class: "star", title: t("winner") }, " ★") : "")))),
        h("tbody", {},
          cats.map((c) => h("tr", {}, h("th", {}, humanise(c)), seats.map((s) => h("td", {}, cell((breakdown[s] || {})[c]))))),
          h("tr", { class: "total" }, h("th", {}, t("Total")), seats.map((s) => h("td", {}, number(sc[s])))))),
      h("div", { class: "row" }, h("button", { id: "see-board", onclick: () => { resultsHidden = true; renderOverlay(); renderActions(); } }, t("See the board")))));
    overlay.hidden = false;
  }

  function render() {
    if (!cycle.msg) return;
    keepingFocus(el, () => {
      renderSeats();
      renderStatus();
      renderTree();
      renderActions();
      renderOverlay();
    }, ".legal-action:not(:disabled), #action-filter, #see-board");
    el.className = `generic${seat() !== null ? ` me-${COLOURS[seat()]}` : ""}${isOver() ? " over" : ""}`;
    el.dataset.version = String(cycle.msg.version);
    el.dataset.over = isOver() ? "yes" : "no";
    el.dataset.mine = cycle.msg.legal && cycle.msg.legal.length ? "yes" : "no";
  }

  // A new state: after my own move the filter is cleared.
  function received(next, prev, tableMsg) {
    if (prev && next.version !== prev.version && next.by !== null && next.by === next.seat) filter.value = "";
    table = tableMsg;
  }

  return cycle.board;
}
