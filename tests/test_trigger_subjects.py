"""Triggered abilities about a particular object or origin: "whenever this
creature is dealt damage" (itself), "whenever equipped creature is dealt
damage" (attached_by_source) and "enters from your graveyard" (from_zone)."""

from __future__ import annotations

import pytest

from helpers import game_after, load_test_ruling
from mtgjudge.errors import RulingFormatError

HEAD = """\
id = "TEST-trigger-subjects"
text = "A test ruling."
rules = ["603.2"]
features = ["triggered_abilities"]
source = { rule = "603.2" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.giant]
controller = "Bob"
power = 3
toughness = 3

[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 4

[setup.battlefield.other]
controller = "Alice"
power = 2
toughness = 4
"""


def _game(tmp_path, extra: str, actions: str):
    text = HEAD + extra
    text += f'\n[[probe]]\nid = "p"\nactions = [{actions}]\nexpect.life = {{ Bob = 1 }}\n'
    return game_after(load_test_ruling(tmp_path, text))


GAIN = "do = [{ gain_life = { Alice = 1 } }]"


def test_itself_is_the_object_with_the_ability(tmp_path):
    extra = f"""
[setup.battlefield.maniac]
controller = "Alice"
power = 1
toughness = 5
triggers = [{{ event = "a_creature_is_dealt_damage", filter = {{ itself = true }}, {GAIN} }}]
"""
    hits = '{ deal_damage = { source = "giant", to = "other", amount = 1 } }'
    assert _game(tmp_path, extra, hits).players["Alice"].life == 20
    (tmp_path / "b").mkdir()
    hits = '{ deal_damage = { source = "giant", to = "maniac", amount = 1 } }, { resolve = 1 }'
    assert _game(tmp_path / "b", extra, hits).players["Alice"].life == 21


def test_the_creature_it_is_attached_to(tmp_path):
    extra = f"""
[setup.battlefield.lash]
controller = "Alice"
types = ["artifact"]
subtypes = ["Equipment"]
attached_to = "bear"
triggers = [{{ event = "a_creature_is_dealt_damage", filter = {{ attached_by_source = true }}, {GAIN} }}]
"""
    hit = '{{ deal_damage = {{ source = "giant", to = "{0}", amount = 1 }} }}'
    bear = _game(tmp_path, extra, hit.format("bear") + ", { resolve = 1 }")
    assert bear.players["Alice"].life == 21
    (tmp_path / "b").mkdir()
    assert _game(tmp_path / "b", extra, hit.format("other")).players["Alice"].life == 20


def test_entering_from_a_zone(tmp_path):
    extra = f"""
[setup.battlefield.flayer]
controller = "Alice"
types = ["enchantment"]
triggers = [{{ event = "a_creature_enters", from_zone = "graveyard", {GAIN} }}]

[setup.graveyard.dead]
owner = "Alice"
power = 1
toughness = 1

[setup.hand.alive]
owner = "Alice"
power = 1
toughness = 1
"""
    actions = (
        '{ move = { dead = "battlefield" } }, { resolve = 1 }, { move = { alive = "battlefield" } }'
    )
    assert _game(tmp_path, extra, actions).players["Alice"].life == 21


def test_from_zone_is_for_entering(tmp_path):
    bad = HEAD.replace(
        "[setup.battlefield.other]",
        'triggers = [{ event = "dies", from_zone = "graveyard", do = [] }]\n\n'
        "[setup.battlefield.other]",
    )
    with pytest.raises(RulingFormatError, match="from_zone"):
        load_test_ruling(
            tmp_path, bad + '\n[[probe]]\nid = "p"\nactions = []\nexpect.life = { Bob = 1 }\n'
        )
