"""Hostile input below the file level: wrong types anywhere in a ruling,
formulas, sizes that were quadratic or factorial, and the bounds on numbers
(issue 11, section 2).

Where the old algorithm would take hours, the work runs in a subprocess
with a generous time limit: nothing is timed, the limit only stops a hang.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from helpers import GOOD_RULING, assert_error_names, load_test_ruling
from mtgjudge.errors import RulingFormatError
from mtgjudge.format.formula import FormulaError, substitute
from mtgjudge.format.spec import COUNT_BOUND, NUMBER_BOUND

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

LIMIT = 120


def _finishes(code: str) -> str:
    """Runs ``code`` in a fresh interpreter; it must finish (and succeed)
    within LIMIT seconds. Its output."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=LIMIT,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


# ----- wrong types anywhere -----


PARAMETRIC = GOOD_RULING.replace(
    "[setup]", "parameters.n = { min = 0, max = 3, example = 2 }\n\n[setup]"
).replace("expect.life = { Bob = 18 }", 'expect.life = { Bob = "${20 - n}" }')


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*path, index))


def _replaced(node, path, value):
    if not path:
        return value
    copy = dict(node) if isinstance(node, dict) else list(node)
    copy[path[0]] = _replaced(node[path[0]], path[1:], value)
    return copy


WRONG_VALUES = [5, "x", True, [], [5], {}, {"a": 1}, 2**63 - 1, -(2**63)]


@pytest.mark.parametrize("text", [GOOD_RULING, PARAMETRIC], ids=["plain", "parametric"])
def test_a_wrong_type_anywhere_is_a_located_error_never_a_crash(tmp_path, text):
    from mtgjudge.format.corpus import bundled_corpus
    from mtgjudge.format.ruling import build_ruling, read_features

    data = tomllib.loads(text)
    features = read_features(bundled_corpus() / "features.toml")
    for path in list(_paths(data))[1:]:  # the file itself is always a table
        for value in WRONG_VALUES:
            try:
                build_ruling(tmp_path / "t.toml", _replaced(data, path, value), features)
            except RulingFormatError as error:
                assert "t.toml" in str(error)


# ----- formulas -----


@pytest.mark.parametrize(
    ("formula", "message"),
    [
        ("${" + "-" * 100_000 + "1}", "at most 1000 are read"),
        ("${" + "+".join(["1"] * 100_000) + "}", "at most 1000 are read"),
        ("${0x" + "f" * 5000 + "}", "at most 1000 are read"),
        ("${0x" + "f" * 990 + "}", "an integer of 3,960 bits is out of range"),
        ("${" + "-" * 990 + "1}", "nests more than 50 levels"),
        ("${" + "+".join(["1"] * 400) + "}", "nests more than 50 levels"),
        ("${[[1] * 1000] * 1000}", "more than 1000 items"),
        ("${[[[1] * 20] * 20] * 20}", "more than 1000 items"),
        ("${[[]] * 1000000000}", "more than 1000 items"),
        ("${[[1] * 999] + [[1] * 999]}", "more than 1000 items"),
        ("${[[1] * 600, [1] * 600]}", "more than 1000 items"),
        ("${[[[0] * 20] * 20] * 20 == []}", "more than 1000 items"),
        ("${1 in [[[0] * 20] * 20] * 20}", "more than 1000 items"),
    ],
)
def test_formula_bombs_are_refused_before_the_work(formula, message):
    with pytest.raises(FormulaError) as raised:
        substitute(formula, {})
    assert message in str(raised.value)
    assert len(str(raised.value)) < 300


def test_a_list_of_a_thousand_items_is_still_a_value():
    assert substitute("${len([1] * 1000)}", {}) == 1000
    assert substitute("${len(['ab'] * 500)}", {}) == 500


def test_the_formulas_of_one_ruling_have_a_budget_in_all(tmp_path):
    many = "${'x' * 1000}" * 200
    text = PARAMETRIC.replace('id = "unblocked"', f'id = "unblocked"\ndescription = "{many}"')
    with pytest.raises(RulingFormatError) as raised:
        load_test_ruling(tmp_path, text)
    assert_error_names(raised.value, "probe[0].description", "more than 100,000 items in all")
    # Within the budget, it loads.
    text = PARAMETRIC.replace(
        'id = "unblocked"', 'id = "unblocked"\ndescription = "${\'x\' * 1000}"'
    )
    assert load_test_ruling(tmp_path, text).probes[0].description == "x" * 1000


def test_a_when_that_isnt_a_boolean_is_quoted_short(tmp_path):
    text = PARAMETRIC.replace("{ damage = {} }]", '{ damage = {}, when = "${[n] * 900}" }]')
    with pytest.raises(RulingFormatError) as raised:
        load_test_ruling(tmp_path, text)
    assert_error_names(raised.value, "probe[0].actions[2].when", "found a list of 900 items")
    assert len(str(raised.value)) < 400


# ----- sizes that were quadratic or factorial -----


def test_unique_items_are_checked_in_linear_time():
    # 10^6 items: about 5 * 10^11 comparisons the old way, hours.
    out = _finishes(
        """
        from mtgjudge.format.spec import Array, FormatProblem, Int
        items = list(range(1_000_000))
        Array(Int(), unique=True).check(items, "values")
        try:
            Array(Int(), unique=True).check(items + [999_999], "values")
        except FormatProblem as problem:
            print(problem.key_path, problem.expected)
        """
    )
    assert out.strip() == "values[1000000] duplicate item 999999"


def test_expected_events_are_matched_not_permuted():
    # 300 events that fit any actual event but one, and two that fit only
    # one, listed last: trying the orders takes about 300! steps.
    out = _finishes(
        """
        from mtgjudge.judge.compare import events_match
        from mtgjudge.fuzz.consistency import _events_agree
        actual = [{"source": "bear", "to": "Bob", "amount": 1}] * 299
        actual += [{"source": "bear", "to": "Bob", "amount": 5}]
        loose = [{"source": "bear"}] * 298
        print(events_match(loose + [{"amount": 5}, {"amount": 5}], actual))
        print(events_match(loose + [{"to": "Bob"}, {"amount": 5}], actual))
        print(_events_agree(loose + [{"amount": 5}, {"amount": 5}], actual))
        print(_events_agree(loose + [{"to": "Bob"}, {"amount": 5}], actual))
        """
    )
    assert out.split() == ["False", "True", "False", "True"]


# ----- bounds on numbers -----


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        (
            "power = 2",
            f"power = {NUMBER_BOUND + 1}",
            "setup.battlefield.bear.power",
            "from -1,000,000 to 1,000,000",
        ),
        (
            "power = 2",
            f"power = {-NUMBER_BOUND - 1}",
            "setup.battlefield.bear.power",
            "from -1,000,000 to 1,000,000",
        ),
        (
            "{ damage = {} }]",
            f"{{ damage = {{}} }}, {{ resolve = {COUNT_BOUND + 1} }}]",
            "probe[0].actions[3].resolve",
            "from 1 to 200, found 201 (a count is at most 200)",
        ),
        (
            "toughness = 2\n",
            'toughness = 2\nmana_cost = "{1000001}"\n',
            "setup.battlefield.bear.mana_cost",
            "at most 1,000,000 of each mana symbol",
        ),
        (
            "toughness = 2\n",
            'toughness = 2\nmana_cost = "{99999999999}"\n',
            "setup.battlefield.bear.mana_cost",
            "expected a mana cost",
        ),
        (
            "expect.life = { Bob = 18 }",
            'expect.life = { Bob = 18 }\nexpect.mana_pool = { Alice = "{X}" }',
            "probe[0].expect.mana_pool.Alice",
            "Alice's mana pool",
        ),
    ],
)
def test_numbers_beyond_the_bounds_are_refused_at_load(tmp_path, old, new, where, message):
    assert old in GOOD_RULING
    with pytest.raises(RulingFormatError) as raised:
        load_test_ruling(tmp_path, GOOD_RULING.replace(old, new))
    assert_error_names(raised.value, where, message)


def test_numbers_at_the_bounds_load(tmp_path):
    text = GOOD_RULING.replace("power = 2", f"power = {NUMBER_BOUND}").replace(
        "{ damage = {} }]", f"{{ damage = {{}} }}, {{ draw = {{ Alice = {COUNT_BOUND} }} }}]"
    )
    assert load_test_ruling(tmp_path, text).setup["battlefield"]["bear"]["power"] == NUMBER_BOUND
