"""The games registry loads once for every thread: a thread that asks while another loads it
waits for the whole of it (a server reloading tables in several threads after a restart was
told ``unknown preset 'levant'`` by a registry half loaded: tests/test_server_kill.py)."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import threading
from handgame.core import registry
failed = []
def ask():
    try:
        registry.find_game("levant")
        registry.find_game("hand-and-foot")
    except Exception as e:
        failed.append(e)
threads = [threading.Thread(target=ask) for _ in range(16)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(len(failed), failed[:1])
"""


def test_threads_asking_at_once_all_find_the_games() -> None:
    for _ in range(3):  # a fresh process each time: the registry not yet loaded
        out = subprocess.run(
            [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120
        )
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith("0 "), out.stdout
