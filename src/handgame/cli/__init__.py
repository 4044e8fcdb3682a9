"""The ``hand`` command line."""

from handgame.cli.commands import main

__all__ = ["main"]
