"""Guards of the HTTP layer against slow and large requests: a body size and body timeout
middleware (the whole body within ``body_timeout``), and an HTTP protocol for uvicorn that
closes a connection that does not send its request head in time (uvicorn's own keep-alive
timeout covers the time between requests) and refuses more than ``max_http_per_ip``
connections at once from one address (issue 31)."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from handgame.server.limits import AddressCounts
from handgame.server.settings import Settings

Scope = dict[str, Any]
Message = dict[str, Any]


class BodyLimit:
    """ASGI middleware: an HTTP request body is read whole first, ``max_body_bytes`` at most
    (else ``413``), all of it within ``body_timeout`` seconds (else ``408``)."""

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
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settings.body_timeout  # for the whole body, not a part
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
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


def trusted(networks: str | None) -> Callable[[str], bool]:
    """Whether an address is one of ``networks`` (``hand serve --forwarded-allow-ips``:
    comma-separated addresses or networks, ``*`` for any; None: none)."""
    if not networks:
        return lambda address: False
    items = [n.strip() for n in networks.split(",") if n.strip()]
    if "*" in items:
        return lambda address: True
    nets = []
    for item in items:
        with contextlib.suppress(ValueError):
            nets.append(ipaddress.ip_network(item, strict=False))

    def check(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in nets)

    return check


def guarded_protocol(settings: Settings) -> type[H11Protocol]:
    """uvicorn's h11 protocol, closing a connection whose request head is not in after
    ``settings.header_timeout`` seconds (an idle or slow client holds nothing for long), and
    one beyond ``settings.max_http_per_ip`` open from its address (a trusted proxy's
    connections are not counted: the proxy limits its clients)."""
    counts = AddressCounts(settings.max_http_per_ip)
    proxy = trusted(settings.forwarded_allow_ips)

    class GuardedH11Protocol(H11Protocol):
        """h11 with a deadline on the first request head (see :func:`guarded_protocol`)."""

        counted: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            """Count the connection (or refuse it) and start the deadline of the request
            head."""
            super().connection_made(transport)
            peer = self.client[0] if self.client else "?"
            if not proxy(peer):
                if not counts.take(peer):
                    transport.abort()  # over the address's connections: no answer at all
                    return
                self.counted = peer
            self.loop.call_later(settings.header_timeout, self.head_deadline)

        def uncount(self) -> None:
            """The connection no longer counts (closed, or a WebSocket now: the hub counts
            those)."""
            if self.counted is not None:
                counts.give(self.counted)
                self.counted = None

        def connection_lost(self, exc: Exception | None) -> None:
            """Uncount the connection."""
            self.uncount()
            super().connection_lost(exc)

        def handle_websocket_upgrade(self, event: Any) -> None:
            """A WebSocket now: counted by the hub from here on."""
            self.uncount()
            super().handle_websocket_upgrade(event)

        def head_deadline(self) -> None:
            """No request head yet: close the connection."""
            upgraded = self.transport.get_protocol() is not self  # a WebSocket now
            if self.cycle is None and not upgraded and not self.transport.is_closing():
                self.transport.close()

    return GuardedH11Protocol


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """How ``hand serve`` runs uvicorn for ``settings`` (the tests' servers run it so too):
    the guarded HTTP protocol, the largest WebSocket frame read, compression (off unless
    ``ws_compression``: a state is a few kilobytes, cheaper sent than deflated), the kept-alive
    timeout, and
    the one way a client's address is read behind a proxy (docs/deploy.md): from
    ``X-Forwarded-For`` only when the connection comes from ``forwarded_allow_ips`` (the proxy
    must set that header to the client's address, not append to it), else the socket's."""
    return {
        "http": guarded_protocol(settings),
        "ws_max_size": 4 * settings.max_message_bytes,  # beyond: closed unread (1009)
        "ws_per_message_deflate": settings.ws_compression,
        "timeout_keep_alive": int(settings.idle_timeout),
        "timeout_graceful_shutdown": 5,  # a few seconds, even with bots searching
        "proxy_headers": settings.forwarded_allow_ips is not None,
        "forwarded_allow_ips": settings.forwarded_allow_ips or "",
    }
