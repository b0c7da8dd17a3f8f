"""Finding and loading ruling files. A file that fails to load becomes one
error; every other file is still loaded. Nothing is left out silently: a
file that can't be read is an error, and what is read once though found
twice (through links) is a :class:`~mtgjudge.format.files.Skipped` note."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from mtgjudge.errors import RulingFormatError
from mtgjudge.format.files import CORPUS_FILES, Skipped, find_ruling_files, is_corpus_file
from mtgjudge.format.ruling import Ruling, load_ruling, read_features

#: The corpus's own files at its root: not rulings (anywhere else, a file of
#: these names is read as a ruling).
NOT_RULINGS = frozenset(CORPUS_FILES)


def bundled_corpus() -> Path:
    """The rulings shipped with the package (``rulings/`` in a checkout)."""
    return Path(__file__).resolve().parent.parent / "corpus"


def _chain(path: Path) -> list[Path]:
    """``path`` (if a folder) and the folders above it: first as written
    (through links), then as resolved."""
    chains = []
    for start in (Path(os.path.abspath(path)), _resolved(path)):
        if start is None:
            continue
        chains += [start] if start.is_dir() else []
        chains += list(start.parents)
    return chains


def _resolved(path: Path) -> Path | None:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a loop of links (RuntimeError before 3.13)
        return None


def find_root(path: Path) -> Path | None:
    """The folder holding ``features.toml`` at or above ``path``, if any."""
    for directory in _chain(path):
        try:
            if (directory / "features.toml").is_file():
                return directory
        except OSError:
            continue
    return None


def corpus_root(path: Path) -> Path:
    """The folder holding ``features.toml`` at or above ``path``; the
    bundled corpus if there is none."""
    return find_root(path) or bundled_corpus()


def is_ruling_file(path: Path, root: Path | None = None) -> bool:
    """Whether a ``*.toml`` file is a ruling: any, but the corpus's own
    files at its root (``root``: found from the path if not given)."""
    if path.suffix != ".toml":
        return False
    return not is_corpus_file(path, root if root is not None else find_root(path))


def ruling_files(paths: Iterable[Path]) -> list[Path]:
    """The ruling files at or below ``paths``, in order (see
    :func:`mtgjudge.format.files.find_ruling_files` for what else a walk
    reports)."""
    paths = [Path(p) for p in paths]
    return find_ruling_files(paths, corpus_root(paths[0]) if paths else None).files


def display_path(path: Path, root: Path | None) -> str:
    """``path`` relative to the corpus root when it is below it (as written
    or once links are resolved), otherwise as given."""
    if root is not None:
        for mine, theirs in (
            (Path(os.path.abspath(path)), Path(os.path.abspath(root))),
            (_resolved(path), _resolved(root)),
        ):
            if mine is None or theirs is None:
                continue
            try:
                return mine.relative_to(theirs).as_posix()
            except ValueError:
                continue
    return str(path)


@dataclass
class Corpus:
    rulings: list[Ruling] = field(default_factory=list)
    #: One error per file that couldn't be loaded.
    problems: list[RulingFormatError] = field(default_factory=list)
    features: tuple[str, ...] = ()
    root: Path | None = None
    #: What was found but not read, because it is read elsewhere.
    skipped: list[Skipped] = field(default_factory=list)


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
    found = find_ruling_files(paths, root)
    corpus.problems += found.problems
    corpus.skipped += found.skipped
    seen: dict[str, Path] = {}
    for path in found.files:
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


def unknown_features(names: Iterable[str], known: Iterable[str]) -> str | None:
    """What is wrong with feature names given on a command line (a typo
    would select nothing and pass), or None if every one is known."""
    import difflib

    known = sorted(known)
    wrong = [name for name in names if name not in known]
    if not wrong:
        return None
    parts = []
    for name in wrong:
        close = difflib.get_close_matches(name, known, n=1)
        parts.append(f"{name!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
    return (
        f"unknown feature{'s' if len(wrong) > 1 else ''} {', '.join(parts)}; "
        f"features.toml has: {', '.join(known)}"
    )
