// @ts-check
// The bot levels' names (the server's bots.levels(), sent as "bot_levels") in the page's language; the
// server's twin is server/bot_words.py (tests/i18n/test_time_controls.py keeps the two equal).
import { N_, t } from "./i18n.js";

/** @type {Record<string, string>} */
export const LEVEL_NAMES = {
  random: N_("random"),
  greedy: N_("greedy"),
  beginner: N_("beginner"),
  casual: N_("casual"),
  strong: N_("strong"),
  expert: N_("expert"),
};

/**
 * A bot level's name for a reader (a level the page does not know: its own name).
 * @param {string} level
 * @returns {string}
 */
export function levelName(level) {
  const known = LEVEL_NAMES[level];
  return known ? t(known) : level;
}
