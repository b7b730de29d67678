"""Classic Rummy (Rum): meld and lay off on the table, go out, "rummy" pays double.

One 52-card deck, no jokers.  Players draw from the stock or the discard
pile, lay melds on the table and add cards to any player's melds, and the
first to empty their hand wins what the others hold.  Going out in one turn
("rummy") doubles the payments.

>>> from rummykit import Hand
>>> classic = ClassicRummy()
>>> classic.cards_per_player(2), classic.cards_per_player(4), classic.cards_per_player(6)
(10, 7, 6)
>>> classic.meld_rules.is_meld(Hand.parse("Qh Kh Ah"))  # C1: not by default
False
"""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache, reduce
from itertools import combinations
from operator import or_
from typing import TYPE_CHECKING, ClassVar

import attrs
import attrs as _attrs

from rummykit import money
from rummykit._arguments import MAX_COUNT, MAX_POINTS
from rummykit.cards import JOKER_CODE, Card, DeckSpec, Hand
from rummykit.engine import (
    Action,
    Discard,
    LayMeld,
    LayOff,
    Outcome,
    Payment,
    Phase,
    State,
    StockPolicy,
    TableMeld,
    Termination,
)
from rummykit.engine.actions import Event
from rummykit.errors import InvalidMeldError, InvalidOptionError, quoted
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.partition import (
    MAX_LISTED,
    PointValues,
    possible_layoffs,
    possible_melds,
)
from rummykit.variants.base import Variant, flag, not_held, one_of, whole

if TYPE_CHECKING:  # pragma: no cover
    pass

if TYPE_CHECKING:  # pragma: no cover
    from rummykit.match import Match

__all__ = ["ClassicFacts", "ClassicRummy"]


@attrs.frozen(kw_only=True)
class ClassicFacts:
    """Classic Rummy's own facts about a hand, kept in :attr:`State.extra
    <rummykit.engine.State.extra>`.

    >>> from rummykit.variants import ClassicFacts, ClassicRummy
    >>> state = ClassicRummy().new_game(players=2, seed=1)
    >>> ClassicFacts.of(state)
    ClassicFacts(melded=(False, False), melded_before_turn=False, turn_melds=0)
    """

    melded: tuple[bool, ...]
    """Whether each seat has melded or laid off this hand."""
    melded_before_turn: bool = False
    """Whether the current player had melded before this turn began (C-4:
    going out without having melded before is "rummy")."""
    turn_melds: int = 0
    """Melds the current player has laid this turn (the ``melds_per_turn`` option)."""

    @staticmethod
    def of(state: State) -> ClassicFacts:
        """The facts kept in ``state``.

        :raises TypeError: if ``state`` is not a Classic Rummy hand.
        """
        facts = state.extra
        if not isinstance(facts, ClassicFacts):
            raise TypeError(f"not a Classic Rummy hand: its extra is {facts!r:.60}")
        return facts


def _stake(value: object) -> Decimal:
    return money.to_money(value, "ClassicRummy.stake")


@attrs.frozen(kw_only=True)
class ClassicRummy(Variant):
    """Classic Rummy (RULES.md §3), every option with its default.

    >>> ClassicRummy(melds_per_turn=1).melds_per_turn
    1
    >>> ClassicRummy(stock_exhaustion="burn")
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: ClassicRummy.stock_exhaustion must be one of 'turn_over', 'turn_over_then_flip', 'shuffle', 'block', not 'burn'
    """

    name: ClassVar[str] = "classic"
    aliases: ClassVar[tuple[str, ...]] = ("rummy", "rum", "classic_rummy")
    min_players: ClassVar[int] = 2
    """The fewest players at the table."""
    max_players: ClassVar[int] = 6
    """The most players at the table."""

    ace_high: bool = False
    """Q-K-A is a run."""
    wrap: bool = False
    """K-A-2 is a run."""
    melds_per_turn: int | None = None
    """At most this many melds per turn (pagat: 1); ``None`` for any number."""
    discard_to_go_out: bool = False
    """A player must discard to go out."""
    stock_exhaustion: str = "turn_over"
    """When the stock runs out: ``"turn_over"`` (the pile, not shuffled),
    ``"turn_over_then_flip"``, ``"shuffle"`` or ``"block"`` (the hand ends)."""
    max_turnovers: int | None = 3
    """How often the stock may be renewed from the pile: when it runs out once
    more, the hand ends as under ``"block"``, with the termination
    :attr:`~rummykit.engine.Termination.TURNOVER_LIMIT`.  ``None`` for no
    limit (a hand may then loop for ever; the engine's action cap ends it)."""
    rummy_requires_no_discard: bool = False
    """Going rummy means melding every card at once, with no final discard."""
    must_meld_before_layoff: bool = False
    """A player must have melded before laying off."""
    two_player_deal: str = "winner"
    """With two players: the ``"winner"`` deals next, or they ``"alternate"``."""
    match_mode: str = "per_hand"
    """``"per_hand"`` (settle each hand in money), ``"target"`` or ``"fixed_deals"``."""
    target: int = 100
    """The score that ends a ``"target"`` match (or the deals of a ``"fixed_deals"`` one)."""
    stake: Decimal = attrs.field(default=Decimal("1.00"), converter=_stake)
    """Money per point: exact money (see :mod:`rummykit.money`), from 0 to 10**12."""

    def __attrs_post_init__(self) -> None:
        for name in (
            "ace_high",
            "wrap",
            "discard_to_go_out",
            "rummy_requires_no_discard",
            "must_meld_before_layoff",
        ):
            flag(f"ClassicRummy.{name}", getattr(self, name))
        whole(
            "ClassicRummy.melds_per_turn",
            self.melds_per_turn,
            1,
            MAX_COUNT,
            optional=True,
        )
        one_of(
            "ClassicRummy.stock_exhaustion",
            self.stock_exhaustion,
            ("turn_over", "turn_over_then_flip", "shuffle", "block"),
        )
        whole(
            "ClassicRummy.max_turnovers",
            self.max_turnovers,
            0,
            MAX_COUNT,
            optional=True,
        )
        one_of(
            "ClassicRummy.two_player_deal",
            self.two_player_deal,
            ("winner", "alternate"),
        )
        one_of(
            "ClassicRummy.match_mode",
            self.match_mode,
            ("per_hand", "target", "fixed_deals"),
        )
        whole("ClassicRummy.target", self.target, 1, MAX_POINTS)

    def cards_per_player(self, players: int) -> int:
        """Cards dealt to each of ``players``: 10 for 2, 7 for 3-4, 6 for 5-6.

        :raises InvalidOptionError: for fewer than 2 or more than 6 players.

        >>> ClassicRummy().cards_per_player(3)
        7
        """
        if not isinstance(players, int) or not 2 <= players <= 6:
            raise InvalidOptionError(
                f"ClassicRummy seats 2 to 6 players, not {quoted(players)}"
            )
        return 10 if players == 2 else 7 if players <= 4 else 6

    @property
    def deck(self) -> DeckSpec:
        """One 52-card deck, no jokers.

        >>> ClassicRummy().deck
        DeckSpec(decks=1, jokers=0)
        """
        return DeckSpec()

    @property
    def meld_rules(self) -> MeldRules:
        """Sets of 3-4, runs of 3 or more, ace low unless the options say otherwise.

        >>> ClassicRummy(ace_high=True).meld_rules.ace_high
        True
        """
        return _meld_rules(self.ace_high, self.wrap)

    @property
    def point_values(self) -> PointValues:
        """Face cards 10, ace 1, others their pip value.

        >>> ClassicRummy().point_values.ranks
        (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
        """
        return PointValues.standard()

    # -- engine hooks ---------------------------------------------------------------

    def stock_policy(self) -> StockPolicy:
        """C-3: the pile is turned over without shuffling, unless an option says
        otherwise (flip a fresh upcard, shuffle, or block).

        >>> ClassicRummy().stock_policy(), ClassicRummy(stock_exhaustion="block").stock_policy()
        (<StockPolicy.TURN_OVER: 'turn_over'>, <StockPolicy.BLOCK: 'block'>)
        """
        return StockPolicy(self.stock_exhaustion)

    def turnover_limit(self) -> int | None:
        """C-3: the :attr:`max_turnovers` option ends a hand that could loop for ever."""
        return self.max_turnovers

    def new_extra(self, players: int) -> ClassicFacts:
        """Nobody has melded at the deal."""
        return ClassicFacts(melded=(False,) * players)

    def next_turn_extra(self, state: State, seat: int) -> ClassicFacts:
        """A turn starts with no melds laid, noting whether ``seat`` had melded."""
        facts = ClassicFacts.of(state)
        before = facts.melded[seat]
        if facts.turn_melds == 0 and facts.melded_before_turn == before:
            return facts  # facts are values: the same ones serve the next turn
        return attrs.evolve(facts, melded_before_turn=before, turn_melds=0)

    def discard_reason(self, state: State, card: Card) -> str | None:
        """The card just taken from the discard pile may not be discarded this turn."""
        if state.taken is not None and card == state.taken:
            return f"{card} was just taken from the discard pile and may not be discarded this turn"
        return None

    def refused_discards(self, state: State) -> tuple[Card, ...] | None:
        """The card just taken from the pile, if any: the one
        :meth:`discard_reason` refuses (``None`` if a subclass overrides that).

        >>> from rummykit import get_variant
        >>> state = get_variant("classic").new_game(players=2, seed=0).draw_discard()
        >>> ClassicRummy().refused_discards(state) == (state.taken,)
        True
        """
        if type(self).discard_reason is not ClassicRummy.discard_reason:
            return None
        taken = state.taken
        return () if taken is None else (taken,)

    def play_actions(self, state: State) -> list[Action]:
        """Every meld and lay-off the player may make now (C-1, C-2, C-5)."""
        hand = state.hands[state.current]
        codes = hand.codes
        masks = _suit_masks(codes)
        actions: list[Action] = []
        facts = ClassicFacts.of(state)
        table = state.table
        may_meld = self.melds_per_turn is None or facts.turn_melds < self.melds_per_turn
        if masks is not None and may_meld:
            # most hands hold no three of a rank and no row: no meld to list
            s, h, d, c = masks
            may_meld = bool(s & h & (d | c) | (s | h) & d & c) or any(
                map(_has_row, masks)
            )
        if not may_meld and not table:
            return actions
        rules = self.meld_rules
        # the listed cards come from the hand; with no card taken from the pile
        # (and no refusal of a subclass) any card left may be discarded
        free = (
            state.taken is None
            and type(self).discard_reason is ClassicRummy.discard_reason
        )
        size = len(codes)
        if may_meld:
            for meld in _melds(hand, rules, masks):
                if (free and len(meld.cards) < size) or self._leaves_reason(
                    state, meld.cards
                ) is None:
                    actions.append(LayMeld(meld.cards))
        if table and (not self.must_meld_before_layoff or facts.melded[state.current]):
            if masks is None:
                touch: tuple[int, ...] = (-1,) * len(table)
                held = -1
            else:
                touch, union = _touches(table)
                held = _held(masks) & union  # 0: no meld can be touched
            for index, placed in enumerate(table):
                if not touch[index] & held:
                    continue
                for cards in _layoffs(placed.meld, codes, rules, size, masks):
                    if (free and len(cards) < size) or self._leaves_reason(
                        state, cards
                    ) is None:
                        actions.append(LayOff(cards, target=index))
        return actions

    def _leaves_reason(self, state: State, cards: tuple[Card, ...]) -> str | None:
        """C-2: what is left must still allow a legal discard, or be empty."""
        try:
            rest = state.hands[state.current].remove(*cards)
        except ValueError:
            return not_held(cards, state.current)
        if not rest:
            if self.discard_to_go_out:
                return "a player must keep a card to discard when going out (discard_to_go_out)"
            return None
        if all(self.discard_reason(state, card) is not None for card in rest.cards):
            return (
                "it would leave only the card just taken from the pile, "
                "which may not be discarded (C-2)"
            )
        return None

    def check_action(self, state: State, action: Action) -> str | None:
        """Why a meld or lay-off is illegal now, or ``None``."""
        if not isinstance(action, LayMeld | LayOff):
            return super().check_action(state, action)
        if state.phase is not Phase.PLAY:
            return f"melding and laying off happen after the draw (the phase is {state.phase})"
        reason = self._leaves_reason(state, action.cards)
        if reason is not None:
            return reason
        rules = self.meld_rules
        if isinstance(action, LayMeld):
            if (
                self.melds_per_turn is not None
                and ClassicFacts.of(state).turn_melds >= self.melds_per_turn
            ):
                return f"at most {self.melds_per_turn} meld(s) a turn (melds_per_turn)"
            return rules.why_not(action.cards)
        if (
            self.must_meld_before_layoff
            and not ClassicFacts.of(state).melded[state.current]
        ):
            return "a player must meld before laying off (must_meld_before_layoff)"
        if not 0 <= action.target < len(state.table):
            return f"there is no meld {action.target} on the table"
        placed = state.table[action.target].meld
        allowed = possible_layoffs(placed, action.cards, rules, limit=len(action.cards))
        if not any(
            sorted(c.code for c in group) == sorted(c.code for c in action.cards)
            for group in allowed
        ):
            return (
                f"{' '.join(map(str, action.cards))} do not extend meld {action.target} "
                f"({placed}) without rearranging it"
            )
        return None

    def apply_action(self, state: State, action: Action) -> State:
        """Lay the meld or lay the cards off; an empty hand goes out."""
        assert isinstance(action, LayMeld | LayOff)
        player = state.current
        facts = ClassicFacts.of(state)
        hands = list(state.hands)
        hands[player] = hands[player].remove(*action.cards)
        table = list(state.table)
        if isinstance(action, LayMeld):
            table.append(
                TableMeld(owner=player, meld=Meld.build(action.cards, self.meld_rules))
            )
            turn_melds = facts.turn_melds + 1
        else:
            placed = table[action.target]
            grown = Meld.build(
                placed.meld.cards + action.cards, self.meld_rules, kind=placed.meld.kind
            )
            table[action.target] = TableMeld(owner=placed.owner, meld=grown)
            turn_melds = facts.turn_melds
        melded = list(facts.melded)
        melded[player] = True
        state = _attrs.evolve(
            state,
            hands=tuple(hands),
            table=tuple(table),
            extra=attrs.evolve(facts, turn_melds=turn_melds, melded=tuple(melded)),
            history=state.history.add(Event(player=player, action=action)),
        )
        if not hands[player]:
            return self.on_empty_hand(state)
        return state

    def on_empty_hand(self, state: State) -> State:
        """C-1 and C-4: the player goes out and is paid what every other hand
        holds, doubled for going rummy."""
        winner = state.current
        last = state.history[-1].action if state.history else None
        discarded = isinstance(last, Discard)
        rummy = not ClassicFacts.of(state).melded_before_turn
        if self.rummy_requires_no_discard and discarded:
            rummy = False
        factor = 2 if rummy else 1
        points = tuple(self.point_values.total(hand.cards) for hand in state.hands)
        payments = tuple(
            Payment(
                payer=seat,
                payee=winner,
                points=points[seat] * factor,
                money=money.scale(self.stake, points[seat] * factor),
                reason="rummy" if rummy else "cards in hand",
            )
            for seat in range(state.players)
            if seat != winner
        )
        return state.end(
            Outcome(
                termination=Termination.WENT_OUT,
                winners=(winner,),
                points=points,
                payments=payments,
                rummy=rummy,
                note=f"player {winner} went out"
                + (" (rummy: payments doubled)" if rummy else ""),
            )
        )

    def end_on_exhaustion(self, state: State, policy: StockPolicy) -> State:
        """C-3 block: the lowest hand collects the difference from each other
        hand.  So does the turn-over limit (with its own termination); a stock
        that cannot be renewed at all voids the hand."""
        points = tuple(self.point_values.total(hand.cards) for hand in state.hands)
        limited = (
            self.max_turnovers is not None and state.turnovers >= self.max_turnovers
        )
        if policy is not StockPolicy.BLOCK and not limited:
            return state.end(
                Outcome(
                    termination=Termination.VOID,
                    winners=(),
                    points=points,
                    note="the stock ran out: the hand is void",
                )
            )
        low = min(points)
        order = [
            state.seat_after(state.dealer + offset) for offset in range(state.players)
        ]
        winner = next(seat for seat in order if points[seat] == low)
        payments = tuple(
            Payment(
                payer=seat,
                payee=winner,
                points=points[seat] - low,
                money=money.scale(self.stake, points[seat] - low),
                reason="block",
            )
            for seat in range(state.players)
            if seat != winner
        )
        if policy is StockPolicy.BLOCK:
            termination = Termination.BLOCKED
            how = "the stock ran out"
        else:
            termination = Termination.TURNOVER_LIMIT
            how = f"the stock ran out after {state.turnovers} turn-over(s)"
        return state.end(
            Outcome(
                termination=termination,
                winners=(winner,),
                points=points,
                payments=payments,
                note=f"{how}: player {winner} holds the lowest hand",
            )
        )

    # -- match hooks --------------------------------------------------------------

    def match_scores(
        self, scores: tuple[int, ...], outcome: Outcome
    ) -> tuple[int, ...]:
        """The winner's score grows by what the others pay (doubled for rummy)."""
        result = list(scores)
        for payment in outcome.payments:
            result[payment.payee] += payment.points
        return tuple(result)

    def next_dealer(self, match: Match) -> int:
        """C-10: with two players the winner deals (or they alternate); with
        more the deal passes left."""
        outcome = match.results[-1] if match.results else None
        if (
            match.players == 2
            and self.two_player_deal == "winner"
            and outcome is not None
            and outcome.winner is not None
        ):
            return outcome.winner
        return (match.state.dealer + 1) % match.players

    def match_winners(
        self, scores: tuple[int, ...], results: tuple[Outcome, ...]
    ) -> tuple[int, ...] | None:
        """``target``: the first to reach :attr:`target` points; ``fixed_deals``:
        the highest score after :attr:`target` deals; ``per_hand``: never (each
        hand settles in money; give the match a ``max_hands``)."""
        if self.match_mode == "per_hand":
            return None
        if self.match_mode == "target" and max(scores) < self.target:
            return None
        if self.match_mode == "fixed_deals" and len(results) < self.target:
            return None
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)


# -- narrowing the searches ------------------------------------------------------------
#
# Listing melds and lay-offs by the general search costs far more than the rest
# of a turn.  One deck without jokers makes cheap, exact shortcuts possible: only
# the groups that can be melds are tried, and only the cards that can extend a
# meld are searched for lay-offs.  Both list what the general search lists, in
# the same order (tests/test_classic_narrowing.py checks it).


def _melds(
    hand: Hand, rules: MeldRules, masks: list[int] | None = None
) -> tuple[Meld, ...]:
    """Every meld of ``hand``, exactly as :func:`possible_melds` lists them.

    With one deck and no jokers a meld is some of the cards of one rank, or an
    unbroken row of ranks of one suit, so those are the only groups tried.

    >>> from rummykit.cards import Hand
    >>> [str(meld) for meld in _melds(Hand.parse("7c 8c 9c 9h 9d Kd"), MeldRules())]
    ['9h 9d 9c', '7c 8c 9c']
    """
    codes = hand.codes
    if codes and codes[-1] >= JOKER_CODE:
        return possible_melds(hand, rules)
    if masks is not None:  # most hands hold no three of a rank and no row
        s, h, d, c = masks
        if not (s & h & (d | c) | (s | h) & d & c) and not any(map(_has_row, masks)):
            return ()
    masks = [0, 0, 0, 0]
    counts = [0] * 13
    for code in codes:
        masks[code // 13] |= 1 << (code % 13)
        counts[code % 13] += 1
    sets = [rank for rank in range(13) if counts[rank] >= 3]
    rows = [suit for suit in range(4) if _has_row(masks[suit])]
    if not sets and not rows:
        return ()
    found: dict[tuple[tuple[int, ...], str], Meld] = {}

    def consider(group: list[int], kind: MeldKind) -> None:
        key = (tuple(sorted(group)), kind.value)
        if key in found:
            return
        meld = _built(tuple(group), kind, rules)
        if meld is not None:
            found[key] = meld

    for rank in sets:
        same = [code for code in codes if code % 13 == rank]
        for size in range(3, len(same) + 1):
            for group in combinations(same, size):
                consider(list(group), MeldKind.SET)
    for suit in rows:
        mask = masks[suit]
        for start in range(13):
            if not mask >> start & 1:
                continue
            row = [suit * 13 + start]
            rank = (start + 1) % 13
            while mask >> rank & 1 and rank != start:
                row.append(suit * 13 + rank)
                if len(row) >= 3:
                    consider(list(row), MeldKind.RUN)
                rank = (rank + 1) % 13
    return tuple(found[key] for key in sorted(found))


def _extending(meld: Meld, codes: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards of a hand that could be laid off on ``meld``: for a set, its
    rank; for a run, the unbroken chains of its suit from either end (the ace
    next to both the two and the king).

    >>> from rummykit.cards import Hand
    >>> run = Meld.build("5h 6h 7h")
    >>> _extending(run, Hand.parse("3h 4h 8h Th 7c 5s").codes)
    (Card('3h'), Card('4h'), Card('8h'))
    """
    if (codes and codes[-1] >= JOKER_CODE) or meld.cards != meld.stands_for:
        return tuple(_BY_CODE[code] for code in codes)  # jokers: search all
    first = meld.cards[0].code
    if meld.kind is MeldKind.SET:
        rank = first % 13
        return tuple(_BY_CODE[code] for code in codes if code % 13 == rank)
    base = first - first % 13
    ranks = 0
    for card in meld.cards:
        ranks |= 1 << (card.code % 13)
    present = 0
    for code in codes:
        if base <= code < base + 13:
            present |= 1 << (code - base)
    present &= ~ranks
    keep: list[int] = []
    for step in (1, -1):
        for rank in range(13):
            if not ranks >> rank & 1:
                continue
            nxt = (rank + step) % 13
            while present >> nxt & 1:
                keep.append(nxt)
                present &= ~(1 << nxt)
                nxt = (nxt + step) % 13
    return tuple(_BY_CODE[base + rank] for rank in sorted(keep))


def _suit_masks(codes: tuple[int, ...]) -> list[int] | None:
    """The ranks held in each suit, as 13-bit masks; ``None`` for a hand with a
    joker or two copies of a card (where only the general searches apply)."""
    if codes and codes[-1] >= JOKER_CODE:
        return None
    held = reduce(or_, map(_BITS.__getitem__, codes), 0)  # bit ``code`` per card
    if held.bit_count() != len(codes):
        return None
    return [held & 0x1FFF, held >> 13 & 0x1FFF, held >> 26 & 0x1FFF, held >> 39]


def _may_touch(meld: Meld, masks: list[int]) -> bool:
    """Whether a hand with these :func:`_suit_masks` may lay off on ``meld``:
    for a meld of natural cards, the hand holds a card of a set's rank, or of
    a run's suit next to one of its ends.  A meld with jokers always may."""
    return bool(_touch_bits(meld) & _held(masks))


def _held(masks: list[int]) -> int:
    """The cards of :func:`_suit_masks`, one bit per card code."""
    return masks[0] | masks[1] << 13 | masks[2] << 26 | masks[3] << 39


def _touch_bits(meld: Meld) -> int:
    """The cards (one bit per code) of which a hand must hold one to lay off
    on ``meld``: a set's rank in every suit, or the two cards next to a run's
    ends (the ace next to both the two and the king); ``-1`` (every bit) for
    a meld with jokers."""
    cards = meld.cards
    if cards != meld.stands_for:
        return -1
    first = cards[0].code
    if meld.kind is MeldKind.SET:
        return _RANK_BITS[first % 13]
    base = first - first % 13
    last = cards[-1].code
    return 1 << base + (first - 1) % 13 | 1 << base + (last + 1) % 13


_last_table: tuple[tuple[TableMeld, ...], tuple[int, ...], int] = ((), (), 0)
"""The last table :func:`_touches` was asked about, with its answer: one
entry, since a hand's table changes only when a meld is laid."""


def _touches(table: tuple[TableMeld, ...]) -> tuple[tuple[int, ...], int]:
    """:func:`_touch_bits` of each meld on ``table``, and their union."""
    global _last_table
    last = _last_table
    if last[0] is table:
        return last[1], last[2]
    bits = tuple(_touch_bits(placed.meld) for placed in table)
    union = 0
    for each in bits:
        union |= each
    _last_table = (table, bits, union)
    return bits, union


def _layoffs(
    meld: Meld,
    codes: tuple[int, ...],
    rules: MeldRules,
    limit: int,
    masks: list[int] | None = None,
) -> tuple[tuple[Card, ...], ...]:
    """Every lay-off of up to ``limit`` cards of a hand (its sorted ``codes``,
    and their :func:`_suit_masks` if known) on ``meld``, exactly as
    :func:`possible_layoffs` lists them.

    With one deck and no jokers a lay-off on a set is some of the set's rank,
    and a lay-off on a run is the next few cards below it and the next few
    above it, every place held; so only those groups are tried, each checked
    by the meld rules (and the answer kept, per group of cards).

    >>> from rummykit.cards import Hand
    >>> run = Meld.build("8h 9h Th")
    >>> hand = Hand.parse("6h 7h Jh Qh Ah 2c")
    >>> [" ".join(map(str, cards)) for cards in _layoffs(run, hand.codes, MeldRules(), 6)]
    ['7h', 'Jh', '6h 7h', '7h Jh', 'Jh Qh', '6h 7h Jh', '7h Jh Qh', '6h 7h Jh Qh']
    """
    if masks is None:
        masks = _suit_masks(codes)
    if masks is None or meld.cards != meld.stands_for:
        extending = _extending(meld, codes)
        if not extending:
            return ()
        return possible_layoffs(meld, extending, rules, limit=limit)
    old = tuple(card.code for card in meld.cards)
    first = old[0]
    groups: list[tuple[int, ...]] = []
    if meld.kind is MeldKind.SET:
        rank = first % 13
        held = [suit * 13 + rank for suit in range(4) if masks[suit] >> rank & 1]
        if not held:
            return ()
        room = limit if rules.max_set is None else min(limit, rules.max_set - len(old))
        for size in range(1, min(room, len(held)) + 1):
            groups += combinations(held, size)
    else:
        suit = first // 13
        ranks = 0
        for code in old:
            ranks |= 1 << (code % 13)
        present = masks[suit] & ~ranks
        room = min(limit, rules.longest_run - len(old))
        if not present or room < 1:
            return ()
        # where the run starts: the one rank whose lower neighbour (the ace
        # next to the king) it lacks
        starts = ranks & ~((ranks << 1 | ranks >> 12) & 0x1FFF)
        if starts.bit_count() != 1:
            return possible_layoffs(meld, _extending(meld, codes), rules, limit=limit)
        start = starts.bit_length() - 1
        base = suit * 13
        below: list[int] = []
        for step in range(1, room + 1):
            rank = (start - step) % 13
            if not present >> rank & 1:
                break
            below.append(base + rank)
        above: list[int] = []
        for step in range(room):
            rank = (start + len(old) + step) % 13
            if not present >> rank & 1:
                break
            above.append(base + rank)
        if not below and not above:
            return ()
        for low in range(len(below) + 1):
            for high in range(min(len(above), room - low) + 1):
                if low or high:
                    groups.append(tuple(sorted(below[:low] + above[:high])))
        # a run of eleven or more cards can reach the same card from below and
        # from above (the ace, before the two and after the king): list it once
        groups = list(dict.fromkeys(groups))
    kind = meld.kind
    found = [
        group for group in groups if _extends(tuple(sorted(old + group)), kind, rules)
    ]
    if len(found) > MAX_LISTED:  # the general listing says which it keeps
        return possible_layoffs(meld, _extending(meld, codes), rules, limit=limit)
    found.sort(key=lambda group: (len(group), group))
    return tuple(tuple(_BY_CODE[code] for code in group) for group in found)


@lru_cache(maxsize=4096)
def _built(codes: tuple[int, ...], kind: MeldKind, rules: MeldRules) -> Meld | None:
    """The meld of kind ``kind`` these natural cards make, or ``None`` (built
    once per group: melds are values)."""
    try:
        return Meld.build([_BY_CODE[code] for code in codes], rules, kind=kind)
    except InvalidMeldError:
        return None


@lru_cache(maxsize=4096)
def _extends(codes: tuple[int, ...], kind: MeldKind, rules: MeldRules) -> bool:
    """Whether these natural cards are a meld of ``kind`` (asked once per group)."""
    cards = [_BY_CODE[code] for code in codes]
    return rules.why_not(cards, kind=kind) is None


@lru_cache(maxsize=4)
def _meld_rules(ace_high: bool, wrap: bool) -> MeldRules:
    """Classic's meld rules for its options, built once."""
    return MeldRules(ace_low=True, ace_high=ace_high, wrap=wrap, max_set=4)


def _has_row(mask: int) -> bool:
    """Whether a suit's ranks (a 13-bit mask) hold three in a row, the ace
    next to both the two and the king."""
    wrapped = mask | mask << 13
    return bool(wrapped & wrapped >> 1 & wrapped >> 2)


_BITS: tuple[int, ...] = tuple(1 << code for code in range(JOKER_CODE))
"""The bit of each natural card's code, for :func:`_suit_masks`."""

_RANK_BITS: tuple[int, ...] = tuple(
    sum(1 << suit * 13 + rank for suit in range(4)) for rank in range(13)
)
"""The bits of each rank's four cards, for :func:`_touch_bits`."""

_BY_CODE: tuple[Card, ...] = tuple(
    Card.from_code(code) for code in range(JOKER_CODE + 1)
)
