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
                game.note(raised.rule, f"illegal: {raised}")
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


def main() -> int:
    """``mtgjudge engine``: serves the model on stdin and stdout."""
    from mtgjudge.protocol.serve import serve

    return serve(ModelEngine())
