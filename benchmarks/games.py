"""Time whole hands between random agents, per variant, against OpenSpiel's and
RLCard's Gin Rummy played the same way, and time long hands.

Run it from a checkout with rummykit installed (``pip install -e '.[bench]'``
for the peers)::

    python benchmarks/games.py              # 200 hands a row, median of 3 runs
    python benchmarks/games.py --quick      # 20 hands, 1 run (CI smoke)
    python benchmarks/games.py --only classic,rumino --hands 50 --cpu-time

The first table plays random-agent hands: each hand is dealt from a seed
(fresh seeds each run) and every seat chooses at random from
``legal_actions()``, then ``apply`` carries the choice out.  The peers'
games are played the same way.  The deal is not counted: neither rummykit's
``new_game`` nor the peers' chance nodes.
It gives actions per second (the whole loop), microseconds per
``legal_actions`` and per ``apply`` (each call timed on its own), and the
ratio of actions per second to OpenSpiel's and RLCard's, measured in the
same run, and that ratio with each side's set-up counted, and with
OpenSpiel's set-up counted as its play (the basis the targets were set
on).  The rows are measured round by round (every row once a round,
``--runs`` rounds, the median shown), so that a change in the machine's load
during the run falls on the peers and on rummykit alike.  Classic Rummy is
played with ``max_turnovers=3`` so that random hands end.

The second table times long hands: a Classic hand (``max_turnovers=None``)
in which both players draw from the stock and throw the drawn card, for 100,
1,000 and 10,000 actions.  The cost of an action must not grow with the
length of the hand: the target is at most 1.5 times the 1,000-action cost at
10,000 actions.  Each length is timed once a round, every length in turn, for
at least five rounds, and the median is shown.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import attrs

import rummykit
from rummykit.engine import Discard, DrawStock
from rummykit.variants import ClassicRummy, GinRummy, IndianRummy, Rumino, Variant

_SETUPS: list[tuple[str, Variant, int]] = [
    ("classic, 2 players", ClassicRummy(max_turnovers=3), 2),
    ("classic, 4 players", ClassicRummy(max_turnovers=3), 4),
    ("rumino, 2 players", Rumino(), 2),
    ("rumino, 4 players", Rumino(), 4),
    ("indian gamentio, 2 players", IndianRummy(), 2),
    ("indian gamentio, 3 players", IndianRummy(), 3),
    ("indian standard, 2 players", IndianRummy(preset="standard"), 2),
    ("indian standard, 4 players", IndianRummy(preset="standard"), 4),
    ("gin, 2 players (as OpenSpiel's rules)", GinRummy(), 2),
]

_STEP_CAP = 5_000
"""Actions at most in one random hand (a hand that runs longer is cut off)."""

Clock = Callable[[], float]


class Tally:
    """Totals of one run: seconds in the loop, in legal_actions and in apply,
    and in setting up each hand (not in the loop's total)."""

    def __init__(self) -> None:
        self.total = 0.0
        self.setup = 0.0
        self.legal = 0.0
        self.apply = 0.0
        self.actions = 0
        self.hands = 0


def _rummykit_run(variant: Variant, players: int, seeds: range, clock: Clock) -> Tally:
    """Play one hand for each seed; time the loop and each call."""
    tally = Tally()
    dealing = 0.0
    start = clock()
    for seed in seeds:
        rng = random.Random(seed)
        d0 = clock()
        state = variant.new_game(players=players, seed=seed)
        dealing += clock() - d0
        steps = 0
        while not state.is_terminal and steps < _STEP_CAP:
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            state = state.apply(legal[rng.randrange(len(legal))])
            t2 = clock()
            tally.legal += t1 - t0
            tally.apply += t2 - t1
            steps += 1
        tally.actions += steps
        tally.hands += 1
    tally.total = clock() - start - dealing
    tally.setup = dealing
    return tally


def _openspiel_run(seeds: range, clock: Clock) -> Tally | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game: Any = pyspiel.load_game("gin_rummy")
    tally = Tally()
    chance = 0.0
    setup = 0.0
    start = clock()
    for seed in seeds:
        rng = random.Random(seed)
        s0 = clock()
        state = game.new_initial_state()
        setup += clock() - s0
        while not state.is_terminal():
            if state.is_chance_node():
                c0 = clock()
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                chance += clock() - c0
            else:
                t0 = clock()
                legal = state.legal_actions()
                t1 = clock()
                state.apply_action(legal[rng.randrange(len(legal))])
                t2 = clock()
                tally.legal += t1 - t0
                tally.apply += t2 - t1
                tally.actions += 1
        tally.hands += 1
    tally.total = clock() - start - chance - setup
    tally.setup = setup
    return tally


def _rlcard_run(seeds: range, clock: Clock) -> Tally | None:
    try:
        import rlcard
    except ImportError:
        return None
    env: Any = rlcard.make("gin-rummy", config={"seed": 0})
    tally = Tally()
    setup = 0.0
    start = clock()
    for seed in seeds:
        rng = random.Random(seed)
        s0 = clock()
        env.seed(seed)
        state, _ = env.reset()
        setup += clock() - s0
        while not env.is_over():
            t0 = clock()
            legal = list(state["legal_actions"].keys())
            t1 = clock()
            state, _ = env.step(legal[rng.randrange(len(legal))])
            t2 = clock()
            tally.legal += t1 - t0
            tally.apply += t2 - t1
            tally.actions += 1
        tally.hands += 1
    tally.total = clock() - start - setup
    tally.setup = setup
    return tally


class Row:
    """The medians of one row over the runs."""

    def __init__(self, label: str, tallies: list[Tally]) -> None:
        self.label = label
        self.hands = statistics.median(t.hands for t in tallies)
        self.actions_per_hand = statistics.median(t.actions / t.hands for t in tallies)
        self.rate = statistics.median(t.actions / t.total for t in tallies)
        self.setup_per_hand = statistics.median(t.setup / t.hands for t in tallies)
        self.rate_with_setup = statistics.median(
            t.actions / (t.total + t.setup) for t in tallies
        )
        self.legal_us = statistics.median(1e6 * t.legal / t.actions for t in tallies)
        self.apply_us = statistics.median(1e6 * t.apply / t.actions for t in tallies)


def _rounds(
    runs_by_label: dict[str, Callable[[range], Tally | None]],
    salts: dict[str, int],
    hands: int,
    rounds: int,
) -> dict[str, list[Tally] | None]:
    """``rounds`` rounds in which every row plays ``hands`` hands on fresh
    seeds, one row after the other: a change in the machine's load over the
    run falls on the peers and on rummykit alike."""
    tallies: dict[str, list[Tally] | None] = {label: [] for label in runs_by_label}
    for number in range(rounds):
        for label, run in runs_by_label.items():
            kept = tallies[label]
            if kept is None:
                continue
            gc.collect()
            first = salts[label] * 1_000_000 + number * hands
            tally = run(range(first, first + hands))
            if tally is None:
                tallies[label] = None
            else:
                kept.append(tally)
    return tallies


@attrs.frozen(kw_only=True)
class _UncappedClassic(ClassicRummy):
    """Classic Rummy without the engine's cap on a hand's actions, so that a
    hand can run to any length."""

    def action_limit(self) -> int | None:
        return None


def long_hand(length: int, clock: Clock) -> float:
    """Microseconds per action over a Classic hand of ``length`` actions in which
    both players draw from the stock and throw the drawn card (the engine's
    action cap lifted)."""
    variant = _UncappedClassic(max_turnovers=None)
    state = variant.new_game(players=2, seed=length)
    draw = DrawStock()
    gc.collect()
    start = clock()
    for _ in range(length // 2):
        state = state.apply(draw)
        drawn = state.drawn
        assert drawn is not None
        state = state.apply(Discard(drawn))
    seconds = clock() - start
    assert len(state.history) == length // 2 * 2
    return 1e6 * seconds / length


def _ratio(mine: float, peer: Row | None, *, setup: bool = False) -> str:
    if peer is None:
        return "-"
    return f"{mine / (peer.rate_with_setup if setup else peer.rate):.2f}x"


def _target_ratio(row: Row, peer: Row | None) -> str:
    """rummykit's play against the peer's play and set-up: the basis on which
    the throughput targets were set (peers have no such ratio)."""
    if peer is None or not row.label.startswith("rummykit"):
        return "-"
    return _ratio(row.rate, peer, setup=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per row")
    parser.add_argument(
        "--runs", type=int, default=3, help="rounds of every row; the median is shown"
    )
    parser.add_argument(
        "--quick", action="store_true", help="20 hands, 1 run, hands of 100-2,000"
    )
    parser.add_argument(
        "--only",
        default="",
        help="comma-separated: keep the rows that start with one (classic,indian)",
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time with the process's CPU clock (for a shared machine)",
    )
    parser.add_argument(
        "--no-long", action="store_true", help="skip the long-hand table"
    )
    args = parser.parse_args(argv)
    hands, runs = (20, 1) if args.quick else (args.hands, args.runs)
    lengths = (100, 1_000, 2_000) if args.quick else (100, 1_000, 10_000)
    clock: Clock = time.process_time if args.cpu_time else time.perf_counter
    words = [word.strip() for word in args.only.split(",") if word.strip()]
    setups = [s for s in _SETUPS if not words or any(s[0].startswith(w) for w in words)]

    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    print("rummykit games benchmark")
    print(f"date:      {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(
        f"machine:   {platform.machine()}, {os.cpu_count()} CPUs, {platform.system()}"
    )
    print(f"load:      {load[0]:.2f}, {load[1]:.2f}, {load[2]:.2f} before the run")
    print(f"python:    {platform.python_implementation()} {sys.version.split()[0]}")
    print(f"rummykit:  {rummykit.__version__}")
    clock_name = "time.process_time (CPU)" if args.cpu_time else "time.perf_counter"
    print(f"clock:     {clock_name}")
    print(
        f"hands:     {hands} a row (fresh seeds each round), "
        f"median of {runs} round(s)\n"
    )

    runs_by_label: dict[str, Callable[[range], Tally | None]] = {}
    salts: dict[str, int] = {}
    for salt, (label, variant, players) in enumerate(setups, start=1):

        def run(
            seeds: range, variant: Variant = variant, players: int = players
        ) -> Tally:
            return _rummykit_run(variant, players, seeds, clock)

        runs_by_label[f"rummykit {label}"] = run
        salts[f"rummykit {label}"] = salt
    peer_labels = ("OpenSpiel gin_rummy, 2 players", "RLCard gin-rummy, 2 players")
    runs_by_label[peer_labels[0]] = lambda seeds: _openspiel_run(seeds, clock)
    runs_by_label[peer_labels[1]] = lambda seeds: _rlcard_run(seeds, clock)
    salts.update(dict.fromkeys(peer_labels, 0))
    tallies = _rounds(runs_by_label, salts, hands, runs)
    labels = list(runs_by_label)
    found = {
        label: None if kept is None else Row(label, kept)
        for label, kept in tallies.items()
    }
    openspiel, rlcard = (found[label] for label in peer_labels)

    head = (
        f"{'game':<36} {'actions/hand':>12} {'actions/s':>10} "
        f"{'us/legal':>9} {'us/apply':>9} {'vs OpenSpiel':>12} {'vs RLCard':>10}"
        f" {'set-up ms':>9} {'vs OS, with set-up':>18} {'vs OS + its set-up':>18}"
    )
    print(head)
    print("-" * len(head))
    for label in labels:
        row = found[label]
        if row is None:
            print(
                f"{label:<36} {'-':>12} {'-':>10} {'-':>9} {'-':>9}   (not installed)"
            )
            continue
        print(
            f"{label:<36} {row.actions_per_hand:>12.1f} {row.rate:>10.0f} "
            f"{row.legal_us:>9.1f} {row.apply_us:>9.1f} "
            f"{_ratio(row.rate, openspiel):>12} {_ratio(row.rate, rlcard):>10}"
            f" {1e3 * row.setup_per_hand:>9.2f}"
            f" {_ratio(row.rate_with_setup, openspiel, setup=True):>18}"
            f" {_target_ratio(row, openspiel):>18}"
        )
    print("-" * len(head))
    print(
        "actions/s: the whole loop (legal_actions, the random choice, apply), "
        "without setting up the hand;\n"
        "us/legal, us/apply: each call timed on its own; vs: actions/s over the "
        "peer's (above 1 is faster);\n"
        "set-up ms: a hand's set-up, not in actions/s (rummykit's new_game, "
        "OpenSpiel's new_initial_state, RLCard's reset);\n"
        "vs OS, with set-up: the same ratio with each side's set-up counted;\n"
        "vs OS + its set-up: rummykit's play against OpenSpiel's play and set-up, "
        "the basis of the targets\n"
        "(Classic at least 1x, Rumino and Indian Rummy at least 0.5x)."
    )
    if args.no_long:
        return

    print(
        "\nLong Classic hands (draw from the stock, throw the drawn card; "
        "max_turnovers=None)\n"
    )
    print(f"{'actions in the hand':>20} {'us/action':>10}")
    # Round by round, every length once a round (at least five rounds: one
    # hand a length is a single sample), so that a change in the machine's
    # load falls on every length alike rather than on the last one timed.
    samples: dict[int, list[float]] = {length: [] for length in lengths}
    for _ in range(max(runs, 5)):
        for length in lengths:
            samples[length].append(long_hand(length, clock))
    costs = {length: statistics.median(found) for length, found in samples.items()}
    for length in lengths:
        print(f"{length:>20,} {costs[length]:>10.1f}")
    longest = lengths[-1]
    growth = costs[longest] / costs[1_000]
    verdict = "met" if growth <= 1.5 else "NOT met"
    print(
        f"\ncost per action at {longest:,} / at 1,000: {growth:.2f} "
        f"(target at most 1.5: {verdict})"
    )


if __name__ == "__main__":
    main()
