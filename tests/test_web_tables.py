"""The web tables' rules: seats, tokens, what each seat is sent, and the checks
every action from a browser passes (no network, no clock: time is passed in)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit import get_variant
from rummykit.agents import GreedyAgent, RandomAgent
from rummykit.engine import Discard, DrawStock, Phase, Timeout
from rummykit.serialize import action_to_dict, match_from_json, view_to_dict
from rummykit.variants import VARIANTS
from rummykit.web.tables import Refused, Registry, Table, variant_catalogue
from tests.games import seat_range
from tests.profiles import examples

CARD = re.compile(r"\b(?:[A2-9TJQK][shdc]|Jk)\b")


def open_table(**spec: Any) -> Table:
    spec.setdefault("variant", "classic")
    spec.setdefault("seats", ["human", "human"])
    return Registry().create(spec, now=0.0)


def act(
    table: Table, seat: int, action: object, *, now: float = 0.0, **fields: Any
) -> None:
    message = {
        "type": "action",
        "token": table.seats[seat].token,
        "decision": table.decision,
        "action": action_to_dict(action),  # type: ignore[arg-type]
        **fields,
    }
    table.submit(seat, message, now=now)


def refusal(table: Table, seat: int, message: dict[str, Any]) -> str:
    before = table.match
    with pytest.raises(Refused) as caught:
        table.submit(seat, message, now=0.0)
    assert table.match == before
    return caught.value.reason


# -- opening a table --------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ({"variant": "poker", "seats": ["human", "greedy"]}, "unknown variant 'poker'"),
        (
            {
                "variant": "indian",
                "preset": "rummycircle",
                "seats": ["human", "greedy"],
            },
            "indian has no preset 'rummycircle'; presets: gamentio, standard",
        ),
        (
            {"variant": "classic", "options": {"jokers": "2"}, "seats": ["human"] * 2},
            "bad options: unknown option 'jokers'",
        ),
        ({"variant": "classic", "seats": ["greedy", "random"]}, "at least one seat"),
        ({"variant": "classic", "seats": ["human", "robot"]}, "not 'robot'"),
        ({"variant": "classic", "seats": ["human"] * 9}, "players"),
        ({"variant": "classic", "seats": ["human"] * 2, "hands": -1}, "hands must"),
        ({"variant": "classic", "seats": "human"}, "seats must be a list"),
    ],
)
def test_a_lobby_choice_that_makes_no_table_is_refused_by_name(
    spec: dict[str, Any], reason: str
) -> None:
    registry = Registry()
    with pytest.raises(Refused, match=re.escape(reason)):
        registry.create(spec, now=0.0)
    assert registry.tables == {}
    assert registry.tokens == {}


def test_options_typed_as_text_are_read_like_the_command_line() -> None:
    table = open_table(
        variant="indian",
        preset="standard",
        options={"cap": "none", "move_timer": "20", "golden_rummy": "true"},
    )
    rules = table.match.state.rules
    assert rules == get_variant(
        "indian", preset="standard", cap=None, move_timer=20, golden_rummy=True
    )


def test_every_human_seat_has_its_own_unguessable_token_and_bots_none() -> None:
    registry = Registry()
    table = registry.create(
        {"variant": "rumino", "seats": ["human", "greedy", "human", "random"]}, now=0
    )
    tokens = [seat.token for seat in table.seats]
    assert len({*tokens, table.host_token}) == 5
    assert all(len(token) >= 24 for token in tokens)
    assert registry.seat_for(tokens[0]) == (table, 0)
    assert registry.seat_for(tokens[2]) == (table, 2)
    for token in (tokens[1], tokens[3], table.host_token, "", None):
        with pytest.raises(Refused, match="opens no seat"):
            registry.seat_for(token)
    assert registry.table_for_host(table.host_token) is table


def test_the_catalogue_lists_every_variant_with_its_presets_and_defaults() -> None:
    catalogue = {entry["name"]: entry for entry in variant_catalogue()}
    assert list(catalogue) == [cls.name for cls in VARIANTS]
    indian = catalogue["indian"]
    assert indian["presets"] == ["gamentio", "standard"]
    defaults: Any = indian["defaults"]
    assert defaults["standard"]["cap"] == 80 and defaults["gamentio"]["cap"] is None
    assert indian["players"] == {"gamentio": [2, 4], "standard": [2, 6]}
    assert catalogue["classic"]["presets"] == []


# -- what a seat is sent ----------------------------------------------------------


def test_a_seat_is_sent_its_own_view_and_legal_actions_only_on_its_turn() -> None:
    table = open_table(variant="rumino", seats=["human", "human", "human"], seed=5)
    match = table.match
    turn = match.current_player
    assert turn is not None
    for seat in range(3):
        message = table.message_for(seat, now=0.0)
        view = match.view(seat)
        assert message["view"] == view_to_dict(view)
        assert message["labels"] == [str(action) for action in view.legal_actions]
        assert bool(view.legal_actions) == (seat == turn)
        hint = message["hint"]
        hinted = " ".join(hint["melds"] + hint["deadwood"])  # type: ignore[index]
        assert sorted(CARD.findall(hinted)) == sorted(map(str, match.state.hands[seat]))


def test_the_grouping_hint_is_the_variants_optimal_grouping_of_the_own_hand() -> None:
    table = open_table(variant="indian", seats=["human", "greedy"], seed=2)
    view = table.match.view(0)
    best = get_variant("indian").partition(view.hand, wild_rank=view.wild_rank)
    hint = table.message_for(0, now=0.0)["hint"]
    assert hint == {
        "melds": [" ".join(map(str, meld.cards)) for meld in best.melds],
        "deadwood": [str(card) for card in best.deadwood],
    }


# -- checking actions ---------------------------------------------------------------


def test_a_legal_action_is_applied_and_moves_the_decision_on() -> None:
    table = open_table(seed=1)
    seat = table.match.current_player
    assert seat is not None
    act(table, seat, DrawStock())
    assert table.decision == 1
    assert table.match.actions == (DrawStock(),)


def test_a_replayed_action_is_refused_as_a_replay() -> None:
    table = open_table(seed=1)
    seat = table.match.current_player
    assert seat is not None
    message = {
        "type": "action",
        "token": table.seats[seat].token,
        "decision": 0,
        "action": {"type": "DrawStock"},
    }
    table.submit(seat, message, now=0.0)
    assert "a replay: you already acted on decision 0" in refusal(table, seat, message)


def test_a_stale_or_future_decision_number_is_refused() -> None:
    table = open_table(seed=1)
    seat = table.match.current_player
    assert seat is not None
    other = 1 - seat
    act(table, seat, DrawStock())
    card = table.match.state.hands[seat].cards[0]
    act(table, seat, Discard(card))
    # The other seat answers decision 1, which it never saw pending.
    stale = {
        "type": "action",
        "token": table.seats[other].token,
        "decision": 1,
        "action": {"type": "DrawStock"},
    }
    assert refusal(table, other, stale).startswith(
        "stale decision 1: the table is at decision 2"
    )
    assert "stale decision 7" in refusal(table, other, {**stale, "decision": 7})
    assert "must quote the decision" in refusal(
        table, other, {**stale, "decision": "2"}
    )


def test_another_seats_token_cannot_act_through_a_connection() -> None:
    table = open_table(seed=1)
    seat = table.match.current_player
    assert seat is not None
    other = 1 - seat
    message = {
        "type": "action",
        "token": table.seats[seat].token,
        "decision": 0,
        "action": {"type": "DrawStock"},
    }
    reason = refusal(table, other, message)
    assert reason == (
        f"this connection is seat {other}'s; the token of seat {seat} cannot act through it"
    )
    assert refusal(table, seat, {**message, "token": "x" * 24}) == (
        "that token is not this seat's token"
    )
    assert refusal(table, seat, {**message, "token": table.host_token}) == (
        "that token is not this seat's token"
    )


def test_an_action_off_turn_or_outside_the_legal_actions_is_refused() -> None:
    table = open_table(seed=1)
    seat = table.match.current_player
    assert seat is not None
    other = 1 - seat
    base = {"type": "action", "decision": 0}
    off_turn = {
        **base,
        "token": table.seats[other].token,
        "action": {"type": "DrawStock"},
    }
    assert (
        refusal(table, other, off_turn)
        == f"it is not your turn: player {seat} is to act"
    )
    mine = {**base, "token": table.seats[seat].token}
    hidden = table.match.state.hands[other].cards[0]
    reason = refusal(
        table, seat, {**mine, "action": {"type": "Discard", "card": str(hidden)}}
    )
    assert reason.startswith(f"discard {hidden} is not one of your legal actions: ")
    reason = refusal(
        table, seat, {**mine, "action": {"type": "Timeout", "decision_id": 0}}
    )
    assert reason.startswith("timeout of decision 0 is not one of your legal actions")
    assert "a malformed action" in refusal(
        table, seat, {**mine, "action": {"type": "Cheat"}}
    )
    assert "a malformed action" in refusal(table, seat, {**mine, "action": "DrawStock"})


def test_a_grouping_outside_the_canonical_list_is_accepted_when_legal() -> None:
    """A show may group the cards any way; the list holds only the best one."""
    from rummykit.engine import Show

    registry = Registry()
    table = registry.create(
        {"variant": "indian", "seats": ["human", "human"], "seed": 11}, now=0.0
    )
    rules = table.match.state.rules
    assert rules is not None
    # Play greedily until someone declares and a show is pending.
    for _ in range(400):
        if table.match.state.phase is Phase.SHOW or table.match.is_terminal:
            break
        seat = table.match.current_player
        assert seat is not None
        view = table.match.view(seat)
        act(table, seat, GreedyAgent().choose(view, view.legal_actions))
    if table.match.state.phase is not Phase.SHOW:
        pytest.skip("no show in this deal")
    seat = table.match.current_player
    assert seat is not None
    hand = table.match.state.hands[seat]
    everything = Show([], deadwood=hand.cards)
    assert everything not in table.match.legal_actions()
    act(table, seat, everything)
    assert table.match.actions[-1] == everything


# -- bots, timers and the end of a hand ------------------------------------------------


def test_bots_move_when_due_and_stop_at_a_human_decision() -> None:
    table = open_table(variant="classic", seats=["human", "greedy", "random"], seed=4)
    table.bot_delay = 2.0
    while table.match.current_player == 0:
        view = table.match.view(0)
        act(table, 0, view.legal_actions[0], now=0.0)
    moves = len(table.match.actions)
    assert table.wake_at() == 2.0
    assert not table.advance(1.9)
    assert table.advance(2.0)
    assert len(table.match.actions) == moves + 1
    now = 2.0
    while table.match.current_player != 0:
        assert table.wake_at() == now + 2.0
        now += 2.0
        assert table.advance(now)
    assert table.wake_at() is None and not table.advance(now + 1000.0)


def test_a_lapsed_timer_is_applied_by_the_table_as_a_timeout() -> None:
    # Three lapses allowed, so that the first is a timeout and not yet a drop
    # (Gamentio's own rule, which would end this two-player hand at once).
    table = open_table(
        variant="indian",
        seats=["human", "human"],
        seed=3,
        options={"max_lapses": 3},
    )
    pending = table.match.state.pending
    assert pending is not None and pending.timer is not None
    assert table.deadline == 15.0
    assert table.message_for(0, now=4.0)["timer"] == {
        "name": "turn",
        "player": pending.player,
        "seconds": 15,
        "left": 11.0,
    }
    assert not table.advance(14.9)
    assert table.advance(15.0)
    assert table.match.actions[0] == Timeout(pending.decision_id)
    assert table.match.state.lapses[pending.player] == 1


def test_a_turn_timer_keeps_counting_across_the_draw_and_the_discard() -> None:
    table = open_table(variant="indian", seats=["human", "human"], seed=3)
    seat = table.match.current_player
    assert seat is not None
    act(table, seat, DrawStock(), now=5.0)
    assert table.match.current_player == seat
    assert table.deadline == 15.0
    per_action = open_table(
        variant="indian",
        seats=["human", "human"],
        seed=3,
        options={"timer_mode": "per_action"},
    )
    act(per_action, seat, DrawStock(), now=5.0)
    assert per_action.deadline == 20.0


def test_variants_without_timers_never_time_out() -> None:
    table = open_table(variant="classic", seats=["human", "human"], seed=3)
    assert table.deadline is None and table.wake_at() is None
    assert not table.advance(10**6)
    assert table.message_for(0, now=99.0)["timer"] is None


def test_a_finished_hand_is_summarised_for_every_seat_from_its_own_view() -> None:
    table = open_table(variant="classic", seats=["human", "greedy"], seed=9, hands=2)
    bot = GreedyAgent()
    while not table.finished:
        assert table.match.current_player == 0
        view = table.match.view(0)
        act(table, 0, bot.choose(view, view.legal_actions))
        table.advance(0.0)
    ended = table.finished[0]
    assert ended.is_terminal and table.match.hand_number == 2
    summary = table.message_for(0, now=0.0)["summary"]
    assert summary == {"hand": 1, "view": view_to_dict(ended.view(0))}
    assert table.match.results[0] == ended.outcome


def test_saving_a_match_is_for_the_host_or_for_a_seat_once_it_is_over() -> None:
    table = open_table(variant="classic", seats=["human", "greedy"], seed=9, hands=1)
    with pytest.raises(Refused, match="only once the match is over"):
        table.save(table.seats[0].token)
    with pytest.raises(Refused, match="belongs to no seat"):
        table.save("nobody")
    assert match_from_json(table.save(table.host_token)) == table.match
    bot = RandomAgent(1)
    while not table.match.is_terminal:
        view = table.match.view(0)
        act(table, 0, bot.choose(view, view.legal_actions))
        table.advance(0.0)
    assert match_from_json(table.save(table.seats[0].token)) == table.match


# -- the property: nothing hidden reaches a seat ------------------------------------------


@settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    variant=st.sampled_from([cls.name for cls in VARIANTS]),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 60),
)
def test_no_message_holds_a_card_its_seat_cannot_see(
    variant: str, seed: int, steps: int
) -> None:
    seats = min(3, seat_range(get_variant(variant)).stop - 1)  # Gin seats two
    table = open_table(variant=variant, seats=["human"] * seats, seed=seed)
    bot = RandomAgent(seed)
    for _ in range(steps):
        if table.match.is_terminal:
            break
        for viewer in range(seats):
            message = table.message_for(viewer, now=0.0)
            assert message["view"] == view_to_dict(table.match.view(viewer))
            rest = {key: value for key, value in message.items() if key != "view"}
            summary: Any = rest.pop("summary")
            if summary is not None:
                assert summary["view"] == view_to_dict(table.finished[-1].view(viewer))
            # Everything else (labels, the grouping hint, the match's public
            # facts) names only cards the seat's own view shows.
            assert set(CARD.findall(str(rest))) <= set(
                CARD.findall(str(message["view"]))
            )
        seat = table.match.current_player
        assert seat is not None
        view = table.match.view(seat)
        act(table, seat, bot.choose(view, view.legal_actions))
