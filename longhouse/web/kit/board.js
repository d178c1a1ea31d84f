// @ts-check
// The board kit: what every board (games/<board>/board.js) is made with, so that each draws its game and
// nothing else.
//  - boardCycle: the state held, the move sent and not yet answered (pending), the hinted move, and the
//    Board object the page talks to (update, error, showHint);
//  - indexLegal: the legal actions sorted by their tag, with their words;
//  - seat tags and names, h() and svg() to make elements, keepingFocus across redraws;
//  - loadStylesheet: a board's own stylesheet (games/<board>/board.css), loaded before the board draws.
import { hintFor, hintHolds, markHint } from "../hints.js";
import { list, t, tn } from "../i18n.js";
import { COLOURS, SVGNS, SYMBOLS, cap, colourName, h, keepingFocus, seatTag, svg, toast } from "../ui.js";
import { indexLegal, tagOf } from "./legal.js";

export { COLOURS, SVGNS, SYMBOLS, cap, h, keepingFocus, indexLegal, seatTag, svg, tagOf, toast };

/** @typedef {import("./types.js").Action} Action */
/** @typedef {import("./types.js").Board} Board */
/** @typedef {import("./types.js").BoardApi} BoardApi */
/** @typedef {import("./types.js").HintInfo} HintInfo */
/** @typedef {import("./types.js").StateMessage} StateMessage */
/** @typedef {import("./types.js").TableMessage} TableMessage */
/** @typedef {import("./legal.js").Legal} Legal */
/** @typedef {import("./legal.js").LegalEntry} LegalEntry */

/**
 * A hinted move while the choices it was made for stay (hints.js).
 * @typedef {{ legal: string, action: Action, info: HintInfo }} Hint
 */

/**
 * What a board does at each turn of the cycle.
 * @typedef {object} CycleHooks
 * @property {() => void} render draw the board from the state held (`cycle.msg`)
 * @property {() => void} [sent] a move or an undo was sent: drop the half-made choices, show it is on its way
 * @property {(next: StateMessage, prev: StateMessage | null, table: TableMessage | null) => boolean | void} [received]
 *   a new state is held (`cycle.msg` is `next`): update what depends on it; false: do not draw it now
 * @property {Promise<unknown>} [ready] nothing is drawn before it settles (a description the board fetches)
 * @property {boolean} [hints] the board marks a hinted move on itself (else hints.js marks it in words)
 */

/**
 * The cycle of a board: the page hands it a state (update), the board draws it; the player's move is sent
 * once (pending until a new version or an error comes back); a hinted move is kept while its choices stay.
 * @param {BoardApi} api
 * @param {CycleHooks} hooks
 */
export function boardCycle(api, hooks) {
  /** @type {Legal | null} */
  let legal = null;
  /** @type {StateMessage | null} */
  let legalOf = null;

  function sentNow() {
    cycle.pending = true;
    cycle.hint = null;  // the hint was for the position before the move
    if (hooks.sent) hooks.sent();
    return true;
  }

  /** @type {Board} */
  const board = {
    update(state, table) {
      const prev = cycle.msg;
      if (prev && state.version !== prev.version) cycle.pending = false;
      if (!hintHolds(cycle.hint, state)) cycle.hint = null;
      cycle.msg = state;
      if (hooks.received && hooks.received(state, prev, table) === false) return;
      if (!hooks.ready) { hooks.render(); return; }
      return hooks.ready.then(() => { if (cycle.msg === state) hooks.render(); });
    },
    error() {
      cycle.pending = false;
      if (cycle.msg) hooks.render();
    },
  };
  if (hooks.hints) {
    board.showHint = (action, info) => {
      if (!cycle.msg) return;
      cycle.hint = hintFor(cycle.msg, action, info);
      hooks.render();
    };
  }

  const cycle = {
    /** @type {StateMessage | null} the whole state held (the page merges deltas before) */
    msg: null,
    /** a move or undo is sent and not yet answered: nothing more is sent */
    pending: false,
    /** @type {Hint | null} */
    hint: null,
    board,
    /** The legal actions of the state held, indexed once per state. */
    legal() {
      if (legalOf !== cycle.msg || !legal) {
        legalOf = cycle.msg;
        legal = indexLegal(cycle.msg ? cycle.msg.legal || [] : [], cycle.msg ? cycle.msg.legal_text || [] : []);
      }
      return legal;
    },
    /**
     * Mark the hinted move (if there is one) on the board: `find` gives the elements it uses, the next step
     * first (null for what is not drawn); `q` finds one inside the board's element `root`.
     * @param {Element} root
     * @param {(action: Action, q: (selector: string) => Element | null) => Array<Element | null | undefined>} find
     */
    mark(root, find) {
      if (cycle.hint) markHint(find(cycle.hint.action, (sel) => root.querySelector(sel)), cycle.hint.info);
    },
    /** Send a move, unless one is on its way; true if it was sent. @param {Action} action */
    send(action) {
      if (cycle.pending || !api.act(action)) return false;
      return sentNow();
    },
    /** Take back my step `step` (-1: the last), unless a move is on its way. @param {number} [step] */
    undo(step = -1) {
      if (cycle.pending || !api.undo(step)) return false;
      return sentNow();
    },
  };
  return cycle;
}

/**
 * The name each board shows for a seat: whoever holds it now (api.names, from the table), else the colour's.
 * @param {BoardApi} api
 * @returns {(seat: number) => string}
 */
export function seatNamer(api) {
  return (seat) => (api.names && api.names() || [])[seat] || colourName(seat);
}

/**
 * What a board's status line says of a game the hall ended before the rules did (a resignation decided it,
 * or nobody came back): null while the game runs or when it reached its own end.
 * @param {StateMessage} msg @param {(seat: number) => string} nameOf
 * @returns {string | null}
 */
export function endedEarly(msg, nameOf) {
  if (msg.status !== "over" || (msg.view && msg.view.header && msg.view.header.over)) return null;
  const resigned = (msg.result && msg.result.resigned) || [];
  return resigned.length ? tn("The game is over: {names} resigned", "The game is over: {names} resigned", resigned.length,
    { names: list(resigned.map(nameOf)) }) : t("The game is over");
}

/** @type {Map<string, Promise<void>>} */
const sheets = new Map();

/**
 * Load a stylesheet once (a board's own, `new URL("./board.css", import.meta.url)`); the promise settles
 * when it applies (or failed to load), so that a board module can await it before it draws anything.
 * @param {URL | string} url
 * @returns {Promise<void>}
 */
export function loadStylesheet(url) {
  const href = String(url);
  if (!sheets.has(href)) {
    const link = h("link", { rel: "stylesheet", href });
    sheets.set(href, new Promise((resolve) => {
      link.addEventListener("load", () => resolve());
      link.addEventListener("error", () => resolve());
    }));
    document.head.append(link);
  }
  return sheets.get(href);
}
