"""Mill (701.17), scry (701.22) and searches for printed keywords (701.23)."""

from __future__ import annotations

import pytest

from helpers import game_after, load_test_ruling, placeholder_probe
from mtgjudge.errors import IllegalActionError

HEAD = """\
id = "TEST-library"
text = "A test ruling."
rules = ["701.22a"]
features = ["activated_abilities"]
source = { rule = "701.22a" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.owl]
controller = "Alice"
power = 1
toughness = 1
abilities = [{ do = [{ scry = { Alice = 2 } }] }]

[setup.library.a]
owner = "Alice"
types = ["land"]

[setup.library.b]
owner = "Alice"
types = ["land"]

[setup.library.c]
owner = "Alice"
keywords = ["trample"]
power = 1
toughness = 1
"""


def _game(tmp_path, actions: str):
    probe = placeholder_probe(actions)
    return game_after(load_test_ruling(tmp_path, HEAD + probe))


def _library(game) -> list[str]:
    cards = [game.by_serial(serial) for serial in game.library_order["Alice"]]
    return [card.ref for card in cards if card is not None and card.zone == "library"]


def test_mill_takes_the_top_and_no_more_than_there_is(tmp_path):
    game = _game(tmp_path, "[{ mill = { Alice = 2 } }]")
    assert (_library(game), game.obj("a").zone) == (["c"], "graveyard")
    game = _game(tmp_path, "[{ mill = { Alice = 9 } }]")
    assert _library(game) == [] and not game.players["Alice"].has_lost


@pytest.mark.parametrize(
    ("bottom", "order"),
    [("[]", ["a", "b", "c"]), ('["a"]', ["b", "c", "a"]), ('["b", "a"]', ["c", "b", "a"])],
)
def test_scry_puts_the_cards_chosen_on_the_bottom_in_order(tmp_path, bottom, order):
    game = _game(
        tmp_path,
        f'[{{ activate = {{ card = "owl" }} }}, {{ choose_on_resolution = {{ owl = {{ scry = {bottom} }} }} }}, '
        "{ resolve = 1 }]",
    )
    assert _library(game) == order


def test_scry_only_what_was_looked_at(tmp_path):
    with pytest.raises(IllegalActionError) as raised:
        _game(
            tmp_path,
            '[{ activate = { card = "owl" } }, { choose_on_resolution = { owl = { scry = ["c"] } } }, '
            "{ resolve = 1 }]",
        )
    assert (raised.value.rule, raised.value.fault) == ("701.22a", "not_a_candidate")


def test_a_search_for_a_keyword_the_card_has(tmp_path):
    game = _game(
        tmp_path,
        '[{ search = { player = "Alice", filter = { any_keyword = ["trample", "reach"] } } }]',
    )
    assert game.history.found == ["c"]


@pytest.mark.parametrize(
    ("instead", "hand", "library"),
    [
        # 614.5: the replacement doesn't apply to the draws its own actions cause.
        ("[{ draw = { Alice = 2 } }]", ["a", "b"], ["c"]),
        ("[{ mill = { Alice = 1 } }]", [], ["b", "c"]),
    ],
)
def test_a_replaced_draw(tmp_path, instead, hand, library):
    well = (
        '\n[setup.battlefield.well]\ncontroller = "Alice"\ntypes = ["enchantment"]\n'
        f"replaces_draw = [{{ instead = {instead} }}]\n"
    )
    ruling = load_test_ruling(
        tmp_path, HEAD + well + placeholder_probe("[{ draw = { Alice = 1 } }]")
    )
    game = game_after(ruling)
    assert sorted(o.ref for o in game.objects if o.zone == "hand" and o.owner == "Alice") == hand
    assert _library(game) == library
