// The lint `longhouse/texts` (tools/eslint/texts.js): a text put on the page outside the catalog is found,
// wherever the page shows it; a text through t()/tn(), a name, a sign or a class name is not.
import { test } from "node:test";
import { RuleTester } from "eslint";
import texts from "../../tools/eslint/texts.js";

RuleTester.describe = (_name, fn) => fn();
RuleTester.it = (_name, fn) => fn();
RuleTester.itOnly = (_name, fn) => fn();

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: "module" } });
const options = [{ names: ["Longhouse", "Five Tribes"], helpers: { toast: [0], missingPage: [0, 1] } }];
const bare = (code, n = 1) => ({ code, options, errors: Array.from({ length: n }, () => ({ messageId: "bare" })) });

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
