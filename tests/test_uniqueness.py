"""The legend rule (704.5j) and the world rule (704.5k) as state-based
actions in the game model. The corpus rulings (CR-704.5j, CR-704.5k)
check the rules' texts."""

from __future__ import annotations

import pytest

from mtgjudge.errors import InvalidInputError
from mtgjudge.model.setup import build_game


def _permanent(controller, name, supertype, types=("creature",)):
    spec = {"controller": controller, "name": name, "supertypes": [supertype], "types": list(types)}
    if "creature" in types:
        spec.update(power=2, toughness=2)
    return spec


def _game(**battlefield):
    return build_game({"players": ["Alice", "Bob"], "battlefield": battlefield})


def test_the_legend_rule_keeps_the_newest_without_a_choice():
    game = _game(
        a=_permanent("Alice", "Thalia", "legendary"), b=_permanent("Alice", "Thalia", "Legendary")
    )
    game.check_state_based_actions()
    assert (game.obj("a").zone, game.obj("b").zone) == ("graveyard", "battlefield")


def test_the_legend_rule_honours_the_choice_and_uses_it_up():
    game = _game(
        a=_permanent("Alice", "Thalia", "legendary"), b=_permanent("Alice", "Thalia", "legendary")
    )
    game.legend_choices["Alice"] = "a"
    game.check_state_based_actions()
    assert (game.obj("a").zone, game.obj("b").zone) == ("battlefield", "graveyard")
    assert game.legend_choices == {}


def test_the_legend_rule_refuses_a_choice_outside_the_group():
    game = _game(
        a=_permanent("Alice", "Thalia", "legendary"),
        b=_permanent("Alice", "Thalia", "legendary"),
        c=_permanent("Alice", "Other", "legendary"),
    )
    game.legend_choices["Alice"] = "c"
    with pytest.raises(InvalidInputError, match="keep_legend"):
        game.check_state_based_actions()


def test_the_legend_rule_is_per_controller_and_per_name():
    game = _game(
        a=_permanent("Alice", "Thalia", "legendary"),
        b=_permanent("Bob", "Thalia", "legendary"),
        c=_permanent("Alice", "Jace", "legendary"),
    )
    game.check_state_based_actions()
    assert {game.obj(ref).zone for ref in "abc"} == {"battlefield"}


def test_the_world_rule_keeps_the_newest_and_a_tie_keeps_none():
    world = ("enchantment",)
    game = _game(
        a=_permanent("Alice", "A", "world", world), b=_permanent("Bob", "B", "World", world)
    )
    game.check_state_based_actions()
    assert (game.obj("a").zone, game.obj("b").zone) == ("graveyard", "battlefield")
    game = _game(
        a=_permanent("Alice", "A", "world", world), b=_permanent("Bob", "B", "world", world)
    )
    game.obj("a").timestamp = game.obj("b").timestamp
    game.check_state_based_actions()
    assert (game.obj("a").zone, game.obj("b").zone) == ("graveyard", "graveyard")
