"""Life totals (119) in the game model: setting and doubling them (119.5,
701.10d), "can't gain life" and "can't lose life" (119.7, 119.8), the
results of damage (120.4c) and replacements of life gain (614.1a). The
corpus rulings check the official texts; these tests check the machinery on
small made-up boards."""

from __future__ import annotations

import pytest

from helpers import LIBRARY_CARDS, game_after, load_test_ruling
from mtgjudge.errors import RulingFormatError

HEAD = (
    """\
id = "TEST-life"
text = "A test ruling."
rules = ["119.5"]
features = ["life_totals"]
source = { rule = "119.5" }

[setup]
players = ["Alice", { name = "Bob", life = 7 }]

"""
    + LIBRARY_CARDS
    + """\
[setup.hand.spell]
owner = "Alice"
types = ["instant"]
resolve = RESOLVE
"""
)


def _game(tmp_path, resolve: str, extra: str = "", actions: str = ""):
    text = HEAD.replace("RESOLVE", resolve) + extra
    steps = actions or '{ cast = { card = "spell" } }, { resolve = 1 }'
    text += f'\n[[probe]]\nid = "p"\nactions = [{steps}]\nexpect.life = {{ Bob = 1 }}\n'
    return game_after(load_test_ruling(tmp_path, text))


def _life(game) -> dict[str, int]:
    return {name: player.life for name, player in game.players.items()}


def test_setting_a_life_total_gains_or_loses_the_difference(tmp_path):
    game = _game(tmp_path, "[{ set_life = { Alice = 12, Bob = 12 } }]")
    assert _life(game) == {"Alice": 12, "Bob": 12}
    # 119.5: Bob went up, so he gained 5: one life-gain event.
    assert [(g.player, g.amount) for g in game.history.life_gains] == [("Bob", 5)]


def test_doubling_a_life_total(tmp_path):
    game = _game(tmp_path, '[{ double_life = ["Bob"] }]')
    assert _life(game)["Bob"] == 14
    assert [(g.player, g.amount) for g in game.history.life_gains] == [("Bob", 7)]


CANT_CHANGE = """
[setup.battlefield.emperion]
controller = "Bob"
types = ["artifact"]
life_rules = [{ cant_gain = true, cant_lose = true }]
"""


@pytest.mark.parametrize(
    "resolve",
    [
        "[{ gain_life = { Bob = 3 } }]",
        "[{ lose_life = { Bob = 3 } }]",
        "[{ set_life = { Bob = 20 } }]",
        '[{ double_life = ["Bob"] }]',
    ],
)
def test_a_life_total_that_cant_change(tmp_path, resolve):
    game = _game(tmp_path, resolve, CANT_CHANGE)
    assert _life(game)["Bob"] == 7
    assert game.history.life_gains == []


def test_a_rule_for_opponents_leaves_its_controller_alone(tmp_path):
    extra = CANT_CHANGE.replace("{ cant_gain", '{ players = "opponents", cant_gain')
    game = _game(tmp_path, "[{ gain_life = { Alice = 2, Bob = 2 } }]", extra)
    assert _life(game) == {"Alice": 20, "Bob": 9}


def test_a_life_rule_until_end_of_turn(tmp_path):
    resolve = '[{ life_rules = { rules = [{ cant_gain = true, players = "any" }] } }]'
    actions = (
        '{ cast = { card = "spell" } }, { resolve = 1 }, { gain_life = { Bob = 2 } },'
        ' { next_turn = "precombat_main" }, { gain_life = { Bob = 2 } }'
    )
    game = _game(tmp_path, resolve, actions=actions)
    # 119.7 this turn; the next turn Bob gains again.
    assert _life(game)["Bob"] == 9


RAIN = """
[setup.battlefield.rain]
controller = "Bob"
types = ["enchantment"]
replaces_life_gain = [{ players = "any", by_own_spell_or_ability = true, lose_instead = true }]
"""


def test_life_gain_replaced_by_loss(tmp_path):
    # Alice's own spell would make her gain 4: she loses 4 instead (614.1a);
    # a gain that no spell or ability of hers causes (a probe's action) stays.
    actions = '{ cast = { card = "spell" } }, { resolve = 1 }, { gain_life = { Alice = 1 } }'
    game = _game(tmp_path, "[{ gain_life = { Alice = 4 } }]", RAIN, actions)
    assert _life(game)["Alice"] == 17


def test_cant_gain_life_beats_a_replacement(tmp_path):
    # 119.7: a replacement of a life-gain event of a player who can't gain
    # life does nothing: no loss either.
    extra = RAIN + CANT_CHANGE.replace('controller = "Bob"', 'controller = "Alice"')
    game = _game(tmp_path, "[{ gain_life = { Alice = 4 } }]", extra)
    assert _life(game)["Alice"] == 20


def test_twice_that_much(tmp_path):
    extra = RAIN.replace("by_own_spell_or_ability = true, lose_instead = true", "times = 2")
    game = _game(tmp_path, "[{ gain_life = { Alice = 4 } }]", extra)
    assert _life(game)["Alice"] == 28


def test_a_damage_floor_is_at_least_one(tmp_path):
    extra = CANT_CHANGE.replace("cant_gain = true, cant_lose = true", "damage_floor = 0")
    with pytest.raises(RulingFormatError, match="damage_floor"):
        _game(tmp_path, "[{ gain_life = { Bob = 1 } }]", extra)
