// Learn to play (/learn/<game>): a scripted first game on the game's real board. The server plays the script
// (longhouse/learn/<game>.toml) through the engine; this page shows each step's position, says what happened,
// what to do and why, marks the element to use with the hint marker, and sends the learner's move to be
// checked — a wrong one comes back refused with the rule it breaks. Progress is kept per account (a guest's
// and a visitor's in this browser). /learn lists the tutorials.
import { loadStylesheet } from "./kit/board.js";
import { t, tn } from "./i18n.js";
import { api } from "./net.js";
import { h, missingPage } from "./ui.js";

await loadStylesheet(new URL("./learn.css", import.meta.url));

// Every text of the page, in one place (through the message catalog: web/i18n.js).
const T = {
  title: (game) => t("Learn to play {game}", { game }),
  lessonOf: (i, n) => t("Lesson {i} of {n}", { i, n }),
  happened: t("What happened"),
  now: t("Now"),
  why: t("Why"),
  next: t("Next lesson"),
  restart: t("Start again"),
  lessons: t("Lessons"),
  mark: t("here"),
  refused: t("Not this move"),
  rule: t("The rule"),
  done: t("You have finished the tutorial"),
  allDone: (n) => t("All {n} lessons done", { n }),
  playBot: t("Play a beginner bot now"),
  rulesLink: (game) => t("The rules of {game}", { game }),
  gamePage: (game) => t("{game}: the game's page", { game }),
  stepOf: (i, n) => t("step {i} of {n}", { i, n }),
  index: t("Learn to play"),
  indexLead: t("Each tutorial is a scripted first game on the real board: the panel says what is happening and what to do, "
    + "the board marks the card or the place to use. Nothing is rated or archived."),
  start: t("Start"),
  count: (n) => tn("{n} lesson", "{n} lessons", n),
  begun: t("begun: you go on where you left off"),
  finished: t("finished ✓"),
  creating: t("Setting up a table with a beginner bot…"),
  lessonText: t("What this lesson is about"),
  auto: (n) => tn("{n} of your moves was played for you since the last step.",
    "{n} of your moves were played for you since the last step.", n),
  lastMoves: t("The last moves"),
};

const KEY = "longhouse.learn";

// Progress: a registered account keeps it on the server, a guest or a visitor in this browser.
export function progressStore(me) {
  const local = () => { try { return JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { return {}; } };
  const server = Boolean(me && !me.guest);
  return {
    async all() {
      if (!server) return local();
      try { return (await api("/api/learn-progress")).progress || {}; } catch { return local(); }
    },
    async save(game, step, done) {
      const mine = local();
      mine[game] = { step, done: done || Boolean(mine[game]?.done) };
      try { localStorage.setItem(KEY, JSON.stringify(mine)); } catch { /* private mode: nothing kept */ }
      if (server) await api("/api/learn-progress", { game, step, done }).catch(() => null);
    },
  };
}

export async function showLearn(root, game, me) {
  const progress = progressStore(me);
  if (!game) return showIndex(root, progress);
  let outline;
  try {
    outline = await api(`/api/learn/${encodeURIComponent(game)}`);
  } catch (e) {
    root.replaceChildren(missingPage(T.index, `${e.message}.`));
    return null;
  }
  const description = await api(`/api/games/${game}`);
  const mod = await import(`./games/${description.board}/board.js`);
  const title = outline.title;
  const lessons = outline.lessons;
  const lessonOf = (step) => {
    let i = 0;
    lessons.forEach((l, k) => { if (step >= l.first) i = k; });
    return i;
  };

  const heading = h("h1", {}, T.title(title));
  const counter = h("p", { class: "learn-counter" });
  const lessonTitle = h("h2", { id: "lesson-title" });
  const lessonText = h("p", { class: "lesson-text", id: "lesson-text" });
  const lessonMore = h("details", { class: "lesson-more" }, h("summary", {}, T.lessonText), lessonText);
  const happened = h("div", { class: "happened", id: "lesson-happened" });
  const doEl = h("p", { class: "lesson-do", id: "lesson-do" });
  const whyEl = h("p", { class: "lesson-why", id: "lesson-why" });
  const refusal = h("div", { class: "lesson-refusal", id: "lesson-refusal", role: "alert" });
  const ending = h("div", { class: "lesson-end", id: "lesson-end", hidden: true });
  const nextButton = h("button", { type: "button", id: "next-lesson", onclick: () => go(lessons[lessonOf(wanted) + 1]?.first ?? outline.end) }, `${T.next} ›`);
  const restart = h("button", { type: "button", class: "link", id: "restart", onclick: () => go(0) }, T.restart);
  const list = h("ol", { class: "lesson-list", "aria-label": T.lessons }, lessons.map((l, i) => h("li", { dataset: { lesson: i } },
    h("button", { type: "button", class: "link", onclick: () => go(l.first) }, l.title))));
  const panel = h("section", { class: "panel learn-panel", "aria-live": "polite", "aria-labelledby": "lesson-title" },
    counter, lessonTitle, lessonMore, happened, doEl, refusal, whyEl, ending,
    h("div", { class: "row learn-buttons" }, nextButton, restart),
    h("details", { class: "lesson-index" }, h("summary", {}, T.lessons), list));
  // on a phone the board is below the panel: what to do now stays in sight at the top while it scrolls
  const nowBar = h("div", { class: "learn-now", id: "learn-now", "aria-hidden": "true" });
  const boardEl = h("div", { class: "board-wrap learn-board", id: "learn-board" });
  const page = h("div", { class: "learn-page", dataset: { game } },
    h("div", { class: "learn-head" }, h("a", { href: `/games/${game}`, class: "back", "aria-label": T.gamePage(title) }, "←"), heading),
    panel, nowBar, boardEl);
  root.replaceChildren(page);
  document.title = `${T.title(title)} · Longhouse`;

  // the step shown, and the step asked for last: clicks on "Next lesson" go on from the one asked for, and an
  // answer for an older request (a slow one overtaken by a newer) is dropped, never drawn over the newer
  let current = 0;
  let wanted = 0;
  let asked = 0;
  let payload = null;
  const names = outline.names;
  const table = {
    table: { id: "learn", game, title, board: description.board, status: "running", capacity: names.length,
      min_players: names.length, seats: names.map((n) => ({ kind: "user", name: n, connected: true })), players: names,
      spectators: [], options: {} },
    you: { seat: outline.learner, name: names[outline.learner] }, bot_levels: [], default_bot: "",
  };
  const board = mod.createBoard(boardEl, {
    act(action) { attempt(action); return true; },
    undo: () => false,
    names: () => names,
    description,
  });

  function mark() {
    if (payload && payload.expected && board.showHint) {
      board.showHint(payload.expected, { win: 1, text: payload.expected_text, best: true, badge: `▶ ${T.mark}` });
    }
  }

  async function attempt(action) {
    const at = current;
    if (wanted !== at) return; // another step is on its way: the board shown is no longer the one to play on
    const answer = await api(`/api/learn/${game}/${at}`, { action }).catch((e) => ({ ok: false, reason: e.message, rule: "" }));
    if (at !== current || wanted !== at) return;
    if (answer.ok) { await go(answer.next); return; }
    refusal.replaceChildren(h("h3", {}, T.refused), h("p", {}, answer.reason),
      answer.why ? h("p", {}, answer.why) : null,
      answer.rule ? h("p", { class: "lesson-rule" }, h("b", {}, `${T.rule}: `), answer.rule) : null);
    board.error({ code: "refused", message: answer.reason });
    mark();
    refusal.scrollIntoView({ block: "nearest" });
  }

  async function go(step) {
    const ticket = ++asked;
    wanted = step;
    let p;
    try {
      p = await api(`/api/learn/${game}/${step}`);
    } catch (e) {
      if (ticket === asked) wanted = current; // not loaded: the step shown stays the one to play on
      throw e;
    }
    if (ticket !== asked) return;
    current = step;
    payload = p;
    const over = step === outline.end;
    const li = lessonOf(step);
    counter.textContent = over ? T.allDone(lessons.length) : `${T.lessonOf(li + 1, lessons.length)} · ${T.stepOf(step - lessons[li].first + 1, lessons[li].size)}`;
    lessonTitle.textContent = over ? T.done : p.lesson_title;
    lessonText.textContent = p.lesson_text;
    lessonMore.open = p.first;
    lessonMore.hidden = over;
    // what the lesson says happened; the game's own words of the last moves behind it (all of them when the
    // lesson says nothing)
    const said = [...(p.say ? [p.say] : []), ...(p.auto ? [T.auto(p.auto)] : [])];
    const moves = p.happened.map((line) => h("li", {}, line));
    happened.replaceChildren(...(said.length || moves.length ? [h("h3", {}, T.happened), ...said.map((line) => h("p", {}, line)),
      said.length && moves.length ? h("details", { class: "moves-played" }, h("summary", {}, T.lastMoves), h("ul", {}, moves))
        : moves.length ? h("ul", { class: "moves-played" }, moves) : null] : []));
    doEl.replaceChildren(...(p.do ? [h("b", {}, `${T.now}: `), p.do] : []));
    nowBar.replaceChildren(...(p.do ? [h("b", {}, `${T.now}: `), p.do] : []));
    nowBar.hidden = !p.do || over;
    whyEl.replaceChildren(...(p.why ? [h("b", {}, `${T.why}: `), p.why] : []));
    refusal.replaceChildren();
    nextButton.hidden = over;
    for (const el of list.children) {
      const i = Number(/** @type {HTMLElement} */ (el).dataset.lesson);
      el.classList.toggle("current", i === li && !over);
      el.classList.toggle("past", i < li || over);
    }
    ending.hidden = !over;
    if (over) ending.replaceChildren(
      h("div", { class: "row" },
        h("button", { type: "button", class: "primary", id: "play-beginner", onclick: (e) => playBeginner(game, me, e.currentTarget) }, T.playBot),
        h("a", { href: `/rules/${game}`, class: "button", id: "learn-rules" }, T.rulesLink(title)),
        h("a", { href: `/games/${game}`, class: "button" }, T.gamePage(title))),
      h("p", { class: "summary", id: "lesson-summary" }, p.summary));
    page.dataset.step = String(step);
    page.dataset.over = over ? "true" : "false";
    await board.update(p.state, table);
    if (ticket !== asked) return; // a newer step was asked for while the board was drawn: it draws itself
    mark();
    // on a phone a new lesson's text and the end's summary are above the board: bring them into view
    if ((p.first || over) && matchMedia("(max-width: 900px)").matches) (over ? ending : panel).scrollIntoView({ block: "start" });
    progress.save(game, step, over);
  }

  const saved = (await progress.all())[game];
  await go(saved && !saved.done && saved.step <= outline.end ? lessons[lessonOf(saved.step)].first : 0);
  return () => { document.title = "Longhouse"; };
}

// "Play a beginner bot now": a table against a beginner bot, made through the lobby's socket (a visitor
// comes in as a guest first); the page is loaded anew at the table, signed in.
async function playBeginner(game, me, button) {
  button.disabled = true;
  button.textContent = T.creating;
  if (!me) await api("/api/guest", {});
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/lobby`);
  ws.onopen = () => ws.send(JSON.stringify({ type: "create", game, seats: 2, options: {}, bots: "beginner" }));
  ws.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.type === "created") { ws.close(); location.assign(`/table/${msg.table}`); }
    if (msg.type === "error") { ws.close(); button.disabled = false; button.textContent = `${T.playBot} (${msg.message})`; }
  };
}

async function showIndex(root, progress) {
  const { tutorials } = await api("/api/learn");
  const done = await progress.all();
  root.replaceChildren(h("section", { class: "panel learn-index" }, h("h1", {}, T.index), h("p", { class: "lead" }, T.indexLead),
    h("ul", {}, tutorials.map((one) => {
      const mine = done[one.game];
      return h("li", {}, h("a", { href: `/learn/${one.game}`, class: "button primary", id: `learn-${one.game}` }, one.title),
        h("small", {}, ` ${T.count(one.lessons)}`, mine && mine.done ? ` · ${T.finished}` : mine && mine.step ? ` · ${T.begun}` : ""));
    }))));
  document.title = `${T.index} · Longhouse`;
  return () => { document.title = "Longhouse"; };
}
