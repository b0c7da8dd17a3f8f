"""Helpers shared by the tests: temporary corpora."""

from __future__ import annotations

import shutil
from pathlib import Path

from mtgjudge.format.corpus import bundled_corpus

GOOD_RULING = """\
id = "TEST-good"
text = "A test ruling."
rules = ["510.1b"]
features = ["damage_assignment"]
source = { rule = "510.1b" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2

[[probe]]
id = "unblocked"
actions = [{ attack = { bear = "Bob" } }, { block = {} }, { damage = {} }]
expect.life = { Bob = 18 }
"""


def make_corpus(tmp_path: Path, files: dict[str, str]) -> Path:
    """A corpus directory with the real features.toml and the given files."""
    root = tmp_path / "corpus"
    root.mkdir()
    shutil.copy(bundled_corpus() / "features.toml", root / "features.toml")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def load_test_ruling(tmp_path: Path, text: str):
    """Loads one ruling file written out in a fresh corpus under ``tmp_path``."""
    from mtgjudge.format.ruling import load_ruling, read_features

    directory = tmp_path / f"r{len(list(tmp_path.iterdir()))}"
    directory.mkdir()
    root = make_corpus(directory, {"t.toml": text})
    return load_ruling(root / "t.toml", read_features(root / "features.toml"))


def game_after(ruling, probe: int = 0):
    """The game of ``ruling``'s setup after the actions of one of its probes."""
    from mtgjudge.model.actions import take_action
    from mtgjudge.model.setup import build_game

    game = build_game(ruling.setup)
    for action in ruling.probes[probe].actions:
        take_action(game, action.kind, action.args)
    return game


def assert_error_names(error: Exception, *parts: str) -> None:
    """A ruling file's error names the file and each of ``parts``: the key
    path and what was expected."""
    text = str(error)
    for part in ("t.toml", *parts):
        assert part in text, f"{part!r} not in {text!r}"


#: Two cards in each player's library, for the draw steps a test passes
#: through (504.1: a player who can't draw loses).
LIBRARY_CARDS = (
    "\n# 504.1: each player has cards to draw in the draw steps the tests pass through.\n"
    + "".join(
        f'[setup.library.{owner.lower()}_card_{n}]\nowner = "{owner}"\ntypes = ["land"]\n\n'
        for owner in ("Alice", "Bob")
        for n in (1, 2)
    )
)


def ruling_head(
    name: str,
    rule: str,
    feature: str,
    *,
    players: str = '["Alice", "Bob"]',
    step: str | None = None,
    bear: str = "",
    wolf: bool = True,
    libraries: bool = False,
) -> str:
    """The start of a test ruling: its metadata and a setup with Alice's
    2/2 ``bear`` and Bob's 3/3 ``wolf``, to which a test adds its objects;
    with ``libraries``, two cards in each player's library to draw."""
    text = (
        f'id = "TEST-{name}"\ntext = "A test ruling."\nrules = ["{rule}"]\n'
        f'features = ["{feature}"]\nsource = {{ rule = "{rule}" }}\n\n'
        f"[setup]\nplayers = {players}\n"
    )
    if step is not None:
        text += f'step = "{step}"\n'
    if libraries:
        text += LIBRARY_CARDS
    text += '\n[setup.battlefield.bear]\ncontroller = "Alice"\npower = 2\ntoughness = 2\n' + bear
    if wolf:
        text += '\n[setup.battlefield.wolf]\ncontroller = "Bob"\npower = 3\ntoughness = 3\n'
    return text


def placeholder_probe(actions: str = "[]") -> str:
    """A probe that only takes ``actions``: the test reads the game after
    them, not this probe's expectation."""
    return f'[[probe]]\nid = "p"\nactions = {actions}\nexpect.life = {{ Bob = 1 }}\n'


def model_final(zones: dict, actions: list, observe: dict, *, players=None) -> dict:
    """One probe message run on our model's engine: the setup's ``zones``
    (``{"battlefield": {...}}``), two players at 20 life (or ``players``),
    Alice's precombat main phase. The probe must not be refused; its final
    observations are returned."""
    from mtgjudge.adapters.model import ModelEngine

    answer = ModelEngine().run(
        {
            "type": "probe",
            "id": "T/p",
            "setup": {
                "players": players or [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "active_player": "Alice",
                "step": "precombat_main",
                **zones,
            },
            "actions": actions,
            "observe": observe,
        }
    )
    assert answer["type"] == "result" and answer["refused"] is None, answer
    return answer["final"]
