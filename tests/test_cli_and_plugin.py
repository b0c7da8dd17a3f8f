"""The command line and the pytest plugin, end to end."""

from __future__ import annotations

import pytest

from helpers import GOOD_RULING, make_corpus
from mtgjudge.cli import explain, main
from mtgjudge.format.corpus import load_corpus

pytest_plugins = ["pytester"]

WRONG = GOOD_RULING.replace('id = "TEST-good"', 'id = "TEST-wrong"').replace(
    "expect.life = { Bob = 18 }", "expect.life = { Bob = 17 }"
)


def test_check_exit_status_and_summary(tmp_path, capsys):
    root = make_corpus(tmp_path, {"good.toml": GOOD_RULING, "wrong.toml": WRONG})
    assert main(["check", str(root)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("FAIL TEST-wrong/unblocked")
    assert "life.Bob: expected 17, got 18" in out[0]
    assert out[-1] == "1 passed, 1 failed"
    assert main(["check", str(root / "good.toml")]) == 0


def test_explain_shows_ruling_setup_and_trace(tmp_path, capsys):
    root = make_corpus(tmp_path, {"good.toml": GOOD_RULING})
    assert main(["explain", "TEST-good", str(root)]) == 0
    out = capsys.readouterr().out
    assert "A test ruling." in out
    assert "bear: bear, 2/2 (controlled by Alice)" in out
    assert "510.1b: bear deals 2 damage to Bob" in out
    assert "120.3a: Bob loses 2 life" in out


def test_explain_works_for_every_bundled_ruling():
    corpus = load_corpus()
    for ruling in corpus.rulings:
        status, text = explain(corpus, ruling.id)
        assert status == 0, ruling.id
        assert ruling.text[:40] in text.replace("\n   ", " ")
        assert text.count("Trace:") == len(ruling.probes)


def test_explain_an_unknown_id(capsys):
    assert main(["explain", "R00000000"]) == 2
    assert "no ruling or probe with id 'R00000000'" in capsys.readouterr().err


def test_pytest_collects_one_item_per_probe_and_reports_failures(
    pytester: pytest.Pytester, tmp_path
):
    root = make_corpus(
        tmp_path, {"good.toml": GOOD_RULING, "wrong.toml": WRONG, "broken.toml": "id = ["}
    )
    result = pytester.runpytest(str(root), "-v")
    result.assert_outcomes(passed=1, failed=2)
    for line in (
        "*good.toml::TEST-good/unblocked PASSED*",
        "*wrong.toml::TEST-wrong/unblocked FAILED*",
        "*broken.toml::broken.toml FAILED*",
    ):
        result.stdout.fnmatch_lines([line])
    # The failure shows the ruling, its rules, expected against actual, and the trace.
    result.stdout.fnmatch_lines(
        [
            "*“A test ruling.”*",
            "*Rules: 510.1b*",
            "*Trace:*",
            "*510.1b: bear deals 2 damage to Bob*",
            "*Verdict: life.Bob: expected 17, got 18*",
        ]
    )
    result.stdout.fnmatch_lines(["*invalid TOML*"])
