"""``unsupported.toml``: the official rulings a corpus doesn't encode yet,
each with the reason."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mtgjudge.errors import RulingFormatError
from mtgjudge.format.files import read_toml


@dataclass(frozen=True)
class Unsupported:
    """An official ruling we don't encode, and why."""

    id: str
    reason: str
    cards: str = ""


def load_unsupported(root: Path | None) -> list[Unsupported]:
    if root is None:
        return []
    path = root / "unsupported.toml"
    if not path.is_file():
        return []
    data = read_toml(path)
    entries = data.get("ruling", [])
    if not isinstance(entries, list):
        raise RulingFormatError(str(path), "ruling", "expected an array of tables ([[ruling]])")
    result = []
    for i, entry in enumerate(entries):
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("id"), str)
            or not isinstance(entry.get("reason"), str)
        ):
            raise RulingFormatError(
                str(path), f"ruling[{i}]", "expected a table with id and reason"
            )
        unknown = set(entry) - {"id", "reason", "cards"}
        if unknown:
            raise RulingFormatError(
                str(path),
                f"ruling[{i}].{sorted(unknown)[0]}",
                "unknown key; expected id, cards, reason",
            )
        result.append(Unsupported(entry["id"], entry["reason"], entry.get("cards", "")))
    return result
