"""Play the same random Gin Rummy hands in rummykit and in OpenSpiel, and compare.

Needs the ``bench`` extra (``pip install -e '.[bench]'``, for ``pyspiel``)::

    python benchmarks/compare_openspiel.py                 # 10,000 hands
    python benchmarks/compare_openspiel.py --hands 300     # a quick check (CI)

Each hand is a seeded shuffle.  Both engines deal it alike: OpenSpiel's
chance nodes are fed the cards rummykit's deck order deals (OpenSpiel's
player 0 is rummykit's seat 0, the non-dealer; seat 1 deals), and every draw
from the stock gets the same next card.  At each decision the script lists
OpenSpiel's legal action ids, maps rummykit's legal actions to those ids,
and checks that the two sets are equal; then it picks one of them at random,
applies it in OpenSpiel, and applies the rummykit action it maps to.  At the
end it checks that the scores agree (OpenSpiel's returns against the
winner's points, negated for the loser).

How the actions map:

- drawing the upcard (52), drawing from the stock (53) and passing (54) are
  ``DrawDiscard``, ``DrawStock`` and ``Pass``;
- a discard (a card id) is ``Discard``; OpenSpiel's knock (55) followed by a
  discard is one ``Knock(discard)`` in rummykit, so OpenSpiel's knock is
  matched by "some ``Knock`` is legal", and the discard that follows by the
  ``Knock`` actions' cards;
- at the wall, OpenSpiel's knock (55), which takes the upcard, is
  ``DrawDiscard``;
- a meld id (56 and up) is ``LayMeld``; a card id during the lay-offs is
  ``LayOff``.

A disagreement ends its hand and is printed with the deal and the actions so
far.  Each is classified: OpenSpiel's 11-card deadwood shortcut (it misses a
knock that a different discard allows), OpenSpiel's lay-off listing (it does
not offer a third card laid off at one end of a run), or unexplained.  The
exit status is 1 if any disagreement is unexplained.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from rummykit import Card, Hand
from rummykit.engine import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    LayMeld,
    LayOff,
    Pass,
    Phase,
    State,
    Termination,
)
from rummykit.variants import GinRummy

DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56


@attrs.frozen
class Disagreement:
    """A hand where the two engines parted."""

    seed: int
    kind: str
    detail: str
    deal: str
    actions: tuple[str, ...]


@attrs.frozen
class Agreement:
    """A hand both engines played alike to the end."""

    seed: int
    ending: str
    steps: int


class Comparer:
    """Plays hands in both engines (OpenSpiel's objects are untyped)."""

    def __init__(self, gin: GinRummy) -> None:
        import pyspiel

        self.gin = gin
        self.game: Any = pyspiel.load_game(
            "gin_rummy",
            {
                "knock_card": gin.knock_limit,
                "gin_bonus": gin.gin_bonus,
                "undercut_bonus": gin.undercut_bonus,
                "oklahoma": gin.oklahoma,
            },
        )
        self.utils: Any = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        self.ids = {
            card: int(self.utils.card_int(str(card))) for card in gin.deck.cards()
        }
        self.cards = {number: card for card, number in self.ids.items()}
        self.melds: dict[int, tuple[Card, ...]] = {
            number + MELD_BASE: tuple(self.cards[c] for c in cards)
            for number, cards in self.utils.int_to_meld.items()
        }

    # -- rummykit's actions as OpenSpiel's ids ----------------------------------------

    def _wall_draw(self, state: State) -> bool:
        return state.phase is Phase.DRAW and self.gin.at_wall(state)

    def _wall_take(self, state: State) -> bool:
        return (
            state.phase is Phase.PLAY
            and state.taken is not None
            and self.gin.at_wall(state)
        )

    def meld_id(self, cards: Sequence[Card]) -> int:
        return MELD_BASE + int(self.utils.meld_to_int([self.ids[c] for c in cards]))

    def as_ids(self, state: State, knocking: bool) -> set[int]:
        """rummykit's legal actions, as OpenSpiel's ids for the same decision."""
        ids: set[int] = set()
        discarding = knocking or self._wall_take(state)
        for action in state.legal_actions():
            if isinstance(action, DrawStock):
                ids.add(DRAW_STOCK)
            elif isinstance(action, DrawDiscard):
                ids.add(KNOCK if self._wall_draw(state) else DRAW_UPCARD)
            elif isinstance(action, Pass):
                ids.add(PASS)
            elif isinstance(action, Discard):
                if not knocking:
                    ids.add(self.ids[action.card])
            elif isinstance(action, Knock):
                assert action.discard is not None
                ids.add(self.ids[action.discard] if discarding else KNOCK)
            elif isinstance(action, LayMeld):
                ids.add(self.meld_id(action.cards))
            elif isinstance(action, LayOff):
                ids.add(self.ids[action.cards[0]])
            else:  # pragma: no cover - an action the mapping does not know
                raise AssertionError(f"no OpenSpiel id for {action}")
        return ids

    def as_action(self, state: State, number: int, knocking: bool) -> Action | None:
        """The rummykit action for OpenSpiel's ``number`` (``None``: OpenSpiel's
        knock, which rummykit takes together with the discard that follows)."""
        if number == DRAW_STOCK:
            return DrawStock()
        if number == DRAW_UPCARD:
            return DrawDiscard()
        if number == PASS:
            return Pass()
        if number == KNOCK:
            return DrawDiscard() if self._wall_draw(state) else None
        if number >= MELD_BASE:
            return LayMeld(self.melds[number])
        card = self.cards[number]
        if knocking or self._wall_take(state):
            return Knock(card)
        if state.phase is Phase.PLAY:
            return Discard(card)
        for target in range(len(state.table)):
            if state.is_legal(LayOff((card,), target=target)):
                return LayOff((card,), target=target)
        return LayOff((card,), target=0)  # refused: reported as a disagreement

    # -- one hand ---------------------------------------------------------------------

    def play(self, seed: int) -> Agreement | Disagreement:
        rng = random.Random(seed)
        deck = list(self.gin.deck.cards())
        rng.shuffle(deck)
        first, second, upcard, stock = deck[:10], deck[10:20], deck[20], deck[21:]
        order = self.gin.deck_for(Hand(first), Hand(second), upcard=upcard, stock=stock)
        ours = self.gin.new_game(2, deck=order, dealer=1)
        theirs: Any = self.game.new_initial_state()
        for card in (*first, *second, upcard):
            theirs.apply_action(self.ids[card])
        drawn = 0
        knocking = False
        log: list[str] = []
        deal = (
            f"seat 0: {Hand(first)} | seat 1: {Hand(second)} | upcard {upcard} | "
            f"stock {' '.join(map(str, stock))}"
        )

        def part(kind: str, detail: str) -> Disagreement:
            return Disagreement(
                seed=seed, kind=kind, detail=detail, deal=deal, actions=tuple(log)
            )

        while True:
            if theirs.is_chance_node():
                theirs.apply_action(self.ids[stock[drawn]])
                drawn += 1
                continue
            if theirs.is_terminal() or ours.is_terminal:
                break
            if theirs.current_player() != ours.current:
                return part(
                    "unexplained",
                    f"OpenSpiel's player {theirs.current_player()} acts, "
                    f"rummykit's {ours.current}",
                )
            expected = {int(a) for a in theirs.legal_actions()}
            got = self.as_ids(ours, knocking)
            if expected != got:
                return part(
                    self.classify(theirs, ours, expected, got),
                    f"OpenSpiel lists {self.names(expected)}, rummykit "
                    f"{self.names(got)}",
                )
            number = rng.choice(sorted(expected))
            action = self.as_action(ours, number, knocking)
            log.append(self.names({number}))
            theirs.apply_action(number)
            if action is None:
                knocking = True
                continue
            knocking = False
            try:
                ours = ours.apply(action)
            except ValueError as error:
                return part("unexplained", f"rummykit refused {action}: {error}")
        if theirs.is_terminal() != ours.is_terminal:
            return part(
                "unexplained",
                f"OpenSpiel ended: {theirs.is_terminal()}, "
                f"rummykit: {ours.is_terminal}",
            )
        returns = [int(r) for r in theirs.returns()]
        outcome = ours.outcome
        assert outcome is not None
        mine = [0, 0]
        for payment in outcome.payments:
            mine[payment.payee] += payment.points
            mine[payment.payer] -= payment.points
        if returns != mine:
            return part("unexplained", f"OpenSpiel scores {returns}, rummykit {mine}")
        ending = outcome.termination.value
        if outcome.termination is Termination.KNOCK:
            note = outcome.note
            ending = (
                "undercut" if "undercut" in note else "tie" if not mine[0] else "knock"
            )
        return Agreement(seed=seed, ending=ending, steps=len(log))

    def names(self, ids: set[int]) -> str:
        words = []
        for number in sorted(ids):
            if number < MELD_BASE and number in self.cards:
                words.append(str(self.cards[number]))
            elif number >= MELD_BASE:
                words.append("[" + " ".join(map(str, self.melds[number])) + "]")
            else:
                words.append(
                    {DRAW_UPCARD: "upcard", DRAW_STOCK: "stock", PASS: "pass"}.get(
                        number, "knock"
                    )
                )
        return "{" + ", ".join(words) + "}"

    def classify(
        self, theirs: Any, ours: State, expected: set[int], got: set[int]
    ) -> str:
        """Name a known OpenSpiel shortcut that explains a difference, if one does."""
        hand = ours.hands[ours.current]
        if got - expected == {KNOCK} and not expected - got:
            held = hand if ours.phase is Phase.PLAY else hand.add(ours.pile[-1])
            shortcut = int(self.utils.min_deadwood([self.ids[c] for c in held.cards]))
            best = self.gin.best_discard(held).points
            limit = int(theirs.knock_card())
            if best <= limit < shortcut:
                return "OpenSpiel's 11-card deadwood shortcut"
        extra = got - expected
        if (
            ours.phase is Phase.SHOW
            and extra
            and not expected - got
            and all(number < MELD_BASE for number in extra)
        ):
            return "OpenSpiel's lay-off listing"
        return "unexplained"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands to play")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first hand")
    parser.add_argument(
        "--show", type=int, default=5, help="disagreements to print in full"
    )
    args = parser.parse_args(argv)
    try:
        comparer = Comparer(GinRummy())
    except ImportError:
        print("OpenSpiel is not installed: pip install -e '.[bench]'")
        return 2
    start = time.perf_counter()
    endings: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    parted: list[Disagreement] = []
    steps = 0
    for seed in range(args.seed, args.seed + args.hands):
        result = comparer.play(seed)
        if isinstance(result, Agreement):
            endings[result.ending] += 1
            steps += result.steps
        else:
            kinds[result.kind] += 1
            parted.append(result)
    seconds = time.perf_counter() - start
    agreed = sum(endings.values())
    print(
        f"Gin Rummy, rummykit against OpenSpiel: {args.hands} random hands "
        f"(seeds {args.seed} to {args.seed + args.hands - 1}), {seconds:.1f} s"
    )
    print(
        f"agreed at every decision and in the score: {agreed:,} ({steps:,} decisions)"
    )
    for ending, count in sorted(endings.items()):
        print(f"  {ending:<10} {count:>7,}")
    print(f"disagreed: {len(parted):,}")
    for kind, count in sorted(kinds.items()):
        print(f"  {kind:<40} {count:>5,}")
    for result in parted[: args.show]:
        print(f"\nhand {result.seed}: {result.kind}")
        print(f"  {result.detail}")
        print(f"  deal: {result.deal}")
        print(f"  actions: {' '.join(result.actions)}")
    return 1 if kinds["unexplained"] else 0


if __name__ == "__main__":
    sys.exit(main())
