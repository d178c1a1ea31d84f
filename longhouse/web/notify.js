// Telling a player it is their turn while the tab is in the background: the page title, an optional short
// sound, and (if the player allowed it) a browser notification. The choices are kept per player on the
// server (GET/POST /api/settings) and changed in the settings menu of the top bar.
import { api } from "./net.js";
import { t } from "./i18n.js";
import { h, toast } from "./ui.js";

const DEFAULTS = { title: true, sound: false, browser: false };
let settings = { ...DEFAULTS };
let loaded = null;
let baseTitle = document.title;
let flagged = false;

export function loadSettings() {
  if (!loaded) {
    loaded = api("/api/settings").then((r) => { settings = { ...DEFAULTS, ...r.settings }; return settings; })
      .catch(() => settings);
  }
  return loaded;
}

async function save(change) {
  settings = { ...settings, ...change };
  try {
    settings = { ...DEFAULTS, ...(await api("/api/settings", change)).settings };
  } catch (e) {
    toast(e.message, "error");
  }
}

function restoreTitle() {
  if (flagged) { document.title = baseTitle; flagged = false; }
}
document.addEventListener("visibilitychange", () => { if (!document.hidden) restoreTitle(); });
window.addEventListener("focus", restoreTitle);

function beep() {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.35);
    osc.onended = () => ctx.close();
  } catch { /* no audio on this device */ }
}

// Something waits for this player (``what``: "Your turn", "The scores are in"): tell them if the page is
// in the background. Returns what was done, for the page and its tests.
export function attention(what, detail = "") {
  if (!document.hidden) return [];
  const done = [];
  if (settings.title) {
    if (!flagged) baseTitle = document.title;
    document.title = `● ${what} — ${baseTitle}`;
    flagged = true;
    done.push("title");
  }
  if (settings.sound) { beep(); done.push("sound"); }
  if (settings.browser && "Notification" in window && Notification.permission === "granted") {
    try {
      const n = new Notification(`Longhouse: ${what}`, { body: detail, tag: "longhouse-turn", icon: "/static/icon.svg" });
      n.onclick = () => { window.focus(); n.close(); };
      done.push("browser");
    } catch { /* some browsers allow notifications only from a service worker */ }
  }
  document.body.dataset.attention = done.join(" ");
  return done;
}

// The settings menu: a button in the top bar that opens three switches, and below them whatever else the top
// bar has no room for on a phone (``extra``: the account's own actions, such as signing out everywhere).
/** @param {...HTMLElement} extra */
export function settingsMenu(...extra) {
  const box = (key, label) => {
    const input = h("input", { type: "checkbox", id: `notify-${key}`, checked: settings[key] });
    input.addEventListener("change", async () => {
      if (key === "browser" && input.checked && "Notification" in window && Notification.permission !== "granted") {
        const answer = await Notification.requestPermission();
        if (answer !== "granted") {
          input.checked = false;
          toast(t("The browser did not allow notifications for this site."), "error");
          return;
        }
      }
      save({ [key]: input.checked });
    });
    return h("label", {}, input, " ", label);
  };
  const panel = h("div", { class: "settings-panel panel", id: "settings-panel", hidden: true, role: "dialog",
    "aria-label": t("notification settings") },
  h("h2", {}, t("When it is your turn and this tab is in the background")),
  box("title", t("say so in the page title")), box("sound", t("play a short sound")),
  box("browser", t("show a browser notification")), ...extra);
  const button = h("button", { class: "link settings-button", id: "settings-button", "aria-expanded": "false",
    "aria-controls": "settings-panel", "aria-label": t("Settings"), title: t("Notification settings") },
  h("span", { "aria-hidden": "true" }, "⚙"), h("span", { class: "settings-word", "aria-hidden": "true" }, t(" Settings")));
  button.addEventListener("click", async () => {
    await loadSettings();
    for (const key of Object.keys(DEFAULTS)) /** @type {HTMLInputElement} */ (panel.querySelector(`#notify-${key}`)).checked = settings[key];
    panel.hidden = !panel.hidden;
    button.setAttribute("aria-expanded", String(!panel.hidden));
  });
  return h("span", { class: "settings" }, button, panel);
}
