"""Targets with requirements (115.1): what each instance of the word
"target" in a spell or ability asks for, checked as the targets are chosen
(601.2c, 602.2b, 603.3d) and again as the spell or ability resolves
(608.2b).

A spell or ability without requirements keeps the model's older reading:
any permanent on the battlefield or player in the game. One with
requirements (`targeting` in a setup) lists one :class:`TargetSpec` for
each instance of the word "target", in the order written, each with a
role name: "target creature you control and target creature you don't
control" is two specs. The same object may be chosen once for each
instance (601.2c), never twice for one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mtgjudge.errors import IllegalCastError, InvalidInputError
from mtgjudge.keywords import HEXPROOF_FROM
from mtgjudge.model.effects import AnyFilter, ObjectFilter

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.timing import SpellFilter

#: The zones a target may be in besides the battlefield: a card (115.1,
#: "target creature card in a graveyard").
CARD_ZONES = ("graveyard", "exile", "hand", "library")


@dataclass(frozen=True)
class PlayerKeywords:
    """A static ability that gives players keywords: "you have hexproof"
    (702.11c), "you have shroud" (702.18a). It functions while its source is
    on the battlefield, or in the command zone for an emblem (114.4)."""

    #: Whose: "you" (its controller), "opponents" or "each".
    players: str = "you"
    keywords: frozenset[str] = frozenset()


def player_keywords(game: Game, player: str) -> frozenset[str]:
    """The keywords a player has from static abilities."""
    found: set[str] = set()
    for obj in [*game.battlefield(), *game.emblems()]:
        for grant in obj.players_have:
            you = game.controller(obj)
            if (
                grant.players == "each"
                or (grant.players == "you" and player == you)
                or (grant.players == "opponents" and not game.teammates(player, you))
            ):
                found |= grant.keywords
    return frozenset(found)


def _source_qualities(game: Game, source_serial: int | None) -> frozenset[str]:
    """The colors of the spell or of the ability's source, with "monocolored"
    or "multicolored" (105.2), for "hexproof from [quality]" (702.11d)."""
    source = game.by_serial(source_serial) if source_serial is not None else None
    if source is None:
        return frozenset()
    colors = game.characteristics(source).colors
    if len(colors) == 1:
        return colors | {"monocolored"}
    return colors | {"multicolored"} if colors else colors


def untargetable(
    game: Game, ref: str, you: str, source_serial: int | None
) -> tuple[str, str, str] | None:
    """Why the permanent or player ``ref`` can't be the target of a spell or
    ability that ``you`` control, whose source (the spell itself, or the
    ability's source) is ``source_serial``: (fault, rule, why), or None.
    Checked as targets are chosen (601.2c, 602.2b, 603.3d) and as the spell
    or ability resolves (608.2b)."""
    if ref in game.players:
        keywords, controller, name = player_keywords(game, ref), ref, ref
    else:
        obj = game.obj(ref)
        if obj.zone != "battlefield":
            return None
        keywords, controller = game.characteristics(obj).all_keywords, game.controller(obj)
        name = obj.name
    if "shroud" in keywords:
        # 702.18a: "can't be the target of spells or abilities", anyone's.
        return (
            "target_has_shroud",
            "702.18a",
            f"{name} has shroud: it can't be the target of spells or abilities",
        )
    if game.teammates(controller, you):
        return None  # 702.11b, 702.11c: hexproof stops opponents (102.3)
    if "hexproof" in keywords:
        # 702.11b (a permanent), 702.11c (a player): not of spells or
        # abilities an opponent controls.
        rule = "702.11c" if ref in game.players else "702.11b"
        return (
            "target_has_hexproof",
            rule,
            f"{name} has hexproof: it can't be the target of spells or abilities its "
            "opponents control",
        )
    # 702.11d: "hexproof from [quality]": not of [quality] spells or of
    # abilities from [quality] sources an opponent controls; 702.11f, 702.11g:
    # each quality is its own hexproof ability.
    barred = frozenset().union(*(HEXPROOF_FROM[k] for k in keywords if k in HEXPROOF_FROM))
    hit = sorted(barred & _source_qualities(game, source_serial))
    if hit:
        return (
            "target_has_hexproof",
            "702.11d",
            f"{name} has hexproof from {hit[0]}: it can't be the target of {hit[0]} spells or "
            f"abilities from {hit[0]} sources its opponents control",
        )
    return None


def check_targetable(game: Game, ref: str, you: str, source_serial: int | None) -> None:
    """601.2c: a target chosen must be one the spell or ability may target
    (702.11, 702.18)."""
    why = untargetable(game, ref, you, source_serial)
    if why is not None:
        fault, rule, message = why
        raise IllegalCastError(message, rule=rule, fault=fault)


@dataclass(frozen=True)
class CardTarget:
    """ "Target [quality] card in [whose] [zone]": a card, not a permanent."""

    spells: SpellFilter
    zone: str = "graveyard"
    #: Whose zone, relative to the controller: "you", "opponents" or "any".
    owner: str = "any"


@dataclass(frozen=True)
class TargetSpec:
    """One instance of the word "target" (115.1, 601.2c): what it may be,
    and how many it takes."""

    role: str
    #: "target [quality] permanent", relative to the controller; one of
    #: several ("target creature or planeswalker").
    permanent: ObjectFilter | AnyFilter | None = None
    #: "target [quality] card in [a zone]".
    card: CardTarget | None = None
    #: "target player": "any", "opponents" ("target opponent") or "you".
    player: str | None = None
    #: How many: exactly this many, or at most this many with `up_to`; None
    #: for "any number of target ..." (601.2c: announced before choosing).
    count: int | None = 1
    up_to: bool = False
    description: str = ""

    def zone_of(self, game: Game, ref: str, you: str, source_serial: int | None) -> str | None:
        """Where the object or player named fits this requirement now ("player"
        for a player), or None if it doesn't."""
        if ref in game.players:
            if self.player is None or game.players[ref].has_lost:
                return None
            fits = (
                self.player == "any"
                or (self.player == "you" and ref == you)
                or (self.player == "opponents" and not game.teammates(ref, you))
            )
            return "player" if fits else None
        obj = game.obj(ref)
        if not obj.exists:
            return None
        if obj.zone == "battlefield" and self.permanent is not None:
            return "battlefield" if self.permanent.matches(game, obj, you, source_serial) else None
        card = self.card
        if card is None or obj.zone != card.zone:
            return None
        whose = card.owner
        if (whose == "you" and obj.owner != you) or (
            whose == "opponents" and game.teammates(obj.owner, you)
        ):
            return None
        from mtgjudge.model import cost

        return obj.zone if card.spells.matches(cost.card_qualities(game, obj)) else None

    def words(self) -> str:
        return self.description or self.role


@dataclass(frozen=True)
class Chosen:
    """A target as chosen: its name, the role it was chosen for, and the
    object it was then (by serial, 0 for a player) and where (400.7)."""

    ref: str
    role: str | None
    serial: int
    zone: str


def any_target_zone(game: Game, ref: str) -> str | None:
    """Without requirements: a permanent on the battlefield or a player
    still in the game."""
    if ref in game.players:
        return None if game.players[ref].has_lost else "player"
    obj = game.obj(ref)
    return "battlefield" if obj.exists and obj.zone == "battlefield" else None


def serial_of(game: Game, ref: str) -> int:
    return 0 if ref in game.players else game.obj(ref).serial


def by_role(
    specs: Sequence[TargetSpec], given: Sequence[str] | Mapping[str, Sequence[str]], what: str
) -> list[tuple[TargetSpec, tuple[str, ...]]]:
    """The targets given, for each requirement: a list for a spell or
    ability with one requirement, or a table by role."""
    if isinstance(given, Mapping):
        roles = {spec.role: spec for spec in specs}
        unknown = [role for role in given if role not in roles]
        if unknown:
            raise InvalidInputError(
                f"{what} has no target named {unknown[0]!r} (its targets: {', '.join(roles)})"
            )
        return [(spec, tuple(given.get(spec.role, ()))) for spec in specs]
    if len(specs) > 1 and given:
        raise InvalidInputError(
            f"{what} has several targets ({', '.join(spec.role for spec in specs)}): give them "
            "by role, such as { " + f"{specs[0].role} = [...]" + " }"
        )
    return [(spec, tuple(given)) for spec in specs]


def choose(
    game: Game,
    specs: Sequence[TargetSpec],
    given: Sequence[str] | Mapping[str, Sequence[str]],
    you: str,
    source_serial: int | None,
    what: str,
) -> list[Chosen]:
    """601.2c: the targets announced for each requirement: how many (the
    number is announced first, and each target must receive one), each
    one fitting, and none chosen twice for one instance of "target"."""
    chosen: list[Chosen] = []
    for spec, refs in by_role(specs, given, what):
        if len(set(refs)) != len(refs):
            twice = next(ref for ref in refs if refs.count(ref) > 1)
            raise IllegalCastError(
                f"{twice} is chosen twice for {spec.words()}: the same target can't be chosen "
                "twice for one instance of the word “target”",
                rule="601.2c",
                fault="target_chosen_twice",
            )
        wanted = spec.count
        if wanted is not None and (len(refs) > wanted or (not spec.up_to and len(refs) < wanted)):
            many = f"up to {wanted}" if spec.up_to else str(wanted)
            raise IllegalCastError(
                f"{what} requires {many} target(s) for {spec.words()}, not {len(refs)}",
                rule="601.2c",
                fault="wrong_number_of_targets",
            )
        for ref in refs:
            zone = spec.zone_of(game, ref, you, source_serial)
            if zone is not None:
                check_targetable(game, ref, you, source_serial)
            if zone is None:
                raise IllegalCastError(
                    f"{_name(game, ref)} isn't a legal target for {spec.words()}",
                    rule="601.2c",
                    fault="illegal_target",
                )
            chosen.append(Chosen(ref, spec.role, serial_of(game, ref), zone))
    return chosen


def still_legal(
    game: Game,
    target: Chosen,
    specs: Sequence[TargetSpec],
    you: str,
    source_serial: int | None,
) -> bool:
    """608.2b: a target that is no longer in the zone it was in (a new
    object, 400.7) is illegal, and so is one that no longer fits its
    requirement (its characteristics changed, say)."""
    if target.ref in game.players:
        if game.players[target.ref].has_lost:
            return False
    else:
        obj = game.obj(target.ref)
        if not obj.exists or obj.serial != target.serial or obj.zone != target.zone:
            return False
    if untargetable(game, target.ref, you, source_serial) is not None:
        # 702.11b, 702.18a: a target that gained hexproof or shroud.
        return False
    spec = next((spec for spec in specs if spec.role == target.role), None)
    if spec is None:
        return True
    return spec.zone_of(game, target.ref, you, source_serial) is not None


def _name(game: Game, ref: str) -> str:
    return ref if ref in game.players else game.obj(ref).name


def spec_from(spec: dict[str, Any]) -> TargetSpec:
    """A requirement as a setup writes it."""
    from mtgjudge.model.setup import object_filters, spell_filter

    card = spec.get("card")
    count = spec.get("count", 1)
    return TargetSpec(
        role=spec["role"],
        permanent=object_filters(spec["permanent"]) if "permanent" in spec else None,
        card=(
            CardTarget(
                spell_filter(card.get("filter", {})),
                card.get("zone", "graveyard"),
                card.get("owner", "any"),
            )
            if card is not None
            else None
        ),
        player=spec.get("player"),
        count=None if count == "any_number" else count,
        up_to=spec.get("up_to", False),
        description=spec.get("description", ""),
    )


def expand(node: Any, words: Mapping[str, Sequence[str]]) -> Any:
    """``node`` with each word of ``words`` replaced by what it stands for:
    in a list, each of them; as a key, each of them with the same value. A
    role stands for the legal targets chosen for it (608.2b)."""
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            for ref in words.get(key, [key]):
                out[ref] = expand(value, words)
        return out
    if isinstance(node, list):
        items: list[Any] = []
        for item in node:
            if isinstance(item, str) and item in words:
                items += list(words[item])
            else:
                items.append(expand(item, words))
        return items
    if isinstance(node, str) and node in words:
        found = list(words[node])
        if not found:
            raise NoTarget(node)
        if len(found) == 1:
            return found[0]
        raise InvalidInputError(
            f"{node!r} stands for {len(found)} targets here, where one object is named"
        )
    return node


class NoTarget(Exception):
    """A role that names one object has no legal target left (608.2b)."""


def mentions(node: Any, words: Sequence[str]) -> bool:
    if isinstance(node, str):
        return node in words
    if isinstance(node, dict):
        return any(mentions(k, words) or mentions(v, words) for k, v in node.items())
    if isinstance(node, list):
        return any(mentions(item, words) for item in node)
    return False


def is_empty(action: dict[str, Any]) -> bool:
    """An action left with nothing to act on once its roles are expanded."""
    ((_kind, args),) = action.items()
    return isinstance(args, (dict, list)) and not args
