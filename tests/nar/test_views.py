"""Views and sentences: private money, readable log."""
from railyard.engine import Game

from .helpers import GREEN, RED, give, table

SLUG = "north-american-railways"


def test_private_view_adds_only_the_seats_own_money():
    """Sec. 4 Hinweis: money may be kept secret; a player sees his own."""
    st = table(cash=[1700, 1200, 900, 100])
    view = st.private_view(2)
    assert view["you"] == {"seat": 2, "cash": 900}
    assert all(p["cash"] is None for p in view["players"])
    assert "1200" not in str({k: v for k, v in view.items() if k != "you"})


def test_describe_gives_a_sentence_for_every_action_type():
    st = table(shares=[[GREEN, RED], [GREEN], [RED], []])
    give(st, 1, RED)
    assert st.describe({"type": "found", "player": 0, "column": 1, "hundreds": 6}) == \
        ("P0 founds Green (share column 2) for $600, all of it into the company's treasury, "
         "and becomes its director; it starts in Start 1 (income $100).")
    assert st.describe({"type": "propose", "player": 0, "column": 0, "hundreds": 8}) == \
        "P0 proposes $800 for the share of Red (share column 1)."
    st.apply({"type": "propose", "player": 0, "column": 0, "hundreds": 8})
    assert st.describe({"type": "buy", "player": 1}) == \
        "P1 buys the Red share himself for $800: $400 to Red, $400 to P0."
    assert st.describe({"type": "allow", "player": 1}) == \
        "P1 lets P0 buy the Red share for $800: $400 to Red, $400 to the bank."


def test_describe_own_share_names_the_price_also_in_the_exception():
    st = table(shares=[[RED], [], [], []], cash=[700, 1700, 1700, 1700])
    give(st, 0, RED)
    assert st.describe({"type": "buy_own", "player": 0, "column": 0}) == \
        ("P0 buys a share of their own company Red (share column 1) for $700: $400 to the "
         "company, $300 to the bank.")


def test_readable_log_of_a_whole_game():
    from railyard.bots.random_bot import RandomBot
    game = Game(SLUG, ["Ann", "Bob", "Cy"], 2)
    bot = RandomBot(3)
    while not game.is_terminal:
        game.apply(bot.choose(game.state))
    lines = game.readable_log()
    assert len(lines) == len(game.log)
    assert all(line.endswith(".") and not line.startswith("seat") for line in lines)


def test_browser_board_numbers_the_columns_from_1_as_the_choices_name_them():
    """Issue 13 point 5: the choices say "share column 3"; the browser board shows the same
    numbers above the share and city columns."""
    import xml.etree.ElementTree as ET

    from railyard.web.render.north_american_railways import render
    game = Game(SLUG, ["Ann", "Bob", "Cy"], 5)
    root = ET.fromstring(render({"view": game.public_view()}))
    ns = "{http://www.w3.org/2000/svg}"
    numbers = [(t.get("data-kind"), t.text) for t in root.iter(f"{ns}text")
               if t.get("class") == "column-number"]
    assert numbers == [("share", f"column {i}") for i in range(1, 5)] + \
        [("city", f"column {i}") for i in range(1, 5)]
    labels = [c.label for c in game.legal_actions()]
    assert all(label.startswith(f"share column {i}:") for i, label in enumerate(labels, 1))


def _heard_by_a_listener(st, act, before, income_before, heard):
    """Each player's money as a listener follows it through ``act`` (applied to ``st``;
    ``before``: a copy of the state just before, ``income_before`` its last income record
    object), from public facts only: the prices named, the rulebook's fixed amounts, the
    open income split and final payout."""
    from railyard.games.nar.money import half_up

    heard = list(heard)
    kind, p = act["type"], act["player"]
    if kind == "found":
        heard[p] -= act["hundreds"] * 100
    elif kind == "buy_own":
        price = before.rules.own_share_price
        # exception 2 (he directs every bottom company and cannot pay $1000): all his money
        heard[p] = heard[p] - price if heard[p] >= price else 0
    elif kind in ("allow", "buy"):
        _, _, price = before.pending
        proposer = before.order()[before.turn]
        if kind == "allow":
            heard[proposer] -= price
        else:
            heard[p] -= price
            heard[proposer] += price - half_up(price)
    elif kind == "take_200":
        heard[p] += before.rules.broke_grant
    if st.last_income is not income_before:                 # the income was paid
        for rec in st.last_income:
            for seat, amount in enumerate(rec["paid"]):
                heard[seat] += amount
    if st.final_payout is not None and before.final_payout is None:
        for seat, amount in enumerate(st.final_payout):
            heard[seat] += amount
    return heard


def test_every_players_money_follows_from_the_public_moves():
    """Sec. 4 Hinweis keeps money secret, but no money changes hands unseen: a listener who
    remembers every public move knows everybody's money at every moment, and the state's
    ``heard`` (what ``hidden.remembered`` gives the search bot) is exactly that."""
    from railyard.bots import make_bot, play_move
    from railyard.bots.selfplay import seat_names, start
    from railyard.engine import available

    info = available()[SLUG]
    moves = 0
    for seed in range(8):
        for kind in ("random", "rules"):
            st = start(info, seat_names(3 + seed % 3), seed, None)
            bots = [make_bot(kind, SLUG, i) for i in range(st.n)]
            heard = list(st.cash)                   # the starting money is printed
            while st.current_player is not None:
                before, income_before = st.clone(), st.last_income
                act = st.apply(play_move(bots[st.current_player], st))
                heard = _heard_by_a_listener(st, act, before, income_before, heard)
                assert heard == st.cash == st.heard
                moves += 1
    assert moves > 500


def test_the_remembered_world_does_not_read_the_hidden_money():
    """``hidden.remembered`` gives the money the seat heard, not the money itself: a state
    whose hidden money was changed behind the table's back gives the same world."""
    import random as _random

    from railyard.bots import make_bot, observe, play_move
    from railyard.bots.selfplay import seat_names, start
    from railyard.engine import available

    info = available()[SLUG]
    st = start(info, seat_names(4), 3, None)
    bots = [make_bot("rules", SLUG, i) for i in range(4)]
    for _ in range(25):
        st.apply(play_move(bots[st.current_player], st))
    me = st.current_player
    w = observe(st).remembered()
    assert w.cash == st.cash and w.holdings == st.holdings
    other = st.clone()
    rng = _random.Random(0)
    other.cash = [c if p == me else rng.randrange(0, 60) * 100 for p, c in enumerate(st.cash)]
    assert observe(other).remembered().cash == st.cash
    assert observe(other).world().fingerprint() == observe(st).world().fingerprint()
