"""Builds the index of the Comprehensive Rules that mtgjudge ships
(``python/mtgjudge/format/comprehensive_rules.json.gz``), from the rules'
text file as Wizards of the Coast publishes it:

    python -m mtgjudge.format.rules_index_build ../shared/reference/MagicCompRules-20260116.txt

The index maps each rule number (``510``, ``510.4``, ``702.19b``) to the
rule's own statement: its first paragraph, without the examples that
follow it. Section headings (``510``: "Combat Damage Step") are rules too,
since rulings may cite them. The loader checks rulings against it
(``mtgjudge.format.rules``). The output is deterministic: the same text
gives the same bytes.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from pathlib import Path

OUTPUT = Path(__file__).resolve().parent / "comprehensive_rules.json.gz"
#: "510.", "510.4.", "702.19b", "119.1d." at the start of a line, then the text.
RULE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? (\S.*)$")
EFFECTIVE = re.compile(r"These rules are effective as of (\w+ \d+, \d{4})")


def rules_of(text: str) -> dict[str, str]:
    """Every rule of the document's body (between the contents and the
    glossary), by number, with its statement."""
    lines = text.splitlines()
    # The body starts at the second "100. General" (the first is the contents).
    starts = [i for i, line in enumerate(lines) if line.strip() == "100. General"]
    if len(starts) < 2:
        raise SystemExit("can't find the rules: expected '100. General' twice")
    ends = [i for i, line in enumerate(lines) if line.strip() == "Glossary" and i > starts[1]]
    if not ends:
        raise SystemExit("can't find the glossary after the rules")
    found: dict[str, str] = {}
    for line in lines[starts[1] : ends[0]]:
        match = RULE.match(line.strip())
        if match:
            number, statement = match.groups()
            if number in found:
                raise SystemExit(f"rule {number} appears twice")
            found[number] = statement.strip()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="MagicCompRules-YYYYMMDD.txt")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    text = args.source.read_text(encoding="utf-8")
    effective = EFFECTIVE.search(text)
    index = {
        "source": args.source.name,
        "effective": effective.group(1) if effective else "",
        "rules": rules_of(text),
    }
    data = json.dumps(index, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    # mtime=0: the same rules give the same bytes.
    args.output.write_bytes(gzip.compress(data.encode("utf-8"), compresslevel=9, mtime=0))
    print(f"{args.output}: {len(index['rules'])} rules, {args.output.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
