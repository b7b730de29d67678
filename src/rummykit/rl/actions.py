"""Fixed action ids for learning agents: every legal action as one integer.

An :class:`ActionCodec` numbers the actions of one variant in a fixed,
documented layout, as OpenSpiel does for its card games.  The first 219 ids
are the same in every variant:

============  =====================================================
ids           action
============  =====================================================
0             draw from the stock (:class:`~rummykit.engine.DrawStock`)
1             take the discard (:class:`~rummykit.engine.DrawDiscard`)
2             knock at the start of the turn (``Knock()``)
3             drop (:class:`~rummykit.engine.Drop`)
4             claim the discard (:class:`~rummykit.engine.Claim`)
5             pass a claim window (:class:`~rummykit.engine.Pass`)
6             show the optimal grouping (:class:`~rummykit.engine.Show`)
7 + c         discard card code ``c`` (0-51 naturals, 52 the joker)
60 + c        knock, discarding card ``c``
113 + c       gin, discarding card ``c``
166 + c       declare with finish card ``c``
============  =====================================================

Card code ``c`` is :attr:`~rummykit.Card.code`: 13 × suit index (spades,
hearts, diamonds, clubs) + rank − 1, and 52 for the joker.

After them come the variant's own actions without arguments (such as
Rumino's ``DeclareRumino``), one id each, in name order.  Variants that lay
melds on the table (Classic, and any variant rummykit does not know to keep
its melds in hand) then have a **meld catalogue**, one id for every meld of
natural cards the variant's meld rules accept, and **lay-off slots**: for
each table position ``t`` (up to the deck's size over the smallest meld),
15 ids for the suits added to a set (a bit mask, spades = 1) and one id for
each way of extending a run by ``below`` cards under it and ``above`` over
it.

Where a choice is combinatorial and the library lists one canonical option,
the id names the choice and the library makes the rest: a declaration's id
is its finish card, the grouping of the other cards is the optimal one the
engine lists; a show's id is "show", the grouping the engine's optimal one.

>>> from rummykit import Card, get_variant
>>> from rummykit.engine import Discard, DrawStock
>>> codec = ActionCodec(get_variant("rumino"), players=2)
>>> codec.size, codec.action_to_id(Discard(Card("Qs")))
(220, 18)
>>> codec.describe(18), codec.describe(219)
('discard Qs', 'declare rumino')
>>> state = get_variant("classic").new_game(players=2, seed=0)
>>> view = state.view(state.current_player)
>>> action_to_id(DrawStock(), view), id_to_action(0, view)
(0, DrawStock())
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Iterable, Sequence

import attrs

from rummykit.cards import JOKER_CODE, Card, Rank
from rummykit.engine import (
    Action,
    Claim,
    Declare,
    DeclareGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Knock,
    LayMeld,
    LayOff,
    Pass,
    PlayerView,
    Show,
    TableMeld,
)
from rummykit.engine.rules import RuleSet
from rummykit.errors import IllegalActionError, RummyError
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.partition.catalogue import every_meld

__all__ = [
    "CARD_KINDS",
    "ActionCodec",
    "Section",
    "UnencodableActionError",
    "action_to_id",
    "codec_for",
    "id_to_action",
]

#: The number of kinds of card: 52 naturals and the joker.
CARD_KINDS = JOKER_CODE + 1

#: Variants known to keep their melds in hand: no meld catalogue or lay-off
#: slots.  Any other variant gets them.
_NO_TABLE = frozenset({"rumino", "indian"})

#: The longest extension of a run by one lay-off that the slots cover.
_MAX_EXTENSION = 11

_SUIT_MASKS = 15

#: The most ids a codec remembers per kind before it starts afresh.
_KNOWN_LIMIT = 4096


class UnencodableActionError(RummyError, ValueError):
    """An action has no id in the layout (such as a meld with a joker, which
    the catalogue of natural melds does not hold).

    >>> issubclass(UnencodableActionError, ValueError)
    True
    """


@attrs.frozen
class Section:
    """A run of consecutive ids that share one meaning.

    >>> Section("discard", start=7, size=53, meaning="discard card c").stop
    60
    """

    name: str
    """A short name, such as ``"discard"``."""
    start: int
    """The first id."""
    size: int
    """How many ids."""
    meaning: str
    """What an id of the section does, for the docs."""

    @property
    def stop(self) -> int:
        """One past the last id."""
        return self.start + self.size


def _extensions() -> tuple[tuple[int, int], ...]:
    pairs = []
    for total in range(1, _MAX_EXTENSION + 1):
        for below in range(total + 1):
            pairs.append((below, total - below))
    return tuple(pairs)


_EXTENSIONS = _extensions()
_EXTENSION_INDEX = {pair: i for i, pair in enumerate(_EXTENSIONS)}
_SLOT = _SUIT_MASKS + len(_EXTENSIONS)

# The fixed part of the layout.
DRAW_STOCK, TAKE_DISCARD, KNOCK, DROP, CLAIM, PASS, SHOW = range(7)
DISCARD = 7
KNOCK_DISCARD = DISCARD + CARD_KINDS
GIN = KNOCK_DISCARD + CARD_KINDS
DECLARE = GIN + CARD_KINDS
FIXED = DECLARE + CARD_KINDS

_FLAGS: dict[type[Action], int] = {
    DrawStock: DRAW_STOCK,
    DrawDiscard: TAKE_DISCARD,
    Drop: DROP,
    Claim: CLAIM,
    Pass: PASS,
}


def _variant_actions(rules: RuleSet) -> tuple[type[Action], ...]:
    """The action classes without fields that the variant's package defines."""
    package = type(rules).__module__.rsplit(".", 1)[0]
    home = type(rules).__module__.rsplit(".", 1)[-1].split("_")[0]
    found: dict[str, type[Action]] = {}
    pending = list(Action.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        module = cls.__module__
        if not module.startswith(package + "."):
            continue
        if module.rsplit(".", 1)[-1].split("_")[0] != home:
            continue
        # attrs replaces a slotted class by a new one; keep the module's own.
        if getattr(sys.modules.get(module), cls.__qualname__, None) is not cls:
            continue
        fields = getattr(cls, "__attrs_attrs__", None)
        if fields is not None and not fields and not inspect.isabstract(cls):
            found[cls.__name__] = cls
    return tuple(found[name] for name in sorted(found))


def _catalogue(rules: MeldRules) -> tuple[Meld, ...]:
    """Every natural meld of one deck, in card-code order."""
    found: dict[tuple[int, ...], Meld] = {}
    for meld in every_meld(rules):
        found.setdefault(_meld_key(meld.cards), meld)
    return tuple(found[key] for key in sorted(found))


class ActionCodec:
    """The fixed action ids of one variant for a given number of players.

    ``size`` is the ``n`` of the ``Discrete(n)`` action space.  Ids that do
    not depend on the table mean the same in every state; lay-off ids are
    relative to the table meld they name.

    >>> from rummykit import get_variant
    >>> codec = ActionCodec(get_variant("classic"), players=2)
    >>> [section.name for section in codec.sections][-2:]
    ['lay_meld', 'lay_off']
    >>> codec.describe(codec.section("lay_meld").start)
    'lay meld As 2s 3s'
    """

    def __init__(self, rules: RuleSet, *, players: int = 2) -> None:
        self.rules = rules
        self.players = players
        meld_rules: MeldRules | None = getattr(rules, "meld_rules", None)
        self.meld_rules = meld_rules
        self.specials = _variant_actions(rules)
        sections = [
            Section("draw_stock", DRAW_STOCK, 1, "draw from the stock"),
            Section("take_discard", TAKE_DISCARD, 1, "take the discard"),
            Section("knock", KNOCK, 1, "knock at the start of the turn"),
            Section("drop", DROP, 1, "drop out of the hand"),
            Section("claim", CLAIM, 1, "claim the discard"),
            Section("pass", PASS, 1, "pass a claim window"),
            Section("show", SHOW, 1, "show the optimal grouping"),
            Section("discard", DISCARD, CARD_KINDS, "discard card c"),
            Section("knock_discard", KNOCK_DISCARD, CARD_KINDS, "knock, discarding c"),
            Section("gin", GIN, CARD_KINDS, "gin, discarding c"),
            Section("declare", DECLARE, CARD_KINDS, "declare with finish card c"),
        ]
        start = FIXED
        if self.specials:
            sections.append(
                Section(
                    "variant",
                    start,
                    len(self.specials),
                    "the variant's own actions, in name order",
                )
            )
            start += len(self.specials)
        self._special_ids = (
            {cls: sections[-1].start + i for i, cls in enumerate(self.specials)}
            if self.specials
            else {}
        )
        self.catalogue: tuple[Meld, ...] = ()
        self.table_slots = 0
        name = getattr(rules, "name", "")
        if name not in _NO_TABLE and meld_rules is not None:
            self.catalogue = _catalogue(meld_rules)
            sections.append(
                Section(
                    "lay_meld",
                    start,
                    len(self.catalogue),
                    "lay meld number i of the catalogue",
                )
            )
            start += len(self.catalogue)
            deck = getattr(rules, "deck", None)
            cards = deck.size if deck is not None else JOKER_CODE
            smallest = min(meld_rules.min_set, meld_rules.min_run)
            self.table_slots = cards // max(smallest, 1)
            sections.append(
                Section(
                    "lay_off",
                    start,
                    self.table_slots * _SLOT,
                    f"lay off on table meld t: {_SLOT} ids a meld",
                )
            )
            start += self.table_slots * _SLOT
        self._catalogue_ids = {
            _meld_key(meld.cards): i for i, meld in enumerate(self.catalogue)
        }
        self.sections: tuple[Section, ...] = tuple(sections)
        self.size = start
        self._lay_meld_start = self.section("lay_meld").start if self.catalogue else 0
        self._lay_off_start = self.section("lay_off").start if self.table_slots else 0
        # Ids already worked out: actions are values, so an action has one id
        # (a lay-off's also depends on its table meld and the wild rank).
        self._ids: dict[Action, int] = {}
        self._lay_off_ids: dict[tuple[object, ...], int] = {}
        # The same, by the identity of the action object (kept alive here, so
        # its id cannot name another object).
        self._same: dict[int, tuple[Action, int]] = {}

    def __repr__(self) -> str:
        name = getattr(self.rules, "name", type(self.rules).__name__)
        return f"ActionCodec({name!r}, players={self.players}, size={self.size})"

    def section(self, name: str) -> Section:
        """The section called ``name``.

        :raises KeyError: if the layout has no such section.

        >>> from rummykit import get_variant
        >>> ActionCodec(get_variant("indian")).section("declare").start
        166
        """
        for section in self.sections:
            if section.name == name:
                return section
        raise KeyError(f"no section {name!r} in {self!r}")

    # -- encoding --------------------------------------------------------------

    def action_to_id(self, action: Action, view: PlayerView | None = None) -> int:
        """The id of ``action``; a lay-off needs the ``view`` for its table meld.

        :raises UnencodableActionError: for an action the layout has no id for.

        >>> from rummykit import Card, get_variant
        >>> from rummykit.engine import Knock
        >>> ActionCodec(get_variant("rumino")).action_to_id(Knock(Card("Jk")))
        112
        """
        known = self._ids.get(action)
        if known is not None:
            return known
        kind = type(action)
        if kind is LayOff and self.table_slots:
            assert isinstance(action, LayOff)
            if view is None:
                raise UnencodableActionError(
                    f"cannot encode {action}: a lay-off's id depends on the table, "
                    "so pass the view"
                )
            return self._lay_off_id(action, view.table, view.wild_rank)
        found = self._encode(action, kind)
        if len(self._ids) >= _KNOWN_LIMIT:
            self._ids.clear()
        self._ids[action] = found
        return found

    def _encode(self, action: Action, kind: type[Action]) -> int:
        flag = _FLAGS.get(kind)
        if flag is not None:
            return flag
        if kind is Discard:
            assert isinstance(action, Discard)
            return DISCARD + action.card.code
        if kind is Knock:
            assert isinstance(action, Knock)
            if action.discard is None:
                return KNOCK
            return KNOCK_DISCARD + action.discard.code
        if kind is DeclareGin:
            assert isinstance(action, DeclareGin)
            return GIN + action.discard.code
        if kind is Declare:
            assert isinstance(action, Declare)
            return DECLARE + action.finish.code
        if kind is Show:
            return SHOW
        special = self._special_ids.get(kind)
        if special is not None:
            return special
        if kind is LayMeld and self.catalogue:
            assert isinstance(action, LayMeld)
            index = self._catalogue_ids.get(_meld_key(action.cards))
            if index is None:
                raise UnencodableActionError(
                    f"cannot encode {action}: the meld catalogue holds melds of "
                    "natural cards only"
                )
            return self._lay_meld_start + index
        raise UnencodableActionError(
            f"cannot encode {action!r}: no id for a {kind.__name__} in {self!r}"
        )

    def _lay_off_id(
        self, action: LayOff, table: Sequence[TableMeld], wild_rank: Rank | None
    ) -> int:
        if not 0 <= action.target < min(len(table), self.table_slots):
            raise UnencodableActionError(
                f"cannot encode {action}: there is no table meld {action.target}"
            )
        placed = table[action.target].meld
        key = (action, placed, wild_rank)
        known = self._lay_off_ids.get(key)
        if known is None:
            known = self._lay_off_offset(action, placed, wild_rank)
            if len(self._lay_off_ids) >= _KNOWN_LIMIT:
                self._lay_off_ids.clear()
            self._lay_off_ids[key] = known
        return self._lay_off_start + action.target * _SLOT + known

    def _lay_off_offset(
        self, action: LayOff, placed: Meld, wild_rank: Rank | None
    ) -> int:
        """The id of a lay-off on ``placed``, counted from the meld's first slot."""
        if placed.kind is MeldKind.SET:
            mask = 0
            for card in action.cards:
                if card.suit is None:
                    raise UnencodableActionError(
                        f"cannot encode {action}: set lay-off slots name suits, "
                        "and a joker has none"
                    )
                bit = 1 << (card.code // 13)
                if mask & bit:
                    raise UnencodableActionError(
                        f"cannot encode {action}: two cards of one suit"
                    )
                mask |= bit
            return mask - 1
        assert self.meld_rules is not None
        grown = Meld.build(
            [*placed.cards, *action.cards],
            self.meld_rules,
            wild_rank=wild_rank,
            kind=MeldKind.RUN,
        )
        old = [card.code for card in placed.stands_for]
        new = [card.code for card in grown.stands_for]
        for below in range(len(new) - len(old) + 1):
            if new[below : below + len(old)] == old:
                above = len(new) - len(old) - below
                index = _EXTENSION_INDEX.get((below, above))
                if index is not None:
                    return _SUIT_MASKS + index
        raise UnencodableActionError(
            f"cannot encode {action}: it does not extend meld {action.target} "
            "at its ends"
        )

    # -- decoding --------------------------------------------------------------

    def legal_ids(self, view: PlayerView) -> dict[int, Action]:
        """The view's legal actions by id (the first listed where two share one).

        >>> from rummykit import get_variant
        >>> state = get_variant("classic").new_game(players=2, seed=0)
        >>> codec = ActionCodec(state.rules)
        >>> sorted(codec.legal_ids(state.view(state.current_player)))
        [0, 1]
        """
        return self._legal_ids(view.legal_actions, view.table, view.wild_rank)

    def _legal_ids(
        self,
        legal: Iterable[Action],
        table: Sequence[TableMeld],
        wild_rank: Rank | None,
    ) -> dict[int, Action]:
        """The ids of ``legal``, the actions of a state with ``table`` and
        ``wild_rank`` (what a lay-off's id depends on): :meth:`legal_ids`
        without a view, for an environment that holds the state."""
        found: dict[int, Action] = {}
        same = self._same
        for action in legal:
            # The engine hands out the same action objects again and again
            # (its discards, its draws), so look them up by identity first.
            known = same.get(id(action))
            if known is not None and known[0] is action:
                action_id = known[1]
            elif type(action) is LayOff and self.table_slots:
                assert isinstance(action, LayOff)
                action_id = self._lay_off_id(action, table, wild_rank)
            else:
                action_id = self.action_to_id(action)
                if len(same) >= _KNOWN_LIMIT:
                    same.clear()
                same[id(action)] = (action, action_id)
            if action_id not in found:  # the first listed keeps the id
                found[action_id] = action
        return found

    def id_to_action(self, action_id: int, view: PlayerView) -> Action:
        """The legal action of ``view`` that ``action_id`` names.

        :raises IllegalActionError: if no legal action has that id.

        >>> from rummykit import get_variant
        >>> state = get_variant("classic").new_game(players=2, seed=0)
        >>> ActionCodec(state.rules).id_to_action(1, state.view(state.current_player))
        DrawDiscard()
        """
        found = self.legal_ids(view).get(action_id)
        if found is None:
            raise IllegalActionError(
                self.describe(action_id) if 0 <= action_id < self.size else action_id,
                f"action id {action_id} names no legal action of player {view.player} now",
            )
        return found

    def describe(self, action_id: int) -> str:
        """What ``action_id`` does, in words.

        :raises ValueError: for an id outside the layout.

        >>> from rummykit import get_variant
        >>> codec = ActionCodec(get_variant("classic"))
        >>> codec.describe(59), codec.describe(codec.section("lay_off").start + 16)
        ('discard Jk', 'lay off on table meld 0: 1 below, 0 above')
        """
        if not isinstance(action_id, int) or not 0 <= action_id < self.size:
            raise IllegalActionError(
                action_id, f"the action id is outside 0..{self.size - 1}"
            )
        for section in self.sections:
            if section.start <= action_id < section.stop:
                offset = action_id - section.start
                break
        name = section.name
        if section.size == 1 and name != "variant":
            return section.meaning
        if name in ("discard", "knock_discard", "gin", "declare"):
            card = Card.from_code(offset)
            return _CARD_WORDS[name].format(card=card)
        if name == "variant":
            return str(self.specials[offset]())
        if name == "lay_meld":
            return "lay meld " + " ".join(map(str, self.catalogue[offset].cards))
        target, slot = divmod(offset, _SLOT)
        if slot < _SUIT_MASKS:
            suits = "".join("shdc"[i] for i in range(4) if (slot + 1) >> i & 1)
            return f"lay off on table meld {target}: suits {suits}"
        below, above = _EXTENSIONS[slot - _SUIT_MASKS]
        return f"lay off on table meld {target}: {below} below, {above} above"


_CARD_WORDS = {
    "discard": "discard {card}",
    "knock_discard": "knock, discarding {card}",
    "gin": "gin, discarding {card}",
    "declare": "declare with finish card {card}",
}


def _meld_key(cards: Iterable[Card]) -> tuple[int, ...]:
    return tuple(sorted(card.code for card in cards))


@functools.lru_cache(maxsize=64)
def codec_for(rules: RuleSet, players: int = 2) -> ActionCodec:
    """The codec of ``rules`` for ``players`` seats, built once.

    >>> from rummykit import get_variant
    >>> codec_for(get_variant("rumino")) is codec_for(get_variant("rumino"))
    True
    """
    return ActionCodec(rules, players=players)


def action_to_id(action: Action, view: PlayerView) -> int:
    """The id of ``action`` in the layout of ``view``'s variant.

    >>> from rummykit import Card, get_variant
    >>> from rummykit.engine import Discard
    >>> view = get_variant("indian").new_game(players=2, seed=1).view(0)
    >>> action_to_id(Discard(Card("As")), view)
    7
    """
    return codec_for(view.rules, view.players).action_to_id(action, view)


def id_to_action(action_id: int, view: PlayerView) -> Action:
    """The legal action of ``view`` with id ``action_id``.

    :raises IllegalActionError: if no legal action has that id.

    >>> from rummykit import get_variant
    >>> state = get_variant("rumino").new_game(players=2, seed=1)
    >>> id_to_action(0, state.view(state.current_player))
    DrawStock()
    """
    return codec_for(view.rules, view.players).id_to_action(action_id, view)


def mask_of(codec: ActionCodec, ids: Sequence[int]) -> list[int]:
    """A 0/1 list of ``codec.size`` with ones at ``ids``.

    >>> from rummykit import get_variant
    >>> mask_of(ActionCodec(get_variant("rumino")), [0, 2])[:4]
    [1, 0, 1, 0]
    """
    mask = [0] * codec.size
    for action_id in ids:
        mask[action_id] = 1
    return mask
