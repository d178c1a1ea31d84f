// The page router: sign-in, lobby, table, archive and replay all live in this one page.
import { lang, t } from "./i18n.js";
import { languageSwitch } from "./language.js";
import { api } from "./net.js";
import { vacationSection } from "./fairplay.js";
import { settingsMenu } from "./notify.js";
import { pushSettings, registerWorker } from "./push.js";
import { h, toast } from "./ui.js";

const app = document.getElementById("app");
export let me = null;
/** @type {Array<{ code: string, name: string }>} */
let languages = [];

// The page's own texts (index.html is served in the reader's language only by its <html lang>).
function translatePage() {
  const names = { lobby: t("Lobby"), archive: t("Archive"), leaderboard: t("Ratings"), tournaments: t("Tournaments") };
  for (const a of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-nav]"))) {
    a.textContent = names[a.dataset.nav] ?? a.textContent;
  }
  const loading = document.querySelector("#app .loading");
  if (loading) loading.textContent = t("Loading…");
}

async function main() {
  translatePage();
  try {
    const answer = await api("/api/me");
    me = answer.user;
    languages = answer.languages || [];
  } catch {
    me = null;
  }
  showWho();
  route();
  registerWorker();
}

function showWho() {
  const who = document.getElementById("who");
  who.replaceChildren();
  const switcher = languageSwitch(languages, lang, me);
  if (!me) {
    if (switcher) who.append(switcher);
    return;
  }
  // (Element.append writes null as the text "null": the Admin link is left out for everyone else)
  who.append(...[h("a", { class: "me", href: `/player/${encodeURIComponent(me.name)}` }, me.name, me.guest ? t(" (guest)") : ""),
    me.admin || me.moderator ? h("a", { class: "link", href: "/admin", id: "admin-link" }, me.admin ? t("Admin") : t("Reports")) : null,
    switcher,
    // signing out everywhere is rare: in the settings panel, so that the top bar keeps room for the name on a phone
    settingsMenu(pushSettings(), ...(me.guest ? [] : [vacationSection()]), me.guest ? null : h("h2", {}, t("Your account")), me.guest ? null : h("a", { class: "link",
      href: "/account", id: "account-link" }, t("E-mail, notices by mail, password")), h("h2", {}, t("Your sessions")),
      // on a phone, signing out is here too: the top bar's own button makes way for the whole name (screens.css)
      h("button", { class: "link phone-only", id: "signout-here", onclick: signOut }, t("Sign out")),
      h("button", { class: "link", id: "signout-everywhere", title: t("End every session of yours, on every device"),
        onclick: async () => { await api("/api/signout-everywhere", {}); location.href = "/"; } },
      t("Sign out everywhere"))),
    h("button", { class: "link wide-only", id: "signout", onclick: signOut }, t("Sign out"))].filter(Boolean));
}

async function signOut() {
  await api("/api/signout", {});
  location.href = "/";
}

let cleanup = null;

// The pages anyone may see, signed in or not: the path's start, the module and function that show the page,
// and what that function is given from the path's second part.
/** @type {Array<[string, string, string, (part: string) => any]>} */
const OPEN_PAGES = [
  ["/player/", "./player.js", "showPlayer", (part) => decodeURIComponent(part)],
  ["/leaderboard", "./player.js", "showLeaderboard", (part) => part || "manitou"],
  ["/replay/", "./replay.js", "showReplay", (part) => Number(part)],
  ["/rules", "./rules.js", "showRules", (part) => decodeURIComponent(part || "")],
  ["/games", "./game_page.js", "showGamePage", (part) => decodeURIComponent(part || "")],
  ["/learn", "./learn.js", "showLearn", (part) => decodeURIComponent(part || "")],
  ["/archive", "./archive.js", "showArchive", () => undefined],
  ["/tournaments", "./tournaments.js", "showTournaments", () => undefined],
  ["/tournament/", "./tournaments.js", "showTournament", (part) => Number(part)],
  ["/seasons", "./seasons.js", "showSeasons", (part) => part || "manitou"],
  ["/reset", "./reset.js", "showReset", () => undefined],
  ["/mail/confirm", "./mailpages.js", "showConfirm", () => undefined],
  ["/unsubscribe", "./mailpages.js", "showUnsubscribe", () => undefined],
  ["/forgot", "./mailpages.js", "showForgot", () => undefined],
];

// The top bar's section each page belongs to (marked there); a player's page or a game's rules belong to none.
const SECTIONS = [["/archive", "archive"], ["/replay/", "archive"], ["/leaderboard", "leaderboard"], ["/player/", null],
  ["/tournament", "tournaments"], ["/seasons", "tournaments"],
  ["/rules", null], ["/games", null], ["/learn", null], ["/admin", null], ["/reset", null], ["/account", null],
  ["/mail/", null], ["/unsubscribe", null], ["/forgot", null]];

async function route() {
  const path = location.pathname;
  if (cleanup) { cleanup(); cleanup = null; }
  const panel = document.getElementById("settings-panel");  // a link in the settings menu was followed
  if (panel && !panel.hidden) { panel.hidden = true; document.getElementById("settings-button")?.setAttribute("aria-expanded", "false"); }
  const section = (SECTIONS.find(([start]) => path.startsWith(start)) || [null, "lobby"])[1];
  for (const a of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-nav]"))) {
    a.classList.toggle("active", a.dataset.nav === section);
    if (a.dataset.nav === section) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
  }
  const open = OPEN_PAGES.find(([start]) => path.startsWith(start));
  if (open) {
    const [, module, show, arg] = open;
    cleanup = await (await import(module))[show](app, arg(path.split("/")[2]), me);
    return;
  }
  if (!me) return showSignIn();
  if (path === "/admin") {
    const { showAdmin } = await import("./admin.js");
    cleanup = await showAdmin(app, me);
    return;
  }
  if (path === "/account") {
    const { showAccount } = await import("./account.js");
    cleanup = await showAccount(app);
    return;
  }
  if (path.startsWith("/table/")) {
    const { showTable } = await import("./table.js");
    cleanup = await showTable(app, Number(path.split("/")[2]), me);
    return;
  }
  const { showLobby } = await import("./lobby.js");
  cleanup = showLobby(app, me);
}

const NAME_MAX = 20;

function showSignIn() {
  const name = h("input", { name: "name", autocomplete: "username", required: true, minlength: "2",
    placeholder: t("Name"), "aria-describedby": "signin-error" });
  const password = h("input", { name: "password", type: "password", autocomplete: "current-password",
    required: true, minlength: "6", placeholder: t("Password"), "aria-describedby": "signin-error" });
  const error = h("p", { class: "form-error", id: "signin-error", role: "alert" });
  const offer = h("p", { class: "offer", hidden: true });
  // A name too long is refused with a message (never cut short); the browser's own check says so.
  name.addEventListener("input", () => name.setCustomValidity(name.value.length > NAME_MAX
    ? t("A name has at most {max} characters (this one has {n}).", { max: NAME_MAX, n: name.value.length }) : ""));
  async function go(path) {
    error.textContent = "";
    offer.hidden = true;
    try {
      me = await api(path, path === "/api/guest" ? {} : { name: name.value, password: password.value });
      showWho();
      route();
    } catch (e) {
      error.textContent = e.message;
      if (e.code === "unknown_name") {
        offer.replaceChildren(t("New here? Sign up as {name} with this password: ", { name: name.value }),
          h("button", { type: "button", id: "offer-signup", class: "primary", onclick: () => go("/api/signup") },
            t("Sign up as {name}", { name: name.value })));
        offer.hidden = false;
      }
    }
  }
  const form = h("form", { class: "signin panel", onsubmit: (e) => { e.preventDefault(); go("/api/signin"); } },
    h("h1", {}, t("Welcome to the Longhouse")),
    h("p", { class: "lead" }, t("Manitou, Manitoba and Five Tribes — play with friends and bots.")),
    h("label", {}, t("Name"), name), h("label", {}, t("Password"), password), error, offer,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: "signin" }, t("Sign in")),
      h("button", { type: "button", id: "signup", onclick: () => { if (form.reportValidity()) go("/api/signup"); } },
        t("Sign up")),
      h("button", { type: "button", class: "link", id: "guest", onclick: () => go("/api/guest") }, t("Play as guest"))),
    h("a", { class: "link signin-forgot", href: "/forgot", id: "forgot-link" }, t("Forgot your password?")));
  // the browser's own check of the form (an empty field, a name too long) clears an older server error
  form.addEventListener("invalid", () => { error.textContent = ""; offer.hidden = true; }, true);
  app.replaceChildren(h("div", { class: "center" }, form));
  name.focus();
}

window.addEventListener("popstate", route);
// Links inside the hall change the page without reloading it.
document.addEventListener("click", (e) => {
  const a = /** @type {HTMLAnchorElement | null} */ (/** @type {Element} */ (e.target).closest("a[href^='/']"));
  if (!a || a.hasAttribute("download") || a.target || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (a.getAttribute("href").startsWith("/api/")) return;
  e.preventDefault();
  if (a.getAttribute("href") !== location.pathname) history.pushState(null, "", a.getAttribute("href"));
  route();
});
window.addEventListener("unhandledrejection", (e) => toast(String(e.reason?.message || e.reason), "error"));
main();
