"""Turn structure (500–514): phases and steps in order, and phases that
effects add (500.8)."""

from __future__ import annotations

from dataclasses import dataclass, field

#: The steps of each kind of phase (501.1, 506.1, 512.1); a main phase has none.
PHASE_STEPS: dict[str, tuple[str, ...]] = {
    "beginning": ("untap", "upkeep", "draw"),
    "main": (),
    "combat": (
        "beginning_of_combat",
        "declare_attackers",
        "declare_blockers",
        "combat_damage",
        "end_of_combat",
    ),
    "ending": ("end", "cleanup"),
}

#: The phases of a turn, in order (500.1).
TURN_PHASES: tuple[str, ...] = ("beginning", "main", "combat", "main", "ending")


@dataclass
class Phase:
    kind: str
    additional: bool = False
    #: Its steps, when an effect has added steps to it (500.9); otherwise
    #: the steps of its kind.
    steps: list[str] | None = None

    def step_names(self) -> tuple[str, ...]:
        return tuple(self.steps) if self.steps is not None else PHASE_STEPS[self.kind]


@dataclass
class Turn:
    """Where the game is within the current turn."""

    active_player: str
    phases: list[Phase] = field(default_factory=lambda: [Phase(kind) for kind in TURN_PHASES])
    phase_index: int = 0
    step_index: int = 0
    #: Every phase and step entered this turn, in order, by name.
    history: list[str] = field(default_factory=list)

    @property
    def phase(self) -> Phase:
        return self.phases[self.phase_index]

    @property
    def step(self) -> str | None:
        steps = self.phase.step_names()
        return steps[self.step_index] if steps else None

    def main_phase_number(self) -> int:
        """1 for the first main phase of the turn, 2 for the next, ..."""
        return sum(1 for phase in self.phases[: self.phase_index + 1] if phase.kind == "main")

    @property
    def position(self) -> str:
        """The current phase or step by name. Only the first main phase is
        the precombat main phase (505.1a)."""
        if self.phase.kind == "main":
            return "precombat_main" if self.main_phase_number() == 1 else "postcombat_main"
        step = self.step
        assert step is not None
        return step

    def is_main_phase(self) -> bool:
        return self.phase.kind == "main"

    def in_combat(self) -> bool:
        return self.phase.kind == "combat"

    def combat_phase_number(self) -> int:
        return sum(1 for phase in self.phases[: self.phase_index + 1] if phase.kind == "combat")

    def add_phases_after_current(self, kinds: list[str]) -> None:
        """Adds phases directly after the current phase, in the given order
        (500.8: the most recently created comes first, so a later call's
        phases come before an earlier call's)."""
        for offset, kind in enumerate(kinds, start=1):
            self.phases.insert(self.phase_index + offset, Phase(kind, additional=True))

    def add_steps_after_current(self, steps: list[str]) -> None:
        """500.9: adds steps to the current phase directly after the current
        step, in the given order; steps added later by another effect come
        before them (the most recently created occurs first)."""
        names = list(self.phase.step_names())
        for offset, step in enumerate(steps, start=1):
            names.insert(self.step_index + offset, step)
        self.phase.steps = names

    def next_position(self) -> tuple[int, int] | None:
        """The phase and step index after the current one, or ``None`` at
        the end of the turn."""
        steps = self.phase.step_names()
        if self.step_index + 1 < len(steps):
            return self.phase_index, self.step_index + 1
        if self.phase_index + 1 < len(self.phases):
            return self.phase_index + 1, 0
        return None

    def move_to(self, phase_index: int, step_index: int) -> None:
        self.phase_index = phase_index
        self.step_index = step_index
        self.history.append(self.position)

    def skip_to_step(self, step: str) -> None:
        """Moves within the current phase to ``step`` without entering the steps
        between (508.8: skipped steps)."""
        self.step_index = self.phase.step_names().index(step)
        self.history.append(self.position)

    def start_at(self, position: str) -> None:
        """Places the game at a position in a fresh turn, as a scenario's setup does."""
        for phase_index, phase in enumerate(self.phases):
            steps = phase.step_names()
            if phase.kind == "main":
                self.phase_index, self.step_index = phase_index, 0
                if self.position == position:
                    self.history.append(position)
                    return
            elif position in steps:
                self.phase_index, self.step_index = phase_index, steps.index(position)
                self.history.append(position)
                return
        raise ValueError(f"no position {position!r} in a turn")
