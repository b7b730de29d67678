"""Random-policy environment steps per second, per variant, against the peers.

Run it from a checkout with the ``rl`` extra (``pip install -e '.[rl,bench]'``
for the peers too)::

    python benchmarks/env.py                 # 2,000 steps a row, median of 3 runs
    python benchmarks/env.py --steps 500 --runs 1
    python benchmarks/env.py --hands 20      # 20 hands a row instead

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

Every row plays fresh hands until it has made at least ``--steps`` decisions
in a round, so that a row of short hands (Indian Rummy's random hands last
about five decisions, Classic's several hundred) is timed on as many
decisions as the others; ``--hands N`` plays N hands a row instead.  The
ratio columns are the median over the rounds of each round's ratio, so that
one round's slow peer does not set every ratio.
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

Seeds = Callable[[], int]
"""Draws the seed of the next fresh hand."""

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
                # numpy's slow per-element path (2-4x slower for a Classic
                # mask of 2,112 ids or a Gin one of 2,113), and np.flatnonzero
                # adds two Python wrappers around the same call.
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


def _play(run: Run, seeds: Seeds, *, steps: int, hands: int | None) -> float:
    """One round of one row: its steps per second over ``hands`` fresh hands,
    or over fresh hands until at least ``steps`` decisions are made."""
    if hands is not None:
        made, seconds = run([seeds() for _ in range(hands)])
        return made / seconds
    made, seconds = 0, 0.0
    while made < steps:
        more, spent = run([seeds()])
        made += more
        seconds += spent
    return made / seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--steps",
        type=int,
        default=2_000,
        help="decisions at least, a row and round (fresh hands until then)",
    )
    parser.add_argument(
        "--hands", type=int, default=None, help="hands a row and round, instead"
    )
    parser.add_argument(
        "--runs", type=int, default=3, help="rounds; the median is shown"
    )
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
    for name in ("steps", "hands", "runs"):
        value = getattr(args, name)
        if value is not None and value < 1:
            parser.error(f"--{name} must be at least 1, not {value}")
    clock = _CLOCKS[args.clock]
    fresh = random.Random(args.seed)

    def seeds() -> int:
        return fresh.randrange(2**31)

    amount = (
        f"{args.hands} hands a row"
        if args.hands is not None
        else f"at least {args.steps} steps a row"
    )
    print(
        f"python {platform.python_version()}, {amount}, "
        f"{args.runs} round(s), {args.clock} time"
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
        run([seeds()])  # untimed: first-use caches and imports
    rates: dict[str, list[float]] = {label: [] for label in runners}
    for _ in range(args.runs):
        for label, run in runners.items():
            rates[label].append(_play(run, seeds, steps=args.steps, hands=args.hands))
    rate = {label: statistics.median(found) for label, found in rates.items()}
    header = (
        f"{'environment':<32} {'steps/s':>9} {'vs RLCard':>10} {'vs OpenSpiel':>13}"
    )
    print(header)
    print("-" * len(header))

    def ratio(ours: str, peer: str) -> str:
        """The median over the rounds of each round's ratio."""
        if peer not in rates:
            return "-"
        each = [a / b for a, b in zip(rates[ours], rates[peer], strict=True)]
        return f"{statistics.median(each):.2f}x"

    for label, _, _ in _SETUPS:
        ours = "rummykit " + label
        print(
            f"{ours:<32} {rate[ours]:>9.0f} "
            f"{ratio(ours, 'RLCard gin-rummy'):>10} "
            f"{ratio(ours, 'OpenSpiel gin_rummy'):>13}"
        )
    for label in peer_runs:
        shown = f"{rate[label]:.0f}" if label in rate else "not installed"
        print(f"{label:<32} {shown:>9}")
    print(
        "steps/s: median over the rounds; vs: median over the rounds of each "
        "round's ratio (above 1 is faster)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
