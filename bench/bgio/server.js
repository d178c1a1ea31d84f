// boardgame.io 0.50's own server with its in-memory storage, serving one simple 2-player game, the peer
// that bench/hall.py measures the hall against. Usage: node server.js PORT
//
// The game, "pile": 90 counters on a pile; the players take turns taking 1 to 3 of them; whoever takes the
// last one wins (about 45 moves a game). A move is { type: "take", args: [n] }.
const { Server } = require("boardgame.io/server");
const { INVALID_MOVE } = require("boardgame.io/core");

const PILE = 90;

const Pile = {
  name: "pile",
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ pile: PILE, taken: [0, 0] }),
  moves: {
    take: ({ G, ctx }, n) => {
      if (!Number.isInteger(n) || n < 1 || n > 3 || n > G.pile) return INVALID_MOVE;
      G.pile -= n;
      G.taken[Number(ctx.currentPlayer)] += n;
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G, ctx }) => (G.pile === 0 ? { winner: ctx.currentPlayer } : undefined),
};

const port = Number(process.argv[2]);
const server = Server({ games: [Pile], origins: ["*"] });
server.run({ port, callback: () => console.log(`boardgame.io serving on ${port}`) });
