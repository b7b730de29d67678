"""The web server's routes and WebSocket protocol, through Starlette's test client."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_support import need

need("starlette", "uvicorn", "httpx2")

from starlette.testclient import TestClient  # noqa: E402

from rummykit.cli import main  # noqa: E402
from rummykit.serialize import match_from_json, view_to_dict  # noqa: E402
from rummykit.web.app import create_app  # noqa: E402
from rummykit.web.tables import Table  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(bot_delay=0, save_dir=tmp_path)) as client:
        yield client


def open_table(client: TestClient, **spec: Any) -> dict[str, Any]:
    spec.setdefault("variant", "classic")
    spec.setdefault("seats", ["human", "greedy"])
    response = client.post("/api/tables", json=spec)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def table_of(client: TestClient, answer: dict[str, Any]) -> Table:
    app: Any = client.app
    table: Table = app.state.hub.registry.tables[answer["table"]]
    return table


def test_the_pages_and_their_files_are_served(client: TestClient) -> None:
    assert '<select id="variant"' in client.get("/").text
    assert '<section id="hand-box"' in client.get("/table").text
    for name in ("lobby.js", "table.js", "cards.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    names = [entry["name"] for entry in client.get("/api/variants").json()]
    assert names[:3] == ["rumino", "indian", "classic"]


def test_a_bad_table_is_refused_with_its_reason(client: TestClient) -> None:
    response = client.post("/api/tables", json={"variant": "poker", "seats": ["human"]})
    assert response.status_code == 400
    assert "unknown variant 'poker'" in response.json()["error"]
    assert client.post("/api/tables", content=b"{").status_code == 400


def test_opening_a_table_gives_a_token_for_each_human_seat_only(
    client: TestClient,
) -> None:
    answer = open_table(client, seats=["human", "random", "human"])
    tokens = [seat["token"] for seat in answer["seats"]]
    assert tokens[1] is None and tokens[0] and tokens[2] and tokens[0] != tokens[2]
    assert answer["host"] not in tokens


def test_a_connection_needs_a_seats_token(client: TestClient) -> None:
    open_table(client)
    with client.websocket_connect("/ws") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": "guessed"}))
        assert socket.receive_json() == {
            "type": "refused",
            "message": "that link's token opens no seat on this server",
        }


def test_a_seat_receives_its_view_and_every_change(client: TestClient) -> None:
    answer = open_table(client, seats=["human", "human"], seed=3)
    table = table_of(client, answer)
    tokens = [seat["token"] for seat in answer["seats"]]
    with (
        client.websocket_connect("/ws") as first,
        client.websocket_connect("/ws") as second,
    ):
        first.send_text(json.dumps({"type": "hello", "token": tokens[0]}))
        second.send_text(json.dumps({"type": "hello", "token": tokens[1]}))
        one, two = first.receive_json(), second.receive_json()
        assert one["view"] == view_to_dict(table.match.view(0))
        assert two["view"] == view_to_dict(table.match.view(1))
        seat = table.match.current_player
        assert seat is not None
        socket = (first, second)[seat]
        action = {
            "type": "action",
            "token": tokens[seat],
            "decision": 0,
            "action": {"type": "DrawStock"},
        }
        socket.send_text(json.dumps(action))
        for number, connection in enumerate((first, second)):
            message = connection.receive_json()
            assert message["decision"] == 1
            assert message["view"] == view_to_dict(table.match.view(number))
        socket.send_text(json.dumps(action))
        refusal = socket.receive_json()
        assert refusal["type"] == "refused" and "a replay" in refusal["message"]
        socket.send_text("nonsense")
        assert socket.receive_json()["message"] == "not an action"
        socket.send_bytes(b"\x00\x01")
        assert socket.receive_json()["message"] == "not an action"
    assert len(table.match.actions) == 1


def test_a_reconnect_resumes_the_seat(client: TestClient) -> None:
    answer = open_table(client, seats=["human", "human"], seed=3)
    table = table_of(client, answer)
    seat = table.match.current_player
    assert seat is not None
    token = answer["seats"][seat]["token"]
    with client.websocket_connect("/ws") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": token}))
        socket.receive_json()
        socket.send_text(
            json.dumps(
                {
                    "type": "action",
                    "token": token,
                    "decision": 0,
                    "action": {"type": "DrawStock"},
                }
            )
        )
        socket.receive_json()
    with client.websocket_connect("/ws") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": token}))
        message = socket.receive_json()
    assert message["decision"] == 1
    assert message["view"] == view_to_dict(table.match.view(seat))
    assert message["view"]["phase"] == "play"


def test_bots_play_on_and_the_match_is_saved_for_replay(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = open_table(client, seats=["human", "greedy"], seed=5, hands=1)
    table = table_of(client, answer)
    token = answer["seats"][0]["token"]
    refused = client.post("/api/save", json={"token": token})
    assert (
        refused.status_code == 403
        and "once the match is over" in refused.json()["error"]
    )
    with client.websocket_connect("/ws") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": token}))
        message = socket.receive_json()
        while not message["match"]["over"]:
            if (
                message["view"]["legal_actions"]
                and message["view"]["current_player"] == 0
            ):
                socket.send_text(
                    json.dumps(
                        {
                            "type": "action",
                            "token": token,
                            "decision": message["decision"],
                            "action": message["view"]["legal_actions"][0],
                        }
                    )
                )
            message = socket.receive_json()
    assert message["summary"]["view"]["outcome"]["note"] == table.match.results[0].note
    saved = client.post("/api/save", json={"token": token})
    assert saved.status_code == 200
    assert match_from_json(saved.text) == table.match
    host = client.post("/api/save", json={"token": answer["host"]})
    assert host.text == saved.text
    assert client.post("/api/save", json={"token": "nobody"}).status_code == 403
    written = tmp_path / f"match-{answer['table']}.json"
    assert match_from_json(written.read_text()) == table.match
    capsys.readouterr()
    assert main(["replay", str(written)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("classic: a match of 2 players\nhand 1, dealer ")
    assert f"result: {table.match.results[0].note}" in out
    assert "the match is over" in out


def test_serve_without_the_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve", "--port", "0"]) == 2
    assert "serve needs the web extra (uvicorn is missing)" in capsys.readouterr().err
