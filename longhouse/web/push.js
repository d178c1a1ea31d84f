// The installed app and Web Push on the page: the service worker (/sw.js) is registered on every visit, and
// the settings panel gets a switch that subscribes this device to push notices (server/push.py), with the
// events it wants and a test notice. The subscription belongs to the browser; the hall keeps it per account.
import { api } from "./net.js";
import { N_, t } from "./i18n.js";
import { h, toast } from "./ui.js";

// The texts of this module (marked N_, shown in the page's language by t).
const TEXT = {
  heading: N_("On this device, also when the hall is closed"),
  toggle: N_("push notices"),
  test: N_("Send a test notice"),
  tested: N_("A test notice is on its way."),
  unsupported: N_("This browser cannot receive push notices here. On an iPhone or iPad: add Longhouse to the home screen and open it from there."),
  denied: N_("The browser did not allow notifications for this site."),
  off: N_("Push notices are off on this device."),
  none: N_("Choose one or more events."),
  noAnswer: N_("its push service did not answer; try again later."),
};
// How long subscribing may take (ms) before the page gives up.
const SUBSCRIBE_WAIT = 30000;

/** Register the service worker (installable app, push); the page works the same without it. */
export function registerWorker() {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
}

/** @param {string} key base64url @returns {Uint8Array<ArrayBuffer>} */
function bytes(key) {
  const b64 = key.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (key.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** @param {ArrayBuffer | null} a @param {Uint8Array} b */
function sameKey(a, b) {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** This browser's subscription for the hall's key (a new one if needed); throws with the browser's reason. */
async function subscription(key) {
  const reg = await navigator.serviceWorker.ready;
  const wanted = bytes(key);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, wanted)) { await sub.unsubscribe(); sub = null; }
  if (sub) return sub;
  // a browser whose push service cannot be reached may never answer (Chromium waits for Google's): give up
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const late = new Promise((_, fail) => { timer = setTimeout(() => fail(new Error(t(TEXT.noAnswer))), SUBSCRIBE_WAIT); });
  try {
    return await Promise.race([reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted }), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function current() {
  if (!pushSupported() || Notification.permission !== "granted") return null;
  const reg = await navigator.serviceWorker.getRegistration("/");
  return reg ? reg.pushManager.getSubscription() : null;
}

/** The settings panel's part for this device: the switch, the events, the test button. */
export function pushSettings() {
  const box = h("div", { class: "push-settings", id: "push-settings" }, h("h2", {}, t(TEXT.heading)));
  if (!pushSupported()) {
    box.append(h("p", { class: "muted", id: "push-unsupported" }, t(TEXT.unsupported)));
    return box;
  }
  const toggle = h("input", { type: "checkbox", id: "push-toggle" });
  const events = h("div", { class: "push-events", id: "push-events" });
  const test = h("button", { class: "link", id: "push-test", type: "button", disabled: true }, t(TEXT.test));
  box.append(h("label", {}, toggle, " ", t(TEXT.toggle)), events, test);
  /** @type {Array<{name: string, label: string}>} */
  let kinds = [];
  let key = "";
  const chosen = () => kinds.filter((k) => /** @type {HTMLInputElement} */ (events.querySelector(`[data-event=${k.name}]`)).checked)
    .map((k) => k.name);
  const show = (on, picked) => {
    toggle.checked = on;
    box.dataset.state = on ? "on" : "off";
    test.disabled = !on;
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (events.querySelectorAll("input"))) {
      input.disabled = !on;
      if (picked) input.checked = picked.includes(input.dataset.event);
    }
  };
  const send = async () => {
    const sub = await subscription(key);
    const kept = await api("/api/push/subscribe", { subscription: sub.toJSON(), events: chosen() });
    show(kept.subscribed, kept.events);
  };
  const ready = api("/api/push").then(async (r) => {
    key = r.key;
    kinds = r.events;
    events.append(...kinds.map((k) => h("label", {}, h("input", { type: "checkbox", "data-event": k.name, checked: true,
      onchange: () => { if (!chosen().length) toast(t(TEXT.none), "error"); else send().catch((e) => toast(e.message, "error")); } }),
    " ", k.label)));
    const sub = await current();
    const state = sub ? await api("/api/push/status", { endpoint: sub.endpoint }) : { subscribed: false, events: [] };
    show(state.subscribed, state.subscribed ? state.events : null);
  }).catch(() => show(false, null));
  toggle.addEventListener("change", async () => {
    await ready;
    if (toggle.checked) {
      if (await Notification.requestPermission() !== "granted") { show(false, null); toast(t(TEXT.denied), "error"); return; }
      try {
        await send();
      } catch (e) {
        show(false, null);
        box.dataset.error = String(e.message || e);
        toast(t("This browser could not subscribe to push notices: {why}", { why: e.message || e }), "error");
      }
      return;
    }
    const sub = await current().catch(() => null);
    if (sub) {
      await api("/api/push/unsubscribe", { endpoint: sub.endpoint }).catch(() => undefined);
      await sub.unsubscribe().catch(() => false);
    }
    show(false, null);
    toast(t(TEXT.off));
  });
  test.addEventListener("click", async () => {
    const sub = await current();
    if (!sub) return;
    try {
      await api("/api/push/test", { endpoint: sub.endpoint });
      toast(t(TEXT.tested));
    } catch (e) {
      toast(e.message, "error");
    }
  });
  return box;
}
