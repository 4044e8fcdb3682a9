"""Guards of the HTTP layer against slow and large requests: a body size and body timeout
middleware, and an HTTP protocol for uvicorn that closes a connection that does not send its
request head in time (uvicorn's own keep-alive timeout covers the time between requests)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from handgame.server.settings import Settings

Scope = dict[str, Any]
Message = dict[str, Any]


class BodyLimit:
    """ASGI middleware: an HTTP request body is read whole first, ``max_body_bytes`` at most
    (else ``413``), each part within ``body_timeout`` seconds (else ``408``)."""

    def __init__(self, app: Any, settings: Settings) -> None:
        """Wrap ``app``."""
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        """Read and check the body, then hand the request on."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.settings.max_body_bytes
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                await _refuse(send, 413, f"a request body is at most {limit} bytes")
                return
        parts: list[bytes] = []
        size = 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), self.settings.body_timeout)
            except TimeoutError:
                await _refuse(send, 408, "the request body came too slowly")
                return
            if message["type"] != "http.request":
                await self.app(scope, _replay([message]), send)
                return
            parts.append(message.get("body", b""))
            size += len(parts[-1])
            if size > limit:
                await _refuse(send, 413, f"a request body is at most {limit} bytes")
                return
            if not message.get("more_body", False):
                break
        body = {"type": "http.request", "body": b"".join(parts), "more_body": False}
        await self.app(scope, _replay([body], receive), send)


def _replay(messages: list[Message], then: Any = None) -> Any:
    async def receive() -> Message:
        if messages:
            return messages.pop(0)
        if then is not None:
            after: Message = await then()  # the disconnect, when it comes
            return after
        return {"type": "http.disconnect"}

    return receive


async def _refuse(send: Any, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def guarded_protocol(settings: Settings) -> type[H11Protocol]:
    """uvicorn's h11 protocol, closing a connection whose request head is not in after
    ``settings.header_timeout`` seconds (an idle or slow client holds nothing for long)."""

    class GuardedH11Protocol(H11Protocol):
        """h11 with a deadline on the first request head (see :func:`guarded_protocol`)."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            """Start the deadline of the request head."""
            super().connection_made(transport)
            self.loop.call_later(settings.header_timeout, self.head_deadline)

        def head_deadline(self) -> None:
            """No request head yet: close the connection."""
            upgraded = self.transport.get_protocol() is not self  # a WebSocket now
            if self.cycle is None and not upgraded and not self.transport.is_closing():
                self.transport.close()

    return GuardedH11Protocol
