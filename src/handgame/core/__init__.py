"""The core: what every game shares (cards, options, errors, seating, records, the game protocol).

It imports nothing of the package above it and nothing outside the standard library.
"""

#: the package's version (``handgame.__version__``)
__version__ = "0.1.0"
