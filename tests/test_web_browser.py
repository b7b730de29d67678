"""The web table in a real browser: headless Chromium driven by Playwright.

The server runs in this process (uvicorn in a thread), so each test can read
the table it plays and check what the browser shows against the engine.
Without Playwright, the ``web`` extra or a Chromium (``.ci/browser/fetch``)
these tests are skipped; ``.ci/run`` makes that a failure.
"""

from __future__ import annotations

import json
import os
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_support import chromium, need

need("starlette", "uvicorn", "playwright")

import uvicorn  # noqa: E402
from playwright.sync_api import (  # noqa: E402
    Browser,
    Page,
    WebSocket,
    sync_playwright,
)

from rummykit.agents import GreedyAgent  # noqa: E402
from rummykit.engine import Declare, Phase, Show  # noqa: E402
from rummykit.match import Match  # noqa: E402
from rummykit.serialize import match_from_json, view_to_dict  # noqa: E402
from rummykit.variants import VARIANTS  # noqa: E402
from rummykit.web.app import create_app  # noqa: E402
from rummykit.web.tables import Table  # noqa: E402

CARD = re.compile(r"\b(?:[A2-9TJQK][shdc]|Jk)\b")
DOCS_IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
WAIT = 15_000  # milliseconds


class Server:
    """The web application on a free local port, in a thread."""

    def __init__(self) -> None:
        self.app: Any = create_app(bot_delay=0)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def table(self, table_id: str) -> Table:
        found: Table = self.app.state.hub.registry.tables[table_id]
        return found


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    running.thread.start()
    for _ in range(400):
        if running.server.started:
            break
        time.sleep(0.025)
    yield running
    running.server.should_exit = True
    running.thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    found = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=found["path"], args=found["args"]
        )
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    contexts = []
    errors: list[str] = []  # every page's script errors

    def make(**options: Any) -> Page:
        context = browser.new_context(**options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    assert errors == [], errors
    for context in contexts:
        context.close()


# -- helpers ------------------------------------------------------------------------


def open_from_lobby(
    page: Page,
    server: Server,
    *,
    variant: str,
    preset: str | None = None,
    seats: list[str],
    options: dict[str, str] | None = None,
    seed: int | None = None,
    hands: int | None = 1,
) -> tuple[Table, list[str]]:
    """Open a table through the lobby's form; return it and the join links."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#variant", variant)
    if preset is not None:
        page.select_option("#preset", preset)
    while page.locator(".seat-kind").count() < len(seats):
        page.click("#add-seat")
    while page.locator(".seat-kind").count() > len(seats):
        page.click("#remove-seat")
    for number, kind in enumerate(seats):
        page.locator(".seat-kind").nth(number).select_option(kind)
    page.fill("#hands", "" if hands is None else str(hands))
    page.fill("#seed", "" if seed is None else str(seed))
    if options:
        page.click("#options-box summary")
        for name, value in options.items():
            page.fill(f'input.option[name="{name}"]', value)
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    links = {
        int(link.get_attribute("data-seat") or -1): link.get_attribute("href") or ""
        for link in page.locator("a.join").all()
    }
    first = links[min(links)]
    token = re.search(r"seat=([^&]+)", first)
    assert token is not None
    table = next(
        table
        for table in server.app.state.hub.registry.tables.values()
        if any(seat.token == token.group(1) for seat in table.seats)
    )
    return table, [links.get(number, "") for number in range(len(seats))]


def join(page: Page, link: str) -> None:
    page.goto(link)
    page.wait_for_selector("body[data-connected=yes]")


def wait_for_decision(page: Page, number: int) -> None:
    page.wait_for_selector(f'body[data-decision="{number}"]')


def click_action(page: Page, index: int) -> None:
    page.click(f'#buttons button[data-index="{index}"]')


def wait_until(condition: Callable[[], bool], what: str, seconds: float = 15) -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def play_greedily(
    table: Table,
    pages: dict[int, Page],
    *,
    until: Callable[[Match], bool] | None = None,
    act: Callable[[Page, int, Match], bool] | None = None,
) -> None:
    """Play the people's seats with the greedy bot's choices, by clicking the
    buttons, until the match is over (or ``until`` holds)."""
    bot = GreedyAgent()
    for _ in range(3000):
        match = table.match
        if match.is_terminal or (until is not None and until(match)):
            return
        seat = match.current_player
        if seat not in pages:
            time.sleep(0.005)
            continue
        number = len(match.actions)
        page = pages[seat]
        wait_for_decision(page, number)
        if act is None or not act(page, seat, match):
            view = match.view(seat)
            choice = bot.choose(view, view.legal_actions)
            click_action(page, view.legal_actions.index(choice))
        done = number + 1
        wait_until(lambda: len(table.match.actions) >= done, "the action")  # noqa: B023
    raise AssertionError("the hand did not end")


def replayed(table: Table) -> Match:
    """The match as the engine replays it from the saved record."""
    return match_from_json(table.save(table.host_token))


def check_summary(page: Page, table: Table) -> None:
    """The end-of-hand summary on the page agrees with the engine's outcome."""
    outcome = replayed(table).results[-1]
    page.wait_for_selector("#summary:not([hidden])")
    assert page.inner_text("#summary-note") == outcome.note
    points = [int(text) for text in page.locator(".summary-points").all_inner_texts()]
    assert points == list(outcome.points)
    payments = page.locator("#payments li").all_inner_texts()
    assert len(payments) == max(1, len(outcome.payments))


# -- the lobby ------------------------------------------------------------------------


def test_the_lobby_offers_every_variant_its_presets_and_seats(
    server: Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready=yes]")
    names = page.locator("#variant option").all_inner_texts()
    assert names == [cls.name for cls in VARIANTS]
    page.select_option("#variant", "indian")
    assert page.locator("#preset option").all_inner_texts() == ["gamentio", "standard"]
    page.select_option("#variant", "classic")
    assert page.is_hidden("#preset-label")
    for _ in range(10):
        if page.is_disabled("#add-seat"):
            break
        page.click("#add-seat")
    assert page.locator(".seat-kind").count() == 6
    page.locator(".seat-kind").nth(0).select_option("greedy")
    page.locator(".seat-kind").nth(1).select_option("random")
    for number in range(2, 6):
        page.locator(".seat-kind").nth(number).select_option("random")
    page.click("#create")
    page.wait_for_selector("#error:has-text('at least one seat must be human')")
    assert page.is_hidden("#links")


# -- whole hands of every variant and preset ---------------------------------------------

PRESETS = [(cls.name, preset) for cls in VARIANTS for preset in cls.presets or [None]]


@pytest.mark.parametrize(("variant", "preset"), PRESETS)
def test_a_whole_hand_against_bots_ends_as_the_engine_says(
    server: Server, new_page: Callable[..., Page], variant: str, preset: str | None
) -> None:
    page = new_page()
    table, links = open_from_lobby(
        page, server, variant=variant, preset=preset, seats=["human", "greedy"], seed=7
    )
    join(page, links[0])
    expected = variant if preset is None else f"{variant} ({preset})"
    assert page.inner_text("#title").lower() == expected
    play_greedily(table, {0: page})
    check_summary(page, table)
    assert replayed(table) == table.match


# -- two people at one table: nothing hidden reaches either ---------------------------------


def _matches_by_decision(match: Match) -> list[Match]:
    """The match after each number of actions, replayed by the engine."""
    variant: Any = match.variant
    step = Match.start(
        variant,
        match.players,
        seed=match.seed,
        dealer=match.first_dealer,
        max_hands=match.max_hands,
    )
    found = [step]
    for action in match.actions:
        step = step.apply(action)
        found.append(step)
    return found


def _hand_endings(steps: list[Match]) -> dict[int, Any]:
    """For each decision number, the hands finished by then (as the engine ended them)."""
    ended: list[Any] = []
    by_decision: dict[int, list[Any]] = {0: []}
    for number in range(1, len(steps)):
        before = steps[number - 1]
        if not before.queue and not before.state.is_terminal:
            state = before.state.apply(steps[number].actions[-1])
            if state.is_terminal:
                ended.append(state)
        by_decision[number] = list(ended)
    return by_decision


@pytest.mark.parametrize("variant", ["indian", "classic"])
def test_two_people_each_receive_only_their_own_view(
    server: Server, new_page: Callable[..., Page], variant: str
) -> None:
    pages = {0: new_page(), 2: new_page()}
    frames: dict[int, list[str]] = {0: [], 2: []}

    def listen(seat: int) -> Callable[[WebSocket], None]:
        def record(socket: WebSocket) -> None:
            socket.on(
                "framereceived", lambda payload: frames[seat].append(str(payload))
            )

        return record

    for seat, page in pages.items():
        page.on("websocket", listen(seat))
    table, links = open_from_lobby(
        pages[0], server, variant=variant, seats=["human", "greedy", "human"], seed=21
    )
    join(pages[0], links[0])
    join(pages[2], links[2])
    play_greedily(table, pages)
    for page in pages.values():
        check_summary(page, table)
    steps = _matches_by_decision(replayed(table))
    endings = _hand_endings(steps)
    for seat, received in frames.items():
        assert len(received) > 10
        for text in received:
            message = json.loads(text)
            assert message["type"] == "table" and message["seat"] == seat
            at = steps[message["decision"]]
            view = view_to_dict(at.view(seat))
            assert message["view"] == view
            summary = message.pop("summary")
            if summary is not None:
                ended = endings[message["decision"]][-1]
                assert summary["view"] == view_to_dict(ended.view(seat))
            del message["view"]
            assert set(CARD.findall(str(message))) <= set(CARD.findall(str(view)))


# -- refusals ---------------------------------------------------------------------------------


def test_forged_actions_other_tokens_and_stale_decisions_are_refused(
    server: Server, new_page: Callable[..., Page]
) -> None:
    pages = {0: new_page(), 1: new_page()}
    table, links = open_from_lobby(
        pages[0], server, variant="classic", seats=["human", "human"], seed=4
    )
    for number, joining in pages.items():
        join(joining, links[number])
    seat = table.match.current_player
    assert seat is not None
    page, other = pages[seat], pages[1 - seat]
    wait_for_decision(page, 0)
    tokens = [entry.token for entry in table.seats]
    before = table.match

    def send(target: Page, message: dict[str, Any]) -> str:
        target.evaluate("notice('')")
        target.evaluate("message => socket.send(JSON.stringify(message))", message)
        target.wait_for_selector("#notice.refused:not(:empty)")
        return str(target.inner_text("#notice"))

    hidden = str(table.match.state.hands[1 - seat].cards[0])
    forged = {"type": "action", "token": tokens[seat], "decision": 0}
    assert send(page, {**forged, "action": {"type": "Discard", "card": hidden}}) == (
        f"refused: discard {hidden} is not one of your legal actions: "
        "a player draws before discarding (the phase is draw)"
    )
    assert send(other, {**forged, "action": {"type": "DrawStock"}}) == (
        f"refused: this connection is seat {1 - seat}'s; the token of seat {seat} "
        "cannot act through it"
    )
    assert send(page, {**forged, "decision": 5, "action": {"type": "DrawStock"}}) == (
        "refused: stale decision 5: the table is at decision 0 (the view you acted on "
        "is out of date)"
    )
    assert table.match == before
    assert page.get_attribute("body", "data-decision") == "0"
    click_action(page, 0)
    wait_for_decision(page, 1)
    replay = {**forged, "action": table.match.actions[0]}
    replay["action"] = {"type": type(table.match.actions[0]).__name__}
    assert send(page, replay) == (
        "refused: a replay: you already acted on decision 0, and it was applied"
    )
    assert len(table.match.actions) == 1


# -- the table in use ---------------------------------------------------------------------------


def test_a_reload_resumes_the_seat(
    server: Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    table, links = open_from_lobby(
        page, server, variant="rumino", seats=["human", "human"], seed=3
    )
    join(page, links[0])
    seat_view: Any = view_to_dict(table.match.view(0))
    hand = page.locator("#hand .card").count()
    page.reload()
    page.wait_for_selector("body[data-connected=yes]")
    assert page.locator("#hand .card").count() == hand == len(seat_view["hand"].split())
    assert page.inner_text("#stock") == str(seat_view["stock_size"])


def test_the_server_times_a_player_out(
    server: Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    table, links = open_from_lobby(
        page,
        server,
        variant="indian",
        seats=["human", "human"],
        # three lapses allowed: under Gamentio's own rule the first timeout
        # is a drop, which would end this two-player hand at once
        options={"move_timer": "1", "max_lapses": "3"},
        seed=5,
    )
    join(page, links[0])
    seat = table.match.current_player
    assert seat is not None
    page.wait_for_selector("#timer:has-text('s left (')")
    wait_until(lambda: table.match.state.lapses[seat] == 1, "the timeout", seconds=5)
    assert "timeout" in str(table.match.actions[0]).lower()
    page.wait_for_selector(f'.player[data-seat="{seat}"] .fact-lapses')


def test_a_claim_window_offers_claim_or_pass(
    server: Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    table, links = open_from_lobby(
        page,
        server,
        variant="rumino",
        seats=["human", "greedy"],
        options={"rumino_claim_mode": "manual_window"},
        seed=8,
    )
    join(page, links[0])
    passed: list[int] = []

    def in_a_window(page: Page, seat: int, match: Match) -> bool:
        if match.state.phase is not Phase.CLAIM:
            return False
        page.wait_for_selector("#buttons .action-Pass")
        passed.append(len(match.actions))
        page.click("#buttons .action-Pass")
        return True

    play_greedily(table, {0: page}, act=in_a_window)
    assert passed
    check_summary(page, table)


def test_melds_are_laid_by_clicking_cards(
    server: Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    laid: list[str] = []

    def click_meld(page: Page, seat: int, match: Match) -> bool:
        melds = [a for a in match.legal_actions() if type(a).__name__ == "LayMeld"]
        if not melds:
            return False
        cards = [str(card) for card in melds[0].cards]  # type: ignore[attr-defined]
        taken: list[int] = []
        for card in cards:
            chosen = page.locator(f'#hand .card[data-card="{card}"]')
            for number in range(chosen.count()):
                index = int(chosen.nth(number).get_attribute("data-index") or -1)
                if index not in taken:
                    taken.append(index)
                    chosen.nth(number).click()
                    break
        page.click("#meld-selected")
        laid.append(" ".join(cards))
        return True

    table, links = open_from_lobby(
        page, server, variant="classic", seats=["human", "greedy"], seed=2
    )
    join(page, links[0])
    play_greedily(table, {0: page}, act=click_meld)
    assert laid, "no meld to lay in this deal"
    assert any(type(action).__name__ == "LayMeld" for action in replayed(table).actions)
    check_summary(page, table)


def _group_by_clicking(page: Page, groups: list[list[str]]) -> None:
    for group in groups:
        for card in group:
            page.locator(
                f'#hand .card[data-card="{card}"]:not(.selected)'
            ).first.click()
        page.click("#group-selected")


def test_a_declaration_and_a_show_are_arranged_by_clicking_cards(
    server: Server, new_page: Callable[..., Page]
) -> None:
    pages = {0: new_page(), 1: new_page()}
    arranged: list[str] = []

    def arrange(page: Page, seat: int, match: Match) -> bool:
        legal = match.legal_actions()
        declares = [a for a in legal if isinstance(a, Declare)]
        shows = [a for a in legal if isinstance(a, Show)]
        if declares:
            declare = declares[0]
            _group_by_clicking(page, [[str(c) for c in g] for g in declare.groups])
            page.locator(
                f'#hand .card[data-card="{declare.finish}"]:not(.selected)'
            ).first.click()
            page.click("#declare-selected")
            arranged.append("declare")
            return True
        if shows:
            show = shows[0]
            _group_by_clicking(page, [[str(c) for c in g] for g in show.groups])
            page.click("#show-groups")
            arranged.append("show")
            return True
        return False

    table, links = open_from_lobby(
        pages[0], server, variant="indian", seats=["human", "human"], seed=11
    )
    for seat, page in pages.items():
        join(page, links[seat])
    play_greedily(table, pages, act=arrange)
    outcome = replayed(table).results[-1]
    if "declared" in outcome.note:
        assert arranged == ["declare", "show"]
    for page in pages.values():
        check_summary(page, table)


def test_sorting_and_the_grouping_hint_reorder_the_hand(
    server: Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    table, links = open_from_lobby(
        page, server, variant="indian", seats=["human", "greedy"], seed=2
    )
    join(page, links[0])

    def shown() -> list[str]:
        return [
            card.get_attribute("data-card") or ""
            for card in page.locator("#hand .card").all()
        ]

    by_suit = shown()
    assert sorted(by_suit) == sorted(str(c) for c in table.match.state.hands[0])
    page.select_option("#sort", "rank")
    by_rank = shown()
    ranks = "A23456789TJQK"
    order = [ranks.index(card[0]) if card != "Jk" else 99 for card in by_rank]
    assert order == sorted(order)
    page.check("#hint")
    hint = table.message_for(0, now=0)["hint"]
    melded = [card for meld in hint["melds"] for card in meld.split()]  # type: ignore[index]
    assert shown()[: len(melded)] == melded


def test_the_table_fits_a_phone_and_is_photographed(
    server: Server, new_page: Callable[..., Page], tmp_path: Path
) -> None:
    """The documentation's screenshot: RUMMYKIT_UPDATE_SCREENSHOT=1 rewrites it."""
    # Seed 45 deals seat 0 two melds (one with wild cards) and the first turn.
    phone = new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    table, links = open_from_lobby(
        phone, server, variant="indian", seats=["human", "greedy", "greedy"], seed=45
    )
    assert table.match.current_player == 0
    join(phone, links[0])
    phone.wait_for_selector("#buttons button")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    for element in ("#buttons button", "#hand .card", ".player"):
        for item in phone.locator(element).all():
            box = item.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    desktop = new_page(viewport={"width": 960, "height": 560})
    join(desktop, links[0])
    desktop.wait_for_selector("#buttons button")
    desktop.check("#hint")
    assert desktop.locator("#hand .card.gap").count() == 2
    assert desktop.locator("#hand .card.wild").count() >= 1
    shot = desktop.screenshot(path=str(tmp_path / "table.png"))
    assert shot.startswith(b"\x89PNG")
    if os.environ.get("RUMMYKIT_UPDATE_SCREENSHOT") == "1":
        DOCS_IMAGES.mkdir(exist_ok=True)
        (DOCS_IMAGES / "table.png").write_bytes(shot)


def test_a_finished_match_is_saved_from_the_page(
    server: Server, new_page: Callable[..., Page], tmp_path: Path
) -> None:
    page = new_page(accept_downloads=True)
    table, links = open_from_lobby(
        page, server, variant="classic", seats=["human", "random"], seed=12
    )
    join(page, links[1] if not links[0] else links[0])
    play_greedily(table, {0: page})
    page.click("#continue")
    with page.expect_download() as download:
        page.click("#save")
    path = tmp_path / "saved.json"
    download.value.save_as(path)
    assert match_from_json(path.read_text()) == table.match


def test_a_match_goes_on_hand_after_hand_with_its_ledger(
    server: Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    table, links = open_from_lobby(
        page,
        server,
        variant="classic",
        seats=["human", "greedy"],
        options={"max_turnovers": "2"},
        seed=6,
        hands=2,
    )
    join(page, links[0])
    play_greedily(table, {0: page}, until=lambda match: len(match.results) == 1)
    page.wait_for_selector('#summary[data-hand="1"]:not([hidden])')
    first = replayed(table)
    assert page.inner_text("#summary-note") == first.results[0].note
    page.click("#continue")
    assert page.is_hidden("#summary")
    page.wait_for_selector("#hand-number:has-text('hand 2')")
    play_greedily(table, {0: page})
    page.wait_for_selector('#summary[data-hand="2"]:not([hidden])')
    final = replayed(table)
    assert "the match is over" in page.inner_text("#summary-title")
    check_summary(page, table)
    shown = page.locator("#ledger .ledger-money").all_inner_texts()
    assert shown == [f"{money:.2f}" for money in final.money]
