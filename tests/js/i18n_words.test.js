// The browser's side of texts sent as data (longhouse/web/i18n.js `words`, longhouse/i18n/wire.py): each form
// put into words as the hall's Python does (`Msg.render`). tests/i18n/test_wire_words.py checks the same on
// every text of whole games against the Python, in English and German.
import { test } from "node:test";
import assert from "node:assert/strict";
import { render, useCatalog, words } from "../../longhouse/web/i18n.js";

const ENGLISH = { lang: "en", plural: { one: 0, other: 1 }, messages: {} };
const GERMAN = {
  lang: "de", plural: { one: 0, other: 1 },
  messages: {
    "{seat} picks {card}": "{seat} wählt {card}", Red: "Rot", Blue: "Blau",
    "{n} point": ["{n} Punkt", "{n} Punkte"], "{who} has {gone}": "{who} hat {gone}",
  },
};

test("a text, its parameters texts in turn, in English and in German", () => {
  const msg = { $t: "{seat} picks {card}", seat: { $t: "Red" }, card: "the 2 hunter" };
  useCatalog(ENGLISH);
  assert.equal(render(msg), "Red picks the 2 hunter");
  useCatalog(GERMAN);
  assert.equal(render(msg), "Rot wählt the 2 hunter");
});

test("plural forms by the count, the English ones where the catalog has none", () => {
  const one = { $t: "{n} point", $pl: "{n} points", $n: 1, n: 1 };
  const two = { $t: "{n} point", $pl: "{n} points", $n: 2, n: 2 };
  const other = { $t: "{n} egg", $pl: "{n} eggs", $n: 2, n: 2 };
  useCatalog(GERMAN);
  assert.deepEqual([render(one), render(two), render(other)], ["1 Punkt", "2 Punkte", "2 eggs"]);
  useCatalog(ENGLISH);
  assert.deepEqual([render(one), render(two)], ["1 point", "2 points"]);
});

test("lists in each language's way, joined texts with their separator", () => {
  const items = [{ $t: "Red" }, { $t: "Blue" }, "Green"];
  useCatalog(ENGLISH);
  assert.equal(render({ $l: items }), "Red, Blue and Green");
  assert.equal(render({ $l: [items[0]] }), "Red");
  assert.equal(render({ $j: " · ", $i: items }), "Red · Blue · Green");
  useCatalog(GERMAN);
  assert.equal(render({ $l: items }), "Rot, Blau und Green");
});

test("Python's format: braces doubled, !r, :g, and a translation naming a parameter the text has not", () => {
  useCatalog(ENGLISH);
  assert.equal(render({ $t: "{{{name}}} is {name!r}", name: "Z" }), "{Z} is 'Z'");
  assert.equal(render({ $t: "{points:g} points", points: 2.5 }), "2.5 points");
  assert.equal(render({ $t: "{points:g} points", points: 3 }), "3 points");
  useCatalog({ ...GERMAN, messages: { "{who} has {gone}": "{wer} hat {gone}" } });
  assert.equal(render({ $t: "{who} has {gone}", who: "Ann", gone: "left" }), "Ann has left");
});

test("a message with texts in it: every one put into words, the rest as it is", () => {
  useCatalog(GERMAN);
  const msg = { type: "state", version: 3, view: { header: { phase: { $t: "Red" }, acting: [0] }, n: null },
                legal_text: [{ $t: "Blue" }], events: [{ kind: "x", text: { $t: "Red" }, data: { seat: 0 } }] };
  assert.deepEqual(words(msg), { type: "state", version: 3, view: { header: { phase: "Rot", acting: [0] }, n: null },
                                 legal_text: ["Blau"], events: [{ kind: "x", text: "Rot", data: { seat: 0 } }] });
});
