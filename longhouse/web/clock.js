// Seat clocks and away times on the table page: the server sends each seat's time left and which clocks
// run (in "state" and "table" messages); this counts the running ones down locally between messages.
import { list, t, tn } from "./i18n.js";
import { h } from "./ui.js";

// 4:05, 0:09, 1:02:03, or "3 d 4 h" for turn-based clocks.
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return t("{d} d {h} h", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

// How long someone has been away, in words: "away 45 s", "away 3 min", "away 2 h".
export function awayText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return t("away {n} s", { n: s });
  if (s < 3600) return t("away {n} min", { n: Math.floor(s / 60) });
  if (s < 86400) return t("away {n} h", { n: Math.floor(s / 3600) });
  return t("away {n} d", { n: Math.floor(s / 86400) });
}

// Below how many seconds a running clock warns (turn-based: an hour of its day).
export function lowAt(control) {
  return control === "turn-based" ? 3600 : control === "relaxed" ? 60 : 30;
}

// How long until a bot may be let play for an away player, in words ("in 45 s", "in 2 min").
export function inText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return s < 60 ? t("in {n} s", { n: s }) : t("in {n} min", { n: Math.ceil(s / 60) });
}

export function createClocks() {
  let clock = null;       // the latest snapshot: {control, title, left: [...], running: [...]}
  let clockAt = 0;        // performance.now() when it arrived
  let away = [];          // seconds away per seat (null: here), as of awayAt
  let awayAt = 0;
  let botAfter = 60;      // seconds away after which a seated player may let a bot play (the table says)
  const timer = setInterval(render, 250);

  function left(seat) {
    if (!clock) return null;
    const running = clock.running.includes(seat);
    return clock.left[seat] - (running ? (performance.now() - clockAt) / 1000 : 0);
  }

  function render() {
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".seat-clock[data-seat], .my-clock-time[data-seat]"))) {
      const seat = Number(el.dataset.seat);
      const secs = left(seat);
      if (secs === null) { el.textContent = ""; continue; }
      el.textContent = clockText(secs);
      el.classList.toggle("running", clock.running.includes(seat));
      el.classList.toggle("low", secs < lowAt(clock.control) && clock.running.includes(seat));
      el.classList.toggle("out", secs <= 0);
    }
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".seat-away[data-seat]"))) {
      const a = awayNow(Number(el.dataset.seat));
      el.textContent = a === null ? "" : awayText(a);
    }
    // "let a bot play" for an away player: the button once the table allows it, until then when it will
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".bot-offer[data-seat]"))) {
      const a = awayNow(Number(el.dataset.seat));
      const button = /** @type {HTMLButtonElement} */ (el.querySelector("button"));
      const wait = /** @type {HTMLElement} */ (el.querySelector(".bot-wait"));
      el.hidden = a === null;
      if (a === null) continue;
      button.hidden = a < botAfter;
      wait.hidden = a >= botAfter;
      wait.textContent = a < botAfter ? t("a bot can play for them {when}", { when: inText(botAfter - a) }) : "";
    }
  }

  function awayNow(seat) {
    const a = away[seat];
    return a === null || a === undefined ? null : a + (performance.now() - awayAt) / 1000;
  }

  return {
    // a "clock" field of a state or table message (null for an untimed table)
    set(snapshot) {
      if (snapshot === undefined) return;
      clock = snapshot;
      clockAt = performance.now();
      render();
    },
    // the seats of a table summary: their "away" seconds
    setAway(seats) {
      away = seats.map((s) => (s && s.kind === "user" && s.away !== null && s.away !== undefined ? s.away : null));
      awayAt = performance.now();
      render();
    },
    // the elements a seat row shows: its clock (if timed) and how long its player has been away; with
    // `letBot`, the offer to let a bot play for them once they have been away long enough
    seatParts(seat, letBot = null) {
      return [h("span", { class: "seat-clock", dataset: { seat }, "aria-label": t("time left") }),
        h("small", { class: "seat-away away", dataset: { seat } }),
        letBot ? h("span", { class: "bot-offer", dataset: { seat }, hidden: true },
          h("button", { class: "link", id: `bot-for-${seat + 1}`, hidden: true, onclick: letBot }, t("let a bot play")),
          h("small", { class: "bot-wait" })) : null];
    },
    // seconds away after which a bot may be let play (the table message's bot_after)
    setBotAfter(seconds) { if (typeof seconds === "number") botAfter = seconds; },
    // the latest clock snapshot, and the seconds a seat has left now (null: untimed)
    snapshot() { return clock; },
    left(seat) { return left(seat); },
    // who is away, for the table's status line
    awaySummary(seats) {
      const names = seats.map((s, i) => (s && away[i] !== null && away[i] !== undefined ? s.name : null)).filter(Boolean);
      return names.length ? tn("{names} is away", "{names} are away", names.length, { names: list(names) }) : "";
    },
    close() { clearInterval(timer); },
  };
}
