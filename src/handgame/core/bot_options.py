"""A bot spec's options, declared once and read in one place.

A spec is ``NAME`` or ``NAME:KEY=VALUE,KEY=VALUE`` (``ismcts:iterations=200,rollout=fast``). A
bot declares each option it takes as a :class:`Param` (a whole number, a number, or one of a
few words, with its range); :func:`parse_options` reads an argument against them and refuses
anything else with a :class:`BotError` that says what is wrong and what is taken. The
registry (``hand simulate``, ``hand play``) and the server's table grammar (which narrows the
ranges to its own caps, :func:`capped`) read specs with this same parser.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from handgame.core.bot import Bot
from handgame.core.errors import BotError

#: an option's value once read
Value = int | float | str

_WHOLE = re.compile(r"-?[0-9]{1,12}")
_NUMBER = re.compile(r"-?[0-9]{1,12}(\.[0-9]{1,9})?")


@dataclass(frozen=True)
class Param:
    """One option of a bot: a ``whole`` number, a ``number`` or a ``word``; its range
    (inclusive) or its words."""

    kind: Literal["whole", "number", "word"]
    low: float = -math.inf
    high: float = math.inf
    words: tuple[str, ...] = ()

    def usage(self, key: str) -> str:
        """How the option is written: ``rollout=exact|fast``, ``iterations=N``."""
        if self.kind == "word":
            return f"{key}={'|'.join(self.words)}"
        return f"{key}={'N' if self.kind == 'whole' else 'X'}"

    def read(self, key: str, text: str) -> Value:
        """The value ``text`` gives the option ``key``; raises ``ValueError`` saying what it
        takes."""
        if self.kind == "word":
            if text not in self.words:
                raise ValueError(f"use {self.usage(key)}")
            return text
        whole = self.kind == "whole"
        if not (_WHOLE if whole else _NUMBER).fullmatch(text):
            raise ValueError(f"{key} must be {'a whole number' if whole else 'a number'}")
        value: int | float = int(text) if whole else float(text)
        if not self.low <= value <= self.high:
            raise ValueError(f"{key} must be {self.range()}")
        return value

    def range(self) -> str:
        """The range in words: ``from 1 to 1000``, ``at least 1``."""
        if self.high == math.inf:
            return f"at least {self.low:g}"
        if self.low == -math.inf:
            return f"at most {self.high:g}"
        return f"from {self.low:g} to {self.high:g}"


def parse_options(argument: str, name: str, params: Mapping[str, Param]) -> dict[str, Value]:
    """The options of ``argument`` (``KEY=VALUE`` separated by ``,`` or ``;``), in the order
    given, each read by its :class:`Param`; raises :class:`BotError` on an unknown or repeated
    option or a value out of its kind or range."""
    values: dict[str, Value] = {}
    for part in filter(None, (p.strip() for p in argument.replace(";", ",").split(","))):
        key, sep, text = (s.strip() for s in part.partition("="))
        param = params.get(key)
        if param is None or not sep:
            if not params:
                raise BotError(f"bot {name!r} takes no argument, not {argument!r}")
            usage = ", ".join(p.usage(k) for k, p in params.items())
            raise BotError(f"bad {name} option {part!r}: use {usage}")
        if key in values:
            raise BotError(f"bad {name} option {part!r}: {key} is given twice")
        try:
            values[key] = param.read(key, text)
        except ValueError as e:
            raise BotError(f"bad {name} option {part!r}: {e}") from None
    return values


def capped(params: Mapping[str, Param], caps: Mapping[str, float]) -> dict[str, Param]:
    """``params`` with the highest value of each option in ``caps`` lowered to its cap."""
    return {k: replace(p, high=min(p.high, caps[k])) if k in caps else p for k, p in params.items()}


def spec_text(name: str, values: Mapping[str, Value]) -> str:
    """The spec ``NAME:KEY=VALUE,…`` of ``values`` (as :func:`parse_options` read them, which
    reads the text back to the same values): ``ms=250``, ``c=0.5``."""

    def text(value: Value) -> str:
        if isinstance(value, float):
            return f"{value:.9f}".rstrip("0").rstrip(".")
        return str(value)

    return name + (":" + ",".join(f"{k}={text(v)}" for k, v in values.items()) if values else "")


@dataclass(frozen=True)
class OptionsFactory:
    """A registry factory whose argument is options of :data:`params`: ``make(seed, values)``
    makes the bot from what :func:`parse_options` read."""

    name: str
    params: Mapping[str, Param]
    make: Callable[[int | str, dict[str, Value]], Bot]

    def __call__(self, argument: str, seed: int | str) -> Bot:
        """The bot of ``argument`` and ``seed``; raises :class:`BotError` on bad options."""
        return self.make(seed, parse_options(argument, self.name, self.params))


__all__ = ["OptionsFactory", "Param", "Value", "capped", "parse_options", "spec_text"]
