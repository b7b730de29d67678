"""The fixed-shape observation vector, built from a player's view only.

An observation is one ``float32`` vector; seats are numbered relative to
the observer (0 is the observer, 1 the next seat in seat order, ...).  With
``P`` players and ``C = 53`` kinds of card (:attr:`~rummykit.Card.code`):

==================  ==========  ====================================================
block               length      holds
==================  ==========  ====================================================
``hand``            C           how many of each card the observer holds
``pile_top``        C           one-hot: the top of the discard pile (zeros if empty)
``pile``            C           how many of each card the discard pile holds
``table``           C           how many of each card lies in the table's melds
``taken``           P × C       per seat: cards it took from the pile or claimed
``discarded``       P × C       per seat: cards it discarded
``shown``           P × C       per seat: its hand if shown (at a show), else zeros
``hand_sizes``      P           per seat: how many cards it holds
``active``          P           per seat: 1 if still in the hand
``to_act``          P           one-hot: whose decision is pending (zeros at the end)
``dealer``          P           one-hot: the dealer
``stock_size``      1           how many cards the stock holds
``wild_rank``       14          one-hot: no wild rank (0), or the wild rank 1-13
``phase``           6           one-hot: draw, play, claim, show, ended, between hands
==================  ==========  ====================================================

>>> from rummykit import get_variant
>>> layout = ObservationLayout(players=2)
>>> layout.size, layout.offsets["hand_sizes"]
(559, 530)
>>> state = get_variant("classic").new_game(players=2, seed=3)
>>> vector = layout.encode(state.view(0))
>>> int(vector[: layout.CARDS].sum()), vector[layout.offsets["hand_sizes"]]
(10, np.float32(10.0))
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from rummykit.cards import JOKER_CODE
from rummykit.engine import (
    Claim,
    DeclareGin,
    Discard,
    DrawDiscard,
    Knock,
    Phase,
    PlayerView,
)

__all__ = ["ObservationLayout"]

_PHASES = tuple(Phase)


class ObservationLayout:
    """The blocks of the observation vector for ``players`` seats, and the encoder.

    >>> ObservationLayout(players=3).blocks[4]
    ('taken', 159)
    """

    CARDS = JOKER_CODE + 1
    """The number of kinds of card."""

    def __init__(self, players: int) -> None:
        self.players = players
        cards, seats = self.CARDS, players
        self.blocks: tuple[tuple[str, int], ...] = (
            ("hand", cards),
            ("pile_top", cards),
            ("pile", cards),
            ("table", cards),
            ("taken", seats * cards),
            ("discarded", seats * cards),
            ("shown", seats * cards),
            ("hand_sizes", seats),
            ("active", seats),
            ("to_act", seats),
            ("dealer", seats),
            ("stock_size", 1),
            ("wild_rank", 14),
            ("phase", len(_PHASES)),
        )
        offsets: dict[str, int] = {}
        start = 0
        for name, length in self.blocks:
            offsets[name] = start
            start += length
        self.offsets = offsets
        self.size = start

    def encode(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """The observation vector of ``view`` (a new array each call).

        It reads nothing but the view, so two states that give a player equal
        views give equal observations.

        >>> from rummykit import get_variant
        >>> view = get_variant("rumino").new_game(players=2, seed=1).view(1)
        >>> ObservationLayout(2).encode(view).shape
        (559,)
        """
        out = np.zeros(self.size, dtype=np.float32)
        at = self.offsets
        cards = self.CARDS
        players = self.players
        me = view.player

        def seat(other: int) -> int:
            return (other - me) % players

        for card in view.hand.cards:
            out[at["hand"] + card.code] += 1
        if view.pile:
            out[at["pile_top"] + view.pile[-1].code] = 1
        for card in view.pile:
            out[at["pile"] + card.code] += 1
        for placed in view.table:
            for card in placed.meld.cards:
                out[at["table"] + card.code] += 1
        taken, discarded = at["taken"], at["discarded"]
        for event in view.history:
            moved = event.card
            if moved is None:
                continue
            action = event.action
            if isinstance(action, DrawDiscard | Claim):
                out[taken + seat(event.player) * cards + moved.code] += 1
            elif isinstance(action, Discard | Knock | DeclareGin):
                out[discarded + seat(event.player) * cards + moved.code] += 1
        for other, hand in enumerate(view.shown):
            if hand is not None:
                base = at["shown"] + seat(other) * cards
                for card in hand.cards:
                    out[base + card.code] += 1
        for other in range(players):
            relative = seat(other)
            out[at["hand_sizes"] + relative] = view.hand_sizes[other]
            out[at["active"] + relative] = view.active[other]
        if view.current_player is not None:
            out[at["to_act"] + seat(view.current_player)] = 1
        out[at["dealer"] + seat(view.dealer)] = 1
        out[at["stock_size"]] = view.stock_size
        out[
            at["wild_rank"] + (0 if view.wild_rank is None else int(view.wild_rank))
        ] = 1
        out[at["phase"] + _PHASES.index(view.phase)] = 1
        return out
