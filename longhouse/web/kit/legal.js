// @ts-check
// The legal actions of a state message indexed by their tag, with their words: each board asks "which
// actions of this kind", "the action for this area", "the one End". Pure (no DOM): unit-tested under node
// (tests/js/legal.test.js).

/** @typedef {import("./types.js").Action} Action */

/**
 * An action's tag: what kind of move it is (`type`, the engine's tag; an action of a game that tags its
 * actions otherwise may say `kind` or `action`, which the generic board groups by too).
 * @param {Action} action
 * @returns {string | null}
 */
export function tagOf(action) {
  const tag = action && typeof action === "object" ? action.type ?? action.kind ?? action.action : null;
  return typeof tag === "string" ? tag : null;
}

/**
 * A legal action with its place in the list and its words.
 * @typedef {{ a: Action, i: number, text: string }} LegalEntry
 */

/**
 * The legal actions sorted by their tag.
 * @typedef {object} Legal
 * @property {number} count how many there are
 * @property {LegalEntry[]} all every one, in the server's order
 * @property {(tag: string) => Action[]} of the actions of a tag
 * @property {(tag: string) => LegalEntry[]} entries the same with their places and words
 * @property {(tag: string) => LegalEntry | null} one the (last) action of a tag, or null
 * @property {(tag: string, field: string) => { [value: string]: LegalEntry }} by the actions of a tag by the
 *   value of one of their fields (the area, the card...)
 */

/**
 * @param {Action[]} actions the state message's `legal`
 * @param {string[]} [texts] its `legal_text`
 * @returns {Legal}
 */
export function indexLegal(actions, texts = []) {
  /** @type {Map<string | null, LegalEntry[]>} */
  const tags = new Map();
  const all = actions.map((a, i) => ({ a, i, text: texts[i] || tagOf(a) || JSON.stringify(a) }));
  for (const e of all) {
    const tag = tagOf(e.a);
    if (!tags.has(tag)) tags.set(tag, []);
    tags.get(tag).push(e);
  }
  const entries = (/** @type {string} */ tag) => tags.get(tag) || [];
  return {
    count: actions.length,
    all,
    of: (tag) => entries(tag).map((e) => e.a),
    entries,
    one: (tag) => entries(tag).at(-1) || null,
    by(tag, field) {
      /** @type {{ [value: string]: LegalEntry }} */
      const out = {};
      for (const e of entries(tag)) out[e.a[field]] = e;
      return out;
    },
  };
}
