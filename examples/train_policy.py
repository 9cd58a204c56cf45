"""Train a small policy on CPU that beats the ``random`` bot, then use it as a bot.

    uv sync --group rl
    uv run python examples/train_policy.py --episodes 3000 --out artifacts/policy.npz
    uv run younuo simulate -p 2 --rules classic --bots policy:artifacts/policy.npz,random

A linear softmax policy over the fixed action space (``younuo.bots.actionspace``),
trained by REINFORCE (``younuo.sim.reinforce``) in the Gymnasium environment
(``younuo.sim.single_agent``) against ``random`` in 2-player classic rounds, with
the win/loss of each round as its reward. Before training the policy is uniform over
the legal actions, that is, ``random`` itself (about 50%); the script measures the
trained policy's win rate against ``random`` on fresh deals, sampling its actions
just as before training (and also greedily, as ``PolicyBot`` plays), with 95%
intervals. It exits 1 unless training raised the win rate beyond both intervals.
numpy only, no deep-learning framework: a few minutes on one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tqdm import tqdm

from younuo.bots.policy import LinearPolicy
from younuo.sim.reinforce import evaluate, train
from younuo.sim.single_agent import YounuoEnv


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=3000, help="training rounds")
    parser.add_argument("--eval", type=int, default=500, help="evaluation rounds")
    parser.add_argument("--rules", default="classic", help="preset")
    parser.add_argument("--opponent", default="random", help="bot level to train against")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="artifacts/policy.npz", help="where to save it")
    args = parser.parse_args(argv)

    def make_env() -> YounuoEnv:
        return YounuoEnv(players=2, opponents=args.opponent, rules=args.rules, reward="win")

    policy = LinearPolicy()
    start = time.perf_counter()
    before = evaluate(make_env(), policy, args.eval, seed=args.seed + 1, greedy=False)
    with tqdm(total=args.episodes, unit="round", file=sys.stderr, desc="train") as bar:

        def progress(n: int, stats: object) -> None:
            bar.update(n)

        train(make_env(), policy, args.episodes, seed=args.seed, lr=args.lr, progress=progress)
    # The same sampling policy before and after: only the learning differs.
    after = evaluate(make_env(), policy, args.eval, seed=args.seed + 2, greedy=False)
    greedy = evaluate(make_env(), policy, args.eval, seed=args.seed + 3)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    policy.save(out, episodes=args.episodes, rules=args.rules, opponent=args.opponent)
    results = (("untrained", before), ("trained", after), ("greedy", greedy))
    for label, (wins, n, (low, high)) in results:
        print(
            f"{label:>9} vs {args.opponent}: {wins}/{n} = {wins / n:.1%}  [{low:.1%}, {high:.1%}]"
        )
    print(f"saved {out} ({time.perf_counter() - start:.0f} s); play it with --bots policy:{out}")
    return 0 if after[2][0] > before[2][1] else 1


if __name__ == "__main__":
    raise SystemExit(main())
