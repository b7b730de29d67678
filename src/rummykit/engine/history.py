"""A read-only sequence that grows by one item in constant time.

A hand's history and its list of actions grow by one entry at every step.
Copying a tuple at each step made a hand's cost grow with the square of its
length; :class:`History` shares everything before the new entry with the
sequence it grew from (a persistent linked list), so :meth:`History.add` costs
the same at the 10,000th step as at the first.

It reads like a tuple: ``len``, indexing, slicing (which gives a tuple),
iteration, ``in``, and equality with a tuple or another history holding the
same items.

>>> from rummykit.engine.history import History
>>> first = History(["a", "b"])
>>> second = first.add("c")
>>> len(first), len(second), second[-1], second[1:]
(2, 3, 'c', ('b', 'c'))
>>> second == ("a", "b", "c"), list(first)
(True, ['a', 'b'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar, final, overload

__all__ = ["History"]

T = TypeVar("T")

#: How near the end an index or a slice's start must be to be read back from
#: the end instead of from the whole tuple (a reader catching up on new items).
_NEAR_END = 64


@final
class History(Sequence[T]):
    """An immutable sequence with a constant-time :meth:`add`.

    Each history holds its last item and the history before it; reading by
    position builds (once, then keeps) a tuple of every item.  The last item
    and the length are read without it.

    >>> History().add(1).add(2)
    History((1, 2))
    >>> History((1, 2)) == History([1]).add(2), hash(History((1, 2))) == hash((1, 2))
    (True, True)
    """

    __slots__ = ("_before", "_hash", "_items", "_last", "_len", "_mapped")

    _before: History[T] | None
    _last: T | None
    _len: int
    _items: tuple[T, ...] | None
    _hash: int | None
    _mapped: dict[object, History[T]] | None

    def __init__(self, items: Iterable[T] = ()) -> None:
        values = tuple(items)
        self._items = values
        self._hash = None
        self._len = len(values)
        self._before = None
        self._last = values[-1] if values else None
        self._mapped = None

    @classmethod
    def _grown(cls, before: History[T], item: T) -> History[T]:
        grown: History[T] = object.__new__(cls)
        grown._before = before
        grown._last = item
        grown._len = before._len + 1
        grown._items = None
        grown._hash = None
        grown._mapped = None
        return grown

    # -- growing -----------------------------------------------------------------------

    def add(self, item: T) -> History[T]:
        """This history with ``item`` after its last; this one is unchanged.

        >>> History("ab").add("c")[-1]
        'c'
        """
        return History._grown(self, item)

    def extend(self, items: Iterable[T]) -> History[T]:
        """This history with each of ``items`` added in order.

        >>> History("a").extend("bc") == tuple("abc")
        True
        """
        result = self
        for item in items:
            result = History._grown(result, item)
        return result

    def __add__(self, other: Iterable[T]) -> History[T]:
        return self.extend(other)

    def mapped(self, key: object, function: Callable[[T], T]) -> History[T]:
        """This history with ``function`` applied to each item, kept under ``key``.

        The result is kept with this history and with each history it grew
        from, so mapping a history a few items longer than one already mapped
        under the same ``key`` calls ``function`` for the new items only.
        ``key`` must be hashable, and ``function`` must give equal results for
        equal items under one key.

        >>> calls = []
        >>> def double(item: int) -> int:
        ...     calls.append(item)
        ...     return 2 * item
        >>> first = History([1, 2]).add(3)
        >>> first.mapped("double", double), first.add(4).mapped("double", double)
        (History((2, 4, 6)), History((2, 4, 6, 8)))
        >>> calls
        [1, 2, 3, 4]
        """
        newer: list[History[T]] = []
        node: History[T] = self
        while True:
            known = node._mapped
            if known is not None and key in known:
                result: History[T] = known[key]
                break
            if node._before is None:
                result = History(function(item) for item in node.items())
                node._mapped = (
                    {key: result} if known is None else {**known, key: result}
                )
                break
            newer.append(node)
            node = node._before
        for node in reversed(newer):
            result = History._grown(result, function(node._last))  # type: ignore[arg-type]
            if node._mapped is None:
                node._mapped = {key: result}
            else:
                node._mapped[key] = result
        return result

    # -- reading -----------------------------------------------------------------------

    def items(self) -> tuple[T, ...]:
        """Every item, first to last, as a tuple (built once, then kept).

        >>> History("ab").add("c").items()
        ('a', 'b', 'c')
        """
        values = self._items
        if values is not None:
            return values
        newer: list[T] = []
        node: History[T] = self
        known = node._items
        while known is None:
            newer.append(node._last)  # type: ignore[arg-type]
            assert node._before is not None
            node = node._before
            known = node._items
        newer.reverse()
        values = known + tuple(newer)
        self._items = values
        if node._before is not None:
            # A grown history's tuple is only a cache: pass it on rather than keep
            # one on every step, which would hold n * n / 2 items for n steps.
            node._items = None
        return values

    def since(self, older: History[T]) -> list[T] | None:
        """The items added after ``older``, first to last, if this history
        grew from that very one by at most 64 items; ``None`` otherwise
        (a reader catching up compares from its last item instead).

        >>> first = History("ab")
        >>> first.add("c").add("d").since(first), first.since(first), History("ab").since(first)
        (['c', 'd'], [], None)
        """
        newer: list[T] = []
        node: History[T] | None = self
        stop = self._len - older._len
        while node is not older:
            if node is None or len(newer) >= stop or len(newer) >= _NEAR_END:
                return None
            newer.append(node._last)  # type: ignore[arg-type]
            node = node._before
        newer.reverse()
        return newer

    def _tail(self, count: int) -> list[T]:
        """The last ``count`` items, first to last, read back from the end."""
        tail: list[T] = []
        node: History[T] = self
        while len(tail) < count:
            known = node._items
            if known is not None:
                tail.extend(reversed(known[len(known) - (count - len(tail)) :]))
                break
            tail.append(node._last)  # type: ignore[arg-type]
            assert node._before is not None
            node = node._before
        tail.reverse()
        return tail

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        length = self._len
        if type(index) is int:
            if length and (index == -1 or index == length - 1):
                return self._last  # type: ignore[return-value]
            back = length - index if index >= 0 else -index
            if 0 < back <= _NEAR_END and self._items is None:
                return self._tail(back)[0]
        elif (
            type(index) is slice
            and index.step is None
            and index.stop is None
            and type(index.start) is int
            and self._items is None
        ):
            # The items since ``start`` (a reader catching up): read back from the end.
            start = index.start if index.start >= 0 else max(0, length + index.start)
            if 0 <= length - start <= _NEAR_END:
                return tuple(self._tail(length - start))
        return self.items()[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self.items())

    def __reversed__(self) -> Iterator[T]:
        node: History[T] | None = self
        while node is not None and node._len:
            if node._items is not None:
                yield from reversed(node._items)
                return
            yield node._last  # type: ignore[misc]
            node = node._before

    def __bool__(self) -> bool:
        return self._len > 0

    # -- comparing ---------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, History):
            if self._len != other._len:
                return False
            mine: History[Any] = self
            theirs: History[Any] = other
            # Walk back until the two share their past (or one is a tuple).
            while mine is not theirs:
                if mine._items is not None or theirs._items is not None:
                    return mine.items() == theirs.items()
                if mine._last != theirs._last:
                    return False
                assert mine._before is not None and theirs._before is not None
                mine, theirs = mine._before, theirs._before
            return True
        if isinstance(other, tuple):
            return self._len == len(other) and self.items() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.items())
        return self._hash

    def __repr__(self) -> str:
        return f"History({self.items()!r})"

    def __reduce__(self) -> tuple[type[History[T]], tuple[tuple[T, ...]]]:
        return (History, (self.items(),))
