"""Parametric rulings: formulas, parameters, ``when``, the loader's errors,
and writing rulings back as TOML."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import make_corpus
from mtgjudge.check import check_ruling
from mtgjudge.cli import main
from mtgjudge.errors import RulingFormatError
from mtgjudge.format.corpus import bundled_corpus, load_corpus, ruling_files
from mtgjudge.format.formula import FormulaError, evaluate, substitute
from mtgjudge.format.schema import json_schema
from mtgjudge.format.writer import ruling_toml
from mtgjudge.judge.outcome import PASSED

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

PARAMETRIC = """\
id = "TEST-param"
text = "A test ruling."
rules = ["510.1b"]
features = ["damage_assignment"]
source = { rule = "510.1b" }

[parameters]
power = { min = 1, max = 20, example = 2 }
blockers = { values = [0, 1], example = 0 }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.bear]
controller = "Alice"
power = "${power}"
toughness = 2

[setup.battlefield.wall]
controller = "Bob"
power = 0
toughness = 30

[[probe]]
id = "attack"
actions = [
  { attack = { bear = "Bob" } },
  { block = {}, when = "${blockers == 0}" },
  { block = { wall = "bear" }, when = "${blockers == 1}" },
  { damage = {} },
]
expect.life = { Bob = "${20 - power if blockers == 0 else 20}" }
expect.damage = { wall = "${power * blockers}" }
expect.dealt = [
  { source = "bear", to = "Bob", amount = "${power}", when = "${blockers == 0}" },
  { source = "bear", to = "wall", amount = "${power}", when = "${blockers == 1}" },
]
"""


# ----- formulas -----


@pytest.mark.parametrize(
    ("text", "names", "value"),
    [
        ("${20 - 2 * power}", {"power": 3}, 14),
        ("${20 - power if blockers == 0 else 20}", {"power": 3, "blockers": 1}, 20),
        ("${min(power, 4) + max(1, 2, 3) + abs(-2)}", {"power": 9}, 9),
        ("${power // 2 + power % 2}", {"power": 5}, 3),
        ("${'first strike' in kws}", {"kws": ["first strike"]}, True),
        ("${['wall'] if n > 0 else []}", {"n": 1}, ["wall"]),
        ("${not flag and 1 < n <= 3}", {"flag": False, "n": 3}, True),
        ("${len(kws)}", {"kws": ["a", "b"]}, 2),
        ("${'{C}' * n}", {"n": 3}, "{C}{C}{C}"),
        ("${n * ['x']}", {"n": 2}, ["x", "x"]),
        ("${'{' + str(n - 1) + '}{U}' if n > 1 else '{U}'}", {"n": 3}, "{2}{U}"),
        ("+${n}/+0", {"n": 3}, "+3/+0"),
        ("{${n}}{G}", {"n": 2}, "{2}{G}"),
        ("${k}", {"k": "trample"}, "trample"),
        ("${true}", {}, True),
        ("no formula here", {}, "no formula here"),
    ],
)
def test_formulas_evaluate(text, names, value):
    assert substitute(text, names) == value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('${__import__("os")}', "only min, max, abs, len and str"),
        ("${str('a')}", "needs integers"),
        ("${(1).real}", "attribute access"),
        ("${power ** 2}", "**"),
        ("${power / 2}", "/ (use //"),
        ("${{1: 2}}", "a table is not allowed"),
        ("${[x for x in kws]}", "comprehension"),
        ("${lambda: 1}", "lambda"),
        ("${kws[0]}", "indexing"),
        ("${powr}", "unknown name 'powr'"),
        ("${power *}", "can't read the formula"),
        ("${power // 0}", "by zero"),
        ("${1000000000 * 10}", "out of range"),
        ("${[1] * 3000}", "more than 1000 items"),
        ("${'ab' * 600}", "more than 1000 items"),
        ("${[1] * [2]}", "needs integers"),
        ("${'a' < 1}", "can't order"),
        ("${power", "an unclosed formula"),
        ("${'}'", "an unclosed formula"),
        ("+${kws}/+0", "inside a longer string"),
    ],
)
def test_formulas_refuse_anything_else(text, message):
    with pytest.raises(FormulaError, match=None) as raised:
        substitute(text, {"power": 3, "kws": ["a"]})
    assert message in str(raised.value)


@given(st.integers(-(10**9), 10**9), st.integers(-(10**9), 10**9))
def test_arithmetic_is_python_arithmetic_within_the_limits(a, b):
    try:
        assert evaluate("a + b", {"a": a, "b": b}) == a + b
    except FormulaError:
        assert abs(a + b) > 10**9


# ----- loading -----


def _corpus(tmp_path, text):
    return load_corpus([make_corpus(tmp_path, {"p.toml": text})])


def test_a_parametric_ruling_loads_with_its_example_and_runs_everywhere(tmp_path):
    corpus = _corpus(tmp_path, PARAMETRIC)
    assert corpus.problems == []
    (ruling,) = corpus.rulings
    assert ruling.is_parametric and ruling.values == {"power": 2, "blockers": 0}
    assert ruling.setup["battlefield"]["bear"]["power"] == 2
    assert [a.kind for a in ruling.probes[0].actions] == ["attack", "block", "damage"]
    # The key paths keep the indices of the file, whatever `when` leaves out.
    assert ruling.probes[0].actions[2].key_path == "probe[0].actions[3]"
    for power in (1, 7, 20):
        for blockers in (0, 1):
            instance = ruling.with_values({"power": power, "blockers": blockers})
            assert [o.status for o in check_ruling(instance)] == [PASSED], (power, blockers)
    assert ruling.with_values({"blockers": 1}).values == {"power": 2, "blockers": 1}


def test_check_runs_the_literal_example(tmp_path, capsys):
    root = make_corpus(tmp_path, {"p.toml": PARAMETRIC})
    assert main(["check", str(root)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    broken = PARAMETRIC.replace("${20 - power if", "${21 - power if")
    (tmp_path / "b").mkdir()
    root = make_corpus(tmp_path / "b", {"p.toml": broken})
    assert main(["check", str(root)]) == 1


BAD = {
    "unknown-name": (
        ("${power * blockers}", "${powr}"),
        "probe[0].expect.damage.wall",
        "formula '${powr}': unknown name 'powr' (parameters: blockers, power)",
    ),
    "example-outside": (
        ("example = 2 }", "example = 21 }"),
        "parameters.power.example",
        "expected an integer from 1 to 20, found 21",
    ),
    "min-above-max": (
        ("min = 1, max = 20", "min = 21, max = 20"),
        "parameters.power.max",
        "at least min",
    ),
    "both-domains": (
        ("values = [0, 1], example = 0", "values = [0, 1], min = 0, example = 0"),
        "parameters.blockers",
        "not both",
    ),
    "reserved": (("blockers = {", "min = {"), "parameters.min", "reserved"),
    "when-not-boolean": (
        ('when = "${blockers == 0}" }', 'when = "${blockers}" }'),
        "probe[0].actions[1].when",
        "expected true or false",
    ),
    "wrong-type-after-substitution": (
        (
            'amount = "${power}", when = "${blockers == 0}"',
            'amount = "${power > 1}", when = "${blockers == 0}"',
        ),
        "probe[0].expect.dealt[0].amount",
        "expected an integer >= 1, found a boolean",
    ),
    "probe-off-at-example": (
        ('id = "attack"', 'id = "attack"\nwhen = "${blockers == 1}"'),
        "probe[0].when",
        "must hold for the example values",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_faults_name_the_file_the_key_path_and_what_was_expected(tmp_path, case):
    (old, new), key_path, expected = BAD[case]
    assert old in PARAMETRIC
    corpus = _corpus(tmp_path, PARAMETRIC.replace(old, new, 1))
    (problem,) = corpus.problems
    assert problem.path.endswith("p.toml")
    assert problem.key_path == key_path, problem
    assert expected in problem.expected, problem


def test_an_instance_that_doesnt_load_names_its_values(tmp_path):
    (ruling,) = _corpus(tmp_path, PARAMETRIC.replace("min = 1, max", "min = 0, max")).rulings
    with pytest.raises(RulingFormatError) as raised:
        ruling.with_values({"power": 0, "blockers": 0})
    assert raised.value.key_path == "probe[0].expect.dealt[0].amount"
    assert "(with power = 0, blockers = 0)" in str(raised.value)
    with pytest.raises(RulingFormatError, match="expected an integer from 0 to 20, found 99"):
        ruling.with_values({"power": 99})


def test_parametric_rulings_fit_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(json_schema(load_corpus().features))
    data = tomllib.loads(PARAMETRIC)
    assert list(validator.iter_errors(data)) == []
    data["setup"]["battlefield"]["bear"]["power"] = "two"
    assert list(validator.iter_errors(data))
    data["setup"]["battlefield"]["bear"]["power"] = 2
    data["probe"][0]["actions"][0]["when"] = 3
    assert list(validator.iter_errors(data))


# ----- writing TOML -----

keys = st.text(alphabet='abcXY_-1 .é"', min_size=1, max_size=6)
scalars = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=10),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=12,
)


@given(
    st.dictionaries(keys, values, max_size=4),
    st.dictionaries(keys, st.dictionaries(keys, values, max_size=3), max_size=3),
    st.lists(st.dictionaries(keys, values, max_size=3), max_size=3),
)
def test_written_toml_reads_back_the_same(top, objects, probes):
    data = {**top, "setup": {"players": ["Alice"], "battlefield": objects}, "probe": probes}
    assert tomllib.loads(ruling_toml(data, "a header\nof two lines")) == data


def test_every_corpus_file_reads_back_the_same():
    for path in ruling_files([bundled_corpus()]):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert tomllib.loads(ruling_toml(data)) == data, path.name


def test_dump_gives_a_parametric_ruling_as_written_and_its_literal_example(tmp_path, capsys):
    import json

    root = make_corpus(tmp_path, {"p.toml": PARAMETRIC})
    assert main(["dump", "--json", str(root)]) == 0
    (ruling,) = json.loads(capsys.readouterr().out)["rulings"]
    assert ruling["setup"]["battlefield"]["bear"]["power"] == "${power}"
    instance = ruling["instance"]
    assert "parameters" not in instance
    assert instance["setup"]["battlefield"]["bear"]["power"] == 2
    assert [next(iter(a)) for a in instance["probe"][0]["actions"]] == ["attack", "block", "damage"]
