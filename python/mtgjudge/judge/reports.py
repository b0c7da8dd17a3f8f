"""Reports of conformance runs: JSON (the data, in one documented schema),
JUnit XML (for CI systems), Markdown (for a README) and a static HTML page
(the matrix of features against engines, and every failure with its
ruling's text and rules, the expectation beside the observation).

Markdown and HTML are rendered from JSON reports, so that runs of several
engines, made separately, make one matrix (``mtgjudge report``).
"""

from __future__ import annotations

import contextlib
import html
import json
from collections import Counter
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from mtgjudge.judge.outcome import ERROR, FAILED, PASSED, SKIPPED, UNSUPPORTED, Outcome
from mtgjudge.judge.run import Run, is_unexpected

REPORT_FORMAT = "mtgjudge-conformance"
REPORT_VERSION = 1
COMPREHENSIVE_RULES = "2026-01-16"
#: What a report counts, in the order shown.
COLUMNS = ("passed", "failed", "errors", "unsupported", "expected_failures", "skipped")
_STATUS_COLUMN = {
    PASSED: "passed",
    FAILED: "failed",
    ERROR: "errors",
    UNSUPPORTED: "unsupported",
    SKIPPED: "skipped",
}


def _column(result: dict[str, Any]) -> str:
    if result["expected_failure"] is not None and result["status"] != PASSED:
        return "expected_failures"
    return _STATUS_COLUMN[result["status"]]


def _result(outcome: Outcome, root: Path | None) -> dict[str, Any]:
    ruling, probe = outcome.ruling, outcome.probe
    path = outcome.path
    if root is not None and path:
        with contextlib.suppress(ValueError):
            path = str(Path(path).resolve().relative_to(root.resolve()))
    known = outcome.expected_failure
    entry: dict[str, Any] = {
        "id": outcome.id,
        "ruling": ruling.id if ruling is not None else None,
        "path": path,
        "status": outcome.status,
        "unexpected": is_unexpected(outcome),
        "expected_failure": None
        if known is None
        else {"reason": known.reason, "verdict": known.verdict},
        "message": outcome.message,
        "features": list(ruling.features) if ruling is not None else [],
        "rules": list(ruling.rules) if ruling is not None else [],
    }
    if outcome.status in (FAILED, ERROR) or entry["unexpected"]:
        # What a reader of a failure needs; a pass is its id and features.
        entry["text"] = ruling.text if ruling is not None else ""
        entry["source"] = ruling.attribution() if ruling is not None else ""
    if outcome.status in (FAILED, ERROR) and probe is not None:
        entry["expect"] = probe.expect
        entry["observed"] = outcome.observed
        entry["actions"] = [{action.kind: action.args} for action in probe.actions]
    return entry


def report_data(run: Run, root: Path | None = None) -> dict[str, Any]:
    """The JSON report of a run (``docs/conformance-report.schema.json``)."""
    results = [_result(outcome, root) for outcome in run.outcomes]
    summary = Counter(_column(result) for result in results)
    features: dict[str, Counter[str]] = {}
    for result in results:
        for feature in result["features"]:
            features.setdefault(feature, Counter())[_column(result)] += 1
    return {
        "format": REPORT_FORMAT,
        "version": REPORT_VERSION,
        "comprehensive_rules": COMPREHENSIVE_RULES,
        "engine": run.hello.get("engine") or {"name": "?", "version": "?"},
        "protocol": run.hello.get("protocol"),
        "seconds": round(run.seconds, 3),
        "summary": {
            **{column: summary.get(column, 0) for column in COLUMNS},
            "unexpectedly_passed": sum(
                1 for r in results if r["expected_failure"] is not None and r["status"] == PASSED
            ),
            "selected": len(results),
        },
        "features": {
            name: {column: counts.get(column, 0) for column in COLUMNS}
            for name, counts in sorted(features.items())
        },
        "results": results,
    }


def json_text(data: dict[str, Any]) -> str:
    """The JSON report as text: one line for each result, so that two runs
    compare line by line."""
    head = {key: value for key, value in data.items() if key != "results"}
    body = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
    results = ",\n".join(
        "  " + json.dumps(result, ensure_ascii=False, separators=(",", ":"))
        for result in data["results"]
    )
    return f'{body},\n "results": [\n{results}\n ]\n}}\n'


# ----- JUnit XML -----


def junit_xml(data: dict[str, Any]) -> str:
    """One test case per probe; the failure's message is the verdict."""
    engine = data["engine"]
    results = data["results"]
    summary = data["summary"]
    suite = f"mtgjudge conformance: {engine['name']} {engine['version']}"
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<testsuites name={quoteattr(suite)} tests="{len(results)}">',
        f'  <testsuite name={quoteattr(suite)} tests="{len(results)}" '
        f'failures="{summary["failed"]}" errors="{summary["errors"]}" '
        f'skipped="{summary["unsupported"] + summary["skipped"] + summary["expected_failures"]}" '
        f'time="{data["seconds"]}">',
    ]
    for result in results:
        ruling = result["ruling"] or "files"
        name = result["id"]
        lines.append(
            f"    <testcase classname={quoteattr(ruling)} name={quoteattr(name)} "
            f"file={quoteattr(result['path'] or '')}>"
        )
        column = _column(result)
        message = result["message"]
        if result["expected_failure"] is not None and result["status"] == PASSED:
            lines.append(
                "      <failure message="
                + quoteattr("passed, but the expectations file says it fails: update it")
                + "/>"
            )
        elif column == "failed":
            lines.append(f"      <failure message={quoteattr(message)}>")
            lines.append(
                html.escape(f"{result.get('text', '')}\nRules: {', '.join(result['rules'])}")
            )
            lines.append("      </failure>")
        elif column == "errors":
            lines.append(f"      <error message={quoteattr(message)}/>")
        elif column in ("unsupported", "skipped", "expected_failures"):
            why = message
            if column == "expected_failures":
                why = f"expected failure: {result['expected_failure']['reason']}"
            lines.append(f"      <skipped message={quoteattr(why)}/>")
        lines.append("    </testcase>")
    lines += ["  </testsuite>", "</testsuites>", ""]
    return "\n".join(lines)


# ----- Markdown -----


def _engine_name(data: dict[str, Any]) -> str:
    return f"{data['engine']['name']} {data['engine']['version']}"


def _cell(counts: dict[str, int]) -> str:
    parts = [f"{counts['passed']} ✓"]
    if counts["failed"] or counts["errors"]:
        parts.append(f"{counts['failed'] + counts['errors']} ✗")
    if counts["expected_failures"]:
        parts.append(f"{counts['expected_failures']} known")
    if counts["unsupported"]:
        parts.append(f"{counts['unsupported']} –")
    return " · ".join(parts)


def _json_inline(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _failures(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in data["results"] if _column(r) in ("failed", "errors", "expected_failures")]


def markdown(reports: list[dict[str, Any]]) -> str:
    """The matrix of features against engines, then each engine's failures."""
    names = [_engine_name(data) for data in reports]
    features = sorted({f for data in reports for f in data["features"]})
    lines = [
        "# Conformance to the Comprehensive Rules",
        "",
        f"The mtgjudge corpus (Comprehensive Rules of {COMPREHENSIVE_RULES}) run against "
        + ", ".join(f"**{name}**" for name in names)
        + ". ✓ passed, ✗ failed or broke unexpectedly, known: a failure the engine's "
        "expectations file explains, –: the engine doesn't support what the probe needs.",
        "",
        "| | " + " | ".join(names) + " |",
        "| --- |" + " --- |" * len(names),
    ]
    totals = [data["summary"] for data in reports]
    lines.append("| **all probes** | " + " | ".join(_cell(t) for t in totals) + " |")
    empty = dict.fromkeys(COLUMNS, 0)
    for feature in features:
        cells = [_cell(data["features"].get(feature, empty)) for data in reports]
        lines.append(f"| {feature} | " + " | ".join(cells) + " |")
    for data, name in zip(reports, names):
        failures = _failures(data)
        lines += ["", f"## {name}: failures ({len(failures)})", ""]
        if not failures:
            lines.append("None.")
        for result in failures:
            known = result["expected_failure"]
            lines += [f"### `{result['id']}`", ""]
            if result.get("text"):
                lines.append(f"> {result['text']}")
                lines.append("")
                lines.append(f"{result['source']}; rules {', '.join(result['rules'])}.")
                lines.append("")
            if known is not None:
                lines.append(f"**Verdict ({known['verdict']}):** {known['reason']}")
                lines.append("")
            lines.append(f"- What the judge saw: {result['message']}")
            if "expect" in result:
                lines.append(f"- Expected: `{_json_inline(result['expect'])}`")
                lines.append(f"- Observed: `{_json_inline(result.get('observed', {}))}`")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


# ----- HTML -----

_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 76em; padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; }
table.matrix { border-collapse: collapse; margin: 1em 0; }
table.matrix th, table.matrix td { border: 1px solid #ccc; padding: .3em .6em; text-align: left; }
table.matrix td.cell a { color: inherit; text-decoration: none; }
.ok { background: #e3f4e1; } .bad { background: #fbe0de; } .known { background: #fff3cd; }
.none { background: #f1f1f1; color: #777; }
blockquote { margin: .5em 0; padding: .3em .8em; border-left: 4px solid #bbb; background: #fafafa; }
details.failure { border: 1px solid #ddd; border-radius: 4px; margin: .6em 0; padding: .4em .8em; }
details.failure summary { cursor: pointer; font-family: ui-monospace, monospace; }
.side { display: grid; grid-template-columns: 1fr 1fr; gap: 1em; }
.side pre { background: #f6f6f6; padding: .5em; overflow-x: auto; white-space: pre-wrap; margin: 0; }
.verdict { font-weight: 600; } .tag { font-size: .8em; padding: .1em .4em; border-radius: 3px; background: #eee; }
#filter { font-size: 1em; padding: .3em; width: 24em; }
"""

_SCRIPT = """
(function () {
  var box = document.getElementById('filter');
  var items = Array.prototype.slice.call(document.querySelectorAll('details.failure'));
  var label = document.getElementById('shown');
  function update() {
    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var shown = 0;
    items.forEach(function (item) {
      var text = item.getAttribute('data-search');
      var keep = words.every(function (w) { return text.indexOf(w) >= 0; });
      item.style.display = keep ? '' : 'none';
      if (keep) { shown += 1; }
    });
    label.textContent = shown + ' of ' + items.length + ' failures shown';
  }
  box.addEventListener('input', update);
  document.querySelectorAll('a[data-filter]').forEach(function (link) {
    link.addEventListener('click', function () { box.value = link.getAttribute('data-filter'); update(); });
  });
  update();
})();
"""


def _class(counts: dict[str, int]) -> str:
    if counts["failed"] or counts["errors"]:
        return "bad"
    if counts["expected_failures"]:
        return "known"
    if counts["passed"]:
        return "ok"
    return "none"


def _slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")


def html_page(reports: list[dict[str, Any]]) -> str:
    """A static page: the matrix, then each engine's failures, each with its
    ruling's text and rules and the expectation beside the observation."""
    esc = html.escape
    names = [_engine_name(data) for data in reports]
    features = sorted({f for data in reports for f in data["features"]})
    empty = dict.fromkeys(COLUMNS, 0)
    rows = []

    anchors = [f"engine-{i + 1}-{_slug(name)}" for i, name in enumerate(names)]

    def cell(counts: dict[str, int], engine: int, feature: str) -> str:
        target = f"#{anchors[engine]}"
        return (
            f'<td class="cell {_class(counts)}"><a href="{target}" '
            f'data-filter="{esc(feature)}">{esc(_cell(counts))}</a></td>'
        )

    rows.append(
        "<tr><th>all probes</th>"
        + "".join(cell(d["summary"], i, "") for i, d in enumerate(reports))
        + "</tr>"
    )
    for feature in features:
        rows.append(
            f"<tr><th>{esc(feature)}</th>"
            + "".join(
                cell(d["features"].get(feature, empty), i, feature) for i, d in enumerate(reports)
            )
            + "</tr>"
        )
    sections = []
    for index, (data, name) in enumerate(zip(reports, names)):
        failures = _failures(data)
        items = []
        for result in failures:
            known = result["expected_failure"]
            search = " ".join(
                [result["id"], *result["features"], *result["rules"], result["message"]]
            ).lower()
            verdict = (
                f'<p class="verdict">Verdict ({esc(known["verdict"])}): {esc(known["reason"])}</p>'
                if known
                else '<p class="verdict">Unexpected: not in the expectations file.</p>'
            )
            side = ""
            if "expect" in result:
                side = (
                    '<div class="side"><div><strong>Expected</strong><pre>'
                    + esc(json.dumps(result["expect"], indent=1, ensure_ascii=False))
                    + "</pre></div><div><strong>Observed</strong><pre>"
                    + esc(json.dumps(result.get("observed", {}), indent=1, ensure_ascii=False))
                    + "</pre></div></div>"
                )
            tags = " ".join(f'<span class="tag">{esc(f)}</span>' for f in result["features"])
            items.append(
                f'<details class="failure" data-search="{esc(search)}">'
                f"<summary>{esc(result['id'])} — {esc(_column(result).replace('_', ' '))}</summary>"
                + (
                    f"<blockquote>{esc(result['text'])}</blockquote>"
                    f"<p>{esc(result['source'])}; rules {esc(', '.join(result['rules']))}. "
                    f"{tags}</p>"
                    if result.get("text")
                    else ""
                )
                + verdict
                + f"<p>{esc(result['message'])}</p>"
                + side
                + "</details>"
            )
        summary = data["summary"]
        sections.append(
            f'<h2 id="{anchors[index]}">{esc(name)}</h2>'
            f"<p>{summary['selected']} probes selected: "
            + ", ".join(f"{summary[c]} {c.replace('_', ' ')}" for c in COLUMNS)
            + f"; {data['seconds']} s.</p>"
            + ("".join(items) if items else "<p>No failures.</p>")
        )
    title = "mtgjudge conformance: " + ", ".join(names)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{esc(title)}</title><style>{_STYLE}</style></head><body>"
        "<h1>Conformance to the Comprehensive Rules</h1>"
        f"<p>The mtgjudge corpus (Comprehensive Rules of {COMPREHENSIVE_RULES}) against "
        + ", ".join(f"<strong>{esc(n)}</strong>" for n in names)
        + ". Each cell counts the probes of that feature: ✓ passed, ✗ failed or broke "
        "unexpectedly, known: explained by the engine's expectations file, –: not supported "
        "by the engine. Click a cell to see its failures.</p>"
        '<table class="matrix"><thead><tr><th>feature</th>'
        + "".join(f"<th>{esc(n)}</th>" for n in names)
        + "</tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
        '<p><input id="filter" type="search" placeholder="filter failures: a feature, rule or id">'
        ' <span id="shown"></span></p>'
        + "".join(sections)
        + f"<script>{_SCRIPT}</script></body></html>\n"
    )


def report_schema() -> dict[str, Any]:
    """The JSON Schema of a JSON report (``docs/conformance-report.schema.json``)."""
    counts = {
        "type": "object",
        "required": list(COLUMNS),
        "properties": {column: {"type": "integer", "minimum": 0} for column in COLUMNS},
    }
    strings = {"type": "array", "items": {"type": "string"}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://mtgjudge.invalid/conformance-report/1.json",
        "title": "mtgjudge conformance report, version 1",
        "type": "object",
        "required": [
            "format",
            "version",
            "comprehensive_rules",
            "engine",
            "protocol",
            "seconds",
            "summary",
            "features",
            "results",
        ],
        "properties": {
            "format": {"const": REPORT_FORMAT},
            "version": {"const": REPORT_VERSION},
            "comprehensive_rules": {"type": "string"},
            "engine": {
                "type": "object",
                "required": ["name", "version"],
                "properties": {"name": {"type": "string"}, "version": {"type": "string"}},
            },
            "protocol": {"type": ["integer", "null"]},
            "seconds": {"type": "number"},
            "summary": {
                **counts,
                "required": [*COLUMNS, "unexpectedly_passed", "selected"],
                "properties": {
                    **counts["properties"],
                    "unexpectedly_passed": {"type": "integer", "minimum": 0},
                    "selected": {"type": "integer", "minimum": 0},
                },
                "description": "How many probes ended in each column. A known failure "
                "(in the expectations file) that failed or broke is an expected failure.",
            },
            "features": {
                "type": "object",
                "additionalProperties": counts,
                "description": "The same counts for the probes of each feature's rulings.",
            },
            "results": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": [
                        "id",
                        "ruling",
                        "path",
                        "status",
                        "unexpected",
                        "expected_failure",
                        "message",
                        "features",
                        "rules",
                        "text",
                        "source",
                    ],
                    "properties": {
                        "id": {"type": "string", "description": "RULING/PROBE, or a file's path"},
                        "ruling": {"type": ["string", "null"]},
                        "path": {"type": "string"},
                        "status": {"enum": [PASSED, FAILED, ERROR, UNSUPPORTED, SKIPPED]},
                        "unexpected": {"type": "boolean"},
                        "expected_failure": {
                            "anyOf": [
                                {"type": "null"},
                                {
                                    "type": "object",
                                    "required": ["reason", "verdict"],
                                    "properties": {
                                        "reason": {"type": "string"},
                                        "verdict": {"enum": ["engine", "api", "unknown"]},
                                    },
                                },
                            ]
                        },
                        "message": {"type": "string"},
                        "features": strings,
                        "rules": strings,
                        "text": {
                            "type": "string",
                            "description": "the official text, verbatim (for a failure, an "
                            "error or an unexpected pass)",
                        },
                        "source": {"type": "string", "description": "as text"},
                        "expect": {"type": "object", "description": "for a failure or error"},
                        "observed": {"type": "object", "description": "for a failure or error"},
                        "actions": {"type": "array", "description": "for a failure or error"},
                    },
                },
            },
        },
    }


def read_report(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != REPORT_FORMAT:
        raise ValueError(f"{path}: not a mtgjudge conformance report (format {REPORT_FORMAT!r})")
    return data
