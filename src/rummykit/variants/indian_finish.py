"""Which finish cards of an Indian Rummy hand may leave a declaration: one
search of the relaxed cover for the whole hand instead of one per card.

:func:`rummykit.variants._floor.may_cover` asks whether the cards left after
one finish card can be melded in the relaxation that keeps only the shapes
of melds (sets of one rank, runs of one suit, jokers filling any place).  A
declaring hand holds 14 cards, and asking that once for each of them
repeats most of the work: :func:`finish_cards` walks the relaxation once and
collects every card that can be the one left over.  For each card it gives
exactly the answer of ``may_cover`` on the other cards, so it is a bound in
the same sense: a card it leaves out cannot finish a declaration.

>>> from rummykit.cards import Card, Hand
>>> from rummykit.melds import MeldRules
>>> rules = MeldRules()
>>> hand = Hand.parse("As 2s 3s 4s 9d 9c 9h")
>>> sorted(str(Card.from_code(code)) for code in finish_cards(hand.codes, rules, None, 0))
['4s', 'As']
>>> finish_cards(Hand.parse("As 2s 3s 9d 9c 8h Kc").codes, rules, None, 0)
frozenset()
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from rummykit.cards import JOKER_CODE, Rank
from rummykit.melds import MeldRules
from rummykit.partition._jokers import _cover_shapes
from rummykit.variants._floor import _neediest, _reach, _without_ranks

__all__ = ["finish_cards"]


def finish_cards(
    codes: tuple[int, ...],
    rules: MeldRules,
    wild_rank: Rank | None,
    sequences: int,
) -> frozenset[int]:
    """The codes of the cards ``c`` of the hand with these sorted ``codes``
    for which ``may_cover`` of the other cards (no discard, ``sequences``
    sequences) says a cover may exist.

    Jokers (printed, or of the wild rank) are all in or all out: leaving
    any one of them out leaves the same naturals and one joker fewer.
    """
    wild = -1 if wild_rank is None else int(wild_rank) - 1
    naturals = tuple(code for code in codes if code != JOKER_CODE and code % 13 != wild)
    jokers = len(codes) - len(naturals)
    shapes = _cover_shapes(rules)
    min_set = rules.min_set
    most_others = 2 * min_set - 2
    golden = rules.golden_rummy
    per_run = min(rules.min_run, 3) if golden else rules.min_run
    reach = _reach(rules)
    distinct = rules.set_distinct_suits and not golden
    known: dict[tuple[tuple[int, ...], int, int], bool] = {}
    spares_of: dict[tuple[tuple[int, ...], int, int], frozenset[int]] = {}

    def melds(
        card: int, rest: tuple[int, ...], jokers: int, runs: int
    ) -> Iterator[tuple[tuple[int, ...], int, int]]:
        """For each relaxed meld that holds ``card`` (not in ``rest``), what
        is left: (cards, jokers, sequences still needed)."""
        rank = card % 13
        suit = card - rank
        held = 0
        same: list[int] = []
        for at, code in enumerate(rest):
            if 0 <= code - suit < 13:
                held |= 1 << (code - suit)
            if code % 13 == rank and (
                not distinct or (code != card and (not same or rest[same[-1]] != code))
            ):
                same.append(at)  # one of each other suit, if sets ask for it
        after_run = runs - 1 if runs else 0
        after_set = after_run if golden else runs
        for row in shapes[rank]:
            missing = (row & ~held).bit_count()
            if missing > jokers:
                continue
            present = row & held
            sub = present
            while True:
                need = missing + (present & ~sub).bit_count()
                if need <= jokers:
                    yield _without_ranks(rest, suit, sub), jokers - need, after_run
                if not sub:
                    break
                sub = (sub - 1) & present
        for size in range(min(len(same), most_others) + 1):
            need = min_set - 1 - size
            if need > jokers:
                continue
            for chosen in combinations(same, size):
                left = tuple(code for at, code in enumerate(rest) if at not in chosen)
                yield left, jokers - max(need, 0), after_set

    def neediest(rest: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
        """The card to place first (the order is free), the others, and how
        many cards only a meld with a joker can hold."""
        at, needy = _neediest(rest, min_set, rules)
        return rest[at], rest[:at] + rest[at + 1 :], needy

    def covers(rest: tuple[int, ...], jokers: int, runs: int) -> bool:
        """``may_cover``'s search with no card to spare."""
        if not rest:
            return runs * per_run <= jokers
        key = (rest, jokers, runs)
        answer = known.get(key)
        if answer is None:
            card, others, needy = neediest(rest)
            answer = needy <= reach * jokers and any(
                covers(*left) for left in melds(card, others, jokers, runs)
            )
            known[key] = answer
        return answer

    def spares(rest: tuple[int, ...], jokers: int, runs: int) -> frozenset[int]:
        """The natural cards of ``rest`` that may be left over by a cover of
        the others."""
        if not rest:
            return frozenset()
        key = (rest, jokers, runs)
        found = spares_of.get(key)
        if found is None:
            card, others, needy = neediest(rest)
            gathered: set[int] = set()
            if needy - 1 <= reach * jokers:  # else no card's rest is covered
                if covers(others, jokers, runs):
                    gathered.add(card)
                for left in melds(card, others, jokers, runs):
                    gathered.update(spares(*left))
            found = spares_of[key] = frozenset(gathered)
        return found

    result = spares(naturals, jokers, sequences)
    if jokers and covers(naturals, jokers - 1, sequences):
        result |= {code for code in codes if code == JOKER_CODE or code % 13 == wild}
    return result
