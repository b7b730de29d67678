"""Rumino: Italian knock rummy with two decks, four jokers and seven cards.

Each player holds 7 cards.  At the start of a turn a player whose optimal
deadwood is 7 or less may knock; after drawing, a player may declare gin
(all 7 cards melded, 4 + 3) or a *rumino* (a 7-card straight flush or 7 of a
kind), which wins the game outright, even claimed out of turn.  Scores add
up over hands; over 100 a player is out, and may buy back in at a doubling
price.  Lower is better.

>>> from rummykit import Hand
>>> rumino = Rumino()
>>> rumino.deck.size, rumino.hand_size
(108, 7)
>>> rumino.deadwood(Hand.parse("Ac 2c 3c 8d 8h 8s 5d"))  # R1: may knock
5
>>> rumino.is_rumino(Hand.parse("3d 4d 5d 6d 7d 8d 9d"))  # R8
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from decimal import Decimal
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING, ClassVar

import attrs

from rummykit import money
from rummykit._arguments import MAX_MELD, MAX_POINTS, MAX_RUN, MAX_SECONDS
from rummykit.cards import JOKER_CODE, Card, DeckSpec, Hand
from rummykit.engine import (
    Action,
    Claim,
    DeclareGin,
    Expiry,
    Knock,
    Outcome,
    Phase,
    Show,
    State,
    StockPolicy,
    Termination,
    TimerSpec,
)
from rummykit.engine.actions import Event
from rummykit.errors import InvalidOptionError, quoted
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.partition import PointValues, deadwood, possible_layoffs
from rummykit.variants._floor import floor, may_meld_all
from rummykit.variants.base import Variant, flag, one_of, whole
from rummykit.variants.rumino_match import RuminoMatch

if TYPE_CHECKING:  # pragma: no cover
    pass

__all__ = ["DeclareRumino", "Rumino", "RuminoFacts"]


@attrs.frozen(kw_only=True)
class RuminoFacts:
    """Rumino's own facts about a hand, kept in :attr:`State.extra
    <rummykit.engine.State.extra>`: what a show (``scoring_mode="as_arranged"``)
    has gathered.

    >>> from rummykit.variants import Rumino, RuminoFacts
    >>> RuminoFacts.of(Rumino().new_game(players=2, seed=1))
    RuminoFacts(declarer=None, show_points=())
    """

    declarer: int | None = None
    """The seat whose knock or gin started a show, if one has."""
    show_points: tuple[tuple[int, int], ...] = ()
    """The points of each grouping shown so far, as (seat, points)."""

    @staticmethod
    def of(state: State) -> RuminoFacts:
        """The facts kept in ``state``.

        :raises TypeError: if ``state`` is not a Rumino hand.
        """
        facts = state.extra
        if not isinstance(facts, RuminoFacts):
            raise TypeError(f"not a Rumino hand: its extra is {facts!r:.60}")
        return facts


def _stake(value: object) -> Decimal:
    return money.to_money(value, "Rumino.stake")


@attrs.frozen
class DeclareRumino(Action):
    """Declare a rumino: seven cards that win the whole game.

    >>> str(DeclareRumino())
    'declare rumino'
    """

    wins_outright: ClassVar[bool] = True
    """Declaring it wins the whole game, so a bot should prefer it to anything."""

    def __str__(self) -> str:
        return "declare rumino"


_POINTS = PointValues.standard(joker=10)
_DECK = DeckSpec(decks=2, jokers=4)
_COUNTING = PointValues.counting()


@lru_cache(maxsize=64)
def _meld_rules(
    ace_high: bool,
    wrap: bool,
    set_distinct_suits: bool,
    max_run: int | None,
    max_jokers_per_meld: int | None,
    min_naturals_per_meld: int,
) -> MeldRules:
    """Rumino's meld rules for its options, built once (they are asked for
    on every turn)."""
    return MeldRules(
        ace_low=True,
        ace_high=ace_high,
        wrap=wrap,
        max_set=4,
        set_distinct_suits=set_distinct_suits,
        max_run=max_run,
        max_jokers_per_meld=max_jokers_per_meld,
        min_naturals_per_meld=min_naturals_per_meld,
    )


@lru_cache(maxsize=8)
def _rumino_rules(ace_high: bool, wrap: bool) -> MeldRules:
    """The rules a 7-card straight flush is checked against."""
    return MeldRules(
        ace_low=True,
        ace_high=ace_high,
        wrap=wrap,
        max_run=None,
        min_naturals_per_meld=0,
    )


_STOCK = {
    "reshuffle_keep_top": StockPolicy.RESHUFFLE_KEEP_TOP,
    "void_hand": StockPolicy.VOID,
    "turn_over_no_shuffle": StockPolicy.TURN_OVER,
}


@attrs.frozen(kw_only=True)
class Rumino(RuminoMatch, Variant):
    """Rumino (RULES.md §1), every option with its default.

    >>> Rumino(knock_timing="after_draw").knock_timing
    'after_draw'
    >>> Rumino(max_run=3)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: Rumino.max_run must be a whole number from 4 to 14 or None, not 3
    """

    name: ClassVar[str] = "rumino"
    aliases: ClassVar[tuple[str, ...]] = ("ramino", "rumina")
    min_players: ClassVar[int] = 2
    """The fewest players at the table."""
    max_players: ClassVar[int] = 6
    """The most players at the table."""
    hand_size: ClassVar[int] = 7
    """Cards dealt to each player."""

    knock_limit: int = 7
    """A player may knock when their optimal deadwood is at most this."""
    knock_timing: str = "instead_of_draw"
    """``"instead_of_draw"`` (knock at the start of the turn) or ``"after_draw"``."""
    ace_high: bool = False
    """Q-K-A is a run (the ace is always low too)."""
    wrap: bool = False
    """K-A-2 is a run."""
    max_run: int | None = 4
    """The longest run; ``None`` for runs of any length."""
    set_distinct_suits: bool = False
    """Sets may not hold two identical cards (off: 9♣ 9♣ 9♥ is a set)."""
    max_jokers_per_meld: int | None = None
    """At most this many jokers in a meld (Italian ramino: 1)."""
    min_naturals_per_meld: int = 1
    """A meld needs this many natural cards; 0 allows all-joker melds."""
    rumino_naturals_only: bool = False
    """A rumino must be made of natural cards only."""
    discard_taken_card_forbidden: bool = True
    """A player may not discard the card just taken from the discard pile."""
    rumino_claim_mode: str = "auto"
    """``"auto"`` claims an out-of-turn rumino for the player; ``"manual_window"``
    offers every other player a claim window."""
    stock_exhaustion: str = "reshuffle_keep_top"
    """``"reshuffle_keep_top"``, ``"void_hand"`` or ``"turn_over_no_shuffle"``."""
    layoff_on_knock: bool = False
    """After a knock, the others may lay cards off on the knocker's melds."""
    undercut_penalty: int = 0
    """Points added to a knocker whom someone undercuts (Knock Rummy: 10)."""
    elimination: str = "over_100"
    """``"over_100"`` (eliminated above 100) or ``"at_or_over_100"``."""
    gin_score: int = -10
    """What a gin adds to the declarer's score."""
    triple_gin_autowin: bool = True
    """Gins by one player in hands 1, 2 and 3 of a game win it outright."""
    rebuy_cost: str = "doubling"
    """``"doubling"`` (the k-th re-buy costs stake × 2^(k−1)) or ``"none"``."""
    scoring_mode: str = "optimal"
    """``"optimal"`` scores each hand by its best grouping; ``"as_arranged"``
    by the grouping its player shows: after a knock or gin every other hand
    (and the knocker's) is shown with :class:`~rummykit.engine.Show`, and its
    valid melds count (no lay-offs then)."""
    stake: Decimal = attrs.field(default=Decimal("10.00"), converter=_stake)
    """Each player's stake into the pool: exact money (see :mod:`rummykit.money`),
    from 0 to 10**12."""
    move_timer: int | None = None
    """Seconds for a move, as host metadata; ``None`` for no timer (§0.4)."""
    claim_timer: int | None = None
    """Seconds for a manual claim window; ``None`` for no timer."""

    def __attrs_post_init__(self) -> None:
        whole("Rumino.knock_limit", self.knock_limit, 0, MAX_POINTS)
        one_of(
            "Rumino.knock_timing", self.knock_timing, ("instead_of_draw", "after_draw")
        )
        for name in (
            "ace_high",
            "wrap",
            "set_distinct_suits",
            "rumino_naturals_only",
            "discard_taken_card_forbidden",
            "layoff_on_knock",
            "triple_gin_autowin",
        ):
            flag(f"Rumino.{name}", getattr(self, name))
        whole("Rumino.max_run", self.max_run, 4, MAX_RUN, optional=True)
        whole(
            "Rumino.max_jokers_per_meld",
            self.max_jokers_per_meld,
            0,
            MAX_MELD,
            optional=True,
        )
        whole("Rumino.min_naturals_per_meld", self.min_naturals_per_meld, 0, MAX_MELD)
        one_of(
            "Rumino.rumino_claim_mode",
            self.rumino_claim_mode,
            ("auto", "manual_window"),
        )
        one_of(
            "Rumino.stock_exhaustion",
            self.stock_exhaustion,
            ("reshuffle_keep_top", "void_hand", "turn_over_no_shuffle"),
        )
        whole("Rumino.undercut_penalty", self.undercut_penalty, 0, MAX_POINTS)
        one_of("Rumino.elimination", self.elimination, ("over_100", "at_or_over_100"))
        whole("Rumino.gin_score", self.gin_score, -MAX_POINTS, MAX_POINTS)
        one_of("Rumino.rebuy_cost", self.rebuy_cost, ("doubling", "none"))
        one_of("Rumino.scoring_mode", self.scoring_mode, ("optimal", "as_arranged"))
        whole("Rumino.move_timer", self.move_timer, 1, MAX_SECONDS, optional=True)
        whole("Rumino.claim_timer", self.claim_timer, 1, MAX_SECONDS, optional=True)

    @property
    def deck(self) -> DeckSpec:
        """Two 52-card decks and four printed jokers: 108 cards.

        >>> Rumino().deck
        DeckSpec(decks=2, jokers=4)
        """
        return _DECK

    @property
    def meld_rules(self) -> MeldRules:
        """Sets of 3-4 (identical cards allowed), runs of 3-4, ace low, jokers wild.

        >>> Rumino().meld_rules.max_run, Rumino(max_run=None).meld_rules.max_run
        (4, None)
        """
        return _meld_rules(
            self.ace_high,
            self.wrap,
            self.set_distinct_suits,
            self.max_run,
            self.max_jokers_per_meld,
            self.min_naturals_per_meld,
        )

    @property
    def point_values(self) -> PointValues:
        """A 1, two to ten by pip, J Q K 10, joker 10.

        >>> Rumino().point_values.joker
        10
        """
        return _POINTS

    def is_rumino(self, cards: Hand | Iterable[Card]) -> bool:
        """Whether these seven cards are a rumino: a 7-card straight flush or
        seven of a kind (the suits then repeat), jokers standing in unless
        :attr:`rumino_naturals_only`.

        >>> Rumino().is_rumino(Hand.parse("Qs Qs Qh Qh Qd Qc Qc"))  # R10
        True
        >>> Rumino().is_rumino(Hand.parse("3d 4d 5d Jk 7d 8d 9d"))  # R9
        True
        >>> Rumino(rumino_naturals_only=True).is_rumino(Hand.parse("3d 4d 5d Jk 7d 8d 9d"))
        False
        """
        hand = cards if isinstance(cards, Hand) else Hand(cards)
        codes = hand.codes
        if len(codes) != 7 or not self._could_hold_rumino(hand):
            return False
        naturals = [code for code in codes if code != JOKER_CODE]
        if self.rumino_naturals_only and len(naturals) < 7:
            return False
        if not naturals:
            return self.min_naturals_per_meld == 0
        if len({code % 13 for code in naturals}) == 1:
            return True  # seven of a kind
        rules = _rumino_rules(self.ace_high, self.wrap)
        return rules.why_not(hand.cards, kind=MeldKind.RUN) is None

    def rumino_in(self, cards: Hand | Iterable[Card]) -> Hand | None:
        """The seven cards of a rumino among ``cards`` (such as 8 after a
        draw), or ``None``.

        >>> print(Rumino().rumino_in(Hand.parse("5c 6c 7c 8c 9c Tc Jc Kh")))
        5c 6c 7c 8c 9c Tc Jc
        """
        hand = cards if isinstance(cards, Hand) else Hand(cards)
        if len(hand) < 7 or not self._could_hold_rumino(hand):
            return None
        if len(hand) == 7:
            return hand if self.is_rumino(hand) else None
        for card in dict.fromkeys(hand.cards):
            rest = hand.remove(card)
            found = self.rumino_in(rest)
            if found is not None:
                return found
        return None

    def completes_rumino(self, cards: Hand | Iterable[Card], card: Card) -> bool:
        """Whether ``card`` and six of ``cards`` form a rumino that uses ``card``
        (R-4: what an out-of-turn claim of a discard needs).  A whole rumino
        already among ``cards`` does not count: it is announced on its
        holder's own turn.

        >>> run = Hand.parse("5c 6c 7c 8c 9c Tc Kh")
        >>> Rumino().completes_rumino(run, Card("Jc")), Rumino().completes_rumino(run, Card("Kd"))
        (True, False)
        >>> Rumino().completes_rumino(Hand.parse("3d 4d 5d 6d 7d 8d 9d"), Card("Kd"))
        False
        """
        hand = cards if isinstance(cards, Hand) else Hand(cards)
        if len(hand) < 6 or not self._could_hold(hand.codes, card.code):
            return False
        if len(hand) == 6:
            return self.is_rumino(hand.add(card))
        return any(
            self.completes_rumino(hand.remove(other), card)
            for other in dict.fromkeys(hand.cards)
        )

    def _could_hold_rumino(self, hand: Hand) -> bool:
        """A quick necessary test: seven cards of one suit or one rank, jokers
        included where they count."""
        return self._could_hold(hand.codes)

    def _could_hold(self, codes: tuple[int, ...], more: int | None = None) -> bool:
        """:meth:`_could_hold_rumino` of the sorted card ``codes`` and, if
        given, the card code ``more``."""
        if more is not None:
            codes = (*codes, more)
        jokers = 0 if self.rumino_naturals_only else codes.count(JOKER_CODE)
        need = 7 - jokers
        if need <= 0:
            return True
        if len(codes) - jokers < need:
            return False
        suits = [0, 0, 0, 0, 0]  # the fifth counts the printed jokers
        ranks = [0] * 13
        for code in codes:
            suits[code // 13] += 1
            ranks[code % 13] += 1
        ranks[0] -= suits[4]  # a printed joker's code falls on the aces' place
        return max(suits[:4]) >= need or max(ranks) >= need

    # -- the deal --------------------------------------------------------------------

    def cards_per_player(self, players: int) -> int:
        """Seven cards each, for 2 to 6 players.

        >>> Rumino().cards_per_player(6)
        7
        """
        if not isinstance(players, int) or not 2 <= players <= 6:
            raise InvalidOptionError(
                f"Rumino seats 2 to 6 players, not {quoted(players)}"
            )
        return 7

    def choose_dealer(self, rng: random.Random, players: int) -> int:
        """§1.1: every player draws a card and the highest deals; ties and
        jokers draw again.  Kings rank highest, aces lowest.

        >>> Rumino().choose_dealer(random.Random(3), 4) in range(4)
        True
        """
        contenders = list(range(players))
        while True:
            deck = list(self.deck.cards())
            rng.shuffle(deck)
            drawn = {seat: deck[i] for i, seat in enumerate(contenders)}
            ranks = {
                seat: (0 if card.rank is None else int(card.rank))
                for seat, card in drawn.items()
            }
            if 0 in ranks.values():
                continue  # a joker was drawn: everyone still in draws again
            best = max(ranks.values())
            top = [seat for seat in contenders if ranks[seat] == best]
            if len(top) == 1:
                return top[0]
            contenders = top

    # -- the turn --------------------------------------------------------------------

    def _may_knock(self, hand: Hand, *, forbidden: list[Card] | None = None) -> bool:
        """Whether ``hand`` (after its best discard, given ``forbidden``) has
        deadwood within :attr:`knock_limit`; the cheap bound answers most hands."""
        discard = forbidden is not None
        rules, points = self.meld_rules, self.point_values
        if floor(hand.codes, rules, points, discard=discard) > self.knock_limit:
            return False
        found = deadwood(
            hand,
            rules,
            points,
            requirement=self.requirement,
            discard=discard,
            forbidden=forbidden or (),
        )
        return found <= self.knock_limit

    def new_extra(self, players: int) -> RuminoFacts:
        """Nothing shown at the deal."""
        return RuminoFacts()

    def turn_start_actions(self, state: State) -> list[Action]:
        """R-1: knock (if deadwood ≤ :attr:`knock_limit`) and a dealt rumino;
        in a show (``scoring_mode="as_arranged"``), the optimal grouping."""
        if state.phase is Phase.SHOW:
            grouping = self.partition(state.hands[state.current])
            return [
                Show(
                    [meld.cards for meld in grouping.melds], deadwood=grouping.deadwood
                )
            ]
        if state.phase is not Phase.DRAW:
            return []
        hand = state.hands[state.current]
        actions: list[Action] = []
        if self.is_rumino(hand):
            actions.append(DeclareRumino())
        if self.knock_timing == "instead_of_draw" and self._may_knock(hand):
            actions.append(Knock())
        return actions

    def play_actions(self, state: State) -> list[Action]:
        """After the draw: a rumino, gin (discarding the spare card), or, with
        ``knock_timing="after_draw"``, a knock with a discard."""
        hand = state.hands[state.current]
        actions: list[Action] = []
        if self.rumino_in(hand) is not None:
            actions.append(DeclareRumino())
        # The cheap bounds, on the card codes, rule out a gin and a knock in
        # most hands; then no discard is listed or searched.
        rules, points = self.meld_rules, self.point_values
        codes = hand.codes
        gin = may_meld_all(codes, rules, discard=True)
        knock = (
            self.knock_timing == "after_draw"
            and floor(codes, rules, points, discard=True) <= self.knock_limit
        )
        if not (gin or knock):
            return actions
        allowed = list(dict.fromkeys(hand.cards))
        forbidden: list[Card] = []
        if (  # R-3's only refusal, unless a subclass refuses more
            self.discard_taken_card_forbidden and state.taken is not None
        ) or type(self).discard_reason is not Rumino.discard_reason:
            allowed = [
                card for card in allowed if self.discard_reason(state, card) is None
            ]
            forbidden = [card for card in hand.cards if card not in allowed]
        if not allowed:
            return actions
        # One value-only search each says whether any gin (every card
        # melded) or any knock is on offer; only then is each discard tried.
        gin = gin and not deadwood(
            hand, rules, _COUNTING, discard=True, forbidden=forbidden
        )
        knock = knock and (
            deadwood(
                hand,
                rules,
                points,
                requirement=self.requirement,
                discard=True,
                forbidden=forbidden,
            )
            <= self.knock_limit
        )
        if not (gin or knock):
            return actions
        for card in allowed:
            rest = hand.remove(card)
            if gin and not deadwood(rest, rules, _COUNTING):
                actions.append(DeclareGin(card))
            if knock and self.deadwood(rest) <= self.knock_limit:
                actions.append(Knock(card))
        return actions

    def discard_reason(self, state: State, card: Card) -> str | None:
        """R-3: not the card just taken from the discard pile (an option)."""
        if (
            self.discard_taken_card_forbidden
            and state.taken is not None
            and card == state.taken
        ):
            return (
                f"{card} was just taken from the discard pile and may not be "
                "discarded this turn (discard_taken_card_forbidden)"
            )
        return None

    def check_action(self, state: State, action: Action) -> str | None:
        """Why a knock, gin, rumino or show is illegal now, or ``None``."""
        hand = state.hands[state.current]
        if isinstance(action, Show):
            if state.phase is not Phase.SHOW:
                return "hands are shown after a knock or gin, with scoring_mode='as_arranged'"
            cards = [card for group in action.groups for card in group]
            if Hand([*cards, *action.deadwood]) != hand:
                return f"the groups and the deadwood must be exactly the hand {hand}"
            return None
        if isinstance(action, DeclareRumino):
            if state.phase is Phase.DRAW:
                return None if self.is_rumino(hand) else f"{hand} is not a rumino"
            if state.phase is Phase.PLAY:
                return (
                    None
                    if self.rumino_in(hand) is not None
                    else f"{hand} holds no rumino"
                )
            return (
                f"a rumino is declared on one's own turn (the phase is {state.phase})"
            )
        if isinstance(action, Knock):
            if action.discard is None:
                if (
                    self.knock_timing != "instead_of_draw"
                    or state.phase is not Phase.DRAW
                ):
                    return "a knock comes at the start of the turn, instead of drawing (R-1)"
                rest = hand
            else:
                if self.knock_timing != "after_draw" or state.phase is not Phase.PLAY:
                    return "a knock with a discard needs knock_timing='after_draw', after the draw"
                if action.discard not in hand:
                    return f"{action.discard} is not in the hand"
                reason = self.discard_reason(state, action.discard)
                if reason:
                    return reason
                rest = hand.remove(action.discard)
            points = self.deadwood(rest)
            if points > self.knock_limit:
                return f"deadwood {points} is over the knock limit {self.knock_limit} (R-1)"
            return None
        if isinstance(action, DeclareGin):
            if state.phase is not Phase.PLAY:
                return "gin is declared after the draw (R-2)"
            if action.discard not in hand:
                return f"{action.discard} is not in the hand"
            reason = self.discard_reason(state, action.discard)
            if reason:
                return reason
            if self.partition(hand.remove(action.discard)).deadwood:
                return f"{hand.remove(action.discard)} is not all melded: no gin (R-2)"
            return None
        return super().check_action(state, action)

    def apply_action(self, state: State, action: Action) -> State:
        """Knock, gin or rumino: each ends the hand (after a show of every hand
        when ``scoring_mode="as_arranged"``)."""
        player = state.current
        if isinstance(action, Show):
            return self._shown(state, player, action)
        expiry = getattr(action, "expiry", None)
        if expiry is not None:  # a show's timer ran out: show the optimal grouping
            shown = self.turn_start_actions(state)[0]
            assert isinstance(shown, Show)
            return self._shown(state, player, shown)
        event = Event(player=player, action=action)
        if isinstance(action, DeclareRumino):
            state = attrs.evolve(state, history=state.history.add(event))
            return self._rumino_end(state, player, "declared a rumino")
        thrown = action.discard if isinstance(action, Knock | DeclareGin) else None
        if thrown is not None:
            hands = list(state.hands)
            hands[player] = hands[player].remove(thrown)
            event = Event(player=player, action=action, card=thrown)
            state = attrs.evolve(state, hands=tuple(hands), pile=(*state.pile, thrown))
        state = attrs.evolve(state, history=state.history.add(event))
        if isinstance(action, DeclareGin):
            if self.is_rumino(state.hands[player]):
                # A rumino is also a gin; the rumino takes precedence (§1.2).
                return self._rumino_end(state, player, "went gin with a rumino")
            return self._show_or_score(state, player, Termination.GIN)
        return self._show_or_score(state, player, Termination.KNOCK)

    # -- scoring as arranged -------------------------------------------------------------

    def _show_or_score(self, state: State, player: int, how: Termination) -> State:
        """Score now, or first let every hand be shown (``as_arranged``)."""
        if self.scoring_mode == "optimal":
            return self._score(state, player, how)
        queue = [seat for seat in range(state.players) if state.active[seat]]
        start = queue.index(player)
        queue = queue[start:] + queue[:start]
        if how is Termination.GIN:
            queue.remove(player)  # a gin scores gin_score whatever is shown
        return attrs.evolve(
            state,
            phase=Phase.SHOW,
            queue=tuple(queue),
            current=queue[0],
            extra=attrs.evolve(RuminoFacts.of(state), declarer=player),
            decision_id=state.decision_id + 1,
        )

    def _shown(self, state: State, seat: int, action: Show) -> State:
        """Record a shown grouping: its valid melds count, the rest is deadwood."""
        loose = list(action.deadwood)
        melded: list[Meld] = []
        for group in action.groups:
            if self.meld_rules.why_not(group) is None:
                melded.append(Meld.build(group, self.meld_rules))
            else:
                loose += group
        facts = RuminoFacts.of(state)
        shows = dict(facts.show_points)
        shows[seat] = self.point_values.total(loose)
        shown = list(state.shown)
        shown[seat] = state.hands[seat]
        facts = attrs.evolve(facts, show_points=tuple(sorted(shows.items())))
        state = attrs.evolve(
            state,
            extra=facts,
            shown=tuple(shown),
            history=state.history.add(Event(player=seat, action=action)),
        )
        queue = state.queue[1:]
        if queue:
            return attrs.evolve(
                state, queue=queue, current=queue[0], decision_id=state.decision_id + 1
            )
        declarer = facts.declarer
        assert declarer is not None
        last = [event.action for event in state.history if event.player == declarer]
        how = (
            Termination.GIN
            if any(isinstance(a, DeclareGin) for a in last)
            else Termination.KNOCK
        )
        return self._score(state, declarer, how)

    # -- out-of-turn rumino claims -----------------------------------------------------

    def _claimers(self, state: State) -> list[int]:
        """Seats, nearest after the discarder first, whose six cards and the
        discard form a rumino (R-4)."""
        top = state.pile[-1]
        seats = []
        seat = state.next_active(state.turn)
        while seat != state.turn:
            if self.completes_rumino(state.hands[seat], top):
                seats.append(seat)
            seat = state.next_active(seat)
        return seats

    def after_discard(self, state: State) -> State:
        """R-4: after a discard, a rumino it completes may be claimed out of turn:
        claimed for the player in ``auto`` mode, offered to every other player
        in ``manual_window`` mode."""
        if self.rumino_claim_mode == "auto":
            claimers = self._claimers(state)
            if claimers:
                return self._claim(attrs.evolve(state, current=claimers[0]))
            return state.next_turn()
        return state.open_claims()

    def claimants(self, state: State) -> tuple[int, ...]:
        """In ``manual_window`` mode every other player is asked, in turn order, so
        the window itself reveals nothing."""
        seats = []
        seat = state.next_active(state.turn)
        while seat != state.turn:
            seats.append(seat)
            seat = state.next_active(seat)
        return tuple(seats)

    def can_claim(self, state: State, seat: int) -> bool:
        """Whether the discard and six of ``seat``'s cards form a rumino (R-4)."""
        return self.completes_rumino(state.hands[seat], state.pile[-1])

    def apply_claim(self, state: State) -> State:
        """The nearest claimant takes the discard and wins the game."""
        return self._claim(state)

    def _claim(self, state: State) -> State:
        seat = state.current
        card = state.pile[-1]
        hands = list(state.hands)
        hands[seat] = hands[seat].add(card)
        claimed = state.history.add(Event(player=seat, action=Claim(), card=card))
        if state.history and isinstance(state.history[-1].action, Claim):
            claimed = state.history  # a manual claim is already recorded
        state = attrs.evolve(
            state, hands=tuple(hands), pile=state.pile[:-1], history=claimed
        )
        return self._rumino_end(state, seat, f"claimed {card} for a rumino out of turn")

    # -- the end of the hand -----------------------------------------------------------

    def stock_policy(self) -> StockPolicy:
        """R-5: reshuffle all but the top discard, void the hand, or turn the pile over."""
        return _STOCK[self.stock_exhaustion]

    def end_on_exhaustion(self, state: State, policy: StockPolicy) -> State:
        """A void hand scores nothing; the same dealer deals again."""
        return state.end(
            Outcome(
                termination=Termination.VOID,
                winners=(),
                points=(0,) * state.players,
                note="the stock ran out: the hand is void",
            )
        )

    def timer(self, state: State) -> TimerSpec | None:
        """Host-configured timers (§0.4): a move timer (also for a show, which
        then shows the optimal grouping) and a claim timer."""
        if state.phase is Phase.SHOW:
            if self.move_timer is None:
                return None
            return TimerSpec(
                name="show",
                seconds=self.move_timer,
                on_expiry=Expiry.AUTO_ARRANGE_OPTIMAL,
                counts_as_lapse=False,
            )
        if state.phase is Phase.CLAIM:
            if self.claim_timer is None:
                return None
            return TimerSpec(
                name="claim",
                seconds=self.claim_timer,
                on_expiry=Expiry.PASS,
                counts_as_lapse=False,
            )
        if self.move_timer is None or state.phase not in (Phase.DRAW, Phase.PLAY):
            return None
        expiry = (
            Expiry.AUTO_DRAW_STOCK_THEN_DISCARD_DRAWN
            if state.phase is Phase.DRAW
            else Expiry.AUTO_DISCARD
        )
        return TimerSpec(name="move", seconds=self.move_timer, on_expiry=expiry)

    def _rumino_end(self, state: State, seat: int, how: str) -> State:
        points = tuple(0 for _ in range(state.players))
        return state.end(
            Outcome(
                termination=Termination.OUTRIGHT,
                winners=(seat,),
                points=points,
                note=f"player {seat} {how} and wins the game",
            )
        )

    def _score(self, state: State, player: int, how: Termination) -> State:
        """§1.4: everyone adds their optimal deadwood; a gin scores
        :attr:`gin_score`; lay-offs and the undercut penalty per the options."""
        points = [0] * state.players
        knocker_melds: list[Meld] = []
        shows = dict(RuminoFacts.of(state).show_points)
        for seat in range(state.players):
            if not state.active[seat]:
                continue
            grouping = self.partition(state.hands[seat])
            points[seat] = shows.get(seat, grouping.points)
            if seat == player:
                knocker_melds = list(grouping.melds)
        if how is Termination.GIN:
            points[player] = self.gin_score
        elif self.layoff_on_knock and self.scoring_mode == "optimal":
            for seat in range(state.players):
                if seat != player and state.active[seat]:
                    points[seat] = self._after_layoffs(state.hands[seat], knocker_melds)
        note = f"player {player} " + (
            "went gin" if how is Termination.GIN else "knocked"
        )
        if (
            how is Termination.KNOCK
            and self.undercut_penalty
            and any(
                points[seat] < points[player]
                for seat in range(state.players)
                if seat != player and state.active[seat]
            )
        ):
            points[player] += self.undercut_penalty
            note += f" and was undercut (+{self.undercut_penalty})"
        active_points = [
            points[seat] for seat in range(state.players) if state.active[seat]
        ]
        low = min(active_points)
        winners = (
            (player,)
            if how is Termination.GIN
            else tuple(
                seat
                for seat in range(state.players)
                if state.active[seat] and points[seat] == low
            )
        )
        return state.end(
            Outcome(termination=how, winners=winners, points=tuple(points), note=note)
        )

    def _after_layoffs(self, hand: Hand, melds: list[Meld]) -> int:
        """The least deadwood a defender can keep when laying cards off on the
        knocker's melds: every choice of lay-off on each meld (up to what the
        meld takes), then the optimal grouping of what is left."""
        best = self.deadwood(hand)
        options: list[list[tuple[Card, ...]]] = [
            [(), *possible_layoffs(meld, hand, self.meld_rules, limit=len(hand))]
            for meld in melds
        ]
        for choice in product(*options):
            laid = [card for cards in choice for card in cards]
            try:
                rest = hand.remove(*laid)
            except ValueError:
                continue  # two melds asked for the same card
            best = min(best, self.deadwood(rest))
        return best
