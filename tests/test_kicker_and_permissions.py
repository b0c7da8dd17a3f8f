"""Kicker (702.33), casting without paying the mana cost (118.9) under a
permission, and conditions on the graveyard and the turn."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe
from mtgjudge.errors import IllegalCastError, RulingFormatError

HEAD = """\
id = "TEST-kicker"
text = "A test ruling."
rules = ["702.33a"]
features = ["kicker"]
source = { rule = "702.33a" }

[setup]
players = ["Alice", "Bob"]
active_player = "%s"

[setup.hand.titan]
owner = "Alice"
mana_cost = "{1}{G}"
power = 2
toughness = 2
kicker = "{2}{G}"
if_kicked = { counters = { "+1/+1" = 3 }, keywords = ["trample"] }

[setup.graveyard.bolt]
owner = "Alice"
types = ["instant"]
"""


def _game(tmp_path, body: str, actions: str, active: str = "Alice"):
    probe = placeholder_probe(actions)
    return game_after(load_test_ruling(tmp_path, HEAD % active + body + "\n" + probe))


def test_if_kicked_needs_a_kicker(tmp_path):
    body = '[setup.hand.other]\nowner = "Alice"\npower = 1\ntoughness = 1\nif_kicked = { keywords = ["flying"] }\n'
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, body, "[]")
    assert_error_names(raised.value, "setup.hand.other.if_kicked", "kicker cost")


def test_kicked_or_not(tmp_path):
    kicked = _game(tmp_path, "", '[{ cast = { card = "titan", kicked = true } }, { resolve = 1 }]')
    titan = kicked.obj("titan")
    assert (titan.counters["+1/+1"], "trample" in kicked.characteristics(titan).all_keywords) == (
        3,
        True,
    )
    plain = _game(tmp_path, "", '[{ cast = { card = "titan" } }, { resolve = 1 }]')
    assert plain.obj("titan").counters["+1/+1"] == 0


ALUREN = """
[setup.battlefield.aluren]
controller = "%s"
types = ["enchantment"]
permissions = [{ spells = { types = ["creature"] }, players = "%s", as_though_flash = true, without_paying_mana_cost = true }]
"""


@pytest.mark.parametrize(
    ("owner", "players", "free", "fault"),
    [
        ("Alice", "you", True, None),
        ("Bob", "any", True, None),
        ("Bob", "you", True, "no_permission"),
        ("Alice", "you", False, "not_your_turn"),
    ],
)
def test_a_permission_to_cast_without_paying(tmp_path, owner, players, free, fault):
    cast = f'[{{ cast = {{ card = "titan", without_paying_mana_cost = {str(free).lower()} }} }}]'
    body = ALUREN % (owner, players)
    if fault is None:
        game = _game(tmp_path, body, cast, active="Bob")
        assert game.history.total_costs["titan"] == "{0}"
    else:
        with pytest.raises(IllegalCastError) as raised:
            _game(tmp_path, body, cast, active="Bob")
        assert raised.value.fault == fault


def test_kicker_still_costs_without_paying_the_mana_cost(tmp_path):
    game = _game(
        tmp_path,
        ALUREN % ("Alice", "you"),
        '[{ cast = { card = "titan", without_paying_mana_cost = true, kicked = true } }]',
    )
    assert game.history.total_costs["titan"] == "{2}{G}"


MASTERY = """
[setup.hand.spell]
owner = "Alice"
types = ["sorcery"]
flash_if = { cards_in_your_graveyard = { filter = { types = ["instant"] }, at_least = %d }, your_turn = true }
resolve = []
"""


@pytest.mark.parametrize(
    ("least", "active", "allowed"), [(1, "Alice", True), (2, "Alice", False), (1, "Bob", False)]
)
def test_conditions_on_the_graveyard_and_the_turn(tmp_path, least, active, allowed):
    actions = '[{ advance = "beginning_of_combat" }, { cast = { card = "spell" } }]'
    if active == "Bob":
        actions = '[{ cast = { card = "spell" } }]'
    if allowed:
        game = _game(tmp_path, MASTERY % least, actions, active=active)
        assert game.obj("spell").zone == "stack"
    else:
        with pytest.raises(IllegalCastError):
            _game(tmp_path, MASTERY % least, actions, active=active)
