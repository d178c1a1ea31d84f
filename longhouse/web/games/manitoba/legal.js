// The seat's legal actions (as the server sends them, indexed by the board kit) sorted by the object on the
// board they belong to, so that each area, disk, path, sector, place and good knows whether clicking it
// does something.

/** @typedef {import("../../kit/legal.js").Legal} Legal */
/** @typedef {import("../../kit/legal.js").LegalEntry} LegalEntry */

// What each kind of action is found by: [the index's name, the action's type, the field it is keyed by].
const KEYED = [
  ["take", "take", "colour"], ["wakeup", "wakeup", "disks"], ["place", "place", "area"], ["vision", "vision", "path"],
  ["wake", "wake", "cree"], ["store", "store", "sector"], ["ceremony", "ceremony", "place"], ["good", "good", "good"],
  ["repeat", "repeat", "path"], ["recall", "recall", "area"], ["drop", "drop", "sector"], ["score", "score", "good"],
  ["refill", "refill", "area"], ["wampumTrade", "wampum_trade", "sector"],
];

/**
 * @param {Legal} legal
 * @returns {{ count: number, end: LegalEntry | null, pass: LegalEntry | null, wampumWake: LegalEntry | null,
 *   move: { [from: string]: { [to: string]: LegalEntry } }, moveFrom: { [from: string]: boolean },
 *   [name: string]: any }}
 */
export function indexLegal(legal) {
  const ix = { count: legal.count, end: legal.one("end"), pass: legal.one("pass"), wampumWake: legal.one("wampum_wake"),
    move: {}, moveFrom: {} };
  for (const [name, type, field] of KEYED) ix[name] = legal.by(type, field);
  for (const x of legal.entries("move")) {
    (ix.move[x.a.from] ||= {})[x.a.to] = x;
    ix.moveFrom[x.a.from] = true;
  }
  return ix;
}

// Whether clicking a sector of my storage does something, and what.
export function sectorAction(ix, sector) {
  return ix.store[sector] || ix.drop[sector] || ix.score[sector] || null;
}
