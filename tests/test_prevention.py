"""Prevention effects (615) in the game model: what the format accepts, and
how effects apply, divide, use up and end. The corpus rulings check the
official texts; these tests check the machinery on small made-up boards."""

from __future__ import annotations

import pytest

from helpers import game_after, load_test_ruling
from mtgjudge.errors import IllegalActionError, RulingFormatError

HEAD = """\
id = "TEST-prevention"
text = "A test ruling."
rules = ["615.1"]
features = ["damage_prevention"]
source = { rule = "615.1" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.wurm]
controller = "Alice"
power = 6
toughness = 6
keywords = ["trample", "lifelink"]

[setup.battlefield.wall]
controller = "Bob"
power = 0
toughness = 2

[setup.battlefield.ward]
controller = "Bob"
types = ["enchantment"]
prevents = [PREVENTION]
"""

ATTACK = '[{ attack = { wurm = "Bob" } }, { block = { wall = "wurm" } }'


def _game(tmp_path, prevention: str, actions: str):
    text = HEAD.replace("PREVENTION", prevention)
    probe = f'[[probe]]\nid = "p"\nactions = {actions}\nexpect.life = {{ Bob = 1 }}\n'
    return game_after(load_test_ruling(tmp_path, text + probe))


def test_a_divided_effect_without_a_choice_goes_in_assignment_order(tmp_path):
    # Lethal 2 to the wall, 4 to Bob; 3 prevented: 2 to the wall, then 1 to Bob.
    game = _game(
        tmp_path,
        '{ to_you = true, to = { controller = "you" }, amount = { per_source = 3 } }',
        ATTACK + ", { damage = {} }]",
    )
    assert game.history.prevented == [("wurm", "wall", 2), ("wurm", "Bob", 1)]
    assert game.players["Bob"].life == 17
    # 702.15b: lifelink gains the damage dealt, not the damage assigned.
    assert game.players["Alice"].life == 23


def test_a_choice_must_name_damage_the_effect_applies_to(tmp_path):
    with pytest.raises(IllegalActionError) as raised:
        _game(
            tmp_path,
            "{ to_you = true, amount = { per_source = 3 } }",
            ATTACK
            + ', { choose_prevention = { ward = [{ source = "wurm", to = "wall", amount = 3 }] } }'
            + ", { damage = {} }]",
        )
    assert raised.value.fault == "prevention_choice"


def test_a_choice_is_used_once(tmp_path):
    # The choice is for the next damage; noncombat damage after it is
    # divided by default.
    game = _game(
        tmp_path,
        '{ to_you = true, to = { controller = "you" }, amount = { per_source = 1 } }',
        ATTACK
        + ', { choose_prevention = { ward = [{ source = "wurm", to = "Bob", amount = 1 }] } }'
        + ", { damage = {} }"
        + ', { deal_damage = { source = "wurm", to = "Bob", amount = 2 } }]',
    )
    assert game.history.prevented == [("wurm", "Bob", 1), ("wurm", "Bob", 1)]
    assert game.players["Bob"].life == 20 - 3 - 1


def test_a_shield_is_used_up_across_events(tmp_path):
    game = _game(
        tmp_path,
        "{ to_you = true, amount = 1 }",
        '[{ deal_damage = { source = "wurm", to = "Bob", amount = 2 } }'
        ', { deal_damage = { source = "wurm", to = "Bob", amount = 2 } }]',
    )
    # 615.10: a static "prevent 1 of that damage" applies to each event.
    assert game.players["Bob"].life == 18
    text = HEAD.replace("prevents = [PREVENTION]\n", "")
    text += """
[setup.hand.salve]
owner = "Bob"
types = ["instant"]
resolve = [{ prevent = { to_you = true, amount = { shield = 3 } } }]
"""
    probe = """[[probe]]
id = "p"
actions = [
  { cast = { card = "salve", player = "Bob" } },
  { resolve = 1 },
  { deal_damage = { source = "wurm", to = "Bob", amount = 2 } },
  { deal_damage = { source = "wurm", to = "Bob", amount = 2 } },
  { deal_damage = { source = "wurm", to = "Bob", amount = 2 } },
]
expect.life = { Bob = 1 }
"""
    game = game_after(load_test_ruling(tmp_path, text + probe))
    # 615.7: 2 then 1 prevented; the third event is dealt in full.
    assert game.history.prevented == [("wurm", "Bob", 2), ("wurm", "Bob", 1)]
    assert game.players["Bob"].life == 20 - 0 - 1 - 2
    assert game.preventions == []


def test_an_effect_for_this_turn_ends_in_the_cleanup_step(tmp_path):
    text = HEAD.replace("prevents = [PREVENTION]\n", "")
    text += """
[setup.hand.fog]
owner = "Bob"
types = ["instant"]
resolve = [{ prevent = { combat = true } }]
"""
    probe = """[[probe]]
id = "p"
actions = [
  { cast = { card = "fog", player = "Bob" } },
  { resolve = 1 },
  { next_turn = "precombat_main" },
]
expect.life = { Bob = 1 }
"""
    game = game_after(load_test_ruling(tmp_path, text + probe))
    assert game.preventions == []


def test_combat_only_leaves_noncombat_damage_alone(tmp_path):
    game = _game(
        tmp_path,
        "{ to_you = true, combat = true }",
        '[{ deal_damage = { source = "wurm", to = "Bob", amount = 3 } }]',
    )
    assert game.history.prevented == []
    assert game.players["Bob"].life == 17


@pytest.mark.parametrize(
    ("prevention", "where", "message"),
    [
        ("{ amount = 0 }", "amount", "an integer >= 1"),
        ("{ amount = { all_but = 1, shield = 2 } }", "amount", "exactly one"),
        ('{ amount = "most" }', "amount", "all"),
        ('{ to_objects = ["wall"] }', "to_objects", "unknown key"),
        ('{ by = { keywords = ["tramples"] } }', "by.keywords", "expected one of"),
    ],
)
def test_bad_prevention_names_the_key(tmp_path, prevention, where, message):
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, prevention, "[]")
    text = str(raised.value)
    assert "setup.battlefield.ward.prevents[0]" in text
    assert where in text
    assert message in text
