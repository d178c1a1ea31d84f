// The rules page of each game: our own words (web/rules/<game>.html) with its reference tables filled in from
// the game's description (GET /api/games/<game>), so the numbers are the ones the engine plays by.
// Public (no sign-in), and linked from every table.
import { api } from "./net.js";
import { cap, h, missingPage } from "./ui.js";

const GAMES = [["manitou", "Manitou"], ["manitoba", "Manitoba"], ["five_tribes", "Five Tribes"]];

function table(head, rows) {
  return h("table", { class: "rules-table" },
    h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, rows.map((r) => h("tr", {}, h("th", { scope: "row" }, r[0]), r.slice(1).map((x) => h("td", {}, x))))));
}

const count = (list) => {
  const seen = new Map();
  for (const x of list) seen.set(x, (seen.get(x) || 0) + 1);
  return [...seen].map(([v, n]) => (n > 1 ? `${v} (×${n})` : String(v))).join(", ");
};

// Each reference table a rules page asks for (data-reference="…"), made from the description.
const REFERENCES = {
  beats: (d) => {
    const name = Object.fromEntries(d.warriors.map((w) => [w.code, w.name]));
    return table(["Warrior", "beats", "is beaten by"], d.warriors.map((w) => [cap(w.name), w.beats.map((b) => name[b]).join(", "),
      d.warriors.filter((o) => o.beats.includes(w.code)).map((o) => name[o.code]).join(", ")]));
  },
  buffalo: (d) => h("div", {},
    table(["Herd", "values in the game"], [["Large", count(d.buffalo.large)], ["Small", count(d.buffalo.small)]]),
    table(["Players", "ground 1", "ground 2", "ground 3"], Object.entries(d.grounds_by_players).map(([n, gs]) =>
      [n, ...gs.map((g) => g.join(" + "))]))),
  storage: (d) => table(["Pieces in a sector", ...d.storage_points.map((_, i) => String(i))],
    [["Points", ...d.storage_points.map(String)]]),
  tiles: (d) => table(["Tile", "value", "action"], d.tile_types.map((t) => [t.kind, `${t.vp} (${t.value_colour})`,
    { Village: "palace", Oasis: "palm tree", "Sacred Place": "a Djinn", "Small Market": "buy 1 of 3", "Large Market": "buy 2 of 6" }[t.kind] || ""])),
  resources: (d) => h("div", {},
    table(["Card", "in the deck"], d.resources.map((r) => [r.name + (r.merchandise ? "" : " (not merchandise)"), String(r.count)])),
    table(["Different merchandise in a set", ...d.suit_values.slice(1).map((_, i) => String(i + 1))],
      [["Gold when sold, points at the end", ...d.suit_values.slice(1).map(String)]])),
  djinns: (d) => table(["Djinn", "points", "cost", "power"], d.djinns.map((j) => [j.name, String(j.vp), j.cost || "—", j.text])),
};

export async function showRules(root, game) {
  if (!game) return (await import("./game_page.js")).showRulesIndex(root);  // /rules: every game's rules
  const known = GAMES.find(([name]) => name === game);
  if (!known) {
    root.replaceChildren(missingPage("Rules", `There are no rules here for “${game}”: the hall has Manitou, Manitoba and Five Tribes.`));
    return null;
  }
  const [text, description] = await Promise.all([
    fetch(`/static/rules/${game}.html`).then((r) => r.text()), api(`/api/games/${game}`)]);
  const article = h("article", { class: "rules-text panel" });
  article.innerHTML = text;  // our own static file, not user input
  for (const slot of /** @type {NodeListOf<HTMLElement>} */ (article.querySelectorAll("[data-reference]"))) {
    slot.replaceChildren(REFERENCES[slot.dataset.reference](description));
  }
  root.replaceChildren(h("div", { class: "rules" },
    h("nav", { class: "rules-nav", "aria-label": "rules of each game" }, GAMES.map(([name, title]) =>
      h("a", { href: `/rules/${name}`, class: `button${name === game ? " primary" : ""}`,
        "aria-current": name === game ? "page" : null }, title))),
    article));
  document.title = `${known[1]} rules · Longhouse`;
  return () => { document.title = "Longhouse"; };
}
