"""What the composition root provides and skills build themselves from.

A skill's factory asks for the ports it needs by key (``services.get(CLOCK)``); the composition
root provides each implementation once (``services.provide(CLOCK, SystemClock())``). A new skill
with a new repository declares its port and its key beside it and asks for it: no edit to the
engine or to another skill. Keys are typed objects rather than the port classes themselves, so
a Protocol can be asked for and the answer is typed (``services.get(SECRET_BOX)`` is a SecretBox).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
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
        self._later: dict[str, Callable[[], object]] = {}  # "module:NAME" of a key -> its maker

    def provide(self, key: ServiceKey[T], service: T) -> Services:
        """Provide ``service`` under ``key`` (once); returns self so calls can be chained."""
        if key in self._provided:
            raise ValueError(f"{key.name} is already provided")
        self._provided[key] = service
        return self

    def provide_later(self, key: str, make: Callable[[], object]) -> Services:
        """Provide ``make()`` under the key named ``key`` ("core.trading.service:TRADING"), made
        when it is first asked for.

        A key is named rather than held so that the composition root need not import the
        key's module (with the models it declares ports over): whoever asks for the service holds
        the key, so its module is loaded by then, and a process that never asks never loads it.
        A `deskmate ask` about a price loaded every skill's ports and models for their keys."""
        module, _, name = key.partition(":")
        if not module or not name:
            raise ValueError(f"{key!r} names no key: 'module:NAME'")
        if key in self._later:
            raise ValueError(f"{key} is already provided")
        self._later[key] = make
        return self

    def get(self, key: ServiceKey[T]) -> T:
        """The service under ``key``; MissingService names it when it was not provided."""
        if key not in self._provided and not self._made_later(key):
            raise MissingService(f"no service provides {key.name}")
        return cast(T, self._provided[key])

    def find(self, key: ServiceKey[T]) -> T | None:
        """The service under ``key``, or None for an optional one that was not provided."""
        if key not in self._provided and not self._made_later(key):
            return None
        return cast(T, self._provided[key])

    def _made_later(self, key: ServiceKey[Any]) -> bool:
        """Whether ``key`` names a service provided later, now made and provided."""
        for where, make in self._later.items():
            module, _, name = where.partition(":")
            held = sys.modules.get(module)
            if held is not None and getattr(held, name, None) is key:
                del self._later[where]
                self.provide(key, make())
                return True
        return False


# The core's own ports. Skill-specific ones live beside their ports.
CLOCK: Final = ServiceKey[Clock]("clock")
MARKET: Final = ServiceKey[MarketData]("market data")
CATALOG: Final = ServiceKey[MarketCatalog]("market catalog")
# Optional: where the catalog is refreshed from and cached (a live market only; demo has neither).
CATALOG_SOURCE: Final = ServiceKey[CatalogSource]("market catalog source")
CATALOG_STORE: Final = ServiceKey[CatalogStore]("market catalog store")
CHARTS: Final = ServiceKey[ChartRenderer]("chart renderer")  # optional: without it, no charts
