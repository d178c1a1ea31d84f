// Beside the territory: the totem (five disks in stack order), the vision board (four paths with every
// seat's markers and the first-to-reach bonuses), the season (cards, eagle head, score tiles, the score
// track) and the general supply.
import { list, t, tn } from "../../i18n.js";
import { COLOURS, SYMBOLS, h } from "../../kit/board.js";
import { DISK_FILL, DISK_INK, goodChip, landSymbol, seatTag, svgEl } from "./draw.js";

// --- the totem ----------------------------------------------------------------------------------------

export function drawTotem(ctx) {
  const { view, ix, desc, w } = ctx;
  const el = h("section", { class: "mb-totem panel", "aria-label": t("the totem") });
  const info = h("p", { class: "totem-info", "aria-live": "polite" });
  const landOf = (c) => desc.landscapes[desc.disk_colours.indexOf(c)];
  const pathOf = (c) => (desc.paths.find((p) => p.colour === c) || {}).name;
  const sphere = (c) => (pathOf(c) ? t("{colour} ({land}, {path})", { colour: w.colour(c), land: w.land(landOf(c)), path: w.pathPlace(pathOf(c)) })
    : t("{colour} ({land})", { colour: w.colour(c), land: w.land(landOf(c)) }));
  const colours = (cs) => list(cs.map(w.colour));
  const wakeMode = ctx.wakeMode;
  if (view.totem.length) {
    el.append(h("h3", {}, t("Totem — top first")));
    const stack = h("div", { class: "disk-stack", role: "group", "aria-label": t("totem disks, top first") });
    view.totem.forEach((c, i) => {
      const act = wakeMode ? ix.wakeup[i + 1] : ix.take[c];
      const lift = view.totem.slice(0, i + 1);
      const explain = wakeMode
        ? tn("Wake-up with {n} disk: wake up to {n} Cree; the others may then use {colours}",
          "Wake-up with {n} disks: wake up to {n} Cree; the others may then use {colours}", i + 1, { colours: colours(lift) })
        : (lift.length > 1
          ? t("Take {colour}: {with} come with it; your actions are in {sphere}; the others may then use {colours}",
            { colour: w.colour(c), with: colours(lift.slice(0, -1)), sphere: sphere(c), colours: colours(lift) })
          : t("Take {colour}: your actions are in {sphere}; the others may then use {colours}",
            { colour: w.colour(c), sphere: sphere(c), colours: colours(lift) }));
      const disk = h("button", {
        class: `disk disk-${c}${act ? " can" : ""}`, dataset: { colour: c, depth: i + 1 }, disabled: act ? null : true,
        style: `--disk:${DISK_FILL[c]};--disk-ink:${DISK_INK[c]}`, title: explain, "aria-label": explain,
        onclick: () => act && ctx.send(act),
        // a mouse's hover only: on a touch screen the hover a tap leaves behind, with the explanation's
        // lines pushing the page, took the disk from under the still finger and gave it back, every frame
        onpointerenter: (e) => { if (e.pointerType === "mouse") { markLift(stack, i); info.textContent = explain; } },
        onfocus: () => { markLift(stack, i); info.textContent = explain; },
        onpointerleave: (e) => { if (e.pointerType === "mouse") { markLift(stack, -1); info.textContent = hint; } },
        onblur: () => { markLift(stack, -1); info.textContent = hint; },
      }, svgEl("-20 -12 40 24", "disk-sym", landSymbol(landOf(c), 0, 0, 0.7)), h("span", {}, w.colour(c)));
      stack.append(disk);
    });
    el.append(stack);
    const canWake = Object.keys(ix.wakeup).length > 0;
    const hint = canWake ? (wakeMode ? t("Wake-up: click the lowest disk to take (each disk wakes one Cree)")
      : t("Click a disk: it and those above go to your village")) : t("Hover a disk to see what comes with it");
    info.textContent = hint;
    if (canWake) {
      el.append(h("button", { id: "wake-mode", class: `small${wakeMode ? " on" : ""}`, "aria-pressed": wakeMode ? "true" : "false",
        onclick: () => ctx.setWakeMode(!wakeMode) }, wakeMode ? t("Back to Territory / Vision") : t("Wake-up action instead…")));
    }
    el.append(info);
  } else {
    el.append(h("h3", {}, t("Totem")));
    const active = view.active;
    const chosen = view.decision && view.decision.kind === "active" ? view.decision.colour : null;
    el.append(h("div", { class: "village-disks" }, h("small", {}, t("In the village of"), " ", seatTag(active, ctx.nameOf(active)), ":"),
      h("div", { class: "disk-stack small" }, view.taken.map((c, i) => h("span", {
        class: `disk disk-${c}${i === 0 ? " chosen" : ""}`, style: `--disk:${DISK_FILL[c]};--disk-ink:${DISK_INK[c]}`,
        title: i === 0 ? t("{colour} disk ({land}): the active player's colour", { colour: w.colour(c), land: w.land(landOf(c)) })
          : t("{colour} disk ({land})", { colour: w.colour(c), land: w.land(landOf(c)) }),
      }, svgEl("-20 -12 40 24", "disk-sym", landSymbol(landOf(c), 0, 0, 0.7)), h("span", {}, w.colour(c)),
      i === 0 ? h("b", { class: "eagle", title: t("eagle head") }, "▲") : null)))));
    if (view.beside_village.length) {
      el.append(h("small", { class: "beside" }, t("Beside the village: {colours}", { colours: colours(view.beside_village) })));
    }
    void chosen;
    el.append(h("p", { class: "totem-info" }, view.taken.length
      ? t("The others may use {colours}.", { colours: colours(view.taken) }) : ""));
  }
  return el;
}

function markLift(stack, upto) {
  [...stack.children].forEach((d, i) => d.classList.toggle("lift", i <= upto));
}

// --- the vision board -------------------------------------------------------------------------------------

export function drawPaths(ctx) {
  const { view, ix, desc, w } = ctx;
  const el = h("section", { class: "mb-paths panel", "aria-label": t("the vision board") }, h("h3", {}, t("Vision paths")));
  const rows = desc.paths.map((p, pi) => {
    const act = ix.vision[p.name] || ix.repeat[p.name];
    const spaces = desc.path_spaces[pi];
    const myPos = view.header.viewer !== null ? view.villages[view.header.viewer].paths[p.name] : null;
    const firsts = view.first_reached[pi] || [];
    const cells = spaces.map((sp) => {
      const here = view.villages.filter((v) => v.paths[p.name] === sp.space).map((v) => v.seat);
      const firstBonus = sp.wampum_first || sp.first;
      const next = act && myPos !== null && (ix.repeat[p.name] ? sp.space === myPos : sp.space === Math.min(myPos + 1, spaces.length));
      return h("div", {
        class: `space${sp.permanent ? " permanent" : ""}${next ? " next" : ""}${marked(view, p.name, sp.space) ? " last" : ""}`,
        title: (firstBonus && firsts.includes(sp.space) ? t("{path}, space {space}: {text} (first bonus already taken)", { path: w.pathPlace(p.name), space: sp.space, text: sp.text })
          : t("{path}, space {space}: {text}", { path: w.pathPlace(p.name), space: sp.space, text: sp.text })),
        dataset: { space: sp.space },
      }, h("span", { class: "sp-no" }, String(sp.space)), h("span", { class: "sp-short" }, sp.short.replace(/\//g, "/\u200b")),
      firstBonus ? h("span", { class: `first${firsts.includes(sp.space) ? " gone" : ""}`, title: firsts.includes(sp.space) ? t("first-to-reach bonus taken") : t("first-to-reach bonus still open") }, firsts.includes(sp.space) ? "☆" : "★") : null,
      h("span", { class: "markers" }, here.map((seat) => h("span", { class: `marker seat-${COLOURS[seat]}`,
        title: t("{name}'s marker on the {path}, space {space}", { name: ctx.nameOf(seat), path: w.pathPlace(p.name), space: sp.space }) }, SYMBOLS[seat]))));
    });
    return h("div", {
      class: `path path-${p.colour}${act ? " can" : ""}`, dataset: { path: p.name },
      role: act ? "button" : null, tabindex: act ? "0" : null, title: act ? act.text : null,
      "aria-label": act ? act.text : w.pathPlace(p.name),
      onclick: act ? () => ctx.send(act) : null,
      onkeydown: act ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.send(act); } } : null,
    }, h("span", { class: "path-name", style: `--disk:${DISK_FILL[p.colour]};--disk-ink:${DISK_INK[p.colour]}`,
      title: tn("{path}, in the {colour} sphere: {n} space", "{path}, in the {colour} sphere: {n} spaces", p.length,
        { path: w.pathPlace(p.name), colour: w.colour(p.colour) }) }, w.path(p.name),
      h("small", {}, w.colour(p.colour))), h("div", { class: "spaces" }, cells),
    act ? h("span", { class: "go" }, ix.repeat[p.name] ? t("repeat") : myPos ? t("advance") : t("enter")) : null);
  });
  el.append(h("div", { class: "path-rows" }, rows));
  return el;
}

function marked(view, name, space) {
  return (view.marks || []).some((list) => (list || []).some((m) => m.kind === "vision" && m.path === name && m.space === space));
}

// --- the season, the score tiles and the score track -------------------------------------------------------

export function drawSeason(ctx) {
  const { view, desc, w } = ctx;
  const el = h("section", { class: "mb-season panel", "aria-label": t("the season") });
  // before the first round (the Winter solstice's set-up) there is no "round 0": the game is beginning
  el.append(h("h3", {}, view.round > 0 ? t("{season} · round {round} of {rounds}", { season: w.season(view.season), round: view.round, rounds: view.rounds })
    : t("{season} · the game begins: {rounds} rounds", { season: w.season(view.season), rounds: view.rounds })));
  const cards = h("div", { class: "cards" }, view.cards.map((c, i) => {
    const now = i === view.card_index;
    let title;
    let body = null;
    let tip;
    if (c.card === "event") {
      const ev = desc.event_texts[c.event] || { title: c.event, text: "" };
      title = ev.title;
      body = c.goods.length ? h("span", { class: "card-goods" }, c.goods.map((g) => goodChip(g))) : null;
      tip = c.goods.length ? t("{text} ({goods})", { text: ev.text, goods: c.goods.map(w.good).join(" / ") }) : ev.text;
    } else if (c.card === "score_3" || c.card === "score_5") {
      const tile = view.score_tiles[c.card === "score_3" ? 0 : 1];
      title = t("Scoring");
      body = tile ? h("span", { class: "tile" }, tileWords(tile)) : null;
      tip = tile ? tile.text : t("a score tile");
      if (c.card === "score_5") {
        tip = view.season === "autumn" ? t("{tile} — then the final scoring", { tile: tip }) : t("{tile} — then the end of the season", { tile: tip });
      }
    } else if (c.card === "winter_solstice") {
      title = t("Solstice");
      tip = desc.card_texts.winter_solstice;
    } else {
      title = t("Winter");
      tip = desc.card_texts.winter;
    }
    return h("div", { class: `season-card ${c.card}${now ? " now" : ""}${i < view.card_index ? " past" : ""}`, title: tip },
      now ? h("span", { class: "eagle", title: t("the eagle head: this round's card") }, "▼") : null,
      h("b", {}, title), body);
  }));
  el.append(cards);
  const seasons = desc.seasons || [];
  const later = seasons.slice(seasons.indexOf(view.season) + 1);
  el.append(h("p", { class: "to-come" },
    later.length ? tn("To come: {seasons} ({n} score tile face down)", "To come: {seasons} ({n} score tiles face down)", view.undrawn_score_tiles,
      { seasons: list(later.map(w.season)) }) : t("Last season: the final scoring ends the game")));
  return el;
}

export function tileWords(tile) {
  if (tile.kind === "most") return h("span", {}, t("most of"));
  return h("span", { class: "tile-goods" }, tile.goods.flatMap((g, i) => [i ? h("small", {}, t("or")) : null, goodChip(g)]));
}

export function drawScores(ctx) {
  const { view } = ctx;
  const order = view.villages.map((v) => v.seat).sort((a, b) => view.villages[b].score - view.villages[a].score);
  return h("section", { class: "mb-scores", "aria-label": t("score track") }, h("small", {}, t("Score track")), order.map((seat) => h("span", { class: "track-seat" },
    seatTag(seat, ctx.nameOf(seat)), h("b", {}, String(view.villages[seat].score)))));
}

export function drawSupply(ctx) {
  const { view, ix, w } = ctx;
  const goods = Object.keys(view.supply);
  return h("section", { class: "mb-supply", "aria-label": t("the general supply") }, h("small", {}, t("Supply")),
    goods.map((g) => {
      const act = ix.good[g];
      return h(act ? "button" : "span", {
        class: `supply-good${act ? " can" : ""}`, dataset: { good: g }, title: act ? act.text : t("{goods}: {n} left", { goods: w.good(g), n: view.supply[g] }),
        onclick: act ? () => ctx.send(act) : null,
      }, goodChip(g), h("b", {}, String(view.supply[g])));
    }),
    h("span", { class: "supply-good", title: t("wampum tiles left") }, t("wampum"), " ", h("b", {}, String(view.wampum_supply))));
}

