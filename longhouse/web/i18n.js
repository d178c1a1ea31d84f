// The browser's texts in the page's language: `t("Sign in")`, `t("{name} joined", { name })`, and plural
// forms `tn("{n} point", "{n} points", n)`. The texts are the message ids of the hall's catalogs
// (longhouse/locale/<lang>/LC_MESSAGES/longhouse.po, the one source); the hall serves the entries found in
// web/ as /i18n/<lang>.json, loaded here once before any module draws (this module awaits it). A text the
// catalog lacks is shown in English, entry by entry. The page's language is <html lang>, which the hall sets
// (the account's setting, else the `lang` cookie, else Accept-Language, else English); numbers and dates are
// written by Intl in it.

/** @type {{ lang: string, plural: Record<string, number>, messages: Record<string, string | string[]> }} */
let catalog = { lang: "en", plural: { one: 0, other: 1 }, messages: {} };

/** The page's language ("en", "de"). */
export const lang = typeof document === "undefined" ? "en" : (document.documentElement.lang || "en");

const YEAR = 365 * 24 * 3600;

/** The language into the `lang` cookie, which every request and socket of this browser carries.
 * @param {string} code */
export function keepLanguage(code) {
  document.cookie = `lang=${encodeURIComponent(code)}; path=/; max-age=${YEAR}; samesite=lax`;
}

if (typeof document !== "undefined") {
  // the hall may have chosen the page's language by the account's setting: the sockets and API calls follow
  const had = /(?:^|; )lang=([^;]*)/.exec(document.cookie);
  if (had ? decodeURIComponent(had[1]) !== lang : lang !== "en") keepLanguage(lang);
}

if (typeof document !== "undefined" && lang !== "en") {
  try {
    const r = await fetch(`/i18n/${encodeURIComponent(lang)}.json`);
    if (r.ok) catalog = await r.json();
  } catch { /* offline: English */ }
}

const plurals = typeof Intl === "undefined" ? null : new Intl.PluralRules(lang);

/**
 * @param {string} text
 * @param {Record<string, any>} [params]
 */
function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/**
 * A text in the page's language, its `{name}` parameters put in.
 * @param {string} msgid
 * @param {Record<string, any>} [params]
 * @returns {string}
 */
export function t(msgid, params) {
  const found = catalog.messages[msgid];
  return fill(typeof found === "string" ? found : msgid, params);
}

/**
 * A text with plural forms chosen by `n` (which is also the parameter `{n}`).
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @param {Record<string, any>} [params]
 * @returns {string}
 */
export function tn(singular, plural, n, params) {
  const found = catalog.messages[singular];
  const all = { n: number(n), ...params };
  if (Array.isArray(found) && plurals) {
    const index = catalog.plural[plurals.select(n)] ?? found.length - 1;
    return fill(found[Math.min(index, found.length - 1)], all);
  }
  return fill(n === 1 ? singular : plural, all);
}

/**
 * Marks a text for the catalogs without translating it now (a table's entries, translated where shown
 * with `t(entry)`).
 * @param {string} msgid
 */
export function N_(msgid) {
  return msgid;
}

/**
 * A number in the page's language.
 * @param {number} n
 * @param {Intl.NumberFormatOptions} [options]
 */
export function number(n, options) {
  return typeof Intl === "undefined" ? String(n) : new Intl.NumberFormat(lang, options).format(n);
}

/**
 * A date (and time) in the page's language.
 * @param {Date | number} when
 * @param {Intl.DateTimeFormatOptions} [options]
 */
export function date(when, options = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(lang, options).format(when);
}

/**
 * A time of day (hours and minutes) in the page's language.
 * @param {Date | number} when
 */
export function time(when) {
  return new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" }).format(when);
}

/**
 * "a, b and c" in the page's language.
 * @param {string[]} items
 */
export function list(items) {
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items);
}
