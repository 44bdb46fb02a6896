"""The planner bot for 1830 and 1870 (issue 22): ``PlannerBot(seed, level)``."""
from .bot import PlannerBot

__all__ = ["PlannerBot"]
