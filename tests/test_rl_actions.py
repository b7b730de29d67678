"""The fixed action ids (rummykit.rl.actions): no extra needed.

Every action a state lists must have an id of its own, inside the layout,
and come back from that id unchanged; ids that do not depend on the table
mean the same in every variant.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from rummykit import Card, get_variant
from rummykit.engine import (
    Claim,
    Declare,
    DeclareGin,
    Discard,
    DrawStock,
    Knock,
    LayMeld,
    LayOff,
    Pass,
    Show,
    State,
)
from rummykit.errors import IllegalActionError
from rummykit.rl.actions import (
    CARD_KINDS,
    ActionCodec,
    UnencodableActionError,
    action_to_id,
    codec_for,
    id_to_action,
)
from rummykit.variants import VARIANTS, Variant
from tests.games import seated

PRESETS: list[tuple[str, dict[str, object]]] = [
    (variant.name, {}) for variant in VARIANTS
] + [("indian", {"preset": "standard"})]


def _walk(variant: Variant, players: int, seed: int, limit: int = 400) -> list[State]:
    """The states of one hand played by uniformly random choices."""
    rng = random.Random(seed)
    state = variant.new_game(players=players, seed=seed)
    states = [state]
    while not state.is_terminal and len(states) < limit:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


@pytest.mark.parametrize(("name", "options"), PRESETS)
@pytest.mark.parametrize("players", [2, 3])
def test_every_listed_action_round_trips_through_its_own_id(
    name: str, options: dict[str, object], players: int
) -> None:
    variant = get_variant(name, **options)
    if seated(variant, players) < players:
        pytest.skip(f"{name} seats fewer than {players} players")
    codec = ActionCodec(variant, players=players)
    seen_sections: set[str] = set()
    for seed in range(4):
        for state in _walk(variant, players, seed):
            if state.is_terminal:
                continue
            view = state.view(state.current)
            ids = [codec.action_to_id(action, view) for action in view.legal_actions]
            assert len(set(ids)) == len(ids), (
                f"two actions share an id in {view.legal_actions}"
            )
            for action, action_id in zip(view.legal_actions, ids, strict=True):
                assert 0 <= action_id < codec.size
                assert codec.id_to_action(action_id, view) == action
                assert action_to_id(action, view) == action_id
                assert id_to_action(action_id, view) == action
                for section in codec.sections:
                    if section.start <= action_id < section.stop:
                        seen_sections.add(section.name)
    assert {"draw_stock", "discard"} <= seen_sections


def test_fixed_ids_mean_the_same_in_every_variant() -> None:
    jack = Card("Js")
    for variant in VARIANTS:
        codec = ActionCodec(variant(), players=2)
        assert codec.action_to_id(DrawStock()) == 0
        assert codec.action_to_id(Claim()) == 4
        assert codec.action_to_id(Pass()) == 5
        assert codec.action_to_id(Discard(jack)) == 7 + jack.code
        assert codec.action_to_id(Knock(jack)) == 7 + CARD_KINDS + jack.code
        assert codec.action_to_id(DeclareGin(jack)) == 7 + 2 * CARD_KINDS + jack.code
        assert (
            codec.action_to_id(Declare(jack, ["As 2s 3s"]))
            == 7 + 3 * CARD_KINDS + jack.code
        )
        assert codec.action_to_id(Show(["As 2s 3s"], deadwood="Kd")) == 6
        assert codec.describe(7 + jack.code) == "discard Js"


def test_the_sections_tile_the_layout_without_gaps() -> None:
    for variant in VARIANTS:
        codec = ActionCodec(variant(), players=4)
        stop = 0
        for section in codec.sections:
            assert section.start == stop
            stop = section.stop
        assert stop == codec.size
        for action_id in range(codec.size):
            assert codec.describe(action_id)


def test_the_meld_catalogue_holds_every_natural_meld_once() -> None:
    codec = ActionCodec(get_variant("classic"), players=2)
    keys = {tuple(sorted(card.code for card in meld.cards)) for meld in codec.catalogue}
    assert len(keys) == len(codec.catalogue)
    # 13 ranks x (4 three-card sets + 1 four-card set) + runs of 3-13 cards, ace low.
    runs = 4 * sum(13 - length + 1 for length in range(3, 14))
    assert len(codec.catalogue) == 13 * 5 + runs
    meld = LayMeld("7c 8c 9c")
    assert codec.describe(codec.action_to_id(meld)) == "lay meld 7c 8c 9c"
    wider = ActionCodec(get_variant("classic", ace_high=True), players=2)
    # Ace high adds the runs of 3-12 cards ending at the ace; 13 cards ending at
    # the ace are the same cards as A-K, which the catalogue already holds.
    assert len(wider.catalogue) == len(codec.catalogue) + 4 * 10


def test_variants_that_keep_melds_in_hand_have_no_table_ids() -> None:
    for name in ("rumino", "indian"):
        names = [section.name for section in ActionCodec(get_variant(name)).sections]
        assert "lay_meld" not in names and "lay_off" not in names
    with pytest.raises(UnencodableActionError, match="no id for a LayMeld"):
        ActionCodec(get_variant("rumino")).action_to_id(LayMeld("7c 8c 9c"))


def test_lay_off_ids_name_the_meld_and_the_extension() -> None:
    variant = get_variant("classic")
    codec = codec_for(variant, 2)
    for seed in range(40):
        for state in _walk(variant, 2, seed, limit=2000):
            if state.is_terminal:
                continue
            view = state.view(state.current)
            for action in view.legal_actions:
                if not isinstance(action, LayOff):
                    continue
                text = codec.describe(codec.action_to_id(action, view))
                assert text.startswith(f"lay off on table meld {action.target}:")
                placed = view.table[action.target].meld
                if placed.kind.value == "run":
                    below, above = (
                        int(part.split()[0]) for part in text.split(": ")[1].split(", ")
                    )
                    assert below + above == len(action.cards)
                return
    pytest.fail("no lay-off came up in 40 random hands")


def test_an_id_that_names_no_legal_action_is_refused() -> None:
    state = get_variant("classic").new_game(players=2, seed=0)
    view = state.view(state.current)
    with pytest.raises(IllegalActionError, match="action id 7 names no legal action"):
        id_to_action(7, view)
    with pytest.raises(UnencodableActionError, match="pass the view"):
        codec_for(state.rules, 2).action_to_id(LayOff("7c", target=0))
    with pytest.raises(ValueError, match="outside"):
        codec_for(state.rules, 2).describe(10**6)


def test_import_rummykit_imports_no_optional_package() -> None:
    code = (
        "import sys, rummykit, rummykit.rl, rummykit.rl.actions, rummykit.cli\n"
        "heavy = [m for m in ('numpy', 'pettingzoo', 'gymnasium', 'ray') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
