// Your own seat beside the board: your clock (a warning when it runs low), and, when a bot plays the seat
// you played (your time ran out, you left it, you were away, you resigned), a banner right above the board
// (the table's head: it covers nothing and the board keeps its room) that says what happened, with a button
// to take the seat back.
import { t } from "./i18n.js";
import { colourName, h } from "./ui.js";

// The texts (one place, for the translations).
export const TEXTS = {
  yourTime: () => t("Your time"),
  low: () => t("running low — move soon"),
  timeOut: (colour) => t("Your time ran out: a bot plays {colour} for you now.", { colour }),
  left: (colour) => t("A bot plays {colour} for you now: you left your seat, or were away on your turn.", { colour }),
  resigned: (colour) => t("You resigned: a bot plays {colour} to the end of the game, and the game counts as your loss.", { colour }),
  takeBack: () => t("Take your seat back"),
  comeback: () => t("You get a short time to move when you come back."),
};

/**
 * The seat a person played in a running game and no longer holds (a bot plays it), and why.
 * @param {any} table a table summary @param {any} you the table message's `you` @param {any} clock a clock snapshot
 * @returns {{ seat: number, why: "time" | "left" | "resigned" } | null}
 */
export function lostSeat(table, you, clock) {
  if (table.status !== "running" || you.seat !== null) return null;
  const seat = (table.players || []).indexOf(you.name);
  if (seat < 0 || !table.seats[seat] || table.seats[seat].kind !== "bot") return null;
  if ((table.resigned || []).includes(seat)) return { seat, why: "resigned" };
  if (clock && clock.left && clock.left[seat] <= 0) return { seat, why: "time" };
  return { seat, why: "left" };
}

export function seatBar(command) {
  const time = h("span", { class: "my-clock-time", "aria-label": t("your time left") });  // counted by clock.js
  const clockEl = h("span", { class: "my-clock", id: "my-clock", hidden: true },
    h("span", { class: "my-clock-label" }, TEXTS.yourTime()), time,
    h("span", { class: "clock-warning", role: "status" }, TEXTS.low()));
  const text = h("p", {});
  const back = h("button", { type: "button", class: "primary", id: "take-seat-back" }, TEXTS.takeBack());
  const note = h("small", {});
  const banner = h("div", { class: "seat-banner", id: "seat-banner", role: "alert", hidden: true }, text,
    h("div", { class: "row" }, back, note));
  let seat = null;
  back.addEventListener("click", () => { if (seat !== null) command("join", [String(seat + 1)]); });

  return {
    clockEl,
    banner,
    // the seating or the clock changed: show my clock, or the banner
    update(msg, clock) {
      const table = msg.table;
      const mine = msg.you.seat;
      const timed = clock && clock.left && mine !== null && table.status === "running";
      clockEl.hidden = !timed;
      if (timed) time.dataset.seat = String(mine); else delete time.dataset.seat;
      const lost = lostSeat(table, msg.you, clock);
      banner.hidden = lost === null;
      if (lost === null) { seat = null; return; }
      seat = lost.seat;
      const colour = colourName(lost.seat);
      text.textContent = lost.why === "time" ? TEXTS.timeOut(colour) : lost.why === "left" ? TEXTS.left(colour) : TEXTS.resigned(colour);
      back.hidden = lost.why === "resigned";
      note.textContent = lost.why === "time" ? TEXTS.comeback() : "";
    },
  };
}
