"""Conditions checked as an effect begins or while a static ability
applies, and restrictions on casting, on small made-up boards. The corpus
rulings check the official texts."""

from __future__ import annotations

import pytest

from helpers import (
    LIBRARY_CARDS,
    assert_error_names,
    game_after,
    load_test_ruling,
    placeholder_probe,
)
from mtgjudge.errors import IllegalCastError, RulingFormatError
from mtgjudge.model import casting

HEAD = (
    """\
id = "TEST-conditions"
text = "A test ruling."
rules = ["608.2h"]
features = ["continuous_effects"]
source = { rule = "608.2h" }

[setup]
players = ["Alice", "Bob"]

"""
    + LIBRARY_CARDS
    + """\
[setup.battlefield.bears]
controller = "Alice"
power = 2
toughness = 2

[setup.battlefield.hydra]
controller = "Alice"
power = 0
toughness = 0
counters = { "+1/+1" = 2 }
statics = [{ affects = { itself = true }, grant = ["trample"], condition = { source_counters = { "+1/+1" = 3 } } }]

[setup.hand.angel]
owner = "Alice"
power = 4
toughness = 4
cast_only_if = "you_cast_another_spell_this_turn"

[setup.hand.rage]
owner = "Alice"
types = ["instant"]
resolve = [{ effect = { to = ["bears"], grant = ["trample"], condition = { you_control = { power_at_least = 4 } } } }]
"""
)


def _game(tmp_path, actions: str, extra: str = ""):
    probe = placeholder_probe(f"[{actions}]")
    return game_after(load_test_ruling(tmp_path, HEAD + extra + probe))


def test_an_effect_whose_condition_fails_doesnt_begin(tmp_path):
    game = _game(tmp_path, '{ cast = { card = "rage" } }, { resolve = 1 }')
    assert "trample" not in game.characteristics(game.obj("bears")).keywords
    assert any("condition doesn't hold" in entry.text for entry in game.trace)


def test_a_static_condition_counts_counters_not_power(tmp_path):
    game = _game(tmp_path, '{ pump = { hydra = "+5/+5" } }')
    assert "trample" not in game.characteristics(game.obj("hydra")).keywords
    game = _game(tmp_path, '{ counters = { hydra = { "+1/+1" = 1 } } }')
    hydra = game.characteristics(game.obj("hydra"))
    assert "trample" in hydra.keywords
    # `itself`: the ability affects only its own permanent.
    assert "trample" not in game.characteristics(game.obj("bears")).keywords


def test_a_copy_isnt_a_spell_cast(tmp_path):
    # 707.10: a copy of a spell isn't cast, so it doesn't make the angel castable.
    game = _game(tmp_path, '{ cast = { card = "rage" } }')
    assert [ref for _, ref, _ in game.history.spells_cast] == ["rage"]
    casting.copy_spell(game, game.obj("rage"), "Alice")
    assert len(game.history.spells_cast) == 1


def test_another_spell_cast_last_turn_doesnt_count(tmp_path):
    with pytest.raises(IllegalCastError) as raised:
        _game(
            tmp_path,
            '{ cast = { card = "rage" } }, { resolve = 1 }, { next_turn = "precombat_main" }, '
            '{ next_turn = "precombat_main" }, { cast = { card = "angel" } }',
        )
    assert raised.value.fault == "casting_restriction"


def test_a_bad_cost_reduction_names_the_key(tmp_path):
    extra = """
[setup.hand.alliance]
owner = "Alice"
types = ["instant"]
costs_less_for_each = { amount = "{1}", for_each = "artifact_you_control" }
"""
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, "", extra)
    assert_error_names(raised.value, "setup.hand.alliance.costs_less_for_each.for_each")


def test_a_mana_cost_that_doesnt_parse_names_its_key(tmp_path):
    extra = """
[setup.hand.alliance]
owner = "Alice"
types = ["instant"]
costs_less_for_each = { amount = "{one}", for_each = "creature_in_your_party" }
"""
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, "", extra)
    assert_error_names(
        raised.value, "setup.hand.alliance.costs_less_for_each.amount", "expected a mana cost"
    )


def test_a_static_that_looks_at_power_is_refused(tmp_path):
    # 613.8: it would depend on its own result; the model doesn't order that.
    extra = """
[setup.battlefield.lord]
controller = "Alice"
types = ["enchantment"]
statics = [{ affects = { controller = "you", power_at_least = 4 }, grant = ["trample"] }]
"""
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, "", extra)
    assert_error_names(raised.value, "setup.battlefield.lord.statics[0]", "power_at_least")
