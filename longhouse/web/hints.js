// Hints and analysis: the strongest bot's search as help for people.
//  - hintPanel: at a table that allows hints, a Hint button on your turn; the answer lists every legal move
//    with its estimated win chance, the preferred one marked (and shown on the board when the board can).
//  - hintsOption: the lobby's "allow hints" checkbox (a table option; never in rated games).
//  - analysisChart: on a finished game's replay, each seat's estimated win chance move by move (SVG), the
//    costliest moves marked; clicking the chart or a listed move jumps there.
// Everything is computed by the server from the asking seat's own view only.
import { number, t, tn } from "./i18n.js";
import { api } from "./net.js";
import { COLOURS, SYMBOLS, colourName, h, svg as s } from "./ui.js";

// A win chance in the page's language ("42%", "42 %").
const pct = (x) => number(x, { style: "percent", maximumFractionDigits: 0 });

// The table's hint panel. `send` sends a websocket message; `act(action)` plays an action; `board()` gives
// the current board module instance (its optional `showHint(action)` marks the preferred move).
export function hintPanel({ send, act, board }) {
  let version = null;
  let legalKey = null;
  let mine = false;
  let allowed = false;
  const list = h("ol", { class: "hint-list", "aria-live": "polite", "aria-label": t("hint: every move's win chance") });
  const note = h("p", { class: "hint-note" });
  const ask = h("button", { id: "hint-button", type: "button", onclick: () => {
    ask.disabled = true;
    note.textContent = t("Thinking…");
    send({ type: "command", name: "hint", args: [] });
  } }, t("Hint"));
  const el = h("section", { class: "panel hints", hidden: true },
    h("h2", {}, t("Help from the bot")), ask, note, list);

  function refresh() {
    el.hidden = !allowed;
    ask.disabled = !(allowed && mine);
  }
  return {
    el,
    table(msg) {
      const table = msg.table;
      allowed = Boolean(table.options && table.options.hints) && msg.you.seat !== null && table.status === "running";
      refresh();
    },
    state(msg) {
      // the answer holds while this seat's choices stay the same (another seat's move in a simultaneous
      // phase changes the version, not the choices)
      const key = canon(msg.legal || []);
      if (msg.version !== version && key !== legalKey) {
        list.replaceChildren();
        note.textContent = "";
      }
      version = msg.version;
      legalKey = key;
      mine = Boolean(msg.legal && msg.legal.length) && msg.status === "running";
      refresh();
    },
    show(msg) {
      if (msg.version !== version) return;  // the game moved on while the bot thought
      // the preferred move first, then the others by their estimated win chance
      const order = msg.moves.map((m, i) => i)
        .sort((a, b) => Number(b === msg.best) - Number(a === msg.best) || msg.moves[b].win - msg.moves[a].win);
      // a move of the list is shown on the board while the pointer is on it, or after a tap on its bar;
      // the preferred one otherwise
      const mark = (i) => {
        const m = msg.moves[i];
        const b = board();
        if (b && typeof b.showHint === "function") b.showHint(m.action, { win: m.win, text: m.text, best: i === msg.best });
        else markButtons(m.text);
      };
      list.replaceChildren(...order.map((i) => {
        const m = msg.moves[i];
        const best = i === msg.best;
        return h("li", { class: `hint-row${best ? " best" : ""}`, dataset: { move: i },
          onmouseenter: () => mark(i), onmouseleave: () => mark(msg.best) },
        h("button", { type: "button", class: "hint-bar", title: tn("{n} search — show it on the board", "{n} searches — show it on the board", m.visits),
          "aria-label": t("{move}: estimated win chance {chance} — show it on the board", { move: m.text, chance: pct(m.win) }),
          onclick: () => mark(i) },
        h("i", { style: `width:${Math.round(100 * m.win)}%` }), h("span", {}, best ? "★ " : "", m.text)),
          h("b", {}, pct(m.win)),
          h("button", { type: "button", class: "link", onclick: () => act(m.action), "aria-label": t("play {move}", { move: m.text }) },
            t("play")));
      }));
      note.textContent = tn("Preferred: {move} (estimated win chance {chance}; {n} search from your own view).",
        "Preferred: {move} (estimated win chance {chance}; {n} searches from your own view).", msg.iterations,
        { move: msg.moves[msg.best].text, chance: pct(msg.moves[msg.best].win) });
      mark(msg.best);
      // on a phone the Hint button sits under the board: bring the mark into view
      const shown = document.querySelector("[data-hinted=next], .legal-action.hinted");
      if (shown) {
        const r = shown.getBoundingClientRect();
        if (r.bottom < 0 || r.top > innerHeight) shown.scrollIntoView({ block: "center" });
      }
      refresh();
    },
  };
}

// The boards with their own pieces: which legal action a hinted one is (the same JSON, keys in any order).
function canon(x) {
  if (Array.isArray(x)) return `[${x.map(canon).join(",")}]`;
  if (x && typeof x === "object") return `{${Object.keys(x).sort().map((k) => `${JSON.stringify(k)}:${canon(x[k])}`).join(",")}}`;
  return JSON.stringify(x);
}
export function sameAction(a, b) { return canon(a) === canon(b); }

// A board's hint: kept while the seat's legal actions stay the same, dropped as soon as they change.
export function hintFor(msg, action, info) {
  return (msg.legal || []).some((a) => sameAction(a, action)) ? { legal: canon(msg.legal), action, info } : null;
}
export function hintHolds(hint, msg) { return Boolean(hint) && hint.legal === canon(msg.legal || []); }

// Ring what a hinted move uses on a board: `els` are its elements (the next step first, which also gets
// the badge with the move's win chance); HTML elements and SVG groups alike. `hint` is {win, text, best}
// (best false: a move of the hint list shown on the board, not the preferred one).
export function markHint(els, hint) {
  // a tutorial's mark (learn.js) names the move to make instead of a win chance
  const badge = hint.badge || `${hint.best === false ? "" : "★ "}${pct(hint.win)}`;
  const what = hint.badge ? t("the lesson's move: {move}", { move: hint.text })
    : hint.best === false ? t("a move: {move} (estimated win chance {chance})", { move: hint.text, chance: pct(hint.win) })
      : t("the bot's preferred move: {move} (estimated win chance {chance})", { move: hint.text, chance: pct(hint.win) });
  els.filter(Boolean).forEach((el, i) => {
    el.classList.add("hint-mark");
    el.dataset.hinted = i === 0 ? "next" : "then";
    if (el instanceof SVGGraphicsElement) {
      const box = el.getBBox();
      const ring = s("rect", { x: box.x + 2, y: box.y + 2, width: Math.max(0, box.width - 4), height: Math.max(0, box.height - 4),
        rx: 6, class: "hint-ring" });
      el.append(ring);
      if (i === 0) {
        const mid = box.x + box.width / 2;
        el.append(s("rect", { x: mid - 25, y: box.y + box.height - 22, width: 50, height: 18, rx: 9, class: "hint-badge-bg" }),
          s("text", { x: mid, y: box.y + box.height - 8.5, "text-anchor": "middle", class: "hint-badge" }, badge));
      }
      return;
    }
    if (i === 0) {
      el.dataset.hintWin = badge;
      if (getComputedStyle(el).position === "static") el.style.position = "relative";
    }
    const old = el.getAttribute("aria-description");
    if (!old) el.setAttribute("aria-description", what);
  });
}

// Boards that list the legal moves as buttons (the generic board): ring the preferred one.
function markButtons(text) {
  for (const el of document.querySelectorAll(".hinted")) el.classList.remove("hinted");
  for (const el of document.querySelectorAll(".legal-action")) {
    if (el.getAttribute("title") === text || el.textContent.trim() === text) el.classList.add("hinted");
  }
}

// The lobby's option: { el, options() } to merge into a new table's options.
export function hintsOption() {
  const box = h("input", { type: "checkbox", id: "new-hints" });
  return {
    el: h("label", { class: "hints-option", title: t("Seated players may ask the strongest bot for a hint (never in rated games)") },
      box, " ", t("allow hints")),
    options: () => (box.checked ? { hints: true } : {}),
  };
}

// The replay's chart: { el, mark(step) }; onStep(i) is called when a step is chosen on the chart.
export function analysisChart(tableId, onStep) {
  // drawn at the width it is shown at (at most 800), so that its labels keep their size on a phone
  let W = 800;
  const H = 200, L = 40, R = 8, T = 10, B = 22;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("estimated win chance of each seat, move by move") });
  const legend = h("div", { class: "legend" });
  const worst = h("ol", { class: "worst", "aria-label": t("the moves that lost the most") });
  const status = h("p", { class: "hint-note" }, t("Analysing the game…"));
  const el = h("section", { class: "panel analysis", id: "analysis" }, h("h2", {}, t("Win chances")), status, svg, legend, worst);
  let data = null;
  let cursor = null;
  /** @type {(i: number) => number} */
  let x = () => 0;

  api(`/api/tables/${tableId}/analysis`).then((d) => {
    data = d;
    status.textContent = t("Each seat's estimated chance of winning after every move, from that seat's own view. "
      + "Circles mark the moves that cost their player the most.");
    draw();
  }).catch(() => { status.textContent = t("No analysis for this game."); });

  function draw() {
    W = Math.round(Math.min(800, Math.max(300, (el.clientWidth || 800) - 32)));
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    const n = data.points.length - 1 || 1;
    x = (i) => L + (W - L - R) * i / n;
    const y = (c) => T + (H - T - B) * (1 - c);
    svg.replaceChildren();
    for (const g of [0, 0.25, 0.5, 0.75, 1]) {
      svg.append(s("line", { x1: L, x2: W - R, y1: y(g), y2: y(g), stroke: "#e4e4e4" }),
        s("text", { x: L - 4, y: y(g) + 4, "text-anchor": "end", "font-size": 11, fill: "#555" }, pct(g)));
    }
    svg.append(s("text", { x: W - R, y: H - 6, "text-anchor": "end", "font-size": 11, fill: "#555" }, t("move {n}", { n })),
      s("text", { x: L, y: H - 6, "font-size": 11, fill: "#555" }, t("start")));
    data.players.forEach((name, seat) => {
      const pts = data.points.map((p, i) => `${x(i).toFixed(1)},${y(p.chances[seat]).toFixed(1)}`).join(" ");
      svg.append(s("polyline", { points: pts, fill: "none", stroke: `var(--${COLOURS[seat]})`, "stroke-width": 2,
        "data-seat": seat }));
    });
    for (const step of data.worst) {
      const p = data.points[step];
      svg.append(s("circle", { cx: x(step), cy: y(p.chances[p.seat]), r: 6, fill: "none", stroke: `var(--${COLOURS[p.seat]})`,
        "stroke-width": 2.5, class: "worst-move", "data-step": step },
      s("title", {}, t("move {n}: {name} lost {chance}", { n: step, name: data.players[p.seat], chance: pct(p.loss) }))));
    }
    cursor = s("line", { y1: T, y2: H - B, stroke: "#222", "stroke-dasharray": "3 3" });
    svg.append(cursor);
    legend.replaceChildren(...data.players.map((name, seat) => h("span", { class: `seat-tag seat-${COLOURS[seat]}` },
      `${SYMBOLS[seat]} ${name}`)));
    worst.replaceChildren(...data.worst.map((step) => {
      const p = data.points[step];
      return h("li", {}, h("button", { type: "button", class: "link", onclick: () => onStep(step) },
        t("move {n}", { n: step })), " — ", t("{name} ({colour}) lost {chance}: {move}", { name: data.players[p.seat],
        colour: colourName(p.seat), chance: pct(p.loss), move: p.text || t("a hidden choice") }));
    }));
    if (!data.worst.length) worst.replaceChildren(h("li", {}, t("No move cost its player much.")));
    svg.addEventListener("click", (e) => {
      const box = svg.getBoundingClientRect();
      const vx = (e.clientX - box.left) * W / box.width;
      onStep(Math.max(0, Math.min(n, Math.round((vx - L) / (W - L - R) * n))));
    });
    mark(current);
  }

  let current = 0;
  function mark(step) {
    current = step;
    if (!cursor) return;
    cursor.setAttribute("x1", x(step));
    cursor.setAttribute("x2", x(step));
  }
  return { el, mark };
}
