"""The fuzzer itself: it catches planted bugs and prints them as rulings that
reproduce them, replays the same run from the same seed, and its
reproducers say what the game model does.

Planted bugs
------------

The fuzz targets take an engine: any object with the interface of
``mtgjudge._core``. ``mtgjudge.fuzz.planted`` wraps the kernel with one
deliberate bug each (``mtgjudge fuzz --plant NAME`` runs them from the
command line), and the tests below check that a short run from a fixed seed
catches each one and prints a ruling that fails on the planted engine and
passes on the real kernel.

The same experiment was run on the Rust kernel itself. A copy of the
repository (``git archive HEAD``) got one bug at a time in ``rust/core``; it
was built with ``maturin build --release``, its ``_core`` module put in the
copy's ``python/mtgjudge``, and fuzzed with ``PYTHONPATH=COPY/python python
-m mtgjudge.cli fuzz --seconds 60 --seed 1``; then the file was restored
(the working tree's kernel was never edited). RUST_EXPERIMENTS records the
bugs and what the fuzzer found: every one was caught in round 1 by a
parametric ruling, within 3 seconds, and five of six by the model targets
alone within a minute.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from mtgjudge import _core, kernel
from mtgjudge.check import check_ruling
from mtgjudge.cli import main
from mtgjudge.format.corpus import load_corpus
from mtgjudge.format.ruling import build_ruling
from mtgjudge.fuzz import Target, run, targets
from mtgjudge.fuzz import party as party_targets
from mtgjudge.fuzz.combat import combat_ruling, playable, verdict
from mtgjudge.fuzz.planted import PLANTED, planted
from mtgjudge.judge.outcome import PASSED
from mtgjudge.testing import strategies as mst
from mtgjudge.testing.scenarios import ReferenceDriver, play

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

CORPUS = load_corpus()

#: Bugs planted in the Rust kernel (a copy of rust/core), one at a time,
#: and the first line `mtgjudge fuzz --seconds 60 --seed 1` printed: the
#: whole run, then the model targets alone (`--only combat/ --only cost/
#: --only party/`, no corpus). Each whole run failed in round 1 and printed
#: the ruling with the shrunk values as a TOML reproducer.
RUST_EXPERIMENTS: dict[str, tuple[str, str, str]] = {
    "lifelink-plus-one": (
        "damage.rs, a new lifelink gain: `amount` -> `amount + 1`",
        "FAIL ruling/R0461eb3a (round 1, 93 examples, 1.4 s), with first = 1, second = 1, "
        "trample = 2, vampire = 2",
        "FAIL combat/lifelink (round 2, 797 examples, 12.0 s): creature 1 (with lifelink) "
        "dealt 1 damage; life gained [(0, 2)], expected [(0, 1)]",
    ),
    "second-step-no-double-strike": (
        "board.rs, strikes_in: `!struck_first | has(DoubleStrike)` -> `!struck_first`",
        "FAIL ruling/CR-510.4 (round 1, 48 examples, 0.4 s): currently-has-double-strike",
        "FAIL combat/differential (round 2, 1110 examples, 15.2 s): the reference deals 1 "
        "to player 1 in the regular step, the engine nothing",
    ),
    "lethal-ignores-marked-damage": (
        "board.rs, lethal_damage: toughness no longer less the damage already marked",
        "FAIL ruling/R88ed3f25 (round 1, 264 examples, 1.5 s), with power = 2",
        "FAIL combat/differential (round 18, 9077 examples, 53.5 s)",
    ),
    "deathtouch-lethal-is-two": (
        "board.rs, lethal_damage: `1` -> `2` for a source with deathtouch",
        "FAIL ruling/Rff34df79 (round 1, 363 examples, 1.5 s), with loyalty = 1, excess = 0",
        "passed in 60 s (the combat differential had a 14th of the time); "
        "`--only combat/differential` alone: FAIL in 22-31 s for seeds 1, 2 and 3",
    ),
    "party-full-too-early": (
        "party.rs: a full party when roles {Rogue, Warrior, Wizard} are filled (1 << 14)",
        "FAIL ruling/Rf8511e63 (round 1, 460 examples, 2.7 s): any-creatures-enter",
        "FAIL party/differential (round 1, 432 examples, 3.7 s): party of [['Rogue'], "
        "['Warrior'], ['Wizard']]: engine 4, reference 3",
    ),
    "affinity-once": (
        "cost/total.rs: only the first instance of affinity applies",
        "FAIL ruling/R7b93c17e (round 1, 424 examples, 1.8 s): cumulative",
        "FAIL cost/differential (round 2, 860 examples, 7.2 s): affinity [0, 1]",
    ),
}


def test_the_rust_experiments_are_recorded():
    assert len(RUST_EXPERIMENTS) >= 3
    assert all(found.startswith("FAIL") for _, found, _ in RUST_EXPERIMENTS.values())


def _outcomes(text: str, engine: Any) -> list[str]:
    """The verdicts of every ruling in a reproducer (one or two rulings)."""
    statuses = []
    for chunk in text.split("\n# ----- the second ruling -----\n"):
        data = tomllib.loads(chunk)
        ruling = build_ruling(Path("reproducer.toml"), data, CORPUS.features)
        with kernel.using(engine):
            statuses += [o.status for o in check_ruling(ruling)]
    return statuses


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_planted_bug_is_caught_and_printed_as_a_ruling(name):
    engine = planted(name)
    report = run(targets(CORPUS.rulings), engine, seconds=60, seed=0)
    failure = report.failure
    assert failure is not None, f"{name} wasn't caught in {report.total} examples"
    # A ruling, ready to paste: it fails on the planted engine and passes on
    # the kernel.
    assert any(status != PASSED for status in _outcomes(failure.reproducer, engine))
    assert set(_outcomes(failure.reproducer, _core)) == {PASSED}


@pytest.fixture(scope="module")
def lifelink_failure():
    """The combat target for lifelink, without the corpus, on the kernel
    with lifelink off by one."""
    engine = planted("lifelink-off-by-one")
    chosen = [t for t in targets([]) if t.name == "combat/lifelink"]
    report = run(chosen, engine, seconds=60, seed=0)
    assert report.failure is not None
    return engine, report.failure


def test_the_combat_targets_print_their_own_reproducers(lifelink_failure):
    """Without the corpus, the combat targets catch the bug too, and write
    the shrunk combat as a new ruling."""
    engine, failure = lifelink_failure
    text = failure.reproducer
    assert 'id = "FUZZ-lifelink-' in text
    assert any(status != PASSED for status in _outcomes(text, engine))
    assert set(_outcomes(text, _core)) == {PASSED}


def test_combat_reproducers_are_shrunk_to_what_the_bug_needs(lifelink_failure):
    _, failure = lifelink_failure
    data = tomllib.loads(failure.reproducer)
    creatures = data["setup"]["battlefield"]
    assert len(creatures) <= 2
    assert any("lifelink" in str(c) for c in creatures.values())
    assert len(data["probe"][0]["actions"]) <= 4


def test_the_party_targets_print_their_own_reproducers():
    engine = planted("greedy-party")
    report = run(party_targets.targets(), engine, seconds=60, seed=0)
    text = report.failure.reproducer
    assert 'id = "FUZZ-party-' in text
    assert any(status != PASSED for status in _outcomes(text, engine))
    assert set(_outcomes(text, _core)) == {PASSED}


def _recording_target(seen: list) -> Target:
    def check(example: Any, engine: Any) -> None:
        seen.append(example)

    return Target("recording", "", mst.party_creatures(), check, lambda *_: "", examples=10)


def test_the_same_seed_replays_the_same_run():
    first, second, other = [], [], []
    run([_recording_target(first)], _core, seconds=60, seed=7, max_rounds=3)
    run([_recording_target(second)], _core, seconds=60, seed=7, max_rounds=3)
    run([_recording_target(other)], _core, seconds=60, seed=8, max_rounds=3)
    assert first == second and first != other
    # And a failure is found again, shrunk to the same example.
    engine = planted("greedy-party")
    chosen = party_targets.targets()
    a = run(chosen, engine, seconds=60, seed=3)
    b = run(chosen, engine, seconds=60, seed=3)
    assert a.failure.example == b.failure.example
    assert a.failure.reproducer == b.failure.reproducer


def test_the_command_prints_its_seed_and_progress(capsys):
    status = main(["fuzz", "--seconds", "30", "--rounds", "1", "--seed", "11", "--only", "party/"])
    assert status == 0
    out, err = capsys.readouterr()
    assert "seed 11" in out and "passed:" in out
    assert "round 1 done" in err


def test_the_command_prints_a_failure_as_a_ruling_and_exits_1(capsys):
    status = main(
        ["fuzz", "--seconds", "30", "--seed", "3", "--only", "party/", "--plant", "greedy-party"]
    )
    out, _ = capsys.readouterr()
    assert status == 1
    assert "FAIL party/" in out
    toml = out.split("as a ruling file:\n", 1)[1].split("\nreplay:", 1)[0]
    data = tomllib.loads(toml)
    assert data["probe"][0]["expect"]["party"]
    assert "replay: mtgjudge fuzz --seed 3 --only party/" in out


def test_the_command_lists_its_targets(capsys):
    assert main(["fuzz", "--list"]) == 0
    out = capsys.readouterr().out
    for name in ("combat/trample", "cost/payment-pays", "party/invariants", "ruling/R3204f1cd"):
        assert name in out
    assert main(["fuzz", "--plant", "no-such-bug"]) == 2


# ----- reproducers say what the game model does -----


@settings(max_examples=max(50, settings.default.max_examples))
@given(mst.combats())
def test_a_combat_written_as_a_ruling_passes_on_the_kernel(scenario):
    """The reproducer of a combat, with the reference's results as the
    expectations, passes through the game model on the kernel (which agrees
    with the reference): the ruling says what the scenario did.

    This is how two gaps of the game model were found: a blocker whose
    attackers left combat stopped being a blocking creature (509.1g), and a
    creature with trample over planeswalkers forgot the planeswalker it
    attacked once that left (702.19e). Both are fixed (commit 272393b, with
    the rulings CR-509.1g and CR-702.19e)."""
    records = play(scenario, [ReferenceDriver(scenario["board"])]).records[0]
    if records and not records[-1].ok and len(records[-1].faults) > 1:
        return  # several faults, and the engine may name any of them
    data = combat_ruling(
        scenario["board"], playable(records), name="test", statement="x", rules=["510.1"]
    )
    text = verdict(data, _core)
    assert text.startswith("Note") or "vacuous" in text, text


def test_strategies_draw_what_a_ruling_can_say():
    @settings(max_examples=50)
    @given(mst.combats())
    def expressible(scenario):
        attackers = [a for a, _ in scenario["attacks"]]
        assert len(attackers) == len(set(attackers))
        assert len(scenario["blocks"]) == len(set(scenario["blocks"]))
        for step in scenario["steps"]:
            assert all(amount >= 0 for _, _, amount in step["assignments"])

    expressible()


def test_progress_goes_to_a_live_line_on_a_terminal():
    from mtgjudge.fuzz.command import _progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    show = _progress(stream)
    show("[ 0.0s] round 1: combat/trample", False)
    show("round 1 done", True)
    assert "\r" in stream.getvalue() and stream.getvalue().endswith("\n")


# ----- a corpus that contradicts itself -----

_PRINCIPLED = """\
id = "TEST-{name}"
text = "A test ruling."
rules = ["510.1b"]
features = ["damage_assignment"]
source = {{ rule = "510.1b" }}
principle = "unblocked-damage"

[parameters]
power = {{ min = 1, max = 10, example = 2 }}

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.{ref}]
controller = "Alice"
power = "${{power}}"
toughness = 2

[[probe]]
id = "unblocked"
actions = [{{ attack = {{ {ref} = "Bob" }} }}, {{ block = {{}} }}, {{ damage = {{}} }}]
expect.life = {{ Bob = "{life}" }}
"""


def test_rulings_that_contradict_each_other_are_caught(tmp_path):
    from helpers import make_corpus

    # The second ruling is wrong, but only for powers above 5: each passes
    # its own example, and only random values show the contradiction.
    right = _PRINCIPLED.format(name="right", ref="bear", life="${20 - power}")
    wrong = _PRINCIPLED.format(
        name="wrong", ref="wolf", life="${20 - power if power <= 5 else 20 - power + 1}"
    )
    root = make_corpus(tmp_path, {"right.toml": right, "wrong.toml": wrong})
    corpus = load_corpus([root])
    assert corpus.problems == []
    chosen = [t for t in targets(corpus.rulings) if t.name.startswith("consistency/")]
    report = run(chosen, _core, seconds=60, seed=0)
    failure = report.failure
    assert failure is not None and failure.target.name == "consistency/unblocked-damage"
    assert failure.example == {"power": 6}  # shrunk to the first value that disagrees
    assert "TEST-right/unblocked with power = 6 and TEST-wrong/unblocked" in failure.message
    # Both rulings, with the values put in, each a ruling file.
    first, second = failure.reproducer.split("\n# ----- the second ruling -----\n")
    assert tomllib.loads(first)["id"] == "TEST-right"
    assert tomllib.loads(second)["probe"][0]["expect"]["life"] == {"Bob": 15}
