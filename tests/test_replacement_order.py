"""616.1: the affected player orders the replacement and prevention effects
that apply to one damage event."""

from __future__ import annotations

import pytest

from helpers import game_after, load_test_ruling
from mtgjudge.errors import IllegalActionError, InvalidInputError

RULING = """\
id = "TEST-order"
text = "A test ruling."
rules = ["616.1"]
features = ["damage_replacement"]
source = { rule = "616.1" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.double]
controller = "Alice"
types = ["enchantment"]
modifies_damage = [{ times = 2 }]

[setup.battlefield.plus]
controller = "Bob"
types = ["enchantment"]
modifies_damage = [{ plus = 1 }]

[setup.battlefield.bear]
controller = "Bob"
power = 2
toughness = 5

[setup.battlefield.giant]
controller = "Alice"
power = 3
toughness = 3

[[probe]]
id = "p"
actions = %s
expect.life = { Bob = 1 }
"""


def _game(tmp_path, actions: str):
    return game_after(load_test_ruling(tmp_path, RULING % actions))


@pytest.mark.parametrize(
    ("order", "damage"),
    [
        ("", 7),
        ('{ Bob = ["double", "plus"] }', 7),
        ('{ Bob = ["plus", "double"] }', 8),
        ('{ Bob = ["plus"] }', 8),
    ],
)
def test_the_order_chosen_then_timestamps(tmp_path, order, damage):
    before = f"{{ order_replacements = {order} }}, " if order else ""
    game = _game(
        tmp_path, f'[{before}{{ deal_damage = {{ source = "giant", to = "Bob", amount = 3 }} }}]'
    )
    assert game.players["Bob"].life == 20 - damage


def test_a_permanent_s_controller_orders_and_only_once(tmp_path):
    game = _game(
        tmp_path,
        '[{ order_replacements = { Bob = ["plus", "double"] } }, '
        '{ deal_damage = { source = "giant", to = "bear", amount = 1 } }, '
        '{ deal_damage = { source = "giant", to = "Bob", amount = 3 } }]',
    )
    # (1 + 1) × 2 to the Bears, Bob's; the next damage is in timestamp order again.
    assert (game.obj("bear").damage, game.players["Bob"].life) == (4, 13)
    with pytest.raises(IllegalActionError) as raised:
        _game(
            tmp_path,
            '[{ order_replacements = { Alice = ["plus", "double"] } }, '
            '{ deal_damage = { source = "giant", to = "bear", amount = 1 } }]',
        )
    assert (raised.value.rule, raised.value.fault) == ("616.1", "not_affected_player")


def test_an_order_of_effects_that_dont_exist(tmp_path):
    with pytest.raises(InvalidInputError):
        _game(
            tmp_path,
            '[{ order_replacements = { Bob = ["bear", "plus"] } }, '
            '{ deal_damage = { source = "giant", to = "Bob", amount = 3 } }]',
        )
