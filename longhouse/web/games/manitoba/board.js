// Manitoba's board: the territory as a map, the totem, the vision board, the season, my village along the
// bottom and the other villages as compact panels. Every decision is made on its object — a disk, an area,
// a path, a sector, a ceremonial place, a good — from the legal actions the server sends; the same actions
// in words stay one click away as a fallback. Names and reference tables come from the view and the game's
// description (`api.description`), never from a copy of the game's tables.
import { sameAction } from "../../hints.js";
import { list, t, tn } from "../../i18n.js";
import { installTips, tipNote } from "../../tips.js";
import { COLOURS, boardCycle, endedEarly, h, loadStylesheet, seatNamer, seatTag } from "../../kit/board.js";
import { goodChip } from "./draw.js";
import { indexLegal } from "./legal.js";
import { drawPaths, drawScores, drawSeason, drawSupply, drawTotem } from "./side.js";
import { drawTally, tallyKey, tallyReady } from "./tally.js";
import { drawTerritory } from "./territory.js";
import { drawMyVillage, drawOpponent, lastMoveText } from "./village.js";
import { wordsOf } from "./words.js";

await loadStylesheet(new URL("./board.css", import.meta.url));

/**
 * @param {HTMLElement} root
 * @param {import("../../kit/types.js").BoardApi} api
 * @returns {import("../../kit/types.js").Board}
 */
export function createBoard(root, api) {
  const cycle = boardCycle(api, { render, sent, received, hints: true });
  let selectedFrom = null;   // a Cree of mine chosen to move, waiting for its target area
  let wakeMode = false;      // the totem's disks take the Wake-up action
  let tradeMode = false;     // a wampum trade: the lit sectors take the berry
  let tallyDone = null;      // the scoring panel the player confirmed
  let words = false;         // the words fallback open

  const el = h("div", { class: "manitoba" });
  const opps = h("div", { class: "mb-opps" });
  const status = h("div", { class: "mb-status", role: "status", "aria-live": "polite" });
  const map = h("div", { class: "mb-map" });
  // each scrolls in its own frame on a short desktop screen (board.css): reachable by the keyboard too
  const paths = h("div", { class: "mb-paths-wrap", tabindex: "0", role: "region", "aria-label": t("vision paths") });
  const side = h("div", { class: "mb-side", tabindex: "0", role: "region", "aria-label": t("totem and season") });
  const village = h("div", { class: "mb-mine" });
  const wordsEl = h("div", { class: "mb-words-wrap" });
  const overlay = h("div", { class: "overlay mb-overlay", hidden: true });
  el.append(opps, status, map, paths, side, village, wordsEl, overlay);
  root.append(el);
  installTips(el);

  // On a narrow screen the territory wraps into rows of as many tiles as fit at a tappable size (the board
  // is redrawn when the width changes).
  const perRow = () => (window.innerWidth > 900 ? 99 : Math.max(2, Math.floor((window.innerWidth - 16) / 150)));
  let lastPerRow = perRow();
  const onResize = () => { if (perRow() !== lastPerRow) { lastPerRow = perRow(); render(); } };
  window.addEventListener("resize", onResize);
  const nameOf = seatNamer(api);
  const desc = () => api.description || {};

  // x: an indexed legal action ({a, text}, legal.js)
  function send(x) {
    if (x && x.a) cycle.send(x.a);
  }

  // A move or an undo is on its way: the half-made choices go, the board shows it waits.
  function sent() {
    selectedFrom = null;
    wakeMode = false;
    tradeMode = false;
    el.classList.add("pending");
  }

  function context(view, ix) {
    return {
      // over: by the rules, or ended early by the hall (a resignation): no seat acts or is active any more
      view, ix, desc: desc(), w: wordsOf(desc()), nameOf, send, over: isOver(view) || !!endedEarly(cycle.msg, nameOf), selectedFrom, wakeMode, tradeMode, perRow: lastPerRow,
      setWakeMode(on) { wakeMode = on; render(); },
      setTradeMode(on) { tradeMode = on; render(); },
      clickArea(area, act) {
        if (act.select) {
          selectedFrom = selectedFrom === area.id ? null : area.id;
          render();
        } else {
          send(act);
        }
      },
    };
  }

  function isOver(view) { return !!view.header.over; }

  function renderStatus(ctx) {
    const { view, ix } = ctx;
    const me = view.header.viewer;
    const d = view.decision;
    const early = endedEarly(cycle.msg, nameOf);
    const mine = me !== null && ix.count > 0 && !early;
    let text;
    if (early) {
      text = early;  // the hall ended the game before its rules did (a resignation): nobody is deciding any more
    } else if (isOver(view)) {
      const w = view.header.winners || [];
      const best = w.length ? view.villages[w[0]].score : 0;
      text = tn("Game over — {names} wins with {points} points", "Game over — {names} win with {points} points", w.length,
        { names: list(w.map(nameOf)), points: best });
    } else if (mine && d) {
      text = d.prompt;
      if (selectedFrom !== null) {
        text = t("Now click a lit area to move your Cree from {area} (or click it again to keep it)",
          { area: view.territory.areas[selectedFrom].name });
      }
      if (tradeMode) text = t("Wampum: click the storage sector that your top berry should turn into");
    } else if (d) {
      // the engine's phase in words ("Round 2 of 15, spring: Blue is choosing a passive action")
      text = view.header ? `${view.header.phase} (${nameOf(d.seat)})` : t("{name} is deciding", { name: nameOf(d.seat) });
    } else {
      text = t("Waiting…");
    }
    const buttons = [];
    if (mine && d && d.kind === "good") buttons.push(h("span", { class: "in-hand", title: t("the good to place") }, t("placing:"), " ", ...goodsOf(ctx, d)));
    if (ix.end) buttons.push(h("button", { id: "end-turn", class: "primary", onclick: () => send(ix.end) }, t("End my turn")));
    if (ix.pass) {
      const label = d && ["score", "final_choice"].includes(d.kind) ? t("Don't score") : t("Pass");
      buttons.push(h("button", { id: "pass", onclick: () => send(ix.pass), title: ix.pass.text }, label));
    }
    if (me !== null && cycle.msg.undo_steps > 0 && !isOver(view)) {
      buttons.push(h("button", { id: "undo", title: t("take back your last step ({n} possible)", { n: cycle.msg.undo_steps }),
        onclick: () => cycle.undo(-1) }, t("↶ Undo")));
    }
    status.className = `mb-status${mine ? " my-turn" : ""}`;
    status.replaceChildren(h("span", { class: "prompt" }, text), h("span", { class: "status-buttons" }, buttons));
  }

  function goodsOf(ctx, d) {
    return [goodChip(d.good), h("b", {}, ctx.w.goodA(d.good))];
  }

  function renderWords(ctx) {
    const legal = cycle.legal();
    if (!legal.count) { wordsEl.replaceChildren(); return; }
    const det = h("details", { class: "mb-words", open: words ? true : null },
      h("summary", {}, t("My choices in words ({n})", { n: legal.count })),
      h("div", { class: "words-list", tabindex: "0", role: "group", "aria-label": t("my choices in words") },
        legal.all.map((x) => h("button", { class: "legal-action", onclick: () => send(x) }, x.text))));
    det.addEventListener("toggle", () => { words = det.open; });
    wordsEl.replaceChildren(det);
    void ctx;
  }

  function renderOverlay(ctx) {
    const { view } = ctx;
    const key = tallyKey(view.tally);
    if (key && key !== tallyDone && tallyReady(view)) {
      overlay.replaceChildren(drawTally(ctx, () => { tallyDone = key; render(); }));
      overlay.hidden = false;
    } else {
      overlay.replaceChildren();
      overlay.hidden = true;
    }
  }

  function render() {
    if (!cycle.msg) return;
    const view = cycle.msg.view;
    const ix = indexLegal(cycle.legal());
    if (selectedFrom !== null && !ix.move[selectedFrom]) selectedFrom = null;
    if (wakeMode && !Object.keys(ix.wakeup).length) wakeMode = false;
    if (tradeMode && !Object.keys(ix.wampumTrade).length) tradeMode = false;
    const ctx = context(view, ix);
    const me = view.header.viewer;
    const others = view.villages.map((v) => v.seat).filter((s) => s !== me);
    opps.replaceChildren(...others.map((s) => drawOpponent(ctx, s)));
    renderStatus(ctx);
    const legend = h("p", { class: "map-legend" }, h("span", { class: "key-can" }, t("orange edge")), " ", t("you may choose it now"), " · ",
      h("span", { class: "key-last" }, t("seat colour")), " ", t("that seat's last move (dashed: where its Cree came from)"));
    map.replaceChildren(h("div", { class: "territory-wrap" }, drawTerritory(ctx)),
      h("div", { class: "map-foot" }, drawScores(ctx), drawSupply(ctx), legend, tipNote()));
    paths.replaceChildren(drawPaths(ctx));
    side.replaceChildren(drawTotem(ctx), drawSeason(ctx));
    if (me !== null) {
      village.replaceChildren(drawMyVillage(ctx));
    } else {
      village.replaceChildren(h("p", { class: "spectating" }, api.replay
        ? t("Replay: the public view, move by move (← → step through it).") : t("You are watching this table."),
      " ", lastMoves(view)));
    }
    renderWords(ctx);
    renderOverlay(ctx);
    showMark();
    el.className = `manitoba${me !== null ? ` me-${COLOURS[me]}` : ""}${cycle.pending ? " pending" : ""}${ix.count ? " my-move" : ""}`;
    el.dataset.version = String(cycle.msg.version);
    el.dataset.phase = isOver(view) ? "over" : view.decision ? view.decision.kind : "waiting";
    el.dataset.mine = ix.count ? "yes" : "no";
    el.dataset.over = isOver(view) ? "yes" : "no";
  }

  function lastMoves(view) {
    return h("span", { class: "last-all" }, view.villages.map((v) => {
      const last = lastMoveText(view.marks[v.seat], desc());
      return last ? h("span", {}, seatTag(v.seat, nameOf(v.seat)), ` ${last} `) : null;
    }));
  }

  // The hinted move on its object: the disk, area, path, sector, place, good or button it uses; a move's
  // Cree and then its area; the Wake-up or trade switch before its disk or sector. Its line in words too.
  function showMark() {
    cycle.mark(el, (a, q) => marked(a, q));
  }

  function marked(a, q) {
    const area = (id) => q(`.territory-map .area[data-area="${id}"]`);
    const sector = (good) => q(`.mb-village .sector[data-sector="${good}"]`);
    const one = {
      take: () => [q(`.disk[data-colour="${a.colour}"]`)],
      wakeup: () => [wakeMode ? null : q("#wake-mode"), q(`.disk[data-depth="${a.disks}"]`)],
      place: () => [area(a.area)], recall: () => [area(a.area)], refill: () => [area(a.area)],
      move: () => (selectedFrom === a.from ? [area(a.to), area(a.from)] : [area(a.from), area(a.to)]),
      vision: () => [q(`.path[data-path="${a.path}"]`)], repeat: () => [q(`.path[data-path="${a.path}"]`)],
      wake: () => [q(`.wake-btn[data-cree="${a.cree}"]`)],
      end: () => [q("#end-turn")], pass: () => [q("#pass")],
      store: () => [sector(a.sector)], drop: () => [sector(a.sector)], score: () => [sector(a.good)],
      ceremony: () => [q(`.ceremonial[data-place="${a.place}"]`)],
      good: () => [q(`.supply-good[data-good="${a.good}"]`)],
      wampum_wake: () => [q("#wampum-wake")],
      wampum_trade: () => [tradeMode ? null : q("#wampum-trade"), sector(a.sector)],
    }[a.type];
    const words = (cycle.msg.legal || []).findIndex((x) => sameAction(x, a));
    // a scoring's tally covers the board until its OK: that is the next thing to press
    const first = overlay.hidden ? [] : [overlay.querySelector("#tally-ok")];
    return [...first, ...(one ? one() : []), wordsEl.querySelectorAll(".words-list .legal-action")[words]];
  }

  // A new version: the Cree chosen to move is let go.
  function received(next, prev) {
    if (prev && next.version !== prev.version) selectedFrom = null;
  }

  return cycle.board;
}
