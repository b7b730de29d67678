"""History: the persistent sequence behind ``State.history`` and ``State.actions``.

It must read exactly like the tuple it replaces, whatever way it was grown,
and growing it must never change a history already handed out.
"""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from rummykit.engine import DrawStock, History
from rummykit.variants import ClassicRummy

items = st.lists(st.integers(-5, 5), max_size=12)


def grown(start: list[int], more: list[int]) -> History[int]:
    history = History(start)
    for item in more:
        history = history.add(item)
    return history


@given(items, items)
def test_a_history_reads_like_its_tuple(start: list[int], more: list[int]) -> None:
    history = grown(start, more)
    values = (*start, *more)
    assert len(history) == len(values)
    assert tuple(history) == values and list(reversed(history)) == list(
        reversed(values)
    )
    assert history == values and values == history and (history != values) is False
    assert hash(history) == hash(values)
    assert bool(history) == bool(values)
    for index in range(-len(values), len(values)):
        assert history[index] == values[index]
    assert history[1:-1] == values[1:-1] and history[::2] == values[::2]
    assert all(item in history for item in values)
    assert pickle.loads(pickle.dumps(history)) == history


@given(items, items, items)
def test_histories_compare_by_items_however_they_were_grown(
    a: list[int], b: list[int], c: list[int]
) -> None:
    one = grown(a, b)
    other = grown(a + b[:1], b[1:])
    assert one == other and hash(one) == hash(other)
    longer = one.extend(c)
    assert (longer == one) == (not c)
    assert (grown(a, [*b, 9]) == grown(a, [*b, 8])) is False
    assert one != list(one) or not a + b  # like a tuple, unequal to a list


@given(
    items,
    st.lists(st.tuples(st.integers(-5, 5), st.integers(0, 2)), max_size=90),
    st.data(),
)
def test_every_history_of_a_chain_reads_right_whatever_was_read_before(
    start: list[int], steps: list[tuple[int, int]], data: st.DataObject
) -> None:
    """Reads from the end (a reader catching up) and whole-tuple reads, mixed
    along one chain in any order, each give what the tuple gives."""
    chain = [(History(start), tuple(start))]
    for item, read in steps:
        history, values = chain[-1]
        chain.append((history.add(item), (*values, item)))
        if read == 1:
            data.draw(st.sampled_from(chain))[0].items()
    for history, values in data.draw(st.permutations(chain))[:8]:
        for index in range(-len(values), len(values)):
            assert history[index] == values[index]
        for begin in range(-len(values) - 2, len(values) + 2):
            assert history[begin:] == values[begin:]
        assert history == values and hash(history) == hash(values)


def test_reading_every_step_keeps_one_tuple_not_one_a_step() -> None:
    """A reader that asks for the whole history after every step must not leave
    a copy of it on every step (n * n / 2 items for n steps)."""
    history: History[int] = History([0, 1, 2])
    for item in range(3, 500):
        history = history.add(item)
        assert history.items()[-1] == item and history[item - 3 :] == (
            item - 3,
            item - 2,
            item - 1,
            item,
        )
    kept = 0
    node: History[int] | None = history
    while node is not None:
        kept += node._items is not None
        node = node._before
    assert kept == 2  # the first history's own items, and the newest's


def test_growing_leaves_the_old_history_as_it_was() -> None:
    base = History([1, 2]).add(3)
    left, right = base.add(4), base.add(5)
    assert base == (1, 2, 3) and left == (1, 2, 3, 4) and right == (1, 2, 3, 5)
    assert left[-1] == 4 and right[-1] == 5 and base[-1] == 3


def test_a_state_keeps_its_history_when_a_later_state_grows_it() -> None:
    state = ClassicRummy().new_game(players=2, seed=4)
    after = state.apply(DrawStock())
    later = after.apply(after.legal_actions()[-1])
    assert len(after.history) == 1 and len(later.history) == 2
    assert later.history[:1] == after.history and later.actions[0] == DrawStock()
    assert isinstance(later.history, History) and isinstance(later.actions, History)
