"""Screenshots of ``hand play --rules hand-and-foot``'s full-screen table, in English and Arabic.

    python scripts/hf_screenshots.py [OUT_DIR]   (default: docs/screenshots)

A seeded match (seed 5, you and three random bots) is played to the middle of its first round:
the person lays what it can (new melds, then adds, taking the pile when allowed) and discards
its first card. The app is then started headless on that state and Textual saves an SVG of the
screen; ``rsvg-convert`` (Debian's ``librsvg2-bin``) turns each into a PNG when it is there.
The partner's question (HF-10) is shot too, as the dialog it is.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

from handgame.core.registry import find_game
from handgame.games.hand_and_foot.state import Game
from handgame.tui.play_app import play_app
from handgame.tui.session import Session

ROOT = Path(__file__).resolve().parents[1]
SIZE = (100, 34)
PREFER = ("take", "meld", "add", "draw", "discard")


def session_at(turns: int, seed: str = "5") -> Session:
    """A session after the person's ``turns`` turns (yes to every question)."""
    game = Game.create("hand-and-foot", {}, 4, True, ["you", "bot 1", "bot 2", "bot 3"])
    s = Session(find_game("hand-and-foot"), game, ["human", "random", "random", "random"], seed)
    done = 0
    while done < turns:
        w = s.waiting()
        if w.kind == "deal":
            s.deal()
        elif w.kind == "bot":
            s.play_step(s.bot_step())
        elif w.kind == "summary":
            s.summary_seen()
        elif w.kind == "answer":
            s.act(next(a for a in s.state.legal_actions(0) if a.verb == "answer"))
        elif w.kind == "human":
            legal = s.state.legal_actions(0)
            action = min(legal, key=lambda a: PREFER.index(a.verb) if a.verb in PREFER else 9)
            s.act(action)
            done += action.verb == "discard"
        else:
            break
    return s


def shoot(session: Session, lang: str, path: Path, until_question: bool = False) -> None:
    """Start the app on ``session`` and save its screen as ``path`` (SVG)."""
    app = play_app(session, lang, bot_delay=0)

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            if until_question:
                for _ in range(60):
                    if session.waiting().kind == "answer":
                        break
                    await pilot.press("d")
                    await app.workers.wait_for_complete()
                    await pilot.press("x")
                    await app.workers.wait_for_complete()
                    await pilot.pause()
            else:
                if session.waiting().kind == "answer":
                    await pilot.press("1")  # yes: the table is shot on the person's turn
                    await pilot.pause()
                    await app.workers.wait_for_complete()
                await pilot.press("question_mark")
            await pilot.pause()
            app.save_screenshot(path.name, str(path.parent))

    asyncio.run(go())


def main(argv: list[str]) -> int:
    """Write the screenshots; the exit code."""
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    shots = [
        ("hand-and-foot-en.svg", "en", 6, False),
        ("hand-and-foot-ar.svg", "ar", 6, False),
        ("hand-and-foot-question-en.svg", "en", 2, True),
    ]
    for name, lang, turns, question in shots:
        path = out / name
        shoot(session_at(turns), lang, path, question)
        print(path)
        if shutil.which("rsvg-convert"):
            png = path.with_suffix(".png")
            subprocess.run(["rsvg-convert", "-o", str(png), str(path)], check=True)
            print(png)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
