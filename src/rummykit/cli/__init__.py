"""The ``rummykit`` command: demo, play, solve, simulate, replay and serve.

>>> main(["solve", "classic", "As 2s 3s 7c 7d 7h Kd"])
[As 2s 3s] [7h 7d 7c] deadwood Kd = 10
0

Every usage error (bad arguments, cards, options or files) ends the command
with exit status 2, as argparse's own errors do.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rummykit.errors import RummyError
from rummykit.variants import VARIANTS

__all__ = ["USAGE_ERROR", "main"]


def _options(pairs: Sequence[str]) -> dict[str, object]:
    """Parse ``key=value`` options: numbers, true/false, none, or text."""
    options: dict[str, object] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise SystemExit(f"rummykit: an option is key=value, not {pair!r}")
        value: object = text
        lowered = text.lower()
        if lowered in ("true", "false"):
            value = lowered == "true"
        elif lowered == "none":
            value = None
        else:
            try:
                value = int(text)
            except ValueError:
                try:
                    value = float(text)
                except ValueError:
                    value = text
        options[key] = value
    return options


#: The exit status of every usage error, as argparse uses for its own.
USAGE_ERROR = 2


def _port(text: str) -> int:
    """A TCP port number, for ``serve --port``."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {text!r:.40}")
    return port


def _seconds(text: str) -> float:
    """A number of seconds from 0 to a day, for ``serve --bot-delay``."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 86_400:
        raise argparse.ArgumentTypeError(
            f"a delay is 0 to 86400 seconds, not {text!r:.40}"
        )
    return seconds


def _seed(text: str) -> int:
    """A seed for ``--seed``: a whole number from 0 to 2**63 - 1."""
    from rummykit._arguments import check_seed

    try:
        seed = check_seed("--seed", int(text))
    except (ValueError, RummyError):
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number from 0 to 2**63 - 1, not {text!r:.40}"
        ) from None
    assert seed is not None
    return seed


def _version() -> str:
    import rummykit

    return f"rummykit {rummykit.__version__}"


def _parser() -> argparse.ArgumentParser:
    names = [variant.name for variant in VARIANTS]
    parser = argparse.ArgumentParser(
        prog="rummykit", description="Rummy rules, games and tools."
    )
    parser.add_argument(
        "--version", action="version", version=_version(), help="print the version"
    )
    commands = parser.add_subparsers(dest="command", required=True)

    demo = commands.add_parser(
        "demo", help="play a seeded hand of each variant between bots"
    )
    demo.add_argument("--seed", type=_seed, default=7, help="the seed of the deals")

    play = commands.add_parser("play", help="play a hand against bots in the terminal")
    play.add_argument("variant", help=f"one of {', '.join(names)}")
    play.add_argument("--players", type=int, default=2, help="players, you included")
    play.add_argument("--seed", type=_seed, default=None, help="the seed of the deal")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")

    solve = commands.add_parser("solve", help="the optimal grouping of some cards")
    solve.add_argument("variant", help=f"one of {', '.join(names)}")
    solve.add_argument("cards", help='the cards, such as "As 2s 3s 9d"')
    solve.add_argument("--wild", default=None, help="the wild rank, such as 7")
    solve.add_argument(
        "--discard", action="store_true", help="choose the best discard too"
    )
    solve.add_argument("--all", action="store_true", help="list every optimal grouping")
    solve.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")

    simulate = commands.add_parser("simulate", help="play many hands between bots")
    simulate.add_argument("variant", help=f"one of {', '.join(names)}")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--players", type=int, default=2)
    simulate.add_argument(
        "--agents",
        default="greedy,random",
        help="comma-separated, one a seat or cycled",
    )
    simulate.add_argument(
        "--seed",
        type=_seed,
        default=0,
        help="the seed of the whole run: each deal's seed comes from it and the "
        "hand's number",
    )
    simulate.add_argument("--workers", type=int, default=1)
    simulate.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="where to play: this machine, or a Ray cluster (extra 'ray')",
    )
    simulate.add_argument(
        "--address", default=None, help="the Ray cluster to join (default: start one)"
    )
    simulate.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")

    replay = commands.add_parser("replay", help="step through a saved hand or match")
    replay.add_argument(
        "file",
        help="a file written by rummykit.serialize.state_to_json or match_to_json",
    )
    replay.add_argument(
        "--player", type=int, default=None, help="show it as this player sees it"
    )

    serve = commands.add_parser(
        "serve", help="the browser table (needs the web extra: rummykit[web])"
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=_port, default=8000, help="the port to listen on")
    serve.add_argument(
        "--bot-delay", type=_seconds, default=0.5, help="seconds a bot waits to move"
    )
    serve.add_argument(
        "--save-dir", default=None, help="save every match here after each hand"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``rummykit`` command with ``argv`` and return its exit status.

    The status is 0, or 2 (:data:`USAGE_ERROR`) for a usage error: bad
    arguments, cards, options or files.  A bad argument that argparse itself
    finds raises :class:`SystemExit` with status 2, as argparse does; other
    usage errors print a message that starts with ``rummykit:`` and return 2.

    >>> from rummykit.cli import main
    >>> main(["solve", "gin", "As 2s 3s", "--option", "knock_limit=-1"])
    2
    """
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except SystemExit as stop:
        if not isinstance(stop.code, str):
            raise
        print(stop.code, file=sys.stderr)
    except RummyError as error:
        print(f"rummykit: {error}", file=sys.stderr)
    return USAGE_ERROR


def _run(args: argparse.Namespace) -> int:
    if args.command == "demo":
        from rummykit.cli.demo import run_demo

        run_demo(args.seed)
        return 0
    if args.command == "solve":
        from rummykit.cli.tools import solve

        return solve(
            args.variant,
            args.cards,
            args.wild,
            args.discard,
            args.all,
            _options(args.option),
        )
    if args.command == "simulate":
        from rummykit.cli.tools import simulate

        return simulate(
            args.variant,
            games=args.games,
            players=args.players,
            agents=args.agents,
            seed=args.seed,
            workers=args.workers,
            options=_options(args.option),
            backend=args.backend,
            address=args.address,
        )
    if args.command == "serve":
        return _serve(args.host, args.port, args.bot_delay, args.save_dir)
    if args.command == "replay":
        from rummykit.cli.tools import replay

        return replay(args.file, args.player)
    from rummykit.cli.play import play

    return play(
        args.variant,
        players=args.players,
        seed=args.seed,
        options=_options(args.option),
    )


def _serve(host: str, port: int, bot_delay: float, save_dir: str | None) -> int:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ModuleNotFoundError as error:
        print(
            f"rummykit: serve needs the web extra ({error.name} is missing): "
            "python -m pip install 'rummykit[web]'",
            file=sys.stderr,
        )
        return 2
    from rummykit.web import serve

    print(f"rummykit: the lobby is at http://{host}:{port}/  (Ctrl-C stops)")
    serve(host, port, bot_delay=bot_delay, save_dir=save_dir)  # pragma: no cover
    return 0  # pragma: no cover


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
