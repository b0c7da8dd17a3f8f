"""Finding and loading ruling files. A file that fails to load becomes one
error; every other file is still loaded."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from mtgjudge.errors import RulingFormatError
from mtgjudge.format.ruling import Ruling, load_ruling, read_features

#: Files in a corpus directory that are not rulings.
NOT_RULINGS = {"features.toml", "unsupported.toml", "pyproject.toml"}


def bundled_corpus() -> Path:
    """The rulings shipped with the package (``rulings/`` in a checkout)."""
    return Path(__file__).resolve().parent.parent / "corpus"


def corpus_root(path: Path) -> Path:
    """The directory holding ``features.toml`` at or above ``path``; the
    bundled corpus if there is none."""
    start = path.resolve()
    for directory in (start, *start.parents) if start.is_dir() else start.parents:
        if (directory / "features.toml").is_file():
            return directory
    return bundled_corpus()


def is_ruling_file(path: Path) -> bool:
    return path.suffix == ".toml" and path.name not in NOT_RULINGS


def ruling_files(paths: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.toml") if is_ruling_file(p)))
        else:
            found.append(path)
    return found


@dataclass
class Corpus:
    rulings: list[Ruling] = field(default_factory=list)
    #: One error per file that couldn't be loaded.
    problems: list[RulingFormatError] = field(default_factory=list)
    features: tuple[str, ...] = ()
    root: Path | None = None


def load_corpus(paths: Iterable[Path] | None = None) -> Corpus:
    """Loads every ruling under ``paths`` (default: the bundled corpus)."""
    paths = [Path(p) for p in paths] if paths else [bundled_corpus()]
    corpus = Corpus()
    root = corpus_root(paths[0])
    corpus.root = root
    try:
        corpus.features = read_features(root / "features.toml")
    except RulingFormatError as problem:
        corpus.problems.append(problem)
        return corpus
    seen: dict[str, Path] = {}
    for path in ruling_files(paths):
        try:
            ruling = load_ruling(path, corpus.features)
        except RulingFormatError as problem:
            corpus.problems.append(problem)
            continue
        if ruling.id in seen:
            corpus.problems.append(
                RulingFormatError(
                    str(path), "id", f"duplicate id {ruling.id!r}; {seen[ruling.id]} has it already"
                )
            )
            continue
        seen[ruling.id] = path
        corpus.rulings.append(ruling)
    return corpus
