"""The PettingZoo and Gymnasium environments (extra ``rl``).

PettingZoo's ``api_test`` and ``seed_test`` and Gymnasium's ``check_env``
run on every variant and preset; our own tests check that observations leak
nothing and that masks, rewards and seeding behave.  Skipped without the
extra.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from rummykit import Card, get_variant
from rummykit.engine import DeclareGin, Discard, Knock, State
from rummykit.rl import ObservationEncoder, ObservationLayout, SingleAgentEnv, env
from rummykit.rl.aec import RummyEnv, hand_rewards
from rummykit.variants import VARIANTS
from tests.games import seated

SETUPS: list[tuple[str, dict[str, Any]]] = [
    (variant.name, {}) for variant in VARIANTS
] + [("indian", {"preset": "standard"})]
IDS = [name + "-" + "-".join(map(str, options.values())) for name, options in SETUPS]


def _seated(name: str, options: dict[str, Any], players: int) -> int:
    return seated(get_variant(name, **options), players)


@pytest.mark.parametrize(("name", "options"), SETUPS, ids=IDS)
@pytest.mark.parametrize("players", [2, 3])
def test_pettingzoo_api_test(name: str, options: dict[str, Any], players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        seated = _seated(name, options, players)
        api_test(env(name, players=seated, **options), num_cycles=200)


@pytest.mark.parametrize(("name", "options"), SETUPS, ids=IDS)
def test_pettingzoo_seed_test(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        seed_test(lambda: env(name, players=2, **options), num_cycles=200)


@pytest.mark.parametrize(("name", "options"), SETUPS, ids=IDS)
@pytest.mark.parametrize("opponents", ["greedy", "random"])
def test_gymnasium_check_env(
    name: str, options: dict[str, Any], opponents: str
) -> None:
    game = SingleAgentEnv(name, opponents=opponents, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(game, skip_render_check=True)


def _play(game: RummyEnv, seed: int) -> list[tuple[str, float]]:
    """Play one hand with random legal ids; the final rewards."""
    rng = random.Random(seed)
    game.reset(seed=seed)
    final: dict[str, float] = {}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            final[agent] = float(reward)
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert legal.size, f"{agent} must act but has an empty mask"
        game.step(int(legal[rng.randrange(legal.size)]))
    return sorted(final.items())


@pytest.mark.parametrize(("name", "options"), SETUPS, ids=IDS)
def test_the_mask_is_the_legal_actions_and_the_acting_agent_is_the_seat(
    name: str, options: dict[str, Any]
) -> None:
    game = env(name, players=_seated(name, options, 3), **options)
    rng = random.Random(1)
    game.reset(seed=5)
    for _ in range(60):
        state = game.state
        if state.is_terminal:
            break
        agent = game.agent_selection
        assert agent == f"player_{state.current}"
        mask = game.observe(agent)["action_mask"]
        legal = game.legal_actions()
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
        # The env reads the ids from the state; the codec's view-based
        # reading is the reference, down to which action an id stands for.
        assert legal == game.codec.legal_ids(state.view(state.current))
        assert sorted(map(str, legal.values())) == sorted(
            map(str, state.legal_actions())
        )
        for other in game.possible_agents:
            if other != agent:
                assert not game.observe(other)["action_mask"].any()
        game.step(rng.choice(sorted(legal)))


def test_a_seed_deals_the_same_hand_and_another_seed_another() -> None:
    game = env("classic", players=2)
    game.reset(seed=11)
    first = game.state
    game.reset(seed=11)
    assert game.state == first
    game.reset(seed=12)
    assert game.state != first
    game.reset()
    assert game.state != first


def test_rewards_are_the_hands_points_or_money() -> None:
    for name in ("classic", "indian", "rumino"):
        for seed in range(3):
            game = env(name, players=2)
            rewards = dict(_play(game, seed))
            assert game.state.is_terminal
            expected = hand_rewards(game.state)
            assert [rewards[agent] for agent in game.possible_agents] == list(expected)
            if game.state.outcome is not None and game.state.outcome.payments:
                assert sum(expected) == 0
    game = env("classic", players=2, reward="money", stake=2)
    rewards = dict(_play(game, 0))
    outcome = game.state.outcome
    assert outcome is not None
    assert rewards["player_0"] == pytest.approx(float(outcome.money_for(0)))
    assert abs(rewards["player_0"]) == pytest.approx(
        2 * abs(dict(_play(env("classic"), 0))["player_0"])
    )
    with pytest.raises(ValueError, match="reward must be one of points, money"):
        env("classic", reward="chips")


def _hidden_swap(state: State, seat: int) -> tuple[Card, Card] | None:
    """A card of another hand and a card of the stock, each of whose copies
    lies in the other hands or deep in the stock (below the 10 cards that 20
    actions can draw), so that swapping them changes nothing ``seat`` sees."""
    others = [
        card
        for other, hand in enumerate(state.hands)
        if other != seat
        for card in hand.cards
    ]
    deck = [*others, *state.stock, *state.pile, *state.hands[seat].cards]
    if state.indicator is not None:
        deck.append(state.indicator)
    deep = state.stock[: max(len(state.stock) - 10, 0)]
    hidden = [*others, *deep]

    def all_hidden(card: Card) -> bool:
        return hidden.count(card) == deck.count(card)

    for low in deep:
        for card in others:
            if card != low and all_hidden(card) and all_hidden(low):
                return card, low
    return None


@pytest.mark.parametrize(("name", "options"), SETUPS, ids=IDS)
def test_deals_that_differ_only_in_hidden_cards_give_equal_observations(
    name: str, options: dict[str, Any]
) -> None:
    variant = get_variant(name, **options)
    checked = 0
    for seed in range(12):
        players = seated(variant, 2 + seed % 2)
        rng = random.Random(seed)
        deck = list(variant.deck.cards())
        rng.shuffle(deck)
        one = env(variant, players=players)
        one.reset(options={"deck": deck, "dealer": 0})
        swap = _hidden_swap(one.state, 0)
        if swap is None:
            continue
        a, b = swap
        other_deck = [b if card == a else a if card == b else card for card in deck]
        two = env(variant, players=players)
        two.reset(options={"deck": other_deck, "dealer": 0})
        assert one.state != two.state
        for _ in range(20):
            if one.state.is_terminal or two.state.is_terminal:
                break
            first, second = one.observe("player_0"), two.observe("player_0")
            assert np.array_equal(first["observation"], second["observation"])
            assert np.array_equal(first["action_mask"], second["action_mask"])
            checked += 1
            legal = sorted(one.legal_actions())
            action_id = legal[rng.randrange(len(legal))]
            moved = one.legal_actions()[action_id]
            if (
                action_id not in two.legal_actions()
                or two.legal_actions()[action_id] != moved
            ):
                break  # the hidden cards came into play
            if str(a) in str(moved) or str(b) in str(moved):
                break
            one.step(action_id)
            two.step(action_id)
    assert checked >= 12


def test_the_observation_layout_reads_the_view() -> None:
    state = get_variant("indian").new_game(players=3, seed=4)
    layout = ObservationLayout(3)
    vector = layout.encode(state.view(1))
    at = layout.offsets
    hand = state.hands[1]
    for card in set(hand.cards):
        assert vector[at["hand"] + card.code] == hand.count(card)
    assert vector[at["pile_top"] + state.pile[-1].code] == 1
    assert vector[at["stock_size"]] == len(state.stock)
    assert state.wild_rank is not None
    assert vector[at["wild_rank"] + int(state.wild_rank)] == 1
    assert vector[at["to_act"] + (state.current - 1) % 3] == 1
    sizes = [float(len(state.hands[(1 + k) % 3])) for k in range(3)]
    assert vector[at["hand_sizes"] : at["hand_sizes"] + 3].tolist() == sizes


@pytest.mark.parametrize(("name", "options"), SETUPS, ids=IDS)
def test_observations_folded_step_by_step_equal_a_fresh_encoding(
    name: str, options: dict[str, Any]
) -> None:
    players = _seated(name, options, 3)
    game = env(name, players=players, **options)
    layout = ObservationLayout(players)
    at = layout.offsets
    cards = layout.CARDS
    rng = random.Random(3)
    compared = 0
    for seed in range(1, 40):
        if compared > 60:
            break
        game.reset(seed=seed)
        for _ in range(80):
            state = game.state
            # Observe a random subset of seats, so some encoders skip steps.
            for seat, agent in enumerate(game.possible_agents):
                if rng.random() < 0.5:
                    continue
                vector = game.observe(agent)["observation"]
                assert (vector == layout.encode(state.view(seat))).all()
                discarded = np.zeros(players * cards, dtype=np.float32)
                for event in state.history:
                    if event.card is not None and isinstance(
                        event.action, Discard | Knock | DeclareGin
                    ):
                        relative = (event.player - seat) % players
                        discarded[relative * cards + event.card.code] += 1
                start = at["discarded"]
                assert (vector[start : start + players * cards] == discarded).all()
                compared += 1
            if state.is_terminal:
                break
            game.step(rng.choice(sorted(game.legal_actions())))
    assert compared > 50


def test_an_encoder_starts_afresh_on_another_hand() -> None:
    rules = get_variant("classic")
    layout = ObservationLayout(2)
    encoder = ObservationEncoder(layout)
    state = rules.new_game(players=2, seed=1)
    rng = random.Random(0)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_actions()))
        encoder.encode(state.view(0))
    other = rules.new_game(players=2, seed=2)
    for view in (other.view(0), other.view(1), state.view(1)):
        assert (encoder.encode(view) == layout.encode(view)).all()


def test_raw_view_and_truncation() -> None:
    game = env("classic", players=2, raw_view=True, max_actions=3)
    game.reset(seed=2)
    assert game.infos["player_1"]["view"] == game.state.view(1)
    assert game.view("player_0") == game.state.view(0)
    steps = 0
    for _agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            assert truncated and not terminated
            game.step(None)
            continue
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
    assert steps == 3


def test_stepping_or_observing_before_reset_says_to_call_reset() -> None:
    game = env("classic")
    for call in (
        lambda: game.step(0),
        lambda: game.last(),
        lambda: game.observe("player_0"),
        lambda: next(iter(game.agent_iter())),
    ):
        with pytest.raises(AttributeError, match=r"call reset\(\) before step\(\)"):
            call()
    # The hand itself, and what is read from it, too: not PettingZoo's
    # state() method, nor a hand dealt before the seed was given.
    for call in (
        lambda: game.state,
        lambda: game.view("player_0"),
        lambda: game.render(),
    ):
        with pytest.raises(AttributeError, match=r"RummyEnv.state is set by reset\(\)"):
            call()
    with pytest.raises(AttributeError, match="has no attribute 'nonsense'"):
        game.nonsense  # noqa: B018
    assert not hasattr(game, "agent_selection")
    assert not hasattr(game, "state")
    game.reset(seed=0)
    assert game.last()[0]["action_mask"].any()
    assert isinstance(game.state, State) and game.state.players == 2


def test_the_wrapper_says_to_call_reset_before_a_step() -> None:
    single = SingleAgentEnv("rumino", opponents="random")
    for call in (lambda: single.state, lambda: single.step(0), single.action_masks):
        with pytest.raises(
            AttributeError, match=r"SingleAgentEnv.state is set by reset\(\)"
        ):
            call()
    single.reset(seed=1)
    assert isinstance(single.state, State)


def test_an_illegal_id_is_refused_by_the_aec_env_and_penalised_by_the_wrapper() -> None:
    game = env("rumino", players=2)
    game.reset(seed=0)
    before = game.state
    with pytest.raises(ValueError, match="not legal"):
        game.step(7)
    assert game.state == before
    single = SingleAgentEnv("rumino", opponents="random", illegal_reward=-5.0)
    observation, _ = single.reset(seed=0)
    state = single.state
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = single.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (
        -5.0,
        False,
        False,
        True,
    )
    assert single.state == state


def test_the_wrapper_plays_the_bots_and_pays_the_learners_seat() -> None:
    game = SingleAgentEnv("classic", players=3, seat=2, opponents="greedy")
    observation, _ = game.reset(seed=9)
    rng = random.Random(0)
    reward: Any = 0.0
    terminated = truncated = False
    while not (terminated or truncated):
        assert game.state.current == 2
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, _ = game.step(
            int(rng.choice(legal))
        )
    assert terminated
    assert reward == hand_rewards(game.state)[2]
    with pytest.raises(ValueError, match="opponents must hold 2 agents"):
        SingleAgentEnv("classic", players=3, opponents=[])


def test_the_wrappers_observations_equal_a_fresh_encoding() -> None:
    single = SingleAgentEnv("classic", opponents="random", max_turnovers=2)
    rng = random.Random(4)
    compared = 0
    for seed in range(3):
        observation, _ = single.reset(seed=seed)
        for _ in range(60):
            view = single.state.view(single.seat)
            assert (observation["observation"] == single.layout.encode(view)).all()
            compared += 1
            legal = np.flatnonzero(observation["action_mask"])
            if not legal.size:
                break
            observation, _, terminated, truncated, _ = single.step(
                int(legal[rng.randrange(legal.size)])
            )
            if terminated or truncated:
                break
    assert compared > 30
