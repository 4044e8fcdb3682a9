"""The transport's floor for ``server_load.py``: a bare FastAPI WebSocket echo under uvicorn,
run as ``hand serve`` runs (the same uvicorn, the same largest message, compression as
``hand serve``: off unless ``--ws-compression``).

``/ws/echo`` reads each text message as JSON (as the game server reads an action) and answers
it with one message per size in its ``reply`` list: the first one stands for the ``ack``, the
others for the ``state`` messages the game server sent after it, each padded to its size. No
game, no storage, no view: what is left is the WebSocket, JSON and the event loop.

    python benchmarks/echo_server.py --port 8100
"""

from __future__ import annotations

import argparse
import json

import uvicorn
from fastapi import FastAPI, WebSocket
from starlette.websockets import WebSocketDisconnect


def padded(kind: str, ident: str, size: int) -> str:
    """A message of ``kind`` for ``ident`` padded to ``size`` characters (or a little more)."""
    head = json.dumps({"type": kind, "id": ident, "pad": ""})
    return head[:-2] + "x" * max(0, size - len(head)) + '"}'


def create_echo() -> FastAPI:
    """The echo application."""
    app = FastAPI(title="echo")

    @app.websocket("/ws/echo")
    async def echo(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            while True:
                message = json.loads(await websocket.receive_text())
                ident = str(message.get("id"))
                for i, size in enumerate(message.get("reply", [])):
                    await websocket.send_text(padded("ack" if i == 0 else "state", ident, size))
        except WebSocketDisconnect:
            pass

    @app.get("/api/ready")
    async def ready() -> dict[str, bool]:
        return {"ok": True}

    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8100)
    parser.add_argument(
        "--ws-compression", action="store_true", help="permessage-deflate, as hand serve's flag"
    )
    args = parser.parse_args()
    uvicorn.run(
        create_echo(),
        host=args.host,
        port=args.port,
        ws_max_size=64 * 1024,
        ws_per_message_deflate=args.ws_compression,  # as hand serve (off unless asked for)
        log_level="info",  # as hand serve logs
        timeout_graceful_shutdown=5,
    )


if __name__ == "__main__":
    main()
