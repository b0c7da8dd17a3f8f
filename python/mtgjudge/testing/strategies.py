"""Hypothesis strategies for random combats, costs and parties, as plain data.

Nothing here knows about mtgjudge's kernel: every strategy produces dicts,
lists, tuples and strings that any engine can read, so that other engines
can fuzz themselves with them. Objects are numbered from 0 in the order they
appear; a recipient or attack target is a tuple such as ``("player", 1)``,
``("creature", 3)`` or ``("planeswalker", 0)``; keywords are their printed
names in lower case (``"first strike"``).

Whole examples, for fuzzing an engine:

- :func:`boards`: the players, creatures and planeswalkers of one combat;
- :func:`combats`: a whole combat (a board, attacks, blocks, changes between
  the steps and damage assignments), played as
  :mod:`mtgjudge.testing.scenarios` describes;
- :func:`bystanders`: a creature that takes no part in a combat;
- :func:`costs`: mana costs as text; :func:`cost_modifiers`: what changes a
  total cost; :func:`pools` and :func:`payment_resources`: what a player pays
  with;
- :func:`party_creatures`: the creature types of a player's creatures.

The parts a combat is drawn from:

- :func:`combat_boards` draws the players, creatures and planeswalkers of one
  combat, with the active player's creatures first.
- :func:`attack_declarations` and :func:`block_declarations` draw
  declarations, mostly legal ones and sometimes anything at all.
- :func:`damage_divisions` draws a legal division of a creature's combat
  damage, given where the damage may go; :func:`damage_assignments` draws
  explicit assignments for several creatures, sometimes broken on purpose.
- :func:`between_steps_changes` draws what effects might do between two
  combat damage steps.

The strategies that depend on the game's current state take that state as
plain data, so a test draws them with ``st.data()`` as the combat goes on.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from mtgjudge.keywords import COUNTER_KEYWORDS as _COUNTER_KEYWORDS
from mtgjudge.keywords import KEYWORDS as _KERNEL_KEYWORDS

#: The keywords of 122.1b, trample's variant (702.19c) and defender, in the
#: order of the kernel's keyword bits.
#: Infect and wither (702.80, 702.90), which the game model now carries into
#: its objects and players as -1/-1 and poison counters, are drawn through
#: their theme (THEMES) and as damage sources' keywords, not among these:
#: drawn everywhere, they make the shrinker's work on other keywords'
#: failures several times longer.
#: Exalted (702.83) is left out too: the kernel carries its bit, but its
#: triggered ability is the game model's, so a combat the kernel resolves
#: (the fuzzer's expected values) can't show it.
KEYWORDS: tuple[str, ...] = tuple(
    k for k in _KERNEL_KEYWORDS if k not in ("infect", "wither", "exalted")
)

#: Keywords a keyword counter can be (122.1b): all but defender, infect and wither.
COUNTER_KEYWORDS: tuple[str, ...] = tuple(k for k in KEYWORDS if k in _COUNTER_KEYWORDS)

#: The keywords that change how combat goes; drawn more often.
COMBAT_KEYWORDS: tuple[str, ...] = (
    "flying",
    "reach",
    "first strike",
    "double strike",
    "deathtouch",
    "indestructible",
    "lifelink",
    "menace",
    "trample",
    "trample over planeswalkers",
    "vigilance",
)

#: Keywords that interact, drawn together as a combat's palette.
THEMES: tuple[tuple[str, ...], ...] = (
    ("trample", "deathtouch"),
    ("trample", "trample over planeswalkers", "first strike"),
    ("trample over planeswalkers", "double strike", "deathtouch"),
    ("first strike", "double strike", "deathtouch", "lifelink"),
    ("flying", "reach", "menace"),
    ("indestructible", "deathtouch", "trample", "lifelink"),
    # 702.80, 702.90: their -1/-1 counters change lethal damage (702.19b)
    # and toughness; infect's poison counters replace life loss.
    ("infect", "wither", "trample", "first strike", "lifelink"),
)

Thing = tuple[str, int]
Board = dict[str, Any]


@cache
def keyword_sets(
    max_size: int = 3, palette: tuple[str, ...] = COMBAT_KEYWORDS
) -> st.SearchStrategy[list[str]]:
    """A few keywords, mostly from ``palette``. (Strategies are immutable;
    building one costs hypothesis more than drawing from it, so the
    strategies drawn from again and again are built once.)"""
    keyword = st.one_of(st.sampled_from(palette), st.sampled_from(KEYWORDS))
    return st.lists(keyword, max_size=max_size, unique=True)


@st.composite
def creature_specs(
    draw: st.DrawFn,
    controller: int,
    attacking_side: bool,
    palette: tuple[str, ...] = COMBAT_KEYWORDS,
) -> dict[str, Any]:
    """One creature: power and toughness (zero and negative included),
    marked damage, keywords (mostly from ``palette``), keyword counters and
    status, and now and then one or two regeneration shields (701.19a)."""
    toughness = draw(st.one_of(st.integers(1, 6), st.integers(-1, 0)))
    damage = draw(st.integers(0, max(toughness - 1, 0)) | st.integers(0, 3))
    rarely = _RARELY
    return {
        "controller": controller,
        "power": draw(st.one_of(st.integers(1, 6), st.integers(-2, 0), st.integers(7, 12))),
        "toughness": toughness,
        "damage": damage,
        "keywords": draw(
            _attacker_keywords(palette) if attacking_side else keyword_sets(palette=palette)
        )
        if _chance(draw, 9, 10)
        else draw(keyword_sets()),
        "keyword_counters": draw(
            st.lists(st.sampled_from(COUNTER_KEYWORDS), max_size=1, unique=True)
        ),
        "tapped": draw(rarely),
        "summoning_sick": draw(rarely) if attacking_side else draw(st.booleans()),
        "block_limit": draw(st.sampled_from([1, 2, 1, 0, 3, 2, 1])),
        "regeneration_shields": draw(_SHIELDS),
    }


@st.composite
def combat_boards(
    draw: st.DrawFn,
    max_players: int = 3,
    max_attackers: int = 4,
    max_blockers: int = 4,
    max_planeswalkers: int = 2,
    two_headed_giant: bool = True,
) -> Board:
    """The players, creatures and planeswalkers of one combat. Player 0 is
    the active player; their creatures come first. The defending players'
    creatures and planeswalkers are spread among the other players.

    Now and then, unless ``two_headed_giant`` is False, it is a
    Two-Headed Giant game (810): players 0 and 1 are
    the active team, 2 and 3 the other, each team with one life total
    (810.4), and ``"teams": [[0, 1], [2, 3]]``."""
    life_totals = st.one_of(st.integers(1, 6), st.integers(7, 20))
    teams = None
    if two_headed_giant and _chance(draw, 1, 6):
        teams = [[0, 1], [2, 3]]
        ours, theirs = draw(life_totals), draw(life_totals)
        life = [ours, ours, theirs, theirs]
        attacking_players, opponents = st.integers(0, 1), st.integers(2, 3)
    else:
        players = draw(st.integers(2, max_players))
        life = draw(st.lists(life_totals, min_size=players, max_size=players))
        attacking_players, opponents = st.just(0), st.integers(1, players - 1)
    attackers = draw(st.integers(1, max_attackers))
    blockers = draw(st.integers(1, max(max_blockers, 1)) | st.integers(0, max_blockers))
    # A few keywords for this combat, so that interacting keywords (trample
    # and deathtouch, first strike and planeswalkers ...) meet often.
    palette = draw(
        st.sampled_from(THEMES)
        | st.lists(st.sampled_from(COMBAT_KEYWORDS), min_size=1, max_size=4, unique=True).map(tuple)
    )
    creatures = [
        draw(creature_specs(draw(attacking_players), True, palette)) for _ in range(attackers)
    ]
    creatures += [draw(creature_specs(draw(opponents), False, palette)) for _ in range(blockers)]
    walkers = [
        {"controller": draw(opponents), "loyalty": draw(st.integers(1, 3) | st.integers(4, 7))}
        for _ in range(draw(st.integers(0, max_planeswalkers)))
    ]
    board = {"life": life, "active_player": 0, "creatures": creatures, "planeswalkers": walkers}
    if teams is not None:
        board["teams"] = teams
    return board


def same_team(board: Board, player: int, other: int) -> bool:
    """The same player, or teammates in Two-Headed Giant (810.1)."""
    return player == other or any(
        player in team and other in team for team in board.get("teams", ())
    )


_RARELY = st.sampled_from([False, False, False, True, False, False])
_SHIELDS = st.sampled_from([0, 0, 0, 1, 0, 2, 0, 1])


@cache
def _attacker_keywords(palette: tuple[str, ...]) -> st.SearchStrategy[list[str]]:
    return keyword_sets(palette=palette).filter(lambda k: "defender" not in k)


def _chance(draw: st.DrawFn, times: int, out_of: int) -> bool:
    """True about ``times`` in ``out_of`` draws. Hypothesis favours the first
    and last values of a range, so the rarer outcome goes in the middle."""
    return draw(_chances(times, out_of))


@cache
def _chances(times: int, out_of: int) -> st.SearchStrategy[bool]:
    rare, common = (True, False) if 2 * times < out_of else (False, True)
    count = min(times, out_of - times)
    half = (out_of - count) // 2
    values = [common] * half + [rare] * count + [common] * (out_of - count - half)
    return st.sampled_from(values)


def _has(creature: dict[str, Any], keyword: str) -> bool:
    return keyword in creature["keywords"] or keyword in creature["keyword_counters"]


def attack_targets(board: Board) -> list[Thing]:
    """What the active player may attack: opponents and their planeswalkers (508.1b)."""
    active = board["active_player"]
    targets: list[Thing] = [
        ("player", p) for p in range(len(board["life"])) if not same_team(board, p, active)
    ]
    targets += [
        ("planeswalker", i)
        for i, walker in enumerate(board["planeswalkers"])
        if not same_team(board, walker["controller"], active) and walker.get("on_battlefield", True)
    ]
    return targets


@st.composite
def attack_declarations(draw: st.DrawFn, board: Board) -> list[tuple[int, Thing]]:
    """Attackers and what each attacks: usually only creatures that may
    attack (508.1a, 302.6, 702.3b), sometimes any creature and any target."""
    creatures = board["creatures"]
    active = board["active_player"]
    if _chance(draw, 9, 10):
        able = [
            i
            for i, c in enumerate(creatures)
            if same_team(board, c["controller"], active)
            and not c["tapped"]
            and (not c["summoning_sick"] or _has(c, "haste"))
            and not _has(c, "defender")
        ]
        targets = attack_targets(board)
        # Mostly at least one attacker: without one there is no damage step (508.8).
        least = 1 if _chance(draw, 9, 10) else 0
        chosen = draw(st.lists(st.sampled_from(able), min_size=least, unique=True)) if able else []
        walkers = [t for t in targets if t[0] == "planeswalker"]
        target = st.sampled_from(targets) | st.sampled_from(walkers or targets)
        return [(i, draw(target)) for i in chosen]
    # Otherwise a legal declaration with one more attacker that may break a
    # rule: tapped, summoning sick, defender, not the active player's, or
    # attacking its own controller or planeswalker.
    anything = st.sampled_from(
        [("player", p) for p in range(len(board["life"]))]
        + [("planeswalker", i) for i in range(len(board["planeswalkers"]))]
    )
    index = st.integers(0, len(creatures) - 1) if creatures else st.just(0)
    legal = draw(attack_declarations(board))
    position = draw(st.integers(0, len(legal)))
    return [*legal[:position], (draw(index), draw(anything)), *legal[position:]]


def _may_block(board: Board, attacks: dict[int, Thing], blocker: int, attacker: int) -> bool:
    creatures = board["creatures"]
    b, a = creatures[blocker], creatures[attacker]
    kind, index = attacks[attacker]
    if kind == "player":
        defending = index
    elif kind == "planeswalker":
        defending = board["planeswalkers"][index]["controller"]
    else:
        return False
    return (
        same_team(board, b["controller"], defending)
        and (not _has(a, "flying") or _has(b, "flying") or _has(b, "reach"))
        and _has(a, "shadow") == _has(b, "shadow")
    )


@st.composite
def block_declarations(
    draw: st.DrawFn, board: Board, attacks: list[tuple[int, Thing]]
) -> list[tuple[int, int]]:
    """``(blocker, attacker)`` pairs: usually a legal declaration (509.1a,
    702.9b, 702.28b, 702.111b, 702.147a, block limits), sometimes any pairs."""
    creatures = board["creatures"]
    attacking = dict(attacks)
    if _chance(draw, 9, 10):
        blocks: list[tuple[int, int]] = []
        for blocker, c in enumerate(creatures):
            if blocker in attacking or c["tapped"] or _has(c, "decayed"):
                continue
            options = [a for a in attacking if _may_block(board, attacking, blocker, a)]
            if not options or c["block_limit"] <= 0 or _chance(draw, 1, 5):
                continue
            # Often as many attackers as it may block.
            most = min(c["block_limit"], len(options))
            least = most if _chance(draw, 1, 2) else 1
            chosen = draw(
                st.lists(st.sampled_from(options), min_size=least, max_size=most, unique=True)
            )
            blocks += [(blocker, a) for a in chosen]
        # 702.111b: a creature with menace needs two or more blockers.
        for attacker in attacking:
            mine = [pair for pair in blocks if pair[1] == attacker]
            if _has(creatures[attacker], "menace") and len(mine) == 1:
                blocks.remove(mine[0])
        return draw(st.permutations(blocks))
    # Otherwise a legal declaration with one more block that may break a
    # rule: menace with one blocker, flying, shadow, a tapped or decayed
    # blocker, too many attackers, the wrong defending player ...
    blocks = draw(block_declarations(board, attacks))
    # A creature with menace blocked by one creature that could block it.
    alone = [
        (b, a)
        for a in attacking
        if _has(creatures[a], "menace")
        for b, c in enumerate(creatures)
        if b not in attacking
        and not c["tapped"]
        and not _has(c, "decayed")
        and c["block_limit"] > 0
        and _may_block(board, attacking, b, a)
    ]
    if alone and _chance(draw, 1, 2):
        b, a = draw(st.sampled_from(alone))
        return [pair for pair in blocks if a != pair[1] and b != pair[0]] + [(b, a)]
    index = st.integers(0, len(creatures) - 1)
    active = board["active_player"]
    unused = [
        i
        for i, c in enumerate(creatures)
        if not same_team(board, c["controller"], active) and all(b != i for b, _ in blocks)
    ]
    lone = [
        a
        for a in attacking
        if _has(creatures[a], "menace") and a not in dict(map(reversed, blocks))
    ]
    blocker = draw(st.sampled_from(unused) | index) if unused else draw(index)
    if lone and _chance(draw, 1, 2):
        attacker = draw(st.sampled_from(lone))
    else:
        attacker = draw(st.sampled_from(list(attacking)) if attacking else index)
    extra = (blocker, attacker)
    position = draw(st.integers(0, len(blocks)))
    return [*blocks[:position], extra, *blocks[position:]]


@st.composite
def damage_divisions(
    draw: st.DrawFn, power: int, stages: list[list[tuple[Thing, int]]]
) -> list[tuple[Thing, int]]:
    """A legal division of ``power`` damage (510.1c, 702.19b, 702.19c).

    ``stages`` lists where the damage may go, in stages: a recipient of a
    later stage may be assigned damage only once each recipient of the
    earlier stages is assigned at least the number beside it (lethal damage
    for a blocker, the loyalty of a planeswalker). An unblocked creature has
    one stage with what it attacks; a blocked one has its blockers, then
    for trample what it attacks, and so on."""
    usable = 1
    while usable <= len(stages) and not any(stages[i] for i in range(usable)):
        usable += 1
    # How deep the damage goes, if the power reaches that far.
    deepest = draw(st.integers(usable, max(usable, len(stages))))
    need = sum(amount for stage in stages[: deepest - 1] for _, amount in stage)
    while deepest > usable and need > power:
        deepest -= 1
        need = sum(amount for stage in stages[: deepest - 1] for _, amount in stage)
    amounts: dict[Thing, int] = {}
    for stage in stages[: deepest - 1]:
        for recipient, amount in stage:
            amounts[recipient] = amounts.get(recipient, 0) + amount
    recipients = [recipient for stage in stages[:deepest] for recipient, _ in stage]
    if not recipients:
        return []
    left = power - sum(amounts.values())
    for pick in draw(st.lists(st.sampled_from(recipients), min_size=left, max_size=left)):
        amounts[pick] = amounts.get(pick, 0) + 1
    return list(amounts.items())


@st.composite
def damage_assignments(
    draw: st.DrawFn,
    options: dict[int, dict[str, Any]],
    universe: list[Thing],
    creatures: int,
    broken: bool | None = None,
) -> list[tuple[int, Thing, int]]:
    """Explicit assignments ``(source, recipient, amount)`` for some of the
    creatures in ``options`` (``{source: {"power": p, "stages": [...]}}``,
    see :func:`damage_divisions`). With ``broken`` (drawn when ``None``) one
    assignment is then broken: a wrong total, a negative amount, a recipient
    that may not get damage, damage past a blocker without lethal damage,
    or a creature that doesn't assign damage in this step."""
    sources = [s for s, option in options.items() if any(option["stages"])]
    least = 1 if _chance(draw, 1, 2) else 0
    chosen = (
        draw(st.lists(st.sampled_from(sources), min_size=least, unique=True)) if sources else []
    )
    result = []
    for source in chosen:
        option = options[source]
        for recipient, amount in draw(damage_divisions(option["power"], option["stages"])):
            result.append((source, recipient, amount))
    if broken is None:
        broken = _chance(draw, 1, 4)
    if not broken:
        return result
    if not result and sources:
        # Something to break.
        source = draw(st.sampled_from(sources))
        option = options[source]
        for recipient, amount in draw(damage_divisions(option["power"], option["stages"])):
            result.append((source, recipient, amount))
    how = draw(
        st.sampled_from(["more", "less", "negative", "elsewhere", "skip_lethal", "outsider"])
    )
    if _chance(draw, 1, 2):
        how = "skip_lethal"
    if how == "skip_lethal":
        # Everything to the last stage, skipping lethal damage to blockers
        # (702.19b) or the loyalty of a planeswalker (702.19c).
        deep = [s for s, option in options.items() if len([x for x in option["stages"] if x]) > 1]
        if deep:
            source = draw(st.sampled_from(deep))
            target = draw(st.sampled_from([r for r, _ in options[source]["stages"][-1]]))
            power = options[source]["power"]
            return [r for r in result if r[0] != source] + [(source, target, power)]
        how = draw(st.sampled_from(["more", "less", "negative", "elsewhere", "outsider"]))
    if how == "outsider" or not result:
        # A creature that may or may not assign damage now.
        source = draw(st.integers(0, max(creatures - 1, 0)))
        return [*result, (source, draw(st.sampled_from(universe)), draw(st.integers(0, 3)))]
    position = draw(st.integers(0, len(result) - 1))
    source, recipient, amount = result[position]
    if how == "more":
        result[position] = (source, recipient, amount + draw(st.integers(1, 2)))
    elif how == "less":
        result[position] = (source, recipient, amount - draw(st.integers(1, 2)))
    elif how == "negative":
        result.append((source, recipient, -1))
        result[position] = (source, recipient, amount + 1)
    else:
        result.append((source, draw(st.sampled_from(universe)), 1))
        result[position] = (source, recipient, amount - 1)
    return result


@st.composite
def between_steps_changes(draw: st.DrawFn, state: dict[str, Any]) -> list[dict[str, Any]]:
    """What effects might do between two combat damage steps.

    ``state`` is ``{"creatures": [{"keywords": [...], "keyword_counters":
    [...], "on_battlefield": bool, "in_combat": bool}, ...], "players": n,
    "planeswalkers": [indices on the battlefield]}``. Each change is a dict
    with a ``"change"`` key:

    - ``grant`` / ``lose``: ``keywords`` gained or lost (``lose`` removes
      the ability, not keyword counters);
    - ``add_counter`` / ``remove_counter``: one keyword counter;
    - ``pump``: ``power`` and ``toughness`` added;
    - ``tap`` / ``untap`` (506.4b: it stays in combat);
    - ``remove_from_combat``, ``leave_battlefield``;
    - ``deal_damage``: noncombat damage ``amount`` from ``source`` to
      ``recipient``.
    """
    creatures = state["creatures"]
    alive = [i for i, c in enumerate(creatures) if c["on_battlefield"]]
    if not alive:
        return []
    fighting = [i for i in alive if creatures[i]["in_combat"]] or alive
    who = st.sampled_from(fighting) | st.sampled_from(alive)
    strike = st.sampled_from(["first strike", "double strike"])
    recipients = [("creature", i) for i in alive]
    recipients += [("player", p) for p in range(state["players"])]
    walkers = [("planeswalker", i) for i in state["planeswalkers"]]
    recipients += walkers
    # Damage to a planeswalker removes it from combat if it dies (506.4c).
    recipient = st.sampled_from(recipients) | st.sampled_from(walkers or recipients)
    changes = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(
            st.sampled_from(
                [
                    "grant",
                    "grant",
                    "lose",
                    "lose",
                    "add_counter",
                    "remove_counter",
                    "pump",
                    "pump",
                    "tap",
                    "untap",
                    "remove_from_combat",
                    "leave_battlefield",
                    "deal_damage",
                ]
            )
        )
        creature = draw(who)
        change: dict[str, Any] = {"change": kind, "creature": creature}
        if kind in ("grant", "lose"):
            change["keywords"] = draw(
                st.lists(strike | st.sampled_from(KEYWORDS), min_size=1, max_size=2, unique=True)
            )
        elif kind == "add_counter":
            change["keyword"] = draw(strike | st.sampled_from(COUNTER_KEYWORDS))
        elif kind == "remove_counter":
            counters = creatures[creature]["keyword_counters"]
            if not counters:
                continue
            change["keyword"] = draw(st.sampled_from(sorted(counters)))
        elif kind == "pump":
            change["power"] = draw(st.integers(-3, 3))
            change["toughness"] = draw(st.integers(-2, 2))
        elif kind == "deal_damage":
            change = {
                "change": kind,
                "source": creature,
                "recipient": draw(recipient),
                "amount": draw(st.integers(0, 4)),
            }
        changes.append(change)
    return changes


@st.composite
def counter_status(draw: st.DrawFn) -> dict[str, Any]:
    """-1/-1 counters a creature got from earlier infect or wither damage
    (702.80b, 702.90b), and whether it can get more (122.1), as both
    engines' ``add_creature`` take them."""
    return {
        "minus_one_counters": draw(st.sampled_from([0, 0, 0, 1, 0, 2])),
        "can_get_minus_one_counters": draw(st.sampled_from([True] * 7 + [False])),
    }


#: Mostly "can't" (119.7, 119.8, 122.1f).
_CANNOT = st.sampled_from([False, True, False])

#: Keywords that change what damage does, for sources that aren't creatures.
DAMAGE_SOURCE_KEYWORDS: tuple[str, ...] = ("infect", "wither", "lifelink", "deathtouch")


@st.composite
def counter_changes(draw: st.DrawFn, state: dict[str, Any]) -> list[dict[str, Any]]:
    """Changes about counters and life, for the kernel's own tests (the
    fuzz's rulings don't say them): each a dict with a ``"change"`` key,

    - ``deal_damage`` with ``other_source`` (``{"controller": p,
      "keywords": [...]}``): damage from a source that isn't a creature of
      the combat (113.7a), to ``recipient``;
    - ``poison``: a player's poison counters set to ``count`` (122.1f),
      mostly near ten, where 704.5c begins;
    - ``life_rules``: a player's ``can_gain_life`` / ``can_lose_life``
      (119.7, 119.8) and ``can_get_poison`` (122.1f).

    ``state`` is as for :func:`between_steps_changes`.
    """
    players = st.integers(0, state["players"] - 1)
    alive = [i for i, c in enumerate(state["creatures"]) if c["on_battlefield"]]
    recipients = [("creature", i) for i in alive]
    recipients += [("player", p) for p in range(state["players"])]
    recipients += [("planeswalker", i) for i in state["planeswalkers"]]
    changes: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["life_rules", "deal_damage", "poison", "deal_damage"]))
        if kind == "deal_damage":
            keyword = st.sampled_from(DAMAGE_SOURCE_KEYWORDS) | st.sampled_from(KEYWORDS)
            changes.append(
                {
                    "change": kind,
                    "source": None,
                    "other_source": {
                        "controller": draw(players),
                        "keywords": draw(st.lists(keyword, min_size=1, max_size=3, unique=True)),
                    },
                    "recipient": draw(st.sampled_from(recipients[::-1])),
                    "amount": draw(st.integers(0, 4)),
                }
            )
        elif kind == "poison":
            changes.append(
                {
                    "change": kind,
                    "player": draw(players),
                    "count": draw(st.sampled_from([10, 9, 10, 0, 10, 12])),
                }
            )
        else:
            changes.append(
                {
                    "change": kind,
                    "player": draw(players),
                    "can_gain_life": draw(_CANNOT),
                    "can_lose_life": draw(_CANNOT),
                    "can_get_poison": draw(_CANNOT),
                }
            )
    return changes


# ----------------------------------------------------------------------
# Whole scenarios, for fuzzing any engine
# ----------------------------------------------------------------------


def boards(
    max_players: int = 3, max_attackers: int = 4, max_blockers: int = 4, max_planeswalkers: int = 2
) -> st.SearchStrategy[Board]:
    """The board of one combat: the same as :func:`combat_boards`, but never
    Two-Headed Giant, which the fuzzed engines' rulings would need to declare.

    ``{"life": [20, 7], "active_player": 0, "creatures": [{"controller",
    "power", "toughness", "damage", "keywords", "keyword_counters",
    "tapped", "summoning_sick", "block_limit", "regeneration_shields"},
    ...], "planeswalkers":
    [{"controller", "loyalty"}, ...]}``."""
    return combat_boards(
        max_players, max_attackers, max_blockers, max_planeswalkers, two_headed_giant=False
    )


def _unique_by(items: list[Any], key: Any) -> list[Any]:
    seen: set[Any] = set()
    result = []
    for item in items:
        if key(item) not in seen:
            seen.add(key(item))
            result.append(item)
    return result


def _merged(assignments: list[tuple[int, Thing, int]], state: Any) -> list[tuple[int, Thing, int]]:
    """One entry per source and recipient, amounts added up; negative
    amounts, and sources and recipients no longer on the battlefield (which
    a ruling file can't name) left out."""

    def present(thing: Thing) -> bool:
        kind, index = thing
        if kind == "creature":
            return state.creatures[index].on_battlefield
        return kind != "planeswalker" or state.loyalty[index] > 0

    totals: dict[tuple[int, Thing], int] = {}
    for source, recipient, amount in assignments:
        if amount >= 0 and present(("creature", source)) and present(recipient):
            totals[(source, recipient)] = totals.get((source, recipient), 0) + amount
    return [(s, r, n) for (s, r), n in totals.items()]


@st.composite
def combats(draw: st.DrawFn, board: Board | None = None, max_steps: int = 3) -> dict[str, Any]:
    """A whole combat as plain data: a board (:func:`boards`), the attacks,
    changes during the declare attackers step, the blocks, and for each
    combat damage step the changes before it and explicit damage
    assignments (mostly legal, sometimes broken on purpose). See
    :mod:`mtgjudge.testing.scenarios` for the format and how it is played.

    The draws follow the combat as it goes, so that blocks block attackers
    and assignments fit the blocks: the strategy plays the scenario on
    mtgjudge's pure-Python reference model while drawing it. Everything in
    the scenario can be written in a ruling file: no attacker or block is
    declared twice and no assigned amount is negative."""
    from mtgjudge.errors import MtgJudgeError
    from mtgjudge.testing.scenarios import ReferenceDriver, apply_change, skipped, snapshot

    if board is None:
        board = draw(boards())
    sim = ReferenceDriver(board)
    attacks = _unique_by(draw(attack_declarations(board), label="attacks"), lambda a: a[0])
    scenario: dict[str, Any] = {
        "board": board,
        "attacks": attacks,
        "before_blocks": [],
        "blocks": [],
        "steps": [],
    }

    def apply_all(changes: list[dict[str, Any]]) -> None:
        for change in changes:
            if not skipped(change, snapshot(sim)):
                apply_change(sim, change)
                sim.check_state_based_actions()

    try:
        sim.declare_attackers(0, attacks)
    except MtgJudgeError:
        return scenario
    sim.check_state_based_actions()
    if not attacks:
        return scenario
    if _chance(draw, 1, 6):
        # Something happens in the declare attackers step, such as a
        # planeswalker being dealt damage (506.4c).
        scenario["before_blocks"] = draw(between_steps_changes(sim.plain_state()), label="early")
        apply_all(scenario["before_blocks"])
        if sim.game_over:
            return scenario  # 104.1: nothing more happens
    attacking = [(a, t) for a, t in attacks if sim.is_attacking(a)]
    blocks = draw(block_declarations(sim.plain_board(), attacking), label="blocks")
    scenario["blocks"] = _unique_by(blocks, lambda b: b)
    try:
        sim.declare_blockers(scenario["blocks"])
    except MtgJudgeError:
        sim.declare_blockers([])
    sim.check_state_based_actions()
    for step in range(max_steps):
        changes = []
        if step > 0 or draw(st.booleans(), label="changes first?"):
            changes = draw(between_steps_changes(sim.plain_state()), label=f"changes {step}")
        apply_all(changes)
        if sim.next_damage_step() is None:
            scenario["steps"].append({"changes": changes, "assignments": []})
            break
        chosen = draw(
            damage_assignments(sim.assignment_options(), sim.universe(), len(board["creatures"])),
            label=f"assignments {step}",
        )
        chosen = _merged(chosen, snapshot(sim))
        scenario["steps"].append({"changes": changes, "assignments": chosen})
        try:
            sim.resolve_damage_step(chosen)
        except MtgJudgeError:
            sim.resolve_damage_step([])
    return scenario


@st.composite
def bystanders(draw: st.DrawFn, players: int) -> dict[str, Any]:
    """A creature that takes no part in a combat: it neither attacks nor
    blocks, nothing is done to it, and it doesn't die of state-based
    actions (toughness at least 1, less damage than its toughness)."""
    toughness = draw(st.integers(1, 6))
    return {
        "controller": draw(st.integers(0, players - 1)),
        "power": draw(st.integers(-1, 7)),
        "toughness": toughness,
        "damage": draw(st.integers(0, toughness - 1)),
        "keywords": draw(keyword_sets()),
        "keyword_counters": draw(
            st.lists(st.sampled_from(COUNTER_KEYWORDS), max_size=1, unique=True)
        ),
        "tapped": draw(st.booleans()),
        "summoning_sick": draw(st.booleans()),
        "block_limit": draw(st.sampled_from([1, 0, 2])),
    }


# ----- costs (601.2f-h, 118.7, 702.41, 702.51 ...) -----

#: Colors and mana types by letter (105.1, 106.1b).
COLORS = "WUBRG"
MANA_TYPES = "WUBRGC"
_HYBRID_PAIRS = ("WU", "WB", "UB", "UR", "BR", "BG", "RG", "RW", "GW", "GU")
#: Every non-numerical mana symbol of 107.4, as written between the braces.
SYMBOL_BODIES: tuple[str, ...] = (
    "X",
    "C",
    "S",
    *COLORS,
    *(f"{a}/{b}" for a, b in _HYBRID_PAIRS),
    *(f"2/{c}" for c in COLORS),
    *(f"C/{c}" for c in COLORS),
    *(f"{c}/P" for c in COLORS),
    *(f"{a}/{b}/P" for a, b in _HYBRID_PAIRS),
)
#: The same without {X}.
FIXED_BODIES: tuple[str, ...] = tuple(s for s in SYMBOL_BODIES if s != "X")
#: What a cost reduction may be written with (118.7: no hybrid symbols).
REDUCTION_BODIES: tuple[str, ...] = ("1", "2", "C", "S", *COLORS, *(f"{c}/P" for c in COLORS))


@st.composite
def costs(
    draw: st.DrawFn,
    max_symbols: int = 5,
    max_generic: int = 3,
    bodies: Any = None,
    allow_none: bool = True,
) -> str:
    """A mana cost as text such as ``"{2}{W/U}{G}"``: symbols in a random
    order (not the printing order), possibly several numerical symbols;
    sometimes ``""``, no mana cost at all (202.1b)."""
    if allow_none and draw(st.integers(0, 30)) == 0:
        return ""
    symbols = draw(st.lists(st.sampled_from(bodies or SYMBOL_BODIES), max_size=max_symbols))
    numbers = draw(st.lists(st.integers(0, max_generic), max_size=2))
    pieces = [*symbols, *(str(n) for n in numbers)]
    pieces = draw(st.permutations(pieces)) if pieces else ["0"]
    return "".join("{" + p + "}" for p in pieces)


@st.composite
def reduction_texts(draw: st.DrawFn) -> str:
    """A cost reduction written as mana symbols, such as ``"{1}{W}"``."""
    pieces = draw(st.lists(st.sampled_from(REDUCTION_BODIES), min_size=1, max_size=2))
    return "".join("{" + p + "}" for p in pieces)


@st.composite
def cost_modifiers(draw: st.DrawFn, small: bool = True) -> dict[str, Any]:
    """What changes a spell's total cost (601.2f), as the keyword arguments
    of ``mtgjudge._core.total_cost``: ``x``, an ``alternative`` cost or None,
    ``additional`` costs, cost ``increases``, ``reductions`` (mana symbols)
    and ``affinity`` (one count per instance of affinity, 702.41b)."""
    fixed = st.sampled_from(FIXED_BODIES)
    extra = costs(max_symbols=1 if small else 2, max_generic=2, allow_none=False)
    return {
        "x": draw(st.integers(0, 2)),
        "alternative": draw(st.none() | costs(max_symbols=2, max_generic=2)),
        "additional": draw(st.lists(extra, max_size=1)),
        "increases": draw(
            st.lists(
                st.sampled_from(["{1}", "{2}", "{W}", "{G}", "{C}"])
                | fixed.map(lambda b: "{" + b + "}"),
                max_size=1,
            )
        ),
        "reductions": draw(st.lists(reduction_texts(), max_size=2)),
        "affinity": draw(st.lists(st.integers(0, 3), max_size=2)),
    }


@st.composite
def pools(draw: st.DrawFn, max_mana: int = 3) -> dict[str, dict[str, int]]:
    """A mana pool: ``{"pool": {"W": 2, ...}, "snow": {...}}``, mana per
    type, and the part of it that snow sources produced (107.4h)."""
    pool = {t: draw(st.integers(0, max_mana)) for t in MANA_TYPES}
    snow = {t: draw(st.integers(0, pool[t])) for t in MANA_TYPES}
    return {"pool": pool, "snow": snow}


@st.composite
def payment_resources(draw: st.DrawFn, max_mana: int = 3, max_creatures: int = 4) -> dict[str, Any]:
    """What a player can pay with, as the keyword arguments of
    ``mtgjudge._core.find_payment``: a pool (:func:`pools`), life, the
    colours of each creature that could convoke (``"GW"``, ``""`` for
    colourless), artifacts, graveyard cards, and which of convoke, improvise
    and delve the spell has."""
    subsets = st.sets(st.sampled_from(COLORS)).map(lambda s: "".join(c for c in COLORS if c in s))
    return {
        **draw(pools(max_mana)),
        "life": draw(st.integers(-1, 7)),
        "convokers": draw(st.lists(subsets, max_size=max_creatures)),
        "artifacts": draw(st.integers(0, 3)),
        "graveyard": draw(st.integers(0, 3)),
        "convoke": draw(st.booleans()),
        "improvise": draw(st.booleans()),
        "delve": draw(st.booleans()),
    }


# ----- party (700.8) -----

#: The party creature types (700.8).
PARTY_TYPES: tuple[str, ...] = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_creatures(max_creatures: int = 7) -> st.SearchStrategy[list[list[str]]]:
    """The creature types of each creature a player controls, party types
    and others mixed: ``[["Cleric", "Human"], ["Rogue", "Wizard"], []]``."""
    types = st.lists(
        st.sampled_from((*PARTY_TYPES, "Human", "Elf", "Goblin")), max_size=5, unique=True
    ).map(sorted)
    return st.lists(types, max_size=max_creatures)
