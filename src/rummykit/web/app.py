"""The web server: a Starlette application carrying messages to and from the
tables of :mod:`rummykit.web.tables`.

Routes:

- ``GET /`` the lobby, ``GET /table`` the table page (plain HTML, CSS and
  JavaScript from the package's ``static`` folder, also under ``/static``);
- ``GET /api/variants`` the variants, presets and options for the lobby;
- ``POST /api/tables`` opens a table and returns its join links;
- ``POST /api/save`` returns a match as :func:`~rummykit.serialize.match_to_json`
  text, for its host at any time and for a seat once it is over;
- ``WS /ws`` a seat's connection: the browser first sends
  ``{"type": "hello", "token": ...}``, then actions; the server sends the
  seat its own view after every change, and a refusal with its reason for
  any action it does not apply.

Tokens travel in message bodies, never in addresses, so they stay out of
access logs.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app(bot_delay=0))
>>> client.get("/api/variants").json()[0]["name"]
'rumino'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from rummykit.web.tables import Refused, Registry, Table, variant_catalogue

__all__ = ["Hub", "create_app"]

STATIC = Path(str(resources.files("rummykit.web") / "static"))


def _dumps(message: object) -> str:
    return json.dumps(message, ensure_ascii=False, default=str)


class Hub:
    """The live side of the tables: connections, and a task per table that
    makes the bots' moves and applies timeouts when they fall due."""

    def __init__(
        self,
        registry: Registry,
        *,
        bot_delay: float = 0.5,
        save_dir: Path | None = None,
    ) -> None:
        self.registry = registry
        self.bot_delay = bot_delay
        self.save_dir = save_dir
        self.connections: dict[str, list[tuple[WebSocket, int]]] = {}
        self.wakeups: dict[str, asyncio.Event] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.saved: dict[str, int] = {}

    def open(self, spec: dict[str, Any]) -> Table:
        """Open a table and start its task."""
        spec = dict(spec)
        spec.setdefault("bot_delay", self.bot_delay)
        table = self.registry.create(spec, now=time.monotonic())
        for stale in set(self.tasks) - set(self.registry.tables):
            self.tasks.pop(stale).cancel()
            self.wakeups.pop(stale, None)
            self.connections.pop(stale, None)
        self.wakeups[table.id] = asyncio.Event()
        self.tasks[table.id] = asyncio.get_running_loop().create_task(
            self._drive(table)
        )
        return table

    def poke(self, table: Table) -> None:
        """Tell the table's task that something changed."""
        event = self.wakeups.get(table.id)
        if event is not None:
            event.set()

    async def _drive(self, table: Table) -> None:
        event = self.wakeups[table.id]
        while True:
            wake = table.wake_at()
            timeout = None if wake is None else max(0.0, wake - time.monotonic())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout)
            event.clear()
            if table.advance(time.monotonic()):
                await self.broadcast(table)

    async def broadcast(self, table: Table) -> None:
        """Send every seat connected to ``table`` its own message."""
        self._save(table)
        now = time.monotonic()
        for socket, seat in list(self.connections.get(table.id, ())):
            try:
                await socket.send_text(_dumps(table.message_for(seat, now=now)))
            except Exception:  # a closed connection: forget it
                self.drop(table, socket)

    def drop(self, table: Table, socket: WebSocket) -> None:
        """Forget a connection."""
        listeners = self.connections.get(table.id, [])
        listeners[:] = [item for item in listeners if item[0] is not socket]

    def _save(self, table: Table) -> None:
        """With a save folder, write the match there after each hand."""
        if self.save_dir is None:
            return
        if self.saved.get(table.id) == len(table.finished):
            return
        self.saved[table.id] = len(table.finished)
        self.save_dir.mkdir(parents=True, exist_ok=True)
        path = self.save_dir / f"match-{table.id}.json"
        path.write_text(table.save(table.host_token), encoding="utf-8")

    async def close(self) -> None:
        """Stop every table's task."""
        for task in self.tasks.values():
            task.cancel()
        for task in self.tasks.values():
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.tasks.clear()


def create_app(
    *, bot_delay: float = 0.5, save_dir: str | Path | None = None
) -> Starlette:
    """The web application.

    ``bot_delay`` is how long bots wait before each move (a lobby may ask
    for another); with ``save_dir``, every match is saved there after each
    hand, as ``match-<table>.json`` for ``rummykit replay``.  The
    application's ``state.hub`` is its :class:`Hub`.
    """
    hub = Hub(
        Registry(),
        bot_delay=bot_delay,
        save_dir=None if save_dir is None else Path(save_dir),
    )

    async def lobby(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def variants(request: Request) -> Response:
        return JSONResponse(variant_catalogue())

    async def create(request: Request) -> Response:
        try:
            spec = await request.json()
        except ValueError:
            return JSONResponse({"error": "the request is not JSON"}, status_code=400)
        if not isinstance(spec, dict):
            return JSONResponse({"error": "send an object"}, status_code=400)
        try:
            table = hub.open(spec)
        except Refused as error:
            return JSONResponse({"error": error.reason}, status_code=400)
        return JSONResponse(
            {
                "table": table.id,
                "host": table.host_token,
                "seats": [
                    {
                        "seat": number,
                        "kind": seat.kind,
                        "token": seat.token if seat.kind == "human" else None,
                    }
                    for number, seat in enumerate(table.seats)
                ],
            }
        )

    async def save(request: Request) -> Response:
        try:
            body = await request.json()
        except ValueError:
            body = None
        token = body.get("token") if isinstance(body, dict) else None
        try:
            if not isinstance(token, str):
                raise Refused("send the token of the table's host or of a seat")
            found = hub.registry.tokens.get(token)
            if found is not None and found[0] in hub.registry.tables:
                table = hub.registry.tables[found[0]]
            else:
                table = hub.registry.table_for_host(token)
            text = table.save(token)
        except Refused as error:
            return JSONResponse({"error": error.reason}, status_code=403)
        return Response(
            text,
            media_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="match-{table.id}.json"'
            },
        )

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            first = await websocket.receive()
            if first["type"] == "websocket.disconnect":
                return
            hello = json.loads(first.get("text") or "")
            token = hello.get("token") if isinstance(hello, dict) else None
            table, seat = hub.registry.seat_for(token)
        except (ValueError, Refused) as error:
            reason = error.reason if isinstance(error, Refused) else "say hello first"
            await websocket.send_text(_dumps({"type": "refused", "message": reason}))
            await websocket.close(code=4403)
            return
        except WebSocketDisconnect:
            return
        hub.connections.setdefault(table.id, []).append((websocket, seat))
        await websocket.send_text(_dumps(table.message_for(seat, now=time.monotonic())))
        try:
            while True:
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                try:
                    message = json.loads(received.get("text") or "")
                except ValueError:
                    message = None
                if not isinstance(message, dict) or message.get("type") != "action":
                    await websocket.send_text(
                        _dumps({"type": "refused", "message": "not an action"})
                    )
                    continue
                try:
                    table.submit(seat, message, now=time.monotonic())
                except Refused as error:
                    await websocket.send_text(
                        _dumps(
                            {
                                "type": "refused",
                                "message": str(error),
                                "decision": table.decision,
                            }
                        )
                    )
                    continue
                await hub.broadcast(table)
                hub.poke(table)
        except WebSocketDisconnect:
            pass
        finally:
            hub.drop(table, websocket)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await hub.close()

    app = Starlette(
        routes=[
            Route("/", lobby),
            Route("/table", table_page),
            Route("/api/variants", variants),
            Route("/api/tables", create, methods=["POST"]),
            Route("/api/save", save, methods=["POST"]),
            WebSocketRoute("/ws", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    return app
