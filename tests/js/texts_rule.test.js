// The lint `longhouse/texts` (tools/eslint/texts.js): a text put on the page outside the catalog is found,
// wherever the page shows it; a text through t()/tn(), a name, a sign or a class name is not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { ESLint, RuleTester } from "eslint";
import texts from "../../tools/eslint/texts.js";
import { NAMES } from "../../eslint.config.js";

RuleTester.describe = (_name, fn) => fn();
RuleTester.it = (_name, fn) => fn();
RuleTester.itOnly = (_name, fn) => fn();

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: "module" } });
const options = [{ names: ["Longhouse", "Five Tribes"], helpers: { toast: [0], missingPage: [0, 1] } }];
const bare = (code, n = 1) => ({ code, options, errors: Array.from({ length: n }, () => ({ messageId: "bare" })) });
const tabled = (code, n = 1) => ({ code, options, errors: Array.from({ length: n }, () => ({ messageId: "table" })) });

test("bare texts on the page are found", () => {
  tester.run("texts", texts, {
    valid: [
      { code: 'el.textContent = t("Sign in");', options },
      { code: 'el.textContent = tn("{n} point", "{n} points", n);', options },
      { code: 'el.textContent = `${number(n)} · ${t("x")}`;', options },
      { code: 'el.title = name;', options },
      { code: 'document.title = "Longhouse";', options },
      { code: 'document.title = `${title} · Longhouse`;', options },
      { code: 'h("span", { class: "seat-tag seat-red", id: "x", href: "/rules" }, "★", " — ", `#${id}`);', options },
      { code: 'h("p", { title: t("the board") }, t("Hint"), name);', options },
      { code: 'el.setAttribute("role", "group"); el.setAttribute("aria-label", t("the territory"));', options },
      { code: 'el.dataset.seat = "red"; el.className = "big words here";', options },
      { code: 'const T = { hint: N_("Hint") }; h("b", {}, t(T.hint));', options },
      { code: '[1, 2].map((n) => h("option", {}, String(n)));', options },
      { code: '["a", "b"].map((x) => x.toUpperCase());', options },
      { code: 'svg("path", { d: "M0,0 L1,1" });', options },
      { code: 'log("the hall restarts");', options },
    ],
    invalid: [
      bare('el.textContent = "Thinking…";'),
      bare('el.innerText = `move ${n} of ${last}`;'),
      bare('el.title = ok ? "ready" : "waiting";', 2),
      bare('input.placeholder = "Player";'),
      bare('img.alt = "the board";'),
      bare('document.title = `${game} rules · Longhouse`;'),
      bare('el.dataset.label = "Rating";'),
      bare('el.setAttribute("aria-label", "the territory");'),
      bare('el.setAttribute("title", name + " (bot)");'),
      bare('el.append("Played: ", list);'),
      bare('el.replaceChildren(h("li", {}, "No move cost its player much."));'),
      bare('document.createTextNode("winner");'),
      bare('if (!window.confirm("Resign this game?")) stop();'),
      bare('h("button", { id: "hint" }, "Hint");'),
      bare('h("button", { "aria-label": "next move" }, "▶");'),
      bare('h("td", { dataset: { label: "Player" } }, name);'),
      bare('h("input", { placeholder: "Player" });'),
      bare('svg("text", { class: "axis" }, `game ${n}`);'),
      bare('h("p", {}, ["Played: ", games]);'),
      bare('h("b", {}, cond && "won");'),
      bare('toast("Copied");'),
      bare('missingPage("Rules", t("none"));'),
      bare('["Game", "Five Tribes", "Result"].map((x) => h("th", {}, x));', 2),
    ],
  });
});

test("texts kept in a table outside the catalog are found; keys, classes, URLs and marked texts are not", () => {
  tester.run("texts", texts, {
    valid: [
      { code: 'const TEXT = { hint: N_("Show a hint") }; el.textContent = t(TEXT.hint);', options },
      { code: 'const C = { class: "big words here", id: "the end", type: "button", href: "/rules#the end" };', options },
      { code: 'const K = ["seat-red seat-tag", "click", "keydown", "/help", "https://example.org/a b", "#tables .row"];', options },
      { code: 'const FIGURES = [["bot queue", N_("Bot queue")], ["mean ms", t("mean ms")]];', options },
      { code: 'const ICON = { a: \'<path d="M0 0 L1 1"/>\', p: "M0,-10 a4.2,4.2 0 1 1 0.01,0 Z" };', options },
      { code: 'const F = { dateStyle: "short", signDisplay: "exceptZero" }; const L = ["Longhouse", "Five Tribes", "—"];', options },
      { code: 'const T = { label: "seat-red", text: "/start" }; const M = ok ? "seat-red" : "x";', options },
      { code: 'const T = { a: "Hint" };', options: [{ ...options[0], tables: false }] },
    ],
    invalid: [
      tabled('const TEXT = { x: "Some words" }; el.textContent = TEXT.x;'),
      tabled('const W = ["Hint", "Rated", "sort"];', 2),
      tabled('const T = { label: "won", tip: `${n} left` };', 2),
      tabled('const EMPTY = "no such table"; const M = ok ? "Some words" : "x";', 2),
      tabled('const T = { a: ok ? "Yes, go" : "No" };', 2),
      tabled('const T = { n: `${n} points left`, [key]: "Five Tribes, in short" };', 2),
      tabled('export const T = { deep: { er: ["a b", "Thinking…"] } };', 2),
      bare('h("p", {}, ["Played: ", games]);'),
      bare('["Game", "Result"].map((x) => h("th", {}, x));', 2),
    ],
  });
});

test("a module with a table of bare texts is flagged, a clean one passes", async () => {
  const eslint = new ESLint({ overrideConfigFile: true, cwd: fileURLToPath(new URL("../..", import.meta.url)),
    overrideConfig: [{ files: ["**/*.js"], languageOptions: { ecmaVersion: 2022, sourceType: "module" },
      plugins: { longhouse: { rules: { texts } } }, rules: { "longhouse/texts": ["error", { names: NAMES }] } }] });
  const [flagged, clean] = await eslint.lintFiles(["tests/fixtures/texts/table_bare.js", "tests/fixtures/texts/table_clean.js"]);
  assert.ok(flagged.filePath.endsWith("table_bare.js"));
  assert.deepEqual(flagged.messages.map((m) => [m.line, m.messageId, m.message.split(" is kept")[0]]), [
    [3, "table", 'the text "Show a hint"'], [3, "table", 'the text "Waiting for the other players…"'],
    [3, "table", 'the text "won"'], [4, "table", 'the text "Player"'], [4, "table", 'the text "Rating"'],
    [5, "table", 'the text "no game yet"'],
  ]);
  assert.deepEqual(clean.messages, []);
});
