"""The reference's bookkeeping of named 1870 certificates (export notes, pitfall 12), which
the import uses to tell IPO from pool purchases."""
from __future__ import annotations

from railyard.eighteen.import18xx.certs1870 import CertBook


def test_pitfall_12_a_president_selling_only_ten_percent_certificates_falls_behind():
    """The president (seat 1: ATSF_0 and ATSF_3) sells ATSF_3 while seat 0 holds 30 %: seat
    0 becomes president (7.2) and hands his first two 10 % certificates to seat 1, who
    still holds 20 %, for ATSF_0 (1870-p3-seed22 action 296; ATSF_4 is then seat 1's and
    later sold to the pool, action 393 buys it there)."""
    book = CertBook(["ATSF"], 3)
    book.buy(1, ["ATSF_0"])
    book.buy(1, ["ATSF_3"])
    book.buy(0, ["ATSF_4", "ATSF_1", "ATSF_2"])
    assert book.president("ATSF") == 1                 # a tie keeps the president
    book.sell(1, ["ATSF_3"], 10)
    assert book.president("ATSF") == 0
    assert book.h["ATSF"]["1"] == ["ATSF_4", "ATSF_1"]
    assert book.h["ATSF"]["0"] == ["ATSF_2", "ATSF_0"]
    assert book.where("ATSF_3") == "pool"


def test_pitfall_12_no_swap_while_the_seller_stays_ahead():
    book = CertBook(["ATSF"], 3)
    book.buy(1, ["ATSF_0", "ATSF_3", "ATSF_5"])
    book.buy(0, ["ATSF_4"])
    book.sell(1, ["ATSF_3"], 10)
    assert book.president("ATSF") == 1
    assert book.h["ATSF"]["1"] == ["ATSF_0", "ATSF_5"]
