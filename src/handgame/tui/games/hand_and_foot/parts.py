"""Hand and Foot's parts for the shared terminal: its table (each team's seats, melds and books,
the pile blocked or not), its summaries, its keys, its words, the actions typed in the plain
game (``meld KS KH KD``, ``add 2C to 0``, ``take KS KD``, ``ask``, ``answer no``)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from handgame.core.errors import GameError
from handgame.core.words import Phrase, phrase
from handgame.games.hand_and_foot.actions import Add, Ask, Discard, Draw, Meld, Take
from handgame.games.hand_and_foot.state import State
from handgame.games.hand_and_foot.view import PlayerView
from handgame.tui.games.hand_and_foot import table
from handgame.tui.i18n import tr
from handgame.tui.parts import Choose, Drawn, Keys, Refuse, TableParts
from handgame.tui.render import WildTest, shown_name

#: the keys line of the Hand and Foot table
KEYS_HELP = (
    ("←→", "tui_key_select"),
    ("space", "tui_key_select"),
    ("↑↓", "tui_key_target"),
    ("d", "tui_key_draw"),
    ("t", "tui_key_take"),
    ("m", "tui_key_meld"),
    ("a", "tui_key_add"),
    ("g", "tui_key_ask"),
    ("x", "tui_key_discard"),
    ("u", "tui_key_undo"),
    ("?", "tui_key_hint"),
    ("s", "tui_key_sort"),
    ("p", "tui_key_pile"),
    ("l", "tui_key_log"),
    ("q", "tui_key_quit"),
)


def typed_action(text: str, seat: int) -> dict[str, Any]:
    """An action typed in words as its record object (RECORD.md § Hand and Foot)."""
    words = text.replace(",", " ").split()
    verb, rest = words[0].lower(), words[1:]
    to: int | None = None
    if len(rest) >= 2 and rest[-2].lower() == "to":
        if not rest[-1].isdigit():
            raise GameError(f"'to' needs a meld's number, not {rest[-1]!r}")
        to, rest = int(rest[-1]), rest[:-2]
    obj: dict[str, Any] = {"seat": seat}
    if verb == "draw":
        obj["draw"] = "stock"
    elif verb == "take":
        obj["take"] = rest
    elif verb in ("meld", "lay"):
        melds: list[list[str]] = [[]]
        for w in rest:
            if w == "|":
                melds.append([])
            else:
                melds[-1].append(w)
        obj["meld"] = melds
    elif verb == "add":
        obj["add"] = rest
    elif verb == "ask":
        obj["ask"] = "go-out"
    elif verb == "answer":
        obj["answer"] = bool(rest) and rest[0].lower() in ("yes", "y", "true")
    elif verb == "discard":
        obj["discard"] = rest[0] if len(rest) == 1 else rest
    else:
        raise GameError(
            f"unknown action {verb!r}: type a number, or draw, take, meld, add, ask, answer, "
            "discard"
        )
    if to is not None:
        obj["to"] = to
    return obj


class HandAndFootTable(TableParts):
    """Hand and Foot at the terminal: the teams' melds packed as many a line as fit; a turn's
    melds and adds are staged and can be taken back until it ends; the partner at the keyboard
    answers "may I go out?" (HF-10) in a dialog."""

    game = "hand-and-foot"
    keys_help = KEYS_HELP
    bindings = (
        "d:command('draw') t:command('take') m:command('meld') a:command('add') "
        "g:command('ask') x:command('discard') u:undo"
    )
    prompts = {"draw": "tui_hf_prompt_draw", "play": "tui_hf_prompt_play"}  # noqa: RUF012

    # ------------------------------------------------------------------ drawing
    def wilds(self, view: PlayerView) -> WildTest | None:
        """The jokers and the 2s (HF-3)."""
        return table.WILDS

    def draw(
        self, state: State, view: PlayerView, target: int | None, lang: str, width: int | None
    ) -> Drawn:
        """The header and each team's seats and melds, as many melds a line as fit."""
        drawn, spots = table.table_text(view, target, lang, width)
        return Drawn(table.header_text(view, lang), drawn, spots)

    def targets(self, view: PlayerView) -> set[int]:
        """The viewer's team's unfinished melds (any team's for a spectator)."""
        team = view.seat % view.teams if view.seat is not None else None
        return {m.index for m in view.melds if m.kind == "meld" and team in (None, m.team)}

    def pile(self, view: PlayerView, lang: str) -> Text:
        """The whole pile and whether it can be taken (HF-3, HF-6)."""
        return table.pile_text(view, lang)

    def round_text(self, state: State, lang: str) -> Text:
        """The round's end (HF-10, HF-13) and each team's score (HF-11)."""
        view = state.view(None)
        return table.result_text(view, view.results[-1], len(view.results), lang)

    def match_text(self, state: State, lang: str) -> Text:
        """Each round's team scores and the totals (HF-12)."""
        return table.match_text(state.view(None), lang)

    def winner(self, state: State, lang: str) -> str | None:
        """The winning team, or a draw (HF-12)."""
        return table.winner_text(state.view(None), state.winner, lang)

    # ------------------------------------------------------------------ words
    def shows_drawn(self, action: Any) -> bool:
        """Drawing two or taking the pile shows its only person the cards it brought."""
        return isinstance(action, (Draw, Take))

    def deal_lines(self, state: State) -> list[Phrase]:
        """The round dealt, its opening minimum (HF-8), the red threes laid at once (HF-3)."""
        number = len(state.results) + 1
        minimum = state.rules.minimum(number - 1)
        dealt = phrase("log_deal_min", round=number, minimum=minimum)
        return [dealt, *self.after_lines(None, state)]

    def after_lines(self, before: State | None, after: State) -> list[Phrase]:
        """The red threes laid (HF-3) and the feet picked up (HF-9) since ``before``."""
        if not after.in_round:
            return []
        now = after.view(None)
        was = before.view(None) if before is not None and before.in_round else None
        lines = []
        for s in range(now.players):
            old = len(was.red_threes[s]) if was is not None else 0
            laid = now.red_threes[s][old:]
            if laid:
                lines.append(phrase("log_red_threes", seat=s, cards=laid))
            if now.feet_picked[s] and (was is None or not was.feet_picked[s]):
                lines.append(phrase("log_foot", seat=s))
        return lines

    def round_line(self, state: State) -> Phrase:
        """A round's end (HF-10, HF-13) and the teams' scores."""
        result = state.results[-1].to_json()
        if result["result"] == "out" and result["went_out"] is not None:
            return phrase("log_out", seat=result["went_out"], scores=result["scores"])
        return phrase("log_stock", scores=result["scores"])

    def offer_question(self, state: State, seat: int, lang: str) -> str:
        """The partner's question (HF-10)."""
        asker = state.current_seat
        who = shown_name(state.game.names[asker], lang) if asker is not None else "?"
        return f"{who}: {tr(lang, 'tui_may_i')} (HF-10)"

    def typed(self, text: str, seat: int) -> Any:
        """An action typed in words (:func:`typed_action`)."""
        return typed_action(text, seat)

    # ------------------------------------------------------------------ keys
    def command(self, name: str, argument: str | None, keys: Keys) -> Any:
        """Draw two, take the pile, meld, add to the target, ask the partner, discard."""
        seat, cards = keys.seat, keys.selected
        if name == "draw":
            return Draw(seat)
        if name == "ask":
            return Ask(seat)
        if name == "take":
            if cards:
                return Take(seat, cards)
            takes = [a for a in keys.view.legal_actions if isinstance(a, Take)]
            if len(takes) > 1:
                options = tuple((self.choice(a, keys.view, keys.lang), a) for a in takes)
                return Choose(phrase("tui_take_how"), options)
            return takes[0] if takes else Take(seat, ())
        if name == "meld":
            if len(cards) < 3:
                return Refuse(phrase("tui_three_to_meld"))
            return Meld(seat, (cards,))
        mine = cards or ((keys.under_cursor,) if keys.under_cursor is not None else ())
        if name == "add":
            if not mine:
                return None
            if keys.target is None:
                return Refuse(phrase("tui_team_meld"))
            return Add(seat, mine, keys.target)
        if name == "discard":
            if len(mine) != 1:
                return Refuse(phrase("tui_one_to_discard"))
            return Discard(seat, mine[0])
        return Refuse(phrase("tui_not_now"))
