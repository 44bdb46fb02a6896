"""Drop-one check of 1870's 18xx.games profile (issue 12): every option of
``SITE_PROFILE`` is needed.  With one option switched off (the others on) the reference game
named for it, which replays exactly with the whole profile
(``test_random_fixtures.py``), is refused at the action where the site departs from the
printed rule (docs/games/1870.md, "18xx.games profile").  An option without such a game
fails the test: it is not needed and should be dropped."""
from __future__ import annotations

import json

import pytest

from railyard.eighteen.import18xx.errors import ExportError
from railyard.games.g1870.import18xx import SITE_PROFILE, import_1870

from .test_random_fixtures import FILES, OPEN

#: option -> (reference game, the export action the site plays differently)
EVIDENCE = {
    "redemption_without_consent": ("1870-p2-seed10.json", 281),
    "reissue_after_dealing": ("1870-p2-seed10.json", 333),
    "buy_after_buy_and_sell": ("1870-p3-seed2.json", 114),
    "mrbc_lay_extra": ("1870-p4-seed32.json", 253),
    "private_trades_from_phase_2": ("1870-p6-seed9.json", 23),
    "redeem_with_reissue_money": ("1870-p2-seed15.json", 930),
    "train_limit_purchase_then_discard": ("1870-p2-seed10.json", 1065),
    "emergency_sale_whole_presidents_certificate": ("1870-p4-seed23.json", 539),
    "emergency_sale_protected_by_seller": ("1870-p4-seed23.json", 541),
    "connection_run_without_routes": ("1870-p2-seed1.json", 1326),
    "emergency_sale_when_corporation_short": ("1870-p4-seed40.json", 1154),
}


def test_every_profile_option_has_a_reference_game():
    assert set(EVIDENCE) == set(SITE_PROFILE)
    names = {p.name for p in FILES}
    for game, _ in EVIDENCE.values():
        assert game in names and game not in OPEN       # replays with the whole profile


@pytest.mark.parametrize("option", SITE_PROFILE)
def test_switching_one_profile_option_off_breaks_its_reference_game(option):
    game, action = EVIDENCE[option]
    path = next(p for p in FILES if p.name == game)
    data = json.loads(path.read_text("utf-8"))
    without = tuple(o for o in SITE_PROFILE if o != option)
    with pytest.raises(ExportError) as err:
        import_1870(data, profile=without)
    assert f"Action {action} " in str(err.value)
