"""Many seeded hands between bots, here or on a Ray cluster.

Game ``i`` of a run is dealt from a seed made from the run's seed and ``i``
alone, and the agents' seats from that seed, so a run gives the same results
whatever the backend, the number of workers or the number of machines.

- ``backend="local"`` plays in this process (``workers=1``) or in a pool of
  ``workers`` processes.
- ``backend="ray"`` (extra ``ray``) spreads the games over a Ray cluster:
  the one at ``address`` (``"auto"`` for the cluster this machine belongs
  to), or a local Ray started for the run.

>>> result = simulate("classic", games=4, agents=("greedy", "random"), seed=3)
>>> result.games, sorted(result.rows)
(4, ['greedy', 'random'])
>>> result.rows["greedy"].seats + result.rows["random"].seats
8
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from rummykit.agents import Agent, GreedyAgent, ProcessAgent, RandomAgent
from rummykit.engine import Termination
from rummykit.errors import InvalidOptionError, quoted
from rummykit.variants import get_variant

__all__ = [
    "AGENTS",
    "BACKENDS",
    "MAX_ACTIONS",
    "AgentRow",
    "GameResult",
    "SimulationResult",
    "game_seeds",
    "play_game",
    "simulate",
]

#: The bots a simulation can seat, by name.
AGENTS = ("greedy", "random")
#: Where games can be played.
BACKENDS = ("local", "ray")

#: The most actions a simulated hand may take before it counts as unfinished.
MAX_ACTIONS = 20_000


@attrs.frozen
class GameResult:
    """One simulated hand: each seat's agent and points, the winning seats.

    >>> GameResult(agents=("greedy", "random"), points=(0, 12), winners=(0,)).ended
    True
    """

    agents: tuple[str, ...]
    """The agent of each seat."""
    points: tuple[int, ...]
    """Each seat's points for the hand (zeros if it did not end)."""
    winners: tuple[int, ...]
    """The winning seats."""
    ended: bool = True
    """Whether the hand ended by its rules, not at the engine's action cap
    (:meth:`~rummykit.engine.RuleSet.action_limit`) or this module's
    :data:`MAX_ACTIONS`."""


@attrs.frozen
class AgentRow:
    """One kind of agent's totals over a run.

    >>> AgentRow(seats=4, wins=1, points=30).win_rate
    0.25
    """

    seats: int
    """Seats it played."""
    wins: int
    """Hands it won."""
    points: int
    """Its points, added up."""

    @property
    def win_rate(self) -> float:
        """Wins per seat played."""
        return self.wins / self.seats if self.seats else 0.0

    @property
    def average_points(self) -> float:
        """Points per seat played."""
        return self.points / self.seats if self.seats else 0.0


@attrs.frozen
class SimulationResult:
    """What a run gives: its settings, each game and each agent's totals.

    >>> print(simulate("rumino", games=2, seed=1).table())  # doctest: +ELLIPSIS
    agent   seats  wins  win rate  avg points
    greedy      2 ...
    random      2 ...
    """

    variant: str
    """The variant's name."""
    players: int
    """Seats a hand."""
    seed: int
    """The run's seed."""
    agents: tuple[str, ...]
    """The agents, in the order they were given."""
    results: tuple[GameResult, ...]
    """Every game, in game order."""

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.results)

    @property
    def unfinished(self) -> int:
        """How many hands did not end within the action cap."""
        return sum(not result.ended for result in self.results)

    @property
    def rows(self) -> dict[str, AgentRow]:
        """Each kind of agent's totals, in the order the agents were given."""
        totals: dict[str, list[int]] = {agent: [0, 0, 0] for agent in self.agents}
        for result in self.results:
            for seat, agent in enumerate(result.agents):
                row = totals.setdefault(agent, [0, 0, 0])
                row[0] += 1
                row[1] += seat in result.winners
                row[2] += result.points[seat]
        return {agent: AgentRow(*row) for agent, row in totals.items()}

    def table(self) -> str:
        """The totals as a table for people."""
        lines = ["agent   seats  wins  win rate  avg points"]
        for agent, row in self.rows.items():
            lines.append(
                f"{agent:<7} {row.seats:>5} {row.wins:>5} {row.win_rate:>9.1%} "
                f"{row.average_points:>11.2f}"
            )
        if self.unfinished:
            lines.append(
                f"{self.unfinished} hand(s) reached the action cap "
                "and ended with no score"
            )
        return "\n".join(lines)


Task = tuple[str, dict[str, object], int, tuple[str, ...], int]


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game of a run: from ``seed`` and the game's number alone.

    >>> game_seeds(1, 3) == game_seeds(1, 5)[:3]
    True
    """
    base = random.Random(seed)
    return [base.getrandbits(63) for _ in range(games)]


Commands = Mapping[str, Sequence[str]]

#: The bot programs this process runs, by agent name and seat; each plays
#: its seat hand after hand, and they are stopped when the run ends.
_BOTS: dict[tuple[str, int], ProcessAgent] = {}


def _bot(name: str, seat: int, command: Sequence[str]) -> ProcessAgent:
    bot = _BOTS.get((name, seat))
    if bot is None:
        bot = _BOTS[name, seat] = ProcessAgent(command)
    return bot


def _close_bots() -> None:
    while _BOTS:
        _BOTS.popitem()[1].close()


def _worker_started() -> None:
    """In a pool worker: stop its bot programs when the worker exits."""
    from multiprocessing.util import Finalize

    Finalize(None, _close_bots, exitpriority=10)


def play_game(task: Task, commands: Commands | None = None) -> GameResult:
    """Play one seeded hand: ``(variant, options, players, agents, seed)``.

    The agents rotate round the table by a shift drawn from the seed, so no
    agent always has the same seat.  An agent named in ``commands`` is a bot
    program, run by :class:`~rummykit.agents.ProcessAgent`.

    >>> play_game(("classic", {}, 2, ("greedy", "random"), 5)).ended
    True
    """
    name, options, players, agent_names, seed = task
    commands = commands or {}
    variant = get_variant(name, **options)
    rng = random.Random(seed)
    shift = rng.randrange(players)
    names = tuple(
        agent_names[(seat + shift) % len(agent_names)] for seat in range(players)
    )
    agents: list[Agent] = [
        _bot(agent, seat, commands[agent])
        if agent in commands
        else RandomAgent(seed=seed + seat)
        if agent == "random"
        else GreedyAgent()
        for seat, agent in enumerate(names)
    ]
    state = variant.new_game(players=players, seed=seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            break
        view = state.view(state.current)
        state = state.apply(agents[state.current].choose(view, view.legal_actions))
    outcome = state.outcome
    if outcome is None or outcome.termination is Termination.ACTION_LIMIT:
        return GameResult(agents=names, points=(0,) * players, winners=(), ended=False)
    return GameResult(
        agents=names, points=tuple(outcome.points), winners=tuple(outcome.winners)
    )


def _play_chunk(
    tasks: list[Task], commands: Commands | None = None
) -> list[GameResult]:
    try:
        return [play_game(task, commands) for task in tasks]
    finally:
        _close_bots()


def _local(
    tasks: list[Task], workers: int, commands: Commands | None = None
) -> Iterator[GameResult]:
    if workers == 1:
        try:
            for task in tasks:
                yield play_game(task, commands)
        finally:
            _close_bots()
        return
    play = functools.partial(play_game, commands=commands)
    with ProcessPoolExecutor(max_workers=workers, initializer=_worker_started) as pool:
        yield from pool.map(play, tasks, chunksize=8)


def _ray(
    tasks: list[Task],
    workers: int,
    address: str | None,
    chunk: int,
    commands: Commands | None = None,
) -> Iterator[tuple[int, list[GameResult]]]:
    """Chunks of results from Ray with their first game's number, as they complete."""
    try:
        import ray
    except ImportError as error:
        raise ImportError(
            "the ray backend needs the 'ray' extra: pip install 'rummykit[ray]'"
        ) from error
    started = False
    if not ray.is_initialized():
        if address is not None:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, log_to_driver=False, include_dashboard=False)
        started = True
    try:
        remote = ray.remote(_play_chunk)
        pending = {
            remote.remote(tasks[start : start + chunk], commands): start
            for start in range(0, len(tasks), chunk)
        }
        waiting = list(pending)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for ref in ready:
                yield pending[ref], ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def _commands(commands: Commands | None) -> dict[str, tuple[str, ...]]:
    """The bot programs by name, checked."""
    if commands is None:
        return {}
    if not isinstance(commands, Mapping):
        raise InvalidOptionError(
            f"commands must map agent names to commands, not {quoted(commands)}"
        )
    checked: dict[str, tuple[str, ...]] = {}
    for name, command in commands.items():
        if not isinstance(name, str) or not name or name in AGENTS:
            raise InvalidOptionError(
                f"a bot program needs a name other than {', '.join(AGENTS)}, "
                f"not {quoted(name)}"
            )
        checked[name] = ProcessAgent(command).command  # checks the command
    return checked


def simulate(
    variant: str,
    *,
    games: int = 100,
    players: int = 2,
    agents: Sequence[str] = AGENTS,
    seed: int = 0,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    options: dict[str, object] | None = None,
    progress: Callable[[int, int], Any] | None = None,
    commands: Commands | None = None,
) -> SimulationResult:
    """Play ``games`` seeded hands of ``variant`` between ``agents`` (cycled round the seats).

    ``progress(done, games)`` is called as games complete.  The result is the
    same for every ``backend`` and ``workers`` with the same seed and count.

    ``commands`` names bot programs that play in their own process (see
    :class:`~rummykit.agents.ProcessAgent`): ``{"mybot": ["python", "-m",
    "mybot"]}`` lets ``agents`` name ``"mybot"``.  Each worker starts one
    program for each seat the bot takes and keeps it for every hand it plays
    there; the programs are stopped when the run ends.

    :raises InvalidOptionError: for an unknown variant, option, agent or backend, or a
        bad count.
    :raises AgentError: if a bot program fails (see :class:`~rummykit.agents.ProcessAgent`).

    >>> one = simulate("indian", games=3, players=3, seed=2)
    >>> two = simulate("indian", games=3, players=3, seed=2, workers=2)
    >>> one == two
    True
    >>> simulate("indian", backend="cloud")
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: backend must be one of local, ray, not 'cloud'
    """
    options = dict(options or {})
    if backend not in BACKENDS:
        raise InvalidOptionError(
            f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}"
        )
    names = tuple(agents)
    programs = _commands(commands)
    known = (*AGENTS, *programs)
    unknown = [agent for agent in names if agent not in known]
    if not names or unknown:
        raise InvalidOptionError(
            f"agents are {', '.join(known)}, not {quoted(list(agents))}"
        )
    for label, count in (("games", games), ("workers", workers)):
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise InvalidOptionError(
                f"{label} must be a whole number of at least 1, not {count!r}"
            )
    get_variant(variant, **options).new_game(players=players, seed=0)
    tasks: list[Task] = [
        (variant, options, players, names, game_seed)
        for game_seed in game_seeds(seed, games)
    ]
    results: list[GameResult] = []
    if backend == "local":
        for result in _local(tasks, workers, programs):
            results.append(result)
            if progress is not None:
                progress(len(results), games)
    else:
        chunk = max(1, min(64, games // (4 * workers) or 1))
        by_start: dict[int, list[GameResult]] = {}
        completed = 0
        for start, block in _ray(tasks, workers, address, chunk, programs):
            by_start[start] = block
            completed += len(block)
            if progress is not None:
                progress(completed, games)
        for start in sorted(by_start):
            results.extend(by_start[start])
    return SimulationResult(
        variant=variant,
        players=players,
        seed=seed,
        agents=tuple(dict.fromkeys(names)),
        results=tuple(results),
    )
