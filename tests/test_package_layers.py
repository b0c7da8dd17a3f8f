"""The package's layers import one way: the ruling format knows nothing of
any engine, the game model nothing of the format or the judge, the judge
sees engines only through the protocol, and the protocol stands alone."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "python" / "mtgjudge"

#: For each layer: the parts of mtgjudge it must never import.
FORBIDDEN = {
    # The format reads mana costs with the kernel's parser (107.4), and nothing else of it.
    "format": ("model", "judge", "adapters", "check", "kernel", "fuzz", "cli"),
    "model": ("format", "judge", "adapters", "check", "fuzz", "cli"),
    "judge": ("model", "adapters", "check", "kernel", "_core", "fuzz", "cli"),
    "protocol": ("format", "model", "judge", "adapters", "check", "kernel", "fuzz", "cli"),
    "reference": ("format", "model", "judge", "adapters", "protocol", "kernel", "_core"),
}


def _imports(path: Path) -> set[str]:
    """The mtgjudge modules a file imports, anywhere in it (lazy imports too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "mtgjudge":
                found |= {f"mtgjudge.{alias.name}" for alias in node.names}
            elif node.module.startswith("mtgjudge."):
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("mtgjudge")}
    return found


def _layer_files(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_never_imports_what_stands_above_it(layer):
    files = _layer_files(layer)
    assert files
    crossings = []
    for path in files:
        for module in _imports(path):
            part = module.split(".")[1] if "." in module else ""
            if part in FORBIDDEN[layer]:
                crossings.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert crossings == []


def test_the_check_finds_a_crossing(tmp_path):
    # The test above can fail: a model file that imported the format would be caught.
    sample = tmp_path / "bad.py"
    sample.write_text("def f():\n    from mtgjudge.format.ruling import Ruling\n")
    assert _imports(sample) == {"mtgjudge.format.ruling"}


def test_the_format_speaks_the_protocols_words():
    # The ruling format and the protocol share one vocabulary: every action,
    # setup key and expectation of the format is a word of the protocol.
    from mtgjudge.format import schema
    from mtgjudge.protocol import vocabulary

    assert set(schema.ACTION_SPECS) == set(vocabulary.ACTIONS)
    assert set(schema.STATE_ACTION_SPECS) == set(vocabulary.STATE_ACTIONS)
    assert set(schema.SETUP.fields) == set(vocabulary.SETUP_KEYS)
    assert set(schema.OBJECT_TABLE.fields) == set(vocabulary.OBJECT_KEYS)
    assert set(vocabulary.OBJECT_KEYS) >= vocabulary.OBJECT_STATE_KEYS
    assert set(schema.EXPECT_SPECS) - {"error"} == set(vocabulary.OBSERVATIONS)
