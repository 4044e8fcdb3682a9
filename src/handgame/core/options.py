"""Option specs: what each option of a game's ruleset may be, checked in one place.

A game's ruleset is a preset (a named set of option values) with overrides by name; each
option has one :class:`OptionSpec` saying its kind, its allowed values (choices, or a range for
whole numbers, both ends bounded), whether null is allowed and what null means, and its rule
ids. The engine checks overrides with it, ``hand rules GAME`` lists the options from it, and
the server and the lobby read its JSON form (:meth:`OptionSpec.to_json`), so no front end
writes an option's bounds again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from handgame.core.errors import OptionError

#: the kinds of option: one of ``choices``; true/false; a whole number in ``[minimum,
#: maximum]``; a list of such whole numbers (``length`` long); a set of ``choices`` (a list
#: of distinct ones, kept in the order of ``choices``)
KINDS = ("choice", "bool", "int", "ints", "set")


def show(value: Any) -> str:
    """An option value as written on the command line and in JSON (``null``, ``true``)."""
    if value is None:
        return "null"
    if _whole(value) and abs(value) > 10**18:  # not thousands of digits in a refusal
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return repr(value)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class OptionSpec:
    """One option of a ruleset: its kind, allowed values, rule ids and meaning."""

    name: str
    kind: str
    rule: str
    doc: str
    #: the allowed values (``choice``) or members (``set``)
    choices: tuple[Any, ...] | None = None
    #: the bounds of a whole number (``int``, and each number of ``ints``), both inclusive
    minimum: int | None = None
    maximum: int | None = None
    #: whether null is allowed; ``doc`` says what it means
    nullable: bool = False
    #: the fewest and most numbers of an ``ints`` list
    length: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        """Every kind has what it needs: choices, or both bounds."""
        assert self.kind in KINDS, self.kind
        if self.kind in ("choice", "set"):
            assert self.choices, self.name
        if self.kind in ("int", "ints"):
            assert self.minimum is not None and self.maximum is not None, self.name
            assert self.minimum <= self.maximum, self.name
        if self.kind == "ints":
            assert self.length is not None and 1 <= self.length[0] <= self.length[1], self.name

    def values(self) -> str:
        """The values it allows, in words (``hand rules``, the option tables)."""
        null = " or null" if self.nullable else ""
        if self.kind == "choice":
            assert self.choices is not None
            return ", ".join(show(c) for c in self.choices) + (", null" if self.nullable else "")
        if self.kind == "bool":
            return "true, false"
        if self.kind == "int":
            return f"integer from {self.minimum} to {self.maximum}" + (", or null" if null else "")
        if self.kind == "ints":
            assert self.length is not None
            low, high = self.length
            return (
                f"list of {low} to {high} integers from {self.minimum} to {self.maximum}"
                + (", or null" if null else "")
            )
        assert self.choices is not None
        return "list of " + ", ".join(show(c) for c in self.choices) + null

    def to_json(self) -> dict[str, Any]:
        """The spec as a JSON object (the server's presets, the lobby)."""
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "rule": self.rule}
        out["doc"] = self.doc
        out["nullable"] = self.nullable
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["min"], out["max"] = self.minimum, self.maximum
        if self.length is not None:
            out["min_length"], out["max_length"] = self.length
        return out

    def rule_ids(self) -> tuple[str, ...]:
        """The rule ids :attr:`rule` cites (``"L-20…L-22, O-2"``: L-20, L-22, O-2), as an
        error carries them; words that are not ids (``beyond the sources``) are left out."""
        ids: list[str] = []
        for part in self.rule.replace("…", ", ").split(","):
            prefix, _, number = part.strip().partition("-")
            if prefix.isalpha() and prefix.isupper() and number.isdigit():
                ids.append(f"{prefix}-{number}")
        return tuple(ids)

    def _error(self, message: str) -> OptionError:
        return OptionError(message, rules=self.rule_ids())

    def _refuse(self, value: Any, valid: str) -> OptionError:
        return self._error(f"option {self.name}: {show(value)} is not valid; valid: {valid}")

    def check(self, value: Any) -> Any:
        """The value, normalised (a ``set`` as a tuple), or raise :class:`OptionError`."""
        if value is None and self.nullable:
            return None
        if self.kind == "choice":
            assert self.choices is not None
            for c in self.choices:
                if value == c and type(value) is type(c):
                    return c
            raise self._refuse(value, ", ".join(show(c) for c in self.choices))
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise self._refuse(value, "true, false")
        if self.kind == "int":
            if not _whole(value):
                raise self._refuse(value, self._integer())
            self.check_range(value)
            return value
        if self.kind == "ints":
            assert self.length is not None
            low, high = self.length
            if not isinstance(value, (list, tuple)) or not all(_whole(v) for v in value):
                raise self._refuse(value, f"a list of {low} to {high} integers")
            if not low <= len(value) <= high:
                raise self._error(
                    f"option {self.name}: a list of {len(value)} numbers; valid: {low} to {high}"
                )
            for v in value:
                self.check_range(v)
            return tuple(value)
        assert self.choices is not None  # set
        if isinstance(value, str):
            value = [value] if value else []
        if isinstance(value, (list, tuple)) and all(v in self.choices for v in value):
            return tuple(c for c in self.choices if c in value)
        raise self._refuse(value, "a list of " + ", ".join(show(c) for c in self.choices))

    def _integer(self) -> str:
        """The integers it allows, as a refusal says them."""
        null = " or null" if self.nullable else ""
        return f"an integer from {self.minimum} to {self.maximum}{null}"

    def check_range(self, value: Any) -> None:
        """Refuse a whole number outside ``[minimum, maximum]`` (null passes where allowed)."""
        if value is None or self.minimum is None or self.maximum is None:
            return
        if not self.minimum <= value <= self.maximum:
            raise self._refuse(value, self._integer())


__all__ = ["KINDS", "OptionSpec", "show"]
