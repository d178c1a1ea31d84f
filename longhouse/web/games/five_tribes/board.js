// The Five Tribes board: the Sultanate in the middle, the Turn Order track, the Djinns and the market beside
// it, the opponents along the top and my own area along the bottom. Every decision is made where its object
// is: a tile, a track spot, a Djinn card, a market card, a meeple colour. It knows only the seat's view, the
// legal actions sent with it and the game description (names of tiles, tribes, cards and Djinns).
import { sameAction } from "../../hints.js";
import { installTips, tipNote } from "../../tips.js";
import { COLOURS, SYMBOLS, boardCycle, cap, h, loadStylesheet, seatTag } from "../../kit/board.js";
import { djinnCard, playerPanel, resourceCard, scoreSheet, tracks } from "./panels.js";
import { distance, drawSultanate, meepleIcon, neighbour, tileName, tribeWords } from "./sultanate.js";

await loadStylesheet(new URL("./board.css", import.meta.url));

async function fetchDescription() {
  const res = await fetch("/api/games/five_tribes");
  if (!res.ok) throw new Error(`the game description did not load (${res.status})`);
  return res.json();
}

/**
 * @param {HTMLElement} root
 * @param {import("../../kit/types.js").BoardApi} api
 * @returns {import("../../kit/types.js").Board}
 */
export function createBoard(root, api) {
  let desc = null;
  let armed = null;          // a Djinn power waiting for its target tile: {djinn, pay}
  let chooser = null;        // a choice on a tile or spot: {title, options: [{label, icon, action}], anchor}
  let marketFirst = null;    // the first card chosen at a Large Market (a resource index)
  let sheetHidden = false;

  const el = h("div", { class: "five-tribes" });
  const top = h("div", { class: "ft-top", role: "list", "aria-label": "opponents" });
  const status = h("div", { class: "status-line", role: "status", "aria-live": "polite" });
  const bar = h("div", { class: "ft-bar", role: "toolbar", "aria-label": "your decision" });
  const boardBox = h("div", { class: "ft-board-box" });
  const side = h("div", { class: "ft-side" });
  const mine = h("div", { class: "ft-mine" });
  const overlay = h("div", { class: "overlay", hidden: true });
  el.append(top, h("div", { class: "ft-status-row" }, status, bar), h("div", { class: "ft-middle" }, boardBox, side), mine,
    tipNote(), overlay);
  root.append(el);
  installTips(el);

  // The game description (names of tiles, tribes, cards, Djinns): given by the table or the replay page, or
  // fetched once.
  const descReady = (async () => {
    desc = api.description && api.description.sultanate ? api.description : await fetchDescription();
  })().catch((e) => { el.replaceChildren(h("p", { class: "panel" }, String(e))); });

  // --- small helpers ----------------------------------------------------------------------------------------
  const cycle = boardCycle(api, { render, sent, received, ready: descReady, hints: true });
  const v = () => cycle.msg.view;
  const me = () => cycle.msg.seat;
  const L = () => cycle.msg.legal || [];
  const of = (type) => cycle.legal().of(type);
  const names = () => api.names() || [];
  const header = () => v().header || null;
  const colour = (s) => (header() && header().seats[s] ? header().seats[s].colour : COLOURS[s]);
  const symbol = (s) => (header() && header().seats[s] ? header().seats[s].symbol : SYMBOLS[s]);
  const nameOf = (s) => names()[s] || cap(colour(s));
  const tag = (s) => seatTag(s, nameOf(s), { colour: colour(s), symbol: symbol(s) });
  const ctx = () => ({ desc, me: me(), colour, symbol, name: nameOf, tag });
  const tribe = (c) => desc.tribes[c];
  const tileLabel = (t) => `${tileName(desc, t)} (${desc.tiles[v().tiles[t]].name})`;
  const myTurn = () => me() !== null && v().acting.includes(me()) && L().length > 0;
  const pay = (p) => desc.payments[p] || p;
  const an = (word) => (/^[AEIOU]/.test(word) ? `an ${word}` : `a ${word}`);

  const send = (action) => cycle.send(action);
  const undo = () => cycle.undo(-1);

  // A move or an undo is on its way: the half-made choices go.
  function sent() {
    chooser = null;
    armed = null;
    marketFirst = null;
    render();
  }

  // --- what a click on the Sultanate does now ---------------------------------------------------------------
  // A map tile -> {label, options: [{label, icon, action}]}; one option is played at once, several open a chooser.
  function tileTargets() {
    const out = new Map();
    const add = (t, option, label = "") => {
      if (!out.has(t)) out.set(t, { label, options: [] });
      out.get(t).options.push(option);
    };
    const view = v();
    if (armed) {
      for (const a of of("power")) {
        if (a.djinn === armed.djinn && a.pay === armed.pay && a.tile >= 0) {
          add(a.tile, { label: `${desc.djinns[a.djinn].name} on ${tileName(desc, a.tile)}`, action: a });
        }
      }
      return out;
    }
    for (const a of of("pick")) add(a.tile, { label: `Pick up the meeples on ${tileName(desc, a.tile)}`, action: a });
    const drops = of("drop");
    if (drops.length && view.move) {
      const here = view.move.path[view.move.path.length - 1];
      const last = view.move.left === 1;
      for (const a of drops) {
        const t = neighbour(desc, here, a.direction);
        const tr = tribe(a.colour);
        add(t, { label: last ? `${tr.name} — collect the ${tr.plural}` : `Drop ${an(tr.name)}`,
          icon: meepleIcon(desc, a.colour, 16), action: a, colour: a.colour });
      }
      if (last) {
        for (const [, target] of out) {
          target.label = `→ ${[...new Set(target.options.map((o) => tribe(o.colour).plural))].join(" / ")}`;
        }
      }
    }
    for (const a of of("kill")) {
      if (a.tile < 0) continue;
      const tr = tribe(a.colour);
      add(a.tile, { label: `Kill ${an(tr.name)}`, icon: meepleIcon(desc, a.colour, 16), action: a });
    }
    for (const a of of("place")) {
      const what = view.placing ? (view.placing[0] === "palm" ? "Palm Tree" : "Palace") : "it";
      add(a.tile, { label: a.pay ? `Put the ${what} on ${tileName(desc, a.tile)}, paying ${pay(a.pay)}` : `Put the ${what} on ${tileName(desc, a.tile)}`, action: a });
    }
    return out;
  }

  function onTile(t) {
    const target = tileTargets().get(t);
    if (!target || cycle.pending) return;
    if (target.options.length === 1) {
      send(target.options[0].action);
      return;
    }
    chooser = { title: `On ${tileLabel(t)}:`, options: target.options, anchor: t };
    render();
  }

  function describeTile(t) {
    const view = v();
    const tile = desc.tiles[view.tiles[t]];
    const meeples = view.meeples[t].map((n, c) => (n ? tribeWords(tribe(c), n) : null)).filter(Boolean);
    const owner = view.owner[t] >= 0 ? `, ${nameOf(view.owner[t])}'s camel` : "";
    const extras = [view.palms[t] ? `${view.palms[t]} Palm Tree${view.palms[t] > 1 ? "s" : ""}` : null,
      view.palaces[t] ? `${view.palaces[t]} Palace${view.palaces[t] > 1 ? "s" : ""}` : null].filter(Boolean);
    return `${tileName(desc, t)}: ${tile.name}, ${tile.vp} VP${owner}; ${meeples.length ? meeples.join(", ") : "no meeples"}`
      + (extras.length ? `; ${extras.join(", ")}` : "");
  }

  // --- the status line and the decision bar -------------------------------------------------------------------
  function statusText() {
    const view = v();
    if (view.phase === "over") {
      const r = cycle.msg.result || { winners: [], scores: view.scores || [] };
      const w = r.winners || [];
      return w.length ? `Game over — ${w.map(nameOf).join(" and ")} win${w.length > 1 ? "" : "s"} with ${r.scores[w[0]]} points` : "Game over";
    }
    const actor = view.acting[0];
    if (!myTurn()) {
      const who = `${cap(colour(actor))} (${nameOf(actor)})`;
      const doing = { bid: "is bidding for turn order", pick: "is choosing meeples to move", drop: "is moving meeples",
        builders: "is paying the Builders", assassins: "is sending the Assassins", kill: "is choosing a victim",
        tile: "is using the tile", place: "is placing a piece", keep: "is choosing a Djinn", free: "is finishing the turn",
        suit: "is selling merchandise" }[view.phase] || "is playing";
      return `${who} ${doing}…`;
    }
    if (armed) return `${desc.djinns[armed.djinn].name}: click a lit tile (or Cancel)`;
    const tribeInfo = view.tribe;
    switch (view.phase) {
      case "bid": return "Your bid: click a free spot on the Turn Order track — you pay its cost, the highest plays first";
      case "pick": return of("pick").length ? "Your turn: click a lit tile to pick up all its meeples (or use a Djinn first)"
        : "No meeple move is left: use a Djinn, sell, or end your turn";
      case "drop": return view.move.left === 1
        ? "Last meeple: it must land on a tile holding its colour — the label shows the tribe you will collect"
        : `Drop one meeple on a lit tile (${view.move.left} in hand; no going straight back)`;
      case "builders": return `Builders: ${tribeInfo.count} × ${tribeInfo.blue_tiles} blue tile${tribeInfo.blue_tiles === 1 ? "" : "s"} around — discard Fakirs to raise the multiplier?`;
      case "assassins": return `Assassins: range ${tribeInfo.count} — discard Fakirs to reach further?`;
      case "kill": return `Assassins (range ${view.assassin_range}): click a lit tile to kill a meeple there, or an opponent's Vizier or Elder`;
      case "tile": {
        const kind = desc.tiles[view.tiles[view.final_tile]];
        if (of("summon").length) return `${kind.name}: take a Djinn (a Take button on a Djinn card), or skip`;
        if (of("buy").length) return `${kind.name}: ${kind.action} — click a card of the market, or skip`;
        return `${kind.name}: nothing you can afford here — skip, or use a Djinn`;
      }
      case "place": return `Place the ${view.placing[0] === "palm" ? "Palm Tree" : "Palace"}: click a lit tile (a neighbour costs an Elder or a Fakir)`;
      case "keep": return "Sibittis: keep one of the Djinns drawn";
      case "free": return "Use a Djinn, sell merchandise (click your cards), or end your turn";
      case "suit": return "Selling: click more different merchandise cards, then Sell";
      default: return "Your move";
    }
  }

  function renderBar() {
    const view = v();
    const items = [];
    if (me() !== null && cycle.msg.undo_steps > 0 && view.phase !== "over") {
      items.push(h("button", { id: "ft-undo", disabled: cycle.pending || null, title: `take back your last step (${cycle.msg.undo_steps} possible)`, onclick: undo }, "↶ Undo"));
    }
    if (view.move && myTurn()) {
      items.push(h("span", { class: "ft-hand", title: "the meeples in your hand" }, "In hand:",
        view.move.hand.map((n, c) => (n ? h("span", { class: "ft-hand-meeple", title: `${tribeWords(tribe(c), n)} in hand` },
          meepleIcon(desc, c, 14), h("b", {}, String(n))) : null))));
    }
    for (const a of of("fakirs")) {
      const t = view.tribe;
      const effect = view.phase === "builders"
        ? `${(t.count + a.count) * t.blue_tiles * (view.echidna ? 2 : 1)} gold`
        : `range ${t.count + a.count}`;
      items.push(h("button", { class: `ft-fakirs${a.count === 0 ? " primary" : ""}`, dataset: { count: a.count }, onclick: () => send(a) },
        a.count === 0 ? `No Fakir: ${effect}` : `${a.count} Fakir${a.count > 1 ? "s" : ""}: ${effect}`));
    }
    if (of("sell").length) {
      const n = view.suit.length;
      items.push(h("button", { id: "ft-sell", class: "primary", onclick: () => send({ type: "sell" }) },
        `Sell ${n} card${n > 1 ? "s" : ""} for ${desc.suit_values[n]} gold`));
    }
    if (of("skip").length) {
      const what = view.phase === "kill" ? "Kill no one" : "Skip the tile action";
      items.push(h("button", { id: "ft-skip", onclick: () => send({ type: "skip" }) }, what));
    }
    if (of("end").length) items.push(h("button", { id: "ft-end", class: view.phase === "free" ? "primary" : "", onclick: () => send({ type: "end" }) }, "End turn"));
    if (armed || chooser || marketFirst !== null) {
      items.push(h("button", { id: "ft-cancel", onclick: () => { armed = null; chooser = null; marketFirst = null; render(); } }, "Cancel"));
    }
    bar.replaceChildren(...items);
  }

  // --- the chooser (several options on one tile or spot) -------------------------------------------------------
  function renderChooser() {
    const old = boardBox.querySelector(".ft-chooser");
    if (old) old.remove();
    if (!chooser) return;
    const box = h("div", { class: "ft-chooser panel", role: "dialog", "aria-label": chooser.title },
      h("div", { class: "ft-chooser-title" }, chooser.title),
      chooser.options.map((o, i) => h("button", { class: "ft-choice", dataset: { choice: i, action: JSON.stringify(o.action) },
        onclick: () => send(o.action) }, o.icon || null, o.label)));
    boardBox.append(box);
    if (chooser.anchor !== undefined) {
      const g = boardBox.querySelector(`[data-tile="${chooser.anchor}"]`);
      if (g) {
        const r = g.getBoundingClientRect();
        const base = boardBox.getBoundingClientRect();
        const left = Math.min(Math.max(0, r.left - base.left + r.width / 2 - 110), Math.max(0, base.width - 230));
        box.style.left = `${left}px`;
        box.style.top = `${Math.max(0, r.top - base.top + r.height * 0.55)}px`;
      }
    }
    const first = box.querySelector("button");
    if (first) first.focus();
  }

  // --- the side: tracks, Djinns on display, the market ----------------------------------------------------------
  function renderSide() {
    const view = v();
    const bids = of("bid");
    const spotActions = (spot) => bids.filter((a) => a.spot === spot);
    const onSpot = (spot) => {
      const acts = spotActions(spot);
      if (acts.length === 1) { send(acts[0]); return; }
      chooser = { title: `Bid for the ${desc.turn_track[spot]} spot with Kumarbi?`, options: acts.map((a) => ({
        label: a.fakirs ? `Discard ${a.fakirs} Fakir${a.fakirs > 1 ? "s" : ""}: pay ${desc.turn_track[Math.min(spot + a.fakirs, desc.zero_bid)]}`
          : `Pay ${desc.turn_track[spot]}`, action: a })) };
      render();
    };
    const summons = of("summon");
    const display = h("section", { class: "ft-djinn-display", "aria-label": "Djinns on display" },
      h("h3", {}, `Djinns `, h("small", {}, `${view.djinn_deck_size} in the pile`)),
      h("div", { class: "ft-djinn-row" }, view.djinn_row.map((d) => djinnCard(ctx(), d, {
        buttons: summons.filter((a) => a.djinn === d).map((a) => h("button", { class: "ft-summon primary", dataset: { djinn: d, pay: a.pay },
          "aria-label": `Take ${desc.djinns[d].name}, paying ${pay(a.pay)}`, onclick: () => send(a) }, `Take — pay ${pay(a.pay)}`)),
        cls: summons.some((a) => a.djinn === d) ? "lit" : "",
      }))));
    side.replaceChildren(tracks(ctx(), view, spotActions, onSpot), display, renderMarket());
  }

  function renderMarket() {
    const view = v();
    const buys = of("buy");
    const large = buys.some((a) => a.cards.length === 2);
    const row = view.resource_row;
    const reach = large ? desc.markets.large.reach : desc.markets.small.reach;
    const buyable = (r) => {
      if (!buys.length) return false;
      if (marketFirst !== null) return buys.some((a) => a.cards.length === 2 && a.cards.includes(marketFirst) && a.cards.includes(r)
        && (r !== marketFirst || a.cards[0] === a.cards[1]));
      return buys.some((a) => a.cards.includes(r));
    };
    const onCard = (r) => {
      if (!buyable(r)) return;
      if (!large) {
        const a = buys.find((x) => x.cards.length === 1 && x.cards[0] === r);
        if (a) send(a);
        return;
      }
      if (marketFirst === null) {
        const single = buys.find((x) => x.cards.length === 1 && x.cards[0] === r);
        if (single) { send(single); return; }
        marketFirst = r;
        render();
        return;
      }
      const pair = [marketFirst, r].sort((a, b) => a - b);
      const a = buys.find((x) => x.cards.length === 2 && x.cards[0] === pair[0] && x.cards[1] === pair[1]);
      if (a) send(a);
    };
    let firstMarked = false;
    const cards = row.map((r, i) => {
      const lit = buys.length > 0 && i < reach && buyable(r);
      const isFirst = marketFirst === r && !firstMarked;
      if (isFirst) firstMarked = true;
      return resourceCard(ctx(), r, { index: i, button: lit, cls: `${lit ? "lit" : ""}${isFirst ? " chosen" : ""}${buys.length && i >= reach ? " out-of-reach" : ""}`,
        onclick: lit ? () => onCard(r) : null });
    });
    const price = large ? desc.markets.large.price : desc.markets.small.price;
    return h("section", { class: "ft-market", "aria-label": "the market" },
      h("h3", {}, "Market ", h("small", {}, `${view.resource_deck_size} in the pile · first 3 for a Small Market, first 6 for a Large one`)),
      buys.length ? h("p", { class: "ft-hint" }, marketFirst !== null ? `Now the second card (${price} gold for both)` : `Buy for ${price} gold: click ${large ? "two cards" : "a card"}`) : null,
      h("div", { class: "ft-market-row" }, cards));
  }

  // --- players ------------------------------------------------------------------------------------------------
  function waitWord(s) {
    const view = v();
    if (view.phase === "over" || !view.acting.includes(s)) return "";
    return s === me() ? "your move" : { bid: "bidding…", drop: "moving…", pick: "to play", kill: "choosing a victim…" }[view.phase] || "playing…";
  }

  function poolKills(s) {
    const kills = of("kill").filter((a) => a.seat === s);
    if (!kills.length) return null;
    return h("div", { class: "ft-pool-kills" }, kills.map((a) => h("button", { class: "ft-pool-kill primary", dataset: { seat: s, colour: a.colour },
      onclick: () => send(a) }, meepleIcon(desc, a.colour, 12), `Kill ${an(tribe(a.colour).name)}`)));
  }

  function renderTop() {
    const view = v();
    const n = view.num_players;
    const others = [...Array(n).keys()].filter((s) => s !== me());
    top.replaceChildren(...others.map((s) => h("div", { role: "listitem", class: "ft-opponent" },
      playerPanel(ctx(), view, s, { wait: waitWord(s), extra: poolKills(s) }))));
  }

  function renderMine() {
    const view = v();
    const s = me();
    if (s === null) {
      mine.className = "ft-mine spectator";
      mine.replaceChildren(h("p", { class: "spectating" }, api.replay ? "Replay: the public view, move by move."
        : "You are watching. Gold and cards in hand stay hidden."));
      return;
    }
    mine.className = `ft-mine seat-${colour(s)}${view.acting.includes(s) ? " acting" : ""}`;
    const p = view.players[s];
    const suitCards = new Set(of("suit").map((a) => a.card));
    const held = (p.resources || []).map((n, r) => [r, n]).filter(([, n]) => n > 0);
    const hand = h("div", { class: "ft-hand-cards", role: "group", "aria-label": "your cards" },
      held.length ? held.map(([r, n]) => resourceCard(ctx(), r, { count: n, button: suitCards.has(r),
        cls: `${suitCards.has(r) ? "lit" : ""}${view.suit.includes(r) ? " chosen" : ""}`,
        onclick: suitCards.has(r) ? () => send({ type: "suit", card: r }) : null })) : h("span", { class: "ft-none" }, "no cards"));
    const suit = view.suit.length ? h("span", { class: "ft-suit" }, `For sale: ${view.suit.map((r) => desc.resources[r].name).join(", ")} → ${desc.suit_values[view.suit.length]} gold`) : null;
    const powers = of("power");
    const myDjinns = p.djinns.map((d) => {
      const mineActs = powers.filter((a) => a.djinn === d);
      const pays = [...new Set(mineActs.map((a) => a.pay))];
      const buttons = pays.map((py) => {
        const acts = mineActs.filter((a) => a.pay === py);
        const targeted = acts.some((a) => a.tile >= 0);
        return h("button", { class: `ft-power primary${armed && armed.djinn === d && armed.pay === py ? " armed" : ""}`, dataset: { djinn: d, pay: py },
          "aria-label": `Use ${desc.djinns[d].name}${py ? `, paying ${pay(py)}` : ""}`,
          onclick: () => {
            if (targeted) { armed = { djinn: d, pay: py }; chooser = null; render(); } else send(acts[0]);
          } }, `Use — pay ${pay(py)}`);
      });
      return djinnCard(ctx(), d, { buttons, used: view.used_powers.includes(d) && desc.djinns[d].paid, cls: buttons.length ? "lit" : "" });
    });
    const info = h("div", { class: "ft-my-info" },
      h("div", { class: "ft-my-line" }, h("b", {}, "Your cards "), suit, hand),
      h("div", { class: "ft-my-line muted" }, `Gold ${p.gold} · best merchandise value ${p.merchandise_value ?? 0} · `
        + `Palm Trees left ${view.palm_supply}, Palaces left ${view.palace_supply}`));
    mine.replaceChildren(...[playerPanel(ctx(), view, s, { wait: waitWord(s), extra: info, noDjinns: true }),
      myDjinns.length ? h("div", { class: "ft-my-djinns", "aria-label": "your Djinns" }, myDjinns) : null,
      renderKeep()].filter(Boolean));
  }

  function renderKeep() {
    const keeps = of("keep");
    if (!keeps.length) return null;
    return h("div", { class: "ft-keep panel" }, h("h3", {}, "Sibittis: keep one"),
      h("div", { class: "ft-djinn-row" }, keeps.map((a) => djinnCard(ctx(), a.djinn, { cls: "lit",
        buttons: [h("button", { class: "ft-keep-button primary", dataset: { djinn: a.djinn },
          "aria-label": `Keep ${desc.djinns[a.djinn].name}`, onclick: () => send(a) }, "Keep")] }))));
  }

  // --- the board ----------------------------------------------------------------------------------------------
  function renderBoard() {
    const view = v();
    const targets = myTurn() && !cycle.pending ? tileTargets() : new Map();
    const lit = new Map([...targets].map(([t, x]) => [t, x.label]));
    let range = null;
    if (view.phase === "kill" && view.assassin_range !== null && view.final_tile >= 0) {
      range = new Set([...Array(view.tiles.length).keys()].filter((t) => distance(desc, view.final_tile, t) <= view.assassin_range));
    }
    const path = view.move ? view.move.path : view.path;
    const svg = drawSultanate(desc, view, {
      lit, range, path, pathSeat: view.turn_seat, last: view.last_move, final: view.final_tile >= 0 ? view.final_tile : null,
      selected: chooser ? chooser.anchor : null, seatColour: colour, seatSymbol: symbol, seatName: nameOf, onTile, describeTile,
    });
    boardBox.replaceChildren(svg);
  }

  // --- the end: the score sheet -------------------------------------------------------------------------------
  function renderOverlay() {
    const view = v();
    if (view.phase !== "over" || sheetHidden) {
      overlay.hidden = true;
      return;
    }
    /** @type {Partial<import("../../kit/types.js").Result>} */
    const given = cycle.msg.result || {};
    const result = { breakdown: given.breakdown || view.breakdown, scores: given.scores || view.scores,
      winners: given.winners || (view.header ? view.header.winners : []) };
    overlay.replaceChildren(h("div", { class: "score-screen panel", role: "dialog", "aria-label": "final scores" },
      h("h2", {}, "The game is over"), h("h3", {}, "Final results"), scoreSheet(ctx(), view, result),
      h("div", { class: "row" },
        h("button", { id: "see-board", onclick: () => { sheetHidden = true; render(); } }, "See the board"),
        api.replay ? null : h("a", { href: "/", class: "button primary" }, "Back to the lobby"))));
    overlay.hidden = false;
  }

  function render() {
    if (!cycle.msg || !desc) return;
    const view = v();
    renderTop();
    status.textContent = statusText();
    status.classList.toggle("my-turn", myTurn());
    renderBar();
    if (view.phase === "over" && sheetHidden) {
      bar.append(h("button", { id: "show-results", onclick: () => { sheetHidden = false; render(); } }, "Score sheet"));
    }
    renderBoard();
    renderSide();
    renderMine();
    renderChooser();
    renderOverlay();
    showMark();
    el.className = `five-tribes phase-${view.phase}${me() !== null ? ` me-${colour(me())}` : ""}`;
    el.dataset.version = String(cycle.msg.version);
    el.dataset.phase = view.phase;
    el.dataset.mine = myTurn() && !cycle.pending ? "yes" : "no";
  }

  // The hinted move on its object: a tile (a drop's or a Djinn's target, the meeples to pick up, a victim,
  // a place for a Palm Tree or Palace), a Turn Order spot, a market card (both of a pair), a card to sell, a
  // Djinn's Take, Use or Keep button, or a button of the bar; the next step first (a Djinn's Use before its
  // tile, the choice in an open chooser before its tile).
  function showMark() {
    if (desc) cycle.mark(el, (a, q) => marked(a, q));
  }

  function marked(a, q) {
    const tile = (t) => (t >= 0 ? boardBox.querySelector(`.ft-tile[data-tile="${t}"]`) : null);
    const choice = chooser ? [.../** @type {NodeListOf<HTMLElement>} */ (boardBox.querySelectorAll(".ft-choice"))].find((b) => sameAction(JSON.parse(b.dataset.action), a)) : null;
    const here = v().move ? v().move.path[v().move.path.length - 1] : -1;
    const market = (r, n) => [.../** @type {NodeListOf<HTMLElement>} */ (side.querySelectorAll(".ft-market .ft-card.lit"))].filter((c) => Number(c.dataset.card) === r).slice(0, n);
    const one = {
      bid: () => [q(`.ft-spot[data-bid="${a.spot}"]`)],
      pick: () => [tile(a.tile)],
      drop: () => [tile(neighbour(desc, here, a.direction))],
      kill: () => [tile(a.tile), a.tile < 0 ? q(`.ft-pool-kill[data-seat="${a.seat}"][data-colour="${a.colour}"]`) : null],
      place: () => [tile(a.tile)],
      fakirs: () => [q(`.ft-fakirs[data-count="${a.count}"]`)],
      summon: () => [q(`.ft-summon[data-djinn="${a.djinn}"][data-pay="${a.pay}"]`)],
      buy: () => (a.cards.length === 2 && a.cards[0] === a.cards[1] ? market(a.cards[0], 2)
        : a.cards.filter((r) => r !== marketFirst).concat(a.cards.filter((r) => r === marketFirst)).flatMap((r) => market(r, 1))),
      skip: () => [q("#ft-skip")], end: () => [q("#ft-end")], sell: () => [q("#ft-sell")],
      suit: () => [mine.querySelector(`.ft-hand-cards [data-card="${a.card}"]`)],
      power: () => (armed && armed.djinn === a.djinn && armed.pay === a.pay ? [tile(a.tile)]
        : [mine.querySelector(`.ft-power[data-djinn="${a.djinn}"][data-pay="${a.pay}"]`), tile(a.tile)]),
      keep: () => [q(`.ft-keep-button[data-djinn="${a.djinn}"]`)],
    }[a.type];
    return [choice, ...(one ? one() : [])];
  }

  // A new version: a new phase drops the half-made choices of the last one.
  function received(next, prev) {
    if (prev && next.version !== prev.version && next.view.phase !== prev.view.phase) {
      chooser = null;
      marketFirst = null;
      armed = null;
    }
  }

  return cycle.board;
}
