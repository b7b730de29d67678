"""A bot that tries to cheat: it searches its own process for hidden cards.

It tries what works against a bot that runs in the game's process: the
objects that refer to its view and its hand (:func:`gc.get_referrers`), the
local variables of every frame up the call stack (:func:`sys._getframe`),
and every object the garbage collector tracks (:func:`gc.get_objects`),
looking for a :class:`~rummykit.engine.State` or a
:class:`~rummykit.match.Match`.  :func:`peek` returns the other seats'
hands it found.

Run as a program (``python peeking.py REPORT``) it plays the JSON-lines
protocol of :class:`~rummykit.agents.ProcessAgent`: it peeks at every
decision, appends what it found to the file ``REPORT`` (one JSON line a
decision) and answers with a legal action chosen at random.
"""

from __future__ import annotations

import gc
import json
import random
import sys
from collections.abc import Sequence
from types import FrameType

from rummykit.engine import Action, PlayerView, State
from rummykit.match import Match


def _states(obj: object, into: list[State]) -> None:
    if isinstance(obj, State):
        into.append(obj)
    elif isinstance(obj, Match):
        into.append(obj.state)


def peek(view: object, hand: object, me: int) -> list[str]:
    """The hands of the other seats that this process can reach, as text."""
    states: list[State] = []
    # Who refers to the view and the hand, and who refers to those.
    for start in (view, hand):
        for ref in gc.get_referrers(start):
            _states(ref, states)
            for ref2 in gc.get_referrers(ref):
                _states(ref2, states)
    # Every frame's local variables, up the call stack.
    frame: FrameType | None = sys._getframe()
    while frame is not None:
        for value in list(frame.f_locals.values()):
            _states(value, states)
        frame = frame.f_back
    # Every object the garbage collector tracks.
    for obj in gc.get_objects():
        _states(obj, states)
    return sorted(
        {
            str(state.hands[seat])
            for state in states
            for seat in range(state.players)
            if seat != me and state.hands[seat]
        }
    )


class PeekingAgent:
    """The same tricks, as an ordinary agent in the game's own process."""

    def __init__(self) -> None:
        self.found: list[list[str]] = []
        self.rng = random.Random(0)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self.found.append(peek(view, view.hand, view.player))
        return self.rng.choice(legal)


def main(report: str) -> None:
    rng = random.Random(0)
    with open(report, "a", encoding="utf-8") as out:
        for line in sys.stdin:
            view = json.loads(line)
            found = peek(view, view["hand"], view["player"])
            out.write(json.dumps({"hand": view["hand"], "found": found}) + "\n")
            out.flush()
            sys.stdout.write(f"{rng.randrange(len(view['legal_actions']))}\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1])
