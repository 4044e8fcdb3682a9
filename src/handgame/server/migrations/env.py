"""Alembic's environment: the connection :mod:`handgame.server.migrate` passes, else the
database of ``$HAND_DATABASE_URL`` (or ``-x url=...``; ``hand serve``'s default otherwise)."""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy import create_engine

from handgame.server.storage import default_database_url, normalize_url

config = context.config


def run() -> None:
    """Run the migrations on the given connection, or on a new one to the database's URL."""
    given = config.attributes.get("connection")
    if given is not None:
        context.configure(connection=given, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    if config.config_file_name is not None:  # the command line: its logging
        fileConfig(config.config_file_name, disable_existing_loggers=False)
    url = context.get_x_argument(as_dictionary=True).get("url") or default_database_url()
    engine = create_engine(normalize_url(url))
    try:
        with engine.begin() as conn:
            context.configure(connection=conn, render_as_batch=True)
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


run()
