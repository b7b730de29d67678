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

from array import array
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from rummykit.cards import JOKER_CODE, Card, Hand, Rank
from rummykit.engine import (
    Claim,
    DeclareGin,
    Discard,
    DrawDiscard,
    Event,
    History,
    Knock,
    Phase,
    PlayerView,
    State,
    TableMeld,
)

__all__ = ["ObservationEncoder", "ObservationLayout"]

_PHASES = tuple(Phase)
_FLOAT32 = np.dtype(np.float32)
_PHASE_INDEX = {phase: index for index, phase in enumerate(_PHASES)}
# Which plane a move puts its card in: 1 taken, 2 discarded, 0 neither; by
# action class, worked out once per class (subclasses count as their base).
_PLANE_OF: dict[type, int] = {}


def _plane(kind: type) -> int:
    plane = _PLANE_OF.get(kind)
    if plane is None:
        if issubclass(kind, DrawDiscard | Claim):
            plane = 1
        elif issubclass(kind, Discard | Knock | DeclareGin):
            plane = 2
        else:
            plane = 0
        _PLANE_OF[kind] = plane
    return plane


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
        views give equal observations.  It folds in the whole history; an
        :class:`ObservationEncoder` gives the same vectors for a seat's
        successive views, folding in only the new events.

        >>> from rummykit import get_variant
        >>> view = get_variant("rumino").new_game(players=2, seed=1).view(1)
        >>> ObservationLayout(2).encode(view).shape
        (559,)
        """
        return ObservationEncoder(self).encode(view)


class ObservationEncoder:
    """Encodes one seat's successive views of a hand, history included.

    The ``taken`` and ``discarded`` planes are kept between calls, and each
    call folds in only the history events that are new since the last one; a
    view of another hand (a history that does not continue the last one)
    starts the planes afresh.  The vectors equal
    :meth:`ObservationLayout.encode`'s.

    >>> from rummykit import get_variant
    >>> from rummykit.engine import DrawStock
    >>> state = get_variant("classic").new_game(players=2, seed=3)
    >>> layout = ObservationLayout(players=2)
    >>> encoder = ObservationEncoder(layout)
    >>> first = encoder.encode(state.view(1))
    >>> later = state.apply(DrawStock()).view(1)
    >>> bool((encoder.encode(later) == layout.encode(later)).all())
    True
    """

    def __init__(self, layout: ObservationLayout) -> None:
        self.layout = layout
        at = layout.offsets
        cards, players = layout.CARDS, layout.players
        self._taken = at["taken"]
        self._planes_stop = at["discarded"] + players * cards
        # Plain Python buffers: a vector has a few dozen non-zero entries, and
        # writing them one by one into an ``array`` is cheaper than numpy's
        # per-call overhead; numpy wraps the finished buffer without a copy.
        self._planes = array("f", bytes(4 * (self._planes_stop - self._taken)))
        self._no_planes = self._planes[:]  # zeros, copied in at each reset
        self._zeros = array("f", bytes(4 * layout.size))
        self._pile_top = at["pile_top"]
        self._pile = at["pile"]
        self._table = at["table"]
        self._stock_size = at["stock_size"]
        self._wild_rank = at["wild_rank"]
        self._phase = at["phase"]
        self._cards = cards
        self._players = players
        self._player = -1
        self._seen = 0
        self._last: Event | None = None
        # The history last folded in, by identity: the same one again adds nothing.
        self._history: Sequence[Event] | None = None
        # Where each seat's entries go for the current observer, by absolute
        # seat (worked out once per observer; see _observer).
        self._taken_at: tuple[int, ...] = ()
        self._discarded_at: tuple[int, ...] = ()
        self._shown_at: tuple[int, ...] = ()
        self._sizes_at: tuple[int, ...] = ()
        self._to_act_at: tuple[int, ...] = ()
        self._dealer_at: tuple[int, ...] = ()
        # The pile's and the table's counts as last encoded: the pile mostly
        # grows or shrinks by a card or two at its top, and the table seldom
        # changes.
        self._pile_of: tuple[Card, ...] = ()
        self._no_counts = array("f", bytes(4 * cards))  # zeros, copied when needed
        self._pile_counts = self._no_counts[:]
        self._table_of: tuple[TableMeld, ...] = ()
        self._table_counts = array("f", bytes(4 * cards))

    def _observer(self, player: int) -> None:
        """Work out where each seat's entries go, seen from ``player``."""
        at = self.layout.offsets
        cards, players = self.layout.CARDS, self.layout.players
        relative = [(seat - player) % players for seat in range(players)]
        self._taken_at = tuple(seat * cards for seat in relative)
        self._discarded_at = tuple((players + seat) * cards for seat in relative)
        self._shown_at = tuple(at["shown"] + seat * cards for seat in relative)
        # ``active`` follows ``hand_sizes``, ``players`` entries on.
        self._sizes_at = tuple(at["hand_sizes"] + seat for seat in relative)
        self._to_act_at = tuple(at["to_act"] + seat for seat in relative)
        self._dealer_at = tuple(at["dealer"] + seat for seat in relative)
        self._player = player

    def reset(self) -> None:
        """Forget the folded history: the next view is encoded from scratch."""
        self._planes[:] = self._no_planes
        self._seen = 0
        self._last = None
        self._history = None

    def _fold(self, player: int, history: Sequence[Event]) -> None:
        """Fold the events of ``history`` not seen yet into the planes."""
        if player != self._player:
            self._observer(player)
            self.reset()
        elif history is self._history:
            return
        seen = self._seen
        new: Sequence[Event] = history
        last = self._history
        if (
            seen
            and type(history) is History
            and type(last) is History
            and (grown := history.since(last)) is not None
        ):
            # A state's history grown from the one folded last: the events
            # added since, read back to it.
            new = grown
        elif seen:
            # The events since the last fold and the one before them: a
            # hand's history reads a slice near its end back from the end
            # (it is a linked list, dear to index from the front).
            back = history[seen - 1 :]
            if back and (back[0] is self._last or back[0] == self._last):
                new = back[1:]
            else:
                # Not a continuation of the last history: another hand.
                self.reset()
        planes = self._planes
        taken_at = self._taken_at
        discarded_at = self._discarded_at
        for event in new:
            moved = event.card
            # Another seat's private card (a stock draw) is one the player
            # cannot see: a view censors it, and a state's history is read
            # the same way.
            if moved is None or (event.private and event.player != player):
                continue
            kind = type(event.action)
            plane = _PLANE_OF.get(kind)
            if plane is None:
                plane = _plane(kind)
            if plane == 1:
                planes[taken_at[event.player] + moved.code] += 1
            elif plane == 2:
                planes[discarded_at[event.player] + moved.code] += 1
        if type(history) is History:  # its length and last item, kept
            self._seen = history._len
            self._last = history._last
        else:
            self._seen = len(history)
            self._last = history[-1] if history else None
        self._history = history

    def _pile_block(self, pile: tuple[Card, ...]) -> array[float]:
        """How many of each card ``pile`` holds, from the last pile's counts."""
        last = self._pile_of
        if pile is last:
            return self._pile_counts
        counts = self._pile_counts
        # Mostly a card was put on the pile (a discard) or taken off it.
        grown = len(pile) - len(last)
        if grown == 1 and pile[:-1] == last:
            counts[pile[-1].code] += 1
            self._pile_of = pile
            return counts
        if grown == -1 and last[:-1] == pile:
            counts[last[-1].code] -= 1
            self._pile_of = pile
            return counts
        # Otherwise the two mostly share all but a card or two at the top:
        # take those off and put these on.
        common = min(len(pile), len(last))
        if common and pile[:common] != last[:common]:
            common -= 1
            if common and pile[:common] != last[:common]:
                common = 0
        if common:
            for card in last[common:]:
                counts[card.code] -= 1
            for card in pile[common:]:
                counts[card.code] += 1
        else:
            counts = self._pile_counts = self._no_counts[:]
            for card in pile:
                counts[card.code] += 1
        self._pile_of = pile
        return counts

    def _table_block(self, table: tuple[TableMeld, ...]) -> array[float]:
        """How many of each card lies in ``table``'s melds."""
        if table is not self._table_of:
            counts = self._table_counts = array("f", bytes(4 * self.layout.CARDS))
            for placed in table:
                for card in placed.meld.cards:
                    counts[card.code] += 1
            self._table_of = table
        return self._table_counts

    def encode(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """The observation vector of ``view`` (a new array each call).

        >>> from rummykit import get_variant
        >>> view = get_variant("rumino").new_game(players=2, seed=1).view(1)
        >>> ObservationEncoder(ObservationLayout(2)).encode(view).shape
        (559,)
        """
        out = self._encode(
            view.player,
            view.history,
            view.hand,
            view.pile,
            view.table,
            view.shown,
            view.current_player,
            view.dealer,
            view.stock_size,
            view.wild_rank,
            view.phase,
        )
        players = self._players
        for seat, at in enumerate(self._sizes_at):
            out[at] = view.hand_sizes[seat]
            if view.active[seat]:
                out[at + players] = 1
        return np.frombuffer(out, dtype=_FLOAT32)

    def encode_state(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        """The vector of ``state.view(seat)``, read without building the view.

        It reads only what the view holds: the seat's own hand, the public
        fields, and the history without the other seats' private cards (as
        the view censors them).  An environment has the state at hand, and
        building a view at every step costs more than the encoding.

        >>> from rummykit import get_variant
        >>> state = get_variant("indian").new_game(players=2, seed=4)
        >>> layout = ObservationLayout(players=2)
        >>> vector = ObservationEncoder(layout).encode_state(state, 1)
        >>> bool((vector == layout.encode(state.view(1))).all())
        True
        """
        hands = state.hands
        phase = state.phase
        out = self._encode(
            seat,
            state.history,
            hands[seat],
            state.pile,
            state.table,
            state.shown,
            None if phase is Phase.ENDED else state.current,
            state.dealer,
            len(state.stock),
            state.wild_rank,
            phase,
        )
        # Each seat's hand size and whether it is still in: a hand's length
        # is that of its codes.
        players = self._players
        active = state.active
        sizes_at = self._sizes_at
        for other, hand in enumerate(hands):
            at = sizes_at[other]
            out[at] = len(hand.codes)
            if active[other]:
                out[at + players] = 1
        return np.frombuffer(out, dtype=_FLOAT32)

    def _encode(
        self,
        player: int,
        history: Sequence[Event],
        hand: Hand,
        pile: tuple[Card, ...],
        table: tuple[TableMeld, ...],
        shown: tuple[Hand | None, ...],
        current: int | None,
        dealer: int,
        stock_size: int,
        wild: Rank | None,
        phase: Phase,
    ) -> array[float]:
        """Every block but the hand sizes and who is still in, which the
        caller writes (a view holds the sizes, a state the hands)."""
        self._fold(player, history)
        cards = self._cards
        out = self._zeros[:]
        # The hand block comes first: a card's entry is at its code (the
        # block starts at zero, so adding counts a card held twice).
        for code in hand.codes:
            out[code] += 1
        if pile:
            start = self._pile
            out[start : start + cards] = self._pile_block(pile)
            out[self._pile_top + pile[-1].code] = 1
        if table:
            start = self._table
            out[start : start + cards] = self._table_block(table)
        if any(shown):  # mostly nothing shown
            for start, shown_hand in zip(self._shown_at, shown, strict=True):
                if shown_hand is not None:
                    for code in shown_hand.codes:
                        out[start + code] += 1
        out[self._taken : self._planes_stop] = self._planes
        if current is not None:
            out[self._to_act_at[current]] = 1
        out[self._dealer_at[dealer]] = 1
        out[self._stock_size] = stock_size
        out[self._wild_rank + (0 if wild is None else wild)] = 1
        out[self._phase + _PHASE_INDEX[phase]] = 1
        return out
