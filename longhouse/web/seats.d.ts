// The types of /static/seats.js, the module the server generates from longhouse/engine/seats.py
// (longhouse/server/boards.py: seats_js); for the type check only (tsconfig.json).

export interface SeatLook {
  index: number;
  colour: string;
  name: string;
  symbol: string;
  strong: string;
  soft: string;
  ink: string;
  terminal: string;
}

export const SEATS: readonly SeatLook[];
export const COLOURS: string[];
export const SYMBOLS: string[];
