"""The HTML pages of ``hand serve`` (the lobby, a table's play and replay pages), its static
files and the glossaries the pages read."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from handgame import locale
from handgame.server.hub import Hub

#: the web UI: plain HTML, JavaScript modules and CSS, no build step
STATIC = Path(__file__).parent / "static"


def add_page_routes(app: FastAPI, hub: Hub) -> None:
    """Mount the static files and add the page routes (after the API's routes)."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/locale/{lang}.json", include_in_schema=False)
    async def glossary(lang: str) -> Response:
        """The glossary of ``lang`` (en, ar, fa): every word the page shows, the games' action
        tables and how phrases are said (:func:`handgame.locale.glossary`, which the terminal
        reads too)."""
        if lang not in locale.LANGS:
            raise HTTPException(404, f"no glossary {lang!r}; the languages are en, ar, fa")
        text = json.dumps(locale.glossary(lang), ensure_ascii=False)
        return Response(text, media_type="application/json")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    async def page_of_table(table_id: str, page: str) -> FileResponse:
        """A table's page; for a table that does not exist, a page that says so (``404``)
        with the way back to the lobby, instead of an empty table."""
        try:
            missing = await hub.fetch(table_id) is None
        except Exception:  # the database does not answer: the page itself will say so
            missing = False
        if missing:
            return FileResponse(STATIC / "missing.html", status_code=404)
        return FileResponse(STATIC / page)

    @app.get("/play/{table_id}", include_in_schema=False)
    async def play_page(table_id: str) -> FileResponse:
        return await page_of_table(table_id, "play.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return await page_of_table(table_id, "replay.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")
