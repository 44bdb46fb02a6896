"""small_levels.py with mcts.LEVELS['hard'] patched for a screening variant (env VARIANT;
``base``: the level as it is).  i22n: crn, crn-nest, crn-reply, crn-reply0; i22v: mem,
mem-lead, mem-crn (the world the seat remembers, ``Budget.memory``), noisy, mem-noisy
(the playouts' opponents with drawn figures, ``Budget.noisy``)."""
import dataclasses, os, sys, runpy
from railyard.bots import mcts
V = os.environ.get("VARIANT", "base")
NAR = "north-american-railways"
h = mcts.LEVELS["hard"]
if V == "crn":        # CRN one-step, no nesting
    h = dataclasses.replace(h, crn=frozenset({NAR}), nest_by_title={NAR: 0}, reply={})
elif V == "crn-nest":  # CRN + own next decision nested
    h = dataclasses.replace(h, crn=frozenset({NAR}), nest_by_title={NAR: 1})
elif V == "crn-reply":  # CRN + own and opponents' next decision nested
    h = dataclasses.replace(h, crn=frozenset({NAR}), nest_by_title={NAR: 1}, reply={NAR: 1})
elif V == "crn-reply0":  # CRN + opponents' next decision nested only
    h = dataclasses.replace(h, crn=frozenset({NAR}), nest_by_title={NAR: 0}, reply={NAR: 1})
elif V == "mem":  # the landed crn-reply in the world the seat remembers (exact money)
    h = dataclasses.replace(h, memory=frozenset({NAR}))
elif V == "mem-lead":  # mem, value: the lead alone ($1000 = 1)
    h = dataclasses.replace(h, memory=frozenset({NAR}), win_weight=0.0, lead_weight=0.001)
elif V == "mem-crn":  # mem without nesting or replies (one-step, common policy draws)
    h = dataclasses.replace(h, memory=frozenset({NAR}), nest_by_title={NAR: 0}, reply={})
elif V == "noisy":  # the landed crn-reply, the playouts' opponents with drawn figures
    h = dataclasses.replace(h, noisy=frozenset({NAR}))
elif V == "mem-noisy":  # noisy in the world the seat remembers
    h = dataclasses.replace(h, noisy=frozenset({NAR}), memory=frozenset({NAR}))
if os.environ.get("NARBUDGET"):
    h = dataclasses.replace(h, actions={**h.actions, NAR: int(os.environ["NARBUDGET"])})
mcts.LEVELS["hard"] = h
print("variant", V, h, file=sys.stderr)
sys.argv = ["small_levels.py"] + sys.argv[1:]
runpy.run_path(os.path.join(os.path.dirname(mcts.__file__), "../../../benchmarks/small_levels.py"), run_name="__main__")
