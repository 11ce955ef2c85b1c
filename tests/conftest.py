"""Test tiers: every collected test gets exactly the markers of what it needs to run.

- ``unit``: nothing but this process (memory stores, fakes, local servers on 127.0.0.1).
  The fast tier: ``make unit``.
- ``storage``: a real database file or server (everything under tests/storage, and every test
  parametrized over a database backend).
- ``postgres``: a PostgreSQL server (a ``postgresql`` backend parameter, or a ``pg_*`` fixture);
  also ``storage``.
- ``process``: starts other Python processes (``deskmate`` CLI runs, reliability workers, races
  between processes). Marked in the test module (``pytestmark``) or on the test; checked below.

The tiers are decided here, once, from where a test lives and what it asks for, so a new test
lands in the right tier without remembering a marker, except ``process``, which a test declares:
a test outside that tier that starts a Python process fails and says to mark it.
"""

from __future__ import annotations

import multiprocessing.process
import subprocess
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

pytest_plugins = ("pytester",)  # tests/test_tiers.py runs small suites under these rules

TIERS = ("unit", "storage", "postgres", "process")
STORAGE_DIRS = frozenset({"storage"})  # tests/<dir>/: every test there is a storage test
BACKENDS = frozenset({"sqlite", "postgresql"})
TESTS = Path(__file__).parent


def tiers_of(item: pytest.Item) -> set[str]:
    tiers = {mark.name for mark in item.iter_markers() if mark.name in TIERS}
    path = item.path
    if path.is_relative_to(TESTS) and path.relative_to(TESTS).parts[0] in STORAGE_DIRS:
        tiers.add("storage")
    callspec = getattr(item, "callspec", None)
    params = {v for v in callspec.params.values() if isinstance(v, str)} if callspec else set()
    fixtures = set(getattr(item, "fixturenames", ()))
    if "postgresql" in params or any(name.startswith("pg_") for name in fixtures):
        tiers |= {"postgres", "storage"}
    elif params & BACKENDS:
        tiers.add("storage")
    return tiers or {"unit"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for tier in tiers_of(item) - {mark.name for mark in item.iter_markers()}:
            item.add_marker(tier)
    # The process tier first (each test otherwise in collection order): its ~120 tests are half
    # the suite's time, and last in a module's order they were the run's tail, one worker on one
    # slow test while the other idled. First, the workers (`--dist worksteal`: each a block of
    # the list, the idle one taking the end of the other's) share them early and end on fast ones.
    items.sort(key=lambda item: item.get_closest_marker("process") is None)


# -- the process tier is declared: a test that starts a Python process without it fails -----------

_spawned: list[str] = []  # the Python processes started since the current test began
_popen_init = subprocess.Popen.__init__
_process_start = multiprocessing.process.BaseProcess.start


def _counting_popen_init(self: subprocess.Popen[Any], args: Any, *rest: Any, **kwargs: Any) -> None:
    argv = [args] if isinstance(args, str | bytes) else list(args)
    if argv and str(argv[0]) == sys.executable:  # not a helper tool a library runs (fc-list, …)
        _spawned.append(" ".join(str(a) for a in argv[:3]))
    _popen_init(self, args, *rest, **kwargs)


def _counting_process_start(self: multiprocessing.process.BaseProcess) -> None:
    _spawned.append(f"multiprocessing {self.name}")
    _process_start(self)


subprocess.Popen.__init__ = _counting_popen_init  # type: ignore[method-assign]
multiprocessing.process.BaseProcess.start = _counting_process_start  # type: ignore[method-assign]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None]:
    _spawned.clear()
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None]:
    result = yield
    if _spawned and item.get_closest_marker("process") is None:
        pytest.fail(
            f"this test started a Python process ({_spawned[0]}) but is not in the process tier: "
            "add `pytestmark = pytest.mark.process` to its module or @pytest.mark.process to it",
            pytrace=False,
        )
    return result
