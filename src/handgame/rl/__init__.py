"""Reinforcement learning on every registered game: a PettingZoo AEC environment
(:mod:`handgame.rl.hand_v0`), a Gymnasium single-agent wrapper against the project's bots
(``HandVsBots-v0``, :mod:`handgame.rl.gym_env`), a masked PPO learner in numpy
(:mod:`handgame.rl.ppo`) and the ``policy:PATH`` bot that plays a trained agent.

The environment reaches games only through the registry and the game protocol, sees a seat's
view only, and computes its action mask from the engine's ``legal_actions``. It needs the
optional extra ``handgame[rl]`` (numpy, gymnasium, pettingzoo); importing this package alone
imports none of them. ``docs/rl.md`` documents the spaces and the encoding.
"""
