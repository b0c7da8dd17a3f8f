"""mtgjudge's own game model as an engine of the protocol: the first engine
the harness checks. ``mtgjudge check`` runs it in-process; ``mtgjudge
engine`` serves it on stdin and stdout, as any other engine would be run."""

from __future__ import annotations

from importlib import metadata
from typing import Any

from mtgjudge.errors import IllegalActionError, MtgJudgeError
from mtgjudge.model.actions import take_action
from mtgjudge.model.game import Game
from mtgjudge.model.observe import observe
from mtgjudge.model.setup import build_game
from mtgjudge.protocol.faults import FAULTS
from mtgjudge.protocol.vocabulary import ACTIONS, OBSERVATIONS, PROTOCOL_VERSION, SETUP_FEATURES


def fault_of(error: IllegalActionError) -> str:
    """The protocol's name for the fault of a refusal."""
    fault = f"{error.category}:{error.fault}"
    if fault not in FAULTS:
        raise AssertionError(f"the model refused with {fault!r}, which isn't in the list of faults")
    return fault


def _trace(game: Game) -> list[dict[str, Any]]:
    return [{"rule": entry.rule, "text": entry.text} for entry in game.trace]


class ModelEngine:
    """Our game model, speaking the protocol in-process."""

    def hello(self) -> dict[str, Any]:
        try:
            version = metadata.version("mtgjudge")
        except metadata.PackageNotFoundError:  # pragma: no cover - run from a bare checkout
            version = "0.0.0"
        return {
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "engine": {"name": "mtgjudge", "version": version},
            "supports": {
                "features": "all",
                "actions": list(ACTIONS),
                "setup": list(SETUP_FEATURES),
                "observations": list(OBSERVATIONS),
            },
        }

    def run(self, probe: dict[str, Any]) -> dict[str, Any]:
        probe_id = probe["id"]
        try:
            initial = observe(build_game(probe["setup"]), probe["observe"])
            game = build_game(probe["setup"])
        except MtgJudgeError as problem:
            return {"type": "error", "id": probe_id, "message": f"setup: {problem}"}
        refused = None
        for index, action in enumerate(probe["actions"]):
            ((kind, args),) = action.items()
            try:
                take_action(game, kind, args)
            except IllegalActionError as raised:
                if kind in _PROPOSALS:
                    game = _reversed(probe, index, game)
                game.note(raised.rule, f"illegal: {raised}")
                if kind in _PROPOSALS:
                    game.note("732.1", "the illegal action is reversed: the game is as it was")
                refused = {
                    "action": index,
                    "fault": fault_of(raised),
                    "rule": raised.rule,
                    "message": str(raised),
                }
                break
            except MtgJudgeError as problem:
                return {
                    "type": "error",
                    "id": probe_id,
                    "message": f"actions[{index}] ({kind}): {problem}",
                    "trace": _trace(game),
                }
        return {
            "type": "result",
            "id": probe_id,
            "initial": initial,
            "final": observe(game, probe["observe"]),
            "refused": refused,
            "trace": _trace(game),
        }

    def close(self) -> None:
        pass


#: Actions that are reversed whole when illegal (601.2e, 602.2b, 732.1).
#: The others may begin a step first (`attack`, `damage`), which the
#: illegal declaration or assignment doesn't undo (508.1, 510.1).
_PROPOSALS = frozenset({"cast", "activate"})


def _reversed(probe: dict[str, Any], index: int, game: Any) -> Any:
    """732.1, 601.2e: an illegal action is reversed, payments and all, and
    the game is as it was before it began: the same setup and the actions
    before it, taken again (the model's actions are deterministic). The
    notes of the attempt are kept, since they say why it was refused, and so
    are the total costs it determined (601.2f), which a probe may ask for."""
    again = build_game(probe["setup"])
    try:
        for action in probe["actions"][:index]:
            ((kind, args),) = action.items()
            take_action(again, kind, args)
    except MtgJudgeError:  # pragma: no cover - the same actions succeeded before
        return game
    again.trace = [*game.trace]
    again.history.total_costs = {**game.history.total_costs}
    return again


def main() -> int:
    """``mtgjudge engine``: serves the model on stdin and stdout."""
    from mtgjudge.protocol.serve import serve

    return serve(ModelEngine())
