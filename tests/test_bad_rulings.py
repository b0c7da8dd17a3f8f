"""A malformed ruling file gives one clear error naming the file, the key
path and what was expected, and never stops or hides the others."""

from __future__ import annotations

import json

import pytest

from helpers import GOOD_RULING, make_corpus
from mtgjudge.cli import main
from mtgjudge.format.corpus import load_corpus


def _variant(old: str, new: str, ruling_id: str = "TEST-bad") -> str:
    assert old in GOOD_RULING, old
    return GOOD_RULING.replace(old, new).replace('id = "TEST-good"', f'id = "{ruling_id}"')


CASES = {
    "invalid-toml": (
        GOOD_RULING.replace("power = 2", "power = = 2"),
        "",
        "invalid TOML",
    ),
    "unknown-key": (
        _variant("toughness = 2\n", "toughness = 2\ncolour = 'red'\n"),
        "setup.battlefield.bear.colour",
        "unknown key",
    ),
    "wrong-type": (
        _variant("expect.life = { Bob = 18 }", 'expect.life = { Bob = "18" }'),
        "probe[0].expect.life.Bob",
        "expected an integer, found a string",
    ),
    "unknown-keyword": (
        _variant("toughness = 2\n", 'toughness = 2\nkeywords = ["banding"]\n'),
        "setup.battlefield.bear.keywords[0]",
        "expected one of",
    ),
    "unknown-feature": (
        _variant('features = ["damage_assignment"]', 'features = ["banding"]'),
        "features[0]",
        "expected one of",
    ),
    "duplicate-id": (
        GOOD_RULING,
        "id",
        "duplicate id 'TEST-good'",
    ),
    "missing-expectation": (
        _variant("expect.life = { Bob = 18 }\n", ""),
        "probe[0].expect",
        "missing required key",
    ),
    "unknown-object": (
        _variant('attack = { bear = "Bob" }', 'attack = { wolf = "Bob" }'),
        "probe[0].actions[0].attack.wolf",
        "no object named 'wolf' in the setup",
    ),
    "unknown-player": (
        _variant("expect.life = { Bob = 18 }", "expect.life = { Carol = 18 }"),
        "probe[0].expect.life.Carol",
        "no player named 'Carol' in the setup",
    ),
    "non-integer-power": (
        _variant("power = 2", "power = 2.5"),
        "setup.battlefield.bear.power",
        "expected an integer, found a non-integer number (2.5)",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_fault_gives_one_clear_error_and_the_rest_still_run(tmp_path, case, capsys):
    text, key_path, expected = CASES[case]
    root = make_corpus(tmp_path, {"a-good.toml": GOOD_RULING, "b-bad.toml": text})

    corpus = load_corpus([root])
    assert [r.id for r in corpus.rulings] == ["TEST-good"]
    assert len(corpus.problems) == 1
    problem = corpus.problems[0]
    assert problem.path.endswith("b-bad.toml")
    assert problem.key_path == key_path
    assert expected in problem.expected

    status = main(["check", str(root)])
    out = capsys.readouterr().out.splitlines()
    assert status == 1
    errors = [line for line in out if line.startswith("ERROR")]
    assert len(errors) == 1
    assert "b-bad.toml" in errors[0] and key_path in errors[0] and expected in errors[0]
    # The good ruling still ran, and the broken file is counted.
    assert out[-1] == "1 passed, 0 failed, 1 error"


def test_negative_toughness_is_allowed(tmp_path, capsys):
    text = _variant("toughness = 2", "toughness = -1", ruling_id="TEST-negative")
    text = text.replace("expect.life = { Bob = 18 }", 'expect.zone = { bear = "graveyard" }')
    text = text.replace(
        'actions = [{ attack = { bear = "Bob" } }, { block = {} }, { damage = {} }]',
        'actions = [{ pump = { bear = "+0/+0" } }]',
    )
    root = make_corpus(tmp_path, {"neg.toml": text})
    assert main(["check", str(root)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"


def test_json_report_has_one_record_per_probe(tmp_path, capsys):
    bad = _variant("power = 2", "power = 'x'")
    root = make_corpus(tmp_path, {"good.toml": GOOD_RULING, "bad.toml": bad})
    assert main(["check", "--json", str(root)]) == 1
    report = json.loads(capsys.readouterr().out)
    statuses = sorted(
        (record["id"].rsplit("/", 1)[-1], record["status"]) for record in report["probes"]
    )
    assert statuses == [("bad.toml", "error"), ("unblocked", "passed")]
    assert all(set(record) == {"id", "status", "message"} for record in report["probes"])
    assert (report["passed"], report["failed"]) == (1, 1)
