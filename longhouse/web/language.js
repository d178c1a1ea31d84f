// The top bar's language switch: the hall's languages, each by its code (its own name on hover and to
// screen readers). Choosing one keeps it in the `lang` cookie (for this browser, signed in or not) and in
// the account's settings, then loads the page again in it.
import { keepLanguage, t } from "./i18n.js";
import { api } from "./net.js";
import { h } from "./ui.js";

/**
 * @param {Array<{ code: string, name: string }>} languages
 * @param {string} current
 * @param {{ guest?: boolean } | null} me
 * @returns {HTMLSelectElement | null}
 */
export function languageSwitch(languages, current, me) {
  if (languages.length < 2) return null;
  const select = h("select", { id: "language", class: "language", "aria-label": t("Language"), title: t("Language") },
    ...languages.map((l) => h("option", { value: l.code, lang: l.code, "aria-label": l.name, title: l.name,
      selected: l.code === current }, l.code.toUpperCase())));
  select.addEventListener("change", async () => {
    const code = select.value;
    keepLanguage(code);
    if (me) {
      try { await api("/api/settings", { lang: code }); } catch { /* the cookie still holds it */ }
    }
    location.reload();
  });
  return select;
}
