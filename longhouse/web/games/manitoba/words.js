// Manitoba's names in the page's language: the game's description sends them by key (`words`: colours,
// landscapes, goods, paths, seasons, in the reader's language), so the board never keeps a copy of them.
// A key the description lacks is shown as it is.

export function wordsOf(desc) {
  const w = (desc && desc.words) || {};
  const pick = (table) => (key) => (w[table] && w[table][key]) || key;
  return {
    colour: pick("colours"), land: pick("landscapes"), good: pick("goods"), goodA: pick("goods_a"),
    path: pick("paths"), pathPlace: pick("path_places"), season: pick("seasons"),
  };
}
