"""Bots: players that choose an action from what their seat may see (``Deal.view(seat)``) and say why."""

from lanterloo.bots.base import Bot, Decision, RandomBot, make_bot, make_bots

__all__ = ["Bot", "Decision", "RandomBot", "make_bot", "make_bots"]
