"""Time whole hands between random agents, per variant, and OpenSpiel's and RLCard's
Gin Rummy playouts where they are installed.

Run it from a checkout with rummykit installed::

    python benchmarks/games.py            # 200 hands a variant, median of 3 runs
    python benchmarks/games.py --quick    # 20 hands, 1 run (CI smoke)

Each hand is dealt from a fixed seed and played by ``RandomAgent`` at every
seat, choosing from the legal actions of each state (``legal_actions`` and
``apply``, which checks every action).  The table gives hands and actions per
second, the median over the runs.  Classic Rummy is played with
``max_turnovers=2`` so that random hands end.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from rummykit.variants import ClassicRummy, IndianRummy, Rumino, Variant

_SETUPS: list[tuple[str, Variant, int]] = [
    ("classic, 2 players", ClassicRummy(max_turnovers=2), 2),
    ("classic, 4 players", ClassicRummy(max_turnovers=2), 4),
    ("rumino, 2 players", Rumino(), 2),
    ("rumino, 4 players", Rumino(), 4),
    ("indian gamentio, 2 players", IndianRummy(), 2),
    ("indian gamentio, 3 players", IndianRummy(), 3),
    ("indian standard, 2 players", IndianRummy(preset="standard"), 2),
    ("indian standard, 4 players", IndianRummy(preset="standard"), 4),
]


def _rummykit_run(variant: Variant, players: int, hands: int) -> tuple[float, int]:
    """Play ``hands`` seeded random hands; return the seconds taken and actions."""
    actions = 0
    start = time.perf_counter()
    for seed in range(hands):
        rng = random.Random(seed)
        state = variant.new_game(players=players, seed=seed)
        steps = 0
        while not state.is_terminal and steps < 5_000:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
            steps += 1
        actions += steps
    return time.perf_counter() - start, actions


def _openspiel_run(hands: int) -> tuple[float, int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game: Any = pyspiel.load_game("gin_rummy")
    actions = 0
    start = time.perf_counter()
    for seed in range(hands):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
    return time.perf_counter() - start, actions


def _rlcard_run(hands: int) -> tuple[float, int] | None:
    try:
        import rlcard
    except ImportError:
        return None
    env: Any = rlcard.make("gin-rummy", config={"seed": 0})
    actions = 0
    start = time.perf_counter()
    for seed in range(hands):
        rng = random.Random(seed)
        env.seed(seed)
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _ = env.step(legal[rng.randrange(len(legal))])
            actions += 1
    return time.perf_counter() - start, actions


def _median(
    run: Callable[[], tuple[float, int] | None], runs: int
) -> tuple[float, float] | None:
    """The medians of hands/s and actions/s over ``runs`` runs."""
    rates: list[tuple[float, float]] = []
    for _ in range(runs):
        gc.collect()
        result = run()
        if result is None:
            return None
        seconds, actions = result
        rates.append((seconds, actions))
    return (
        statistics.median(rate[0] for rate in rates),
        statistics.median(float(rate[1]) for rate in rates),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per variant")
    parser.add_argument("--runs", type=int, default=3, help="runs; the median is shown")
    parser.add_argument("--quick", action="store_true", help="20 hands, 1 run")
    args = parser.parse_args(argv)
    hands, runs = (20, 1) if args.quick else (args.hands, args.runs)
    print(f"random-agent hands: {hands} a row, median of {runs} run(s)\n")
    print(f"{'game':<34} {'hands/s':>9} {'actions/s':>10} {'actions/hand':>13}")
    rows: list[tuple[str, tuple[float, float] | None, int]] = []
    for label, variant, players in _SETUPS:

        def run(
            variant: Variant = variant, players: int = players
        ) -> tuple[float, int]:
            return _rummykit_run(variant, players, hands)

        rows.append((f"rummykit {label}", _median(run, runs), hands))
    rows.append(
        (
            "OpenSpiel gin_rummy, 2 players",
            _median(lambda: _openspiel_run(hands), runs),
            hands,
        )
    )
    rows.append(
        (
            "RLCard gin-rummy, 2 players",
            _median(lambda: _rlcard_run(hands), runs),
            hands,
        )
    )
    for label, result, count in rows:
        if result is None:
            print(f"{label:<34} {'-':>9} {'-':>10} {'-':>13}   (not installed)")
            continue
        seconds, actions = result
        print(
            f"{label:<34} {count / seconds:>9.1f} {actions / seconds:>10.0f} "
            f"{actions / count:>13.1f}"
        )


if __name__ == "__main__":
    main()
