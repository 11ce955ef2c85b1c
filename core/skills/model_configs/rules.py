"""The model config skill's routing rule: the workspace readings about model configs."""

from __future__ import annotations

from core.routing.router import Route
from core.workspace.reading import read

SKILL = "model_management"
ACTIONS_EMITTED = frozenset({"create", "update", "delete", "query"})


class ModelConfigRule:
    def route(self, text: str) -> Route | None:
        reading = read(text)
        if reading is None or reading.problem or reading.domain != "model":
            return None
        return Route(SKILL, reading.action, reading.slots)
