// @ts-check
// The whole state after a "state" message (docs/hall.md, server/protocol.py): a whole one as it is; a delta
// (it has "base") merged into the state held: the view's changed keys put in, its gone keys taken out, the
// legal actions and undo steps kept when it leaves them out. null when the delta is against another version
// or seat than the one held (the client then asks for its whole state). The one place deltas are applied:
// boards, hints and the move log receive whole states. Its Python twin is server/state_merge.py; both are
// tested on the same cases (tests/state_merge_cases.json).

/** @typedef {import("./kit/types.js").StateMessage} StateMessage */
/** @typedef {import("./kit/types.js").StateDelta} StateDelta */

/** The fields a delta may leave out: the held state's values stand. */
export const KEPT = /** @type {const} */ (["legal", "legal_text", "undo_steps"]);

/**
 * @param {StateMessage | null} held the whole state held before (null: none)
 * @param {StateMessage | StateDelta} msg the message received
 * @returns {StateMessage | null}
 */
export function mergeState(held, msg) {
  if (!("base" in msg) || msg.base === undefined) return /** @type {StateMessage} */ (msg);
  if (!held || held.version !== msg.base || held.seat !== msg.seat) return null;
  const view = { ...held.view, ...msg.changes };
  for (const key of msg.gone || []) delete view[key];
  /** @type {{ [key: string]: any }} */
  const out = { ...msg, view };
  delete out.base;
  delete out.changes;
  delete out.gone;
  for (const key of KEPT) if (!(key in out)) out[key] = held[key];
  return /** @type {StateMessage} */ (out);
}
