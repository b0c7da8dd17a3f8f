"""The complete ruling files in rulings/README.md (those whose id begins
with EXAMPLE-) load and pass on the model, as pasted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import load_test_ruling
from mtgjudge.check import check_ruling
from mtgjudge.judge.outcome import PASSED

README = Path(__file__).resolve().parents[1] / "rulings" / "README.md"


def examples() -> list[str]:
    blocks = re.findall(r"```toml\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    return [block for block in blocks if block.startswith('id = "EXAMPLE-')]


def test_the_readme_has_examples():
    assert examples()


@pytest.mark.parametrize("text", examples(), ids=lambda text: text.split('"')[1])
def test_a_readme_example_runs_as_pasted(tmp_path, text):
    ruling = load_test_ruling(tmp_path, text)
    outcomes = check_ruling(ruling)
    assert outcomes and all(outcome.status == PASSED for outcome in outcomes), [
        (outcome.status, outcome.message) for outcome in outcomes
    ]
