"""The ``rummykit`` command: demo, play, solve, simulate, replay and serve.

>>> main(["solve", "classic", "As 2s 3s 7c 7d 7h Kd"])
[As 2s 3s] [7h 7d 7c] deadwood Kd = 10
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rummykit.variants import VARIANTS

__all__ = ["main"]


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


def _parser() -> argparse.ArgumentParser:
    names = [variant.name for variant in VARIANTS]
    parser = argparse.ArgumentParser(
        prog="rummykit", description="Rummy rules, games and tools."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    demo = commands.add_parser(
        "demo", help="play a seeded hand of each variant between bots"
    )
    demo.add_argument("--seed", type=int, default=7, help="the seed of the deals")

    play = commands.add_parser("play", help="play a hand against bots in the terminal")
    play.add_argument("variant", help=f"one of {', '.join(names)}")
    play.add_argument("--players", type=int, default=2, help="players, you included")
    play.add_argument("--seed", type=int, default=None, help="the seed of the deal")
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
    simulate.add_argument("--seed", type=int, default=0)
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

    replay = commands.add_parser("replay", help="step through a saved hand")
    replay.add_argument(
        "file", help="a file written by rummykit.serialize.state_to_json"
    )
    replay.add_argument(
        "--player", type=int, default=None, help="show it as this player sees it"
    )

    serve = commands.add_parser(
        "serve", help="the browser table (needs the web extra: rummykit[web])"
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on")
    serve.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a bot waits to move"
    )
    serve.add_argument(
        "--save-dir", default=None, help="save every match here after each hand"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``rummykit`` command with ``argv`` and return its exit status."""
    args = _parser().parse_args(argv)
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
            "python -m pip install 'rummykit[web]'"
        )
        return 2
    from rummykit.web import serve

    print(f"rummykit: the lobby is at http://{host}:{port}/  (Ctrl-C stops)")
    serve(host, port, bot_delay=bot_delay, save_dir=save_dir)  # pragma: no cover
    return 0  # pragma: no cover


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
