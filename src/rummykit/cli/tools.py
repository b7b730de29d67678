"""``rummykit solve``, ``simulate`` and ``replay``."""

from __future__ import annotations

import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rummykit.agents import Agent, GreedyAgent, RandomAgent
from rummykit.cards import Hand, Rank
from rummykit.engine import Termination
from rummykit.errors import InvalidCardError, RummyError
from rummykit.variants import Variant, get_variant

__all__ = ["replay", "simulate", "solve"]

_AGENTS = {"greedy": GreedyAgent, "random": RandomAgent}


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
    >>> solve("classic", "As 2x", None, False, False, {})
    rummykit: bad card '2x' at position 2 of 'As 2x': unknown suit 'x' (suits are s h d c or ♠ ♥ ♦ ♣)
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
        print(f"rummykit: {error}")
        return 2
    for result in results:
        print(result)
    return 0


def _game(
    task: tuple[str, dict[str, object], int, tuple[str, ...], int],
) -> tuple[list[str], list[int], bool]:
    """Play one seeded hand; return the winners' and each seat's agent, the
    points, and whether the hand ran into the engine's action cap."""
    name, options, players, agent_names, seed = task
    variant = get_variant(name, **options)
    rng = random.Random(seed)
    # Rotate the agents round the table so no agent always has the same seat.
    shift = rng.randrange(players)
    names = [agent_names[(seat + shift) % len(agent_names)] for seat in range(players)]
    agents: list[Agent] = [
        RandomAgent(seed=seed + seat) if agent == "random" else GreedyAgent()
        for seat, agent in enumerate(names)
    ]
    state = variant.new_game(players=players, seed=seed)
    # Every hand ends: by its rules, or by the engine's action cap.
    while not state.is_terminal:
        view = state.view(state.current)
        state = state.apply(agents[state.current].choose(view, view.legal_actions))
    outcome = state.outcome
    assert outcome is not None
    winners = [
        names[seat] if seat in outcome.winners else "" for seat in range(players)
    ]
    capped = outcome.termination is Termination.ACTION_LIMIT
    return winners + names, list(outcome.points), capped


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

    Game ``i`` is dealt from a seed made from ``seed`` and ``i`` alone, so the
    results are the same whatever the number of workers.  ``backend="ray"``
    plays them on a Ray cluster through :func:`rummykit.simulation.simulate`.

    >>> simulate("rumino", games=4, players=2, agents="greedy,random", seed=1,
    ...          workers=1, options={})  # doctest: +ELLIPSIS
    rumino: 4 hands, 2 players, seed 1
    agent   seats  wins  win rate  avg points
    greedy      4     ...
    0
    """
    variant = _variant(name, options)
    names = tuple(part.strip() for part in agents.split(",") if part.strip())
    unknown = [agent for agent in names if agent not in _AGENTS]
    if not names or unknown:
        raise SystemExit(f"rummykit: agents are {', '.join(_AGENTS)}, not {agents!r}")
    if games < 1 or workers < 1:
        raise SystemExit("rummykit: --games and --workers must be at least 1")
    try:
        variant.new_game(players=players, seed=0)
    except ValueError as error:
        raise SystemExit(f"rummykit: {error}") from None
    if backend != "local":
        return _simulate_elsewhere(
            name, games, players, names, seed, workers, options, backend, address
        )
    base = random.Random(seed)
    seeds = [base.getrandbits(63) for _ in range(games)]
    tasks = [(name, options, players, names, game_seed) for game_seed in seeds]
    results = []
    if workers == 1:
        for number, task in enumerate(tasks, start=1):
            results.append(_game(task))
            if games >= 200 and number % 100 == 0:
                print(f"  {number}/{games} hands", file=sys.stderr)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for number, result in enumerate(
                pool.map(_game, tasks, chunksize=8), start=1
            ):
                results.append(result)
                if games >= 200 and number % 100 == 0:
                    print(f"  {number}/{games} hands", file=sys.stderr)
    kinds = tuple(dict.fromkeys(names))  # one row per kind of agent
    seats: dict[str, int] = {agent: 0 for agent in kinds}
    wins: dict[str, int] = {agent: 0 for agent in kinds}
    points: dict[str, int] = {agent: 0 for agent in kinds}
    capped = 0
    for labels, scored, cut_short in results:
        capped += cut_short
        winners, played = labels[:players], labels[players:]
        for seat, agent in enumerate(played):
            seats[agent] += 1
            points[agent] += scored[seat]
        for agent in winners:
            if agent:
                wins[agent] += 1
    print(f"{name}: {games} hands, {players} players, seed {seed}")
    print("agent   seats  wins  win rate  avg points")
    for agent in kinds:
        rate = wins[agent] / seats[agent] if seats[agent] else 0.0
        average = points[agent] / seats[agent] if seats[agent] else 0.0
        print(
            f"{agent:<7} {seats[agent]:>5} {wins[agent]:>5} {rate:>9.1%} {average:>11.2f}"
        )
    if capped:
        print(
            f"{capped} hand(s) reached the cap of {variant.action_limit()} "
            "actions and ended with no score"
        )
    return 0


def _simulate_elsewhere(
    name: str,
    games: int,
    players: int,
    names: tuple[str, ...],
    seed: int,
    workers: int,
    options: dict[str, object],
    backend: str,
    address: str | None,
) -> int:
    """``simulate`` on another backend (Ray), with progress as games complete."""
    from rummykit.simulation import simulate as run

    def progress(done: int, total: int) -> None:
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
        print(f"rummykit: cannot read {path}: {error}")
        return 2
    except RummyError as error:
        print(f"rummykit: {path} is not a valid saved game: {error}")
        return 2
    if _kind(text) == "match":
        return _replay_match(path, text, player)
    try:
        saved = state_from_json(text)
    except RummyError as error:
        print(f"rummykit: {path} is not a valid saved hand: {error}")
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
        print(f"rummykit: {path} is not a valid saved match: {error}")
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
