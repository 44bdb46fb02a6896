"""Bots that play any title through the engine contract."""
from .random_bot import RandomBot

#: bot kinds by name, as used by ``railyard play --seats bot:random``
KINDS = {"random": RandomBot}

__all__ = ["RandomBot", "KINDS"]
