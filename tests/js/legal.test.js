// The board kit's legal-action index (web/kit/legal.js) and Manitoba's index of actions by the object they
// belong to (web/games/manitoba/legal.js), on legal lists shaped as the server sends them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { sectorAction, indexLegal as manitobaIndex } from "../../longhouse/web/games/manitoba/legal.js";
import { indexLegal, tagOf } from "../../longhouse/web/kit/legal.js";

// Manitou's actions are tagged by `type`.
const MANITOU = [
  { type: "play", card: 3, ground: 0 }, { type: "play", card: 3, ground: 2 }, { type: "play", card: "C", ground: 1 },
  { type: "ok" },
];
const MANITOU_TEXT = ["play the hunter 3 on ground 1", "play the hunter 3 on ground 3", "play the chief on ground 2", "OK"];

// Manitoba's too (rules_version 2; the first version said `kind`).
const MANITOBA = [
  { type: "take", colour: "green" }, { type: "take", colour: "blue" },
  { type: "move", from: 4, to: 5 }, { type: "move", from: 4, to: 7 }, { type: "move", from: 9, to: 5 },
  { type: "store", sector: "berry" }, { type: "wampum_trade", sector: "horse" }, { type: "wampum_wake" },
  { type: "pass" },
];

test("an action's tag is its type (a game that tags otherwise: kind or action); anything else has none", () => {
  assert.equal(tagOf({ type: "play", card: 3 }), "play");
  assert.equal(tagOf({ kind: "take", colour: "green" }), "take");
  assert.equal(tagOf({ card: 3 }), null);
  assert.equal(tagOf(null), null);
});

test("the index finds a tag's actions in the server's order, with their places and words", () => {
  const ix = indexLegal(MANITOU, MANITOU_TEXT);
  assert.equal(ix.count, 4);
  assert.deepEqual(ix.of("play").map((a) => a.ground), [0, 2, 1]);
  assert.deepEqual(ix.entries("play").map((e) => [e.i, e.text]), [[0, MANITOU_TEXT[0]], [1, MANITOU_TEXT[1]], [2, MANITOU_TEXT[2]]]);
  assert.deepEqual(ix.one("ok"), { a: { type: "ok" }, i: 3, text: "OK" });
  assert.deepEqual(ix.of("pick"), []);
  assert.equal(ix.one("done"), null);
  assert.deepEqual(ix.all.map((e) => e.i), [0, 1, 2, 3]);
});

test("an action without words is named by its tag", () => {
  const ix = indexLegal([{ type: "end" }, { type: "pass" }], []);
  assert.deepEqual(ix.all.map((e) => e.text), ["end", "pass"]);
});

test("by(tag, field) keys a tag's actions by one of their fields", () => {
  const ix = indexLegal(MANITOBA, []);
  assert.deepEqual(Object.keys(ix.by("take", "colour")), ["green", "blue"]);
  assert.equal(ix.by("take", "colour").blue.i, 1);
});

test("Manitoba's index: each disk, sector and area knows what clicking it does", () => {
  const ix = manitobaIndex(indexLegal(MANITOBA, MANITOBA.map((a) => `${a.type}!`)));
  assert.equal(ix.count, MANITOBA.length);
  assert.deepEqual(Object.keys(ix.take), ["green", "blue"]);
  assert.deepEqual(Object.keys(ix.move[4]), ["5", "7"]);
  assert.deepEqual(ix.move[9][5].a, { type: "move", from: 9, to: 5 });
  assert.deepEqual(ix.moveFrom, { 4: true, 9: true });
  assert.equal(ix.pass.text, "pass!");
  assert.equal(ix.end, null);
  assert.equal(ix.wampumWake.i, 7);
  assert.deepEqual(Object.keys(ix.wampumTrade), ["horse"]);
  assert.equal(sectorAction(ix, "berry").a.type, "store");
  assert.equal(sectorAction(ix, "horse"), null);
});
