"""The Comprehensive Rules a ruling may cite, and how its id is made.

The package ships an index of the Comprehensive Rules effective 2026-01-16
(``comprehensive_rules.json.gz``: each rule number with its statement,
without examples; made by ``python -m mtgjudge.format.rules_index_build`` from the text
Wizards of the Coast publishes). The loader checks every ruling against it,
so that ``mtgjudge check`` on anyone's folder catches:

- a cited rule number (in ``rules`` or ``source.rule``) that doesn't exist;
- a rule's ruling whose id isn't ``CR-`` and its rule number, whose
  ``source.rule`` isn't that number, or whose text isn't the rule's
  statement, verbatim;
- a card ruling whose id isn't made by its recipe (:func:`card_ruling_id`):
  ``R`` and the first 8 hexadecimal digits of the SHA-1 of its text, as
  Gatherer gives it (``rulings.json`` gives the same ids), and equal to its
  ``source.reference``.

Other ids (``TEST-...``, ``FUZZ-...``, a project's own) are free, as long
as they don't look like either kind.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from mtgjudge.format.spec import FormatProblem, join

INDEX = Path(__file__).resolve().parent / "comprehensive_rules.json.gz"
CARD_RULING_ID = re.compile(r"R[0-9a-f]{8}")


@functools.lru_cache(maxsize=1)
def comprehensive_rules() -> dict[str, str]:
    """Every rule number of the Comprehensive Rules, with its statement."""
    data = json.loads(gzip.decompress(INDEX.read_bytes()).decode("utf-8"))
    return data["rules"]


def card_ruling_id(text: str) -> str:
    """The id of a card ruling with this text: ``R`` and the first 8
    hexadecimal digits of the SHA-1 of the text's UTF-8 bytes."""
    return "R" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


def _spellings(text: str) -> list[str]:
    """The text, and the same with its quotes straight or typographic:
    Gatherer's texts mix both, and a seed document may straighten them."""
    curly = text.replace("'", "’")
    curly = re.sub(r'"([^"]*)"', "“\\1”", curly)
    straight = text.replace("’", "'").replace("“", '"').replace("”", '"')
    return list(dict.fromkeys([text, curly, text.replace("'", "’"), straight]))


def check_citations(ruling: dict[str, Any]) -> None:
    """The checks of a checked ruling against the Comprehensive Rules and
    the recipes of ids; raises FormatProblem."""
    rules = comprehensive_rules()
    for i, number in enumerate(ruling["rules"]):
        if number not in rules:
            raise FormatProblem(
                join("rules", i), f"no rule {number} in the Comprehensive Rules (2026-01-16)"
            )
    source = ruling["source"]
    if "rule" in source and source["rule"] not in rules:
        raise FormatProblem(
            "source.rule", f"no rule {source['rule']} in the Comprehensive Rules (2026-01-16)"
        )
    ruling_id, text = ruling["id"], ruling["text"]
    if ruling_id.startswith("CR-"):
        number = ruling_id[3:]
        if number not in rules:
            raise FormatProblem(
                "id",
                f"a rule's ruling is named CR- and the rule's number; there is no rule {number} "
                "in the Comprehensive Rules (2026-01-16)",
            )
        if source.get("rule") != number:
            raise FormatProblem(
                "source.rule", f"expected {number!r}, the rule the id {ruling_id!r} names"
            )
        if text != rules[number]:
            raise FormatProblem(
                "text",
                f"expected the text of rule {number}, verbatim: {rules[number][:200]!r}",
            )
    if "reference" in source and source["reference"] != ruling_id:
        raise FormatProblem(
            "id", f"a card ruling's id is its reference in rulings.json: {source['reference']!r}"
        )
    if CARD_RULING_ID.fullmatch(ruling_id):
        made = [card_ruling_id(spelling) for spelling in _spellings(text)]
        if ruling_id not in made:
            raise FormatProblem(
                "id",
                "a card ruling's id is R and the first 8 hexadecimal digits of the SHA-1 of its "
                f"text as Gatherer gives it: {made[0]!r} for this text (see rulings/README.md)",
            )
