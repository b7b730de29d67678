"""The ``rummykit`` command.

>>> main(["demo", "--seed", "1"])  # doctest: +ELLIPSIS
rummykit demo...
0
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from itertools import combinations

from rummykit.cards import DeckSpec, Hand, sorted_for_display
from rummykit.melds import Meld, MeldRules

__all__ = ["main"]

_DECKS = {
    "rumino": (DeckSpec(decks=2, jokers=4), 7, MeldRules(max_run=4)),
    "indian": (DeckSpec(), 13, MeldRules(ace_high=True, set_distinct_suits=True)),
    "classic": (DeckSpec(), 10, MeldRules()),
}


def _demo(seed: int) -> None:
    print(f"rummykit demo (seed {seed})")
    for name, (spec, size, rules) in _DECKS.items():
        deck = list(spec.cards())
        random.Random(seed).shuffle(deck)
        hand = Hand(deck[:size])
        print(f"\n{name}: {spec.size} cards ({spec.decks} deck(s), {spec.jokers} jokers)")
        print("  dealt:", " ".join(map(str, sorted_for_display(hand))))
        melds = {
            str(Meld.build(group, rules))
            for n in (3, 4)
            for group in combinations(hand.cards, n)
            if rules.is_meld(group)
        }
        print("  melds:", ", ".join(sorted(melds)) or "none")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``rummykit`` command with ``argv`` and return its exit status."""
    parser = argparse.ArgumentParser(
        prog="rummykit", description="Rummy rules, games and tools."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="show decks, a seeded deal and melds")
    demo.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.command == "demo":
        _demo(args.seed)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
