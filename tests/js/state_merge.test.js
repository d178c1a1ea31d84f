// web/state.js's mergeState on the cases its Python twin (server/state_merge.py) is tested on too
// (tests/fixtures/state_merge.json, read by tests/server/test_state_merge_cases.py): both merge a `state`
// message the same way, or both ask for the whole state (here: null).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { mergeState } from "../../longhouse/web/state.js";

const { cases } = JSON.parse(readFileSync(new URL("../fixtures/state_merge.json", import.meta.url), "utf8"));

for (const c of cases) {
  test(c.name, () => {
    const held = structuredClone(c.held);
    const merged = mergeState(held, c.msg);
    if (c.expect === "resync") assert.equal(merged, null);
    else assert.deepEqual(merged, c.expect);
    assert.deepEqual(held, c.held);  // the state held is not changed in place
  });
}

test("a merged state is a new object: the message and the held state stay as they were", () => {
  const c = cases.find((x) => "base" in x.msg && x.expect !== "resync");
  const msg = structuredClone(c.msg);
  const merged = mergeState(structuredClone(c.held), msg);
  assert.notEqual(merged, msg);
  assert.deepEqual(msg, c.msg);
  assert.ok(!("base" in merged) && !("changes" in merged) && !("gone" in merged));
});
