// @ts-check
// The types the boards and the table page share, as JSDoc (checked by `tsc --noEmit --checkJs`, see
// tsconfig.json; the browser loads this module as it is and finds nothing in it but these comments).
// The messages are the server's (longhouse/server/protocol.py); a board is what a board module's
// createBoard returns (games/<board>/board.js).

/**
 * A legal action as the server sends it (`Game.action_to_json`): an object told apart by its tag, `type`,
 * the rest its arguments.
 * @typedef {{ [key: string]: any }} Action
 */

/**
 * A game's result once it is over.
 * @typedef {object} Result
 * @property {number[]} scores
 * @property {number[]} winners
 * @property {Array<{ [category: string]: number }>} [breakdown]
 * @property {number[]} [resigned]  the seats whose players resigned (resign.py), the first to resign first
 */

/**
 * A `state` message whole: this seat's view of one version of the game, with what the seat may do now.
 * @typedef {object} StateMessage
 * @property {"state"} [type]
 * @property {number} version
 * @property {string} [status]       "running" or "over"
 * @property {number | null} seat    the receiver's seat; null: a spectator
 * @property {number[]} acting       the seats that may act now
 * @property {{ [key: string]: any }} view  this seat's `State.view`
 * @property {Event[]} events        this version's events the seat may see
 * @property {Action[]} legal        the seat's legal actions (empty unless it is acting)
 * @property {string[]} legal_text   the same actions in words, same order
 * @property {number} undo_steps     how many of its own steps the seat may take back
 * @property {number | null} [by]    the seat whose move made this version; null: a refresh
 * @property {Result | null} [result]
 * @property {any} [clock]
 */

/**
 * A `state` message as a delta against the state held at version `base` (protocol.py): `changes` and `gone`
 * instead of `view`; `legal`, `legal_text` and `undo_steps` only when they changed.
 * @typedef {object} StateDelta
 * @property {"state"} [type]
 * @property {number} base
 * @property {number} version
 * @property {number | null} seat
 * @property {{ [key: string]: any }} changes
 * @property {string[]} [gone]
 * @property {Action[]} [legal]
 * @property {string[]} [legal_text]
 * @property {number} [undo_steps]
 */

/**
 * An event of the move log.
 * @typedef {{ text?: string, [key: string]: any }} Event
 */

/**
 * A seat of a table: a player (`user`) or a bot; null when free.
 * @typedef {{ kind: "user" | "bot", name: string, level?: string, connected?: boolean }} Seat
 */

/**
 * A `table` message: the seating.
 * @typedef {object} TableMessage
 * @property {{ id: string, game: string, title: string, board: string, status: string, seats: Array<Seat | null>,
 *   players?: string[], spectators: string[], watching?: number, capacity: number, min_players: number,
 *   clock?: any, [key: string]: any }} table
 * @property {{ seat: number | null, name: string, guest?: boolean, creator?: boolean }} you
 * @property {string[]} bot_levels
 * @property {string} default_bot
 * @property {number} [bot_after] seconds a player must be away before another may let a bot play for them
 */

/**
 * What the page gives a board: how to send a move or take one back (true when it was sent), the seats'
 * names, the game's description, and whether it is a replay (nothing can be sent).
 * @typedef {object} BoardApi
 * @property {(action: Action) => boolean} act
 * @property {(step: number) => boolean} undo
 * @property {() => Array<string | null>} names
 * @property {{ [key: string]: any } | null} description
 * @property {boolean} [replay]
 */

/**
 * How a hinted move is told: its estimated win chance, its words, whether it is the preferred one; a
 * tutorial's mark has a `badge` (the words on the mark) instead of a win chance.
 * @typedef {{ win: number, text: string, best: boolean, badge?: string }} HintInfo
 */

/**
 * A board, as createBoard returns it: the page hands it every whole state (never a delta), tells it when a
 * move it sent was refused, and shows a hinted move on it when the board can.
 * @typedef {object} Board
 * @property {(state: StateMessage, table: TableMessage | null) => void | Promise<void>} update
 * @property {(error: { code?: string, message: string }) => void} error
 * @property {(action: Action, info: HintInfo) => void} [showHint]
 */

/**
 * A board module: games/<board>/board.js.
 * @typedef {{ createBoard: (root: HTMLElement, api: BoardApi) => Board }} BoardModule
 */

export {};
