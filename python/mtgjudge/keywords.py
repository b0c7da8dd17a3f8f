"""Keyword names and the bit masks the kernel uses for them."""

from __future__ import annotations

from collections.abc import Iterable

from mtgjudge import _core

#: Every keyword the kernel knows, in the order of its bits.
KEYWORDS: tuple[str, ...] = tuple(_core.KEYWORDS)

_BITS = {name: 1 << index for index, name in enumerate(KEYWORDS)}

#: Keywords a keyword counter can be (122.1b): all but defender, infect
#: and wither, which 122.1b doesn't list.
COUNTER_KEYWORDS: frozenset[str] = frozenset(KEYWORDS) - {"defender", "infect", "wither"}

#: Variants granted along with a keyword when an effect says "the same is
#: true for" it (702.1c); trample over planeswalkers is a variant of trample
#: (702.19c).
VARIANTS: dict[str, frozenset[str]] = {"trample": frozenset({"trample over planeswalkers"})}


#: The five colors (105.1), as the model writes them.
COLORS: tuple[str, ...] = ("white", "blue", "black", "red", "green")

#: Landwalk (702.14): each keyword the model knows, with what makes a land
#: the defending player controls count (702.14c): ("subtype", "Swamp") for
#: "swampwalk", ("type", "artifact") for "artifact landwalk", ("supertype",
#: "Legendary") for "legendary landwalk", and ("not_supertype", "Basic") for
#: "nonbasic landwalk". The kernel has no bit
#: for them: the model checks them as blockers are declared (509.1b).
LANDWALK: dict[str, tuple[str, str]] = {
    "plainswalk": ("subtype", "Plains"),
    "islandwalk": ("subtype", "Island"),
    "swampwalk": ("subtype", "Swamp"),
    "mountainwalk": ("subtype", "Mountain"),
    "forestwalk": ("subtype", "Forest"),
    "desertwalk": ("subtype", "Desert"),
    "artifact landwalk": ("type", "artifact"),
    "legendary landwalk": ("supertype", "Legendary"),
    "nonbasic landwalk": ("not_supertype", "Basic"),
}

#: "Hexproof from [quality]" (702.11d): each variant the model knows, with
#: the qualities of spells and sources it keeps from targeting the permanent:
#: a color, "monocolored" or "multicolored" (105.2); "hexproof from each
#: color" is shorthand for one for each color (702.11g).
HEXPROOF_FROM: dict[str, frozenset[str]] = {
    **{f"hexproof from {color}": frozenset({color}) for color in COLORS},
    "hexproof from monocolored": frozenset({"monocolored"}),
    "hexproof from multicolored": frozenset({"multicolored"}),
    "hexproof from each color": frozenset(COLORS),
}

#: Keywords the game model gives meaning to outside the kernel: landwalk,
#: checked as blockers are declared; umbra armor (702.89), a replacement
#: effect of an Aura; shroud (702.18) and the hexproof variants (702.11d),
#: checked as targets are chosen and as spells and abilities resolve.
MODEL_KEYWORDS: tuple[str, ...] = (*LANDWALK, "umbra armor", "shroud", *HEXPROOF_FROM)


def is_hexproof(name: str) -> bool:
    """Hexproof or one of its "hexproof from [quality]" variants: any
    effect that looks for hexproof finds them (702.11d, 702.11e)."""
    return name == "hexproof" or name in HEXPROOF_FROM


def normalize(name: str) -> str:
    """Lower case, with ``_`` and ``-`` read as spaces."""
    return " ".join(name.replace("_", " ").replace("-", " ").lower().split())


def is_keyword(name: str) -> bool:
    return normalize(name) in _BITS


def mask(names: Iterable[str]) -> int:
    """The kernel's bit mask for a set of keyword names. Keywords that matter
    only while casting (flash, convoke ...) have no bit."""
    bits = 0
    for name in names:
        bits |= _BITS.get(normalize(name), 0)
    return bits


def names(bits: int) -> frozenset[str]:
    return frozenset(name for name, bit in _BITS.items() if bits & bit)
