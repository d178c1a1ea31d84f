// The rules page of each game: our own words (web/rules/<game>.html, in another language <game>.<lang>.html) with
// its reference tables filled in from the game's description (GET /api/games/<game>, in the page's language), so
// the numbers are the ones the engine plays by.
// Public (no sign-in), and linked from every table.
import { N_, lang, t } from "./i18n.js";
import { api } from "./net.js";
import { cap, h, missingPage } from "./ui.js";

const GAMES = [["manitou", "Manitou"], ["manitoba", "Manitoba"], ["five_tribes", "Five Tribes"]];

function table(head, rows) {
  return h("table", { class: "rules-table" },
    h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, rows.map((r) => h("tr", {}, h("th", { scope: "row" }, r[0]), r.slice(1).map((x) => h("td", {}, x))))));
}

const count = (values) => {
  const seen = new Map();
  for (const x of values) seen.set(x, (seen.get(x) || 0) + 1);
  return [...seen].map(([v, n]) => (n > 1 ? `${v} (×${n})` : String(v))).join(", ");
};

// The herds' sizes and the tiles' actions and value colours in words (the description names them by key).
const HERDS = { large: N_("large"), small: N_("small") };
const TILE_ACTIONS = { V: N_("palace"), O: N_("palm tree"), S: N_("a Djinn"), SM: N_("buy 1 of 3"), LM: N_("buy 2 of 6") };
const VALUE_COLOURS = { blue: N_("blue"), red: N_("red") };
const tileAction = (code) => TILE_ACTIONS[code] || TILE_ACTIONS[code.replace(/\d+$/, "")];
const inWords = (table, key) => (table[key] ? t(table[key]) : key);

// Each reference table a rules page asks for (data-reference="…"), made from the description.
const REFERENCES = {
  beats: (d) => {
    const name = Object.fromEntries(d.warriors.map((w) => [w.code, w.name]));
    return table([t("Warrior"), t("beats"), t("is beaten by")], d.warriors.map((w) => [cap(w.name), w.beats.map((b) => name[b]).join(", "),
      d.warriors.filter((o) => o.beats.includes(w.code)).map((o) => name[o.code]).join(", ")]));
  },
  buffalo: (d) => h("div", {},
    table([t("Herd"), t("values in the game")], [[t("Large"), count(d.buffalo.large)], [t("Small"), count(d.buffalo.small)]]),
    table([t("Players"), ...[1, 2, 3].map((n) => t("ground {n}", { n }))], Object.entries(d.grounds_by_players).map(([n, gs]) =>
      [n, ...gs.map((g) => g.map((herd) => inWords(HERDS, herd)).join(" + "))]))),
  storage: (d) => table([t("Pieces in a sector"), ...d.storage_points.map((_, i) => String(i))],
    [[t("Points"), ...d.storage_points.map(String)]]),
  tiles: (d) => table([t("Tile"), t("value"), t("action")], d.tile_types.map((x) =>
    [x.kind, t("{points} ({colour})", { points: x.vp, colour: inWords(VALUE_COLOURS, x.value_colour) }),
      tileAction(x.code) ? t(tileAction(x.code)) : ""])),
  resources: (d) => h("div", {},
    table([t("Card"), t("in the deck")], d.resources.map((r) => [r.merchandise ? r.name : t("{card} (not merchandise)", { card: r.name }),
      String(r.count)])),
    table([t("Different merchandise in a set"), ...d.suit_values.slice(1).map((_, i) => String(i + 1))],
      [[t("Gold when sold, points at the end"), ...d.suit_values.slice(1).map(String)]])),
  djinns: (d) => table([t("Djinn"), t("points"), t("cost"), t("power")], d.djinns.map((j) => [j.name, String(j.vp), j.cost || "—", j.text])),
};

// The rules' words in the page's language (web/rules/<game>.<lang>.html), else in English (<game>.html).
async function rulesText(game) {
  if (lang !== "en") {
    const r = await fetch(`/static/rules/${game}.${encodeURIComponent(lang)}.html`);
    if (r.ok) return r.text();
  }
  return (await fetch(`/static/rules/${game}.html`)).text();
}

export async function showRules(root, game) {
  if (!game) return (await import("./game_page.js")).showRulesIndex(root);  // /rules: every game's rules
  const known = GAMES.find(([name]) => name === game);
  if (!known) {
    root.replaceChildren(missingPage(t("Rules"), t("There are no rules here for “{game}”: the hall has Manitou, Manitoba and Five Tribes.", { game })));
    return null;
  }
  const [text, description] = await Promise.all([rulesText(game), api(`/api/games/${game}`)]);
  const article = h("article", { class: "rules-text panel" });
  article.innerHTML = text;  // our own static file, not user input
  for (const slot of /** @type {NodeListOf<HTMLElement>} */ (article.querySelectorAll("[data-reference]"))) {
    slot.replaceChildren(REFERENCES[slot.dataset.reference](description));
  }
  root.replaceChildren(h("div", { class: "rules" },
    h("nav", { class: "rules-nav", "aria-label": t("rules of each game") }, GAMES.map(([name, title]) =>
      h("a", { href: `/rules/${name}`, class: `button${name === game ? " primary" : ""}`,
        "aria-current": name === game ? "page" : null }, title))),
    article));
  document.title = t("{game} rules · Longhouse", { game: known[1] });
  return () => { document.title = "Longhouse"; };
}
