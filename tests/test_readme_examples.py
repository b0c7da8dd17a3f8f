"""Every TOML example of README.md and rulings/README.md works as pasted
(issue 11, section 4).

- An example with an ``id`` is a whole ruling file: alone in a folder, it
  loads and every probe passes; a parametric one passes at its example and
  at the ends of its domains.
- An example that starts with a ``[setup.ZONE.NAME]`` table is an object
  of a setup: added to a plain ruling, the ruling still loads.
- An example that starts with a ``[rule."N"]`` table is part of a coverage
  marks file (``coverage.toml``): it loads.
"""

from __future__ import annotations

import itertools
import re
import sys
from pathlib import Path

import pytest

from helpers import GOOD_RULING, make_corpus
from mtgjudge.check import check_ruling
from mtgjudge.format.corpus import load_corpus
from mtgjudge.judge.outcome import PASSED

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
READMES = [ROOT / "README.md", ROOT / "python/mtgjudge/corpus/README.md"]


def _examples() -> list[tuple[str, str]]:
    found = []
    for readme in READMES:
        text = readme.read_text(encoding="utf-8")
        for number, block in enumerate(re.findall(r"^```toml\n(.*?)^```", text, re.M | re.S)):
            found.append((f"{readme.relative_to(ROOT)}[{number}]", block))
    return found


EXAMPLES = _examples()


def test_there_are_examples():
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize(("where", "block"), EXAMPLES, ids=[w for w, _ in EXAMPLES])
def test_each_example_works_as_pasted(tmp_path, where, block):
    data = tomllib.loads(block)  # it is TOML
    if "id" in data:
        corpus = load_corpus([make_corpus(tmp_path, {"example.toml": block})])
        assert corpus.problems == []
        (ruling,) = corpus.rulings
        instances = [ruling]
        if ruling.is_parametric:
            ends = {
                name: p.values if p.values is not None else (p.minimum, p.maximum)
                for name, p in ruling.parameters.items()
            }
            instances += [
                ruling.with_values(dict(zip(ends, values)))
                for values in itertools.product(*ends.values())
            ]
        for instance in instances:
            outcomes = check_ruling(instance)
            assert [(o.id, o.status, o.message) for o in outcomes if o.status != PASSED] == []
    elif block.startswith("[rule."):
        # A fragment of the coverage marks file: it loads.
        from mtgjudge.coverage import load_marks

        (tmp_path / "coverage.toml").write_text(block, encoding="utf-8")
        marks, _ = load_marks(tmp_path)
        assert len(marks) == block.count("[rule.")
    else:
        assert block.startswith("[setup."), f"{where}: a fragment must be a setup's object"
        text = GOOD_RULING + "\n" + block
        corpus = load_corpus([make_corpus(tmp_path, {"example.toml": text})])
        assert corpus.problems == []
