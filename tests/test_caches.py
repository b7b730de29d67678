"""Every process-wide cache is bounded: distinct options cannot grow memory for ever.

A server that lets tables choose their own options (point values, run
lengths, Indian requirements) may see any number of distinct values over its
life; each cache keeps at most its ``maxsize`` entries, the least recently
used dropped first, and answers stay right after an entry is dropped.
"""

from __future__ import annotations

from functools import _lru_cache_wrapper
from typing import Any

import pytest

from rummykit import Hand, Rank, get_variant
from rummykit.melds import MeldRules
from rummykit.partition import (
    PointValues,
    Requirement,
    _fast,
    _search,
    _small,
    _suits,
    all_partitions,
    deadwood,
    partition,
)
from rummykit.variants import classic

#: Every cache kept for the life of the process, with what fills it.
CACHES: dict[str, _lru_cache_wrapper[Any]] = {
    "partition tables": _fast.tables,
    "partition small-hand tables": _small.tables,
    "partition requirements": _search._progress,
    "classic meld rules": classic._meld_rules,
}

HAND = Hand.parse("As 2s 3s 4h 5h 6h 9c 9d 9s Kd")
JOKER_HAND = Hand.parse("As 2s Jk 4h 5h 6h 9c 9d Qs Kd")


@pytest.mark.parametrize("name", sorted(CACHES))
def test_every_process_wide_cache_has_a_bound(name: str) -> None:
    maxsize = CACHES[name].cache_info().maxsize
    assert maxsize is not None
    assert 0 < maxsize <= 64


def test_many_distinct_point_values_keep_the_partition_tables_bounded() -> None:
    kept = _fast.tables.cache_info().maxsize
    assert kept is not None
    # Each distinct rule set's tables cost about 300 KB; ten more distinct
    # point values than the cache keeps must not add ten more tables.
    _fast.tables.cache_clear()  # so that each distinct point values is a miss
    for joker in range(kept + 10):
        points = PointValues(ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10 + joker))
        assert deadwood(HAND, points=points) == 10 + joker
        assert _fast.tables.cache_info().currsize <= kept
        # The quick lane's own map of recent arguments holds tables too.
        assert len(_fast._QUICK) <= _fast.QUICK_KEPT
    # Each distinct point values did build its tables (the cache was used).
    assert _fast.tables.cache_info().misses >= kept + 10
    # An entry that was dropped is simply built again, with the same answer.
    assert deadwood(HAND, points=PointValues()) == 10
    assert str(partition(HAND, points=PointValues())) == str(partition(HAND))


def test_many_distinct_meld_rules_keep_the_partition_tables_bounded() -> None:
    kept = _fast.tables.cache_info().maxsize
    assert kept is not None
    seen = 0
    for min_run in (3, 4):
        for max_run in range(min_run, 21):
            for ace_high in (False, True):
                rules = MeldRules(min_run=min_run, max_run=max_run, ace_high=ace_high)
                deadwood(HAND, rules=rules)
                seen += 1
                assert _fast.tables.cache_info().currsize <= kept
                assert len(_fast._QUICK) <= _fast.QUICK_KEPT
    assert seen > kept


def test_many_distinct_requirements_keep_their_cache_bounded() -> None:
    kept = _search._progress.cache_info().maxsize
    assert kept is not None
    _search._progress.cache_clear()  # so that each distinct requirement is a miss
    for cap in range(1, kept + 10):
        requirement = Requirement(min_sequences=1, min_pure_sequences=1, cap=cap)
        # Listing every grouping takes the general search, which tracks
        # progress towards the requirement with this cache.
        found = all_partitions(JOKER_HAND, requirement=requirement)
        assert all(0 <= result.points <= cap for result in found)
        assert _search._progress.cache_info().currsize <= kept
    assert _search._progress.cache_info().misses >= kept + 9


#: Thirteen cards with jokers that score: the suit tables' path answers them.
SUIT_HANDS = [
    Hand.parse("As 2s Jk 4h 5h 6h 9c 9d Qs Kd Kd 7c Jk"),
    Hand.parse("3s 4s 5s 5s 8h 9h Th Jk 2d 2c 2h Qc Kc"),
    Hand.parse("Ah Ah 2h 3h 7s 8s 8s Jk Td Jd Qd 4c 6c"),
    Hand.parse("Ks Qs Js Jk 9h 9h 9d 5c 6c 7c 8c 2d 3d"),
]
SUIT_POINTS = PointValues(joker=25)


def _suit_entries() -> int:
    return sum(kept.entries() for kept in _suits._TABLES.values())


def test_the_suit_tables_path_answers_the_test_hands() -> None:
    rules = MeldRules()
    assert _suits.applies(rules, SUIT_POINTS, None)
    _suits._TABLES.clear()
    for hand in SUIT_HANDS:
        deadwood(hand, points=SUIT_POINTS)
    assert _suit_entries() > 0, "the hands never reached the suit tables"


def test_the_suit_tables_memos_stay_within_their_shared_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wilds = (None, Rank.SEVEN, Rank.NINE)
    expected = {
        (hand, wild): deadwood(hand, points=SUIT_POINTS, wild_rank=wild)
        for hand in SUIT_HANDS
        for wild in wilds
    }
    monkeypatch.setattr(_suits, "MEMO_ENTRIES", 40)
    _suits._TABLES.clear()
    for _ in range(3):
        for (hand, wild), value in expected.items():
            # Memos cleared along the way, even within one hand's search,
            # change no answer.
            assert deadwood(hand, points=SUIT_POINTS, wild_rank=wild) == value
            # A clear may come in the middle of one hand's search, so an
            # entry or two added on its way out may go uncounted.
            assert _suit_entries() <= 40 + 4


def test_the_suit_tables_keep_the_most_recently_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_suits, "TABLES_KEPT", 3)
    _suits._TABLES.clear()
    rules = MeldRules()
    made = [_suits.tables(rules, PointValues(joker=j), 13, None) for j in range(1, 4)]
    # Using the oldest makes it the newest: the next table drops the second.
    assert _suits.tables(rules, PointValues(joker=1), 13, None) is made[0]
    _suits.tables(rules, PointValues(joker=9), 13, None)
    assert len(_suits._TABLES) == 3
    assert _suits.tables(rules, PointValues(joker=1), 13, None) is made[0]
    assert _suits.tables(rules, PointValues(joker=2), 13, None) is not made[1]


def test_every_classic_option_shares_a_bounded_meld_rules_cache() -> None:
    before = classic._meld_rules.cache_info()
    for ace_high in (False, True):
        for wrap in (False, True):
            if wrap and not ace_high:
                continue
            variant = get_variant("classic", ace_high=ace_high, wrap=wrap)
            assert variant.meld_rules.ace_high is ace_high
            assert variant.meld_rules.wrap is wrap
            # Equal options share one MeldRules: the cache, not a new one each time.
            again = get_variant("classic", ace_high=ace_high, wrap=wrap)
            assert again.meld_rules is variant.meld_rules
    info = classic._meld_rules.cache_info()
    assert info.maxsize is not None and info.currsize <= info.maxsize
    assert info.hits + info.misses >= before.hits + before.misses + 6


#: Packages whose modules need an optional extra to import.
_OPTIONAL = ("rummykit.rl", "rummykit.web")


def _module_caches() -> dict[str, _lru_cache_wrapper[Any]]:
    """Every ``functools.lru_cache`` defined at module level in rummykit."""
    import importlib
    import pkgutil

    import rummykit

    found: dict[str, _lru_cache_wrapper[Any]] = {}
    for info in pkgutil.walk_packages(rummykit.__path__, "rummykit."):
        try:
            module = importlib.import_module(info.name)
        except ImportError:
            if info.name.startswith(_OPTIONAL):
                continue
            raise
        for name, value in vars(module).items():
            if isinstance(value, _lru_cache_wrapper) and value.__module__ == info.name:
                found[f"{info.name}.{name}"] = value
    return found


def test_no_module_level_cache_anywhere_is_unbounded() -> None:
    found = _module_caches()
    # The listed caches are among those found, so the search does look.
    assert set(map(id, CACHES.values())) <= set(map(id, found.values()))
    for name, cache in found.items():
        maxsize = cache.cache_info().maxsize
        assert maxsize is not None, f"{name} has no bound"
        assert 0 < maxsize <= 4096, f"{name} keeps {maxsize} entries"
