// Fair play on the page: a person's reliability beside their seat and on their page, "on vacation until …",
// the New table form's minimum reliability, and the vacation days in the settings panel.
import { t, tn } from "./i18n.js";
import { api } from "./net.js";
import { h, toast } from "./ui.js";

// Every text of this module, through the catalogs (web/i18n.js).
const TEXT = {
  reliabilityTitle: (n) => t("reliability {n}%: the share of their last games with other people they finished", { n }),
  newcomer: () => t("new: no finished or left game with other people yet"),
  newWord: () => t("new"),
  vacationUntil: (when) => t("on vacation until {when}", { when }),
  vacationOf: (names, count, when) => tn("{names} is on vacation until {when}", "{names} are on vacation until {when}", count,
    { names, when }),
  minimumLabel: () => t("who may sit"),
  minimumTitle: () => t("The share of their games with other people a player must have finished to sit down here (newcomers may always)"),
  anyone: () => t("anyone may sit"),
  atLeast: (n) => t("reliability {n}%+", { n }),
  vacationHead: () => t("Vacation (turn-based games)"),
  vacationAbout: () => t("While you are on vacation your turn-based clocks stand still, no bot takes your seat, and the others see until when. Real-time games go on as ever."),
  daysLeft: (left, per, year) => t("{left} of your {per} days left in {year}.", { left, per, year }),
  onVacation: (when) => t("You are on vacation until {when}.", { when }),
  daysLabel: () => t("days from now"),
  take: () => t("Take vacation"),
  end: () => t("End vacation now"),
  endNote: () => t("Ending early gives back the whole days not begun."),
  reliability: () => t("Reliability"),
  noGames: () => t("No game with other people finished or left yet."),
  recent: (n, of) => (of === 1 ? (n ? t("Finished their one game with other people so far.")
    : t("Did not finish their one game with other people so far."))
    : t("Finished {n} of the last {of} games with other people.", { n, of })),
  counts: () => ({ finished: t("finished"), left: t("left"), timed_out: t("timed out"), abandoned: t("abandoned") }),
  barred: (when) => t("Left too many rated games: rated tables are closed until {when}.", { when }),
  outcomeTitle: () => t("how this game ended for this player: a stand-in bot played most of it, or after they gave up their seat"),
};

export function when(seconds) {
  return new Date(seconds * 1000).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

// The small parts a seat row shows of its person: their reliability, and their vacation.
export function seatBadges(seat) {
  if (!seat || seat.kind !== "user") return [];
  const out = [];
  if (seat.reliability !== undefined) {
    out.push(seat.reliability === null
      ? h("span", { class: "reliability new", title: TEXT.newcomer() }, TEXT.newWord())
      : h("span", { class: `reliability${seat.reliability < 80 ? " low" : ""}`, title: TEXT.reliabilityTitle(seat.reliability),
        "aria-label": TEXT.reliabilityTitle(seat.reliability) }, `${seat.reliability}%`));
  }
  if (seat.vacation) out.push(h("span", { class: "on-vacation" }, TEXT.vacationUntil(when(seat.vacation))));
  return out;
}

// Who is on vacation, for the table's status line ("" if nobody).
export function vacationSummary(seats) {
  const on = seats.filter((s) => s && s.kind === "user" && s.vacation);
  if (!on.length) return "";
  return TEXT.vacationOf(on.map((s) => s.name).join(", "), on.length, when(Math.max(...on.map((s) => s.vacation))));
}

// The New table form's choice of a minimum reliability.
export function minimumOption() {
  const select = h("select", { id: "new-min-reliability", "aria-label": TEXT.minimumLabel(), title: TEXT.minimumTitle() },
    [0, 50, 75, 90, 95].map((n) => h("option", { value: String(n) }, n ? TEXT.atLeast(n) : TEXT.anyone())));
  return { el: select, options: () => (Number(select.value) ? { min_reliability: Number(select.value) } : {}) };
}

// The settings panel's vacation section (signed-up players only).
export function vacationSection() {
  const status = h("p", { class: "vacation-status", id: "vacation-status", role: "status" });
  const days = h("input", { type: "number", id: "vacation-days", min: "1", max: "21", value: "7", inputmode: "numeric" });
  const take = h("button", { type: "button", id: "vacation-take" }, TEXT.take());
  const end = h("button", { type: "button", id: "vacation-end" }, TEXT.end());
  const form = h("div", { class: "vacation-row" }, days, h("label", { for: "vacation-days" }, ` ${TEXT.daysLabel()} `), take);
  const ending = h("div", { class: "vacation-row" }, end, h("small", {}, ` ${TEXT.endNote()}`));
  const el = h("section", { class: "vacation", id: "vacation" }, h("h2", {}, TEXT.vacationHead()), status, form, ending,
    h("p", { class: "small" }, TEXT.vacationAbout()));

  function show(v) {
    const left = TEXT.daysLeft(v.left, v.days_per_year, v.year);
    status.textContent = v.current ? `${TEXT.onVacation(when(v.current.until))} ${left}` : left;
    days.max = String(Math.max(1, v.left));
    if (Number(days.value) > v.left) days.value = String(Math.max(1, v.left));
    form.hidden = Boolean(v.current) || v.left <= 0;
    ending.hidden = !v.current;
  }
  async function send(body) {
    try {
      show(await api("/api/vacation", body));
    } catch (e) {
      toast(e.message, "error");
    }
  }
  take.addEventListener("click", () => send({ days: Number(days.value) }));
  end.addEventListener("click", () => send({ end: true }));
  api("/api/vacation").then(show).catch(() => { el.hidden = true; });
  return el;
}

// The player page's part: reliability with the counts, and a vacation or a bar from rated tables.
export function reputationPart(data) {
  const rep = data.reputation;
  if (!rep) return null;
  const c = rep.counts;
  const figure = rep.reliability === null ? TEXT.newWord() : `${rep.reliability}%`;
  return h("section", { class: "reputation panel", id: "reputation" },
    h("h2", {}, TEXT.reliability(), " ", h("b", { class: `reliability-value${rep.reliability !== null && rep.reliability < 80 ? " low" : ""}` }, figure)),
    h("p", {}, rep.reliability === null ? TEXT.noGames() : TEXT.recent(rep.recent_finished, rep.recent_games)),
    h("ul", { class: "outcomes" }, Object.entries(TEXT.counts()).map(([key, label]) => h("li", { dataset: { outcome: key } },
      h("b", {}, String(c[key] ?? 0)), " ", label))),
    data.vacation ? h("p", { class: "on-vacation" }, TEXT.vacationUntil(when(data.vacation))) : null,
    rep.barred_until ? h("p", { class: "barred" }, TEXT.barred(when(rep.barred_until))) : null);
}

// On a player page's recent game: how it ended for them, unless they finished it (nothing then).
export function outcomeBadge(data, tableId) {
  const outcome = (data.outcomes || {})[String(tableId)];
  const words = outcome && outcome !== "finished" ? TEXT.counts()[outcome] : null;
  return words ? h("span", { class: `badge outcome ${outcome}`, title: TEXT.outcomeTitle() }, words) : null;
}
