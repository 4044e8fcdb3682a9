#!/usr/bin/env python3
"""A bot for the hand-bot/1 protocol that plays a random legal action (stdlib only).

Play it against the built-in random bot:

    hand simulate --bot "external:python3 examples/random_bot.py" --bot random --games 10
"""

import json
import random
import sys


def send(message):
    print(json.dumps(message), flush=True)


def main():
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            rng.seed(message["seed"])  # reproducible games for the same seed
            send({"type": "ready", "name": "example-random"})
        elif kind == "act":
            legal = message["view"]["legal_actions"]
            send({"type": "action", "index": rng.randrange(len(legal))})
        elif kind == "redeal?":
            send({"type": "redeal", "claim": rng.random() < 0.5})
        elif kind == "quit":
            break
        # anything else (such as "result") needs no answer


if __name__ == "__main__":
    main()
