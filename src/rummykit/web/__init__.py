"""The reference browser table: ``rummykit serve`` (extra ``web``).

A small Starlette server built only on rummykit's public API.  It shows how
a frontend fits the pieces together: each seat's connection receives
:func:`~rummykit.serialize.view_to_dict` of its own view, the legal actions
become buttons, the server checks every action a browser sends, applies
:class:`~rummykit.engine.Timeout` when a timer runs out, and saves matches
with :mod:`rummykit.serialize`.

:mod:`rummykit.web.tables` holds the tables' rules and needs nothing but
rummykit; :mod:`rummykit.web.app` is the Starlette application, and
:func:`serve` runs it with uvicorn.  ``import rummykit`` imports neither.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["serve"]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    bot_delay: float = 0.5,
    save_dir: str | Path | None = None,
) -> None:  # pragma: no cover - runs until interrupted
    """Run the web table on ``host``:``port`` until interrupted.

    :raises ModuleNotFoundError: without the ``web`` extra.
    """
    import uvicorn

    from rummykit.web.app import create_app

    app = create_app(bot_delay=bot_delay, save_dir=save_dir)
    uvicorn.run(app, host=host, port=port, log_level="info")
