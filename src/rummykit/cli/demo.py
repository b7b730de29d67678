"""``rummykit demo``: a seeded hand of each variant between bots, narrated.

>>> run_demo(3)  # doctest: +ELLIPSIS
rummykit demo (seed 3)
...
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.agents import Agent, GreedyAgent, RandomAgent
from rummykit.cards import Hand, sorted_for_display
from rummykit.engine import Event, State
from rummykit.variants import ClassicRummy, GinRummy, IndianRummy, Rumino, Variant

__all__ = ["narrate", "run_demo"]


def _cards(cards: Hand) -> str:
    return " ".join(map(str, sorted_for_display(cards)))


def narrate(event: Event) -> str:
    """One line for one event of a hand's history."""
    text = f"  player {event.player}: {event.action}"
    if event.card is not None and "draw" in str(event.action):
        text += f" ({event.card})"
    return text


def _play(title: str, variant: Variant, agents: Sequence[Agent], seed: int) -> None:
    """Deal one seeded hand and narrate it turn by turn."""
    state: State = variant.new_game(players=len(agents), seed=seed)
    print(f"\n== {title} ==")
    extra = ""
    if state.indicator is not None:
        wild = state.wild_rank.symbol if state.wild_rank is not None else "no rank"
        extra = f"; indicator {state.indicator}, {wild} wild"
    print(f"dealer: player {state.dealer}; upcard {state.pile[-1]}{extra}")
    for seat, hand in enumerate(state.hands):
        name = type(agents[seat]).__name__
        print(f"  player {seat} ({name}) is dealt {_cards(hand)}")
    shown = 0
    while not state.is_terminal:
        player = state.current
        view = state.view(player)
        state = state.apply(agents[player].choose(view, view.legal_actions))
        for event in state.history[shown:]:
            print(narrate(event))
        shown = len(state.history)
    outcome = state.outcome
    assert outcome is not None
    print(f"result: {outcome.note}")
    scored = ", ".join(
        f"player {seat} {points}" for seat, points in enumerate(outcome.points)
    )
    print(f"  points this hand: {scored}")
    for payment in outcome.payments:
        rake = f" (rake {payment.rake:g})" if payment.rake else ""
        print(
            f"  player {payment.payer} pays player {payment.payee} "
            f"{payment.money:g} for {payment.points} point(s), {payment.reason}{rake}"
        )
    if state.table:
        print("table: " + "  ".join(f"[{placed}]" for placed in state.table))


def _show_partitions(seed: int) -> None:
    rng = random.Random(seed)
    showcase: list[tuple[Variant, int]] = [
        (Rumino(), 8),
        (IndianRummy(), 14),
        (IndianRummy(preset="standard"), 14),
        (ClassicRummy(), 10),
        (GinRummy(), 11),
    ]
    print("\n== The partitioner: a best discard from a random deal in each variant ==")
    for variant, size in showcase:
        deck = list(variant.deck.cards())
        rng.shuffle(deck)
        hand = Hand(deck[:size])
        wild = None
        label = type(variant).__name__
        if isinstance(variant, IndianRummy):
            wild = deck[size].rank
            label += f" ({variant.preset}, {wild.symbol if wild else 'no'} wild)"
        result = variant.best_discard(hand, wild_rank=wild)
        print(f"{label}: {variant.deck.size}-card deck")
        print(f"  hand    {_cards(hand)}")
        print(f"  best    {result}")


def run_demo(seed: int) -> None:
    """Play and narrate one seeded hand of each variant, then show best discards."""
    print(f"rummykit demo (seed {seed})")
    greedy, rand = GreedyAgent(), RandomAgent(seed=seed)
    _play(
        "Classic Rummy: three bots, greedy, random and greedy (turn-over limit 3)",
        ClassicRummy(max_turnovers=3),
        [greedy, rand, greedy],
        seed,
    )
    _play(
        "Rumino: four bots, greedy against random", Rumino(), [greedy, rand] * 2, seed
    )
    _play(
        "Indian Rummy (Gamentio): three greedy bots",
        IndianRummy(),
        [greedy, greedy, greedy],
        seed,
    )
    _play(
        "Indian Rummy (standard preset): two greedy bots",
        IndianRummy(preset="standard"),
        [greedy, greedy],
        seed,
    )
    _play(
        "Gin Rummy: greedy against random (knock at 10, gin 25, undercut 25)",
        GinRummy(),
        [greedy, rand],
        seed,
    )
    _show_partitions(seed)
