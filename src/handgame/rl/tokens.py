"""A fixed action numbering for every game: an engine action is a short sequence of tokens.

A whole Hand meld cannot be one fixed number (melds have any length, two decks, wild cards
anywhere), so an action is spelt out from its record notation (``action.to_json()``,
RECORD.md § Actions), one token a step: each key (the verb first) then its value — a card, a
word, a small whole number, ``true``/``false``, or a list of those closed by ``]`` — and
``STOP`` at the end. ``{"seat": 0, "meld": [["7D", "8D", "9D"]]}`` is ``meld 7D 8D 9D ] ] STOP``.

:class:`ActionTree` holds one decision's legal actions (from the engine's ``legal_actions``,
never a second copy of the rules) as token sequences: the mask of a prefix is the set of next
tokens of the legal sequences that start with it, so every legal action is reachable and every
masked-in path ends in a legal action. Tokens that are the only choice are taken at once
(:meth:`ActionTree.advance`), so an agent decides only where there is a choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from handgame.core.cards import ALL_CARDS, Card
from handgame.core.errors import CardError

#: the version of the numbering; any change to the vocabulary below raises it
ACTIONS_VERSION = 1

#: words of every registered game's record notation: verbs, keys and word values
WORDS: tuple[str, ...] = (
    "draw",
    "take",
    "meld",
    "add",
    "swap",
    "ask",
    "answer",
    "discard",
    "redeal",
    "to",
    "end",
    "at",
    "announce",
    "stock",
    "low",
    "high",
    "go-out",
)
#: whole numbers 0..MAX_INT-1 (meld indices) have a token each
MAX_INT = 64

STOP = 0  # the action is complete
PASS = 1  # decline an out-of-turn offer (Hand's redeal claim, L-52; HF-10's question)
LIST_END = 2  # closes a list
TRUE = 3
FALSE = 4
CARD_BASE = 5  # 53 card tokens: the card's code (suit * 13 + rank - 1, joker 52)
WORD_BASE = CARD_BASE + len(ALL_CARDS)
INT_BASE = WORD_BASE + len(WORDS)
#: the size of the Discrete action space
N_ACTIONS = INT_BASE + MAX_INT

_WORD = {w: WORD_BASE + i for i, w in enumerate(WORDS)}
_CARD = {str(c): CARD_BASE + int(c) for c in ALL_CARDS}


def token_name(token: int) -> str:
    """A token in words, for logs and the docs (``STOP``, ``7D``, ``meld``, ``#3``)."""
    if token < CARD_BASE:
        return ("STOP", "PASS", "]", "true", "false")[token]
    if token < WORD_BASE:
        return str(ALL_CARDS[token - CARD_BASE])
    if token < INT_BASE:
        return WORDS[token - WORD_BASE]
    if token < N_ACTIONS:
        return f"#{token - INT_BASE}"
    raise ValueError(f"there is no token {token}")


def _value(value: Any, out: list[int]) -> None:
    if isinstance(value, bool):
        out.append(TRUE if value else FALSE)
    elif isinstance(value, int):
        if not 0 <= value < MAX_INT:
            raise ValueError(f"the RL action numbering has no token for the number {value}")
        out.append(INT_BASE + value)
    elif isinstance(value, str):
        token = _CARD.get(value)
        if token is None:
            token = _WORD.get(value)
        if token is None:
            try:
                token = CARD_BASE + int(Card.parse(value))
            except CardError:
                raise ValueError(
                    f"the RL action numbering has no word {value!r} (handgame.rl.tokens.WORDS)"
                ) from None
        out.append(token)
    elif isinstance(value, list | tuple):
        for item in value:
            _value(item, out)
        out.append(LIST_END)
    else:
        raise ValueError(f"the RL action numbering cannot spell {value!r}")


def tokens_of(action: Any) -> tuple[int, ...]:
    """The token sequence of an engine action (from its record notation), ending in STOP."""
    out: list[int] = []
    for key, value in action.to_json().items():
        if key == "seat":
            continue
        _value(key, out)
        _value(value, out)
    out.append(STOP)
    return tuple(out)


class ActionTree:
    """One decision's legal actions as token sequences, walked one token at a time.

    ``can_pass``: the decision is an out-of-turn offer, which the seat may decline (``PASS``).
    """

    def __init__(self, legal: Sequence[Any], can_pass: bool = False) -> None:
        """The tree of ``legal`` (the engine's ``legal_actions`` of the seat to act)."""
        seqs: dict[tuple[int, ...], Any] = {}
        for action in legal:
            seq = tokens_of(action)
            if seq in seqs:
                raise ValueError(f"two legal actions spell the same tokens: {action}")
            seqs[seq] = action
        if can_pass:
            seqs[(PASS,)] = None
        if not seqs:
            raise ValueError("a decision with no legal action")
        self.prefix: tuple[int, ...] = ()
        self._live: list[tuple[tuple[int, ...], Any]] = list(seqs.items())

    def next_tokens(self) -> list[int]:
        """The tokens that may follow the prefix, in increasing order."""
        at = len(self.prefix)
        return sorted({seq[at] for seq, _ in self._live})

    @property
    def done(self) -> bool:
        """Whether the prefix spells a whole action."""
        return len(self._live) == 1 and len(self._live[0][0]) == len(self.prefix)

    @property
    def action(self) -> Any:
        """The spelt action (None for PASS); only when :attr:`done`."""
        if not self.done:
            raise ValueError("the action is not spelt out yet")
        return self._live[0][1]

    def push(self, token: int) -> None:
        """Take ``token`` (one of :meth:`next_tokens`); raises ``ValueError`` otherwise."""
        at = len(self.prefix)
        live = [(s, a) for s, a in self._live if s[at] == token]
        if not live:
            raise ValueError(f"the token {token} ({token_name(token)}) is masked out")
        self._live = live
        self.prefix = (*self.prefix, token)

    def advance(self) -> None:
        """Take every token that is the only choice, until a choice or the action's end."""
        while not self.done:
            nxt = self.next_tokens()
            if len(nxt) != 1:
                return
            self.push(nxt[0])
