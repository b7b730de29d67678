"""Hand analysis with the partitioner: groupings, best discards, and every option."""

from __future__ import annotations

from rummykit import Hand, Rank, get_variant
from rummykit.partition import possible_melds


def main() -> None:
    gin_hand = Hand.parse("As 2s Ac 2c 2d Ah 2h 3h 7h 8h 9h")
    classic = get_variant("classic")
    best = classic.best_discard(gin_hand)
    print(f"{gin_hand}: discard {best.discard}, leaving {best.points}: {best}")

    rumino = get_variant("rumino")
    print("Rumino:", rumino.partition(Hand.parse("5s Jk 7s Tc Th Td 3h")))

    for preset in ("gamentio", "standard"):
        indian = get_variant("indian", preset=preset)
        loser = Hand.parse("As 2s 3s Kh Kc Qd Jd 7d 4c 8h 9h Tc 5d")
        print(
            f"Indian ({preset}), 7s wild:",
            indian.partition(loser, wild_rank=Rank.SEVEN),
        )

    for grouping in classic.all_partitions(Hand.parse("6s 7s 8s 9s 9h 9d 9c")):
        print("optimal:", grouping)
    print(
        "melds on offer:",
        [str(meld) for meld in possible_melds(Hand.parse("7c 8c 9c 9h 9d Kd"))],
    )


if __name__ == "__main__":
    main()
