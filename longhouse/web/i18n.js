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

let plurals = typeof Intl === "undefined" ? null : new Intl.PluralRules(lang);

/**
 * Put these texts in place of the page's catalog (a catalog as /i18n/<lang>.json serves it): what a page
 * that loads its catalog itself, or a test, does.
 * @param {{ lang: string, plural: Record<string, number>, messages: Record<string, string | string[]> }} data
 */
export function useCatalog(data) {
  catalog = data;
  plurals = typeof Intl === "undefined" ? null : new Intl.PluralRules(data.lang);
}

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

// --- texts the hall sends as data ------------------------------------------------------------------------
// A table's `state` messages carry each text as its catalog id and parameters (longhouse/i18n/wire.py):
// `{"$t": id, name: value, …}` (its parameters beside the id; no parameter's name begins with `$`), with `"$pl"`
// and `"$n"` when it has plural forms; `{"$l": [items]}`, a
// list of the page's language; `{"$j": separator, "$i": [items]}`. `words(msg)` puts every one into words
// here, as the hall's Python does (`Msg.render`): so one message serves every language.

const FIELD = /\{\{|\}\}|\{(\w+)(![rs])?(?::([^{}]*))?\}/g;

/** A parameter as Python's `format` writes it (`!r`: its repr; `:g`: a number's general form).
 * @param {any} value
 * @param {string | undefined} conversion
 * @param {string | undefined} spec */
function written(value, conversion, spec) {
  if (conversion === "!r" && typeof value === "string") return value.includes("'") && !value.includes('"') ? `"${value}"` : `'${value}'`;
  if (spec === "g" && typeof value === "number") return String(Number(value.toPrecision(6)));
  if (value === true) return "True";
  if (value === false) return "False";
  if (value === null || value === undefined) return "None";
  return String(value);
}

/** `text` with its `{name}` fields filled from `args`; null if it names one `args` lacks.
 * @param {string} text
 * @param {Record<string, any>} args */
function format(text, args) {
  let missing = false;
  const out = text.replace(FIELD, (whole, key, conversion, spec) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (!(key in args)) { missing = true; return whole; }
    return written(args[key], conversion, spec);
  });
  return missing ? null : out;
}

/** "a, b and c": the hall's English (no comma before "and"), else the catalog's language's.
 * @param {string[]} items */
function joinList(items) {
  if (catalog.lang === "en" || typeof Intl === "undefined") {
    return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
  }
  return new Intl.ListFormat(catalog.lang, { style: "long", type: "conjunction" }).format(items);
}

/**
 * One text sent as data, in the page's language (anything else as it is).
 * @param {any} value
 * @returns {any}
 */
export function render(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  if ("$l" in value) return joinList(value.$l.map((/** @type {any} */ item) => String(render(item))));
  if ("$j" in value) return value.$i.map((/** @type {any} */ item) => String(render(item))).join(value.$j);
  /** @type {Record<string, any>} */
  const args = {};
  for (const [key, item] of Object.entries(value)) if (key[0] !== "$") args[key] = render(item);
  const id = value.$t;
  const found = catalog.messages[id];
  let text;
  let english;
  if (value.$pl === undefined) {
    english = id;
    text = typeof found === "string" ? found : id;
  } else {
    const n = value.$n;
    english = n === 1 ? id : value.$pl;
    text = english;
    if (Array.isArray(found) && plurals) {
      const index = catalog.plural[plurals.select(n)] ?? found.length - 1;
      text = found[Math.min(index, found.length - 1)];
    }
  }
  // a translation naming a parameter the text has not: the English text, as the hall does
  return format(text, args) ?? format(english, args) ?? english;
}

/**
 * A message from the hall with every text in it put into words (a text is an object with `$t`, `$l` or
 * `$j`); the rest as it is.
 * @param {any} value
 * @returns {any}
 */
export function words(value) {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(words);
  if ("$t" in value || "$l" in value || "$j" in value) return render(value);
  /** @type {Record<string, any>} */
  const out = {};
  for (const [key, item] of Object.entries(value)) out[key] = words(item);
  return out;
}
