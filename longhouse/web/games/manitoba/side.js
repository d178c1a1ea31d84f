// Beside the territory: the totem (five disks in stack order), the vision board (four paths with every
// seat's markers and the first-to-reach bonuses), the season (cards, eagle head, score tiles, the score
// track) and the general supply.
import { COLOURS, SYMBOLS, cap, h } from "../../kit/board.js";
import { DISK_FILL, DISK_INK, goodChip, landSymbol, seatTag, svgEl } from "./draw.js";

// --- the totem ----------------------------------------------------------------------------------------

export function drawTotem(ctx) {
  const { view, ix, desc } = ctx;
  const el = h("section", { class: "mb-totem panel", "aria-label": "the totem" });
  const info = h("p", { class: "totem-info", "aria-live": "polite" });
  const landOf = (c) => desc.landscapes[desc.disk_colours.indexOf(c)];
  const pathOf = (c) => (desc.paths.find((p) => p.colour === c) || {}).name;
  const sphere = (c) => `${c} (${landOf(c)}${pathOf(c) ? `, ${pathOf(c)}'s path` : ""})`;
  const wakeMode = ctx.wakeMode;
  if (view.totem.length) {
    el.append(h("h3", {}, view.totem.length ? "Totem — top first" : "Totem"));
    const stack = h("div", { class: "disk-stack", role: "group", "aria-label": "totem disks, top first" });
    view.totem.forEach((c, i) => {
      const act = wakeMode ? ix.wakeup[i + 1] : ix.take[c];
      const lift = view.totem.slice(0, i + 1);
      const explain = wakeMode
        ? `Wake-up with ${i + 1} disk${i ? "s" : ""}: wake up to ${i + 1} Cree; the others may then use ${lift.join(", ")}`
        : `Take ${c}: ${lift.length > 1 ? `${lift.slice(0, -1).join(", ")} come${lift.length > 2 ? "" : "s"} with it; ` : ""}`
          + `your actions are in ${sphere(c)}; the others may then use ${lift.join(", ")}`;
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
      }, svgEl("-20 -12 40 24", "disk-sym", landSymbol(landOf(c), 0, 0, 0.7)), h("span", {}, c));
      stack.append(disk);
    });
    el.append(stack);
    const canWake = Object.keys(ix.wakeup).length > 0;
    const hint = canWake ? (wakeMode ? "Wake-up: click the lowest disk to take (each disk wakes one Cree)"
      : "Click a disk: it and those above go to your village") : "Hover a disk to see what comes with it";
    info.textContent = hint;
    if (canWake) {
      el.append(h("button", { id: "wake-mode", class: `small${wakeMode ? " on" : ""}`, "aria-pressed": wakeMode ? "true" : "false",
        onclick: () => ctx.setWakeMode(!wakeMode) }, wakeMode ? "Back to Territory / Vision" : "Wake-up action instead…"));
    }
    el.append(info);
  } else {
    el.append(h("h3", {}, "Totem"));
    const active = view.active;
    const chosen = view.decision && view.decision.kind === "active" ? view.decision.colour : null;
    el.append(h("div", { class: "village-disks" }, h("small", {}, "In ", seatTag(active, ctx.nameOf(active)), "'s village:"),
      h("div", { class: "disk-stack small" }, view.taken.map((c, i) => h("span", {
        class: `disk disk-${c}${i === 0 ? " chosen" : ""}`, style: `--disk:${DISK_FILL[c]};--disk-ink:${DISK_INK[c]}`,
        title: `${c} disk (${landOf(c)})${i === 0 ? ": the active player's colour" : ""}`,
      }, svgEl("-20 -12 40 24", "disk-sym", landSymbol(landOf(c), 0, 0, 0.7)), h("span", {}, c), i === 0 ? h("b", { class: "eagle", title: "eagle head" }, "▲") : null)))));
    if (view.beside_village.length) {
      el.append(h("small", { class: "beside" }, `Beside the village: ${view.beside_village.join(", ")}`));
    }
    el.append(h("p", { class: "totem-info" }, view.taken.length
      ? `The others may use ${view.taken.join(", ")}${chosen ? "" : ""}.` : ""));
  }
  return el;
}

function markLift(stack, upto) {
  [...stack.children].forEach((d, i) => d.classList.toggle("lift", i <= upto));
}

// --- the vision board -------------------------------------------------------------------------------------

export function drawPaths(ctx) {
  const { view, ix, desc } = ctx;
  const el = h("section", { class: "mb-paths panel", "aria-label": "the vision board" }, h("h3", {}, "Vision paths"));
  const rows = desc.paths.map((p, pi) => {
    const act = ix.vision[p.name] || ix.repeat[p.name];
    const spaces = desc.path_spaces[pi];
    const myPos = view.seat !== null ? view.villages[view.seat].paths[p.name] : null;
    const firsts = view.first_reached[pi] || [];
    const cells = spaces.map((sp) => {
      const here = view.villages.filter((v) => v.paths[p.name] === sp.space).map((v) => v.seat);
      const firstBonus = sp.wampum_first || /first/.test(sp.text);
      const next = act && myPos !== null && (ix.repeat[p.name] ? sp.space === myPos : sp.space === Math.min(myPos + 1, spaces.length));
      return h("div", {
        class: `space${sp.permanent ? " permanent" : ""}${next ? " next" : ""}${marked(view, p.name, sp.space) ? " last" : ""}`,
        title: `${cap(p.name)}'s path, space ${sp.space}: ${sp.text}${firstBonus && firsts.includes(sp.space) ? " (first bonus already taken)" : ""}`,
        dataset: { space: sp.space },
      }, h("span", { class: "sp-no" }, String(sp.space)), h("span", { class: "sp-short" }, sp.short.replace(/\//g, "/\u200b")),
      firstBonus ? h("span", { class: `first${firsts.includes(sp.space) ? " gone" : ""}`, title: firsts.includes(sp.space) ? "first-to-reach bonus taken" : "first-to-reach bonus still open" }, firsts.includes(sp.space) ? "☆" : "★") : null,
      h("span", { class: "markers" }, here.map((seat) => h("span", { class: `marker seat-${COLOURS[seat]}`, title: `${ctx.nameOf(seat)}'s marker on ${p.name}'s path, space ${sp.space}` }, SYMBOLS[seat]))));
    });
    return h("div", {
      class: `path path-${p.colour}${act ? " can" : ""}`, dataset: { path: p.name },
      role: act ? "button" : null, tabindex: act ? "0" : null, title: act ? act.text : null,
      "aria-label": act ? act.text : `${p.name}'s path`,
      onclick: act ? () => ctx.send(act) : null,
      onkeydown: act ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.send(act); } } : null,
    }, h("span", { class: "path-name", style: `--disk:${DISK_FILL[p.colour]};--disk-ink:${DISK_INK[p.colour]}`,
      title: `${cap(p.name)}'s path, in the ${p.colour} sphere: ${p.length} spaces` }, cap(p.name),
      h("small", {}, p.colour)), h("div", { class: "spaces" }, cells),
    act ? h("span", { class: "go" }, ix.repeat[p.name] ? "repeat" : myPos ? "advance" : "enter") : null);
  });
  el.append(h("div", { class: "path-rows" }, rows));
  return el;
}

function marked(view, name, space) {
  return (view.marks || []).some((list) => (list || []).some((m) => m.kind === "vision" && m.path === name && m.space === space));
}

// --- the season, the score tiles and the score track -------------------------------------------------------

export function drawSeason(ctx) {
  const { view, desc } = ctx;
  const el = h("section", { class: "mb-season panel", "aria-label": "the season" });
  // before the first round (the Winter solstice's set-up) there is no "round 0": the game is beginning
  el.append(h("h3", {}, `${cap(view.season)} · ${view.round > 0 ? `round ${view.round} of ${view.rounds}` : `the game begins: ${view.rounds} rounds`}`));
  const cards = h("div", { class: "cards" }, view.cards.map((c, i) => {
    const now = i === view.card_index;
    let title;
    let body = null;
    let tip;
    if (c.card === "event") {
      const t = desc.event_texts[c.event] || { title: c.event, text: "" };
      title = t.title;
      body = c.goods.length ? h("span", { class: "card-goods" }, c.goods.map((g) => goodChip(g))) : null;
      tip = t.text + (c.goods.length ? ` (${c.goods.join(" or ")})` : "");
    } else if (c.card === "score_3" || c.card === "score_5") {
      const tile = view.score_tiles[c.card === "score_3" ? 0 : 1];
      title = "Scoring";
      body = tile ? h("span", { class: "tile" }, tileWords(tile)) : null;
      tip = tile ? tile.text : "a score tile";
      if (c.card === "score_5") tip += view.season === "autumn" ? " — then the final scoring" : " — then the end of the season";
    } else if (c.card === "winter_solstice") {
      title = "Solstice";
      tip = desc.card_texts.winter_solstice;
    } else {
      title = "Winter";
      tip = desc.card_texts.winter;
    }
    return h("div", { class: `season-card ${c.card}${now ? " now" : ""}${i < view.card_index ? " past" : ""}`, title: tip },
      now ? h("span", { class: "eagle", title: "the eagle head: this round's card" }, "▼") : null,
      h("b", {}, title), body);
  }));
  el.append(cards);
  const seasons = desc.seasons || [];
  const later = seasons.slice(seasons.indexOf(view.season) + 1);
  el.append(h("p", { class: "to-come" },
    later.length ? `To come: ${later.join(", ")} (${view.undrawn_score_tiles} score tiles face down)` : "Last season: the final scoring ends the game"));
  return el;
}

export function tileWords(tile) {
  if (tile.kind === "most") return h("span", {}, "most of");
  return h("span", { class: "tile-goods" }, tile.goods.flatMap((g, i) => [i ? h("small", {}, "or") : null, goodChip(g)]));
}

export function drawScores(ctx) {
  const { view } = ctx;
  const order = view.villages.map((v) => v.seat).sort((a, b) => view.villages[b].score - view.villages[a].score);
  return h("section", { class: "mb-scores", "aria-label": "score track" }, h("small", {}, "Score track"), order.map((seat) => h("span", { class: "track-seat" },
    seatTag(seat, ctx.nameOf(seat)), h("b", {}, String(view.villages[seat].score)))));
}

export function drawSupply(ctx) {
  const { view, ix } = ctx;
  const goods = Object.keys(view.supply);
  return h("section", { class: "mb-supply", "aria-label": "the general supply" }, h("small", {}, "Supply"),
    goods.map((g) => {
      const act = ix.good[g];
      return h(act ? "button" : "span", {
        class: `supply-good${act ? " can" : ""}`, dataset: { good: g }, title: act ? act.text : `${view.supply[g]} ${g} left`,
        onclick: act ? () => ctx.send(act) : null,
      }, goodChip(g), h("b", {}, String(view.supply[g])));
    }),
    h("span", { class: "supply-good", title: "wampum tiles left" }, "wampum ", h("b", {}, String(view.wampum_supply))));
}

