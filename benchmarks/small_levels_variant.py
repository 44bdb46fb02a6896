"""small_levels.py with mcts.LEVELS['hard'] patched for a screening variant (env VARIANT)."""
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
if os.environ.get("NARBUDGET"):
    h = dataclasses.replace(h, actions={**h.actions, NAR: int(os.environ["NARBUDGET"])})
mcts.LEVELS["hard"] = h
print("variant", V, h, file=sys.stderr)
sys.argv = ["small_levels.py"] + sys.argv[1:]
runpy.run_path(os.path.join(os.path.dirname(mcts.__file__), "../../../benchmarks/small_levels.py"), run_name="__main__")
