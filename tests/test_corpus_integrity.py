"""Checks over the whole bundled corpus: every cited rule exists, every
expected value matters, probes aren't vacuous, and every file fits the
published JSON Schema."""

from __future__ import annotations

import copy
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from helpers import GOOD_RULING, make_corpus
from mtgjudge.check import check_probe
from mtgjudge.format.corpus import bundled_corpus, load_corpus, ruling_files
from mtgjudge.format.ruling import Probe
from mtgjudge.format.schema import json_schema
from mtgjudge.judge.outcome import FAILED, PASSED

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

SHARED = Path(__file__).resolve().parents[2] / "shared" / "reference"
RULES_FILE = SHARED / "MagicCompRules-20260116.txt"

CORPUS = load_corpus()


def test_the_bundled_corpus_loads_without_problems():
    assert CORPUS.problems == []
    assert CORPUS.rulings


@pytest.mark.skipif(not RULES_FILE.is_file(), reason="../shared/reference is not present")
def test_every_cited_rule_exists_in_the_comprehensive_rules():
    text = RULES_FILE.read_text(encoding="utf-8")
    numbers = set(re.findall(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? ", text, re.M))
    missing = []
    for ruling in CORPUS.rulings:
        cited = list(ruling.rules)
        if "rule" in ruling.source:
            cited.append(ruling.source["rule"])
        missing += [f"{ruling.id}: {rule}" for rule in cited if rule not in numbers]
    assert missing == []


def _mutations(value: Any) -> list[Any]:
    """Ways to break one expected value."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1]
    if isinstance(value, str):
        return [value + "-broken"]
    if isinstance(value, list):
        return [[*value, "broken"], value[:-1]] if value else [["broken"]]
    return []


#: Expectations that ask a question with some of their fields: those fields
#: are the question, not the expected answer, so they aren't broken.
QUESTIONS = {"card_count": {"player", "zone", "types"}}


def _is_question(path: tuple) -> bool:
    if not path or path[0] not in QUESTIONS:
        return False
    # The list of questions itself, or one of a question's fields.
    return len(path) <= 2 or path[2] in QUESTIONS[path[0]]


def _broken_copies(expect: dict[str, Any]):
    """Every copy of ``expect`` with exactly one value broken, and where."""

    def walk(node: Any, path: tuple):
        if not _is_question(path):
            for mutated in _mutations(node):
                yield path, mutated
        if isinstance(node, dict):
            for key, child in node.items():
                yield from walk(child, (*path, key))
        elif isinstance(node, list):
            for index, child in enumerate(node):
                yield from walk(child, (*path, index))

    for path, mutated in walk(expect, ()):
        if not path:
            continue
        broken = copy.deepcopy(expect)
        target = broken
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = mutated
        yield path, broken


def test_breaking_any_single_expected_value_makes_its_probe_fail():
    survivors = []
    for ruling in CORPUS.rulings:
        for probe in ruling.probes:
            for path, broken in _broken_copies(probe.expect):
                mutant = Probe(
                    probe.id,
                    probe.ruling_id,
                    probe.description,
                    probe.actions,
                    broken,
                    probe.key_path,
                )
                if check_probe(ruling, mutant).status == PASSED:
                    survivors.append(f"{probe.full_id}: expect.{'.'.join(map(str, path))}")
    assert survivors == []


def test_a_probe_whose_expectations_hold_before_its_actions_fails(tmp_path):
    vacuous = GOOD_RULING.replace("expect.life = { Bob = 18 }", "expect.life = { Alice = 20 }")
    root = make_corpus(tmp_path, {"vacuous.toml": vacuous})
    corpus = load_corpus([root])
    outcome = check_probe(corpus.rulings[0], corpus.rulings[0].probes[0])
    assert outcome.status == FAILED
    assert "vacuous" in outcome.message


def test_the_published_schema_is_up_to_date():
    published = json.loads((bundled_corpus() / "schema.json").read_text(encoding="utf-8"))
    assert published == json_schema(CORPUS.features), "run: mtgjudge schema > rulings/schema.json"


def test_every_ruling_file_fits_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(json_schema(CORPUS.features))
    for path in ruling_files([bundled_corpus()]):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        errors = [f"{path.name}: {e.json_path}: {e.message}" for e in validator.iter_errors(data)]
        assert errors == []


def test_the_schema_rejects_what_the_loader_rejects():
    jsonschema = pytest.importorskip("jsonschema")
    from test_bad_rulings import CASES

    validator = jsonschema.Draft202012Validator(json_schema(CORPUS.features))
    # Name checks (unknown objects, players, duplicate ids) need the setup
    # and the whole corpus; a schema can't express them.
    structural = {
        "unknown-key",
        "wrong-type",
        "unknown-keyword",
        "unknown-feature",
        "missing-expectation",
        "non-integer-power",
    }
    for case in sorted(structural):
        data = tomllib.loads(CASES[case][0])
        assert list(validator.iter_errors(data)), case


# ----- parametric rulings: every formula matters somewhere in its domain -----


def _value_sets(ruling, count: int = 12) -> list[dict[str, Any]]:
    """Every combination of values when there are at most 120; otherwise
    the example, the ends of each domain, and a few seeded draws."""
    import itertools
    import random

    domains = {
        name: list(p.values) if p.values is not None else list(range(p.minimum, p.maximum + 1))
        for name, p in ruling.parameters.items()
    }
    if math.prod(len(d) for d in domains.values()) <= 120:
        return [dict(zip(domains, combo)) for combo in itertools.product(*domains.values())]
    chooser = random.Random(ruling.id)
    sets = [dict(ruling.values)]
    for name, parameter in ruling.parameters.items():
        ends = (
            list(parameter.values)
            if parameter.values is not None
            else [parameter.minimum, parameter.maximum]
        )
        sets += [{**ruling.values, name: value} for value in ends]
    while len(sets) < count + len(ruling.parameters) * 2:
        sets.append(
            {
                name: chooser.choice(p.values)
                if p.values is not None
                else chooser.randint(p.minimum, p.maximum)
                for name, p in ruling.parameters.items()
            }
        )
    return sets


def _formula_mutants(ruling):
    """Copies of the ruling's file with one formula in an expectation broken:
    a value formula gives something else, a `when` the opposite."""
    from mtgjudge.format.formula import is_formula, substitute

    def walk(node, path):
        if isinstance(node, str) and is_formula(node):
            yield path, node
        elif isinstance(node, dict):
            for key, child in node.items():
                yield from walk(child, (*path, key))
        elif isinstance(node, list):
            for index, child in enumerate(node):
                yield from walk(child, (*path, index))

    for i, probe in enumerate(ruling.raw["probe"]):
        for path, formula in walk(probe.get("expect", {}), ("probe", i, "expect")):
            inner = formula[2:-1]
            if path[-1] == "when":
                broken = "${not (" + inner + ")}"
            else:
                example = substitute(formula, ruling.values)
                if isinstance(example, bool):
                    broken = "${not (" + inner + ")}"
                elif isinstance(example, int):
                    broken = "${(" + inner + ") + 1}"
                elif isinstance(example, list):
                    broken = "${(" + inner + ") + ['broken']}"
                else:
                    broken = formula + "-broken"
            data = copy.deepcopy(ruling.raw)
            target = data
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = broken
            yield ".".join(map(str, path)), data


def test_breaking_any_formula_makes_the_ruling_fail_somewhere_in_its_domain():
    from mtgjudge.check import check_ruling
    from mtgjudge.errors import RulingFormatError
    from mtgjudge.format.ruling import build_ruling

    survivors = []
    for ruling in (r for r in CORPUS.rulings if r.is_parametric):
        sets = _value_sets(ruling)
        for where, data in _formula_mutants(ruling):
            killed = False
            for values in sets:
                try:
                    mutant = build_ruling(ruling.path, data, CORPUS.features, values)
                except RulingFormatError:
                    killed = True  # the broken value doesn't even fit the format
                    break
                if any(o.status != PASSED for o in check_ruling(mutant)):
                    killed = True
                    break
            if not killed:
                survivors.append(f"{ruling.id}: {where}")
    assert survivors == []
