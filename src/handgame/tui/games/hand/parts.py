"""Hand's parts for the shared terminal: how its table and summaries are drawn, its keys, its
words (``hand play``, ``hand play --plain``, ``hand replay --show``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from handgame.games.hand import text
from handgame.games.hand.actions import Discard, Draw
from handgame.games.hand.rounds import RoundResult
from handgame.games.hand.state import State
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import Wilds
from handgame.tui.games.hand import commands, summary, table
from handgame.tui.i18n import card_face
from handgame.tui.parts import Drawn, Keys, TableParts
from handgame.tui.render import WildTest, shown_name

#: the keys line of Hand's table: each key and the word (translated) for what it does
KEYS_HELP = (
    ("←→", "select"),
    ("space", "select"),
    ("↑↓", "meld target"),
    ("d", "draw"),
    ("t", "take"),
    ("m", "meld"),
    ("a", "add"),
    ("w", "swap"),
    ("x", "discard"),
    ("u", "undo"),
    ("r", "redeal"),
    ("?", "hint"),
    ("s", "sort"),
    ("p", "pile"),
    ("q", "quit"),
)


def result_line(r: RoundResult, names: Sequence[str]) -> str:
    """A round's end in one line."""
    if r.result == "void":
        why = "a redeal (L-52)" if r.reason == "redeal" else "the stock ran out (L-81)"
        return f"round over: no score, {why}"
    assert r.winner is not None
    bonus = f" ×{r.multiplier}" if r.multiplier != 1 else ""
    return f"round over: {names[r.winner]} went out, {r.hand} hand{bonus}"


class HandTable(TableParts):
    """Hand at the terminal: seats with their melds, the indicator and wild cards; a turn's
    melds, adds and swaps are staged and can be taken back until the discard."""

    game = "hand"
    keys_help = KEYS_HELP
    bindings = (
        "d:command('draw','stock') t:command('draw','discard') m:command('meld') "
        "a:command('add') w:command('swap') x:command('discard','announce') "
        "X:command('discard','quiet') u:undo r:command('redeal')"
    )
    staged_verbs = ("meld", "add", "swap")
    prompts = {  # noqa: RUF012
        "first-discard": "you start the round: select a card and discard it (x)",
        "draw": "draw from the stock (d) or take the discard (t)",
        "play": "lay melds (m), add (a), swap (w), then discard (x); u takes a step back",
    }
    #: a quick match: you against one bot
    default_players = 2

    # ------------------------------------------------------------------ drawing
    def wilds(self, view: PlayerView) -> WildTest | None:
        """The round's wild cards (none before the first deal)."""
        return Wilds(view.wild, view.joker_as) if view.public is not None else None

    def draw(
        self, state: State, view: PlayerView, target: int | None, lang: str, width: int | None
    ) -> Drawn:
        """The header and each seat with its melds, a meld a line."""
        drawn, spots = table.table_text(view, target, lang)
        return Drawn(table.header_text(view, state, lang), drawn, spots)

    def targets(self, view: PlayerView) -> set[int]:
        """Every meld on the table."""
        return {m.index for m in view.melds}

    def pile(self, view: PlayerView, lang: str) -> Text:
        """The whole discard pile, bottom first."""
        return table.pile_text(view)

    def round_text(self, state: State, lang: str) -> Text:
        """Who went out, partial or full hand, each seat's penalty and cards."""
        r = state.results[-1]
        return summary.result_text(state, r, len(state.results), state.game.names, lang)

    def match_text(self, state: State, lang: str) -> Text:
        """Each round's scores and the totals."""
        return summary.match_text(state, state.game.names, lang)

    def winner(self, state: State, lang: str) -> str | None:
        """The winner (both partners in partnership), None while there is none."""
        names = [shown_name(n, lang) for n in state.game.names]
        if state.winner is None:
            return None
        if state.game.partnership:
            return f"{names[state.winner]} + {names[state.winner + 2]}"
        return names[state.winner]

    # ------------------------------------------------------------------ words
    def choice(self, action: Any, view: PlayerView, lang: str = "en") -> str:
        """An action as a choice (``add Q♠ to meld 1 at the high end``)."""
        return commands.choice(action, view.discard_pile)

    def action_line(self, action: Any, before: State, who: str) -> str:
        """What ``who`` did, with the cards a discard leaves announced (L-71)."""
        rnd = before.round
        line = text.describe(action, rnd.discard_pile if rnd is not None else (), who, card_face)
        if isinstance(action, Discard) and rnd is not None:
            left = len(rnd.hands[action.seat]) - 1
            if action.announce and 0 < left <= 3:
                line += f" — {left} card{'s' if left != 1 else ''}!"
        return line

    def shows_drawn(self, action: Any) -> bool:
        """A draw from the stock shows its only person the card drawn."""
        return isinstance(action, Draw) and action.source == "stock"

    def deal_lines(self, state: State) -> list[str]:
        """The round and deal just dealt."""
        return [f"— round {len(state.results) + 1}, deal {len(state.log) + 1}"]

    def round_line(self, state: State, names: Sequence[str]) -> str:
        """Who went out and how, or why the round was void."""
        return result_line(state.results[-1], names)

    def offer_question(self, state: State, seat: int, lang: str) -> str:
        """A redeal offered out of turn (L-52)."""
        return f"{state.game.names[seat]}: your hand entitles you to a redeal (L-52)."

    # ------------------------------------------------------------------ keys
    def command(self, name: str, argument: str | None, keys: Keys) -> Any:
        """Draw, take, meld, add, swap, discard, redeal (:mod:`.commands`)."""
        return commands.command(name, argument, keys)
