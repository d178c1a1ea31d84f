// The chat panel the lobby and every table share: its lines, its input (with the length limit and the
// slash hint for commands) and the socket messages it shows.
import { t, time } from "./i18n.js";
import { h } from "./ui.js";

// Chat lines hold at most this many characters (the server's limit, protocol.MAX_CHAT).
export const MAX_CHAT = 400;
const COMMAND_WORDS = /^(join|leave|start|watch|bot|remove|who|help)(\s|$)/i;

function clock(seconds) {
  const d = seconds ? new Date(seconds * 1000) : new Date();
  return time(d);
}

// The chat panel of the lobby and of a table: `send(text)` sends a line; `receive(msg)` takes the socket's
// chat messages (`chat_history`, `chat`, and an `error` for a refused command) and says whether it took
// one; `onSaid(line)` is told of every line someone said; `menu(line)` makes the menu beside a line's name
// (social.js: report, block), or null.
export function chatPanel(title, send, onSaid = null, menu = null) {
  const lines = h("ol", { class: "chat-lines", "aria-live": "polite", tabindex: "0", "aria-label": t("{title}: messages", { title }) });
  const input = h("input", { type: "text", placeholder: t("Message, or /help"), "aria-label": t("chat message"),
    class: "chat-input" });
  const panel = h("section", { class: "chat panel" }, h("h2", {}, title), lines);
  const api = {
    el: panel, input,
    add(line) {
      // a name is isolated from the text around it (a right-to-left name does not turn the line around)
      const who = line.from === null || line.from === undefined
        ? h("span", { class: "sys" }, "•") : h("b", {}, h("bdi", {}, line.from), ":");
      const kind = line.from ? "" : line.error ? "error" : line.private ? "private" : "system";
      lines.append(h("li", { class: kind, dataset: line.from ? { from: line.from } : null },
        h("time", { class: "at" }, clock(line.time)), " ", who, menu ? menu(line) : null, " ", line.text));
      while (lines.children.length > 200) lines.firstChild.remove();
      lines.scrollTop = lines.scrollHeight;
    },
    // a line only this player sees: a refused command, a message too long, a hint
    note(text, error = false) { api.add({ from: null, text, private: true, error }); },
    clear() { lines.replaceChildren(); },
    receive(msg) {
      if (msg.type === "chat_history") {
        api.clear();
        msg.lines.forEach(api.add);
      } else if (msg.type === "chat") {
        api.add(msg);
        if (msg.from && onSaid) onSaid(msg);
      } else if (msg.type === "error" && msg.code === "command") {
        api.note(msg.message, true);
      } else {
        return false;
      }
      return true;
    },
  };
  const form = h("form", { class: "chat-form", onsubmit: (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (text.length > MAX_CHAT) {
      api.note(t("That message has {n} characters; at most {max} fit in one. Nothing was sent.",
        { n: text.length, max: MAX_CHAT }), true);
      return;
    }
    const word = text.match(COMMAND_WORDS);
    if (word) {
      input.value = `/${text}`;
      api.note(t("Commands start with a slash: did you mean /{text}? Press Enter to send it.", { text }));
      return;
    }
    send(text);
    input.value = "";
  } }, input, h("button", { type: "submit" }, t("Send")));
  panel.append(form);
  return api;
}
