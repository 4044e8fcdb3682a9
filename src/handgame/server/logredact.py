"""Seat tokens kept out of the server's logs: the value of every ``token`` query parameter in
a logged line is written ``***``."""

from __future__ import annotations

import logging
from urllib.parse import unquote_plus

#: what ends a query parameter's name or value in a logged line
_QUERY_ENDS = frozenset("&= \t\r\n\"'")


def redact(text: str) -> str:
    """``text`` with the value of every ``token`` query parameter written ``***``, however
    its name is spelled (``%74oken``, ``TOKEN``).

    >>> redact("GET /ws/tables/x?since=3&%74oken=SECRET HTTP/1.1")
    'GET /ws/tables/x?since=3&%74oken=*** HTTP/1.1'
    """
    out: list[str] = []
    at = 0
    while at < len(text):
        ch = text[at]
        out.append(ch)
        at += 1
        if ch not in "?&":
            continue
        start = at  # a parameter: its name up to "=", its value up to the next end
        while at < len(text) and text[at] not in _QUERY_ENDS:
            at += 1
        name = text[start:at]
        out.append(name)
        if at >= len(text) or text[at] != "=":
            continue
        at += 1
        value_start = at
        while at < len(text) and text[at] not in _QUERY_ENDS - {"="}:
            at += 1
        hidden = unquote_plus(name).strip().lower() == "token"
        out.append("=" + ("***" if hidden else text[value_start:at]))
    return "".join(out)


class RedactTokens(logging.Filter):
    """A logging filter that writes ``token=***`` for the seat tokens in logged URLs."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact the record's message and arguments; always keep the record."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def redact_server_logs() -> None:
    """Keep seat tokens out of uvicorn's logs (call after uvicorn sets up logging)."""
    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(RedactTokens())
