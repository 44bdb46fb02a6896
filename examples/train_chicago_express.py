"""Train a small agent on Chicago Express and play it in a railyard tournament.

    pip install .[rl]          # or: make test (the test extra has the rl packages too)
    python examples/train_chicago_express.py [--minutes 3] [--games 100] [--seed 1]

The agent is a linear softmax policy over the action ids: the logit of id ``a`` is
``b[a] + W[a] . x`` where ``x`` is the seat's observation tensor (docs/research.md) and a
constant 1; illegal ids are masked out.  Plain numpy, no other library.  It learns in two
stages, both through the environment's ids, masks and observations:

1. imitation (``--imitate-minutes``): railyard's ``rules`` bot plays against three
   ``random`` bots; every decision of the rules bot becomes a training pair (the
   observation of its seat, the id of its action, ``encoder.to_id``), and the policy is
   fitted to them by softmax regression (Adam on the log-likelihood, a few epochs);
2. policy gradient (``--minutes``): REINFORCE in episodes of
   :func:`railyard.envs.gym_env` against three ``random`` bots, the agent's seat changing
   every episode.  The environment's reward is 1 for a win (shared on a tie), 0
   otherwise; the learning signal is ``reward + own cash / mean cash of all seats`` (the
   rules' score, denser than the win), minus a running-mean baseline; Adam steps on the
   log-probabilities of the actions taken, the gradients of ``--batch`` episodes summed.

Then a tournament: 100 games (``--games``) of the trained agent against three railyard
``random`` bots, seats rotating as ``railyard tournament`` rotates them (game g seats the
agent at seat g % 4; every block of four games plays one deal), each bot deciding from its
seat's view; the figures are those of ``railyard.bots.tournament.summary`` (win rate with
its 95 % Wilson interval).  The agent plays greedily (the most likely legal id).
Exit status 0 when the agent wins at least 60 % of the games.
"""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from railyard.bots.kinds import make_bot, play_move
from railyard.bots.tournament import GameRecord, summary
from railyard.engine.registry import get_title
from railyard.envs import gym_env
from railyard.envs.core import Episode

SLUG = "chicago-express"
PLAYERS = 4


class Policy:
    """Linear softmax over the legal ids: logits = b + W x."""

    def __init__(self, encoder, rng: np.random.Generator) -> None:
        dims = int(np.prod(encoder.obs_shape)) + 1
        self.W = np.zeros((encoder.num_actions, dims), dtype=np.float64)
        self.b = np.zeros(encoder.num_actions, dtype=np.float64)
        self.m = [np.zeros_like(self.W), np.zeros_like(self.b)]
        self.v = [np.zeros_like(self.W), np.zeros_like(self.b)]
        self.t = 0
        self.rng = rng

    def features(self, obs: np.ndarray) -> np.ndarray:
        return np.concatenate([obs.reshape(-1), [1.0]])

    def probs(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        z = self.b[legal] + self.W[legal] @ x
        z -= z.max()
        p = np.exp(z)
        return p / p.sum()

    def act(self, obs: dict, greedy: bool = False) -> tuple[int, np.ndarray, np.ndarray, int]:
        legal = np.flatnonzero(obs["action_mask"])
        x = self.features(obs["observation"])
        p = self.probs(x, legal)
        k = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), x, legal, k

    def update(self, steps: list, advantages: list, lr: float) -> None:
        gW = np.zeros_like(self.W)
        gb = np.zeros_like(self.b)
        for (x, legal, k), advantage in zip(steps, advantages):
            p = self.probs(x, legal)
            g = -p
            g[k] += 1.0                      # d log p_k / d logits
            gb[legal] += advantage * g
            gW[legal] += advantage * np.outer(g, x)
        self.t += 1
        for i, (param, grad) in enumerate(((self.W, gW), (self.b, gb))):
            self.m[i] = 0.9 * self.m[i] + 0.1 * grad
            self.v[i] = 0.999 * self.v[i] + 0.001 * grad * grad
            mh = self.m[i] / (1 - 0.9 ** self.t)
            vh = self.v[i] / (1 - 0.999 ** self.t)
            param += lr * mh / (np.sqrt(vh) + 1e-8)


def imitate(policy: Policy, minutes: float, seed: int, lr: float, epochs: int = 6) -> None:
    """Stage 1: fit the policy to the decisions of the ``rules`` bot."""
    enc = None
    data = []
    deadline = time.monotonic() + minutes * 60 * 0.4     # 40 % of the time: games
    g = 0
    while time.monotonic() < deadline:
        teacher = g % PLAYERS
        ep = Episode(SLUG, PLAYERS)
        enc = ep.encoder
        ep.reset(seed * 7919 + g)
        bots = [make_bot("rules" if i == teacher else "random", SLUG, seed * 31 + g * 7 + i)
                for i in range(PLAYERS)]
        while not ep.done:
            seat = ep.to_act
            act = play_move(bots[seat], ep.state)
            if seat == teacher:
                x = policy.features(ep.observation(seat))
                legal = np.asarray(ep.legal_ids())
                target = enc.to_id(ep.state, act)
                data.append((x, legal, int(np.flatnonzero(legal == target)[0])))
            ep.play(act)
        g += 1
    print(f"imitation: {len(data)} decisions of the rules bot in {g} games", flush=True)
    deadline = time.monotonic() + minutes * 60 * 0.6
    order = np.arange(len(data))
    for epoch in range(epochs):
        policy.rng.shuffle(order)
        hits = 0
        for start in range(0, len(order), 32):
            chunk = [data[i] for i in order[start:start + 32]]
            for x, legal, k in chunk:
                hits += int(np.argmax(policy.probs(x, legal)) == k)
            policy.update(chunk, [1.0] * len(chunk), lr)
            if time.monotonic() > deadline:
                break
        print(f"  epoch {epoch + 1}: the policy's choice was the rules bot's in "
              f"{hits / max(1, len(data)):.0%} of the decisions (before the epoch's steps)",
              flush=True)
        if time.monotonic() > deadline:
            break


def train(policy: Policy, minutes: float, seed: int, lr: float, batch: int) -> Policy:
    env = gym_env(SLUG, players=PLAYERS, opponents="random", seed=seed, seat=None)
    baseline = None
    wins = []
    deadline = time.monotonic() + minutes * 60
    episodes = 0
    pending: list = []
    while time.monotonic() < deadline:
        obs, _info = env.reset()
        steps = []
        done = False
        reward = 0.0
        while not done:
            a, x, legal, k = policy.act(obs)
            steps.append((x, legal, k))
            obs, reward, term, trunc, _info = env.step(a)
            done = term or trunc
        cash = env.episode.state.cash
        signal = reward + cash[env.seat] * len(cash) / max(1, sum(cash))
        baseline = signal if baseline is None else 0.98 * baseline + 0.02 * signal
        pending.append((steps, signal - baseline))
        if len(pending) >= batch:
            policy.update([s for st, adv in pending for s in st],
                          [adv for st, adv in pending for _ in st], lr)
            pending = []
        wins.append(reward)
        episodes += 1
        if episodes % 200 == 0:
            print(f"  {episodes} episodes, win rate of the last 200: "
                  f"{np.mean(wins[-200:]):.2f}", flush=True)
    print(f"policy gradient: {episodes} episodes in {minutes:g} minutes")
    return policy


def tournament(policy: Policy, games: int, seed: int) -> dict:
    """``games`` games of the agent against three random bots, seated and dealt as
    ``railyard tournament`` does (bots/tournament.py)."""
    info = get_title(SLUG)
    records = []
    for g in range(games):
        agent_seat = g % PLAYERS
        kinds = ["agent" if i == agent_seat else "random" for i in range(PLAYERS)]
        deal = seed + g // PLAYERS
        rec = GameRecord(g, deal, kinds, move_ms=[[] for _ in range(PLAYERS)])
        ep = Episode(SLUG, PLAYERS)
        ep.reset(deal)
        bots = [make_bot("random", SLUG, deal * 1009 + g * 31 + i) for i in range(PLAYERS)]
        while not ep.done:
            seat = ep.to_act
            t0 = time.perf_counter()
            if seat == agent_seat:
                obs = {"observation": ep.observation(seat),
                       "action_mask": ep.mask(dtype=np.int8)}
                ep.step(policy.act(obs, greedy=True)[0])
            else:
                ep.play(play_move(bots[seat], ep.state))
            rec.move_ms[seat].append((time.perf_counter() - t0) * 1000.0)
            rec.actions += 1
        res = ep.state.result()
        if res is None:                       # cut at the cap (never seen here)
            rec.error = "the game reached the episode cap"
        else:
            rec.scores = [float(s) for s in res.scores]
            rec.win_share = list(ep.returns())
        records.append(rec)
    del info
    return summary(records)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Train a linear REINFORCE agent on Chicago "
                                             "Express and play it against random bots.")
    ap.add_argument("--imitate-minutes", type=float, default=2.5)
    ap.add_argument("--minutes", type=float, default=0.5,
                    help="policy-gradient minutes after the imitation")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lr", type=float, default=0.0005)
    ap.add_argument("--imitate-lr", type=float, default=0.01)
    ap.add_argument("--batch", type=int, default=4)
    args = ap.parse_args(argv)
    encoder = Episode(SLUG, PLAYERS).encoder
    policy = Policy(encoder, np.random.default_rng(args.seed))
    t0 = time.monotonic()
    if args.imitate_minutes > 0:
        imitate(policy, args.imitate_minutes, args.seed, args.imitate_lr)
    if args.minutes > 0:
        train(policy, args.minutes, args.seed, args.lr, args.batch)
    print(f"training took {(time.monotonic() - t0) / 60:.1f} minutes", flush=True)
    result = tournament(policy, args.games, seed=10_000 + args.seed)
    print(f"tournament: {result['games']} games, agent vs 3 random bots")
    for kind, row in result["bots"].items():
        print(f"  {kind:7} win rate {row['win_rate']:.2f} (95 % CI {row['ci95'][0]:.2f}-"
              f"{row['ci95'][1]:.2f}), mean cash {row['mean_score']:.1f}, "
              f"{row['games']} seat-games")
    if result["errors"]:
        print(f"  {len(result['errors'])} games with errors: {result['errors'][:3]}")
    rate = result["bots"].get("agent", {}).get("win_rate", 0.0)
    print("the agent wins at least 60 %" if rate >= 0.6 else "the agent wins less than 60 %")
    return 0 if rate >= 0.6 else 1


if __name__ == "__main__":
    sys.exit(main())
