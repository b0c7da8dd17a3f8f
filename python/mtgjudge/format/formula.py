"""Formulas in parametric rulings: ``"${20 - 2 * power}"``.

A formula is a small expression over a ruling's parameters. It is read with
Python's parser and then walked node by node; only this whitelist is
evaluated, so a ruling file can never run code:

- integers, strings, ``true``/``false`` (``True``/``False``), lists of values;
- names of parameters;
- ``+ - * // %`` on integers (``+`` also joins two strings or two lists,
  and ``*`` repeats one: ``'{C}' * 3``), unary ``-`` and ``+``;
- comparisons (``== != < <= > >=``, ``in``, ``not in``), ``and``, ``or``,
  ``not``;
- ``A if CONDITION else B``;
- the functions ``min``, ``max``, ``abs``, ``len`` and ``str`` (of an integer).

Every bound is checked before the work it bounds, so a formula can't
exhaust time or memory either:

- a formula is at most :data:`MAX_LENGTH` characters, and its expression
  nests at most :data:`MAX_DEPTH` levels deep;
- integers stay within ±10^9 (:data:`LIMIT`);
- a value holds at most :data:`MAX_ITEMS` items, counted at every depth (a
  string counts its characters, a list the sizes of its items);
- the formulas of one ruling give values of at most :data:`MAX_TOTAL` items
  in all (a :class:`Budget`), whatever the number of formulas.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any

LIMIT = 10**9
MAX_ITEMS = 1000
#: The longest expression read, in characters (the corpus's longest: 175).
MAX_LENGTH = 1000
#: How deeply an expression may nest (the corpus's deepest: 9).
MAX_DEPTH = 50
#: The most items all the formulas of one ruling may give, in all.
MAX_TOTAL = 100_000
FUNCTIONS = {"min": min, "max": max, "abs": abs, "len": len, "str": str}
RESERVED = frozenset({*FUNCTIONS, "true", "false", "True", "False", "and", "or", "not", "if"})


class FormulaError(ValueError):
    """A formula that can't be read or evaluated; the message says why."""


def is_formula(value: Any) -> bool:
    return isinstance(value, str) and "${" in value


def quoted(text: str, limit: int = 80) -> str:
    """``repr(text)``, cut short for an error message."""
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + f"... ({len(text):,} characters)"


def shown(value: Any, limit: int = 80) -> str:
    """A value for an error message, cut short (a list is shown up to
    ``limit`` characters, a huge integer by its size)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an integer of {value.bit_length():,} bits"
    if isinstance(value, str):
        return quoted(value, limit)
    if isinstance(value, list) and size(value) > limit:
        return f"a list of {len(value):,} items"
    return repr(value)


def size(value: Any) -> int:
    """How many items a value holds, at every depth: a string its characters,
    a list the sizes of its items, anything else 1; never less than 1."""
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            if not item:
                total += 1
            stack.extend(item)
        elif isinstance(item, str):
            total += max(1, len(item))
        else:
            total += 1
    return max(total, 1)


def _too_big() -> FormulaError:
    return FormulaError(
        f"a value of more than {MAX_ITEMS} items (counted at every depth of nested lists)"
    )


def _check(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) > LIMIT:
            raise FormulaError(f"{shown(value)} is out of range (at most 10^9 either way)")
        return value
    if isinstance(value, (str, list)) and size(value) > MAX_ITEMS:
        raise _too_big()
    return value


class Budget:
    """What the formulas of one ruling may give in all: :data:`MAX_TOTAL`
    items, so that many formulas can't together exhaust memory."""

    def __init__(self, total: int = MAX_TOTAL):
        self.left = total
        self.total = total

    def spend(self, value: Any) -> None:
        self.left -= size(value)
        if self.left < 0:
            raise FormulaError(
                f"the formulas of this ruling give more than {self.total:,} items in all "
                "(strings' characters and lists' items)"
            )


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _integer(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormulaError(f"{what} needs integers, not {_kind(value)}")
    return value


class _Evaluator:
    def __init__(self, names: Mapping[str, Any]):
        self.names = names

    def visit(self, node: ast.AST) -> Any:
        method = getattr(self, "visit_" + type(node).__name__, None)
        if method is None:
            raise FormulaError(f"{_describe_node(node)} is not allowed in a formula")
        return _check(method(node))

    def visit_Expression(self, node: ast.Expression) -> Any:
        return self.visit(node.body)

    def visit_Constant(self, node: ast.Constant) -> Any:
        if isinstance(node.value, (bool, int, str)):
            return node.value
        raise FormulaError(f"the constant {node.value!r} is not allowed in a formula")

    def visit_Name(self, node: ast.Name) -> Any:
        if node.id in ("true", "false"):
            return node.id == "true"
        if node.id not in self.names:
            known = ", ".join(sorted(self.names)) or "none"
            raise FormulaError(f"unknown name {node.id!r} (parameters: {known})")
        value = self.names[node.id]
        return list(value) if isinstance(value, list) else value

    def visit_List(self, node: ast.List) -> list[Any]:
        items = []
        total = 0
        for element in node.elts:
            item = self.visit(element)
            total += size(item)
            if total > MAX_ITEMS:
                raise _too_big()
            items.append(item)
        return items

    def visit_UnaryOp(self, node: ast.UnaryOp) -> Any:
        operand = self.visit(node.operand)
        if isinstance(node.op, ast.Not):
            return not operand
        if isinstance(node.op, ast.USub):
            return -_integer(operand, "-")
        if isinstance(node.op, ast.UAdd):
            return _integer(operand, "+")
        raise FormulaError(f"{_describe_node(node.op)} is not allowed in a formula")

    def visit_BinOp(self, node: ast.BinOp) -> Any:
        left, right = self.visit(node.left), self.visit(node.right)
        op = node.op
        if isinstance(op, ast.Add):
            for kind in (str, list):
                if isinstance(left, kind) and isinstance(right, kind):
                    if size(left) + size(right) > MAX_ITEMS:
                        raise _too_big()
                    return left + right
            return _integer(left, "+") + _integer(right, "+")
        if isinstance(op, ast.Sub):
            return _integer(left, "-") - _integer(right, "-")
        if isinstance(op, ast.Mult):
            if isinstance(left, (str, list)) and not isinstance(right, (str, list)):
                left, right = right, left
            if isinstance(right, (str, list)):
                # Repetition: the size, at every depth, is checked before
                # anything is built.
                times = _integer(left, "*")
                if times > 0 and times * size(right) > MAX_ITEMS:
                    raise _too_big()
                return right * max(times, 0)
            return _integer(left, "*") * _integer(right, "*")
        if isinstance(op, (ast.FloorDiv, ast.Mod)):
            symbol = "//" if isinstance(op, ast.FloorDiv) else "%"
            a, b = _integer(left, symbol), _integer(right, symbol)
            if b == 0:
                raise FormulaError(f"{symbol} by zero")
            return a // b if isinstance(op, ast.FloorDiv) else a % b
        raise FormulaError(f"{_describe_node(op)} is not allowed in a formula")

    def visit_BoolOp(self, node: ast.BoolOp) -> Any:
        if isinstance(node.op, ast.And):
            result: Any = True
            for value in node.values:
                result = self.visit(value)
                if not result:
                    return result
            return result
        result = False
        for value in node.values:
            result = self.visit(value)
            if result:
                return result
        return result

    def visit_Compare(self, node: ast.Compare) -> bool:
        left = self.visit(node.left)
        for op, comparator in zip(node.ops, node.comparators):
            right = self.visit(comparator)
            if isinstance(op, ast.Eq):
                ok = left == right
            elif isinstance(op, ast.NotEq):
                ok = left != right
            elif isinstance(op, (ast.In, ast.NotIn)):
                if not isinstance(right, (list, str)):
                    raise FormulaError(f"`in` needs a list or a string, not {_kind(right)}")
                if isinstance(right, str) and not isinstance(left, str):
                    raise FormulaError("`in` a string needs a string")
                ok = (left in right) == isinstance(op, ast.In)
            elif isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
                if type(left) is not type(right) or isinstance(left, (bool, list)):
                    raise FormulaError(
                        f"can't order {_kind(left)} and {_kind(right)}; compare integers or strings"
                    )
                ok = {
                    ast.Lt: left < right,
                    ast.LtE: left <= right,
                    ast.Gt: left > right,
                    ast.GtE: left >= right,
                }[type(op)]
            else:
                raise FormulaError(f"{_describe_node(op)} is not allowed in a formula")
            if not ok:
                return False
            left = right
        return True

    def visit_IfExp(self, node: ast.IfExp) -> Any:
        return self.visit(node.body) if self.visit(node.test) else self.visit(node.orelse)

    def visit_Call(self, node: ast.Call) -> Any:
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            raise FormulaError("only min, max, abs, len and str can be called in a formula")
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise FormulaError(f"{node.func.id}() takes plain arguments only")
        args = [self.visit(arg) for arg in node.args]
        name = node.func.id
        if name == "len":
            if len(args) != 1 or not isinstance(args[0], (list, str)):
                raise FormulaError("len() takes one list or string")
            return len(args[0])
        if name == "str":
            if len(args) != 1:
                raise FormulaError("str() takes one integer")
            return str(_integer(args[0], "str()"))
        if name == "abs":
            if len(args) != 1:
                raise FormulaError("abs() takes one integer")
            return abs(_integer(args[0], "abs()"))
        if not args:
            raise FormulaError(f"{name}() needs at least one argument")
        items = args[0] if len(args) == 1 and isinstance(args[0], list) else args
        if not items:
            raise FormulaError(f"{name}() of an empty list")
        return FUNCTIONS[name]([_integer(item, f"{name}()") for item in items])


def _describe_node(node: ast.AST) -> str:
    names = {
        "Attribute": "attribute access (a.b)",
        "Subscript": "indexing (a[b])",
        "Pow": "**",
        "Div": "/ (use // for whole numbers)",
        "Lambda": "lambda",
        "Dict": "a table",
        "Set": "a set",
        "ListComp": "a comprehension",
        "GeneratorExp": "a comprehension",
        "NamedExpr": ":=",
        "BitAnd": "&",
        "BitOr": "|",
        "BitXor": "^",
        "LShift": "<<",
        "RShift": ">>",
        "Is": "is",
        "IsNot": "is not",
        "MatMult": "@",
        "Invert": "~",
    }
    return names.get(type(node).__name__, type(node).__name__)


def _depth(tree: ast.AST) -> int:
    """How deeply the expression nests (iterative: no recursion)."""
    deepest = 0
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return deepest


def evaluate(expression: str, names: Mapping[str, Any]) -> Any:
    """The value of one formula's expression (without ``${ }``)."""
    expression = expression.strip()
    if len(expression) > MAX_LENGTH:
        raise FormulaError(
            f"the formula is {len(expression):,} characters long; at most {MAX_LENGTH} are read"
        )
    try:
        tree = ast.parse(expression, mode="eval")
    except SyntaxError as error:
        raise FormulaError(f"can't read the formula: {error.msg}") from None
    except (MemoryError, RecursionError, ValueError):
        raise FormulaError("can't read the formula: it is nested too deeply") from None
    if _depth(tree) > MAX_DEPTH:
        raise FormulaError(f"the formula nests more than {MAX_DEPTH} levels deep")
    try:
        return _Evaluator(names).visit(tree)
    except RecursionError:  # pragma: no cover - MAX_DEPTH keeps well below the limit
        raise FormulaError("the formula is nested too deeply") from None


def _formulas(text: str) -> list[tuple[int, int, str]]:
    """Each ``${...}`` in the text: (start, end, expression). The closing
    brace is the first one outside quotes and brackets, so an expression may
    hold strings such as ``'{C}'``."""
    found = []
    position = text.find("${")
    while position != -1:
        depth, quote, i = 0, "", position + 2
        while i < len(text):
            char = text[i]
            if quote:
                if char == "\\":
                    i += 1
                elif char == quote:
                    quote = ""
            elif char in "'\"":
                quote = char
            elif char in "([{":
                depth += 1
            elif char in ")]":
                depth -= 1
            elif char == "}":
                if depth == 0:
                    break
                depth -= 1
            i += 1
        if i >= len(text):
            raise FormulaError(f"an unclosed formula: {quoted(text[position:])}")
        found.append((position, i + 1, text[position + 2 : i]))
        position = text.find("${", i + 1)
    return found


def substitute(text: str, names: Mapping[str, Any], budget: Budget | None = None) -> Any:
    """A string with formulas, with their values put in. A string that is
    one formula and nothing else becomes that formula's value (an integer,
    a boolean, a string or a list); formulas inside a longer string are
    written into it, and must then give integers or strings. ``budget``
    bounds what the formulas of a whole ruling give."""
    budget = budget if budget is not None else Budget()
    formulas = _formulas(text)
    if len(formulas) == 1 and formulas[0][:2] == (0, len(text)):
        value = evaluate(formulas[0][2], names)
        budget.spend(value)
        return value
    pieces = []
    position = 0
    for start, end, expression in formulas:
        pieces.append(text[position:start])
        value = evaluate(expression, names)
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise FormulaError(
                f"{quoted('${' + expression + '}')} inside a longer string must give an "
                f"integer or a string, not {_kind(value)}"
            )
        budget.spend(value)
        pieces.append(str(value))
        position = end
    pieces.append(text[position:])
    return "".join(pieces)
