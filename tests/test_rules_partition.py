"""RULES.md's worked examples that give a deadwood or a grouping, one test each.

Tests are named after the example: ``test_R4_...`` is Rumino's R4 (§1.7),
``test_I6_...`` Indian's I6 (§2.7), ``test_C3_...`` Classic's C3 (§3.6), as
in test_melds.py, which checks the meld-validity part of the examples (and
all of I7, I10 and C1).  Examples about turn flow, claims, timers or
settlement (I9, C2, C4-C10) belong to the engine.  R13 is the match's scoring arithmetic (new totals, elimination,
re-buys) and gives no hand to partition; it belongs to the match issue.

Unless an example says otherwise, Indian examples use the indicator 7♣: every
7 is wild (``wild_rank=Rank.SEVEN``).  Under the standard preset the 7♣ that
is the indicator is out of play, but a second 7♣ from the other deck would be
wild too, so the wild rank is the same.

The end of the file holds four hands on which OpenSpiel's gin rummy scorer
is known to go wrong, scored under Gin rules after the best discard.
"""

from __future__ import annotations

import pytest

from rummykit import Card, Hand, Meld, MeldKind, MeldRules, Rank
from rummykit.partition import (
    Partition,
    PointValues,
    Requirement,
    all_partitions,
    best_discard,
    deadwood,
)
from rummykit.variants import ClassicRummy, IndianRummy, Rumino
from tests.bruteforce import Scorer

SEVENS = Rank.SEVEN
GAMENTIO = IndianRummy()
STANDARD = IndianRummy(preset="standard")
#: Gamentio scoring a loser's hand by the declaration's requirement (one pure
#: sequence), so that ``partition(...).requirement_met`` says whether the hand
#: is a valid declaration; Gamentio's own losers need no sequence (§2.5).
GAMENTIO_STRICT = IndianRummy(loser_requirement="declaration")


def melds_of(result: Partition) -> list[str]:
    """The melds as text, each with its cards in its own order, sorted."""
    return sorted(str(meld) for meld in result.melds)


def cards_of(result: Partition) -> list[set[str]]:
    """Each meld's cards as a set of notations, for comparisons in any order."""
    return sorted(
        ({str(card) for card in meld.cards} for meld in result.melds), key=sorted
    )


def is_gin(variant: Rumino, hand: Hand) -> Card | None:
    """The discard that leaves a 7-card Rumino hand fully melded, if any."""
    result = variant.best_discard(hand)
    return result.discard if result.points == 0 and not result.deadwood else None


# --- Rumino (§1.7) ---------------------------------------------------------------


def test_R1_ace_low_run_and_set_leave_5_so_the_player_may_knock() -> None:
    rumino = Rumino()
    result = rumino.partition(Hand.parse("Ac 2c 3c 8d 8h 8s 5d"))
    assert result.points == 5
    assert cards_of(result) == [{"Ac", "2c", "3c"}, {"8d", "8h", "8s"}]
    assert result.deadwood == (Card("5d"),)
    assert result.points <= rumino.knock_limit


def test_R2_queen_king_ace_is_a_run_only_with_ace_high() -> None:
    hand = Hand.parse("Qs Ks As 4c 4d 4h 2d")
    assert Rumino().deadwood(hand) == 10 + 10 + 1 + 2 == 23
    assert Rumino().deadwood(hand) > Rumino().knock_limit
    high = Rumino(ace_high=True)
    result = high.partition(hand)
    assert result.points == 2
    assert "Qs Ks As" in melds_of(result)
    assert result.points <= high.knock_limit


def test_R3_king_ace_two_is_no_run_without_wrap() -> None:
    hand = Hand.parse("Kh Ah 2h 6c 6d 6s 3s")
    assert Rumino().deadwood(hand) == 10 + 1 + 2 + 3 == 16
    assert Rumino(ace_high=True).deadwood(hand) == 16
    assert Rumino(wrap=True).deadwood(hand) == 3


def test_R4_the_joker_fills_the_run_not_the_set() -> None:
    hand = Hand.parse("5s Jk 7s Tc Th Td 3h")
    results = Rumino().all_partitions(hand)
    assert [result.points for result in results] == [3]
    (result,) = results
    assert melds_of(result) == ["5s Jk=6s 7s", "Th Td Tc"]
    assert result.deadwood == (Card("3h"),)
    # The joker with the tens instead leaves 5 + 7 + 3.
    with_tens = Scorer(
        Hand.parse("5s 7s 3h").cards, Rumino().meld_rules, Rumino().point_values
    )
    assert with_tens.points_of_hand() == 15


def test_R5_drawing_the_seven_of_hearts_makes_gin_discarding_the_king() -> None:
    rumino = Rumino()
    hand = Hand.parse("4h 5h 6h 9c 9d 9s Kc").add("7h")
    result = rumino.best_discard(hand)
    assert (result.points, result.discard) == (0, Card("Kc"))
    assert is_gin(rumino, hand) == Card("Kc")
    assert sorted(len(meld) for meld in result.melds) == [3, 4]
    assert "4h 5h 6h 7h" in melds_of(result)


def test_R6_duplicate_set_makes_gin_unless_suits_must_differ() -> None:
    hand = Hand.parse("9c 9c 9h 2d 3d 4d 5d").add("Ks")
    result = Rumino().best_discard(hand)
    assert (result.points, result.discard) == (0, Card("Ks"))
    assert cards_of(result) == [{"2d", "3d", "4d", "5d"}, {"9c", "9h"}]
    distinct = Rumino(set_distinct_suits=True)
    assert is_gin(distinct, hand) is None
    after = distinct.best_discard(hand)
    assert (after.points, after.discard) == (27, Card("Ks"))


def test_R7_run_limit_four_picks_the_top_four_spades() -> None:
    hand = Hand.parse("3s 4s 5s 6s 7s 2h 2d")
    results = Rumino().all_partitions(hand)
    assert [result.points for result in results] == [3 + 2 + 2]
    assert melds_of(results[0]) == ["4s 5s 6s 7s"]
    assert results[0].points <= Rumino().knock_limit
    # 3s-6s would leave 7 + 2 + 2.
    assert Rumino().point_values.total(Hand.parse("7s 2h 2d")) == 11
    assert Rumino(max_run=None).deadwood(hand) == 4


def test_R8_seven_card_straight_flush_is_a_rumino_and_a_gin() -> None:
    hand = Hand.parse("3d 4d 5d 6d 7d 8d 9d")
    assert Rumino().is_rumino(hand)
    assert Rumino().deadwood(hand) == 0
    assert sorted(len(meld) for meld in Rumino().partition(hand).melds) == [3, 4]


def test_R9_joker_rumino_by_default_only_gin_for_naturals_only() -> None:
    hand = Hand.parse("3d 4d 5d Jk 7d 8d 9d")
    assert Rumino().is_rumino(hand)
    naturals_only = Rumino(rumino_naturals_only=True)
    assert not naturals_only.is_rumino(hand)
    result = naturals_only.partition(hand)
    assert result.points == 0 and not result.deadwood
    assert sorted(len(meld) for meld in result.melds) == [3, 4]


def test_R10_seven_queens_are_a_rumino() -> None:
    hand = Hand.parse("Qs Qs Qh Qh Qd Qc Qc")
    assert Rumino().is_rumino(hand)
    result = Rumino().partition(hand)
    assert result.points == 0
    assert sorted(len(meld) for meld in result.melds) == [3, 4]
    assert all(meld.kind is MeldKind.SET for meld in result.melds)


def test_R11_claiming_the_jack_of_clubs_out_of_turn_makes_a_rumino() -> None:
    held = Hand.parse("5c 6c 7c 8c 9c Tc Kh")
    rumino = Rumino()
    assert rumino.rumino_in(held) is None
    assert rumino.rumino_in(held.add("Jc")) == Hand.parse("5c 6c 7c 8c 9c Tc Jc")
    assert rumino.rumino_in(held.add("4c")) == Hand.parse("4c 5c 6c 7c 8c 9c Tc")
    assert rumino.rumino_in(held.add("Qc")) is None


def test_R12_three_jokers_join_the_five_and_one_per_meld_leaves_41() -> None:
    hand = Hand.parse("Jk Jk Jk Ac 2d 3h 5s")
    result = Rumino().partition(hand)
    assert result.points == 1 + 2 + 3 == 6
    assert result.points <= Rumino().knock_limit
    assert cards_of(result) == [{"5s", "Jk"}]
    assert len(result.melds[0]) == 4
    assert Rumino(min_naturals_per_meld=0).deadwood(hand) == 6
    one_joker = Rumino(max_jokers_per_meld=1)
    assert one_joker.deadwood(hand) == 1 + 2 + 3 + 5 + 3 * 10 == 41
    assert one_joker.partition(hand).melds == ()


# --- Indian Rummy (§2.7) ---------------------------------------------------------


def declarations(
    variant: IndianRummy, hand: Hand, wild_rank: Rank | None = SEVENS
) -> list[Partition]:
    """The groupings that make ``hand`` a valid declaration: every card in a
    meld, and the declaration's requirement met.

    A loser's score only needs the least points, and with jokers worth 0 the
    partitioner may leave a joker unmelded at no cost, so validity is judged
    on every optimal grouping (all_partitions), not on the first.
    """
    results = all_partitions(
        hand,
        variant.meld_rules,
        variant.point_values,
        wild_rank=wild_rank,
        requirement=variant.declaration_requirement,
    )
    return [
        result for result in results if result.requirement_met and not result.deadwood
    ]


@pytest.mark.parametrize("variant", [GAMENTIO, STANDARD], ids=["G", "S"])
def test_I1_four_three_three_three_with_an_impure_run_is_valid(
    variant: IndianRummy,
) -> None:
    hand = Hand.parse("3h 4h 5h 6h 9s Ts Js Qc Qd Qh 2d 7s 4d")
    result = variant.partition(hand, wild_rank=SEVENS)
    assert result.points == 0 and result.requirement_met
    (declared,) = declarations(variant, hand)
    assert melds_of(declared) == ["2d 7s=3d 4d", "3h 4h 5h 6h", "9s Ts Js", "Qh Qd Qc"]
    pure = [meld.pure for meld in declared.melds if meld.kind is MeldKind.RUN]
    assert sorted(pure) == [False, True, True]


def test_I2_one_pure_sequence_is_enough_under_g_not_under_s() -> None:
    hand = Hand.parse("3h 4h 5h 6h Kc Ks Kh Qc Qd Qh 9d 9c 7s")
    gamentio = GAMENTIO.partition(hand, wild_rank=SEVENS)
    assert gamentio.points == 0 and gamentio.requirement_met
    assert declarations(GAMENTIO, hand)
    # Under S no grouping melds every card with two sequences: a wrong
    # declaration, which costs the declarer STANDARD.wrong_decl_penalty (80).
    assert not declarations(STANDARD, hand)
    assert STANDARD.wrong_decl_penalty == 80
    # Scored as a loser's hand instead, Qc Kc 7s (7s as Ac or Jc) is a second
    # sequence, so the melds count: 4 × 10 + 9 + 9 = 58, under the cap.
    loser = STANDARD.partition(hand, wild_rank=SEVENS)
    assert loser.requirement_met
    assert loser.points == 58
    assert STANDARD.point_values.total(hand, wild_rank=SEVENS) == 96


@pytest.mark.parametrize(
    ("variant", "points"), [(GAMENTIO_STRICT, 107), (STANDARD, 80)], ids=["G", "S"]
)
def test_I3_no_pure_sequence_is_a_wrong_declaration(
    variant: IndianRummy, points: int
) -> None:
    hand = Hand.parse("3h 4h 7s 6h 9s Ts 7d Qc Qd Qh Kc Ks Kh")
    result = variant.partition(hand, wild_rank=SEVENS)
    assert not result.requirement_met
    assert result.melds == ()
    # G: 3+4+6+9+10 + 3×12 + 3×13 = 107 (no cap); S: 92, capped at 80.
    assert result.points == points
    # Without the requirement every card would be melded.
    assert (
        deadwood(hand, variant.meld_rules, variant.point_values, wild_rank=SEVENS) == 0
    )


def test_I4_wild_seven_as_itself_keeps_five_six_seven_pure() -> None:
    hand = Hand.parse("5h 6h 7h 9c Tc 7d Jc Qc Qd Qh Kc Ks Kh")
    result = GAMENTIO.partition(hand, wild_rank=SEVENS)
    assert result.points == 0 and result.requirement_met
    assert declarations(GAMENTIO, hand)
    assert Meld.build("5h 6h 7h", GAMENTIO.meld_rules, wild_rank=SEVENS).pure


def test_I4_under_strict_purity_the_hand_still_declares_by_regrouping() -> None:
    # RULES.md says that under strict purity (wild_natural_is_pure=False)
    # there is no pure sequence, so I4 is a wrong declaration [?].  That
    # holds for the grouping shown, but the hand can be regrouped:
    # 9c Tc Jc Qc is a pure sequence, 7d completes the queens (Qh Qd 7d=Qs),
    # and 5h 6h 7h stays an (impure) sequence, so every card is melded
    # (4-3-3-3) with one pure sequence.  The rules imply a valid declaration.
    hand = Hand.parse("5h 6h 7h 9c Tc 7d Jc Qc Qd Qh Kc Ks Kh")
    strict = IndianRummy(wild_natural_is_pure=False)
    assert not Meld.build("5h 6h 7h", strict.meld_rules, wild_rank=SEVENS).pure
    found = declarations(strict, hand)
    expected = ["5h 6h 7h", "9c Tc Jc Qc", "Ks Kh Kc", "Qh Qd 7d=Qs"]
    (declared,) = [grouping for grouping in found if melds_of(grouping) == expected]
    assert [meld.pure for meld in declared.melds if len(meld) == 4] == [True]
    # Every valid declaration of it has exactly one pure sequence.
    assert all(
        sum(meld.pure and meld.kind is MeldKind.RUN for meld in grouping.melds) >= 1
        for grouping in found
    )
    # The grouping RULES.md shows has indeed no pure sequence.
    shown = [
        Meld.build(text, strict.meld_rules, wild_rank=SEVENS)
        for text in ("5h 6h 7h", "9c Tc 7d Jc", "Qc Qd Qh", "Kc Ks Kh")
    ]
    assert not strict.declaration_requirement.is_met_by(shown)
    assert GAMENTIO.declaration_requirement.is_met_by(
        Meld.build(meld.cards, GAMENTIO.meld_rules, wild_rank=SEVENS) for meld in shown
    )


@pytest.mark.parametrize("variant", [GAMENTIO_STRICT, STANDARD], ids=["G", "S"])
def test_I5_queen_king_ace_is_pure_but_king_ace_two_is_no_meld(
    variant: IndianRummy,
) -> None:
    hand = Hand.parse("Qs Ks As 3d 4d 7h 8c 8d 8h Tc Td Th Ts")
    result = variant.partition(hand, wild_rank=SEVENS)
    assert result.points == 0 and result.requirement_met
    (declared,) = declarations(variant, hand)
    assert "Qs Ks As" in melds_of(declared)
    swapped = hand.remove("Qs").add("2s")
    assert not variant.meld_rules.is_meld("Ks As 2s")
    assert not declarations(variant, swapped)
    assert not variant.partition(swapped, wild_rank=SEVENS).requirement_met


# I6's hand holds 7d, which is wild (indicator 7c).  RULES.md's values already
# count it so: under G it completes Kh Kc (59; with Qd Jd 7d instead the hand
# leaves 62, and 8h 9h 7d would leave 68), under S it is the second sequence
# Qd Jd 7d (56; 8h 9h 7d would leave 59).  An unmelded wild card would score
# 0 under both presets.  The tests below find the same values.


def test_I6_gamentio_melds_the_kings_with_the_wild_seven_for_59() -> None:
    hand = Hand.parse("As 2s 3s Kh Kc Qd Jd 7d 4c 8h 9h Tc 5d")
    result = GAMENTIO.partition(hand, wild_rank=SEVENS)
    assert result.requirement_met
    assert result.points == 12 + 11 + 4 + 8 + 9 + 10 + 5 == 59
    assert cards_of(result) == [{"As", "2s", "3s"}, {"Kh", "Kc", "7d"}]
    results = GAMENTIO.all_partitions(hand, wild_rank=SEVENS)
    assert [len(results), results[0].points] == [1, 59]
    # With Qd Jd 7d as the second meld instead, the kings stay unmelded.
    assert GAMENTIO.point_values.total(Hand.parse("Kh Kc 4c 8h 9h Tc 5d")) == 62


def test_I6_standard_melds_the_seven_into_a_second_sequence_for_56() -> None:
    hand = Hand.parse("As 2s 3s Kh Kc Qd Jd 7d 4c 8h 9h Tc 5d")
    result = STANDARD.partition(hand, wild_rank=SEVENS)
    assert result.requirement_met
    assert result.points == 10 + 10 + 4 + 8 + 9 + 10 + 5 == 56
    assert cards_of(result) == [{"As", "2s", "3s"}, {"Qd", "Jd", "7d"}]
    assert all(meld.kind is MeldKind.RUN for meld in result.melds)
    # The king-set grouping has one sequence only: it scores every card,
    # 91, capped at 80.
    assert STANDARD.point_values.total(hand, wild_rank=SEVENS) == 91
    assert not STANDARD.requirement.is_met_by(
        [
            Meld.build("As 2s 3s", STANDARD.meld_rules, wild_rank=SEVENS),
            Meld.build("Kh Kc 7d", STANDARD.meld_rules, wild_rank=SEVENS),
        ]
    )
    assert STANDARD.requirement.cap == 80


def test_I6_the_optimal_grouping_differs_between_presets() -> None:
    hand = Hand.parse("As 2s 3s Kh Kc Qd Jd 7d 4c 8h 9h Tc 5d")
    gamentio = GAMENTIO.partition(hand, wild_rank=SEVENS)
    standard = STANDARD.partition(hand, wild_rank=SEVENS)
    assert cards_of(gamentio) != cards_of(standard)


def test_I8_wild_twos_stand_as_a_natural_set() -> None:
    four_players = IndianRummy()
    assert four_players.cards_per_player(4) == 7
    hand = Hand.parse("6s 7s 8s 9s 2s 2h 2d")
    wild = four_players.wild_rank_for(Rank.TWO)
    assert wild is Rank.TWO
    result = four_players.partition(hand, wild_rank=wild)
    assert result.points == 0 and result.requirement_met
    natural = [
        declared
        for declared in declarations(four_players, hand, wild)
        if any(meld.kind is MeldKind.SET for meld in declared.melds)
    ]
    (declared,) = [
        grouping
        for grouping in natural
        if cards_of(grouping) == [{"2d", "2h", "2s"}, {"6s", "7s", "8s", "9s"}]
    ]
    (twos,) = [meld for meld in declared.melds if meld.kind is MeldKind.SET]
    assert twos.stands_for == twos.cards  # no card stands in for another


def test_I11_p2_pays_35_points_under_gamentio() -> None:
    hand = Hand.parse("As 2s 3s Kh Kc 7d Qd Jd 4c 8h")
    assert GAMENTIO.cards_per_player(3) == len(hand) == 10
    result = GAMENTIO.partition(hand, wild_rank=SEVENS)
    assert result.requirement_met
    assert result.points == 12 + 11 + 4 + 8 == 35
    assert cards_of(result) == [{"As", "2s", "3s"}, {"Kh", "Kc", "7d"}]


# --- Classic Rummy (§3.6) --------------------------------------------------------


def test_C3_drawing_the_eight_lets_the_player_meld_everything_but_the_king() -> None:
    hand = Hand.parse("5d 6d 7d Ts Th Tc Kc").add("8d")
    result = ClassicRummy().best_discard(hand)
    assert (result.points, result.discard) == (0, Card("Kc"))
    assert cards_of(result) == [{"5d", "6d", "7d", "8d"}, {"Tc", "Th", "Ts"}]


# --- OpenSpiel counter-examples (Gin rules) ---------------------------------------

GIN = MeldRules()
STANDARD_POINTS = PointValues.standard()

OPENSPIEL_HANDS = [
    ("As 2s Ac 2c 2d Ah 2h 3h 7h 8h 9h", 0),
    ("2s 3s 4s 2d 4d 2h 3h 4h Th Jh Qh", 2),
    ("7s 9s 7c 8c 9c 7d 8d 9d Td Jd Qd", 7),
    ("As 3s Qs Ac 2c 3c Qd Ah 2h 3h Qh", 1),
]


@pytest.mark.parametrize(("text", "points"), OPENSPIEL_HANDS)
@pytest.mark.parametrize(
    "requirement", [None, Requirement()], ids=["fast_path", "general_search"]
)
def test_openspiel_counter_examples_after_the_best_discard(
    text: str, points: int, requirement: Requirement | None
) -> None:
    hand = Hand.parse(text)
    result = best_discard(hand, GIN, STANDARD_POINTS, requirement=requirement)
    assert result.points == points
    assert result.discard is not None
    kept = hand.remove(result.discard)
    assert result.cards == kept
    assert STANDARD_POINTS.total(result.deadwood) == points
    assert deadwood(kept, GIN, STANDARD_POINTS) == points
    for meld in result.melds:
        assert Meld.build(meld.cards, GIN, kind=meld.kind) is not None
    assert Scorer(hand.cards, GIN, STANDARD_POINTS).best_discard() == points


def test_openspiel_aces_and_twos_hand_discards_the_three_of_hearts() -> None:
    hand = Hand.parse("As 2s Ac 2c 2d Ah 2h 3h 7h 8h 9h")
    result = best_discard(hand, GIN, STANDARD_POINTS)
    assert result.discard == Card("3h")
    assert cards_of(result) == [
        {"2c", "2d", "2h", "2s"},
        {"7h", "8h", "9h"},
        {"Ac", "Ah", "As"},
    ]
    every = all_partitions(hand, GIN, STANDARD_POINTS, discard=True)
    assert {str(result.discard) for result in every} == {"3h"}
