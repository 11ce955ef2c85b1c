"""What the composition root provides and skills build themselves from.

A skill's factory asks for the ports it needs by key (``services.get(CLOCK)``); the composition
root provides each implementation once (``services.provide(CLOCK, SystemClock())``). A new skill
with a new repository declares its port and its key beside it and asks for it: no edit to the
engine or to another skill. Keys are typed objects rather than the port classes themselves, so
a Protocol can be asked for and the answer is typed (``services.get(SECRET_BOX)`` is a SecretBox).
"""

from __future__ import annotations

from typing import Any, Final, Generic, TypeVar, cast

from core.clock import Clock
from core.market import MarketData
from core.markets import CatalogSource, CatalogStore, MarketCatalog
from core.ports import ChartRenderer

T = TypeVar("T")


class ServiceKey(Generic[T]):
    """The typed name of one provided service (usually a port)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"ServiceKey({self.name!r})"


class MissingService(LookupError):
    """A skill asked for a service the composition root did not provide."""


class Services:
    """The services of one process (or one test), looked up by key."""

    def __init__(self) -> None:
        self._provided: dict[ServiceKey[Any], object] = {}

    def provide(self, key: ServiceKey[T], service: T) -> Services:
        """Provide ``service`` under ``key`` (once); returns self so calls can be chained."""
        if key in self._provided:
            raise ValueError(f"{key.name} is already provided")
        self._provided[key] = service
        return self

    def get(self, key: ServiceKey[T]) -> T:
        """The service under ``key``; MissingService names it when it was not provided."""
        try:
            return cast(T, self._provided[key])
        except KeyError:
            raise MissingService(f"no service provides {key.name}") from None

    def find(self, key: ServiceKey[T]) -> T | None:
        """The service under ``key``, or None for an optional one that was not provided."""
        return cast(T | None, self._provided.get(key))


# The core's own ports. Skill-specific ones live beside their ports.
CLOCK: Final = ServiceKey[Clock]("clock")
MARKET: Final = ServiceKey[MarketData]("market data")
CATALOG: Final = ServiceKey[MarketCatalog]("market catalog")
# Optional: where the catalog is refreshed from and cached (a live market only; demo has neither).
CATALOG_SOURCE: Final = ServiceKey[CatalogSource]("market catalog source")
CATALOG_STORE: Final = ServiceKey[CatalogStore]("market catalog store")
CHARTS: Final = ServiceKey[ChartRenderer]("chart renderer")  # optional: without it, no charts
