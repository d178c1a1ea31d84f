// Small DOM helpers shared by the pages.
// Seats (colour, name, a symbol per seat so colours are told apart by more than hue) come from the server,
// generated from longhouse/engine/seats.py.
import { COLOURS, SEATS, SYMBOLS } from "./seats.js";

export { COLOURS, SEATS, SYMBOLS };

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function seatTag(seat, name) {
  const colour = COLOURS[seat] || "grey";
  return h("span", { class: `seat-tag seat-${colour}` },
    h("span", { class: "sym", "aria-hidden": "true" }, SYMBOLS[seat] || "?"), name ?? cap(colour));
}

export function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

let toastTimer = null;
export function toast(text, kind = "info") {
  const el = document.getElementById("toast");
  el.textContent = text;
  el.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.className = ""; }, 3500);
}

// Chat lines hold at most this many characters (the server's limit, protocol.MAX_CHAT).
export const MAX_CHAT = 400;
const COMMAND_WORDS = /^(join|leave|start|watch|bot|remove|who|help)(\s|$)/i;

function clock(seconds) {
  const d = seconds ? new Date(seconds * 1000) : new Date();
  return d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export function chatPanel(title, send) {
  const lines = h("ol", { class: "chat-lines", "aria-live": "polite", tabindex: "0", "aria-label": `${title}: messages` });
  const input = h("input", { type: "text", placeholder: "Say something, or /help", "aria-label": "chat message",
    class: "chat-input" });
  const panel = h("section", { class: "chat panel" }, h("h2", {}, title), lines);
  const api = {
    el: panel, input,
    add(line) {
      const who = line.from === null || line.from === undefined
        ? h("span", { class: "sys" }, "•") : h("b", {}, line.from + ":");
      const kind = line.from ? "" : line.error ? "error" : line.private ? "private" : "system";
      lines.append(h("li", { class: kind },
        h("time", { class: "at" }, clock(line.time)), " ", who, " ", line.text));
      while (lines.children.length > 200) lines.firstChild.remove();
      lines.scrollTop = lines.scrollHeight;
    },
    // a line only this player sees: a refused command, a message too long, a hint
    note(text, error = false) { api.add({ from: null, text, private: true, error }); },
    clear() { lines.replaceChildren(); },
  };
  const form = h("form", { class: "chat-form", onsubmit: (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (text.length > MAX_CHAT) {
      api.note(`That message has ${text.length} characters; at most ${MAX_CHAT} fit in one. Nothing was sent.`, true);
      return;
    }
    const word = text.match(COMMAND_WORDS);
    if (word) {
      input.value = `/${text}`;
      api.note(`Commands start with a slash: did you mean /${text}? Press Enter to send it.`);
      return;
    }
    send(text);
    input.value = "";
  } }, input, h("button", { type: "submit" }, "Send"));
  panel.append(form);
  return api;
}

// A clear page for a table or replay that is not there (a wrong number, a game not yet finished).
export function missingPage(title, text) {
  return h("section", { class: "missing panel", role: "alert" }, h("h1", {}, title), h("p", {}, text),
    h("div", { class: "row" }, h("a", { href: "/", class: "button primary" }, "Go to the lobby"),
      h("a", { href: "/archive", class: "button" }, "Finished games")));
}

// Redraw part of a page without losing the keyboard focus: the element with the same `data-focus` (or id)
// gets it back; if it is gone, the first element matching `fallback` does.
export function keepingFocus(container, redraw, fallback = null) {
  const active = document.activeElement;
  const inside = active && active !== document.body && container.contains(active);
  const key = inside ? (active.dataset.focus || (active.id ? `#${active.id}` : null)) : null;
  redraw();
  if (!inside || active.isConnected) return;
  let next = null;
  if (key) {
    next = key.startsWith("#") ? container.querySelector(`[id="${CSS.escape(key.slice(1))}"]`)
      : container.querySelector(`[data-focus="${CSS.escape(key)}"]`);
  }
  if (!next && fallback) next = container.querySelector(fallback);
  if (next) next.focus({ preventScroll: true });
}
