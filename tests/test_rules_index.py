"""The index of the Comprehensive Rules shipped in the package, and the
checks the loader makes against it: cited rules exist, a rule's ruling
carries the rule's text, and ids follow their recipes (issue 11, section 4)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import GOOD_RULING, assert_error_names, load_test_ruling
from mtgjudge.errors import RulingFormatError
from mtgjudge.format.rules import INDEX, card_ruling_id, comprehensive_rules

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "reference"
RULES_FILE = SHARED / "MagicCompRules-20260116.txt"

# Rule 510.4 and 702.4d of the Comprehensive Rules (2026-01-16), verbatim.
RULE_510_4 = (
    "If at least one attacking or blocking creature has first strike (see rule 702.7) or double "
    "strike (see rule 702.4) as the combat damage step begins, the only creatures that assign "
    "combat damage in that step are those with first strike or double strike. After that step, "
    "instead of proceeding to the end of combat step, the phase gets a second combat damage "
    "step. The only creatures that assign combat damage in that step are the remaining attackers "
    "and blockers that had neither first strike nor double strike as the first combat damage "
    "step began, as well as the remaining attackers and blockers that currently have double "
    "strike. After that step, the phase proceeds to the end of combat step."
)


def test_the_index_holds_the_rules_and_their_texts():
    rules = comprehensive_rules()
    assert rules["510.4"] == RULE_510_4
    assert rules["510"] == "Combat Damage Step"
    assert rules["702.19b"].startswith("The controller of an attacking creature with trample")
    assert "702.2z" not in rules and "100.1" in rules and "905.6" in rules
    # It is data inside the package, so it ships in the wheel.
    assert INDEX.is_file() and INDEX.parent.name == "format"


@pytest.mark.skipif(not RULES_FILE.is_file(), reason="../shared/reference is not present")
def test_the_index_is_what_the_script_makes_of_the_rules(tmp_path):
    out = tmp_path / "index.json.gz"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mtgjudge.format.rules_index_build",
            str(RULES_FILE),
            "--output",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == INDEX.read_bytes()


def test_a_card_rulings_id_is_the_sha1_of_its_text():
    # The id rulings.json gives this text.
    assert (
        card_ruling_id("If a spell has multiple instances of affinity, each applies.")
        == "R4cd6bf23"
    )


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/reference is not present")
def test_every_official_id_follows_the_recipe():
    entries = json.loads((SHARED / "rulings.json").read_text(encoding="utf-8"))
    assert [e["id"] for e in entries if card_ruling_id(e["text"]) != e["id"]] == []


CARD_TEXT = "If a spell has multiple instances of affinity, each applies."
CARD_RULING = (
    GOOD_RULING.replace('id = "TEST-good"', 'id = "R4cd6bf23"')
    .replace('text = "A test ruling."', f'text = "{CARD_TEXT}"')
    .replace(
        'source = { rule = "510.1b" }',
        'source = { cards = [{ name = "Tezzeret, Master of the Bridge", date = "2019-05-03" }], '
        'reference = "R4cd6bf23" }',
    )
)
RULE_RULING = (
    GOOD_RULING.replace('id = "TEST-good"', 'id = "CR-510.4"')
    .replace('text = "A test ruling."', f'text = "{RULE_510_4}"')
    .replace('source = { rule = "510.1b" }', 'source = { rule = "510.4" }')
)


def test_rulings_that_follow_the_recipes_load(tmp_path):
    assert load_test_ruling(tmp_path, CARD_RULING).id == "R4cd6bf23"
    assert load_test_ruling(tmp_path, RULE_RULING).id == "CR-510.4"
    # A text with straight quotes where Gatherer's are typographic keeps its id.
    text = "Tapping a multicolored creature using convoke will pay for {1} or one mana of your choice of any of that creature's colors."
    straight = CARD_RULING.replace(CARD_TEXT, text).replace("R4cd6bf23", "R6efb9172")
    assert load_test_ruling(tmp_path, straight).id == "R6efb9172"


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        (
            GOOD_RULING.replace('rules = ["510.1b"]', 'rules = ["510.1b", "702.2z"]'),
            "rules[1]",
            "no rule 702.2z",
        ),
        (
            GOOD_RULING.replace('{ rule = "510.1b" }', '{ rule = "999.1" }'),
            "source.rule",
            "no rule 999.1",
        ),
        (
            RULE_RULING.replace("proceeds to the end", "goes to the end"),
            "text",
            "expected the text of rule 510.4",
        ),
        (
            RULE_RULING.replace('{ rule = "510.4" }', '{ rule = "510.1b" }'),
            "source.rule",
            "expected '510.4'",
        ),
        (RULE_RULING.replace('"CR-510.4"', '"CR-510.99"'), "id", "no rule 510.99"),
        (CARD_RULING.replace("each applies", "each one applies"), "id", "SHA-1 of its"),
        (
            CARD_RULING.replace('id = "R4cd6bf23"', 'id = "TEST-card"'),
            "id",
            "its reference in rulings.json",
        ),
    ],
)
def test_citations_and_ids_are_checked_at_load(tmp_path, text, where, message):
    with pytest.raises(RulingFormatError) as raised:
        load_test_ruling(tmp_path, text)
    assert_error_names(raised.value, where, message)
