"""``mtgjudge coverage``: the Comprehensive Rules as a coverage map.

For each numbered rule of the sections the game model covers, whether a
probe that passes cites it in its ruling's ``rules``; a rule no passing
probe cites carries a mark in the corpus's ``coverage.toml`` saying why:
``definitional`` (nothing to run) or ``needs = "..."`` (what the model
lacks). The rules come from the index the package ships
(:func:`mtgjudge.format.rules.comprehensive_rules`).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mtgjudge import keywords
from mtgjudge.errors import RulingFormatError
from mtgjudge.format.files import read_toml
from mtgjudge.format.rules import comprehensive_rules
from mtgjudge.judge.outcome import PASSED, Outcome

#: The sections the model covers: turn structure and combat, casting and
#: abilities, triggers, resolving, layers, replacement and prevention, and
#: state-based actions. The keywords' 702.x come from the model's list.
FIXED_SECTIONS: tuple[str, ...] = (
    *(str(number) for number in range(500, 512)),
    "601",
    "602",
    "603",
    "605",
    "608",
    "613",
    "614",
    "615",
    "616",
    "704",
)
MARKS_FILE = "coverage.toml"
COVERED, DEFINITIONAL, NEEDS, UNMARKED = "covered", "definitional", "needs", "unmarked"
STATES = (COVERED, DEFINITIONAL, NEEDS, UNMARKED)
#: How many rules a section may hold, and how long a reason may be.
MAX_RULES_PER_SECTION = 1000
MAX_REASON = 500
COVERAGE_FORMAT = "mtgjudge-coverage"
COVERAGE_VERSION = 1


def _rules() -> dict[str, str]:
    return comprehensive_rules()


def _headings() -> dict[str, str]:
    """702's subsections by keyword name, in lower case: "flying": "702.9"."""
    return {
        text.lower(): number
        for number, text in _rules().items()
        if re.fullmatch(r"702\.\d+", number)
    }


def keyword_section(name: str) -> str | None:
    """The 702.x of a keyword the model has, by its name among 702's
    headings: a variant counts as its keyword (702.19c), a landwalk as
    landwalk (702.14), "hexproof from [quality]" as hexproof (702.11d)."""
    variant_of = {v: k for k, vs in keywords.VARIANTS.items() for v in vs}
    name = variant_of.get(name, name)
    if name in keywords.LANDWALK:
        name = "landwalk"
    if keywords.is_hexproof(name):
        name = "hexproof"
    return _headings().get(name)


def keyword_sections() -> tuple[str, ...]:
    """The 702.x of every keyword the model has (the kernel's and the
    model's own), in the rules' order."""
    found = {keyword_section(name) for name in (*keywords.KEYWORDS, *keywords.MODEL_KEYWORDS)}
    found.discard(None)
    return tuple(sorted(found, key=lambda n: int(n.split(".")[1])))  # type: ignore[union-attr]


def all_sections() -> tuple[str, ...]:
    return (*FIXED_SECTIONS, *keyword_sections())


def section_rules(section: str) -> list[str]:
    """The section's heading and every numbered rule under it, in order."""
    if "." in section:  # 702.9: 702.9a, 702.9b ...
        pattern = re.compile(re.escape(section) + r"[a-z]?")
    else:  # 506: 506.1, 506.1a ...
        pattern = re.compile(re.escape(section) + r"(?:\.\d+[a-z]?)?")
    found = [number for number in _rules() if pattern.fullmatch(number)]
    return found[:MAX_RULES_PER_SECTION]


def section_of(rule: str, sections: Iterable[str]) -> str | None:
    for section in sections:
        if rule in section_rules(section):
            return section
    return None


@dataclass(frozen=True)
class Mark:
    """Why a rule no passing probe cites is not covered."""

    rule: str
    state: str  # DEFINITIONAL or NEEDS
    reason: str = ""


def load_marks(root: Path | None) -> tuple[dict[str, Mark], Path | None]:
    """``coverage.toml`` at the corpus's root: ``[rule."506.2"]`` tables,
    each ``definitional = true`` or ``needs = "..."``. Raises
    RulingFormatError naming the file and key."""
    if root is None or not (root / MARKS_FILE).is_file():
        return {}, None
    path = root / MARKS_FILE
    data = read_toml(path)
    unknown = set(data) - {"rule"}
    if unknown:
        raise RulingFormatError(str(path), sorted(unknown)[0], "unknown key; expected rule")
    table = data.get("rule", {})
    if not isinstance(table, dict):
        raise RulingFormatError(str(path), "rule", 'expected a table of rules ([rule."506.2"])')
    rules = _rules()
    marks = {}
    for number, entry in table.items():
        where = f'rule."{number}"'
        if number not in rules:
            raise RulingFormatError(
                str(path), where, f"no rule {number} in the Comprehensive Rules (2026-01-16)"
            )
        if not isinstance(entry, dict):
            raise RulingFormatError(str(path), where, "expected a table")
        extra = set(entry) - {"definitional", "needs"}
        if extra:
            raise RulingFormatError(
                str(path),
                f"{where}.{sorted(extra)[0]}",
                "unknown key; expected definitional or needs",
            )
        if ("definitional" in entry) == ("needs" in entry):
            raise RulingFormatError(
                str(path), where, 'expected exactly one of definitional = true or needs = "..."'
            )
        if "definitional" in entry:
            if entry["definitional"] is not True:
                raise RulingFormatError(str(path), f"{where}.definitional", "expected true")
            marks[number] = Mark(number, DEFINITIONAL)
        else:
            needs = entry["needs"]
            if not isinstance(needs, str) or not needs.strip() or len(needs) > MAX_REASON:
                raise RulingFormatError(
                    str(path),
                    f"{where}.needs",
                    f"expected what the model lacks, a string of 1 to {MAX_REASON} characters",
                )
            marks[number] = Mark(number, NEEDS, needs)
    return marks, path


@dataclass
class RuleCoverage:
    rule: str
    text: str
    state: str
    #: The rulings with a passing probe citing the rule (for ``covered``).
    rulings: list[str] = field(default_factory=list)
    #: Their files.
    paths: list[str] = field(default_factory=list)
    reason: str = ""


@dataclass
class SectionCoverage:
    section: str
    title: str
    rules: list[RuleCoverage]

    def count(self, state: str) -> int:
        return sum(1 for rule in self.rules if rule.state == state)

    @property
    def percent(self) -> float:
        return _percent(self.count(COVERED) + self.count(DEFINITIONAL), len(self.rules))


def _percent(part: int, whole: int) -> float:
    return round(100.0 * part / whole, 1) if whole else 100.0


@dataclass
class Coverage:
    sections: list[SectionCoverage]
    #: The marks file's problems: located errors.
    problems: list[RulingFormatError] = field(default_factory=list)

    def count(self, state: str) -> int:
        return sum(section.count(state) for section in self.sections)

    @property
    def total(self) -> int:
        return sum(len(section.rules) for section in self.sections)

    @property
    def percent(self) -> float:
        return _percent(self.count(COVERED) + self.count(DEFINITIONAL), self.total)


def covering_rulings(outcomes: Iterable[Outcome]) -> dict[str, dict[str, str]]:
    """For each rule, the rulings (id: path) with a passing probe that
    cites it in ``rules``. A failing, broken, unsupported or skipped probe
    covers nothing."""
    found: dict[str, dict[str, str]] = {}
    for outcome in outcomes:
        if outcome.status != PASSED or outcome.probe is None or outcome.ruling is None:
            continue
        for rule in outcome.ruling.rules:
            found.setdefault(rule, {})[outcome.ruling.id] = str(outcome.ruling.path)
    return found


def measure(
    outcomes: Iterable[Outcome],
    marks: dict[str, Mark],
    marks_path: Path | None = None,
    sections: Sequence[str] | None = None,
) -> Coverage:
    """Each rule of ``sections`` (default: all) covered, marked or neither;
    a mark on a covered rule, or a rule neither covered nor marked, is a
    problem naming the marks file and key."""
    rules = _rules()
    covering = covering_rulings(outcomes)
    where = str(marks_path) if marks_path else MARKS_FILE
    chosen = list(sections) if sections else list(all_sections())
    coverage = Coverage([])
    for section in chosen:
        entries = []
        for number in section_rules(section):
            mark = marks.get(number)
            if number in covering:
                by = covering[number]
                entries.append(
                    RuleCoverage(
                        number, rules[number], COVERED, sorted(by), [by[r] for r in sorted(by)]
                    )
                )
                if mark is not None:
                    coverage.problems.append(
                        RulingFormatError(
                            where,
                            f'rule."{number}"',
                            f"the rule is covered (by {sorted(by)[0]}): expected no mark",
                        )
                    )
            elif mark is not None:
                entries.append(RuleCoverage(number, rules[number], mark.state, reason=mark.reason))
            else:
                entries.append(RuleCoverage(number, rules[number], UNMARKED))
                coverage.problems.append(
                    RulingFormatError(
                        where,
                        f'rule."{number}"',
                        "no passing probe cites the rule: expected a mark, "
                        'definitional = true or needs = "..."',
                    )
                )
        coverage.sections.append(SectionCoverage(section, rules.get(section, ""), entries))
    scope = set(all_sections())
    for number in sorted(marks):
        if section_of(number, scope) is None:
            coverage.problems.append(
                RulingFormatError(
                    where, f'rule."{number}"', "the rule is in none of the sections coverage maps"
                )
            )
    return coverage


# --- Output ------------------------------------------------------------------


def table(coverage: Coverage) -> str:
    """The human table: one line per section, then the total."""
    lines = [
        f"{'section':<10} {'rules':>5} {'covered':>7} {'defin.':>6} {'needs':>5} {'none':>4}   %"
    ]
    for section in coverage.sections:
        lines.append(
            f"{section.section:<10} {len(section.rules):>5} {section.count(COVERED):>7} "
            f"{section.count(DEFINITIONAL):>6} {section.count(NEEDS):>5} "
            f"{section.count(UNMARKED):>4} {section.percent:>5.1f}  {section.title[:40]}"
        )
    return "\n".join(lines)


def closing_line(coverage: Coverage) -> str:
    return (
        f"coverage {coverage.percent:.1f}% of {coverage.total} rules: "
        f"{coverage.count(COVERED)} covered, {coverage.count(DEFINITIONAL)} definitional, "
        f"{coverage.count(NEEDS)} need more of the model, {coverage.count(UNMARKED)} unmarked"
    )


def _counts(rules_count: int, count: Any, percent: float) -> dict[str, Any]:
    return {
        "rule_count": rules_count,
        **{state: count(state) for state in STATES},
        "percent": percent,
    }


def to_json(coverage: Coverage) -> dict[str, Any]:
    return {
        "format": COVERAGE_FORMAT,
        "version": COVERAGE_VERSION,
        "comprehensive_rules": "2026-01-16",
        "total": _counts(coverage.total, coverage.count, coverage.percent),
        "sections": [
            {
                "section": section.section,
                "title": section.title,
                **_counts(len(section.rules), section.count, section.percent),
                "rules": [
                    {
                        "rule": rule.rule,
                        "text": rule.text,
                        "state": rule.state,
                        "rulings": rule.rulings,
                        "reason": rule.reason,
                    }
                    for rule in section.rules
                ],
            }
            for section in coverage.sections
        ],
        "problems": [str(problem) for problem in coverage.problems],
    }


def coverage_schema() -> dict[str, Any]:
    """The JSON Schema of ``--json`` (``docs/coverage.schema.json``)."""
    counts = {
        "rule_count": {"type": "integer", "minimum": 0},
        **{state: {"type": "integer", "minimum": 0} for state in STATES},
        "percent": {"type": "number", "minimum": 0, "maximum": 100},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://mtgjudge.invalid/coverage/1.json",
        "title": "mtgjudge coverage of the Comprehensive Rules, version 1",
        "type": "object",
        "required": ["format", "version", "comprehensive_rules", "total", "sections", "problems"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": COVERAGE_FORMAT},
            "version": {"const": COVERAGE_VERSION},
            "comprehensive_rules": {"type": "string"},
            "total": {
                "type": "object",
                "required": list(counts),
                "additionalProperties": False,
                "properties": counts,
                "description": "percent: covered and definitional rules over all rules",
            },
            "sections": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["section", "title", *counts, "rules"],
                    "additionalProperties": False,
                    "properties": {
                        "section": {"type": "string"},
                        "title": {"type": "string"},
                        **counts,
                        "rules": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["rule", "text", "state", "rulings", "reason"],
                                "additionalProperties": False,
                                "properties": {
                                    "rule": {"type": "string"},
                                    "text": {"type": "string"},
                                    "state": {"enum": list(STATES)},
                                    "rulings": {
                                        "type": "array",
                                        "items": {"type": "string"},
                                        "description": "rulings with a passing probe citing it",
                                    },
                                    "reason": {
                                        "type": "string",
                                        "description": "for needs: what the model lacks",
                                    },
                                },
                            },
                        },
                    },
                },
            },
            "problems": {
                "type": "array",
                "items": {"type": "string"},
                "description": "the marks file's errors, each naming the file and key",
            },
        },
    }


_COLOURS = {
    COVERED: "#2e9d4f",
    DEFINITIONAL: "#8fb3d9",
    NEEDS: "#e0a030",
    UNMARKED: "#d0443a",
}
_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}"
    "h1{font-size:1.4em}h2{font-size:1.05em;margin:1em 0 .3em}"
    ".grid{display:flex;flex-wrap:wrap;gap:3px;max-width:60em}"
    ".cell{display:inline-block;min-width:3.6em;padding:2px 4px;box-sizing:border-box;"
    "text-align:center;font-size:.72em;"
    "border-radius:3px;color:#fff;text-decoration:none}"
    ".legend span{margin-right:1em}.pct{color:#555;font-weight:normal}"
    "details{font-size:.8em;margin:.2em 0 .6em}"
)


def to_html(coverage: Coverage) -> str:
    """A page read at a glance: per section, a grid of rules coloured by
    state; each cell shows the rule's text on hover and links to the first
    ruling covering it."""
    esc = html.escape
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>mtgjudge coverage</title><style>{_STYLE}</style></head><body>",
        "<h1>Comprehensive Rules (2026-01-16) covered by mtgjudge's rulings</h1>",
        f"<p><b>{esc(closing_line(coverage))}</b></p><p class='legend'>",
    ]
    for state, colour in _COLOURS.items():
        parts.append(f"<span><span class='cell' style='background:{colour}'>{state}</span></span>")
    parts.append("</p>")
    for section in coverage.sections:
        parts.append(
            f"<h2 id='s{esc(section.section)}'>{esc(section.section)} {esc(section.title)} "
            f"<span class='pct'>{section.percent:.1f}% ({section.count(COVERED)} covered, "
            f"{section.count(DEFINITIONAL)} definitional, {section.count(NEEDS)} needs)</span>"
            "</h2><div class='grid'>"
        )
        for rule in section.rules:
            hover = rule.text
            if rule.rulings:
                hover += "\n\ncovered by: " + ", ".join(rule.rulings)
            elif rule.reason:
                hover += "\n\nneeds: " + rule.reason
            style = f"background:{_COLOURS[rule.state]}"
            if rule.paths:
                href = Path(rule.paths[0]).resolve().as_uri()
                parts.append(
                    f"<a class='cell' style='{style}' href='{esc(href)}' title='{esc(hover)}'>"
                    f"{esc(rule.rule)}</a>"
                )
            else:
                parts.append(
                    f"<span class='cell' style='{style}' title='{esc(hover)}'>{esc(rule.rule)}</span>"
                )
        parts.append("</div>")
    if coverage.problems:
        parts.append("<h2>Problems</h2><ul>")
        parts += [f"<li>{esc(str(problem))}</li>" for problem in coverage.problems]
        parts.append("</ul>")
    parts.append("</body></html>\n")
    return "".join(parts)


def write_json(coverage: Coverage, path: Path) -> None:
    path.write_text(json.dumps(to_json(coverage), indent=2, ensure_ascii=False) + "\n", "utf-8")


def write_html(coverage: Coverage, path: Path) -> None:
    path.write_text(to_html(coverage), "utf-8")
