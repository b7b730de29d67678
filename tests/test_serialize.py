"""Saving and loading games (:mod:`rummykit.serialize`).

- Round trips: at random points of random hands of every variant (Classic,
  Rumino with both claim modes and timers, Indian in both presets), with
  greedy and random agents and the odd :class:`Timeout`, a state saved and
  loaded is the same state, saves the same text and plays on the same way;
  likewise for matches, including Rumino's re-buy decisions between hands.
- Views: the JSON sent to a player holds nothing hidden from them.  Two states
  that differ only in cards the player cannot see (the other hands, the
  stock, the deck order, the hidden seed) give the same JSON, and other
  players' stock draws never appear in it.
- Replays: replaying a record gives the same state and history.
- Hostile and corrupt saves, built here by mutating a real save, and a few
  literal files in ``tests/data/hostile/``: each raises
  :class:`InvalidStateError` and nothing else, with a message that names the
  problem.
"""

from __future__ import annotations

import functools
import json
import random
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from rummykit import Card, Hand
from rummykit.agents import Agent, GreedyAgent, RandomAgent
from rummykit.engine import (
    Action,
    Claim,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Event,
    LayOff,
    Phase,
    PlayerView,
    State,
    Timeout,
)
from rummykit.errors import InvalidStateError
from rummykit.match import DeclineRebuy, Match, Rebuy
from rummykit.serialize import (
    FORMAT,
    VERSION,
    action_from_dict,
    action_to_dict,
    match_from_json,
    match_to_json,
    state_from_json,
    state_to_json,
    view_to_dict,
    view_to_json,
)
from rummykit.variants import Variant, get_variant
from tests.test_leak import own_arrangement_only

HOSTILE_DIR = Path(__file__).parent / "data" / "hostile"

#: (variant name, options, players): every variant, both Rumino claim modes
#: (with timers, so timeouts happen), both Indian presets.  Classic turns the
#: pile over without shuffling by default, so bots could loop for ever: the
#: turn-overs are limited.
CONFIGS: list[tuple[str, dict[str, object], int]] = [
    ("classic", {"max_turnovers": 2}, 2),
    (
        "classic",
        {
            "max_turnovers": 1,
            "stock_exhaustion": "shuffle",
            "discard_to_go_out": True,
            "melds_per_turn": 1,
        },
        3,
    ),
    ("rumino", {}, 2),
    (
        "rumino",
        {"rumino_claim_mode": "manual_window", "move_timer": 20, "claim_timer": 10},
        3,
    ),
    ("rumino", {"knock_timing": "after_draw", "stock_exhaustion": "void_hand"}, 4),
    ("indian", {}, 2),
    ("indian", {}, 4),
    ("indian", {"preset": "standard"}, 2),
    ("indian", {"preset": "standard", "indicator_in_stock": True}, 5),
    ("gin", {}, 2),
    ("gin", {"oklahoma": True, "big_gin": True}, 2),
]

CONFIG_IDS = [
    f"{name}-{players}p-" + ("-".join(f"{k}={v}" for k, v in opts.items()) or "default")
    for name, opts, players in CONFIGS
]

SEEDS = range(4)

#: A hand is played for at most this many actions (a save mid-hand is fine).
CAP = 300


def agents_for(players: int, rng: random.Random) -> list[Agent]:
    """A random mix of greedy and random agents."""
    return [
        GreedyAgent() if rng.random() < 0.5 else RandomAgent(seed=rng.getrandbits(32))
        for _ in range(players)
    ]


def next_action(state: State, agents: list[Agent], rng: random.Random) -> Action:
    """The agent's choice, or sometimes a timeout when the decision has a timer."""
    pending = state.pending
    assert pending is not None
    if pending.timer is not None and rng.random() < 0.15:
        return Timeout(state.decision_id)
    view = state.view(state.current)
    return choose(agents[state.current], view, rng)


def choose(agent: Agent, view: PlayerView, rng: random.Random) -> Action:
    """The agent's choice; a random agent seldom drops (Indian), so that hands
    last long enough to reach declarations and shows."""
    legal: Sequence[Action] = view.legal_actions
    if isinstance(agent, RandomAgent) and rng.random() < 0.9:
        legal = [action for action in legal if not isinstance(action, Drop)] or legal
    return agent.choose(view, legal)


def play_out(variant: Variant, players: int, seed: int) -> list[State]:
    """Every state of a seeded hand between random agents (at most CAP actions)."""
    rng = random.Random(seed)
    agents = agents_for(players, rng)
    state = variant.new_game(players, seed=seed)
    states = [state]
    while not state.is_terminal and len(states) <= CAP:
        state = state.apply(next_action(state, agents, rng))
        states.append(state)
    return states


def sample(states: list[State], rng: random.Random, count: int = 5) -> list[State]:
    """A few random states of a hand, the first and the last among them."""
    picks = {
        0,
        len(states) - 1,
        *rng.sample(range(len(states)), min(count, len(states))),
    }
    return [states[index] for index in sorted(picks)]


@functools.cache
def played(config: int, seed: int) -> tuple[State, ...]:
    name, options, players = CONFIGS[config]
    return tuple(play_out(get_variant(name, **options), players, seed))


# -- state round trips ------------------------------------------------------------------


def check_round_trip(state: State) -> State:
    """Save and load ``state``; everything must survive, and nothing else change."""
    text = state_to_json(state)
    loaded = state_from_json(text)
    assert loaded == state
    assert loaded.history == state.history
    assert loaded.actions == state.actions
    assert loaded.legal_actions() == state.legal_actions()
    assert state_to_json(loaded) == text
    assert state_from_json(text.encode("utf-8")) == state
    return loaded


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=CONFIG_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_state_round_trip(config: int, seed: int) -> None:
    states = played(config, seed)
    rng = random.Random(seed * 1000 + config)
    players = CONFIGS[config][2]
    for state in sample(list(states), rng):
        loaded = check_round_trip(state)
        # The loaded state plays on exactly as the original (same stock, same
        # hidden seed for later shuffles, same timers).
        if not state.is_terminal:
            agents = agents_for(players, random.Random(seed))
            a, b = state, loaded
            for _ in range(25):
                if a.is_terminal:
                    break
                action = next_action(a, agents, rng)
                a, b = a.apply(action), b.apply(action)
                assert a == b
    # A whole hand saved at its end loads to the same outcome.
    last = states[-1]
    assert state_from_json(state_to_json(last)).outcome == last.outcome


def test_round_trips_cover_the_interesting_cases() -> None:
    """The games above go through timeouts, claim windows, shows and ends of hand,
    so the round trips are not only of plain draws and discards."""
    kinds: dict[str, int] = {}
    for config in range(len(CONFIGS)):
        for seed in SEEDS:
            states = played(config, seed)
            last = states[-1]
            for action in last.actions:
                kinds[type(action).__name__] = kinds.get(type(action).__name__, 0) + 1
            kinds["ended"] = kinds.get("ended", 0) + last.is_terminal
            phases = {state.phase for state in states}
            for phase in phases:
                kinds[phase.value] = kinds.get(phase.value, 0) + 1
    for needed in ("Timeout", "Discard", "DrawStock", "DrawDiscard", "LayMeld"):
        assert kinds.get(needed, 0) > 0, (needed, kinds)
    assert kinds.get("Claim", 0) + kinds.get("Pass", 0) > 0, kinds
    assert kinds.get("Declare", 0) + kinds.get("Drop", 0) > 0, kinds
    assert kinds["claim"] > 0 and kinds["show"] > 0, kinds
    assert kinds["ended"] >= len(CONFIGS) * len(SEEDS) // 2, kinds


def test_a_state_without_a_record_cannot_be_saved() -> None:
    state = get_variant("classic").new_game(players=2, seed=1)
    with pytest.raises(InvalidStateError, match="no record"):
        state_to_json(attrs.evolve(state, origin=None))


def test_a_save_is_plain_json_with_the_documented_header() -> None:
    state = played(0, 1)[5]
    data = json.loads(
        state_to_json(state), parse_constant=lambda name: pytest.fail(name)
    )
    assert (data["format"], data["version"], data["kind"]) == (FORMAT, VERSION, "state")
    assert data["variant"]["name"] == "classic"
    assert data["variant"]["options"]["max_turnovers"] == 2
    assert len(data["actions"]) == len(state.actions)
    assert len(data["deal"]["deck"].split()) == 52


def test_actions_round_trip_through_json() -> None:
    seen: set[str] = set()
    for config in range(len(CONFIGS)):
        for seed in SEEDS:
            for action in played(config, seed)[-1].actions:
                data = json.loads(json.dumps(action_to_dict(action)))
                assert action_from_dict(data) == action
                seen.add(type(action).__name__)
    assert {"DrawStock", "Discard", "Timeout", "LayMeld", "Declare"} <= seen


# -- match round trips ---------------------------------------------------------------------

MATCH_CONFIGS: list[tuple[str, dict[str, object], int, int | None]] = [
    ("rumino", {}, 3, None),
    ("rumino", {"rumino_claim_mode": "manual_window"}, 4, None),
    ("rumino", {"rebuy_cost": "none", "move_timer": 15}, 3, 6),
    (
        "classic",
        {"max_turnovers": 2, "match_mode": "target", "target": 60},
        2,
        None,
    ),
    (
        "classic",
        {"max_turnovers": 2, "match_mode": "fixed_deals", "target": 3},
        3,
        None,
    ),
    ("indian", {}, 3, 3),
    ("indian", {"preset": "standard"}, 2, 4),
    ("gin", {"target": 50}, 2, None),
]


def play_match(
    variant: Variant, players: int, seed: int, max_hands: int | None, cap: int = 700
) -> list[Match]:
    """Every match along a seeded match between random agents (at most ``cap``
    actions); between hands an eliminated player re-buys or not at random."""
    rng = random.Random(seed)
    agents = agents_for(players, rng)
    match = variant.new_match(players, seed=seed, max_hands=max_hands)
    matches = [match]
    while not match.is_terminal and len(matches) <= cap:
        seat = match.current_player
        assert seat is not None
        state = match.state
        if (
            not match.queue
            and state.pending is not None
            and state.pending.timer is not None
            and rng.random() < 0.15
        ):
            action: Action = Timeout(state.decision_id)
        else:
            action = choose(agents[seat], match.view(seat), rng)
        match = match.apply(action)
        matches.append(match)
    return matches


@functools.cache
def played_match(config: int, seed: int) -> tuple[Match, ...]:
    name, options, players, max_hands = MATCH_CONFIGS[config]
    return tuple(play_match(get_variant(name, **options), players, seed, max_hands))


def check_match_round_trip(match: Match) -> Match:
    text = match_to_json(match)
    loaded = match_from_json(text)
    assert loaded == match
    assert loaded.results == match.results
    assert loaded.ledger == match.ledger
    assert loaded.legal_actions() == match.legal_actions()
    assert match_to_json(loaded) == text
    return loaded


@pytest.mark.parametrize("config", range(len(MATCH_CONFIGS)))
@pytest.mark.parametrize("seed", range(3))
def test_match_round_trip(config: int, seed: int) -> None:
    matches = played_match(config, seed)
    rng = random.Random(seed)
    picks = {
        0,
        len(matches) - 1,
        *rng.sample(range(len(matches)), min(3, len(matches))),
    }
    # Every decision between hands, and the first action of each new hand.
    for index, match in enumerate(matches):
        if match.queue or (
            index and match.hand_number != matches[index - 1].hand_number
        ):
            picks.add(index)
    for index in sorted(picks):
        match = matches[index]
        loaded = check_match_round_trip(match)
        if not match.is_terminal:
            action = match.legal_actions()[0]
            assert loaded.apply(action) == match.apply(action)


def test_matches_go_through_rebuys_and_several_hands() -> None:
    """The match round trips above include Rumino's re-buy decisions (both
    answers) and matches that end."""
    queued = rebought = declined = ended = 0
    hands = 0
    for config in range(len(MATCH_CONFIGS)):
        for seed in range(3):
            matches = played_match(config, seed)
            last = matches[-1]
            ended += last.is_terminal
            hands = max(hands, last.hand_number)
            queued += sum(1 for match in matches if match.queue)
            rebought += sum(isinstance(action, Rebuy) for action in last.actions)
            declined += sum(isinstance(action, DeclineRebuy) for action in last.actions)
    assert queued > 0 and rebought > 0 and declined > 0, (queued, rebought, declined)
    assert ended >= len(MATCH_CONFIGS)
    assert hands >= 4


def test_a_rebuy_decision_survives_saving() -> None:
    """A match saved while an eliminated player decides whether to re-buy loads
    with the same decision pending, and either answer plays on identically."""
    for config in range(len(MATCH_CONFIGS)):
        for seed in range(3):
            for match in played_match(config, seed):
                if not match.queue:
                    continue
                loaded = match_from_json(match_to_json(match))
                assert loaded.queue == match.queue
                assert loaded.current_player == match.queue[0]
                assert loaded.legal_actions() == (Rebuy(), DeclineRebuy())
                assert loaded.view(match.queue[0]).phase is Phase.BETWEEN_HANDS
                for answer in (Rebuy(), DeclineRebuy()):
                    assert loaded.apply(answer) == match.apply(answer)
                return
    pytest.fail("no re-buy decision in any match")


# -- replays ------------------------------------------------------------------------------


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=CONFIG_IDS)
def test_replaying_the_record_gives_the_same_hand(config: int) -> None:
    for seed in SEEDS:
        final = played(config, seed)[-1]
        origin = final.origin
        assert origin is not None
        rules = final.rules
        assert isinstance(rules, Variant)
        state = rules.new_game(
            final.players,
            deck=origin.deck,
            dealer=origin.dealer,
            seats=origin.seats,
            chance=origin.chance,
        )
        for action in final.actions:
            state = state.apply(action)
        assert state == final
        assert state.history == final.history
        # ... and the loaded save replays the same way.
        loaded = state_from_json(state_to_json(final))
        assert loaded.history == final.history
        assert loaded.outcome == final.outcome


def test_replaying_a_match_gives_the_same_match() -> None:
    for config in range(len(MATCH_CONFIGS)):
        final = played_match(config, 0)[-1]
        variant = final.variant
        assert isinstance(variant, Variant)
        match = Match.start(
            variant,
            final.players,
            seed=final.seed,
            dealer=final.first_dealer,
            max_hands=final.max_hands,
        )
        for action in final.actions:
            match = match.apply(action)
        assert match == final
        assert match.results == final.results
        assert match.state.history == final.state.history


def test_the_same_seed_and_agents_give_the_same_record() -> None:
    for config in (0, 3, 7):
        name, options, players = CONFIGS[config]
        first = play_out(get_variant(name, **options), players, 11)[-1]
        second = play_out(get_variant(name, **options), players, 11)[-1]
        assert state_to_json(first) == state_to_json(second)


# -- views hold nothing hidden ---------------------------------------------------------------


def seen_cards(state: State) -> set[Card]:
    """Every card that has been public at some time: moved by a public event,
    named in an action others saw, on the table, in the pile.  (Conservative:
    such cards stay where they are when hidden cards are shuffled.)"""
    seen: set[Card] = set(state.pile) | set(state.out_of_play)
    for event in state.history:
        if event.card is not None and not event.private:
            seen.add(event.card)
        public = attrs.asdict(event.action.public(), recurse=False)
        for value in public.values():
            if isinstance(value, Card):
                seen.add(value)
            elif isinstance(value, tuple):
                for item in value:
                    if isinstance(item, Card):
                        seen.add(item)
                    elif isinstance(item, tuple):
                        seen.update(card for card in item if isinstance(card, Card))
    for placed in state.table:
        seen.update(placed.meld.cards)
    for card in (state.drawn, state.taken, state.indicator):
        if card is not None:
            seen.add(card)
    return seen


def hidden_shuffled(state: State, player: int, rng: random.Random) -> State:
    """``state`` with the cards hidden from ``player`` shuffled among the other
    hands and the stock (sizes kept), other cards in the others' stock draws
    and finish cards, a different deck order and no actions in the record, a
    different hidden seed, and no private arrangements of the others."""
    seen = seen_cards(state)
    keep: list[Hand] = []
    pool: list[Card] = list(state.stock)
    for seat, hand in enumerate(state.hands):
        if seat == player or state.shown[seat] is not None:
            keep.append(hand)
            continue
        kept = [card for card in hand.cards if card in seen]
        keep.append(Hand(kept))
        pool += (hand - Hand(kept)).cards
    rng.shuffle(pool)
    hands: list[Hand] = []
    for seat, hand in enumerate(state.hands):
        free = len(hand) - len(keep[seat])
        hands.append(keep[seat].add(*pool[:free]))
        del pool[:free]
    origin = state.origin
    assert origin is not None
    deck = list(origin.deck)
    rng.shuffle(deck)
    history: list[Event] = []
    for event in state.history:
        if event.player != player:
            # what only the actor saw: a card drawn from the stock, a finish card
            if event.private and event.card is not None:
                event = attrs.evolve(event, card=rng.choice(deck))
            if isinstance(event.action, Declare):
                finish = rng.choice(deck)
                event = attrs.evolve(
                    event, action=attrs.evolve(event.action, finish=finish)
                )
        history.append(event)
    other = attrs.evolve(
        state,
        hands=tuple(hands),
        stock=tuple(pool),
        history=tuple(history),
        actions=(),
        chance=rng.getrandbits(63),
        origin=attrs.evolve(origin, deck=tuple(deck), chance=rng.getrandbits(63)),
        extra=own_arrangement_only(state, player),
    )
    assert other.all_cards() == state.all_cards()
    return other


FORBIDDEN_KEYS = {"hands", "stock", "deck", "chance", "origin", "arrangements", "seed"}


def all_keys(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from all_keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from all_keys(item)


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=CONFIG_IDS)
def test_view_json_is_the_same_whatever_the_hidden_cards(config: int) -> None:
    changed = compared = 0
    for seed in SEEDS:
        rng = random.Random(seed + 77)
        for state in sample(list(played(config, seed)), rng, count=6):
            if state.is_terminal:
                continue  # every hand is shown at the end
            for player in range(state.players):
                other = hidden_shuffled(state, player, rng)
                changed += other.hands != state.hands or other.stock != state.stock
                compared += 1
                text = view_to_json(state.view(player))
                assert view_to_json(other.view(player)) == text
                data = json.loads(text)
                assert data == view_to_dict(state.view(player))
                assert not FORBIDDEN_KEYS & set(all_keys(data))
                assert data["hand"] == str(state.hands[player])
    assert compared > 0
    assert changed >= compared // 2, (changed, compared)


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=CONFIG_IDS)
def test_view_json_hides_other_players_stock_draws(config: int) -> None:
    hidden = own = 0
    for seed in SEEDS:
        state = played(config, seed)[-2]  # just before the end: hands still hidden
        for player in range(state.players):
            data = view_to_dict(state.view(player))
            history = data["history"]
            assert isinstance(history, list)
            assert len(history) == len(state.history)
            for event, shown in zip(state.history, history, strict=True):
                assert shown["player"] == event.player
                if isinstance(event.action, DrawStock):
                    assert event.card is not None
                    if event.player == player:
                        assert shown["card"] == str(event.card)
                        own += 1
                    else:
                        assert shown["card"] is None
                        hidden += 1
                if isinstance(event.action, Declare) and event.player != player:
                    # the finish card is face down
                    assert shown["action"]["type"] == "FaceDownDeclare"
                    assert "finish" not in shown["action"]
                if isinstance(event.action, DrawDiscard | Discard | Claim):
                    # public moves show their card to everyone
                    assert shown["card"] == str(event.card)
    assert hidden > 0 and own > 0


def test_match_view_between_hands_holds_nothing_hidden() -> None:
    found = 0
    for config in range(len(MATCH_CONFIGS)):
        for seed in range(3):
            for match in played_match(config, seed):
                if not match.queue:
                    continue
                rng = random.Random(seed)
                for player in range(match.players):
                    other = attrs.evolve(
                        match,
                        chance=rng.getrandbits(63),
                        state=hidden_shuffled(match.state, player, rng),
                    )
                    text = view_to_json(match.view(player))
                    assert view_to_json(other.view(player)) == text
                    data = json.loads(text)
                    assert data["phase"] == "between_hands"
                    assert data["current_player"] == match.queue[0]
                    legal = data["legal_actions"]
                    if player == match.queue[0]:
                        assert legal == [{"type": "Rebuy"}, {"type": "DeclineRebuy"}]
                    else:
                        assert legal == []
                    found += 1
    assert found > 0


def test_the_leak_check_can_tell() -> None:
    """The view comparison above is sensitive: a state that differs in the
    player's own hand gives different JSON."""
    state = played(0, 0)[3]
    player = 0
    other_seat = 1
    mine, theirs = state.hands[player], state.hands[other_seat]
    swap_out, swap_in = mine.cards[0], theirs.cards[0]
    changed = attrs.evolve(
        state,
        hands=(
            mine.remove(swap_out).add(swap_in),
            theirs.remove(swap_in).add(swap_out),
        ),
    )
    assert view_to_json(changed.view(player)) != view_to_json(state.view(player))
    assert view_to_json(changed.view(other_seat)) != view_to_json(
        state.view(other_seat)
    )


# -- hostile and corrupt saves ---------------------------------------------------------------


@functools.cache
def base_save() -> str:
    """A real Classic save in the middle of a hand, in the play phase."""
    variant = get_variant("classic")
    state = variant.new_game(players=2, seed=4, dealer=1)
    greedy = GreedyAgent()
    while len(state.actions) < 7 or state.phase is not Phase.PLAY:
        view = state.view(state.current)
        state = state.apply(greedy.choose(view, view.legal_actions))
    assert not state.is_terminal
    return state_to_json(state)


@functools.cache
def base_state() -> State:
    return state_from_json(base_save())


@functools.cache
def timed_save() -> str:
    """A real Indian save (which has move timers) after one action."""
    state = get_variant("indian").new_game(players=2, seed=3, dealer=0)
    view = state.view(state.current)
    state = state.apply(GreedyAgent().choose(view, view.legal_actions))
    assert state.pending is not None and state.pending.timer is not None
    return state_to_json(state)


@functools.cache
def match_save() -> str:
    matches = played_match(0, 0)
    return match_to_json(matches[len(matches) // 2])


Doc = dict[str, Any]
Builder = Callable[[], str | bytes]


def edited(
    change: Callable[[Doc], object], source: Callable[[], str] = base_save
) -> Builder:
    """A builder of ``source``'s save with ``change`` made to its JSON data."""

    def build() -> str:
        data: Doc = json.loads(source())
        change(data)
        return json.dumps(data)

    return build


def setter(*path: str | int, value: object) -> Callable[[Doc], None]:
    def change(data: Doc) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def deleter(key: str) -> Callable[[Doc], None]:
    def change(data: Doc) -> None:
        del data[key]

    return change


def deck_edit(edit: Callable[[list[str]], None]) -> Callable[[Doc], None]:
    def change(data: Doc) -> None:
        cards = data["deal"]["deck"].split()
        edit(cards)
        data["deal"]["deck"] = " ".join(cards)

    return change


def hand_of_current(data: Doc) -> list[str]:
    snapshot = data["snapshot"]
    return list(snapshot["hands"][snapshot["current"]].split())


def action_at(index: int, action: object) -> Callable[[Doc], None]:
    def change(data: Doc) -> None:
        data["actions"].insert(index if index >= 0 else len(data["actions"]), action)

    return change


def swap_hands(data: Doc) -> None:
    hands = data["snapshot"]["hands"]
    first, second = hands[0].split(), hands[1].split()
    first[0], second[0] = second[0], first[0]
    hands[0], hands[1] = " ".join(first), " ".join(second)


def nested(depth: int) -> str:
    return "[" * depth + '"As"' + "]" * depth


def lay_off_own_card(target: object) -> Callable[[Doc], None]:
    def change(data: Doc) -> None:
        card = hand_of_current(data)[0]
        data["actions"].append({"type": "LayOff", "cards": card, "target": target})

    return change


HOSTILE: list[tuple[str, Builder, str]] = [
    # not a JSON object at all
    ("truncated", lambda: base_save()[: len(base_save()) // 2], "not valid JSON"),
    ("truncated-one-char", lambda: "{", "not valid JSON"),
    ("empty", lambda: "", "not valid JSON"),
    ("not-json", lambda: "this is not a saved game", "not valid JSON"),
    ("json-array", lambda: "[" + base_save() + "]", "a saved game is a JSON object"),
    ("json-string", lambda: json.dumps(base_save()), "a saved game is a JSON object"),
    ("json-number", lambda: "4", "a saved game is a JSON object"),
    ("json-null", lambda: "null", "a saved game is a JSON object"),
    ("json-nan", lambda: "NaN", "a saved game is a JSON object"),
    ("deeply-nested-array", lambda: "[" * 100_000 + "]" * 100_000, "not valid JSON"),
    (
        "deeply-nested-object",
        lambda: '{"a": ' * 100_000 + "1" + "}" * 100_000,
        "not valid JSON",
    ),
    ("not-utf8", lambda: b"\xff\xfe{\x00\x80}", "not UTF-8"),
    (
        "utf8-then-garbage",
        lambda: base_save().encode()[:100] + b"\xc3\x28" + base_save().encode()[100:],
        "not UTF-8",
    ),
    ("too-large", lambda: " " * 20_000_001, "too large"),
    # the header
    (
        "wrong-format",
        edited(setter("format", value="chess")),
        "not a rummykit document",
    ),
    ("no-format", edited(deleter("format")), "not a rummykit document"),
    ("unknown-version", edited(setter("version", value=3)), "unsupported version 3"),
    ("version-1", edited(setter("version", value=1)), "a version 1 save, which"),
    ("version-string", edited(setter("version", value="1")), "unsupported version '1'"),
    ("version-huge", edited(setter("version", value=10**30)), "unsupported version"),
    (
        "wrong-kind",
        edited(setter("kind", value="match")),
        "expected a saved state, found 'match'",
    ),
    ("no-kind", edited(deleter("kind")), "expected a saved state, found None"),
    ("a-match-save", lambda: match_save(), "expected a saved state, found 'match'"),
    (
        "a-view",
        lambda: view_to_json(base_state().view(0)),
        "expected a saved state, found 'view'",
    ),
    # the variant and its options
    (
        "unknown-variant",
        edited(setter("variant", "name", value="poker")),
        "unknown variant 'poker'",
    ),
    (
        "variant-not-object",
        edited(setter("variant", value="classic")),
        "variant must be an object",
    ),
    (
        "variant-name-number",
        edited(setter("variant", "name", value=3)),
        "variant must be an object with a name",
    ),
    ("no-variant", edited(deleter("variant")), "variant must be an object"),
    (
        "unknown-option",
        edited(setter("variant", "options", "jokers", value=2)),
        "unknown option 'jokers'",
    ),
    (
        "bad-option-value",
        edited(setter("variant", "options", "max_turnovers", value=-1)),
        "max_turnovers must be a whole number",
    ),
    (
        "bad-option-choice",
        edited(setter("variant", "options", "stock_exhaustion", value="burn")),
        "stock_exhaustion must be one of",
    ),
    (
        "option-string-for-number",
        edited(setter("variant", "options", "melds_per_turn", value="1")),
        "melds_per_turn must be a whole number",
    ),
    (
        "option-number-for-flag",
        edited(setter("variant", "options", "ace_high", value=1)),
        "ace_high must be True or False",
    ),
    (
        "option-nested-object",
        edited(setter("variant", "options", "target", value={"points": 100})),
        "option 'target' has a value of the wrong type",
    ),
    (
        "option-deeply-nested",
        lambda: base_save().replace(
            '"options": {', '"options": {"x": ' + nested(900) + ", ", 1
        ),
        "nested more than 32 levels deep",
    ),
    (
        "options-not-object",
        edited(setter("variant", "options", value=[1])),
        "options must be an object",
    ),
    # the deal
    (
        "extra-card-in-deck",
        edited(deck_edit(lambda cards: cards.append("As"))),
        r"bad deal: .*52-card deck.*got 53 cards",
    ),
    (
        "duplicated-card",
        edited(deck_edit(lambda cards: cards.__setitem__(cards.index("As"), "Ks"))),
        r"bad deal: .*52-card deck.*got 52 cards that do not match",
    ),
    (
        "missing-card",
        edited(deck_edit(lambda cards: cards.remove("As"))),
        r"bad deal: .*got 51 cards",
    ),
    (
        "joker-in-deck",
        edited(deck_edit(lambda cards: cards.__setitem__(0, "Jk"))),
        r"bad deal: .*52-card deck",
    ),
    (
        "unreadable-card-in-deck",
        edited(deck_edit(lambda cards: cards.__setitem__(5, "Zz"))),
        r"bad deal: bad card 'Zz'",
    ),
    (
        "deck-as-list",
        edited(lambda d: d["deal"].__setitem__("deck", d["deal"]["deck"].split())),
        "deal.deck must be card notation",
    ),
    (
        "deck-number",
        edited(setter("deal", "deck", value=52)),
        "deal.deck must be card notation",
    ),
    (
        "deck-huge",
        edited(setter("deal", "deck", value="As " * 2000)),
        "deal.deck must be card notation",
    ),
    ("deal-not-object", edited(setter("deal", value=[])), "deal must be an object"),
    ("no-deal", edited(deleter("deal")), "deal must be an object"),
    (
        "dealer-not-a-seat",
        edited(setter("deal", "dealer", value=2)),
        "dealer must be a whole number from 0 to 1, not 2",
    ),
    (
        "dealer-negative",
        edited(setter("deal", "dealer", value=-1)),
        "dealer must be a whole number from 0 to 1",
    ),
    (
        "seats-wrong-count",
        edited(setter("deal", "seats", value=[True, True, True])),
        "deal.seats must be 2 true/false values",
    ),
    (
        "seats-numbers",
        edited(setter("deal", "seats", value=[1, 1])),
        "deal.seats must be 2 true/false values",
    ),
    (
        "one-seat-dealt",
        edited(setter("deal", "seats", value=[True, False])),
        "bad deal: .*seats",
    ),
    # huge numbers and wrong types
    (
        "players-huge",
        edited(setter("players", value=10**30)),
        "players must be a whole number from 2 to 10",
    ),
    (
        "players-one",
        edited(setter("players", value=1)),
        "players must be a whole number from 2 to 10, not 1",
    ),
    (
        "players-string",
        edited(setter("players", value="2")),
        "players must be a whole number from 2 to 10, not '2'",
    ),
    (
        "players-float",
        edited(setter("players", value=2.0)),
        "players must be a whole number from 2 to 10, not 2.0",
    ),
    (
        "players-bool",
        edited(setter("players", value=True)),
        "players must be a whole number from 2 to 10, not True",
    ),
    (
        "players-object",
        edited(setter("players", value={"n": 2})),
        "players must be a whole number",
    ),
    (
        "players-overflow-float",
        lambda: base_save().replace('"players": 2', '"players": 1e400', 1),
        "players must be a whole number",
    ),
    (
        "chance-negative",
        edited(setter("deal", "chance", value=-1)),
        "chance must be a whole number from 0 to",
    ),
    (
        "chance-huge",
        edited(setter("deal", "chance", value=2**64)),
        "chance must be a whole number from 0 to",
    ),
    (
        "chance-string",
        edited(setter("deal", "chance", value="7")),
        "chance must be a whole number",
    ),
    (
        "scores-strings",
        edited(setter("scores", value=["a", "b"])),
        "scores must be 2 whole numbers",
    ),
    (
        "scores-huge",
        edited(setter("scores", value=[10**30, 0])),
        "scores must be 2 whole numbers",
    ),
    (
        "scores-wrong-count",
        edited(setter("scores", value=[0])),
        "scores must be 2 whole numbers",
    ),
    # the actions
    (
        "actions-not-list",
        edited(setter("actions", value={"0": {"type": "DrawStock"}})),
        "actions must be a list",
    ),
    ("no-actions", edited(deleter("actions")), "actions must be a list"),
    (
        "illegal-action-inserted",
        edited(action_at(0, {"type": "Discard", "card": "Kd"})),
        r"action 1 \(discard Kd\) is refused: a player draws before discarding",
    ),
    (
        "illegal-action-appended",
        edited(action_at(-1, {"type": "DrawStock"})),
        r"action \d+ \(draw from the stock\) is refused: drawing happens at the start of a turn",
    ),
    (
        "unknown-action-type",
        edited(action_at(-1, {"type": "Cheat"})),
        "unknown action type 'Cheat'",
    ),
    (
        "base-action-type",
        edited(action_at(-1, {"type": "Action"})),
        "unknown action type 'Action'",
    ),
    (
        "private-action-type",
        edited(action_at(-1, {"type": "_Arrange", "expiry": "pass"})),
        "unknown action type '_Arrange'",
    ),
    (
        "dunder-action-type",
        edited(action_at(-1, {"type": "__class__"})),
        "unknown action type '__class__'",
    ),
    (
        "match-action-in-a-hand",
        edited(action_at(-1, {"type": "Rebuy"})),
        r"is refused: Rebuy is not an action of this game",
    ),
    (
        "view-only-action",
        edited(action_at(-1, {"type": "FaceDownDeclare", "groups": []})),
        r"is refused: FaceDownDeclare is not an action",
    ),
    (
        "action-without-type",
        edited(action_at(-1, {"card": "Kd"})),
        "an action must be an object with a type",
    ),
    (
        "action-type-number",
        edited(action_at(-1, {"type": 3})),
        "an action must be an object with a type",
    ),
    (
        "action-as-string",
        edited(action_at(-1, "DrawStock")),
        "an action must be an object with a type",
    ),
    (
        "action-extra-field",
        edited(action_at(0, {"type": "DrawStock", "card": "As"})),
        r"unknown field\(s\) \['card'\] for action DrawStock",
    ),
    (
        "action-missing-field",
        edited(action_at(-1, {"type": "Discard"})),
        r"bad action .*Discard needs its .card.",
    ),
    (
        "timeout-id-huge",
        edited(action_at(-1, {"type": "Timeout", "decision_id": 10**30})),
        "Timeout.decision_id is out of range",
    ),
    (
        "timeout-id-negative",
        edited(action_at(-1, {"type": "Timeout", "decision_id": -1})),
        "Timeout.decision_id is out of range: -1",
    ),
    (
        "timeout-without-timer",
        edited(action_at(-1, {"type": "Timeout", "decision_id": 8})),
        "is refused: .*(no timer|not the pending one)",
    ),
    (
        "lay-off-target-huge",
        edited(action_at(-1, {"type": "LayOff", "cards": "As", "target": 10**30})),
        "LayOff.target is out of range",
    ),
    (
        "card-as-number",
        edited(action_at(-1, {"type": "Discard", "card": 5})),
        r"bad card 5: card notation must be a str",
    ),
    (
        "card-as-list",
        edited(action_at(-1, {"type": "Discard", "card": ["As"]})),
        r"bad card \['As'\]",
    ),
    (
        "card-as-object",
        edited(action_at(-1, {"type": "Discard", "card": {"rank": "A"}})),
        r"action Discard.card has a value of the wrong type",
    ),
    (
        "card-unreadable",
        edited(action_at(-1, {"type": "Discard", "card": "Zz"})),
        r"bad action .*bad card 'Zz'",
    ),
    (
        "cards-as-number",
        edited(action_at(-1, {"type": "LayMeld", "cards": 5})),
        r"bad action .*LayMeld",
    ),
    (
        "card-text-huge",
        edited(action_at(-1, {"type": "Discard", "card": "A" * 20_000})),
        r"action Discard.card is too long",
    ),
    # the snapshot
    (
        "wrong-phase-in-snapshot",
        edited(setter("snapshot", "phase", value="draw")),
        "snapshot does not match the replayed game",
    ),
    (
        "unknown-phase-in-snapshot",
        edited(setter("snapshot", "phase", value="dance")),
        "snapshot does not match the replayed game",
    ),
    (
        "hand-edited-in-snapshot",
        edited(swap_hands),
        "snapshot does not match the replayed game",
    ),
    (
        "card-added-in-snapshot",
        edited(
            lambda d: d["snapshot"]["hands"].__setitem__(
                0, d["snapshot"]["hands"][0] + " As"
            )
        ),
        "snapshot does not match",
    ),
    (
        "stock-size-edited",
        edited(
            lambda d: d["snapshot"].__setitem__(
                "stock_size", d["snapshot"]["stock_size"] - 1
            )
        ),
        "snapshot does not match",
    ),
    (
        "decision-id-huge-in-snapshot",
        edited(setter("snapshot", "decision_id", value=10**30)),
        "snapshot does not match",
    ),
    ("no-snapshot", edited(deleter("snapshot")), "the saved game has no snapshot"),
    (
        "snapshot-not-an-object",
        edited(setter("snapshot", value=[1])),
        "snapshot must be an object",
    ),
    # a save with timers
    (
        "timeout-for-an-old-decision",
        edited(action_at(-1, {"type": "Timeout", "decision_id": 0}), timed_save),
        r"is refused: decision 0 is not the pending one \(1\)",
    ),
    (
        "indian-declare-groups-number",
        edited(
            action_at(-1, {"type": "Declare", "finish": "As", "groups": [1, 2]}),
            timed_save,
        ),
        r"bad action .*Declare",
    ),
]


@pytest.mark.parametrize(
    ("build", "message"),
    [pytest.param(build, message, id=name) for name, build, message in HOSTILE],
)
def test_hostile_state_saves_are_refused(build: Builder, message: str) -> None:
    data = build()
    with pytest.raises(InvalidStateError, match=message) as caught:
        state_from_json(data)
    assert type(caught.value) is InvalidStateError
    assert str(caught.value)
    assert len(str(caught.value)) < 1_000  # a message, not a dump of the input


def test_the_hostile_cases_start_from_a_good_save() -> None:
    """The mutations are of saves that load, so each case tests its own problem."""
    for source in (base_save, timed_save):
        state = state_from_json(source())
        assert not state.is_terminal
    assert match_from_json(match_save()).hand_number >= 1
    assert base_state().phase is Phase.PLAY


def test_not_text_at_all_is_refused() -> None:
    for value in (5, None, ["{}"], {"format": FORMAT}):
        with pytest.raises(InvalidStateError, match="a saved game is JSON text, not"):
            state_from_json(value)  # type: ignore[arg-type]


def test_deep_nesting_near_the_json_limit_is_refused_cleanly() -> None:
    """Nested lists just inside the JSON parser's depth limit, in an option and
    in the snapshot: each depth is refused with an InvalidStateError."""
    limit = sys.getrecursionlimit()
    save = base_save()
    for depth in range(limit - 60, limit + 5):
        for text in (
            save.replace('"options": {', '"options": {"x": ' + nested(depth) + ", ", 1),
            save.replace(
                '"snapshot": {', '"snapshot": {"x": ' + nested(depth) + ", ", 1
            ),
        ):
            with pytest.raises(InvalidStateError):
                state_from_json(text)


def test_deep_nesting_in_an_action_near_the_json_limit_is_refused_cleanly() -> None:
    limit = sys.getrecursionlimit()
    save = base_save()
    for depth in range(limit - 60, limit + 5):
        text = save.replace(
            '"actions": [',
            '"actions": [{"type": "LayMeld", "cards": ' + nested(depth) + "}, ",
            1,
        )
        with pytest.raises(InvalidStateError):
            state_from_json(text)


def test_an_integer_too_long_to_read_is_refused() -> None:
    text = base_save().replace('"players": 2', '"players": ' + "9" * 5000, 1)
    with pytest.raises(InvalidStateError, match=r"not valid JSON|players|too"):
        state_from_json(text)


def test_a_lay_off_target_that_is_a_string_is_refused() -> None:
    text = edited(lay_off_own_card("0"))()
    with pytest.raises(
        InvalidStateError, match=r"LayOff\.target must be a whole number, not '0'"
    ):
        state_from_json(text)


def test_a_timeout_id_that_is_a_string_is_refused_naming_the_type() -> None:
    text = edited(action_at(-1, {"type": "Timeout", "decision_id": "1"}), timed_save)()
    with pytest.raises(
        InvalidStateError, match=r"Timeout\.decision_id must be a whole number, not '1'"
    ):
        state_from_json(text)


def test_a_timeout_id_that_is_a_boolean_is_refused() -> None:
    saved = state_from_json(timed_save())
    after = saved.apply(Timeout(saved.decision_id))
    assert saved.decision_id == 1
    data = json.loads(state_to_json(after))
    data["actions"][-1]["decision_id"] = True
    with pytest.raises(
        InvalidStateError,
        match=r"Timeout\.decision_id must be a whole number, not True",
    ):
        state_from_json(json.dumps(data))


def test_a_boolean_version_is_refused() -> None:
    # True equals 1, an old version: the message must name the boolean itself.
    with pytest.raises(InvalidStateError, match="unsupported version True"):
        state_from_json(edited(setter("version", value=True))())


def test_a_nan_stake_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="stake"):
        state_from_json(
            edited(setter("variant", "options", "stake", value=float("nan")))()
        )


# -- literal hostile files -------------------------------------------------------------------

#: The files in tests/data/hostile/ and the problem each message must name.
HOSTILE_FILES: dict[str, str] = {
    "truncated.json": "not valid JSON",
    "not_json.json": "not valid JSON",
    "array.json": "a saved game is a JSON object",
    "wrong_format.json": "not a rummykit document",
    "unknown_version.json": "unsupported version 99",
    "wrong_kind.json": "expected a saved state, found 'view'",
    "unknown_variant.json": "unknown variant 'canasta'",
    "unknown_option.json": "unknown option 'jokers'",
    "bad_option_value.json": "target must be a whole number",
    "extra_card.json": "got 53 cards",
    "duplicate_card.json": "got 52 cards that do not match",
    "missing_card.json": "got 51 cards",
    "wrong_phase.json": "snapshot does not match",
    "edited_hand.json": "snapshot does not match",
    "illegal_action.json": r"action 1 \(discard Kd\) is refused",
    "unknown_action.json": "unknown action type 'Teleport'",
    "action_extra_field.json": r"unknown field\(s\) \['card'\] for action DrawStock",
    "huge_numbers.json": "players must be a whole number from 2 to 10",
    "huge_decision_id.json": "Timeout.decision_id is out of range",
    "negative_chance.json": "chance must be a whole number from 0",
    "wrong_types.json": "players must be a whole number from 2 to 10, not '2'",
    "card_as_number.json": "card notation must be a str",
    "nested_object.json": "has a value of the wrong type",
    "deeply_nested.json": "not valid JSON",
    "not_utf8.json": "not UTF-8",
    "version_1.json": "a version 1 save, which this rummykit no longer reads",
}


def test_every_hostile_file_is_listed() -> None:
    on_disk = {path.name for path in HOSTILE_DIR.glob("*.json")}
    assert on_disk == set(HOSTILE_FILES)


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
def test_hostile_files_are_refused(name: str) -> None:
    data = (HOSTILE_DIR / name).read_bytes()
    with pytest.raises(InvalidStateError, match=HOSTILE_FILES[name]) as caught:
        state_from_json(data)
    assert type(caught.value) is InvalidStateError


def test_hostile_files_differ_from_a_good_save_only_in_their_problem() -> None:
    """The literal files were made from one good save; that save (kept as
    ``good.json.txt``) loads, so the files test their own problems."""
    good = HOSTILE_DIR / "good.json.txt"
    state = state_from_json(good.read_bytes())
    assert isinstance(state.rules, Variant)
    assert state.rules.name == "classic"
    assert len(state.actions) > 0
    # the edited-hand file differs from the good save in the snapshot only
    bad = json.loads((HOSTILE_DIR / "edited_hand.json").read_text())
    original = json.loads(good.read_text())
    assert {key for key in original if original[key] != bad[key]} == {"snapshot"}


# -- hostile matches -------------------------------------------------------------------------


HOSTILE_MATCHES: list[tuple[str, Builder, str]] = [
    ("a-state-save", lambda: base_save(), "expected a saved match, found 'state'"),
    ("truncated", lambda: match_save()[:-10], "not valid JSON"),
    ("not-utf8", lambda: b"\x80" + match_save().encode(), "not UTF-8"),
    (
        "unknown-version",
        edited(setter("version", value=0), match_save),
        "unsupported version 0",
    ),
    (
        "unknown-variant",
        edited(setter("variant", "name", value="canasta"), match_save),
        "unknown variant 'canasta'",
    ),
    (
        "bad-option-value",
        edited(setter("variant", "options", "knock_limit", value=-3), match_save),
        "knock_limit must be a whole number",
    ),
    (
        "seed-negative",
        edited(setter("seed", value=-1), match_save),
        "seed must be a whole number from 0",
    ),
    (
        "seed-huge",
        edited(setter("seed", value=10**30), match_save),
        "seed must be a whole number from 0",
    ),
    (
        "seed-string",
        edited(setter("seed", value="0"), match_save),
        "seed must be a whole number",
    ),
    (
        "players-huge",
        edited(setter("players", value=10**30), match_save),
        "players must be a whole number from 2 to 10",
    ),
    (
        "first-dealer-not-a-seat",
        edited(setter("first_dealer", value=3), match_save),
        "first_dealer must be a whole number from 0 to 2",
    ),
    (
        "max-hands-zero",
        edited(setter("max_hands", value=0), match_save),
        "max_hands must be a whole number from 1",
    ),
    (
        "max-hands-huge",
        edited(setter("max_hands", value=10**30), match_save),
        "max_hands must be a whole number from 1",
    ),
    (
        "illegal-action",
        edited(action_at(0, {"type": "Discard", "card": "Kd"}), match_save),
        r"action 1 \(discard Kd\) is refused",
    ),
    (
        "rebuy-in-a-hand",
        edited(action_at(0, {"type": "Rebuy"}), match_save),
        r"action 1 \(re-buy\) is refused",
    ),
    (
        "unknown-action",
        edited(action_at(-1, {"type": "Surrender"}), match_save),
        "unknown action type 'Surrender'",
    ),
    (
        "action-extra-field",
        edited(action_at(0, {"type": "DrawStock", "n": 2}), match_save),
        r"unknown field\(s\) \['n'\]",
    ),
    (
        "scores-edited",
        edited(setter("snapshot", "scores", value=[0, 0, 999]), match_save),
        "snapshot does not match the replayed match",
    ),
    (
        "hand-edited",
        edited(
            lambda d: d["snapshot"]["hand"].__setitem__("phase", "show"), match_save
        ),
        "snapshot does not match the replayed match",
    ),
    (
        "no-snapshot",
        edited(deleter("snapshot"), match_save),
        "the saved match has no snapshot",
    ),
]


@pytest.mark.parametrize(
    ("build", "message"),
    [pytest.param(build, message, id=name) for name, build, message in HOSTILE_MATCHES],
)
def test_hostile_match_saves_are_refused(build: Builder, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message) as caught:
        match_from_json(build())
    assert type(caught.value) is InvalidStateError


def test_a_hostile_action_leaves_no_trace() -> None:
    """A refused load leaves nothing half-loaded: loading the good save again
    after a bad one gives the same state."""
    good = state_from_json(base_save())
    with pytest.raises(InvalidStateError):
        state_from_json(edited(action_at(-1, {"type": "Cheat"}))())
    assert state_from_json(base_save()) == good


def test_action_from_dict_refuses_bad_input_with_invalid_state_error() -> None:
    cases: list[tuple[object, str]] = [
        ([], "an action must be an object with a type"),
        ({"type": "Nope"}, "unknown action type 'Nope'"),
        (
            {"type": "LayOff", "cards": "Jh Qh", "target": 1, "x": 0},
            r"unknown field\(s\) \['x'\]",
        ),
        ({"type": "LayOff", "cards": "Jh Qh", "target": -2}, "out of range"),
        ({"type": "Knock", "discard": "1x"}, "bad card '1x'"),
        ({"type": "Show", "groups": [["As"]], "deadwood": {"a": 1}}, "wrong type"),
    ]
    for data, message in cases:
        with pytest.raises(InvalidStateError, match=message):
            action_from_dict(data)
    assert action_from_dict(
        {"type": "LayOff", "cards": "Jh Qh", "target": 1}
    ) == LayOff("Jh Qh", target=1)
    assert re.fullmatch(r"\{.*\}", json.dumps(action_to_dict(DrawStock())))
