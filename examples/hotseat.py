"""A hot-seat terminal frontend built only on views and legal actions.

Players take turns at one keyboard; each sees only their own view.  Run it
with ``--auto`` (as CI does) to let scripted answers play it.
"""

from __future__ import annotations

import sys

from rummykit import get_variant, sorted_for_display
from rummykit.engine import PlayerView


def render(view: PlayerView) -> str:
    lines = [f"-- player {view.player} --"]
    top = view.pile[-1] if view.pile else None
    lines.append(
        f"stock {view.stock_size}, top discard {top}, hand sizes {view.hand_sizes}"
    )
    for index, placed in enumerate(view.table):
        lines.append(f"meld {index}: {placed}")
    lines.append("hand: " + " ".join(map(str, sorted_for_display(view.hand))))
    for number, action in enumerate(view.legal_actions, start=1):
        lines.append(f"{number:>3}. {action}")
    return "\n".join(lines)


def main(auto: bool) -> None:
    state = get_variant("classic", max_turnovers=1).new_game(players=2, seed=11)
    steps = 0
    while (player := state.current_player) is not None:
        view = state.view(player)
        print(render(view))
        if auto:
            choice = 1  # a scripted player: always the first action listed
        else:
            text = input("your choice> ").strip()
            if not text.isdigit() or not 1 <= int(text) <= len(view.legal_actions):
                print("please type the number of an action")
                continue
            choice = int(text)
        state = state.apply(view.legal_actions[choice - 1])
        steps += 1
    assert state.outcome is not None
    print(f"{state.outcome.note} after {steps} actions")


if __name__ == "__main__":
    main(auto="--auto" in sys.argv or not sys.stdin.isatty())
