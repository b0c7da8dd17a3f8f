"""Mana abilities (605) and the reversal of illegal actions (732.1) in the
game model, on a small made-up board."""

from __future__ import annotations

import pytest

from helpers import game_after, load_test_ruling, placeholder_probe, ruling_head
from mtgjudge.errors import IllegalActionError
from mtgjudge.model.actions import take_action

HEAD = (
    ruling_head("mana", "605.1a", "activated_abilities")
    + """
[setup.battlefield.elves]
controller = "Alice"
power = 1
toughness = 1
abilities = [
  { tap = true, do = [{ add_mana = { Alice = "{G}" } }] },
  { cost = "{G}", do = [{ pump = { elves = "+1/+1" } }] },
  { cost = "{1}", do = [{ add_mana = { Alice = "{R}{R}" } }] },
]

[setup.hand.giant]
owner = "Alice"
mana_cost = "{1}{R}"
power = 3
toughness = 3
"""
)


def _game(tmp_path, actions: str = ""):
    return game_after(load_test_ruling(tmp_path, HEAD + placeholder_probe(f"[{actions}]")))


def test_adding_mana_starts_tracking_a_pool(tmp_path):
    game = _game(tmp_path)
    assert game.players["Alice"].mana_pool is None
    take_action(game, "add_mana", {"Alice": "{W}{W}"})
    assert dict(+game.players["Alice"].mana_pool) == {"W": 2}


def test_a_mana_ability_resolves_without_the_stack(tmp_path):
    game = _game(tmp_path, '{ activate = { card = "elves" } }')
    assert game.stack_order == []
    assert dict(+game.players["Alice"].mana_pool) == {"G": 1}
    assert game.history.abilities_resolved == 1


def test_an_ability_that_adds_no_mana_uses_the_stack(tmp_path):
    game = _game(
        tmp_path, '{ add_mana = { Alice = "{G}" } }, { activate = { card = "elves", ability = 2 } }'
    )
    assert len(game.stack_order) == 1


def test_a_mana_ability_pays_for_another_while_it_is_activated(tmp_path):
    # 601.2g: the {G} of ability 1 pays the {1} of ability 3, which adds {R}{R}.
    game = _game(
        tmp_path,
        '{ activate = { card = "elves", ability = 3, during = [{ activate = { card = "elves" } }] } }',
    )
    assert dict(+game.players["Alice"].mana_pool) == {"R": 2}
    assert game.stack_order == []


def test_only_mana_abilities_while_casting(tmp_path):
    with pytest.raises(IllegalActionError) as raised:
        _game(
            tmp_path,
            '{ add_mana = { Alice = "{G}{R}" } }, '
            '{ cast = { card = "giant", during = [{ activate = { card = "elves", ability = 2 } }] } }',
        )
    assert (raised.value.fault, raised.value.rule) == ("not_a_mana_ability", "601.2g")


def test_a_refused_cast_leaves_the_game_as_it_was(tmp_path):
    # 732.1: through the engine, the attempt is reversed, mana ability and all.
    from mtgjudge.adapters.model import ModelEngine
    from mtgjudge.judge.probes import probe_message

    text = HEAD.replace(
        'players = ["Alice", "Bob"]', 'players = [{ name = "Alice", mana = "" }, "Bob"]'
    )
    actions = '[{ cast = { card = "giant", during = [{ activate = { card = "elves" } }] } }]'
    ruling = load_test_ruling(tmp_path, text + placeholder_probe(actions))
    message = probe_message(ruling, ruling.probes[0])
    message["observe"] = {**message["observe"], "zone": ["giant"], "tapped": ["elves"]}
    answer = ModelEngine().run(message)
    assert answer["refused"]["fault"] == "payment:cant_pay"
    assert answer["final"]["zone"]["giant"] == "hand"
    assert answer["final"]["tapped"]["elves"] is False
