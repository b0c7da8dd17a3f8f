"""The corpus against the official material in ../shared: every seed
statement is executable, and every official ruling text is either encoded
or listed as unsupported with a reason."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mtgjudge.check import check_ruling
from mtgjudge.format.corpus import load_corpus
from mtgjudge.format.unsupported import load_unsupported
from mtgjudge.judge.outcome import PASSED

SHARED = Path(__file__).resolve().parents[2] / "shared"
pytestmark = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is not present")

#: Lines of the seed documents that are headings, not statements.
HEADINGS = {"Search", "Double Strike"}


def _normalize(text: str) -> str:
    """Texts are compared with curly and straight quotes made the same: the
    seeds and the newer Gatherer builds differ only in that."""
    return text.replace("’", "'").replace("“", '"').replace("”", '"').strip()


def seed_statements() -> list[str]:
    statements = []
    for path in sorted((SHARED / "seeds").glob("*.txt")):
        text = path.read_text(encoding="utf-8").replace("Search", "\nSearch\n")
        for line in text.splitlines():
            line = line.strip()
            if line and line not in HEADINGS and line not in statements:
                statements.append(line)
    return statements


CORPUS = load_corpus()


def test_every_seed_statement_is_a_passing_ruling():
    passing = {
        ruling.text
        for ruling in CORPUS.rulings
        if all(outcome.status == PASSED for outcome in check_ruling(ruling))
    }
    missing = [statement[:80] for statement in seed_statements() if statement not in passing]
    assert missing == []


def test_every_official_ruling_is_encoded_or_listed_unsupported():
    reference = json.loads((SHARED / "reference" / "rulings.json").read_text(encoding="utf-8"))
    texts = {entry["id"]: _normalize(entry["text"]) for entry in reference}
    encoded = {r.source["reference"] for r in CORPUS.rulings if "reference" in r.source}
    unsupported = {entry.id: entry for entry in load_unsupported(CORPUS.root)}
    assert not encoded & set(unsupported), "a ruling is both encoded and listed unsupported"
    assert encoded | set(unsupported) == set(texts)
    # An encoded ruling carries the official text.
    for ruling in CORPUS.rulings:
        if "reference" in ruling.source:
            assert _normalize(ruling.text) == texts[ruling.source["reference"]], ruling.id


def test_unsupported_reasons_are_reasons():
    for entry in load_unsupported(CORPUS.root):
        assert len(entry.reason) >= 15, entry.id
        vague = r"\b(todo|tbd|not done|not yet (done|encoded|implemented)|no time|for later)\b"
        assert not re.search(vague, entry.reason, re.I), entry.id


def test_encoded_rulings_cite_the_cards_and_dates_of_the_official_record():
    reference = {
        e["id"]: e
        for e in json.loads((SHARED / "reference" / "rulings.json").read_text(encoding="utf-8"))
    }
    for ruling in CORPUS.rulings:
        ref = ruling.source.get("reference")
        if ref is None:
            continue
        official = {(c["card"], c["date"]) for c in reference[ref]["cards"]}
        cited = {(c["name"], c["date"]) for c in ruling.source.get("cards", [])}
        assert cited and cited <= official, ruling.id
