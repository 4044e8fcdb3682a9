"""Tiny rummy's terminal parts: its header and table, and its keys (d draw, t take, m lay the
selected set, x discard); everything else is the shared defaults."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from extra_games.tiny_rummy.engine import Discard, Draw, Lay
from handgame.core.words import phrase
from handgame.tui.parts import Drawn, Keys, Refuse, TableParts
from handgame.tui.render import cards_text, shown_name


class TinyTable(TableParts):
    """Tiny rummy at the terminal."""

    game = "tiny-rummy"
    keys_help = (
        ("←→", "tui_key_select"),
        ("d", "tui_key_draw"),
        ("t", "tui_key_take"),
        ("m", "tui_key_meld"),
        ("x", "tui_key_discard"),
        ("?", "tui_key_hint"),
        ("q", "tui_key_quit"),
    )
    bindings = (
        "d:command('draw','stock') t:command('draw','discard') m:command('meld') "
        "x:command('discard')"
    )
    prompts = {"draw": "tiny_prompt_draw", "play": "tiny_prompt_play"}  # noqa: RUF012

    def draw(
        self, state: Any, view: Any, target: int | None, lang: str, width: int | None
    ) -> Drawn:
        """The round, the stock, the pile's top, then each seat and its sets."""
        top = view.discard_pile[-1].symbol() if view.discard_pile else "-"
        header = Text(f"Tiny rummy · round {view.round_number} · stock {view.stock_count}")
        header.append(f" · pile {top}")
        lines = []
        for s, name in enumerate(view.names):
            line = Text("▶ " if view.turn == s else "  ")
            line.append(f"{shown_name(name, lang)} · {view.hand_counts[s]} cards")
            line.append(f" · {view.totals[s]}")
            for m in view.melds:
                if m.owner == s:
                    line.append("  ")
                    line.append_text(cards_text(m.cards, None))
            lines.append(line)
        return Drawn(header, Text("\n").join(lines))

    def command(self, name: str, argument: str | None, keys: Keys) -> Any:
        """Draw, take, lay the selected set, discard the selected card (or the cursor's)."""
        if name == "draw":
            return Draw(keys.seat, argument or "stock")
        if name == "meld":
            return Lay(keys.seat, tuple(sorted(keys.selected)))
        card = keys.selected[0] if keys.selected else keys.under_cursor
        return Discard(keys.seat, card) if card is not None else Refuse(phrase("tui_not_now"))
