"""``longhouse play GAME``: play in the terminal against bots.

The board is drawn by the game's own drawing (``Game.terminal``: its module's ``render(view, seat)``) when it
declares one (a generic drawing of the view otherwise); the human chooses among the legal actions by number or
in the game's text notation, ``u`` takes a step back where the game allows it, ``q`` quits. ``--lang`` writes
the texts (the move log, the actions' words, refusals, the prompts, a drawing that takes ``words``) in one of
the hall's languages (docs/i18n.md); by default the environment's (``LANG``) if the hall has it, else English
(``cli/words.py``).
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from collections.abc import Callable
from typing import Any

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table

from longhouse import bots, games
from longhouse.cli.words import add_language, terminal_words
from longhouse.engine import Event, Game, IllegalAction, Match, State
from longhouse.engine.errors import SetupError
from longhouse.engine.text import ENGLISH, Words
from longhouse.engine.text import render as render_text
from longhouse.i18n import N_, _, ngettext
from longhouse.i18n.errors import error_text

Renderer = Callable[[dict[str, Any], "int | None"], RenderableType]
#: The score sheet's last column (``State.score_breakdown``'s ``total``), as a text of the catalog.
TOTAL = N_("total")


def say(words: Words, text: object) -> str:
    """A text in the terminal's language (a ``Msg`` rendered, anything else as it is); a soft hyphen (where a
    small card on the page breaks a long name) left out."""
    return str(render_text(text, words)).replace("\u00ad", "")


def renderer_for(game: Game, words: Words) -> Renderer:
    """The game's own board drawing (``Game.terminal``), or a generic one; a drawing that takes ``words``
    writes its texts in that language."""
    render = game.renderer()
    if render is None:
        return lambda view, seat: Panel(Pretty(view), title=game.title)
    if "words" in inspect.signature(render).parameters:
        own: Callable[..., Any] = render
        return lambda view, seat: own(view, seat, words=words)
    return render


def scoreboard(state: State, words: Words) -> Table:
    table = Table(title=say(words, _("Scores")))
    breakdown = state.score_breakdown()
    keys = list(breakdown[0]) if breakdown else []
    table.add_column(say(words, _("seat")))
    for key in keys:
        # a category's heading: its key as a text of the catalog where a game marks it (Manitou's terminal
        # drawing names "buffalo", "prisoners", "pelt robbers"), else the key itself
        table.add_column(words.gettext(TOTAL if key == "total" else key.replace("_", " ")), justify="right")
    for seat, row in enumerate(breakdown):
        table.add_row(str(seat), *(str(row[k]) for k in keys))
    return table


class TerminalPlay:
    """One game between a human (or nobody) and bots, printed on a rich console."""

    def __init__(self, game: Game, players: int, humans: set[int], bot: str, seed: int,
                 console: Console, ask: Callable[[str], str], words: Words = ENGLISH) -> None:
        self.game = game
        self.humans = humans
        self.words = words
        names = [say(words, _("you") if s in humans else _("{level} bot", level=bot)) for s in range(players)]
        self.match = Match(game, names, seed)
        self.bots = {s: bots.make(bot, seed=seed * 31 + s, game=game.name) for s in range(players) if s not in humans}
        self.console = console
        self.ask = ask
        self.render = renderer_for(game, words)

    def say(self, text: object) -> str:
        return say(self.words, text)

    @property
    def state(self) -> State:
        return self.match.state

    def show_events(self, events: list[Event]) -> None:
        viewer = next(iter(self.humans)) if len(self.humans) == 1 else None
        for event in events:
            if event.visible_to(viewer):
                self.console.print(f"[dim]·[/dim] {self.say(event.text)}")

    def run(self) -> int:
        while not self.state.is_over():
            acting = self.state.acting()
            human = next((s for s in acting if s in self.humans), None)
            if human is None:
                seat = acting[0]
                action = self.bots[seat].choose(self.state, seat)
                self.show_events(self.match.apply(seat, action))
                continue
            if not self.human_turn(human):
                self.console.print(self.say(_("Game abandoned.")))
                return 1
        self.console.print(self.render(self.state.view(next(iter(self.humans), None)), None))
        self.console.print(scoreboard(self.state, self.words))
        winners = self.state.winners()
        over = self.say(_("Game over."))
        self.console.print(f"[bold]{over}[/bold] " + self.say(ngettext(
            "Winner: seat {seats}", "Winners: seats {seats}", len(winners), seats=", ".join(map(str, winners)))))
        return 0

    def human_turn(self, seat: int) -> bool:
        """Ask the human for one action; False when they quit."""
        self.console.print(self.render(self.state.view(seat), seat))
        legal = self.state.legal_actions(seat)
        if len(legal) == 1:
            answer = self.ask(self.say(_("Press Enter to {action} (q quits) ",
                                         action=self.state.describe_action(legal[0]))))
            if answer.strip().lower() == "q":
                return False
            self.show_events(self.match.apply(seat, legal[0]))
            return True
        for i, action in enumerate(legal, 1):
            self.console.print(f"  [bold]{i:>2}[/bold]  {self.say(self.state.describe_action(action))}"
                               f"  [dim]{self.game.action_to_text(action)}[/dim]")
        undo = self.state.undo_steps(seat)
        prompt = self.say(_("Your move (number or notation, u takes the last step back, q quits): ") if undo
                          else _("Your move (number or notation, q quits): "))
        while True:
            answer = self.ask(prompt).strip()
            if answer.lower() == "q":
                return False
            try:
                if answer.lower() == "u" and undo:
                    self.show_events(self.match.undo(seat))
                    return True
                if answer.isdigit() and 1 <= int(answer) <= len(legal):
                    action = legal[int(answer) - 1]
                else:
                    action = self.game.action_from_text(answer)
                self.show_events(self.match.apply(seat, action))
                return True
            except IllegalAction as exc:
                self.console.print(f"[red]{self.say(error_text(exc))}[/red]")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--players", type=int, default=None, help="players at the table (default: the most)")
    parser.add_argument("--bots", type=int, default=None, help="how many seats bots take (default: all but one)")
    parser.add_argument("--bot", default="random", help=f"bot level or kind ({', '.join(bots.names())})")
    parser.add_argument("--seed", type=int, default=None, help="the game's seed (default: random)")
    parser.add_argument("--record", default=None, help="write the game record to this JSON file at the end")
    add_language(parser)


def run(args: argparse.Namespace) -> int:
    import secrets

    game = games.get(args.game)
    words = terminal_words(args.lang)
    players = args.players or game.max_players
    try:
        game.check_players(players)
    except SetupError as exc:
        print(f"longhouse play: {say(words, error_text(exc))}", file=sys.stderr)
        return 2
    n_bots = players - 1 if args.bots is None else args.bots
    if not 0 <= n_bots <= players:
        wrong = _("--bots must be between 0 and {n}", n=players)
        print(f"longhouse play: {say(words, wrong)}", file=sys.stderr)
        return 2
    humans = set(range(players - n_bots))
    seed = args.seed if args.seed is not None else secrets.randbelow(2**63)
    console = Console()
    console.print(f"[bold]{game.title}[/bold], " + say(words, _("{players} players, seed {seed}", players=players,
                                                                seed=seed)))
    play = TerminalPlay(game, players, humans, args.bot, seed, console, console.input, words)
    try:
        code = play.run()
    except (EOFError, KeyboardInterrupt):
        console.print("\n" + say(words, _("Game abandoned.")))
        code = 1
    if args.record:
        with open(args.record, "w", encoding="utf-8") as fh:
            json.dump(play.match.record.to_json(), fh, indent=1)
        console.print(say(words, _("Record written to {path}", path=args.record)))
    return code
