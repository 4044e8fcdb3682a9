"""The database's schema changes, as Alembic migrations (``versions/``): the baseline that
today's server made before Alembic (0001) and every change since. :mod:`handgame.server.migrate`
runs them when the server starts; ``alembic upgrade head`` (the repository's ``alembic.ini``)
runs them by hand."""
