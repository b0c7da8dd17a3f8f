"""``mtgjudge coverage``: which rules passing probes cite, the marks file
and its checks, the JSON and its schema, the exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import make_corpus
from mtgjudge import coverage, keywords
from mtgjudge.cli import main
from mtgjudge.errors import RulingFormatError

DOCS = Path(__file__).parent.parent / "docs"

#: A flying attacker that a creature without flying or reach can't block
#: (702.9b): the probe passes.
PASSING = """\
id = "TEST-covers"
text = "A test ruling."
rules = ["702.9b"]
features = ["flying"]
source = { rule = "702.9b" }

[setup]
players = ["Alice", "Bob"]
active_player = "Alice"
step = "precombat_main"

[setup.battlefield.bird]
controller = "Alice"
power = 1
toughness = 1
keywords = ["flying"]

[setup.battlefield.bear]
controller = "Bob"
power = 2
toughness = 2

[[probe]]
id = "cant-block"
actions = [{ attack = { bird = "Bob" } }, { block = { bear = "bird" } }]
expect.error = { fault = "block:flying" }
"""

#: The same board, with a wrong expected value: the probe fails.
FAILING = (
    PASSING.replace("TEST-covers", "TEST-fails")
    .replace('"702.9b"]', '"702.9c"]')
    .replace('expect.error = { fault = "block:flying" }', "expect.life = { Bob = 5 }")
    .replace('{ block = { bear = "bird" } }', "{ block = {} }, { damage = {} }")
)

MARKS = """\
[rule."702.9"]
definitional = true

[rule."702.9a"]
definitional = true

[rule."702.9c"]
needs = "a passing probe"
"""


def _measure(root: Path) -> coverage.Coverage:
    from mtgjudge.check import check_corpus
    from mtgjudge.format.corpus import load_corpus

    corpus = load_corpus([root])
    marks, path = coverage.load_marks(corpus.root)
    return coverage.measure(check_corpus(corpus).outcomes, marks, path, ["702.9"])


def _states(measured: coverage.Coverage) -> dict[str, str]:
    return {rule.rule: rule.state for section in measured.sections for rule in section.rules}


def test_a_passing_probe_covers_a_failing_one_doesnt(tmp_path):
    root = make_corpus(tmp_path, {"a.toml": PASSING, "b.toml": FAILING, "coverage.toml": MARKS})
    measured = _measure(root)
    assert measured.problems == []
    assert _states(measured) == {
        "702.9": "definitional",
        "702.9a": "definitional",
        "702.9b": "covered",
        "702.9c": "needs",
    }
    section = measured.sections[0]
    assert section.rules[2].rulings == ["TEST-covers"]
    # Covered and definitional over all: 3 of 4.
    assert section.percent == 75.0 and measured.percent == 75.0


def test_a_rule_neither_covered_nor_marked_is_a_located_error(tmp_path):
    marks = MARKS.replace('[rule."702.9c"]\nneeds = "a passing probe"\n', "")
    root = make_corpus(tmp_path, {"a.toml": PASSING, "b.toml": FAILING, "coverage.toml": marks})
    measured = _measure(root)
    assert _states(measured)["702.9c"] == "unmarked"
    (problem,) = measured.problems
    assert problem.path.endswith("coverage.toml") and problem.key_path == 'rule."702.9c"'
    assert "expected a mark" in problem.expected


def test_a_mark_on_a_covered_rule_is_a_located_error(tmp_path):
    marks = MARKS + '\n[rule."702.9b"]\nneeds = "nothing"\n'
    root = make_corpus(tmp_path, {"a.toml": PASSING, "coverage.toml": marks})
    measured = _measure(root)
    (problem,) = [p for p in measured.problems if p.key_path == 'rule."702.9b"']
    assert "covered (by TEST-covers)" in problem.expected


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        ('[rule."999.9z"]\ndefinitional = true\n', 'rule."999.9z"', "no rule 999.9z"),
        ('[rule."702.9a"]\ndefinitional = true\nneeds = "x"\n', 'rule."702.9a"', "exactly one"),
        ('[rule."702.9a"]\nneeds = ""\n', 'rule."702.9a".needs', "what the model lacks"),
        ('[rule."702.9a"]\ndefinitional = false\n', 'rule."702.9a".definitional', "true"),
        ('[rule."702.9a"]\nwhy = "x"\n', 'rule."702.9a".why', "unknown key"),
        ("rules = 1\n", "rules", "unknown key"),
    ],
)
def test_a_wrong_marks_file_names_the_file_and_key(tmp_path, text, key, expected):
    (tmp_path / "coverage.toml").write_text(text)
    with pytest.raises(RulingFormatError) as raised:
        coverage.load_marks(tmp_path)
    assert raised.value.path.endswith("coverage.toml")
    assert raised.value.key_path == key and expected in raised.value.expected


def test_a_mark_outside_the_sections_is_an_error(tmp_path):
    root = make_corpus(
        tmp_path,
        {"a.toml": PASSING, "coverage.toml": MARKS + '[rule."100.1"]\ndefinitional = true\n'},
    )
    measured = _measure(root)
    assert [p.key_path for p in measured.problems] == ['rule."100.1"']


def test_the_keywords_sections_come_from_the_models_keywords():
    sections = coverage.keyword_sections()
    # Flying (702.9), trample with its variant (702.19), landwalk (702.14), umbra armor (702.89).
    assert {"702.9", "702.19", "702.14", "702.89"} <= set(sections)
    # Every keyword the model has finds its section (none is silently dropped).
    found = {
        coverage.keyword_section(name) for name in (*keywords.KEYWORDS, *keywords.MODEL_KEYWORDS)
    }
    assert None not in found and found == set(sections)
    assert coverage.section_rules("702.9") == ["702.9", "702.9a", "702.9b", "702.9c"]
    assert "506.4" in coverage.section_rules("506") and "5060" not in coverage.section_rules("506")


def test_the_cli_writes_json_that_fits_its_schema_and_html(tmp_path, capsys):
    jsonschema = pytest.importorskip("jsonschema")
    root = make_corpus(tmp_path, {"a.toml": PASSING, "b.toml": FAILING, "coverage.toml": MARKS})
    out, page = tmp_path / "c.json", tmp_path / "c.html"
    args = [str(root), "--section", "702.9", "--json", str(out), "--html", str(page)]
    assert main(["coverage", *args]) == 0
    printed = capsys.readouterr().out
    assert "702.9" in printed and "75.0" in printed
    assert printed.rstrip().splitlines()[-1].startswith("coverage 75.0% of 4 rules: 1 covered")
    data = json.loads(out.read_text())
    jsonschema.validate(data, json.loads((DOCS / "coverage.schema.json").read_text()))
    assert data["total"]["covered"] == 1 and data["sections"][0]["rules"][2]["rulings"] == [
        "TEST-covers"
    ]
    html = page.read_text()
    assert "a.toml" in html and "title=" in html and "702.9b" in html


def test_the_exit_status(tmp_path, capsys):
    root = make_corpus(tmp_path, {"a.toml": PASSING, "b.toml": FAILING, "coverage.toml": MARKS})
    assert main(["coverage", str(root), "--section", "702.9", "--min", "75"]) == 0
    assert main(["coverage", str(root), "--section", "702.9", "--min", "76"]) == 1
    assert "under --min 76%" in capsys.readouterr().out
    assert main(["coverage", str(root), "--section", "999"]) == 2
    # A marks problem fails the run.
    (root / "coverage.toml").write_text(MARKS + '[rule."702.9b"]\ndefinitional = true\n')
    assert main(["coverage", str(root), "--section", "702.9"]) == 1
    assert "ERROR" in capsys.readouterr().out


def test_the_published_schema_is_up_to_date():
    assert json.loads((DOCS / "coverage.schema.json").read_text()) == coverage.coverage_schema()


def test_the_bundled_corpus_marks_every_rule_it_doesnt_cover():
    # coverage.toml is honest: no mark on a covered rule, none missing, none unknown.
    from mtgjudge.check import check_corpus
    from mtgjudge.format.corpus import load_corpus

    corpus = load_corpus()
    marks, path = coverage.load_marks(corpus.root)
    measured = coverage.measure(check_corpus(corpus).outcomes, marks, path)
    assert [str(p) for p in measured.problems] == []
    assert measured.count(coverage.UNMARKED) == 0
