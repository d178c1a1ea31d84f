// What a piece is, on every board: each piece, card, tile and space carries its name (and its rule text
// where the game's description has one) as a `title` (an SVG `<title>` inside SVG), which a mouse shows on
// hover and a screen reader reads with the element's name. A finger cannot hover, so on a touch screen a
// long press on anything of the board shows the same text in a bubble (as game sites do on phones), and the
// click that would follow the press is swallowed, so looking never plays.
import { t } from "./i18n.js";
import { h } from "./ui.js";

const PRESS_MS = 450;   // how long a finger rests before the name shows
const SLOP = 10;        // px a finger may wander during the press
const SHOWN_MS = 6000;  // how long the bubble stays unless the finger touches elsewhere

// The text an element names itself with: its title (or an SVG <title> child), else its aria-label.
export function tipOf(el) {
  if (!el || el.nodeType !== 1) return "";
  const title = el.getAttribute("title");
  if (title) return title;
  for (const c of el.children) if (c.tagName.toLowerCase() === "title" && c.textContent) return c.textContent;
  return el.getAttribute("data-tip") || "";
}

// The nearest element from `target` up to `root` that names itself.
export function namedFrom(target, root) {
  for (let el = target; el && el !== root.parentElement; el = el.parentElement) {
    const text = tipOf(el) || (el !== target && el.getAttribute && el.getAttribute("aria-label")) || "";
    if (text) return { el, text };
  }
  return null;
}

let bubble = null;
let hideTimer = null;

function hide() {
  clearTimeout(hideTimer);
  if (bubble) bubble.remove();
  bubble = null;
}

function show(text, x, y) {
  hide();
  bubble = h("div", { class: "tip-bubble", role: "tooltip" }, text);
  document.body.append(bubble);
  const w = bubble.offsetWidth;
  const ht = bubble.offsetHeight;
  const left = Math.max(8, Math.min(x - w / 2, document.documentElement.clientWidth - w - 8));
  const top = y - ht - 28 >= 8 ? y - ht - 28 : y + 28;  // above the finger, else below it
  bubble.style.left = `${left}px`;
  bubble.style.top = `${top}px`;
  hideTimer = setTimeout(hide, SHOWN_MS);
}

// Long-press names on everything inside `root`. Returns `{ pressed() }`: whether the pointer now going up
// ended a long press (a board that acts on pointerup itself asks this, as clicks are swallowed here).
export function installTips(root) {
  root.classList.add("tips-on");
  let press = null;
  let tipped = false;
  root.addEventListener("pointerdown", (e) => {
    hide();
    tipped = false;
    if (e.pointerType === "mouse") return;
    const found = namedFrom(e.target, root);
    if (!found) return;
    const x = e.clientX;
    const y = e.clientY;
    press = { x, y, timer: setTimeout(() => { tipped = true; press = null; show(found.text, x, y); }, PRESS_MS) };
  }, true);
  const cancel = () => { if (press) clearTimeout(press.timer); press = null; };
  root.addEventListener("pointermove", (e) => {
    if (press && Math.hypot(e.clientX - press.x, e.clientY - press.y) > SLOP) cancel();
  }, true);
  root.addEventListener("pointerup", cancel, true);
  root.addEventListener("pointercancel", cancel, true);
  // a long press shows the name only: the click (or the phone's own menu) it may bring is swallowed
  root.addEventListener("click", (e) => {
    if (!tipped) return;
    tipped = false;
    e.preventDefault();
    e.stopPropagation();
  }, true);
  root.addEventListener("contextmenu", (e) => { if (tipped || press) e.preventDefault(); });
  window.addEventListener("scroll", hide, { passive: true });
  return { pressed: () => tipped };
}

// The line that tells a touch-screen player how to see names (shown only where nothing can hover).
export function tipNote() {
  return h("p", { class: "tip-note" }, t("Touch and hold any piece, card or space to see what it is."));
}
