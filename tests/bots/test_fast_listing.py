"""The faster legal-action listings (issue 14, point 6) list exactly what the rules allow:
compared with a brute-force check of every hex by the games' own single-hex rules."""
from railyard.bots import make_bot
from railyard.bots.selfplay import seat_names, start
from railyard.engine import available


def positions(title, seeds=(1, 2), every=3):
    info = available()[title]
    for seed in seeds:
        st = start(info, seat_names(4), seed, None)
        bot = make_bot("random", title, seed)
        k = 0
        while st.current_player is not None:
            if k % every == 0:
                yield st
            st.apply(bot.choose(st))
            k += 1


def test_american_rails_builds_match_the_single_hex_rule():
    checked = 0
    for st in positions("american-rails"):
        for p in range(st.n):
            fast = sorted(st.legal_builds(p))
            slow = []
            for c in st.in_play:
                if st.held[p][c] <= 0 or st.cubes_left[c] <= 0:
                    continue
                for h in range(len(st.board.ids)):
                    cost = st.build_cost(h, c)
                    if st.adjacent_to(h, c) and cost is not None and cost <= st.ccash[c]:
                        slow.append((c, h, cost))
            assert fast == sorted(slow)
            checked += len(slow)
    assert checked > 100


def test_chicago_express_builds_match_why_not_build():
    checked = 0
    for st in positions("chicago-express"):
        for p in range(st.n):
            for c in range(len(st.board.companies)):
                fast = st.legal_builds(p, c)
                slow = [h for h in range(len(st.board.hex_ids))
                        if st.why_not_build(p, c, h) is None]
                assert fast == slow
                checked += len(slow)
    assert checked > 100


def test_listed_choices_are_accepted_and_unchanged_by_reuse():
    for title in ("chicago-express", "north-american-railways", "american-rails"):
        for st in positions(title, seeds=(3,), every=7):
            first = st.legal_actions()
            again = st.legal_actions()
            assert first == again
            for ch in first[:5]:
                probe = st.clone()
                act = ch.base()
                for key, (lo, hi) in ch.ranges.items():
                    act[key] = lo
                probe.apply(act)
