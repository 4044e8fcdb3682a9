"""Hand's parts for the shared terminal: how its table and summaries are drawn, its keys, its
words (``hand play``, ``hand play --plain``, ``hand replay --show``)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from handgame.core.words import Phrase, phrase
from handgame.games.hand.actions import Discard, Draw
from handgame.games.hand.rounds import RoundResult
from handgame.games.hand.state import State
from handgame.games.hand.view import PlayerView
from handgame.games.hand.wilds import Wilds
from handgame.tui.games.hand import commands, summary, table
from handgame.tui.i18n import tr
from handgame.tui.parts import Drawn, Keys, TableParts
from handgame.tui.render import WildTest, shown_name

#: the keys line of Hand's table: each key and the word (translated) for what it does
KEYS_HELP = (
    ("←→", "tui_key_select"),
    ("space", "tui_key_select"),
    ("↑↓", "tui_key_target"),
    ("d", "tui_key_draw"),
    ("t", "tui_key_take"),
    ("m", "tui_key_meld"),
    ("a", "tui_key_add"),
    ("w", "tui_key_swap"),
    ("x", "tui_key_discard"),
    ("u", "tui_key_undo"),
    ("r", "tui_key_redeal"),
    ("?", "tui_key_hint"),
    ("s", "tui_key_sort"),
    ("p", "tui_key_pile"),
    ("q", "tui_key_quit"),
)


def result_line(r: RoundResult) -> Phrase:
    """A round's end: a void round's cause, or who went out and how (a phrase)."""
    if r.result == "void":
        return phrase("log_void_redeal" if r.reason == "redeal" else "log_void_stock")
    assert r.winner is not None
    kind = "log_won_full" if r.hand == "full" else "log_won"
    if r.multiplier != 1:
        return phrase(kind + "_x", seat=r.winner, m=r.multiplier)
    return phrase(kind, seat=r.winner)


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
    prompts = {  # noqa: RUF012
        "first-discard": "tui_prompt_first-discard",
        "draw": "tui_prompt_draw",
        "play": "tui_prompt_play",
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
    def action_line(self, action: Any, before: State) -> Phrase:
        """The action, with the cards a discard leaves announced (L-71)."""
        line = super().action_line(action, before)
        rnd = before.round
        if isinstance(action, Discard) and rnd is not None:
            left = len(rnd.hands[action.seat]) - 1
            if action.announce and 0 < left <= 3:
                line["tail"] = phrase("log_left_one") if left == 1 else phrase("log_left", n=left)
        return line

    def shows_drawn(self, action: Any) -> bool:
        """A draw from the stock shows its only person the card drawn."""
        return isinstance(action, Draw) and action.source == "stock"

    def deal_lines(self, state: State) -> list[Phrase]:
        """The round and deal just dealt."""
        return [phrase("log_deal", round=len(state.results) + 1, deal=len(state.log) + 1)]

    def round_line(self, state: State) -> Phrase:
        """Who went out and how, or why the round was void."""
        return result_line(state.results[-1])

    def offer_question(self, state: State, seat: int, lang: str) -> str:
        """A redeal offered out of turn (L-52)."""
        return f"{shown_name(state.game.names[seat], lang)}: {tr(lang, 'tui_redeal_offer')}"

    # ------------------------------------------------------------------ keys
    def command(self, name: str, argument: str | None, keys: Keys) -> Any:
        """Draw, take, meld, add, swap, discard, redeal (:mod:`.commands`)."""
        return commands.command(name, argument, keys)
