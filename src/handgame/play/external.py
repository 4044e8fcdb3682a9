"""The ``external`` bot: a program in any language that speaks ``hand-bot/1`` on stdin/stdout.

``make_bot("external:python3 mybot.py")`` starts the program (split with :func:`shlex.split`,
no shell) and plays through it. Options come before the command as ``NAME=VALUE:`` prefixes:
``external:timeout=5:start_timeout=60:log=bot.log:./mybot --fast``. The protocol (one JSON
object per line, UTF-8) is specified in ``docs/bot-protocol.md``: the engine sends ``hello``
once (answered by ``ready``), then ``act`` (answered by ``action``) and ``redeal?`` (answered by
``redeal``), notifications ``result`` (no answer) and finally ``quit``. The program only ever
receives its own seat's view as JSON (``view.to_json()``); the game is the registry's game of
the view's preset, which reads the program's actions (``GameSpec.parse_action``).
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, TextIO

from handgame.core.bot import Bot
from handgame.core.errors import ActionError, BotError
from handgame.core.game import GameSpec
from handgame.core.registry import find_game

PROTOCOL = "hand-bot/1"
#: seconds a bot has to answer one message (``timeout=``)
DEFAULT_TIMEOUT = 10.0
#: seconds a bot has to answer ``hello`` with ``ready`` (``start_timeout=``)
DEFAULT_START_TIMEOUT = 30.0
#: the options that may prefix the command, ``NAME=VALUE:``
OPTIONS = ("timeout", "start_timeout", "log")
_EOF = object()
_STDERR_LINES = 20


def parse_spec(argument: str) -> tuple[dict[str, str], list[str]]:
    """Split ``[NAME=VALUE:]...COMMAND`` into the options and the command's words."""
    options: dict[str, str] = {}
    rest = argument.strip()
    while True:
        head, sep, tail = rest.partition(":")
        name, eq, value = head.partition("=")
        if not sep or not eq or name.strip() not in OPTIONS or " " in name.strip():
            break
        options[name.strip()] = value.strip()
        rest = tail.strip()
    try:
        words = shlex.split(rest)
    except ValueError as exc:
        raise BotError(f"external bot command {rest!r}: {exc}") from None
    if not words:
        raise BotError(
            "the external bot needs a command, e.g. external:python3 mybot.py "
            "or external:timeout=5:./mybot"
        )
    return options, words


def _seconds(options: dict[str, str], name: str, default: float) -> float:
    text = options.get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise BotError(f"external bot option {name}={text}: give a number of seconds above 0")
    return value


class ExternalBot(Bot):
    """A bot played by a separate program over the line-based JSON protocol ``hand-bot/1``."""

    name = "external"

    def __init__(
        self,
        command: list[str],
        seed: int | str = 0,
        timeout: float = DEFAULT_TIMEOUT,
        start_timeout: float = DEFAULT_START_TIMEOUT,
        log: str | None = None,
    ) -> None:
        """Start ``command`` (a list of words, no shell); raises :class:`BotError` if it cannot."""
        super().__init__(seed)
        self.command = list(command)
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.label = shlex.join(self.command)
        self.bot_name: str | None = None  # the name the program gives in ``ready``
        self.seat: int | None = None
        self.game: GameSpec | None = None  # the game of the first view, found by its preset
        self._results_seen = 0
        self._closed = False
        self._stderr: deque[str] = deque(maxlen=_STDERR_LINES)
        self._lines: queue.Queue[object] = queue.Queue()
        self._log: TextIO | None = open(log, "a", encoding="utf-8") if log else None
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            self._close_log()
            raise BotError(f"cannot start the external bot {self.label!r}: {exc}") from None
        self._threads = [
            threading.Thread(target=self._pump_stdout, daemon=True),
            threading.Thread(target=self._pump_stderr, daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    # --------------------------------------------------------------------- the Bot interface

    def choose(self, view: Any) -> Any:
        """Send ``act`` with the view; the answer must be one of ``view.legal_actions``."""
        self._start(view)
        self._notify_results(view)
        answer = self._ask({"type": "act", "view": view.to_json()}, "action")
        return self._read_action(answer, view)

    def wants_redeal(self, view: Any) -> bool:
        """Send ``redeal?`` when the seat may claim a redeal (L-52); the answer's ``claim``."""
        claims = self._game(view).out_of_turn_verbs
        if not any(getattr(a, "verb", None) in claims for a in view.legal_actions):
            return False
        self._start(view)
        self._notify_results(view)
        answer = self._ask({"type": "redeal?", "view": view.to_json()}, "redeal")
        claim = answer.get("claim")
        if not isinstance(claim, bool):
            raise self._error(f"answered redeal? with claim={claim!r}; it must be true or false")
        return claim

    def match_over(self, summary: dict[str, Any]) -> None:
        """Send the final ``result`` (``summary`` is the replay answer of the match); no answer."""
        if self.seat is None or self._closed:
            return
        message = {
            "type": "result",
            "final": True,
            "rounds": summary.get("rounds", []),
            "totals": summary.get("totals"),
            "team_totals": summary.get("team_totals"),
            "finished": bool(summary.get("finished")),
            "winner": summary.get("winner"),
        }
        self._send(message, check=False)

    def close(self) -> None:
        """Send ``quit`` (after ``hello``) and close its stdin; terminate it if it lingers."""
        if self._closed:
            return
        self._closed = True
        process = self.process
        if process.poll() is None and self.seat is not None:
            self._send({"type": "quit"}, check=False)
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.terminate()
            try:
                process.wait(timeout=2.0)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for thread in self._threads:
            thread.join(timeout=1.0)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        self._close_log()

    # --------------------------------------------------------------------- protocol steps

    def _game(self, view: Any) -> GameSpec:
        """The game the view is of (its preset's, in the registry)."""
        if self.game is None:
            self.game = find_game(view.preset)
        return self.game

    def _start(self, view: Any) -> None:
        """The handshake, at the first request (the seat is known only from the first view)."""
        if self._closed:
            raise BotError(f"external bot {self.label!r} is closed")
        if self.seat is not None:
            if view.seat != self.seat:
                raise BotError(
                    f"external bot {self.label!r} plays seat {self.seat}, not seat {view.seat}"
                )
            return
        self.seat = view.seat
        hello = {
            "type": "hello",
            "protocol": PROTOCOL,
            "seat": view.seat,
            "seed": str(self.seed),
            "game": {
                "preset": view.preset,
                "options": view.options,
                "players": view.players,
                "partnership": view.partnership,
                "names": list(view.names),
            },
        }
        answer = self._ask(hello, "ready", self.start_timeout)
        name = answer.get("name")
        if name is not None and not isinstance(name, str):
            raise self._error(f"answered hello with name={name!r}; it must be a string")
        self.bot_name = name
        self._results_seen = len(view.results)

    def _notify_results(self, view: Any) -> None:
        """Send ``result`` when a round ended since the last request (no answer)."""
        if len(view.results) <= self._results_seen:
            return
        self._results_seen = len(view.results)
        self._send(
            {
                "type": "result",
                "final": False,
                "rounds": list(view.results),
                "totals": list(view.totals),
                "team_totals": list(view.team_totals) if view.team_totals else None,
                "finished": False,
                "winner": None,
            }
        )

    def _read_action(self, answer: dict[str, Any], view: Any) -> Any:
        legal = view.legal_actions
        if "index" in answer:
            index = answer["index"]
            if not isinstance(index, int) or isinstance(index, bool):
                raise self._error(f"answered act with index={index!r}; it must be an integer")
            if not 0 <= index < len(legal):
                raise self._error(
                    f"answered act with index {index}, out of range: there are {len(legal)} "
                    f"legal actions (0 to {len(legal) - 1})"
                )
            return legal[index]
        obj = answer.get("action")
        if obj is None:
            raise self._error('answered act without "action" or "index"')
        if isinstance(obj, dict) and "seat" not in obj:
            obj = {"seat": view.seat, **obj}
        try:
            action = self._game(view).parse_action(obj)
        except ActionError as exc:
            raise self._error(
                f"answered act with a malformed action {_short(obj)}: {exc}"
            ) from None
        if action not in legal:
            raise self._error(
                f"chose an illegal action {action} (seat {view.seat}, phase {view.phase}, "
                f"{len(legal)} legal actions)"
            )
        return action

    # --------------------------------------------------------------------- plumbing

    def _ask(
        self, message: dict[str, Any], expect: str, timeout: float | None = None
    ) -> dict[str, Any]:
        """Send ``message`` and read the answer of type ``expect`` (skipping ``info`` lines)."""
        self._send(message)
        what = str(message["type"])
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        while True:
            remaining = deadline - time.monotonic()
            try:
                item = self._lines.get(timeout=max(remaining, 0.0))
            except queue.Empty:
                raise self._error(f"did not answer {what} within {limit:g} s") from None
            if item is _EOF:
                raise self._error(f"exited before answering {what}{self._exit_status()}")
            line = str(item)
            if not line.strip():
                continue
            try:
                answer = json.loads(line)
            except ValueError:
                raise self._error(
                    f"answered {what} with a line that is not JSON: {_short(line)}"
                ) from None
            if not isinstance(answer, dict):
                raise self._error(f"answered {what} with {_short(line)}, not a JSON object")
            kind = answer.get("type")
            if kind == "info":
                continue
            if kind != expect:
                raise self._error(
                    f"answered {what} with a message of type {kind!r}; expected {expect!r}"
                )
            return answer

    def _send(self, message: dict[str, Any], check: bool = True) -> None:
        """Write one message line to the program."""
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        self._write_log(">", line)
        stdin = self.process.stdin
        try:
            assert stdin is not None
            stdin.write(line + "\n")
            stdin.flush()
        except (OSError, ValueError):
            if check:
                what = message.get("type")
                raise self._error(f"exited before receiving {what}{self._exit_status()}") from None

    def _pump_stdout(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            for line in stdout:
                line = line.rstrip("\r\n")
                self._write_log("<", line)
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(_EOF)

    def _pump_stderr(self) -> None:
        stderr = self.process.stderr
        assert stderr is not None
        try:
            for line in stderr:
                line = line.rstrip("\r\n")
                self._stderr.append(line)
                self._write_log("!", line)
        except (OSError, ValueError):
            pass

    def _exit_status(self) -> str:
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return ""
        for thread in self._threads[1:]:
            thread.join(timeout=1.0)
        text = f" (exit code {code})"
        if self._stderr:
            text += "; its stderr ended with: " + _short(" | ".join(self._stderr), 300)
        return text

    def _error(self, message: str) -> BotError:
        """A :class:`BotError` naming the program; the program is ended."""
        seat = f" at seat {self.seat}" if self.seat is not None else ""
        error = BotError(f"external bot {self.label!r}{seat} {message}")
        self.close()
        return error

    def _write_log(self, direction: str, line: str) -> None:
        log = self._log
        if log is not None:
            try:
                log.write(f"{os.getpid()} {direction} {line}\n")
                log.flush()
            except (OSError, ValueError):
                pass

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None


def _short(text: Any, limit: int = 120) -> str:
    shown = text if isinstance(text, str) else json.dumps(text)
    return repr(shown if len(shown) <= limit else shown[:limit] + "...")


def make_external(argument: str, seed: int | str) -> ExternalBot:
    """The ``external`` bot of a spec argument ``[timeout=S:][start_timeout=S:][log=FILE:]CMD``."""
    options, command = parse_spec(argument)
    return ExternalBot(
        command,
        seed,
        timeout=_seconds(options, "timeout", DEFAULT_TIMEOUT),
        start_timeout=_seconds(options, "start_timeout", DEFAULT_START_TIMEOUT),
        log=options.get("log") or None,
    )


def register_bots(register: Callable[[str, Callable[[str, int | str], Bot]], None]) -> None:
    """Register the ``external`` bot."""
    register("external", make_external)
