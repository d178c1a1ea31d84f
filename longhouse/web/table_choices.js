// The hall's choices when a table is created: its time control, whether it is private (joined by an
// invitation link), and whether a bot plays for a player who is away on their turn after a grace period.
import { t } from "./i18n.js";
import { timeTitle } from "./time_controls.js";
import { h } from "./ui.js";

function graceText(seconds) {
  if (seconds >= 86400) return t("{n} d", { n: Math.round(seconds / 86400) });
  if (seconds >= 60) return t("{n} min", { n: Math.round(seconds / 60) });
  return t("{n} s", { n: seconds });
}

export function tableChoices() {
  let controls = [];
  const time = h("select", { id: "new-time", "aria-label": t("time control") });
  const priv = h("input", { type: "checkbox", id: "new-private" });
  const awayBot = h("input", { type: "checkbox", id: "new-away-bot", checked: true });
  const awayLabel = h("span", {}, t("a bot plays for the away"));
  function describeAway() {
    const tc = controls.find((c) => c.key === time.value);
    awayLabel.textContent = tc ? t("a bot plays for anyone away {time} on their turn", { time: graceText(tc.grace) })
      : t("a bot plays for the away");
  }
  time.addEventListener("change", describeAway);
  // the time control sits beside the game and seats (it is chosen for both buttons); the check boxes under them
  const el = h("span", { class: "table-choices" },
    h("label", { title: t("Not listed in the lobby; you get an invitation link to share") }, priv, " ", t("private")),
    h("label", {}, awayBot, " ", awayLabel));
  return {
    el,
    time,
    setControls(list) {
      controls = list;
      time.replaceChildren(...list.map((c) => h("option", { value: c.key, selected: c.key === "real-time" }, timeTitle(c))));
      describeAway();
    },
    value() { return { time: time.value || null, private: priv.checked, away_bot: awayBot.checked }; },
  };
}
