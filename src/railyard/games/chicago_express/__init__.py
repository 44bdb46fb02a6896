"""Chicago Express (Queen Games): rules in ``state.py``, board facts in ``data/``."""
from ...engine.registry import TitleInfo
from .board import board
from .state import ChicagoExpressState


def _new(players: list[str], seed: int, options: dict) -> ChicagoExpressState:
    return ChicagoExpressState(players, seed, options)


TITLE = TitleInfo(
    slug="chicago-express",
    name="Chicago Express",
    min_players=2,
    max_players=6,
    factory=_new,
    options=(),
    notes="Queen Games; the same game as Wabash Cannonball.",
)

__all__ = ["TITLE", "ChicagoExpressState", "board"]
