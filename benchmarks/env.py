"""Random-policy environment steps per second, per variant, against the peers.

Run it from a checkout with the ``rl`` extra (``pip install -e '.[rl,bench]'``
for the peers too)::

    python benchmarks/env.py                 # 20 hands a row, median of 3 runs
    python benchmarks/env.py --hands 5 --runs 1

Each row plays whole hands in the PettingZoo environment
(:func:`rummykit.rl.env`): at every step the acting agent's observation is
built (``last()``: the observation vector and the action mask), a random id
is drawn from the mask (the ids where it is 1, as Gymnasium's
``Discrete.sample(mask)`` finds them, then :class:`random.Random`, the
generator the peers' loops use) and ``step`` applies it.  Every hand is dealt from a
fresh seed.  The peers are played the same way in the same run: RLCard's
``gin-rummy`` env (``step`` returns the next observation, a random legal
action is drawn from it) and OpenSpiel's ``gin_rummy`` (observation tensor,
legal actions, apply).  The ratio columns divide our steps per second by
theirs.

Every row is counted the same way: a step is one decision of a player; the
deal (``reset``, or OpenSpiel's chance nodes) and, for PettingZoo, the
finished agents' last observations are timed but not counted as steps; the
environment is made before the clock starts, and one untimed hand per row
warms its caches.  The rows are measured round by round (every row once a
round, ``--runs`` rounds, the median shown), and the clock is the process's
CPU time (``--clock wall`` for wall time), so other programs on a shared
machine change the figures less.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from rummykit.variants import ClassicRummy, GinRummy, IndianRummy, Rumino, Variant

_SETUPS: list[tuple[str, Variant, int]] = [
    ("classic, 2 players", ClassicRummy(max_turnovers=3), 2),
    ("classic, 4 players", ClassicRummy(max_turnovers=3), 4),
    ("rumino, 2 players", Rumino(), 2),
    ("rumino, 4 players", Rumino(), 4),
    ("indian gamentio, 2 players", IndianRummy(), 2),
    ("indian standard, 4 players", IndianRummy(preset="standard"), 4),
    ("gin, 2 players", GinRummy(), 2),
]

Run = Callable[[list[int]], tuple[int, float]]
"""Plays the hands of the given seeds; returns (steps, seconds)."""

Clock = Callable[[], float]

_CLOCKS: dict[str, Clock] = {"cpu": time.process_time, "wall": time.perf_counter}


def _ours(variant: Variant, players: int, clock: Clock) -> Run:

    from rummykit.rl import env

    game = env(variant, players=players, max_actions=5_000)

    def run(seeds: list[int]) -> tuple[int, float]:
        steps = 0
        start = clock()
        for seed in seeds:
            rng = random.Random(seed)
            game.reset(seed=seed)
            for _ in game.agent_iter():
                observation, _, terminated, truncated, _ = game.last()
                if terminated or truncated:
                    game.step(None)
                    continue
                # Gymnasium's own reading of a mask (Discrete.sample): the
                # ids where it is 1.  Nonzero on the int8 mask itself takes
                # numpy's slow per-element path (2-4x slower for a Classic or
                # Gin mask of 2,112 ids), and np.flatnonzero adds two Python
                # wrappers around the same call.
                legal = (observation["action_mask"] == 1).nonzero()[0]
                game.step(int(legal[rng.randrange(legal.size)]))
                steps += 1
        return steps, clock() - start

    return run


def _rlcard(clock: Clock) -> Run | None:
    try:
        import rlcard
    except ImportError:
        return None
    game: Any = rlcard.make("gin-rummy", config={"seed": 0})

    def run(seeds: list[int]) -> tuple[int, float]:
        steps = 0
        start = clock()
        for seed in seeds:
            rng = random.Random(seed)
            game.seed(seed)
            state, _ = game.reset()
            while not game.is_over():
                legal = list(state["legal_actions"].keys())
                state, _ = game.step(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, clock() - start

    return run


def _openspiel(clock: Clock) -> Run | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game: Any = pyspiel.load_game("gin_rummy")

    def run(seeds: list[int]) -> tuple[int, float]:
        steps = 0
        start = clock()
        for seed in seeds:
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    # The deal: timed, as the other rows' resets are, but
                    # not counted as a step.
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, clock() - start

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20, help="hands a row and run")
    parser.add_argument("--runs", type=int, default=3, help="runs; the median is shown")
    parser.add_argument(
        "--seed", type=int, default=None, help="seed of the fresh seeds"
    )
    parser.add_argument(
        "--clock",
        choices=sorted(_CLOCKS),
        default="cpu",
        help="cpu: the process's CPU time (default); wall: elapsed time",
    )
    args = parser.parse_args(argv)
    clock = _CLOCKS[args.clock]
    fresh = random.Random(args.seed)
    print(
        f"python {platform.python_version()}, {args.hands} hands a row, "
        f"{args.runs} run(s), {args.clock} time"
    )
    peer_runs: dict[str, Run | None] = {
        "RLCard gin-rummy": _rlcard(clock),
        "OpenSpiel gin_rummy": _openspiel(clock),
    }
    runners: dict[str, Run] = {
        label: run for label, run in peer_runs.items() if run is not None
    }
    for label, variant, players in _SETUPS:
        runners["rummykit " + label] = _ours(variant, players, clock)
    # Round by round, every row once a round: a change in the machine's load
    # during the run falls on the peers and on us alike.
    for run in runners.values():
        run([fresh.randrange(2**31)])  # untimed: first-use caches and imports
    rates: dict[str, list[float]] = {label: [] for label in runners}
    for _ in range(args.runs):
        for label, run in runners.items():
            seeds = [fresh.randrange(2**31) for _ in range(args.hands)]
            steps, seconds = run(seeds)
            rates[label].append(steps / seconds)
    rate = {label: statistics.median(found) for label, found in rates.items()}
    peers = {label: rate.get(label) for label in peer_runs}
    header = (
        f"{'environment':<32} {'steps/s':>9} {'vs RLCard':>10} {'vs OpenSpiel':>13}"
    )
    print(header)
    print("-" * len(header))

    def ratio(ours: float, peer: float | None) -> str:
        return "-" if peer is None else f"{ours / peer:.2f}x"

    for label, _, _ in _SETUPS:
        ours = rate["rummykit " + label]
        print(
            f"{'rummykit ' + label:<32} {ours:>9.0f} "
            f"{ratio(ours, peers['RLCard gin-rummy']):>10} "
            f"{ratio(ours, peers['OpenSpiel gin_rummy']):>13}"
        )
    for label, peer in peers.items():
        shown = "not installed" if peer is None else f"{peer:.0f}"
        print(f"{label:<32} {shown:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
