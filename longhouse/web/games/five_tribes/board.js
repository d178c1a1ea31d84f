// The Five Tribes board: the Sultanate in the middle, the Turn Order track, the Djinns and the market beside
// it, the opponents along the top and my own area along the bottom. Every decision is made where its object
// is: a tile, a track spot, a Djinn card, a market card, a meeple colour. It knows only the seat's view, the
// legal actions sent with it and the game description (names of tiles, tribes, cards and Djinns).
import { sameAction } from "../../hints.js";
import { N_, list, t, tn } from "../../i18n.js";
import { installTips, tipNote } from "../../tips.js";
import { COLOURS, SYMBOLS, boardCycle, cap, endedEarly, h, loadStylesheet, seatTag } from "../../kit/board.js";
import { djinnCard, holdings, playerPanel, resourceCard, scoreSheet, tracks } from "./panels.js";
import { distance, drawSultanate, meepleIcon, neighbour, tileName, tribeWords } from "./sultanate.js";

await loadStylesheet(new URL("./board.css", import.meta.url));

// What another seat is doing, by phase (the status line), and the short word on its panel.
const DOING = {
  bid: N_("{who} is bidding for turn order…"), pick: N_("{who} is choosing meeples to move…"), drop: N_("{who} is moving meeples…"),
  builders: N_("{who} is paying the Builders…"), assassins: N_("{who} is sending the Assassins…"), kill: N_("{who} is choosing a victim…"),
  tile: N_("{who} is using the tile…"), place: N_("{who} is placing a piece…"), keep: N_("{who} is choosing a Djinn…"),
  free: N_("{who} is finishing the turn…"), suit: N_("{who} is selling merchandise…"),
};
const PLAYING = N_("{who} is playing…");
const WAITING = { bid: N_("bidding…"), drop: N_("moving…"), pick: N_("to play"), kill: N_("choosing a victim…"), other: N_("playing…") };

async function fetchDescription() {
  const res = await fetch("/api/games/five_tribes");
  if (!res.ok) throw new Error(t("the game description did not load ({status})", { status: res.status }));
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
  const top = h("div", { class: "ft-top", role: "list", "aria-label": t("opponents") });
  const status = h("div", { class: "status-line", role: "status", "aria-live": "polite" });
  const bar = h("div", { class: "ft-bar", role: "toolbar", "aria-label": t("your decision") });
  const boardBox = h("div", { class: "ft-board-box" });
  // the turn order, Djinns and market scroll on their own when the board is short: a keyboard reaches them too
  const side = h("div", { class: "ft-side", tabindex: "0", role: "region", "aria-label": t("turn order, Djinns and market") });
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
  const nameOf = (s) => names()[s] || seatWord(s);
  // the seat's colour in words, in the page's language ("Red", "Rot"), as the header names it
  const seatWord = (s) => (header() && header().seats[s] ? header().seats[s].name : cap(colour(s)));
  const tag = (s) => seatTag(s, nameOf(s), { colour: colour(s), symbol: symbol(s) });
  const ctx = () => ({ desc, me: me(), colour, symbol, name: nameOf, tag });
  const tribe = (c) => desc.tribes[c];
  const tileLabel = (at) => `${tileName(desc, at)} (${desc.tiles[v().tiles[at]].name})`;
  const myTurn = () => me() !== null && v().header.acting.includes(me()) && L().length > 0;
  const pay = (p) => desc.payments[p] || p;
  // the suit this seat is putting together for sale (its own part: hidden from the others)
  const mySuit = (view) => (view.you ? view.you.suit : []);

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
    const add = (at, option, label = "") => {
      if (!out.has(at)) out.set(at, { label, options: [] });
      out.get(at).options.push(option);
    };
    const view = v();
    if (armed) {
      for (const a of of("power")) {
        if (a.djinn === armed.djinn && a.pay === armed.pay && a.tile >= 0) {
          add(a.tile, { label: t("{djinn} on {tile}", { djinn: desc.djinns[a.djinn].name, tile: tileName(desc, a.tile) }), action: a });
        }
      }
      return out;
    }
    for (const a of of("pick")) add(a.tile, { label: t("Pick up the meeples on {tile}", { tile: tileName(desc, a.tile) }), action: a });
    const drops = of("drop");
    if (drops.length && view.move) {
      const here = view.move.path[view.move.path.length - 1];
      const last = view.move.left === 1;
      for (const a of drops) {
        const to = neighbour(desc, here, a.direction);
        const tr = tribe(a.colour);
        add(to, { label: last ? t("{tribe} — collect the {tribes}", { tribe: tr.name, tribes: tr.plural }) : t("Drop {meeple}", { meeple: tr.a }),
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
      add(a.tile, { label: t("Kill {meeple}", { meeple: tr.a }), icon: meepleIcon(desc, a.colour, 16), action: a });
    }
    const palm = view.placing && view.placing[0] === "palm";
    const [putHere, putPaying] = palm ? [N_("Put the Palm Tree on {tile}"), N_("Put the Palm Tree on {tile}, paying {payment}")]
      : [N_("Put the Palace on {tile}"), N_("Put the Palace on {tile}, paying {payment}")];
    for (const a of of("place")) {
      const where = { tile: tileName(desc, a.tile), payment: pay(a.pay) };
      add(a.tile, { label: a.pay ? t(putPaying, where) : t(putHere, where), action: a });
    }
    return out;
  }

  function onTile(tile) {
    const target = tileTargets().get(tile);
    if (!target || cycle.pending) return;
    if (target.options.length === 1) {
      send(target.options[0].action);
      return;
    }
    chooser = { title: t("On {tile}:", { tile: tileLabel(tile) }), options: target.options, anchor: tile };
    render();
  }

  function describeTile(at) {
    const view = v();
    const tile = desc.tiles[view.tiles[at]];
    const meeples = view.meeples[at].map((n, c) => (n ? tribeWords(tribe(c), n) : null)).filter(Boolean);
    const head = [t("{tile}: {kind}, {vp} VP", { tile: tileName(desc, at), kind: tile.name, vp: tile.vp })];
    if (view.owner[at] >= 0) head.push(t("{name}'s camel", { name: nameOf(view.owner[at]) }));
    const extras = [view.palms[at] ? tn("{n} Palm Tree", "{n} Palm Trees", view.palms[at]) : null,
      view.palaces[at] ? tn("{n} Palace", "{n} Palaces", view.palaces[at]) : null].filter(Boolean);
    return [head.join(", "), meeples.length ? meeples.join(", ") : t("no meeples"), ...(extras.length ? [extras.join(", ")] : [])].join("; ");
  }

  // --- the status line and the decision bar -------------------------------------------------------------------
  function statusText() {
    const view = v();
    const early = endedEarly(cycle.msg, nameOf);
    if (early) return early;  // the hall ended it (a resignation): nothing is asked of anyone now
    if (view.stage === "over") {
      const r = cycle.msg.result || { winners: [], scores: view.header.scores || [] };
      const w = r.winners || [];
      return w.length ? tn("Game over — {names} wins with {points} points", "Game over — {names} win with {points} points", w.length,
        { names: list(w.map(nameOf)), points: r.scores[w[0]] }) : t("Game over");
    }
    const actor = view.header.acting[0];
    if (!myTurn()) {
      const who = seatWord(actor) === nameOf(actor) ? nameOf(actor) : t("{seat} ({name})", { seat: seatWord(actor), name: nameOf(actor) });
      return t(DOING[view.stage] || PLAYING, { who });
    }
    if (armed) return t("{djinn}: click a lit tile (or Cancel)", { djinn: desc.djinns[armed.djinn].name });
    const tribeInfo = view.tribe;
    switch (view.stage) {
      case "bid": return t("Your bid: click a free spot on the Turn Order track — you pay its cost, the highest plays first");
      case "pick": return of("pick").length ? t("Your turn: click a lit tile to pick up all its meeples (or use a Djinn first)")
        : t("No meeple move is left: use a Djinn, sell, or end your turn");
      case "drop": return view.move.left === 1
        ? t("Last meeple: it must land on a tile holding its colour — the label shows the tribe you will collect")
        : t("Drop one meeple on a lit tile ({n} in hand; no going straight back)", { n: view.move.left });
      case "builders": return tn("Builders: {count} × {n} blue tile around — discard Fakirs to raise the multiplier?",
        "Builders: {count} × {n} blue tiles around — discard Fakirs to raise the multiplier?", tribeInfo.blue_tiles, { count: tribeInfo.count });
      case "assassins": return t("Assassins: range {n} — discard Fakirs to reach further?", { n: tribeInfo.count });
      case "kill": return t("Assassins (range {n}): click a lit tile to kill a meeple there, or an opponent's Vizier or Elder", { n: view.assassin_range });
      case "tile": {
        const kind = desc.tiles[view.tiles[view.final_tile]];
        if (of("summon").length) return t("{kind}: take a Djinn (a Take button on a Djinn card), or skip", { kind: kind.name });
        if (of("buy").length) return t("{kind}: {action} — click a card of the market, or skip", { kind: kind.name, action: kind.action });
        return t("{kind}: nothing you can afford here — skip, or use a Djinn", { kind: kind.name });
      }
      case "place": return view.placing[0] === "palm" ? t("Place the Palm Tree: click a lit tile (a neighbour costs an Elder or a Fakir)")
        : t("Place the Palace: click a lit tile (a neighbour costs an Elder or a Fakir)");
      case "keep": return t("Sibittis: keep one of the Djinns drawn");
      case "free": return t("Use a Djinn, sell merchandise (click your cards), or end your turn");
      case "suit": return t("Selling: click more different merchandise cards, then Sell");
      default: return t("Your move");
    }
  }

  function renderBar() {
    const view = v();
    const items = [];
    if (me() !== null && cycle.msg.undo_steps > 0 && view.stage !== "over") {
      items.push(h("button", { id: "ft-undo", disabled: cycle.pending || null, title: t("take back your last step ({n} possible)", { n: cycle.msg.undo_steps }), onclick: undo }, "↶ " + t("Undo")));
    }
    if (view.move && myTurn()) {
      items.push(h("span", { class: "ft-hand", title: t("the meeples in your hand") }, t("In hand:"),
        view.move.hand.map((n, c) => (n ? h("span", { class: "ft-hand-meeple", title: t("{meeples} in hand", { meeples: tribeWords(tribe(c), n) }) },
          meepleIcon(desc, c, 14), h("b", {}, String(n))) : null))));
    }
    for (const a of of("fakirs")) {
      const tr = view.tribe;
      const effect = view.stage === "builders"
        ? t("{gold} gold", { gold: (tr.count + a.count) * tr.blue_tiles * (view.echidna ? 2 : 1) })
        : t("range {n}", { n: tr.count + a.count });
      items.push(h("button", { class: `ft-fakirs${a.count === 0 ? " primary" : ""}`, dataset: { count: a.count }, onclick: () => send(a) },
        a.count === 0 ? t("No Fakir: {effect}", { effect }) : tn("{n} Fakir: {effect}", "{n} Fakirs: {effect}", a.count, { effect })));
    }
    if (of("sell").length) {
      const n = mySuit(view).length;
      items.push(h("button", { id: "ft-sell", class: "primary", onclick: () => send({ type: "sell" }) },
        tn("Sell {n} card for {gold} gold", "Sell {n} cards for {gold} gold", n, { gold: desc.suit_values[n] })));
    }
    if (of("skip").length) {
      const what = view.stage === "kill" ? t("Kill no one") : t("Skip the tile action");
      items.push(h("button", { id: "ft-skip", onclick: () => send({ type: "skip" }) }, what));
    }
    if (of("end").length) items.push(h("button", { id: "ft-end", class: view.stage === "free" ? "primary" : "", onclick: () => send({ type: "end" }) }, t("End turn")));
    if (armed || chooser || marketFirst !== null) {
      items.push(h("button", { id: "ft-cancel", onclick: () => { armed = null; chooser = null; marketFirst = null; render(); } }, t("Cancel")));
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
      chooser = { title: t("Bid for the {cost} spot with Kumarbi?", { cost: desc.turn_track[spot] }), options: acts.map((a) => ({
        label: a.fakirs ? tn("Discard {n} Fakir: pay {cost}", "Discard {n} Fakirs: pay {cost}", a.fakirs, { cost: desc.turn_track[Math.min(spot + a.fakirs, desc.zero_bid)] })
          : t("Pay {cost}", { cost: desc.turn_track[spot] }), action: a })) };
      render();
    };
    const summons = of("summon");
    const display = h("section", { class: "ft-djinn-display", "aria-label": t("Djinns on display") },
      h("h3", {}, t("Djinns") + " ", h("small", {}, t("{n} in the pile", { n: view.djinn_deck_size }))),
      h("div", { class: "ft-djinn-row" }, view.djinn_row.map((d) => djinnCard(ctx(), d, {
        buttons: summons.filter((a) => a.djinn === d).map((a) => h("button", { class: "ft-summon primary", dataset: { djinn: d, pay: a.pay },
          "aria-label": t("Take {djinn}, paying {payment}", { djinn: desc.djinns[d].name, payment: pay(a.pay) }), onclick: () => send(a) },
        t("Take — pay {payment}", { payment: pay(a.pay) }))),
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
    const hint = marketFirst !== null ? t("Now the second card ({price} gold for both)", { price })
      : large ? t("Buy for {price} gold: click two cards", { price }) : t("Buy for {price} gold: click a card", { price });
    return h("section", { class: "ft-market", "aria-label": t("the market") },
      h("h3", {}, t("Market") + " ", h("small", {}, t("{n} in the pile", { n: view.resource_deck_size }) + " · "
        + t("first {small} for a Small Market, first {large} for a Large one", { small: desc.markets.small.reach, large: desc.markets.large.reach }))),
      buys.length ? h("p", { class: "ft-hint" }, hint) : null,
      h("div", { class: "ft-market-row" }, cards));
  }

  // --- players ------------------------------------------------------------------------------------------------
  function waitWord(s) {
    const view = v();
    if (view.stage === "over" || !view.header.acting.includes(s) || endedEarly(cycle.msg, nameOf)) return "";
    return s === me() ? t("your move") : t(WAITING[view.stage] || WAITING.other);
  }

  function poolKills(s) {
    const kills = of("kill").filter((a) => a.seat === s);
    if (!kills.length) return null;
    return h("div", { class: "ft-pool-kills" }, kills.map((a) => h("button", { class: "ft-pool-kill primary", dataset: { seat: s, colour: a.colour },
      onclick: () => send(a) }, meepleIcon(desc, a.colour, 12), t("Kill {meeple}", { meeple: tribe(a.colour).a }))));
  }

  function renderTop() {
    const view = v();
    const n = view.header.num_players;
    const others = [...Array(n).keys()].filter((s) => s !== me());
    top.replaceChildren(...others.map((s) => h("div", { role: "listitem", class: "ft-opponent" },
      playerPanel(ctx(), view, s, { wait: waitWord(s), extra: poolKills(s) }))));
  }

  function renderMine() {
    const view = v();
    const s = me();
    if (s === null) {
      mine.className = "ft-mine spectator";
      mine.replaceChildren(h("p", { class: "spectating" }, api.replay ? t("Replay: the public view, move by move.")
        : t("You are watching. Gold and cards in hand stay hidden.")));
      return;
    }
    mine.className = `ft-mine seat-${colour(s)}${view.header.acting.includes(s) ? " acting" : ""}`;
    const p = holdings(view, s);
    const suitNow = mySuit(view);
    const suitCards = new Set(of("suit").map((a) => a.card));
    const held = (p.resources || []).map((n, r) => [r, n]).filter(([, n]) => n > 0);
    const hand = h("div", { class: "ft-hand-cards", role: "group", "aria-label": t("your cards") },
      held.length ? held.map(([r, n]) => resourceCard(ctx(), r, { count: n, button: suitCards.has(r),
        cls: `${suitCards.has(r) ? "lit" : ""}${suitNow.includes(r) ? " chosen" : ""}`,
        onclick: suitCards.has(r) ? () => send({ type: "suit", card: r }) : null })) : h("span", { class: "ft-none" }, t("no cards")));
    const suit = suitNow.length ? h("span", { class: "ft-suit" }, t("For sale: {cards} → {gold} gold",
      { cards: suitNow.map((r) => desc.resources[r].name).join(", "), gold: desc.suit_values[suitNow.length] })) : null;
    const powers = of("power");
    const myDjinns = p.djinns.map((d) => {
      const mineActs = powers.filter((a) => a.djinn === d);
      const pays = [...new Set(mineActs.map((a) => a.pay))];
      const buttons = pays.map((py) => {
        const acts = mineActs.filter((a) => a.pay === py);
        const targeted = acts.some((a) => a.tile >= 0);
        return h("button", { class: `ft-power primary${armed && armed.djinn === d && armed.pay === py ? " armed" : ""}`, dataset: { djinn: d, pay: py },
          "aria-label": py ? t("Use {djinn}, paying {payment}", { djinn: desc.djinns[d].name, payment: pay(py) }) : t("Use {djinn}", { djinn: desc.djinns[d].name }),
          onclick: () => {
            if (targeted) { armed = { djinn: d, pay: py }; chooser = null; render(); } else send(acts[0]);
          } }, py ? t("Use — pay {payment}", { payment: pay(py) }) : t("Use"));
      });
      return djinnCard(ctx(), d, { buttons, used: view.used_powers.includes(d) && desc.djinns[d].paid, cls: buttons.length ? "lit" : "" });
    });
    const info = h("div", { class: "ft-my-info" },
      h("div", { class: "ft-my-line" }, h("b", {}, t("Your cards") + " "), suit, hand),
      h("div", { class: "ft-my-line muted" }, t("Gold {gold} · best merchandise value {value} · Palm Trees left {palms}, Palaces left {palaces}",
        { gold: p.gold, value: p.merchandise_value ?? 0, palms: view.palm_supply, palaces: view.palace_supply })));
    mine.replaceChildren(...[playerPanel(ctx(), view, s, { wait: waitWord(s), extra: info, noDjinns: true }),
      myDjinns.length ? h("div", { class: "ft-my-djinns", "aria-label": t("your Djinns") }, myDjinns) : null,
      renderKeep()].filter(Boolean));
  }

  function renderKeep() {
    const keeps = of("keep");
    if (!keeps.length) return null;
    return h("div", { class: "ft-keep panel" }, h("h3", {}, t("Sibittis: keep one")),
      h("div", { class: "ft-djinn-row" }, keeps.map((a) => djinnCard(ctx(), a.djinn, { cls: "lit",
        buttons: [h("button", { class: "ft-keep-button primary", dataset: { djinn: a.djinn },
          "aria-label": t("Keep {djinn}", { djinn: desc.djinns[a.djinn].name }), onclick: () => send(a) }, t("Keep"))] }))));
  }

  // --- the board ----------------------------------------------------------------------------------------------
  function renderBoard() {
    const view = v();
    const targets = myTurn() && !cycle.pending ? tileTargets() : new Map();
    const lit = new Map([...targets].map(([at, x]) => [at, x.label]));
    let range = null;
    if (view.stage === "kill" && view.assassin_range !== null && view.final_tile >= 0) {
      range = new Set([...Array(view.tiles.length).keys()].filter((at) => distance(desc, view.final_tile, at) <= view.assassin_range));
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
    if (view.stage !== "over" || sheetHidden) {
      overlay.hidden = true;
      return;
    }
    /** @type {Partial<import("../../kit/types.js").Result>} */
    const given = cycle.msg.result || {};
    const result = { breakdown: given.breakdown || view.breakdown, scores: given.scores || view.header.scores,
      winners: given.winners || (view.header ? view.header.winners : []) };
    overlay.replaceChildren(h("div", { class: "score-screen panel", role: "dialog", "aria-label": t("final scores") },
      h("h2", {}, t("The game is over")), h("h3", {}, t("Final results")), scoreSheet(ctx(), view, result),
      h("div", { class: "row" },
        h("button", { id: "see-board", onclick: () => { sheetHidden = true; render(); } }, t("See the board")),
        api.replay ? null : h("a", { href: "/", class: "button primary" }, t("Back to the lobby")))));
    overlay.hidden = false;
  }

  function render() {
    if (!cycle.msg || !desc) return;
    const view = v();
    renderTop();
    status.textContent = statusText();
    status.classList.toggle("my-turn", myTurn());
    renderBar();
    if (view.stage === "over" && sheetHidden) {
      bar.append(h("button", { id: "show-results", onclick: () => { sheetHidden = false; render(); } }, t("Score sheet")));
    }
    renderBoard();
    renderSide();
    renderMine();
    renderChooser();
    renderOverlay();
    showMark();
    el.className = `five-tribes phase-${view.stage}${me() !== null ? ` me-${colour(me())}` : ""}`;
    el.dataset.version = String(cycle.msg.version);
    el.dataset.phase = view.stage;
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
    const tile = (at) => (at >= 0 ? boardBox.querySelector(`.ft-tile[data-tile="${at}"]`) : null);
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
    if (prev && next.version !== prev.version && next.view.stage !== prev.view.stage) {
      chooser = null;
      marketFirst = null;
      armed = null;
    }
  }

  return cycle.board;
}
