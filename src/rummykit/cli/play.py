"""``rummykit play``: a terminal game against bots.

You sit at seat 0; the other seats are greedy bots.  Type the number of an
action, or a command: ``draw``, ``take``, ``discard Kd``, ``hint``, ``help``,
``quit``.  Bad input is explained and asked again.

>>> answers = iter(["hint", "oops", "take", "1", "quit"])
>>> play("classic", players=2, seed=3, options={}, read=lambda prompt: next(answers))  # doctest: +ELLIPSIS
Classic Rummy against 1 bot(s)...goodbye
0
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from rummykit.agents import GreedyAgent
from rummykit.cards import Card, sorted_for_display
from rummykit.cli.demo import narrate
from rummykit.engine import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Phase,
    PlayerView,
    State,
)
from rummykit.errors import IllegalActionError, RummyError
from rummykit.variants import Variant, get_variant

__all__ = ["play"]

_TITLES = {
    "classic": "Classic Rummy",
    "rumino": "Rumino",
    "indian": "Indian Rummy",
    "gin": "Gin Rummy",
}

_HELP = """commands:
  a number     take that action from the list
  draw         draw from the stock          take     take the top discard
  discard Kd   discard a card               hint     show your best grouping
  help         this help                    quit     leave the game
cards are written rank then suit: A 2-9 T (or 10) J Q K, and s h d c (or ♠ ♥ ♦ ♣)"""


def _ask(prompt: str) -> str:
    return input(prompt)


def _show(view: PlayerView, say: Callable[[str], None]) -> None:
    say("")
    others = ", ".join(
        f"player {seat}: {size} cards"
        for seat, size in enumerate(view.hand_sizes)
        if seat != view.player
    )
    top = str(view.pile[-1]) if view.pile else "none"
    wild = f"; wild rank {view.wild_rank.symbol}" if view.wild_rank is not None else ""
    say(f"stock {view.stock_size} cards; top discard {top}{wild}; {others}")
    for index, placed in enumerate(view.table):
        say(f"  table meld {index} (player {placed.owner}): {placed}")
    say("your hand: " + " ".join(map(str, sorted_for_display(view.hand))))
    for number, action in enumerate(view.legal_actions, start=1):
        say(f"  {number:>2}. {action}")


def _parse(text: str, view: PlayerView) -> Action | str:
    """The action ``text`` asks for, or why it asks for none."""
    words = text.split()
    legal = view.legal_actions
    if text.isascii() and text.isdigit():
        if len(text) < 10 and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        return f"there is no action {text.lstrip('0') or '0'}; choose 1 to {len(legal)}"
    for action in legal:
        if str(action).lower() == text.lower():
            return action
    if words[0] in ("draw", "stock"):
        return DrawStock()
    if words[0] in ("take", "pile"):
        return DrawDiscard()
    if words[0] == "discard":
        if len(words) != 2:
            return "say which card to discard, such as: discard Kd"
        try:
            return Discard(Card.parse(words[1]))
        except RummyError as error:
            return str(error)
    return f"unknown command {text!r}; type help for the commands"


def _hint(state: State, view: PlayerView) -> str:
    variant = state.rules
    assert isinstance(variant, Variant)
    if view.phase is Phase.PLAY:
        result = variant.best_discard(view.hand, wild_rank=view.wild_rank)
    else:
        result = variant.partition(view.hand, wild_rank=view.wild_rank)
    return f"best grouping: {result}"


def play(
    name: str,
    *,
    players: int,
    seed: int | None,
    options: dict[str, object],
    read: Callable[[str], str] | None = None,
    say: Callable[[str], None] = print,
) -> int:
    """Play one hand of ``name`` at seat 0 against greedy bots; return 0.

    ``read`` asks for a line (:func:`input` by default, looked up when called)."""
    if read is None:
        read = _ask
    try:
        variant = get_variant(name, **options)
        state = variant.new_game(players=players, seed=seed)
    except (ValueError, RummyError) as error:
        print(f"rummykit: {error}", file=sys.stderr)
        return 2
    bot = GreedyAgent()
    title = _TITLES.get(variant.name, variant.name)
    say(
        f"{title} against {players - 1} bot(s); you are player 0. Type help for the commands."
    )
    seen = 0
    while not state.is_terminal:
        view = state.view(0)
        for event in view.history[seen:]:
            if event.player != 0:
                say(narrate(event))
        seen = len(view.history)
        if state.current != 0:
            bot_view = state.view(state.current)
            state = state.apply(bot.choose(bot_view, bot_view.legal_actions))
            continue
        _show(view, say)
        while True:
            try:
                text = read("> ").strip()
            except EOFError:
                say("goodbye")
                return 0
            if not text:
                continue
            if text == "quit":
                say("goodbye")
                return 0
            if text == "help":
                say(_HELP)
                continue
            if text == "hint":
                say(_hint(state, view))
                continue
            choice = _parse(text, view)
            if isinstance(choice, str):
                say(choice)
                continue
            try:
                state = state.apply(choice)
            except IllegalActionError as error:
                say(f"not allowed: {error.reason}")
                continue
            break
    view = state.view(0)
    for event in view.history[seen:]:
        if event.player != 0:
            say(narrate(event))
    outcome = state.outcome
    assert outcome is not None
    say(f"result: {outcome.note}")
    for seat, hand in enumerate(state.hands):
        say(f"  player {seat}: {outcome.points[seat]} points, held {hand}")
    return 0
