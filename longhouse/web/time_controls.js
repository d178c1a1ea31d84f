// @ts-check
// The names of the hall's time controls (server/clocks.py, TIME_CONTROLS) in the page's language. The
// server sends each control's English title with its key; the page shows the catalog's words for the key
// (tests/i18n/test_time_controls.py keeps the two lists equal), and the server's title for a key it adds.
import { N_, t } from "./i18n.js";

/** @type {Record<string, string>} */
export const TIME_TITLES = {
  "real-time": N_("Real time: 5 min + 20 s per turn"),
  relaxed: N_("Relaxed: 20 min + 60 s per turn"),
  "turn-based": N_("Turn-based: 24 h per turn"),
  untimed: N_("Untimed (no clock)"),
};

/**
 * A time control's name for a reader.
 * @param {{ key: string, title: string }} control
 * @returns {string}
 */
export function timeTitle(control) {
  const known = TIME_TITLES[control.key];
  return known ? t(known) : control.title;
}
