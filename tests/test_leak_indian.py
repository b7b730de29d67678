"""No information leak in Indian Rummy's show (RULES.md §2.3 I-3, I-5).

After a valid declaration the other players show their groupings one at a
time.  A player's view must then hold the declarer's hand and the hands
already shown, and nothing of the hands still to be shown: ``view.shown`` is
``None`` for those, and dealing the cards hidden from the player (the hands
not yet shown, the stock) anew, sizes kept, leaves the player's view exactly
as it was.  Cards the player saw another player take from the open deck stay
with that player.  Neither the finish card (placed face down) nor what a
player arranges before showing may reach another player's view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

from rummykit import Card, Hand, IndianRummy
from rummykit.agents import GreedyAgent
from rummykit.engine import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Phase,
    Show,
    State,
    Timeout,
)
from rummykit.variants.indian import Arrange, IndianFacts

PRESETS = ("gamentio", "standard")


def seen_in_hand(state: State, seat: int) -> Hand:
    """The cards of ``seat``'s hand everyone saw it take from the open deck and
    that it has not discarded since (a dropped hand holds none)."""
    known: list[Card] = []
    for event in state.history:
        if event.player != seat:
            continue
        if isinstance(event.action, DrawDiscard) and event.card is not None:
            known.append(event.card)
        elif isinstance(event.action, Discard) and event.action.card in known:
            known.remove(event.action.card)
    hand = state.hands[seat]
    return Hand(
        card
        for card in dict.fromkeys(known)
        for _ in range(min(known.count(card), hand.count(card)))
    )


def redealt(state: State, player: int, rng: random.Random) -> State:
    """``state`` with every card hidden from ``player`` (the hands not shown,
    less the cards seen taken, and the stock) shuffled and dealt back into the
    same places with the same sizes."""
    hidden = [
        seat
        for seat in range(state.players)
        if seat != player and state.shown[seat] is None
    ]
    kept = {seat: seen_in_hand(state, seat) for seat in hidden}
    pool = list(state.stock)
    for seat in hidden:
        pool += (state.hands[seat] - kept[seat]).cards
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in hidden:
        free = len(state.hands[seat]) - len(kept[seat])
        hands[seat] = kept[seat].add(*pool[:free])
        del pool[:free]
    other = attrs.evolve(
        state, hands=tuple(hands), stock=tuple(pool), chance=rng.getrandbits(63)
    )
    assert other.all_cards() == state.all_cards()
    return other


def show_states(preset: str, seed: int) -> list[State]:
    """Every state in the show phase of a seeded hand of greedy bots (with a
    timeout or an arrangement now and then)."""
    rng = random.Random(seed)
    variant = IndianRummy(preset=preset)
    players = rng.randint(3, variant.max_players)
    state = variant.new_game(players, seed=seed)
    agent = GreedyAgent()
    found: list[State] = []
    for _ in range(3000):
        if state.is_terminal:
            break
        pending = state.pending
        assert pending is not None
        if state.phase is Phase.SHOW:
            found.append(state)
            if rng.random() < 0.3:
                hand = state.hands[state.current]
                state = state.apply(Arrange([hand.cards[:3]]))
                found.append(state)
        if pending.timer is not None and rng.random() < 0.1:
            state = state.apply(Timeout(state.decision_id))
            continue
        view = state.view(state.current)
        state = state.apply(agent.choose(view, view.legal_actions))
    return found


_SHOWS: dict[tuple[str, int], list[State]] = {}


def shows(preset: str, seed: int) -> list[State]:
    if (preset, seed) not in _SHOWS:
        _SHOWS[(preset, seed)] = show_states(preset, seed)
    return _SHOWS[(preset, seed)]


SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("preset", PRESETS)
def test_the_show_reveals_exactly_the_shown_hands(preset: str, seed: int) -> None:
    for state in shows(preset, seed):
        declarer = IndianFacts.of(state).declarer
        assert declarer is not None
        done = {seat for seat, _ in IndianFacts.of(state).show_points}
        assert state.current in state.queue
        assert not done & set(state.queue)
        for player in range(state.players):
            view = state.view(player)
            assert view.shown[declarer] == state.hands[declarer]
            for seat in done:
                assert view.shown[seat] == state.hands[seat]
            for seat in state.queue:
                assert view.shown[seat] is None
            for seat in range(state.players):
                if seat != player and view.shown[seat] is None:
                    assert view.hand_sizes[seat] == len(state.hands[seat])
            assert view.hand == state.hands[player]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("preset", PRESETS)
def test_views_in_the_show_do_not_depend_on_hidden_cards(
    preset: str, seed: int
) -> None:
    shuffles = random.Random(seed)
    for state in shows(preset, seed):
        for player in range(state.players):
            other = redealt(state, player, shuffles)
            assert other.view(player) == state.view(player)


def test_the_show_states_are_many_and_the_redeal_moves_cards() -> None:
    """The two tests above are not vacuous: hands reach the show with hands
    still hidden, and re-dealing changes what the others hold."""
    states = [
        state for preset in PRESETS for seed in SEEDS for state in shows(preset, seed)
    ]
    assert len(states) >= 30
    with_hidden = [state for state in states if len(state.queue) >= 2]
    assert len(with_hidden) >= 10
    moved = 0
    for state in with_hidden:
        player = state.queue[0]
        other = redealt(state, player, random.Random(0))
        moved += other.hands != state.hands
        # Re-dealing moves cards the player cannot see, but a player whose own
        # hand was re-dealt would see it.
        hidden_seat = state.queue[1]
        assert other.view(hidden_seat) != state.view(hidden_seat) or (
            other.hands[hidden_seat] == state.hands[hidden_seat]
        )
    assert moved >= len(with_hidden) // 2


# -- the finish card and arrangements ------------------------------------------------


def cards(text: str) -> list[Card]:
    return [Card.parse(token) for token in text.split()]


def deal(variant: IndianRummy, hands: Sequence[str], stock: str) -> State:
    """Seat ``i`` holds ``hands[i]``; the indicator is 7♣, the upcard 2♥, and
    ``stock`` (top first) tops the stock; seat 0 plays first."""
    players = len(hands)
    dealt = [cards(hand) for hand in hands]
    order = [dealt[seat][i] for i in range(len(dealt[0])) for seat in range(players)]
    order += [Card("7c"), Card("2h"), *cards(stock)]
    order += variant.deck.hand().remove(*order).cards
    state = variant.new_game(players, deck=order, dealer=players - 1)
    assert state.hands == tuple(Hand(hand) for hand in dealt)
    return state


DECLARER = "3h 4h 5h 6h Qc Qs Qh 9s 9c 9h"
GROUPS = ["3h 4h 5h 6h", "Qc Qs Qh", "9s 9c 9h"]
OTHERS = ["As 2s 3s Kh Kc 7d Qd Jd 4c 8h", "Ad 3d 5d 8d Td 3c 4s 6s 8s Ts"]


def declared(finish: str, other: str) -> State:
    """3 players: seat 0 draws ``finish`` (``other`` lies under it) and declares."""
    state = deal(IndianRummy(), [DECLARER, *OTHERS], stock=f"{finish} {other}")
    state = state.apply(DrawStock())
    state = state.apply(Declare(finish, GROUPS))
    assert state.phase is Phase.SHOW
    return state


def test_the_finish_card_stays_face_down() -> None:
    one = declared("Kd", "2c")
    two = declared("2c", "Kd")
    assert one.view(0) != two.view(0)  # the declarer knows their finish card
    for player in (1, 2):
        assert one.view(player) == two.view(player)
        assert one.view(player).shown[0] == Hand.parse(DECLARER)


def arranged(groups: str) -> State:
    state = declared("Kd", "2c")
    assert state.current == 1
    return state.apply(Arrange([groups]))


def test_an_arrangement_does_not_show_the_hand() -> None:
    state = arranged("As 2s 3s")
    assert state.phase is Phase.SHOW and state.current == 1
    for player in (0, 2):
        assert state.view(player).shown[1] is None
    # The arrangement is no show: the cards are still the player's to show.
    after = state.apply(Show(["As 2s 3s", "Kh Kc 7d"], deadwood="Qd Jd 4c 8h"))
    assert after.view(0).shown[1] == Hand.parse(OTHERS[0])


def test_an_arrangement_never_reaches_another_players_view() -> None:
    one = arranged("As 2s 3s")
    two = arranged("Kh Kc 7d")
    assert one.view(1) != two.view(1)  # the arranger sees their own arrangement
    for player in (0, 2):
        assert one.view(player) == two.view(player)


WRONG_GROUPS = ["3h 4h 5h 6h", "Qc Qs Qh", "9s 9c Kd"]


def declared_wrongly(drawn: str) -> State:
    """3 players: seat 0 draws ``drawn`` and declares 9♥ as the finish card,
    with 9♠ 9♣ and the drawn card as a group that is no meld."""
    groups = [*WRONG_GROUPS[:2], f"9s 9c {drawn}"]
    state = deal(IndianRummy(), [DECLARER, *OTHERS], stock=f"{drawn} 2c")
    state = state.apply(DrawStock()).apply(Declare("9h", groups))
    assert not state.active[0] and state.phase is not Phase.SHOW
    return state


def test_a_wrong_declaration_turns_the_finish_card_up_everywhere() -> None:
    """I-4: a wrong declaration shows the declarer's whole hand, finish card
    included, and the history says the same: the other players see the
    Declare with its finish card, not a face-down one."""
    one = declared_wrongly("Kd")
    two = declared_wrongly("Ks")
    for player in (1, 2):
        view = one.view(player)
        whole = Hand.parse(DECLARER).add(Card("Kd"))
        assert view.shown[0] == whole and Card("9h") in whole
        (event,) = [event for event in view.history if event.player == 0][-1:]
        assert event.action == Declare("9h", [*WRONG_GROUPS[:2], "9s 9c Kd"])
        assert event.card == Card("9h")
        # What the others see of seat 0 depends on its cards, as it should:
        # they are public now.
        assert two.view(player).shown[0] != view.shown[0]
    # Once the hand is over the declarer's hand stays shown whole.
    ended = one
    while not ended.is_terminal:
        ended = ended.apply(
            GreedyAgent().choose(ended.view(ended.current), ended.legal_actions())
        )
    assert ended.view(1).shown[0] == Hand.parse(DECLARER).add(Card("Kd"))
    # A valid declaration still keeps its finish card face down.
    valid = declared("Kd", "2c")
    seen = [event for event in valid.view(1).history if event.player == 0][-1]
    assert seen.card is None and "face down" in str(seen.action)
