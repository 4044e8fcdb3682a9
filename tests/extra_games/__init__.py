"""Games that exist only in the tests, each a package registering itself (``tests/conftest.py``
imports every package here after the built-in games): they show that the package's front ends
and tools take any game, with no change outside the game's own files."""
