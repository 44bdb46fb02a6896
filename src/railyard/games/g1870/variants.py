"""The variants as game options (seed VARIANTEN; supplement 9.1.8, 12): which facts they
change.  Their rules live where the rule is (diesels in :mod:`.diesels`, station wars in
:mod:`.destinations`, the historical start in :mod:`.stock`/:mod:`.state`).

Option names are those of 18xx.games exports where the site has the variant (`diesels`,
`station_wars`, `finish_on_400`, `original_rules`, `original_tiles`, `original_market`,
`max_reissue_200`, `can_protect_if_sold`); `historical_start` is not on the site."""
from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any, Mapping

from ...eighteen.data import data_file
from .data import Static, build, raw_data


def facts() -> dict:
    return data_file(__package__, "variants.json")


def expand(options: Mapping[str, Any]) -> dict:
    """12.6: ``original_rules`` switches on the five options it is made of."""
    out = dict(options)
    if out.get("original_rules"):
        for name in facts()["original_rules"]:
            out[name] = True
    return out


def static_for(options: Mapping[str, Any]) -> Static:
    return _static(bool(options.get("diesels")), bool(options.get("original_market")),
                   bool(options.get("original_tiles")))


@lru_cache(maxsize=None)
def _static(diesels: bool, original_market: bool, original_tiles: bool) -> Static:
    d = raw_data()
    if not (diesels or original_market or original_tiles):
        from .data import static
        return static()
    d = copy.deepcopy(d)
    f = facts()
    if diesels:                                   # 12.2: 8s and 10s out, D for the 12s
        d["trains"] = d["variant_trains"]
        d["phases"] = d["variant_phases"]
    if original_market:                           # 12.5: three cells change colour
        for r, c, cell in f["original_market_cells"]:
            d["market"][r][c] = cell
    if original_tiles:                            # 9.1.8: fewer copies of some tiles
        for tile in d["tiles"]:
            tile["count"] = f["original_tile_counts"].get(tile["name"], tile["count"])
    return build(d)
