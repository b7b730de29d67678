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
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

import attrs

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
        if type(facts) is ClassicFacts:
            return _turn_start_facts(facts.melded, before)
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
        current = state.current
        codes = state.hands[current].codes
        facts = ClassicFacts.of(state)
        table = state.table
        may_meld = self.melds_per_turn is None or facts.turn_melds < self.melds_per_turn
        may_lay_off = bool(table) and (
            not self.must_meld_before_layoff or facts.melded[current]
        )
        held = _held_bits(codes)
        if held is None or type(self).discard_reason is not ClassicRummy.discard_reason:
            return self._searched_plays(state, may_meld, may_lay_off)
        if may_meld:  # most hands hold no three of a rank and no row: no meld
            may_meld = _may_meld(held)
        actions: list[Action] = []
        if not may_meld and not may_lay_off:
            return actions
        rules = self.meld_rules
        # C-2 without a search (see _leaves_a_discard)
        size = len(codes)
        taken = state.taken
        taken_bit = 0 if taken is None else held & 1 << taken.code
        empty_ok = not self.discard_to_go_out
        if may_meld:
            for _, bits, count, _meld, meld_action in _meld_entries(held, rules):
                if _leaves_a_discard(size - count, bits, taken_bit, empty_ok):
                    actions.append(meld_action)
        if may_lay_off:
            known = _table_info(table, rules)
            if held & known.union:
                for index, touch in enumerate(known.touch):
                    if not touch & held:
                        continue
                    for bits, count, action in known.layoffs(index, held, codes):
                        if _leaves_a_discard(size - count, bits, taken_bit, empty_ok):
                            actions.append(action)
        return actions

    def _searched_plays(
        self, state: State, may_meld: bool, may_lay_off: bool
    ) -> list[Action]:
        """:meth:`play_actions` for a hand with jokers or two copies of a card,
        or under a subclass's own discard rule: every meld and lay-off the
        searches find, each checked by :meth:`_leaves_reason`."""
        hand = state.hands[state.current]
        rules = self.meld_rules
        actions: list[Action] = []
        if may_meld:
            for meld in _melds(hand, rules):
                if self._leaves_reason(state, meld.cards) is None:
                    actions.append(LayMeld(meld.cards))
        if may_lay_off:
            for index, placed in enumerate(state.table):
                for cards in _layoffs(placed.meld, hand.codes, rules, len(hand)):
                    if self._leaves_reason(state, cards) is None:
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
        codes = tuple(card.code for card in action.cards)
        if isinstance(action, LayMeld):
            meld = _laid(codes, None, self.meld_rules)
            table.append(TableMeld(owner=player, meld=meld))
            turn_melds = facts.turn_melds + 1
        else:
            placed = table[action.target]
            old = tuple(card.code for card in placed.meld.cards)
            grown = _laid(old + codes, placed.meld.kind, self.meld_rules)
            table[action.target] = TableMeld(owner=placed.owner, meld=grown)
            turn_melds = facts.turn_melds
        melded = list(facts.melded)
        melded[player] = True
        state = state.evolve(
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


def _melds(hand: Hand, rules: MeldRules) -> tuple[Meld, ...]:
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
    held = _held_bits(codes)
    if held is not None:
        return tuple(entry[3] for entry in _meld_entries(held, rules))
    # two copies of a card: the same groups, from the counts of each rank
    masks = [0, 0, 0, 0]
    counts = [0] * 13
    for code in codes:
        masks[code // 13] |= 1 << (code % 13)
        counts[code % 13] += 1
    found: dict[tuple[int, ...], Meld] = {}
    for rank in range(13):
        if counts[rank] >= 3:
            _consider_sets([code for code in codes if code % 13 == rank], rules, found)
    for suit in range(4):
        if _has_row(masks[suit]):
            _consider_runs(suit, masks[suit], rules, found)
    return tuple(found[key] for key in sorted(found))


def _leaves_a_discard(left: int, bits: int, taken_bit: int, empty_ok: bool) -> bool:
    """C-2 for distinct cards of a hand under Classic's own discard rule (only
    the card just taken from the pile may not be discarded): laying ``bits``
    (one bit per card) leaves ``left`` cards, which allow a discard if they are
    two or more, or one that is not the taken card (``taken_bit``, ``0`` if
    none is in the hand); an empty hand is allowed if ``empty_ok``.

    >>> _leaves_a_discard(1, 0b0110, 0b1000, True), _leaves_a_discard(1, 0b0110, 0b0100, True)
    (False, True)
    """
    if left > 1:
        return True
    if left == 1:
        return not taken_bit or bool(bits & taken_bit)
    return empty_ok


_MeldEntry = tuple[tuple[int, ...], int, int, Meld, LayMeld]
"""A meld as :func:`_meld_entries` lists it: its sorted codes, its cards as
bits, how many cards, the meld, and the action that lays it."""


def _meld_entries(held: int, rules: MeldRules) -> list[_MeldEntry]:
    """Every meld of a hand of distinct natural cards (``held``: one bit per
    card code), in :func:`possible_melds`' order.

    A meld is some of one rank's cards or a row of one suit's, so each rank's
    and each suit's melds are listed once per pattern of cards held and kept
    (:func:`_set_entries`, :func:`_run_entries`); the hand's are theirs
    merged in order of the sorted codes.
    """
    s, h, d, c = held & 0x1FFF, held >> 13 & 0x1FFF, held >> 26 & 0x1FFF, held >> 39
    entries: list[_MeldEntry] = []
    parts = 0
    ranks = s & h & (d | c) | (s | h) & d & c  # ranks held in three suits or four
    while ranks:
        low = ranks & -ranks
        entries += _set_entries(held & _RANK_BITS[low.bit_length() - 1], rules)
        ranks ^= low
        parts += 1
    for suit, mask in enumerate((s, h, d, c)):
        if _has_row(mask):
            entries += _run_entries(suit, mask, rules)
            parts += 1
    if parts > 1:
        entries.sort(key=_sorted_codes)
    return entries


def _sorted_codes(entry: _MeldEntry) -> tuple[int, ...]:
    return entry[0]


@lru_cache(maxsize=1024)
def _set_entries(held: int, rules: MeldRules) -> tuple[_MeldEntry, ...]:
    """The sets of the cards ``held`` (one bit per code), all of one rank."""
    found: dict[tuple[int, ...], Meld] = {}
    _consider_sets(
        [code for code in range(JOKER_CODE) if held >> code & 1], rules, found
    )
    return tuple(_meld_entry(key, found[key]) for key in sorted(found))


@lru_cache(maxsize=4096)
def _run_entries(suit: int, mask: int, rules: MeldRules) -> tuple[_MeldEntry, ...]:
    """The runs of one suit's cards (``mask``: one bit per rank)."""
    found: dict[tuple[int, ...], Meld] = {}
    _consider_runs(suit, mask, rules, found)
    return tuple(_meld_entry(key, found[key]) for key in sorted(found))


def _meld_entry(key: tuple[int, ...], meld: Meld) -> _MeldEntry:
    return (key, sum(_BITS[code] for code in key), len(key), meld, LayMeld(meld.cards))


def _consider_sets(
    same: list[int], rules: MeldRules, found: dict[tuple[int, ...], Meld]
) -> None:
    """Add to ``found`` every set of three or more of ``same`` (codes of one
    rank, sorted), keyed by its sorted codes."""
    for size in range(3, len(same) + 1):
        for group in combinations(same, size):
            _consider(group, MeldKind.SET, rules, found)


def _consider_runs(
    suit: int, mask: int, rules: MeldRules, found: dict[tuple[int, ...], Meld]
) -> None:
    """Add to ``found`` every run of ``suit`` in the ranks of ``mask``: each
    unbroken row of three or more from each rank held, round the ace."""
    for start in range(13):
        if not mask >> start & 1:
            continue
        row = [suit * 13 + start]
        rank = (start + 1) % 13
        while mask >> rank & 1 and rank != start:
            row.append(suit * 13 + rank)
            if len(row) >= 3:
                _consider(tuple(row), MeldKind.RUN, rules, found)
            rank = (rank + 1) % 13


def _consider(
    group: tuple[int, ...],
    kind: MeldKind,
    rules: MeldRules,
    found: dict[tuple[int, ...], Meld],
) -> None:
    """Keep the meld ``group`` makes under its sorted codes, if it is one and
    none is kept there yet."""
    key = tuple(sorted(group))
    if key in found:
        return
    meld = _built(group, kind, rules)
    if meld is not None:
        found[key] = meld


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


def _held_bits(codes: tuple[int, ...]) -> int | None:
    """A hand's cards as one bit per card code; ``None`` for a hand with a
    joker or two copies of a card (where only the general searches apply).

    >>> from rummykit.cards import Hand
    >>> _held_bits(Hand.parse("As 2s Kc").codes) == 1 | 2 | 1 << 51
    True
    >>> _held_bits(Hand.parse("As As").codes) is None
    True
    """
    if codes and codes[-1] >= JOKER_CODE:
        return None
    held = sum(map(_BITS.__getitem__, codes))
    if held.bit_count() != len(codes):  # a carry: two copies of one card
        return None
    return held


def _masks_of(held: int) -> list[int]:
    """The ranks held in each suit, as 13-bit masks, from :func:`_held_bits`."""
    return [held & 0x1FFF, held >> 13 & 0x1FFF, held >> 26 & 0x1FFF, held >> 39]


def _suit_masks(codes: tuple[int, ...]) -> list[int] | None:
    """The ranks held in each suit, as 13-bit masks; ``None`` for a hand with a
    joker or two copies of a card (where only the general searches apply)."""
    held = _held_bits(codes)
    return None if held is None else _masks_of(held)


def _may_meld(held: int) -> bool:
    """Whether a hand (:func:`_held_bits`) holds three cards of a rank, or three
    in a row of a suit (the ace next to both the two and the king): the hands
    that may hold a meld."""
    s, h, d, c = held & 0x1FFF, held >> 13 & 0x1FFF, held >> 26 & 0x1FFF, held >> 39
    if s & h & (d | c) | (s | h) & d & c:
        return True
    # a row from the ace up to the jack, or Q-K-A or K-A-2 (bits of the aces)
    return bool(
        held & held >> 1 & held >> 2 & _ROW_STARTS
        | held & held >> 12 & (held >> 11 | held >> 1) & _ACES
    )


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


def _region(meld: Meld) -> int:
    """The cards (one bit per code) on which :func:`_layoffs` onto ``meld``
    depends: a set's rank, a run's suit; ``-1`` (every bit) for a meld with jokers."""
    cards = meld.cards
    if cards != meld.stands_for:
        return -1
    first = cards[0].code
    if meld.kind is MeldKind.SET:
        return _RANK_BITS[first % 13]
    return 0x1FFF << first - first % 13


_LayOffEntry = tuple[int, int, LayOff]
"""A lay-off as :class:`_TableFacts` lists it: its cards as bits, how many
cards, and the action."""


class _TableFacts:
    """What listing lay-offs keeps about one table: the cards that touch each
    meld (:func:`_touch_bits`) and their union, and the lay-offs found on
    each meld, by the hand's cards in that meld's :func:`_region` (all they
    depend on: the limit is the hand's size, which no lay-off of the hand's
    cards can pass)."""

    __slots__ = ("_found", "_regions", "rules", "table", "touch", "union")

    def __init__(self, table: tuple[TableMeld, ...], rules: MeldRules) -> None:
        self.table = table
        self.rules = rules
        self.touch = tuple(_touch_bits(placed.meld) for placed in table)
        union = 0
        for bits in self.touch:
            union |= bits
        self.union = union
        self._regions = tuple(_region(placed.meld) for placed in table)
        self._found: list[dict[int, tuple[_LayOffEntry, ...]]] = [{} for _ in table]

    def layoffs(
        self, index: int, held: int, codes: tuple[int, ...]
    ) -> tuple[_LayOffEntry, ...]:
        """Every lay-off of the hand (``held``: :func:`_held_bits` of its
        ``codes``) on meld ``index``, as :func:`_layoffs` lists them with the
        hand's size as the limit."""
        key = held & self._regions[index]
        found = self._found[index]
        entries = found.get(key)
        if entries is None:
            meld = self.table[index].meld
            entries = tuple(
                (
                    sum(_BITS[card.code] for card in cards),
                    len(cards),
                    LayOff(cards, target=index),
                )
                for cards in _layoffs(
                    meld, codes, self.rules, len(codes), _masks_of(held)
                )
            )
            found[key] = entries
        return entries


_last_table: _TableFacts | None = None
"""The last table :func:`_table_info` was asked about: one, since a hand's
table changes only when a meld is laid or grows."""


def _table_info(table: tuple[TableMeld, ...], rules: MeldRules) -> _TableFacts:
    """The :class:`_TableFacts` of ``table`` under ``rules`` (kept while the
    same table is asked about)."""
    global _last_table
    last = _last_table
    if last is not None and last.table is table and last.rules is rules:
        return last
    known = _TableFacts(table, rules)
    _last_table = known
    return known


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
def _laid(codes: tuple[int, ...], kind: MeldKind | None, rules: MeldRules) -> Meld:
    """:meth:`Meld.build` of the cards ``codes``, in that order (built once per
    group: melds are values)."""
    return Meld.build([_BY_CODE[code] for code in codes], rules, kind=kind)


@lru_cache(maxsize=256)
def _turn_start_facts(melded: tuple[bool, ...], before: bool) -> ClassicFacts:
    """The facts as a turn starts: no meld laid yet this turn, and ``before``
    (one value per pattern: facts are values)."""
    return ClassicFacts(melded=melded, melded_before_turn=before)


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
"""The bit of each natural card's code, for :func:`_held_bits`."""

_ACES = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""The bits of the four aces, for :func:`_may_meld`."""

_ROW_STARTS = 0x7FF * (1 | 1 << 13 | 1 << 26 | 1 << 39)
"""The bits of the ace to the jack of every suit: where a row that does not
pass round the ace starts, for :func:`_may_meld`."""

_RANK_BITS: tuple[int, ...] = tuple(
    sum(1 << suit * 13 + rank for suit in range(4)) for rank in range(13)
)
"""The bits of each rank's four cards, for :func:`_touch_bits`."""

_BY_CODE: tuple[Card, ...] = tuple(
    Card.from_code(code) for code in range(JOKER_CODE + 1)
)
