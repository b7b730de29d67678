"""Tests for the variant classes: lookup by name, option validation, presets,
decks and deals, and the meld rules, points and requirement each one hands
to the partitioner."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rummykit import DeckSpec, Hand, InvalidOptionError, MeldRules, Rank
from rummykit.partition import (
    PointValues,
    Requirement,
    all_partitions,
    best_discard,
    deadwood,
    partition,
)
from rummykit.serialize import state_from_json, state_to_json
from rummykit.variants import (
    VARIANTS,
    ClassicRummy,
    GinRummy,
    IndianRummy,
    Rumino,
    Variant,
    find_variant,
    get_variant,
)
from tests.profiles import examples
from tests.strategies import hands, wild_ranks

VariantClass = type[Rumino] | type[IndianRummy] | type[ClassicRummy] | type[GinRummy]
ALL_CLASSES: tuple[VariantClass, ...] = (Rumino, IndianRummy, ClassicRummy, GinRummy)


def _raises_naming(
    option: str,
) -> AbstractContextManager[pytest.ExceptionInfo[ValueError]]:
    return pytest.raises(ValueError, match=re.escape(option))


# --- lookup by name ---------------------------------------------------------------


def test_variants_are_listed_in_a_fixed_order() -> None:
    assert (Rumino, IndianRummy, ClassicRummy, GinRummy) == VARIANTS
    assert [variant.name for variant in VARIANTS] == [
        "rumino",
        "indian",
        "classic",
        "gin",
    ]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("rumino", Rumino),
        ("ramino", Rumino),
        ("rumina", Rumino),
        ("indian", IndianRummy),
        ("indian_rummy", IndianRummy),
        ("13card", IndianRummy),
        ("gamentio", IndianRummy),
        ("classic", ClassicRummy),
        ("rummy", ClassicRummy),
        ("rum", ClassicRummy),
        ("classic_rummy", ClassicRummy),
        ("  Classic ", ClassicRummy),
        ("RUMINO", Rumino),
        ("Indian_Rummy", IndianRummy),
        ("gin", GinRummy),
        ("Gin_Rummy", GinRummy),
    ],
)
def test_find_variant_by_name_or_alias(name: str, expected: VariantClass) -> None:
    assert find_variant(name) is expected
    assert type(get_variant(name)) is expected


def test_every_alias_finds_its_variant() -> None:
    for variant in VARIANTS:
        for alias in (variant.name, *variant.aliases):
            assert find_variant(alias) is variant
            assert find_variant(alias.upper()) is variant
    aliases = [
        alias for variant in VARIANTS for alias in (variant.name, *variant.aliases)
    ]
    assert len(aliases) == len(set(aliases)), "an alias names two variants"


@pytest.mark.parametrize("name", ["poker", "", "canasta", "rumino2", "indian rummy"])
def test_unknown_variant_name(name: str) -> None:
    message = f"unknown variant {name!r}; known: rumino, indian, classic, gin"
    with pytest.raises(ValueError, match=re.escape(message)):
        find_variant(name)
    with pytest.raises(ValueError, match=re.escape(message)):
        get_variant(name)


def test_variant_name_that_is_not_a_string() -> None:
    with pytest.raises(ValueError, match="unknown variant 3"):
        find_variant(3)  # type: ignore[arg-type]


def test_get_variant_passes_options() -> None:
    rumino = get_variant("rumino", knock_limit=5, max_run=None)
    assert isinstance(rumino, Rumino)
    assert (rumino.knock_limit, rumino.max_run) == (5, None)
    standard = get_variant("13card", preset="standard", cap=None)
    assert isinstance(standard, IndianRummy)
    assert (standard.preset, standard.cap, standard.decks) == ("standard", None, 2)
    classic = get_variant("rum", ace_high=True)
    assert classic == ClassicRummy(ace_high=True)


@pytest.mark.parametrize("variant", ALL_CLASSES)
def test_get_variant_rejects_an_unknown_option(variant: VariantClass) -> None:
    fields = ", ".join(field.name for field in attrs.fields(variant))
    message = f"unknown option 'jokers_wild' for {variant.name}; options: {fields}"
    with pytest.raises(ValueError, match=re.escape(message)):
        get_variant(variant.name, jokers_wild=True)
    # Class attributes are not options.
    with pytest.raises(ValueError, match="unknown option 'aliases'"):
        get_variant(variant.name, aliases=("other",))


def test_get_variant_rejects_a_bad_value_naming_the_option() -> None:
    with _raises_naming("Rumino.knock_limit"):
        get_variant("rumino", knock_limit=-1)
    with _raises_naming("IndianRummy.preset"):
        get_variant("indian", preset="rummycircle")
    with _raises_naming("ClassicRummy.stock_exhaustion"):
        get_variant("classic", stock_exhaustion="burn")


# --- every option is validated --------------------------------------------------------

#: Values of the wrong kind for an option of each declared type.
WRONG_KIND: dict[str, tuple[object, ...]] = {
    "bool": ("yes", 1, None),
    "int": ("3", 2.5, None, True),
    "int | None": ("3", 2.5, True),
    "str": ("no-such-choice", None, 3),
    "float": ("1", None),
    "int | str": ("no-such-choice", 2.5, None),
    "Decimal": ("one", None, True, (1,), float("nan"), float("inf"), "1e400", 0.001),
}

#: Values of the right kind that are out of range, per option.
OUT_OF_RANGE: dict[tuple[VariantClass, str], tuple[object, ...]] = {
    (Rumino, "knock_limit"): (-1,),
    (Rumino, "max_run"): (3, 0, -1),
    (Rumino, "max_jokers_per_meld"): (-1,),
    (Rumino, "min_naturals_per_meld"): (-1,),
    (Rumino, "undercut_penalty"): (-1,),
    (Rumino, "stake"): (-1, 10**13, 10**400, 2.555),
    (IndianRummy, "decks"): (0, 4),
    (IndianRummy, "printed_jokers"): (-1,),
    (IndianRummy, "max_players"): (1, 0),
    (IndianRummy, "max_meld"): (3, 0),
    (IndianRummy, "min_sequences"): (0, -1),
    (IndianRummy, "max_jokers_per_run"): (-1,),
    (IndianRummy, "min_naturals_per_meld"): (-1,),
    (IndianRummy, "set_max"): (2, 0),
    (IndianRummy, "wrong_decl_penalty"): (-1,),
    (IndianRummy, "cap"): (-1,),
    (IndianRummy, "first_drop_penalty"): (-1, 10**13, 10**400),
    (IndianRummy, "middle_drop_penalty"): (-1, 10**13, 10**400),
    (IndianRummy, "rake_pct"): (-1, 100, 150.0, "4.001"),
    (IndianRummy, "move_timer"): (0, -5),
    (IndianRummy, "max_lapses"): (0,),
    (IndianRummy, "meld_timer"): (0,),
    (IndianRummy, "stake"): (-1, -0.5, 10**12 + 1, 10**400, 0.001),
    (ClassicRummy, "melds_per_turn"): (0, -1),
    (ClassicRummy, "max_turnovers"): (-1,),
    (ClassicRummy, "target"): (0, -100),
    (ClassicRummy, "stake"): (-1, -0.01, 10**13, 10**400, "0.005"),
}

#: Options that take any value of their type.
UNBOUNDED = {(Rumino, "gin_score")}


def _bad_values() -> list[tuple[VariantClass, str, object]]:
    """Every option with values of the wrong kind, -1 for every number that
    is not :data:`UNBOUNDED`, and the out-of-range values listed above."""
    cases: list[tuple[VariantClass, str, object]] = []
    for variant in ALL_CLASSES:
        for field in attrs.fields(variant):
            assert isinstance(field.type, str)
            values = list(WRONG_KIND[field.type])
            numeric = field.type in (
                "int",
                "int | None",
                "float",
                "int | str",
                "Decimal",
            )
            if numeric and (variant, field.name) not in UNBOUNDED:
                values.append(-1)
            values += OUT_OF_RANGE.get((variant, field.name), ())
            cases += [(variant, field.name, value) for value in dict.fromkeys(values)]
    return cases


@pytest.mark.parametrize(
    ("variant", "option", "value"),
    _bad_values(),
    ids=lambda value: repr(value) if not isinstance(value, type) else value.__name__,
)
def test_every_option_rejects_bad_values_naming_itself(
    variant: VariantClass, option: str, value: object
) -> None:
    options: dict[str, Any] = {option: value}
    with _raises_naming(f"{variant.__name__}.{option}"):
        variant(**options)
    with _raises_naming(f"{variant.__name__}.{option}"):
        get_variant(variant.name, **options)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        (Rumino, {"knock_limit": 0, "max_run": 4, "max_jokers_per_meld": 0}),
        (Rumino, {"max_run": None, "gin_score": 0, "stake": 0, "undercut_penalty": 10}),
        (Rumino, {"gin_score": -25, "min_naturals_per_meld": 0}),
        (
            Rumino,
            {
                "knock_timing": "after_draw",
                "rumino_claim_mode": "manual_window",
                "stock_exhaustion": "turn_over_no_shuffle",
                "elimination": "at_or_over_100",
                "rebuy_cost": "none",
                "scoring_mode": "as_arranged",
            },
        ),
        (IndianRummy, {"decks": 3, "printed_jokers": 0, "max_players": 10}),
        (IndianRummy, {"max_meld": None, "set_max": None, "cap": 0}),
        (
            IndianRummy,
            {"max_meld": 4, "min_sequences": 3, "wrong_decl_penalty": "full_count"},
        ),
        (
            IndianRummy,
            {"rake_pct": 0, "stake": 0.5, "move_timer": None, "meld_timer": None},
        ),
        (
            IndianRummy,
            {
                "deal_table": "prose",
                "direction": "anticlockwise",
                "printed_joker_indicator": "other_pj_only",
                "drop_penalty_unit": "money",
                "rake_base": "total_pot",
                "loser_requirement": "none",
                "stock_exhaustion": "lowest_points_wins",
                "timer_mode": "per_action",
                "lapse_forfeit": "fourth",
                "meld_expiry": "auto_arrange",
            },
        ),
        (ClassicRummy, {"melds_per_turn": 1, "max_turnovers": 0, "target": 1}),
        (
            ClassicRummy,
            {
                "stock_exhaustion": "block",
                "two_player_deal": "alternate",
                "match_mode": "fixed_deals",
                "stake": 0,
            },
        ),
    ],
)
def test_good_option_values_are_kept(
    variant: VariantClass, options: dict[str, Any]
) -> None:
    made = variant(**options)
    for option, value in options.items():
        assert getattr(made, option) == value
    assert get_variant(variant.name, **options) == made


@pytest.mark.parametrize("variant", ALL_CLASSES)
def test_variants_are_frozen(variant: VariantClass) -> None:
    made = variant()
    field = attrs.fields(variant)[0]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(made, field.name, getattr(made, field.name))


# --- Indian presets -------------------------------------------------------------------

GAMENTIO_DEFAULTS: dict[str, Any] = {
    "decks": 1,
    "printed_jokers": 0,
    "deal_table": "table",
    "max_players": 4,
    "max_meld": 4,
    "min_sequences": 1,
    "cap": None,
    "first_drop_penalty": 10,
    "middle_drop_penalty": 10,
    "rake_pct": 4.0,
    "loser_requirement": "none",
    "max_lapses": 1,
}
STANDARD_DEFAULTS: dict[str, Any] = {
    "decks": 2,
    "printed_jokers": 2,
    "deal_table": "thirteen",
    "max_players": 6,
    "max_meld": None,
    "min_sequences": 2,
    "cap": 80,
    "first_drop_penalty": 20,
    "middle_drop_penalty": 40,
    "rake_pct": 0.0,
    "loser_requirement": "declaration",
    "max_lapses": 3,
}
#: Options the two presets share (RULES.md §2).
SHARED_DEFAULTS: dict[str, Any] = {
    "direction": "clockwise",
    "printed_joker_indicator": "aces_wild",
    "indicator_in_stock": False,
    "wild_natural_is_pure": True,
    "max_jokers_per_run": None,
    "min_naturals_per_meld": 1,
    "set_max": 4,
    "upcard_joker_pickable": False,
    "finish_card_restricted": True,
    "wrong_decl_penalty": 80,
    "stock_exhaustion": "reshuffle_keep_top",
    "move_timer": 15,
    "meld_timer": 45,
    "meld_expiry": "freeze",
    "life_min_len_4": False,
    "golden_rummy": False,
}


@pytest.mark.parametrize(
    ("preset", "defaults"),
    [("gamentio", GAMENTIO_DEFAULTS), ("standard", STANDARD_DEFAULTS)],
)
def test_indian_preset_defaults(preset: str, defaults: dict[str, Any]) -> None:
    variant = IndianRummy(preset=preset)
    for option, value in {**defaults, **SHARED_DEFAULTS}.items():
        assert getattr(variant, option) == value, option
    assert IndianRummy().preset == "gamentio"


@pytest.mark.parametrize(
    ("preset", "defaults"),
    [("gamentio", GAMENTIO_DEFAULTS), ("standard", STANDARD_DEFAULTS)],
)
@pytest.mark.parametrize("option", sorted(GAMENTIO_DEFAULTS))
def test_overriding_one_option_keeps_the_presets_others(
    preset: str, defaults: dict[str, Any], option: str
) -> None:
    other = STANDARD_DEFAULTS if preset == "gamentio" else GAMENTIO_DEFAULTS
    changed = {option: other[option]}
    if (option, preset) in {("deal_table", "gamentio"), ("decks", "standard")}:
        # 13 cards each from one deck: the preset's table is too big for it.
        with pytest.raises(InvalidOptionError, match="max_players"):
            IndianRummy(preset=preset, **changed)
        changed["max_players"] = 3
    variant = IndianRummy(preset=preset, **changed)
    assert getattr(variant, option) == other[option]
    for name, value in defaults.items():
        if name not in changed:
            assert getattr(variant, name) == value, name


def test_standard_without_a_cap_scores_uncapped() -> None:
    uncapped = IndianRummy(preset="standard", cap=None)
    assert uncapped.requirement.cap is None
    assert uncapped.min_sequences == 2 and uncapped.decks == 2
    hand = Hand.parse("Kc Ks Qd Qh Jc Jd Tc Th 9c 9d 8s 8c 6d")
    # No sequence at all: every card counts.
    assert (
        uncapped.deadwood(hand, wild_rank=Rank.TWO)
        == 10 * 6 + 10 + 10 + 9 + 9 + 8 + 8 + 6
    )
    assert IndianRummy(preset="standard").deadwood(hand, wild_rank=Rank.TWO) == 80


# --- decks and deals --------------------------------------------------------------------


def test_deck_sizes() -> None:
    assert Rumino().deck == DeckSpec(decks=2, jokers=4)
    assert Rumino().deck.size == 108
    assert IndianRummy().deck == DeckSpec(decks=1, jokers=0)
    assert IndianRummy().deck.size == 52
    assert IndianRummy(preset="standard").deck == DeckSpec(decks=2, jokers=2)
    assert IndianRummy(preset="standard").deck.size == 106
    assert IndianRummy(preset="standard", decks=3).deck.size == 158
    assert ClassicRummy().deck == DeckSpec()
    assert ClassicRummy().deck.size == 52


def test_indian_printed_jokers_are_limited_like_the_deck() -> None:
    with _raises_naming("IndianRummy.printed_jokers"):
        IndianRummy(printed_jokers=9)


def test_rumino_deals_seven_cards() -> None:
    assert Rumino.hand_size == 7
    assert (Rumino.min_players, Rumino.max_players) == (2, 6)


@pytest.mark.parametrize(
    ("options", "deal"),
    [
        ({}, {2: 13, 3: 10, 4: 7}),
        ({"deal_table": "prose", "max_players": 6}, {2: 13, 3: 13, 4: 10, 5: 10, 6: 7}),
        ({"deal_table": "thirteen", "max_players": 3}, {2: 13, 3: 13}),
        ({"preset": "standard"}, {2: 13, 3: 13, 4: 13, 5: 13, 6: 13}),
        (
            {"preset": "standard", "deal_table": "table"},
            {2: 13, 3: 10, 4: 7, 5: 7, 6: 7},
        ),
    ],
)
def test_indian_cards_per_player(options: dict[str, Any], deal: dict[int, int]) -> None:
    variant = IndianRummy(**options)
    assert {players: variant.cards_per_player(players) for players in deal} == deal
    for players in (1, variant.max_players + 1):
        with pytest.raises(ValueError, match="IndianRummy seats"):
            variant.cards_per_player(players)


def test_indian_deal_fits_the_deck() -> None:
    for preset in ("gamentio", "standard"):
        variant = IndianRummy(preset=preset)
        for players in range(variant.min_players, variant.max_players + 1):
            # Each player's cards, the indicator and the open card.
            assert players * variant.cards_per_player(players) + 2 <= variant.deck.size


def test_classic_cards_per_player() -> None:
    classic = ClassicRummy()
    assert {n: classic.cards_per_player(n) for n in range(2, 7)} == {
        2: 10,
        3: 7,
        4: 7,
        5: 6,
        6: 6,
    }
    for players in (0, 1, 7):
        with pytest.raises(ValueError, match="ClassicRummy seats 2 to 6 players"):
            classic.cards_per_player(players)


# --- what each variant hands to the partitioner ------------------------------------------


def test_rumino_meld_rules_points_and_requirement() -> None:
    rumino = Rumino()
    assert rumino.meld_rules == MeldRules(max_set=4, max_run=4)
    assert rumino.point_values == PointValues.standard(joker=10)
    assert rumino.requirement is None
    changed = Rumino(
        ace_high=True,
        wrap=True,
        max_run=None,
        set_distinct_suits=True,
        max_jokers_per_meld=1,
        min_naturals_per_meld=0,
    )
    assert changed.meld_rules == MeldRules(
        ace_high=True,
        wrap=True,
        max_set=4,
        max_run=None,
        set_distinct_suits=True,
        max_jokers_per_meld=1,
        min_naturals_per_meld=0,
    )


def test_indian_meld_rules() -> None:
    gamentio = IndianRummy().meld_rules
    assert gamentio == MeldRules(
        ace_high=True, max_set=4, set_distinct_suits=True, max_run=4
    )
    standard = IndianRummy(preset="standard").meld_rules
    assert standard == MeldRules(ace_high=True, max_set=4, set_distinct_suits=True)
    assert IndianRummy(preset="standard", set_max=None).meld_rules.max_set is None
    assert IndianRummy(set_max=None).meld_rules.max_set == 4  # max_meld 4 still limits
    assert IndianRummy(max_meld=5).meld_rules.max_run == 5
    assert IndianRummy(max_meld=5).meld_rules.max_set == 4
    options = IndianRummy(
        max_jokers_per_run=1, min_naturals_per_meld=0, wild_natural_is_pure=False
    ).meld_rules
    assert options.max_jokers_per_run == 1
    assert options.min_naturals_per_meld == 0
    assert options.wild_natural_is_pure is False


def test_indian_point_values() -> None:
    assert IndianRummy().point_values == PointValues.gamentio()
    assert IndianRummy().point_values.ranks == (
        14,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        11,
        12,
        13,
    )
    standard = IndianRummy(preset="standard").point_values
    assert standard.ranks == (10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    assert standard.joker == 0 == IndianRummy().point_values.joker


@pytest.mark.parametrize(
    ("options", "declaration", "loser"),
    [
        (
            {},
            Requirement(min_sequences=1, min_pure_sequences=1),
            Requirement(),  # Gamentio: a loser's complete melds always count
        ),
        (
            {"loser_requirement": "declaration"},
            Requirement(min_sequences=1, min_pure_sequences=1),
            None,
        ),
        (
            {"preset": "standard"},
            Requirement(min_sequences=2, min_pure_sequences=1),
            Requirement(min_sequences=2, min_pure_sequences=1, cap=80),
        ),
        (
            {"life_min_len_4": True, "loser_requirement": "declaration"},
            Requirement(min_sequences=1, min_pure_sequences=1, long_sequence=4),
            None,
        ),
        (
            {"preset": "standard", "loser_requirement": "none"},
            Requirement(min_sequences=2, min_pure_sequences=1),
            Requirement(cap=80),
        ),
        (
            {"min_sequences": 3, "cap": 100},
            Requirement(min_sequences=3, min_pure_sequences=1),
            Requirement(cap=100),
        ),
        (
            {"min_sequences": 3, "cap": 100, "loser_requirement": "declaration"},
            Requirement(min_sequences=3, min_pure_sequences=1),
            Requirement(min_sequences=3, min_pure_sequences=1, cap=100),
        ),
    ],
)
def test_indian_requirements(
    options: dict[str, Any], declaration: Requirement, loser: Requirement | None
) -> None:
    variant = IndianRummy(**options)
    assert variant.declaration_requirement == declaration
    assert variant.requirement == (declaration if loser is None else loser)


def test_indian_wild_rank_for_the_indicator() -> None:
    gamentio = IndianRummy()
    for rank in Rank:
        assert gamentio.wild_rank_for(rank) is rank
    assert gamentio.wild_rank_for(None) is Rank.ACE
    assert (
        IndianRummy(printed_joker_indicator="other_pj_only").wild_rank_for(None) is None
    )
    assert (
        IndianRummy(printed_joker_indicator="other_pj_only").wild_rank_for(Rank.FIVE)
        is Rank.FIVE
    )


def test_classic_meld_rules_points_and_requirement() -> None:
    classic = ClassicRummy()
    assert classic.meld_rules == MeldRules(max_set=4)
    assert classic.point_values == PointValues.standard()
    assert classic.requirement is None
    assert ClassicRummy(ace_high=True).meld_rules == MeldRules(max_set=4, ace_high=True)
    assert ClassicRummy(wrap=True).meld_rules == MeldRules(max_set=4, wrap=True)
    assert ClassicRummy(ace_high=True).meld_rules.is_meld("Qh Kh Ah")
    assert not ClassicRummy().meld_rules.is_meld("Qh Kh Ah")
    assert ClassicRummy(wrap=True).meld_rules.is_meld("Kh Ah 2h")


VARIANT_SAMPLES: tuple[Variant, ...] = (
    Rumino(),
    Rumino(max_run=None, ace_high=True),
    IndianRummy(),
    IndianRummy(preset="standard"),
    IndianRummy(life_min_len_4=True),
    ClassicRummy(wrap=True),
)


@settings(max_examples=examples(60), deadline=None)
@given(
    variant=st.sampled_from(VARIANT_SAMPLES),
    hand=hands(1, 9, decks=2, jokers=2),
    wild_rank=wild_ranks(),
    forbid=st.booleans(),
)
def test_variant_methods_are_the_partitioner_with_the_variants_rules(
    variant: Variant, hand: Hand, wild_rank: Rank | None, forbid: bool
) -> None:
    # A variant refuses a hand its deck cannot deal (test_partition_bounds.py),
    # and a wild rank where it has none (test_a_variant_without_a_wild_rank_...).
    assume(all(hand.count(card) <= variant.deck.copies(card) for card in hand))
    wild_rank = wild_rank if variant.has_wild_rank else None
    rules, points, requirement = (
        variant.meld_rules,
        variant.point_values,
        variant.requirement,
    )
    expected = partition(
        hand, rules, points, wild_rank=wild_rank, requirement=requirement
    )
    assert variant.partition(hand, wild_rank=wild_rank) == expected
    assert variant.deadwood(hand, wild_rank=wild_rank) == deadwood(
        hand, rules, points, wild_rank=wild_rank, requirement=requirement
    )
    forbidden = hand.cards[:1] if forbid and len(set(hand.cards)) > 1 else ()
    assert variant.best_discard(
        hand, wild_rank=wild_rank, forbidden=forbidden
    ) == best_discard(
        hand,
        rules,
        points,
        wild_rank=wild_rank,
        requirement=requirement,
        forbidden=forbidden,
    )
    assert variant.all_partitions(
        hand, wild_rank=wild_rank, discard=True
    ) == all_partitions(
        hand, rules, points, wild_rank=wild_rank, requirement=requirement, discard=True
    )


@pytest.mark.parametrize("variant", VARIANT_SAMPLES)
def test_the_rules_a_variant_keeps_are_no_option(variant: Variant) -> None:
    # The partitioning methods read the derived rules from a per-instance
    # cache; it must stay out of the options, repr, equality, hashing,
    # pickles and saves, and hold what the properties give.
    fresh = attrs.evolve(variant)
    before = (repr(variant), hash(variant), attrs.asdict(variant))
    assert variant._terms == (
        variant.meld_rules,
        variant.point_values,
        variant.requirement,
        variant.deck.decks,
        variant.deck.jokers,
    )
    assert "_terms" not in {field.name for field in attrs.fields(type(variant))}
    assert (repr(variant), hash(variant), attrs.asdict(variant)) == before
    assert variant == fresh and hash(variant) == hash(fresh)
    assert "_terms" not in repr(variant)
    pickled = type(variant).__getstate__(variant)
    assert isinstance(pickled, dict) and "_terms" not in pickled
    copied = pickle.loads(pickle.dumps(variant))
    assert copied == variant and copied._terms == variant._terms
    state = variant.new_game(2, seed=3)
    text = state_to_json(state)
    assert "_terms" not in text
    assert state_from_json(text).rules == variant


# --- Rumino's rumino ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "default", "options", "with_options"),
    [
        ("3d 4d 5d 6d 7d 8d 9d", True, {"rumino_naturals_only": True}, True),
        ("3d 4d 5d Jk 7d 8d 9d", True, {"rumino_naturals_only": True}, False),
        ("Jk 4d 5d Jk 7d 8d 9d", True, {"max_run": 4}, True),
        ("Qs Qs Qh Qh Qd Qc Qc", True, {"set_distinct_suits": True}, True),
        ("Qs Jk Qh Jk Qd Jk Qc", True, {"rumino_naturals_only": True}, False),
        ("8d 9d Td Jd Qd Kd Ad", False, {"ace_high": True}, True),
        ("Jd Qd Kd Ad 2d 3d 4d", False, {"wrap": True}, True),
        ("Jd Qd Kd Ad 2d 3d 4d", False, {"ace_high": True}, False),
        ("3d 4d 5d 6d 7d 8d 9h", False, {}, False),
        ("3d 3d 4d 5d 6d 7d 8d", False, {}, False),
        ("3d 4d 5d 6d 8d 9d Td", False, {}, False),
        ("3d 4d 5d 6d 7d 8d", False, {}, False),
        ("3d 4d 5d 6d 7d 8d 9d Td", False, {}, False),
    ],
)
def test_is_rumino(
    text: str, default: bool, options: dict[str, Any], with_options: bool
) -> None:
    hand = Hand.parse(text)
    assert Rumino().is_rumino(hand) is default
    assert Rumino(**options).is_rumino(hand) is with_options
    assert Rumino().is_rumino(hand.cards) is default


def test_rumino_in_finds_seven_among_eight() -> None:
    rumino = Rumino()
    assert rumino.rumino_in(Hand.parse("3d 4d 5d 6d 7d 8d 9d Td")) in (
        Hand.parse("3d 4d 5d 6d 7d 8d 9d"),
        Hand.parse("4d 5d 6d 7d 8d 9d Td"),
    )
    assert rumino.rumino_in(Hand.parse("Ks 3d 4d 5d 6d 7d 8d 9d")) == Hand.parse(
        "3d 4d 5d 6d 7d 8d 9d"
    )
    assert rumino.rumino_in(Hand.parse("9s 9s 9h 9h 9d 9c Jk 2c")) == Hand.parse(
        "9s 9s 9h 9h 9d 9c Jk"
    )
    assert rumino.rumino_in(Hand.parse("3d 4d 5d 6d 7d 8d Ks Kh")) is None
    assert rumino.rumino_in(Hand.parse("3d 4d 5d 6d 7d 8d")) is None


@pytest.mark.parametrize("variant", [ClassicRummy(), GinRummy(), Rumino()])
def test_a_variant_without_a_wild_rank_refuses_wild_rank(variant: Variant) -> None:
    hand = Hand.parse("7s 8s 9s 7h Kd")
    assert not variant.has_wild_rank
    calls: dict[str, Callable[[], object]] = {
        "partition": lambda: variant.partition(hand, wild_rank=Rank.KING),
        "deadwood": lambda: variant.deadwood(hand, wild_rank=Rank.KING),
        "best_discard": lambda: variant.best_discard(hand, wild_rank=Rank.KING),
        "all_partitions": lambda: variant.all_partitions(hand, wild_rank=Rank.KING),
    }
    for where, call in calls.items():
        with pytest.raises(InvalidOptionError) as refused:
            call()
        message = str(refused.value)
        assert message.startswith(f"{type(variant).__name__}.{where}: ")
        assert f"{variant.name} has no wild rank" in message
        assert "wild_rank must be None" in message
    # None is still the default, and what the variant answers without a wild rank
    assert variant.partition(hand, wild_rank=None) == variant.partition(hand)


def test_indian_rummy_takes_a_wild_rank() -> None:
    hand = Hand.parse("7s 8s 9s 7h Kd")
    assert IndianRummy.has_wild_rank
    assert IndianRummy().deadwood(hand, wild_rank=Rank.KING) == 7
