// Seat clocks and away times on the table page: the server sends each seat's time left and which clocks
// run (in "state" and "table" messages); this counts the running ones down locally between messages.
import { t, tn } from "./i18n.js";
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

export function createClocks() {
  let clock = null;       // the latest snapshot: {control, title, left: [...], running: [...]}
  let clockAt = 0;        // performance.now() when it arrived
  let away = [];          // seconds away per seat (null: here), as of awayAt
  let awayAt = 0;
  const timer = setInterval(render, 250);

  function left(seat) {
    if (!clock) return null;
    const running = clock.running.includes(seat);
    return clock.left[seat] - (running ? (performance.now() - clockAt) / 1000 : 0);
  }

  function render() {
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".seat-clock[data-seat]"))) {
      const seat = Number(el.dataset.seat);
      const t = left(seat);
      if (t === null) { el.textContent = ""; continue; }
      el.textContent = clockText(t);
      el.classList.toggle("running", clock.running.includes(seat));
      el.classList.toggle("low", t < 30 && clock.running.includes(seat));
    }
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".seat-away[data-seat]"))) {
      const a = away[Number(el.dataset.seat)];
      el.textContent = a === null || a === undefined ? "" : awayText(a + (performance.now() - awayAt) / 1000);
    }
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
    // the elements a seat row shows: its clock (if timed) and how long its player has been away
    seatParts(seat) {
      return [h("span", { class: "seat-clock", dataset: { seat }, "aria-label": t("time left") }),
        h("small", { class: "seat-away away", dataset: { seat } })];
    },
    // who is away, for the table's status line
    awaySummary(seats) {
      const names = seats.map((s, i) => (s && away[i] !== null && away[i] !== undefined ? s.name : null)).filter(Boolean);
      return names.length ? tn("{names} is away", "{names} are away", names.length, { names: names.join(", ") }) : "";
    },
    close() { clearInterval(timer); },
  };
}
