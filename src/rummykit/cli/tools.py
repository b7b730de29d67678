"""``rummykit solve``, ``simulate`` and ``replay``."""

from __future__ import annotations

import sys
from pathlib import Path

from rummykit.cards import Hand, Rank
from rummykit.errors import InvalidCardError, RummyError
from rummykit.variants import Variant, get_variant

__all__ = ["replay", "simulate", "solve"]


def _variant(name: str, options: dict[str, object]) -> Variant:
    try:
        return get_variant(name, **options)
    except ValueError as error:
        raise SystemExit(f"rummykit: {error}") from None


def solve(
    name: str,
    cards: str,
    wild: str | None,
    discard: bool,
    every: bool,
    options: dict[str, object],
) -> int:
    """Print the optimal grouping of ``cards`` (after the best discard if asked).

    >>> solve("rumino", "5s Jk 7s Tc Th Td 3h", None, False, False, {})
    [5s Jk=6s 7s] [Th Td Tc] deadwood 3h = 3
    0
    >>> solve("classic", "As 2x", None, False, False, {})  # says why on stderr
    2
    """
    variant = _variant(name, options)
    try:
        hand = Hand.parse(cards)
        wild_rank = Rank.parse(wild) if wild else None
        deck = variant.deck
        for card in dict.fromkeys(hand.cards):
            if hand.count(card) > deck.copies(card):
                raise InvalidCardError(
                    f"{variant.name}'s deck holds {deck.copies(card)} {card}, "
                    f"not {hand.count(card)}"
                )
        if not hand:
            raise InvalidCardError('give some cards to solve, such as "As 2s 3s 9d"')
        if every:
            results = variant.all_partitions(hand, wild_rank=wild_rank, discard=discard)
        elif discard:
            results = (variant.best_discard(hand, wild_rank=wild_rank),)
        else:
            results = (variant.partition(hand, wild_rank=wild_rank),)
    except RummyError as error:
        print(f"rummykit: {error}", file=sys.stderr)
        return 2
    for result in results:
        print(result)
    return 0


def simulate(
    name: str,
    *,
    games: int,
    players: int,
    agents: str,
    seed: int,
    workers: int,
    options: dict[str, object],
    backend: str = "local",
    address: str | None = None,
) -> int:
    """Play ``games`` seeded hands between bots and print win rates and points.

    The hands are played by :func:`rummykit.simulation.simulate`: game ``i``
    is dealt from a seed made from ``seed`` and ``i`` alone, so the results
    are the same whatever the number of workers, here or on a Ray cluster
    (``backend="ray"``).  Progress goes to stderr: every 100 hands of a long
    local run, and as each batch completes on Ray.

    >>> simulate("rumino", games=4, players=2, agents="greedy,random", seed=1,
    ...          workers=1, options={})  # doctest: +ELLIPSIS
    rumino: 4 hands, 2 players, seed 1
    agent   seats  wins  win rate  avg points
    greedy      4     ...
    0
    """
    from rummykit.simulation import AGENTS
    from rummykit.simulation import simulate as run

    variant = _variant(name, options)
    names = tuple(part.strip() for part in agents.split(",") if part.strip())
    unknown = [agent for agent in names if agent not in AGENTS]
    if not names or unknown:
        raise SystemExit(f"rummykit: agents are {', '.join(AGENTS)}, not {agents!r}")
    if games < 1 or workers < 1:
        raise SystemExit("rummykit: --games and --workers must be at least 1")
    try:
        variant.new_game(players=players, seed=0)
    except ValueError as error:
        raise SystemExit(f"rummykit: {error}") from None

    def progress(done: int, total: int) -> None:
        if backend != "local" or (total >= 200 and done % 100 == 0):
            print(f"  {done}/{total} hands", file=sys.stderr)

    try:
        result = run(
            name,
            games=games,
            players=players,
            agents=names,
            seed=seed,
            backend=backend,
            workers=workers,
            address=address,
            options=options,
            progress=progress,
        )
    except ImportError as error:
        raise SystemExit(f"rummykit: {error}") from None
    print(f"{name}: {games} hands, {players} players, seed {seed}")
    print(result.table())
    return 0


def replay(path: str, player: int | None) -> int:
    """Step through a saved hand or match, action by action.

    With ``player``, each step is shown as that player saw it.
    """
    from rummykit.cli.demo import narrate
    from rummykit.serialize import state_from_json

    try:
        text = _read_save(path)
    except OSError as error:
        print(f"rummykit: cannot read {path}: {error}", file=sys.stderr)
        return 2
    except RummyError as error:
        print(f"rummykit: {path} is not a valid saved game: {error}", file=sys.stderr)
        return 2
    if _kind(text) == "match":
        return _replay_match(path, text, player)
    try:
        saved = state_from_json(text)
    except RummyError as error:
        print(f"rummykit: {path} is not a valid saved hand: {error}", file=sys.stderr)
        return 2
    origin = saved.origin
    assert origin is not None
    rules = saved.rules
    assert isinstance(rules, Variant)
    state = rules.new_game(
        saved.players,
        deck=origin.deck,
        dealer=origin.dealer,
        seats=origin.seats,
        chance=origin.chance,
    )
    print(f"{rules.name}: {saved.players} players, dealer {origin.dealer}")
    shown = 0
    for step, action in enumerate(saved.actions, start=1):
        state = state.apply(action)
        events = state.history[shown:]
        shown = len(state.history)
        for event in events:
            if player is not None and event.player != player:
                event = event.censored()
            print(f"{step:>4} {narrate(event).strip()}")
    if state.outcome is not None:
        print(f"result: {state.outcome.note}")
    return 0


def _read_save(path: str) -> bytes:
    """A saved game's bytes, refusing (before reading more) a file larger
    than :data:`rummykit.serialize.LIMITS` allows; /dev/zero included."""
    from rummykit.errors import InvalidStateError
    from rummykit.serialize import LIMITS

    limit = LIMITS.max_bytes
    with Path(path).open("rb") as file:
        text = file.read(limit + 1)
    if len(text) > limit:
        raise InvalidStateError(
            f"the file is larger than {limit:,} bytes (Limits.max_bytes)"
        )
    return text


def _kind(text: bytes) -> object:
    """The ``kind`` a saved document says it is (``None`` if it says nothing)."""
    import json

    from rummykit.serialize import LIMITS

    if text.count(b",") > LIMITS.max_entries:
        return None  # the loader refuses it, naming the limit, without parsing it
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return data.get("kind") if isinstance(data, dict) else None


def _replay_match(path: str, text: bytes, player: int | None) -> int:
    """Step through a saved match (``rummykit serve`` saves these), hand by hand."""
    from rummykit.cli.demo import narrate
    from rummykit.match import Match
    from rummykit.serialize import match_from_json

    try:
        saved = match_from_json(text)
    except RummyError as error:
        print(f"rummykit: {path} is not a valid saved match: {error}", file=sys.stderr)
        return 2
    variant = saved.variant
    assert isinstance(variant, Variant)
    match = Match.start(
        variant,
        saved.players,
        seed=saved.seed,
        dealer=saved.first_dealer,
        max_hands=saved.max_hands,
    )
    print(f"{variant.name}: a match of {saved.players} players")
    print(f"hand {match.hand_number}, dealer {match.state.dealer}")
    shown = 0
    for step, action in enumerate(saved.actions, start=1):
        before = match
        match = match.apply(action)
        hand = before.state if before.queue else before.state.apply(action)
        for event in hand.history[shown:]:
            if player is not None and event.player != player:
                event = event.censored()
            print(f"{step:>4} {narrate(event).strip()}")
        shown = len(hand.history)
        if before.queue:
            print(f"{step:>4}   player {before.queue[0]}: {action}")
        if hand.outcome is not None and not before.state.is_terminal:
            print(f"result: {hand.outcome.note}; points {list(hand.outcome.points)}")
        if match.hand_number != before.hand_number:
            shown = 0
            print(f"hand {match.hand_number}, dealer {match.state.dealer}")
    if match.is_terminal:
        winners = " and ".join(f"player {seat}" for seat in match.winners)
        print(f"the match is over: {winners} won; scores {list(match.scores)}")
    return 0
