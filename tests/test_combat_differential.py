"""Differential test: the Rust combat kernel against the pure-Python
reference model (``mtgjudge.reference.combat``), written separately from the
Comprehensive Rules.

Random combats (``mtgjudge.testing.strategies``) are driven through both,
action by action, and every result must be identical: each damage event
(source, recipient, amount, step), each life gain event, each death with
its rule, each planeswalker death, each player who lost, each creature that
regenerated (701.19a), and afterwards every creature's damage, tapped
status, keywords, regeneration shields, -1/-1 counters and place, every
life total, poison count and loyalty, and whether the game is over and who won (104).
An illegal action must fail in both with the same error class; the
kernel's rule and fault must be among the faults the reference found (the same one when the reference found only one), and
neither may have changed anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import event, given, note
from hypothesis import strategies as st

from mtgjudge import _core
from mtgjudge.errors import MtgJudgeError
from mtgjudge.keywords import mask, names
from mtgjudge.reference.combat import Combat as Reference
from mtgjudge.reference.combat import DamageSource as ReferenceSource
from mtgjudge.testing import scenarios
from mtgjudge.testing import strategies as mst


def _events(events: Any) -> tuple:
    """Simultaneous events in a canonical order."""
    return (
        events.step,
        sorted(events.damage),
        sorted(events.life_gains),
        sorted(events.deaths),
        sorted(events.planeswalker_deaths),
        sorted(events.losers),
        sorted(events.regenerations),
    )


def _error(error: MtgJudgeError) -> tuple:
    return (type(error).__name__, getattr(error, "rule", None), getattr(error, "fault", None))


class Engines:
    """The kernel and the reference, fed the same actions."""

    def __init__(self, board: dict[str, Any]) -> None:
        self.board = board
        self.kernel = _core.Combat(board["life"])
        self.reference = Reference(board["life"])
        if "teams" in board:
            # 810: Two-Headed Giant teams share life and poison.
            self.kernel.set_teams(board["teams"])
            self.reference.set_teams(board["teams"])
        for c in board["creatures"]:
            common = {**scenarios.status_arguments(c), **c.get("counters", {})}
            k = self.kernel.add_creature(
                c["controller"],
                c["power"],
                c["toughness"],
                keywords=mask(c["keywords"]),
                keyword_counters=mask(c["keyword_counters"]),
                **common,
            )
            r = self.reference.add_creature(
                c["controller"],
                c["power"],
                c["toughness"],
                keywords=c["keywords"],
                keyword_counters=c["keyword_counters"],
                **common,
            )
            assert k == r
        for w in board["planeswalkers"]:
            assert self.kernel.add_planeswalker(
                w["controller"], w["loyalty"]
            ) == self.reference.add_planeswalker(w["controller"], w["loyalty"])
        self.check_state("setup")

    # ----- comparing -----

    def both(self, what: str, call: Callable[[Any], Any]) -> tuple[bool, Any]:
        """Runs ``call`` on both engines. Returns whether it succeeded and
        the kernel's result; fails the test if they disagree."""
        note(f"action: {what}")
        try:
            kernel_result = call(self.kernel)
            kernel_error = None
        except MtgJudgeError as error:
            kernel_result, kernel_error = None, error
        try:
            reference_result = call(self.reference)
            reference_error = None
        except MtgJudgeError as error:
            reference_result, reference_error = None, error
        if kernel_error is None and reference_error is None:
            if what.startswith("resolve_damage_step"):
                event(f"resolved: {kernel_result.step}{' (explicit)' if '[(' in what else ''}")
            if kernel_result is not None and hasattr(kernel_result, "damage"):
                assert _events(kernel_result) == _events(reference_result), what
                if kernel_result.regenerations:
                    event("a creature regenerated")
                if kernel_result.losers:
                    event("the game ended" if self.kernel.game_over else "a player left the game")
            if what.startswith("assign_damage_step"):
                (k_step, k_assigned), (r_step, r_assigned) = kernel_result, reference_result
                assert (k_step, sorted(k_assigned)) == (r_step, sorted(r_assigned)), what
            self.check_state(what)
            return True, kernel_result
        assert kernel_error is not None, (
            f"{what}: the kernel accepted it, the reference raised {_error(reference_error)} "
            f"{reference_error} (all faults: {getattr(reference_error, 'faults', None)})"
        )
        assert reference_error is not None, (
            f"{what}: the reference accepted it, the kernel raised {_error(kernel_error)} {kernel_error}"
        )
        event(f"rejected: {what.split('(')[0]} {_error(kernel_error)[2]}")
        faults = set(reference_error.faults)  # type: ignore[attr-defined]
        assert _error(kernel_error) in faults, (
            f"{what}: the kernel raised {_error(kernel_error)} {kernel_error}; "
            f"the reference found {sorted(faults, key=str)}"
        )
        if len(faults) == 1:
            assert _error(kernel_error) == _error(reference_error)
        # An illegal action changes nothing (508.1, 509.1, 510.1e).
        self.check_state(f"after the illegal {what}")
        return False, None

    def check_state(self, when: str) -> None:
        k, r = self.kernel, self.reference
        for i in range(len(self.board["creatures"])):
            kc, rc = k.creature(i), r.creature(i)
            assert (
                kc.controller,
                kc.power,
                kc.toughness,
                kc.damage,
                names(kc.keywords),
                names(kc.keyword_counters),
                kc.tapped,
                kc.struck_first,
                kc.dealt_deathtouch_damage,
                kc.on_battlefield,
                kc.regeneration_shields,
                kc.minus_one_counters,
                kc.can_get_minus_one_counters,
                k.in_combat(i),
            ) == (
                rc.controller,
                rc.power,
                rc.toughness,
                rc.damage,
                rc.keywords,
                rc.keyword_counters,
                rc.tapped,
                rc.struck_first,
                rc.dealt_deathtouch_damage,
                rc.on_battlefield,
                rc.regeneration_shields,
                rc.minus_one_counters,
                rc.can_get_minus_one_counters,
                r.in_combat(i),
            ), f"{when}: creature {i}"
        for p in range(len(self.board["life"])):
            assert (k.life(p), k.poison(p), k.has_lost(p)) == (
                r.life(p),
                r.poison(p),
                r.has_lost(p),
            ), f"{when}: player {p}"
        for w in range(len(self.board["planeswalkers"])):
            assert k.loyalty(w) == r.loyalty(w), f"{when}: planeswalker {w}"
        assert k.attacked == r.attacked, when
        assert k.progress == r.progress, when
        assert (k.game_over, k.winner) == (r.game_over, r.winner), f"{when}: the game's end"
        assert k.next_damage_step() == r.next_damage_step(), f"{when}: next damage step"

    # ----- plain views for the strategies -----

    def plain_board(self) -> dict[str, Any]:
        r = self.reference
        board = dict(self.board)
        board["creatures"] = [
            {**spec, "tapped": r.creature(i).tapped}
            for i, spec in enumerate(self.board["creatures"])
        ]
        board["planeswalkers"] = [
            {**spec, "on_battlefield": r.planeswalkers[i].on_battlefield}
            for i, spec in enumerate(self.board["planeswalkers"])
        ]
        return board

    def plain_state(self) -> dict[str, Any]:
        return scenarios.plain_state(self.reference, self.board)

    def universe(self) -> list[tuple[str, int]]:
        return scenarios.universe(self.board)

    # ----- changes between steps -----

    def apply(self, change: dict[str, Any]) -> None:
        kind = change["change"]
        if kind == "deal_damage":
            source, recipient, amount = change["source"], change["recipient"], change["amount"]
            other = change.get("other_source")
            if other is not None:
                kinds = [k for k in ("infect", "wither") if k in other["keywords"]]
                event(f"damage from a DamageSource {' and '.join(kinds) or 'without either'}")

            def deal(engine: Any) -> Any:
                if other is None:
                    return engine.deal_damage(source, recipient, amount)
                dealer = (_core.DamageSource if engine is self.kernel else ReferenceSource)(
                    other["controller"], other["keywords"]
                )
                return engine.deal_damage(dealer, recipient, amount)

            self.both(f"deal_damage({other or source}, {recipient}, {amount})", deal)
            return
        if kind == "poison":
            event("poison counters set" + (" to ten or more" if change["count"] >= 10 else ""))
            for engine in (self.kernel, self.reference):
                engine.set_poison(change["player"], change["count"])
            self.check_state(f"after {change}")
            return
        if kind == "life_rules":
            for engine in (self.kernel, self.reference):
                engine.set_life_rules(
                    change["player"],
                    can_gain_life=change["can_gain_life"],
                    can_lose_life=change["can_lose_life"],
                )
                engine.set_counter_rules(change["player"], can_get_poison=change["can_get_poison"])
            self.check_state(f"after {change}")
            return
        i = change["creature"]
        current = self.reference.creature(i)
        if kind in ("grant", "lose"):
            changed = set(current.keywords)
            changed = changed | set(change["keywords"]) if kind == "grant" else changed
            changed = changed - set(change["keywords"]) if kind == "lose" else changed
            self.kernel.update_creature(i, keywords=mask(changed))
            self.reference.update_creature(i, keywords=changed)
        elif kind in ("add_counter", "remove_counter"):
            counters = set(current.keyword_counters)
            if kind == "add_counter":
                counters.add(change["keyword"])
            else:
                counters.discard(change["keyword"])
            self.kernel.update_creature(i, keyword_counters=mask(counters))
            self.reference.update_creature(i, keyword_counters=counters)
        elif kind == "pump":
            power = current.power + change["power"]
            toughness = current.toughness + change["toughness"]
            self.kernel.update_creature(i, power=power, toughness=toughness)
            self.reference.update_creature(i, power=power, toughness=toughness)
        elif kind in ("tap", "untap"):
            self.kernel.update_creature(i, tapped=kind == "tap")
            self.reference.update_creature(i, tapped=kind == "tap")
        elif kind == "remove_from_combat":
            self.kernel.remove_from_combat(i)
            self.reference.remove_from_combat(i)
        elif kind == "leave_battlefield":
            self.kernel.leave_battlefield(i)
            self.reference.leave_battlefield(i)
        else:  # pragma: no cover - a strategy this test doesn't know
            raise AssertionError(kind)
        self.check_state(f"after {change}")


def _changed_damage(
    assigned: dict[tuple[int, Any], int], universe: list[Any], creatures: int
) -> st.SearchStrategy[list[tuple[int, Any, int]]]:
    """Amounts dealt instead of the assigned damage, as replacement and
    prevention effects make them (from none to more than double), and now
    and then an entry that names no assigned damage, a negative amount or
    the same damage twice (bad input both engines must refuse alike)."""
    valid = [
        st.tuples(st.just(source), st.just(recipient), st.integers(0, 2 * amount + 1))
        for (source, recipient), amount in assigned.items()
    ]
    invalid = st.tuples(
        st.integers(0, max(creatures - 1, 0)), st.sampled_from(universe), st.integers(-1, 3)
    )
    entry = st.one_of(*valid, invalid) if valid else invalid
    return st.lists(entry, max_size=4)


def _changes(data: st.DataObject, engines: Engines, label: str) -> list[dict[str, Any]]:
    """Changes between steps; now and then with poison, life rules and
    damage from sources that aren't creatures of the combat."""
    state = engines.plain_state()
    changes = data.draw(mst.between_steps_changes(state), label=label)
    if data.draw(st.sampled_from([False, True, False]), label=f"{label}: counters?"):
        changes += data.draw(mst.counter_changes(state), label=f"{label}: counters")
    return changes


@given(st.data())
def test_kernel_and_reference_agree_on_random_combats(data: st.DataObject) -> None:
    board = data.draw(mst.combat_boards(), label="board")
    if data.draw(st.booleans(), label="infect and wither?"):
        # 702.80, 702.90: some creatures with them, some with -1/-1 counters.
        for creature in board["creatures"]:
            extra = data.draw(st.sampled_from([(), (), ("infect",), ("wither",)]), label="keyword")
            creature["keywords"] = sorted({*creature["keywords"], *extra})
            creature["counters"] = data.draw(mst.counter_status(), label="counters")
    engines = Engines(board)

    attacks = data.draw(mst.attack_declarations(board), label="attacks")
    declared, _ = engines.both(
        f"declare_attackers({attacks})", lambda e: e.declare_attackers(0, attacks)
    )
    if not declared:
        return

    if data.draw(st.sampled_from([False] * 5 + [True]), label="changes before blocks?"):
        # Something happens in the declare attackers step, such as a
        # planeswalker being dealt damage (506.4c).
        for change in _changes(data, engines, "changes"):
            engines.apply(change)
        engines.both("state-based actions", lambda e: e.check_state_based_actions())

    attacking = [(a, t) for a, t in attacks if engines.reference.is_attacking(a)]
    blocks = data.draw(mst.block_declarations(engines.plain_board(), attacking), label="blocks")
    declared, _ = engines.both(f"declare_blockers({blocks})", lambda e: e.declare_blockers(blocks))
    if not declared:
        engines.both("declare_blockers([])", lambda e: e.declare_blockers([]))

    for step in range(3):
        if data.draw(st.sampled_from([False, False, False, True]), label="regenerate?"):
            # A regeneration ability resolves (701.19a): one more shield.
            alive = [
                i
                for i in range(len(board["creatures"]))
                if engines.reference.creature(i).on_battlefield
            ]
            if alive:
                i = data.draw(st.sampled_from(alive), label="regenerated")
                shields = engines.reference.creature(i).regeneration_shields + 1
                engines.kernel.update_creature(i, regeneration_shields=shields)
                engines.reference.update_creature(i, regeneration_shields=shields)
                engines.check_state(f"regenerate {i}")
        if step > 0 or data.draw(st.booleans(), label="changes before the first step?"):
            changes = _changes(data, engines, f"changes {step}")
            for change in changes:
                engines.apply(change)
            engines.both("state-based actions", lambda e: e.check_state_based_actions())
        if engines.reference.next_damage_step() is None:
            break
        options = engines.reference.assignment_options()
        assignments = data.draw(
            mst.damage_assignments(options, engines.universe(), len(board["creatures"])),
            label=f"assignments {step}",
        )
        # Sometimes the caller performs the state-based actions itself, after
        # changing characteristics (704.3).
        later = data.draw(st.sampled_from([False, False, True, False]), label="sba later?")
        if data.draw(st.sampled_from([False, False, True]), label="changed damage?"):
            # The step in two calls, with some of the assigned damage
            # changed between them (614.1a, 615.1).
            later = True
            resolved, _ = engines.both(
                f"assign_damage_step({assignments})",
                lambda e, chosen=assignments: e.assign_damage_step(chosen),
            )
            if resolved and data.draw(st.sampled_from([False, False, True]), label="interrupt?"):
                # 510.2: a change between assigning and dealing voids the
                # assignment; both must refuse to deal it.
                for change in _changes(data, engines, "interruption")[:1]:
                    engines.apply(change)
                    dealt, _ = engines.both(
                        "deal_assigned_damage() after a change", lambda e: e.deal_assigned_damage()
                    )
                    assert not dealt
                    resolved = False
            if resolved:
                assert engines.reference.assigned is not None
                _, assigned = engines.reference.assigned
                changed = data.draw(
                    _changed_damage(assigned, engines.universe(), len(board["creatures"])),
                    label=f"changed {step}",
                )
                dealt, _ = engines.both(
                    f"deal_assigned_damage({changed})",
                    lambda e, chosen=changed: e.deal_assigned_damage(chosen),
                )
                if not dealt:
                    engines.both("deal_assigned_damage()", lambda e: e.deal_assigned_damage())
        else:
            resolved, _ = engines.both(
                f"resolve_damage_step({assignments}, state_based_actions={not later})",
                lambda e, chosen=assignments, now=not later: e.resolve_damage_step(
                    chosen, state_based_actions=now
                ),
            )
        if resolved and later:
            for change in _changes(data, engines, f"changes after {step}"):
                engines.apply(change)
            engines.both("state-based actions", lambda e: e.check_state_based_actions())
        if not resolved:
            resolved, _ = engines.both(
                "resolve_damage_step() by default", lambda e: e.resolve_damage_step()
            )
            assert resolved, "the default assignment must be legal"

    # No combat damage step remains (510.4).
    resolved, _ = engines.both("one step too many", lambda e: e.resolve_damage_step())
    assert not resolved
