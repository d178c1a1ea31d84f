// Manitou's board: three hunting grounds with a lane per seat, my hunting party along the bottom,
// opponents along the top, the score screen after each hunt and the final results.
// It knows only the view the server sends (see briefs/manitou-api.md) and the legal actions listed with it.
import { N_, list, number, t, tn } from "../../i18n.js";
import { installTips, tipNote } from "../../tips.js";
import { COLOURS, SYMBOLS, boardCycle, cap, endedEarly, h, keepingFocus, loadStylesheet, seatNamer, seatTag, svg, toast } from "../../kit/board.js";
import { colourName } from "../../ui.js";
import { herdNotes, laneNote, scorePanel } from "./scores.js";

await loadStylesheet(new URL("./board.css", import.meta.url));

// A phone or tablet is used with a finger: the status line says "tap" there.
const touch = () => window.matchMedia("(pointer: coarse)").matches;
// A second click on the chosen card within this many ms is a double click's, not a "put it back".
const DOUBLE_CLICK_MS = 400;

// Warrior names and who beats whom (as on the tribe card) come from the game's description.
let WARRIORS = {};
let BEATS = {};
let ORDER = [];  // card codes in display order

function learn(description) {
  WARRIORS = Object.fromEntries(description.warriors.map((w) => [w.code, w.name]));
  BEATS = Object.fromEntries(description.warriors.map((w) => [w.code, w.beats]));
  ORDER = description.cards.map((c) => c.code);
}

// A small picture (a warrior, the buffalo) from its SVG markup.
function picture(viewBox, inner, cls = "") {
  const el = svg("svg", { viewBox, "aria-hidden": "true", class: cls || null });
  el.innerHTML = inner;
  return el;
}

// Small figures for the five warriors (drawn in currentColor).
const FIGURES = {
  C: '<circle cx="20" cy="25" r="7"/><path d="M8 22 L5 6 L12 17 L14 3 L18 16 L20 1 L22 16 L26 3 L28 17 L35 6 L32 22 Z"/><path d="M10 40 Q20 28 30 40 Z"/>',
  M: '<circle cx="17" cy="13" r="6"/><path d="M8 40 Q17 20 26 40 Z"/><path d="M30 4 L30 40" stroke="currentColor" stroke-width="2.5" fill="none"/><circle cx="30" cy="6" r="4" fill="none" stroke="currentColor" stroke-width="2"/><path d="M27 12 L33 12 M27 16 L33 16" stroke="currentColor" stroke-width="1.5"/>',
  R: '<path d="M8 18 Q8 9 16 10 Q19 3 26 6 Q33 6 32 13 Q37 15 34 20 L10 20 Q5 20 8 18 Z"/><path d="M12 25 l-2 6 M19 25 l-2 6 M26 25 l-2 6 M15 33 l-2 6 M22 33 l-2 6 M29 31 l-2 6" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" fill="none"/>',
  S: '<path d="M3 20 Q20 5 37 20 Q20 35 3 20 Z" fill="none" stroke="currentColor" stroke-width="2.5"/><circle cx="20" cy="20" r="6"/><path d="M20 36 L20 40 M12 34 L10 38 M28 34 L30 38" stroke="currentColor" stroke-width="2"/>',
  Q: '<circle cx="20" cy="11" r="7"/><path d="M13 11 Q10 24 12 30 M27 11 Q30 24 28 30" stroke="currentColor" stroke-width="2.5" fill="none"/><path d="M10 40 Q20 19 30 40 Z"/><path d="M16 3 L20 0 L24 3" stroke="currentColor" stroke-width="2" fill="none"/>',
};

const BUFFALO = '<path d="M6 26 Q4 14 14 11 Q18 5 26 8 L40 8 Q50 8 52 16 L54 26 L50 26 L48 19 L46 30 L41 30 L40 21 L22 21 L20 30 L15 30 L14 23 Q9 25 10 30 L6 30 Z"/><path d="M13 11 Q10 6 13 3 M19 9 Q21 4 18 2" stroke="currentColor" stroke-width="1.6" fill="none"/>';

// A herd's size in words (the view's `size`), for its tooltip.
const HERD_TIPS = {
  large: N_("Large herd worth {value} points: the strongest hunters here take the largest herd"),
  small: N_("Small herd worth {value} points: the strongest hunters here take the largest herd"),
};

function cardName(code) {
  return WARRIORS[code] ? WARRIORS[code] : t("hunter {value}", { value: code });
}

// A card's tooltip: what it is, and for a warrior whom it beats and who beats it.
function cardTip(code) {
  if (!WARRIORS[code]) return t("Hunter of strength {value}", { value: code });
  const beatenBy = Object.keys(BEATS).filter((w) => BEATS[w].includes(code)).map((w) => WARRIORS[w]);
  return t("{warrior}: beats {beats}; beaten by {beaten}", { warrior: cap(WARRIORS[code]),
    beats: list(BEATS[code].map((w) => WARRIORS[w])), beaten: list(beatenBy) });
}

function cardEl(code, opts = {}) {
  const warrior = WARRIORS[code] !== undefined;
  const colour = opts.seat !== undefined && opts.seat !== null ? COLOURS[opts.seat] : null;
  const classes = ["card", warrior ? "warrior" : "hunter", colour ? `seat-${colour}` : "", opts.cls || ""];
  const el = h("div", { class: classes.join(" "), dataset: { code }, title: cardTip(code) });
  if (warrior) {
    el.append(picture("0 0 40 42", FIGURES[code], "figure"), h("span", { class: "name" }, WARRIORS[code]));
  } else {
    el.append(h("span", { class: "value" }, code));
  }
  if (colour) el.append(h("span", { class: "corner", "aria-hidden": "true" }, SYMBOLS[opts.seat]));
  return el;
}

/**
 * @param {HTMLElement} root
 * @param {import("../../kit/types.js").BoardApi} api
 * @returns {import("../../kit/types.js").Board}
 */
export function createBoard(root, api) {
  learn(api.description);
  let selected = null;          // a hand card chosen by click or keyboard, waiting for its ground
  let selectedIndex = null;     // which of the hand's cards (two of a kind are two cards)
  let selectedAt = -Infinity;   // when it was chosen (performance.now()): a double click does not undo it
  let drag = null;
  let seenCards = new Set();
  let lastPlay = new Map();     // seat -> key of the card it played last (marked until it plays again)
  let laneSizes = null;         // "ground:seat" -> cards in that lane at the last state
  const cycle = boardCycle(api, { render, received, hints: true });

  const el = h("div", { class: "manitou" });
  const opponents = h("div", { class: "opponents" });
  const status = h("div", { class: "status-line", role: "status", "aria-live": "polite" });
  const grounds = h("div", { class: "grounds" });
  const reference = h("aside", { class: "reference", "aria-label": t("who beats whom"), tabindex: "0" },
    h("h3", {}, t("Who beats whom")),
    h("table", {}, h("tbody", {}, Object.entries(BEATS).map(([w, beaten]) => h("tr", {},
      h("td", {}, h("div", { class: "ref-who" }, picture("0 0 40 42", FIGURES[w], "mini"), h("b", {}, WARRIORS[w])),
        h("div", { class: "beats" }, t("beats {warriors}", { warriors: list(beaten.map((b) => WARRIORS[b])) }))))))),
    h("p", { class: "hint" }, t("Same warrior on a controlled ground: both are cancelled. "
      + "A second warrior of the controller protects the first.")));
  const mine = h("div", { class: "my-area" });
  el.append(opponents, status, h("div", { class: "middle" }, grounds, reference), mine, tipNote());
  root.append(el);
  const tips = installTips(el);

  const seat = () => cycle.msg.seat;
  const view = () => cycle.msg.view;
  const nameOf = seatNamer(api);
  const playable = (code) => cycle.legal().of("play").filter((a) => a.card === code).map((a) => a.ground);
  const send = (action) => cycle.send(action);
  const tag = (s) => seatTag(s, nameOf(s));

  function waitingWord(v, p) {
    if (v.stage === "select") {
      if (p.confirmed) return t("ready");
      const need = p.seat === v.dealer ? 7 : 8;
      return t("choosing {need} cards… ({have})", { need, have: p.selected });
    }
    if (v.stage === "hunt") return v.turn === p.seat ? t("to play") : t("{hand} in hand · {pile} to draw", { hand: p.hand_size, pile: p.pile_size });
    if (v.stage === "score") return p.ready ? t("ready") : t("reading the scores…");
    return "";
  }

  function renderOpponents() {
    const v = view();
    const others = v.players.filter((p) => p.seat !== seat());
    opponents.replaceChildren(...others.map((p) => h("div", {
      class: `opponent seat-${COLOURS[p.seat]}${v.header.acting.includes(p.seat) ? " acting" : ""}`,
      dataset: { seat: p.seat },
    }, tag(p.seat), h("span", { class: "score", title: t("score") }, number(v.header.scores[p.seat])),
    p.seat === v.dealer ? h("span", { class: "dealer", title: t("dealer") }, t("dealer")) : null,
    h("span", { class: "tally" }, v.stage === "hunt" ? h("span", { title: t("hunters played this hunt (the most get the pelt robbers)") },
      t("hunters {n}", { n: p.hunter_total })) : null,
    h("span", { title: t("prisoners taken") }, t("prisoners {n}", { n: p.prisoners }))),
    h("span", { class: "wait" }, waitingWord(v, p)))));
  }

  function renderStatus() {
    const v = view();
    const me = seat();
    let text;
    let mineActs = me !== null && v.header.acting.includes(me);
    const early = endedEarly(cycle.msg, nameOf);
    if (early) {  // the hall ended it (a resignation): nothing is asked of anyone now
      status.textContent = early;
      status.classList.remove("my-turn");
      return;
    }
    if (v.stage === "select") {
      const waiting = v.players.filter((p) => !p.confirmed).map((p) => colourName(p.seat));
      if (mineActs) {
        const you = v.you;
        const need = you.must_pick;
        const have = you.selection.length;
        text = have < need ? t("Hunt {hunt} of {hunts}: pick {need} cards for your hunting party ({have} / {need}), then OK",
          { hunt: v.hunt, hunts: v.hunts, need, have })
          : t("Hunt {hunt} of {hunts}: your party is complete — press OK (click a picked card to take it back)",
            { hunt: v.hunt, hunts: v.hunts });
      } else {
        text = t("Hunt {hunt} of {hunts}: waiting for {names} to choose…", { hunt: v.hunt, hunts: v.hunts, names: list(waiting) });
      }
    } else if (v.stage === "hunt") {
      text = v.turn === me ? (touch() ? t("Your turn — tap a card, then a hunting ground (or drag it there)")
        : t("Your turn — drag a card onto a hunting ground (or click the card, then the ground)"))
        : t("{colour} ({name}) to play", { colour: colourName(v.turn), name: nameOf(v.turn) });
    } else if (v.stage === "score") {
      const waiting = v.players.filter((p) => !p.ready).map((p) => colourName(p.seat));
      text = mineActs ? t("Hunt {hunt} is scored — study the board, then Continue below", { hunt: v.last_hunt.hunt })
        : t("Waiting for {names} to confirm the scores", { names: list(waiting) });
    } else {
      const best = Math.max(...v.header.scores);
      text = tn("Game over — {names} wins with {points} points", "Game over — {names} win with {points} points",
        v.header.winners.length, { names: list(v.header.winners.map((s) => nameOf(s))), points: number(best) });
      mineActs = false;
    }
    status.textContent = text;
    status.classList.toggle("my-turn", mineActs);
  }

  function laneOrder() {
    const n = view().header.num_players;
    const me = seat();
    if (me === null) return [...Array(n).keys()];
    const order = [];
    for (let i = 1; i <= n; i++) order.push((me + i) % n);
    return order;  // mine last: nearest to me
  }

  // After a hunt (score screen, end of game) the grounds show how that hunt ended.
  function shownGrounds(v) {
    const last = v.last_hunt;
    if ((v.stage === "score" || v.stage === "over") && last && last.grounds.every((g) => g.lanes)) {
      return last.grounds.map((g) => ({
        buffalo: g.buffalo, lanes: g.lanes, controller: g.controller, report: g,
        hunter_totals: g.lanes.map((lane) => lane.reduce((sum, c) => sum + (c.kind === "hunter" ? c.value : 0), 0)),
      }));
    }
    return v.grounds;
  }

  function renderGrounds() {
    const v = view();
    const targets = selected !== null ? playable(selected) : [];
    const fresh = new Set();
    grounds.replaceChildren(...shownGrounds(v).map((g, gi) => {
      const herd = h("div", { class: "herd" },
        g.buffalo.map((b) => h("span", { class: `buffalo ${b.size}`, title: t(HERD_TIPS[b.size] || HERD_TIPS.large, { value: number(b.value) }) },
          picture("0 0 58 32", BUFFALO, "bison"), h("b", {}, number(b.value)))));
      const lanes = laneOrder().map((s) => {
        const cards = g.lanes[s].map((c, ci) => {
          const key = `${v.hunt}:${gi}:${s}:${ci}:${c.code}`;
          let cls = "";
          if (c.kind === "warrior") {
            if (!c.face_up) cls = "down";
            else if (g.controller === s) cls = "control";
            if (c.protected) cls += " protected";
          }
          if (!seenCards.has(key)) fresh.add(key);
          const last = lastPlay.get(s) === key && v.stage === "hunt";
          const card = cardEl(c.code, { seat: s, cls: `${cls} small${seenCards.has(key) || !seenCards.size ? "" : " fresh"}${last ? " last" : ""}` });
          card.dataset.key = key;
          if (last) card.title = t("{card} — the last move of {name}", { card: card.title, name: nameOf(s) });
          return h("div", { class: "slot-wrap" }, card);
        });
        const total = g.hunter_totals[s];
        return h("div", { class: `lane seat-${COLOURS[s]}${s === seat() ? " mine" : ""}`, dataset: { seat: s } },
          h("span", { class: "lane-mark", title: nameOf(s) }, SYMBOLS[s]),
          h("div", { class: `lane-cards${cards.length > 5 ? " crowded" : ""}` }, cards),
          h("span", { class: "lane-tally" }, laneNote(g.report, s),
            total ? h("span", { class: "total", title: t("hunters' strength on this ground") }, number(total)) : null));
      });
      const controller = g.controller !== null && g.controller !== undefined
        ? h("span", { class: `controller seat-${COLOURS[g.controller]}`, title: t("{colour} controls this ground", { colour: colourName(g.controller) }) },
          `${SYMBOLS[g.controller]} ${colourName(g.controller)}`)
        : null;
      const isTarget = targets.includes(gi);
      return h("div", {
        class: `ground${isTarget ? " droppable" : ""}`,
        tabindex: isTarget ? "0" : "-1", role: "button", "aria-disabled": isTarget ? "false" : "true",
        dataset: { ground: gi, focus: `ground:${gi}` },
        "aria-label": t("hunting ground {ground}: buffalo {values}",
          { ground: number(gi + 1), values: list(g.buffalo.map((b) => number(b.value))) }),
        onclick: () => { if (selected !== null && playable(selected).includes(gi)) play(selected, gi); },
        onkeydown: (e) => groundKey(e, gi),
      }, h("div", { class: "ground-head" }, h("span", { class: "ground-no" }, number(gi + 1)), herd, controller),
      herdNotes(g.report, tag), h("div", { class: "lanes" }, lanes));
    }));
    for (const k of fresh) seenCards.add(k);
    if (!seenCards.size) seenCards.add("-");
  }

  function groundKey(e, gi) {
    if (selected === null) return;
    const targets = playable(selected);
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (targets.includes(gi)) play(selected, gi);
    } else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      const i = targets.indexOf(gi);
      const next = targets[(i + (e.key === "ArrowRight" ? 1 : targets.length - 1)) % targets.length];
      /** @type {HTMLElement} */ (grounds.querySelector(`[data-ground="${next}"]`)).focus();
    } else if (e.key === "Escape") {
      const back = selectedIndex;
      selected = null;
      selectedIndex = null;
      render();
      const card = /** @type {HTMLElement | null} */ (mine.querySelector(`[data-hand-index="${back}"]`));
      if (card) card.focus();
    }
  }

  function play(code, ground) {
    selected = null;
    selectedIndex = null;
    send({ type: "play", card: code, ground });
    render();
  }

  function renderMine() {
    const v = view();
    const me = seat();
    const acts = me !== null && v.header.acting.includes(me) && !endedEarly(cycle.msg, nameOf);
    mine.className = `my-area${me !== null ? ` seat-${COLOURS[me]}` : " spectator"}${acts ? " acting" : ""}`;
    if (v.stage === "score" || v.stage === "over") {
      mine.classList.add("scores");
      mine.replaceChildren(scorePanel(v, me, { tag, legal: cycle.legal(), send, pending: () => cycle.pending }));
      return;
    }
    if (me === null) {
      mine.replaceChildren(h("p", { class: "spectating" }, api.replay
        ? t("Replay of the public view, move by move (← → keys step through it).")
        : t("You are watching. Hands and hunting parties stay hidden.")));
      return;
    }
    const p = v.players[me];
    const you = v.you;
    const head = h("div", { class: "my-head" }, tag(me), h("span", { class: "score" }, tn("{n} point", "{n} points", v.header.scores[me])),
      me === v.dealer ? h("span", { class: "dealer" }, t("dealer")) : null);
    if (v.stage === "select") {
      const picks = new Set(cycle.legal().of("pick").map((a) => a.card));
      // the view's reserve still holds the picked cards; show only what is left to pick
      const reserve = [...you.reserve];
      for (const code of you.selection) {
        const i = reserve.indexOf(code);
        if (i >= 0) reserve.splice(i, 1);
      }
      reserve.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
      const reserveEl = h("div", { class: "reserve", role: "group", "aria-label": t("your reserve") }, reserve.map((code, ri) => {
        const c = cardEl(code, { seat: me, cls: picks.has(code) ? "pickable" : "inert" });
        c.dataset.reserveCard = code;
        c.dataset.focus = `reserve:${ri}`;
        c.tabIndex = picks.has(code) ? 0 : -1;
        c.setAttribute("role", "button");
        if (!picks.has(code)) c.setAttribute("aria-disabled", "true");  // dimmed: not to be picked now
        c.setAttribute("aria-label", t("pick {card}", { card: cardName(code) }));
        const go = () => { if (picks.has(code)) send({ type: "pick", card: code }); };
        c.addEventListener("click", go);
        c.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
        return c;
      }));
      const okLegal = cycle.legal().of("ok").length > 0;
      const selection = h("div", { class: "selection", role: "group", "aria-label": t("your hunting party") },
        you.selection.map((code, i) => {
          const c = cardEl(code, { seat: me, cls: p.confirmed ? "inert" : "picked" });
          c.dataset.selectionIndex = i;
          c.dataset.focus = `selection:${i}`;
          if (!p.confirmed && cycle.msg.undo_steps > 0) {
            c.tabIndex = 0;
            c.setAttribute("role", "button");
            c.setAttribute("aria-label", t("take back {card}", { card: cardName(code) }));
            c.title = t("click to take it back");
            const back = () => cycle.undo(i);
            c.addEventListener("click", back);
            c.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); back(); } });
          }
          return c;
        }),
        Array.from({ length: Math.max(0, you.must_pick - you.selection.length) }, () => h("div", { class: "card slot" })));
      const ok = h("button", { id: "ok-button", class: "primary big", disabled: !okLegal || cycle.pending,
        onclick: () => send({ type: "ok" }) }, t("OK"));
      mine.replaceChildren(head, h("div", { class: "select-row" },
        h("div", { class: "party" }, h("h3", {}, p.confirmed ? t("Your hunting party (confirmed)")
          : h("span", {}, t("Your hunting party"), " ",
            h("b", { class: "counter", id: "pick-counter" }, `${number(you.selection.length)} / ${number(you.must_pick)}`))),
        selection, p.confirmed ? null : ok),
        p.confirmed ? null : h("div", { class: "reserve-box" }, h("h3", {}, touch()
          ? t("Reserve — tap a card to pick it ({n} left)", { n: number(reserve.length) })
          : t("Reserve — click a card to pick it ({n} left)", { n: number(reserve.length) })), reserveEl)));
      return;
    }
    const canPlay = v.stage === "hunt" && v.turn === me;
    const hand = h("div", { class: "hand", role: "group", "aria-label": t("your hand"), tabindex: "-1" }, you.hand.map((code, i) => {
      const targets = canPlay ? playable(code) : [];
      const c = cardEl(code, { seat: me, cls: `big${targets.length ? " playable" : " inert"}${selectedIndex === i ? " selected" : ""}` });
      c.dataset.handCard = code;
      c.dataset.handIndex = i;
      c.dataset.focus = `hand:${i}`;
      if (!targets.length) c.setAttribute("aria-disabled", "true");  // dimmed: not to be played now
      else {
        c.tabIndex = 0;
        c.setAttribute("role", "button");
        c.setAttribute("aria-label", t("play {card}", { card: cardName(code) }));
        c.setAttribute("aria-pressed", selectedIndex === i ? "true" : "false");
        c.addEventListener("pointerdown", (e) => startDrag(e, code, c, i));
        c.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            selected = code;
            selectedIndex = i;
            render();
            const first = /** @type {HTMLElement | null} */ (grounds.querySelector(".ground.droppable"));
            if (first) first.focus();
          }
        });
      }
      return c;
    }));
    const pile = h("div", { class: "pile", title: t("cards still to draw this hunt") },
      h("div", { class: "card back" }, h("span", {}, number(you.pile_size))),
      h("small", {}, tn("{n} card to draw", "{n} cards to draw", you.pile_size)));
    mine.replaceChildren(head, h("div", { class: "hunt-row" }, hand, pile,
      h("div", { class: "my-stats" },
        h("div", {}, t("Hunters played: {n}", { n: number(p.hunter_total) })),
        h("div", {}, t("Buffalo: {values}", { values: p.buffalo.map((b) => number(b)).join(" + ") || "—" })),
        h("div", {}, t("Prisoners: {prisoners} · Pelt robbers: {robbers}",
          { prisoners: number(p.prisoners), robbers: number(p.pelt_robbers) })),
        h("div", {}, tn("Reserve: {n} card", "Reserve: {n} cards", p.reserve_size)))));
  }

  // --- dragging (pointer events: mouse, pen and touch alike) -------------------------------------
  function startDrag(e, code, cardNode, index) {
    if (e.button !== undefined && e.button !== 0) return;
    e.preventDefault();
    cardNode.focus({ preventScroll: true });
    drag = { code, index, x: e.clientX, y: e.clientY, node: cardNode, ghost: null, over: null, id: e.pointerId };
    window.addEventListener("pointermove", moveDrag);
    window.addEventListener("pointerup", endDrag, { once: true });
  }

  function moveDrag(e) {
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
      drag.ghost = drag.node.cloneNode(true);
      drag.ghost.classList.add("ghost");
      document.body.append(drag.ghost);
      drag.node.classList.add("dragging");
      for (const gi of playable(drag.code)) grounds.querySelector(`[data-ground="${gi}"]`).classList.add("droppable");
    }
    drag.ghost.style.left = `${e.clientX - 35}px`;
    drag.ghost.style.top = `${e.clientY - 50}px`;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const ground = under ? /** @type {HTMLElement | null} */ (under.closest(".ground")) : null;
    const gi = ground ? Number(ground.dataset.ground) : null;
    const ok = gi !== null && playable(drag.code).includes(gi);
    for (const g of grounds.querySelectorAll(".ground")) g.classList.toggle("over", ok && g === ground);
    drag.over = ok ? gi : null;
  }

  function endDrag() {
    window.removeEventListener("pointermove", moveDrag);
    const d = drag;
    drag = null;
    if (!d) return;
    if (d.ghost) {
      d.ghost.remove();
      d.node.classList.remove("dragging");
      if (d.over !== null) play(d.code, d.over);
      else { toast(t("Drop the card on a lit hunting ground"), "info"); render(); }
      return;
    }
    if (tips.pressed()) return;  // a long press only names the card
    // a click or a tap: choose the card (tap it again to put it back), then click or tap a ground; the second
    // click of a double click keeps it chosen (it would put it back at once)
    const again = selectedIndex === d.index;
    if (again && performance.now() - selectedAt < DOUBLE_CLICK_MS) return;
    selected = again ? null : d.code;
    selectedIndex = again ? null : d.index;
    selectedAt = performance.now();
    render();
  }

  // Which card each seat played last: a lane that grew since the last state holds its newest card at the end.
  function trackLastPlays(v) {
    const sizes = new Map();
    v.grounds.forEach((g, gi) => g.lanes.forEach((lane, s) => sizes.set(`${gi}:${s}`, lane.length)));
    if (laneSizes) {
      v.grounds.forEach((g, gi) => g.lanes.forEach((lane, s) => {
        if (lane.length > (laneSizes.get(`${gi}:${s}`) || 0)) {
          const c = lane[lane.length - 1];
          lastPlay.set(s, `${v.hunt}:${gi}:${s}:${lane.length - 1}:${c.code}`);
        }
      }));
    }
    laneSizes = sizes;
  }

  function render() {
    if (!cycle.msg) return;
    // the keyboard focus stays on the same place across the redraw (a card, a ground, a button); a card that
    // went (picked, played) hands it to the next of its row, else the last, else OK
    keepingFocus(el, () => {
      renderOpponents();
      renderStatus();
      renderGrounds();
      renderMine();
    }, "#ok-button:not(:disabled), #score-continue, .hand .card.playable, .hand");  // after a keyboard play: the hand
    showMark();
    el.className = `manitou phase-${view().stage}${seat() !== null ? ` me-${COLOURS[seat()]}` : ""}`;
    el.dataset.version = String(cycle.msg.version);
    el.dataset.phase = view().stage;
  }

  // The hinted move on the board: the card to pick, the card to play and its ground (the card first, or the
  // ground once that card is chosen), OK, or Continue.
  function showMark() {
    cycle.mark(el, (a, q) => {
      if (a.type === "pick") return [q(`[data-reserve-card="${a.card}"]`)];
      if (a.type === "ok") return [q("#ok-button")];
      if (a.type === "done") return [q("#score-continue")];
      if (a.type !== "play") return [];
      const card = selected === a.card ? q(`[data-hand-index="${selectedIndex}"]`) : q(`.hand [data-hand-card="${a.card}"]`);
      const ground = q(`.ground[data-ground="${a.ground}"]`);
      return selected === a.card ? [ground, card] : [card, ground];
    });
  }

  // A new state: a new hunt starts its marks afresh; a chosen card that left the hand is let go; a card being
  // dragged is not pulled out from under the pointer (the drop draws the board).
  function received(next, prev) {
    if (prev && prev.view.hunt !== next.view.hunt) { seenCards = new Set(); lastPlay = new Map(); laneSizes = null; }
    if (next.view.stage === "hunt") trackLastPlays(next.view);
    if (selectedIndex !== null && next.view.you?.hand?.[selectedIndex] !== selected) { selected = null; selectedIndex = null; }
    return !drag;
  }

  return cycle.board;
}
