"""The model config skill's routing rule: the workspace readings about model configs."""

from __future__ import annotations

from core.language.tagger import Reading
from core.routing.router import Route, RouteContext
from core.workspace.reading import read

SKILL = "model_management"


class ModelConfigRule:
    def route_reading(self, reading: Reading, context: RouteContext) -> Route | None:
        """The layer's reading: their model configs' names in it are read whole."""
        return self.route(reading.norm.original, tuple(reading.values("own.model")))

    def route(self, text: str, own: tuple[str, ...] = ()) -> Route | None:
        reading = read(text, own)
        if reading is None or reading.problem or reading.domain != "model":
            return None
        return Route(SKILL, reading.action, reading.slots)
