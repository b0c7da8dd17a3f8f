"""The harness against engines that misbehave, and our own model through the
protocol.

Each fake engine (tests/engines/fake.py) breaks in one way; every probe
must still end with one verdict that says what went wrong, within the
timeouts. The expected verdicts come from what each engine does, not from
running the harness.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mtgjudge.adapters.model import ModelEngine
from mtgjudge.check import check_corpus
from mtgjudge.cli import main
from mtgjudge.format.corpus import bundled_corpus, load_corpus
from mtgjudge.judge.outcome import ERROR, FAILED, PASSED, UNSUPPORTED
from mtgjudge.judge.run import run
from mtgjudge.protocol.process import ProcessEngine

FAKE = Path(__file__).parent / "engines" / "fake.py"
#: Small rulings whose probes expect life totals (the liar and wrong-life
#: engines tamper with them): 3 + 3 + 3 probes.
RULINGS = ("combat/Rf859538d.toml", "combat/Rbceb1b51.toml", "combat/Rb2f5a136.toml")


@pytest.fixture
def small(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    root.mkdir()
    shutil.copy(bundled_corpus() / "features.toml", root)
    for name in RULINGS:
        shutil.copy(bundled_corpus() / name, root / Path(name).name)
    return root


def fake(mode: str, timeout: float = 1.0) -> ProcessEngine:
    return ProcessEngine([sys.executable, str(FAKE), mode], timeout=timeout, start_timeout=10)


def run_fake(root: Path, mode: str, **options: Any):
    corpus = load_corpus([root])
    probes = sum(len(r.probes) for r in corpus.rulings)
    result = run(lambda: fake(mode, options.pop("timeout", 1.0)), corpus, **options)
    # Every selected probe is reported exactly once.
    assert sorted(o.id for o in result.outcomes) == sorted(
        p.full_id for r in corpus.rulings for p in r.probes
    )
    assert len(result.outcomes) == probes == 9
    return result


def statuses(result) -> list[str]:
    return [o.status for o in result.outcomes]


def test_our_model_through_stdio_passes_what_check_passes():
    corpus = load_corpus()
    direct = check_corpus(corpus)
    served = run(
        lambda: ProcessEngine([sys.executable, "-m", "mtgjudge.cli", "engine"], timeout=60),
        corpus,
    )
    assert [(o.id, o.status) for o in served.outcomes] == [
        (o.id, o.status) for o in direct.outcomes
    ]
    assert all(o.status == PASSED for o in served.outcomes)
    assert served.hello["engine"]["name"] == "mtgjudge"


def test_an_engine_that_crashes_at_start(small):
    result = run_fake(small, "crash-at-start")
    assert set(statuses(result)) == {ERROR}
    message = result.outcomes[0].message
    assert "handshake" in message and "exit status 3" in message
    assert "crashes before its handshake" in message  # the tail of its stderr


def test_an_engine_that_crashes_on_its_second_probe_is_restarted(small):
    # Each new process crashes on its own second probe.
    result = run_fake(small, "crash-on-2")
    assert statuses(result) == [PASSED, ERROR] * 4 + [PASSED]
    assert "exited (exit status 4)" in result.outcomes[1].message
    assert "crashing on probe 2" in result.outcomes[1].message


def test_an_engine_that_hangs(small):
    result = run_fake(small, "hang", timeout=0.5)
    assert set(statuses(result)) == {ERROR}
    assert all("no answer within 0.5 s" in o.message for o in result.outcomes)


def test_an_engine_that_writes_garbage(small):
    result = run_fake(small, "garbage")
    assert set(statuses(result)) == {ERROR}
    assert "isn't JSON" in result.outcomes[0].message
    assert "Traceback (most recent call last)" in result.outcomes[0].message


def test_an_engine_that_answers_for_another_probe(small):
    result = run_fake(small, "wrong-id")
    assert set(statuses(result)) == {ERROR}
    assert "'SOMEONE-ELSE/probe'" in result.outcomes[0].message


def test_a_slow_engine_is_an_error_past_the_time_limit_and_fine_within_it(small):
    corpus = load_corpus([small])
    one = corpus.rulings[0]
    one.probes = one.probes[:1]
    corpus.rulings = [one]
    late = run(lambda: fake("slow", 0.5), corpus)
    assert [o.status for o in late.outcomes] == [ERROR]
    assert "no answer within 0.5 s" in late.outcomes[0].message
    patient = run(lambda: fake("slow", 10), corpus)
    assert [o.status for o in patient.outcomes] == [PASSED]


def test_an_engine_that_lies_about_its_observations(small):
    result = run_fake(small, "liar")
    assert set(statuses(result)) == {ERROR}
    message = result.outcomes[0].message
    assert "malformed" in message
    assert "final.life.Nobody: not asked for" in message
    assert "final.life.Bob: missing" in message


def test_a_handshake_that_lies_fails_every_probe_with_the_reason(small):
    result = run_fake(small, "bad-handshake")
    assert set(statuses(result)) == {ERROR}
    message = result.outcomes[0].message
    assert message.startswith("handshake: ")
    assert "the engine speaks 2; this harness speaks 1" in message
    assert "supports.actions: unknown 'teleport'" in message


def test_a_wrong_life_total_is_a_failure_not_an_error(small):
    result = run_fake(small, "wrong-life")
    assert set(statuses(result)) == {FAILED}
    assert any("life.Bob: expected" in o.message for o in result.outcomes)


def test_no_fake_engine_can_hang_the_command(small, tmp_path):
    # The command as a user runs it, with a bound of its own on top.
    for mode in ("hang", "crash-on-3", "garbage"):
        engine = f"{sys.executable} {FAKE} {mode}"
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "mtgjudge.cli",
                "conformance",
                "--engine",
                engine,
                "--timeout",
                "0.5",
                str(small),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 1
        closing = done.stdout.strip().splitlines()[-1]
        assert "passed" in closing and "error" in closing, closing


class Narrow(ModelEngine):
    """Our model, claiming only vanilla combat."""

    def hello(self) -> dict[str, Any]:
        hello = super().hello()
        hello["supports"] = {
            "features": [
                "damage_assignment",
                "combat_steps",
                "state_based_actions",
                "trample",
                "lifelink",
            ],
            "actions": ["attack", "block", "damage"],
            "setup": [
                "players",
                "player.life",
                "active_player",
                "step",
                "battlefield",
                "object.power",
                "object.toughness",
                "object.keywords",
            ],
            "observations": ["life", "dealt", "died", "damage", "life_gained"],
        }
        return hello


def test_what_the_handshake_lacks_is_unsupported_never_passed():
    corpus = load_corpus()
    result = run(Narrow, corpus)
    unsupported = [o for o in result.outcomes if o.status == UNSUPPORTED]
    passed = [o for o in result.outcomes if o.status == PASSED]
    assert unsupported and passed
    assert len(unsupported) + len(passed) == len(result.outcomes)
    example = next(o for o in unsupported if "first_strike" in o.ruling.features)
    assert "needs" in example.message and "first_strike" in example.message
    # Each probe that ran needed only what was declared.
    for outcome in passed:
        assert set(outcome.ruling.features) <= {
            "damage_assignment",
            "combat_steps",
            "state_based_actions",
            "trample",
            "lifelink",
        }


class Raising(ModelEngine):
    def run(self, probe):
        raise RuntimeError("boom")


class Hanging(ModelEngine):
    def run(self, probe):
        while True:
            pass


def test_an_in_process_engine_that_breaks_or_hangs(small):
    corpus = load_corpus([small])
    broken = run(Raising, corpus)
    assert {o.status for o in broken.outcomes} == {ERROR}
    assert "RuntimeError: boom" in broken.outcomes[0].message
    corpus.rulings = corpus.rulings[:1]
    corpus.rulings[0].probes = corpus.rulings[0].probes[:1]
    hung = run(Hanging, corpus, timeout=0.3)
    assert [o.status for o in hung.outcomes] == [ERROR]
    assert "no answer within 0.3 s" in hung.outcomes[0].message


def test_known_failures_keep_the_run_green_and_stale_ones_are_reported(small, tmp_path, capsys):
    engine = f"{sys.executable} {FAKE} wrong-life"
    written = tmp_path / "known.toml"
    assert (
        main(["conformance", "--engine", engine, "--write-expectations", str(written), str(small)])
        == 1
    )
    capsys.readouterr()
    assert (
        main(["conformance", "--engine", engine, "--expectations", str(written), str(small)]) == 0
    )
    assert capsys.readouterr().out.strip().endswith("0 passed, 0 failed, 9 expected failures")
    # Against an engine that passes, every entry is an unexpected pass.
    honest = f"{sys.executable} -m mtgjudge.cli engine"
    assert (
        main(["conformance", "--engine", honest, "--expectations", str(written), str(small)]) == 1
    )
    out = capsys.readouterr().out
    assert out.count("XPASS ") == 9


def test_reports(small, tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    engine = f"{sys.executable} {FAKE} wrong-life"
    paths = {kind: tmp_path / f"report.{kind}" for kind in ("json", "junit", "markdown", "html")}
    arguments = ["conformance", "--engine", engine, str(small)]
    for kind, path in paths.items():
        arguments += ["--report", kind, "--output", str(path)]
    assert main(arguments) == 1
    data = json.loads(paths["json"].read_text())
    schema = json.loads(
        (Path(__file__).parent.parent / "docs" / "conformance-report.schema.json").read_text()
    )
    jsonschema.validate(data, schema)
    assert data["summary"]["failed"] == 9 and data["summary"]["selected"] == 9
    failure = data["results"][0]
    assert failure["status"] == FAILED and failure["text"] and failure["rules"]
    assert "life" in failure["expect"] and "life" in failure["observed"]

    import xml.etree.ElementTree as ET

    suite = ET.fromstring(paths["junit"].read_text()).find("testsuite")
    assert suite.get("failures") == "9"
    messages = [case.find("failure").get("message") for case in suite.findall("testcase")]
    assert all("expected" in message for message in messages)  # the verdict, not the id

    markdown = paths["markdown"].read_text()
    assert "| **all probes** | 0 ✓ · 9 ✗ |" in markdown
    assert failure["text"] in markdown


def test_the_published_schemas_are_up_to_date():
    from mtgjudge.judge.reports import report_schema
    from mtgjudge.protocol.messages import json_schemas

    docs = Path(__file__).parent.parent / "docs"
    assert json.loads((docs / "conformance-report.schema.json").read_text()) == report_schema()
    published = {p.name.removesuffix(".schema.json") for p in (docs / "protocol").glob("*.json")}
    assert published == set(json_schemas())
    for name, schema in json_schemas().items():
        assert json.loads((docs / "protocol" / f"{name}.schema.json").read_text()) == schema


def test_the_messages_of_a_run_fit_their_schemas():
    jsonschema = pytest.importorskip("jsonschema")
    from mtgjudge.judge.probes import probe_message
    from mtgjudge.protocol.messages import json_schemas

    schemas = json_schemas()
    engine = ModelEngine()
    jsonschema.validate(engine.hello(), schemas["hello"])
    corpus = load_corpus()
    for ruling in corpus.rulings[::20]:
        for probe in ruling.probes:
            message = probe_message(ruling, probe)
            jsonschema.validate(message, schemas["probe"])
            jsonschema.validate(engine.run(message), schemas["result"])


def test_pytest_runs_the_probes_on_another_engine(small):
    def pytest_with(engine: str) -> str:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                str(small),
                "--engine",
                engine,
                "--mtgjudge-timeout",
                "5",
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
        return done.stdout.strip().splitlines()[-1]

    assert "9 passed" in pytest_with(f"{sys.executable} -m mtgjudge.cli engine")
    assert "9 failed" in pytest_with(f"{sys.executable} {FAKE} wrong-life")


def test_fuzz_finds_an_engine_that_differs_and_passes_our_model(capsys):
    pytest.importorskip("hypothesis")
    from mtgjudge.fuzz.command import command

    honest = f"{sys.executable} -m mtgjudge.cli engine"
    assert (
        command([], seconds=5, seed=3, engine_command=honest, rounds=1, only=["engine/combat"]) == 0
    )
    assert "passed:" in capsys.readouterr().out
    liar = f"{sys.executable} {FAKE} wrong-life"
    assert (
        command([], seconds=5, seed=3, engine_command=liar, rounds=1, only=["engine/combat"]) == 1
    )
    out = capsys.readouterr().out
    assert "FAIL engine/combat: the engine differs from mtgjudge's model: life." in out
    assert 'id = "FUZZ-engine-' in out  # the reproducer, as a ruling file
