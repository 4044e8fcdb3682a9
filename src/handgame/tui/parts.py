"""What a game brings to the terminal front ends: :class:`TableParts`.

The shared terminal (the Textual game and replay, the plain-text game, ``hand play`` and
``hand replay``) knows no game. It asks the game's parts how to draw its table and its
summaries, which keys it has and what they do, and what its log says besides the actions. A
game's parts live in a folder of their own (``handgame/tui/games/<name>/``) and are registered
beside its ``GameSpec`` (:func:`handgame.tui.registry.register_table`). Every method has a plain
default, so a game with no parts of its own still plays, as a list of its legal actions.

Words are data here too: a log line, a refusal or a dialog's title is a phrase (a glossary key
and its parameters, :mod:`handgame.core.words`), said in the reader's language by
:mod:`handgame.tui.i18n`; an action is worded by its game's action table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from handgame.core.cards import Card
from handgame.core.errors import GameError
from handgame.core.game import GameSpec
from handgame.core.words import Phrase, phrase
from handgame.tui.i18n import sayer, tr
from handgame.tui.render import WildTest, card_text, cards_text, shown_name

#: where melds are drawn on the table: line -> [(first column, end column, meld index)]
Spots = dict[int, list[tuple[int, int, int]]]


@dataclass(frozen=True)
class Drawn:
    """A view drawn for the main screen: its header, its table and where its melds are."""

    header: Text
    table: Text
    spots: Spots = field(default_factory=dict)


@dataclass(frozen=True)
class Choose:
    """A key's answer when several actions fit: ask which (``title``: a phrase; ``options``:
    each one's label and action)."""

    title: Phrase
    options: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Refuse:
    """A key's answer when nothing fits: say why (a phrase, or the engine's error)."""

    why: Phrase | GameError


@dataclass(frozen=True)
class Keys:
    """What a key command is given: the seat, its view, the selected cards, the target meld,
    the language of the screen."""

    state: Any
    view: Any
    seat: int
    selected: tuple[Card, ...]
    under_cursor: Card | None
    target: int | None
    lang: str = "en"


def top_card(view: Any) -> str | None:
    """The top card of the view's discard pile (what a take takes), or None."""
    pile = getattr(view, "discard_pile", ())
    return str(pile[-1]) if pile else None


class TableParts:
    """A game's terminal parts; the defaults draw any game plainly (subclass to do better)."""

    #: the name of the game (its ``GameSpec.name``) these parts draw
    game: str = ""
    #: the keys line: each key and the glossary key of what it does
    keys_help: tuple[tuple[str, str], ...] = (
        ("←→", "tui_key_select"),
        ("space", "tui_key_select"),
        ("?", "tui_key_hint"),
        ("s", "tui_key_sort"),
        ("p", "tui_key_pile"),
        ("l", "tui_key_log"),
        ("q", "tui_key_quit"),
    )
    #: the game's keys, as ``key:command('name', 'argument')`` words (shared commands too:
    #: ``u:undo``); the navigation keys, hint and quit are the shared screen's
    bindings: str = ""
    #: the glossary key of what the prompt tells the person to do, by the phase of their view
    prompts: Mapping[str, str] = {}
    #: the seats of ``hand play`` when no flag says (None: the preset's default)
    default_players: int | None = None

    def __init__(self, spec: GameSpec) -> None:
        """The parts of the game ``spec``."""
        self.spec = spec

    # ------------------------------------------------------------------ drawing
    def wilds(self, view: Any) -> WildTest | None:
        """The wild cards of the view (to mark them and sort them last), or None."""
        return None

    def draw(
        self, state: Any, view: Any, target: int | None, lang: str, width: int | None
    ) -> Drawn:
        """The header and the table of ``view`` (``target``: the meld the keys aim at)."""
        header = Text(self.spec.title, style="bold")
        counts = getattr(view, "hand_counts", None)
        lines = []
        for s, name in enumerate(view.names):
            line = Text("▶ " if getattr(view, "turn", None) == s else "  ", style="bold green")
            line.append(shown_name(name, lang), style="bold underline" if s == view.seat else "")
            if counts is not None:
                line.append(f" · {tr(lang, 'cards_n', n=counts[s])}")
            lines.append(line)
        return Drawn(header, Text("\n").join(lines))

    def targets(self, view: Any) -> set[int]:
        """The melds the target may rest on (↑↓ and clicks)."""
        return set()

    def pile(self, view: Any, lang: str) -> Text:
        """The whole discard pile, bottom first."""
        pile = list(getattr(view, "discard_pile", ()))
        t = Text(tr(lang, "tui_pile_order", n=len(pile)) + "\n\n")
        t.append_text(cards_text(pile, self.wilds(view)))
        return t

    def round_text(self, state: Any, lang: str) -> Text:
        """The round just scored."""
        return Text(f"{tr(lang, 'tui_round_summary')}\n\n", style="bold")

    def match_text(self, state: Any, lang: str) -> Text:
        """The match's scores so far."""
        t = Text(f"{tr(lang, 'tui_match')}\n", style="bold")
        names = state.view(None).names
        for s, total in enumerate(getattr(state, "totals", ())):
            t.append(f"  {shown_name(names[s], lang)}: {total}\n")
        return t

    def winner(self, state: Any, lang: str) -> str | None:
        """Who won the finished match of ``state`` (None: nobody to name)."""
        names = state.view(None).names
        won = [names[s] for s, r in enumerate(state.returns()) if r > 0]
        return " + ".join(shown_name(n, lang) for n in won) or None

    # ------------------------------------------------------------------ words
    def choice(self, action: Any, view: Any, lang: str = "en") -> str:
        """An action offered to its seat as a choice (``lay 7♦ 8♦ 9♦``), in ``lang``: its
        game's action table's ``do_`` words."""
        return sayer(lang, view.names, view.seat, self.spec.name).action(
            action.to_json(), top_card(view), "do"
        )

    def action_line(self, action: Any, before: Any) -> Phrase:
        """The log line of ``action`` taken in the state ``before`` it: the action and the card
        a take took (the pile's top)."""
        return phrase("action", action=action, taken=top_card(before.view(None)))

    def shows_drawn(self, action: Any) -> bool:
        """Whether the log shows its only person the cards ``action`` brought into the hand."""
        return False

    def deal_lines(self, state: Any) -> list[Phrase]:
        """The log lines of a deal just made."""
        return [phrase("tui_deal_line", deal=state.deal_count)]

    def after_lines(self, before: Any, after: Any) -> list[Phrase]:
        """The log lines of what followed an action by itself (beyond the action's own)."""
        return []

    def round_line(self, state: Any) -> Phrase:
        """The log line of a round that just ended."""
        return phrase("tui_round_over")

    def offer_question(self, state: Any, seat: int, lang: str) -> str:
        """The question of a decision ``seat`` makes out of turn."""
        return f"{shown_name(state.view(None).names[seat], lang)}:"

    def typed(self, text: str, seat: int) -> Any:
        """An action typed in words in the plain game, as its record object (None: the game
        reads only numbers); raises ``GameError`` for words it cannot read."""
        return None

    # ------------------------------------------------------------------ keys
    def command(self, name: str, argument: str | None, keys: Keys) -> Any:
        """What the key command ``name`` does: an action, a :class:`Choose` or a
        :class:`Refuse`. By default: the legal actions of verb ``name``."""
        fits = [a for a in keys.view.legal_actions if getattr(a, "verb", None) == name]
        if not fits:
            return Refuse(phrase("tui_not_now"))
        if len(fits) == 1:
            return fits[0]
        options = tuple((self.choice(a, keys.view, keys.lang), a) for a in fits)
        return Choose(phrase("tui_which"), options)


def drawn_cards(before: Any, after: Any, seat: int) -> list[Card]:
    """The cards that came into ``seat``'s hand between two states (sorted)."""
    new = Counter(after.view(seat).hand) - Counter(before.view(seat).hand)
    return sorted(new.elements())


def names_of(state: Any) -> Sequence[str]:
    """Every seat's name."""
    names: Sequence[str] = state.view(None).names
    return names


__all__ = [
    "Choose",
    "Drawn",
    "Keys",
    "Refuse",
    "Spots",
    "TableParts",
    "card_text",
    "drawn_cards",
    "names_of",
    "top_card",
]
