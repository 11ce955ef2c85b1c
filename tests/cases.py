"""``@each``: ``pytest.mark.parametrize``'s cases run in one test, each still checked and each
failure named.

A test item costs about as much as reading a message: it is collected in every xdist worker,
run through pytest's protocol and reported to the controller (about 4 ms of CPU in ``make unit``,
four workers). A table of a hundred phrasings, each read in a millisecond or two, spent most of its
time being a hundred items. ``@each(names, values, ids=None)`` takes parametrize's arguments; the
test runs every case, even after one fails, and fails once naming each failing case with its
values (or id), its message and the line that failed.

For a test of its cases only (no fixture: a fixture would be one for every case). Stacked, the
cases are every combination, as stacked parametrize makes them. Called with a case's values (a
test calling another), the test is run for that case alone, as the undecorated one was.
"""

from __future__ import annotations

import functools
import inspect
import traceback
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

F = TypeVar("F", bound=Callable[..., Any])
ParameterSet = type(pytest.param())  # what pytest.param makes
_HERE = __file__


class CasesFailed(pytest.fail.Exception):  # type: ignore[name-defined,misc]
    """Every failing case of a test, each with its message (an outer ``@each`` lists its own).
    Reported as ``pytest.fail(…, pytrace=False)`` is: the message, no traceback of this module."""

    def __init__(self, failures: list[str], total: int) -> None:
        self.failures = failures
        super().__init__(f"{len(failures)} of {total} cases fail:\n" + "\n".join(failures), pytrace=False)


def _names(argnames: str | Sequence[str]) -> list[str]:
    if isinstance(argnames, str):
        return [name.strip() for name in argnames.split(",") if name.strip()]
    return list(argnames)


def _where(error: BaseException, test: Callable[..., Any]) -> str:
    """The test's line that failed, and the last line run when that is elsewhere (a helper)."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename != _HERE]
    own = [f for f in frames if f.filename == test.__code__.co_filename]
    lines = [f for f in (own[-1] if own else None, frames[-1] if frames else None) if f is not None]
    shown = dict.fromkeys(f"{Path(f.filename).name}:{f.lineno}" for f in lines)
    return f" ({', '.join(shown)})" if shown else ""


def _failure(label: str, error: BaseException, test: Callable[..., Any]) -> list[str]:
    if isinstance(error, CasesFailed):  # an inner @each: its cases, under this one's label
        return [f"{label} {inner}" for inner in error.failures]
    message = str(error).strip() or type(error).__name__
    if not isinstance(error, AssertionError):
        message = f"{type(error).__name__}: {message}"
    return [f"{label}{_where(error, test)}\n    " + message.replace("\n", "\n    ")]


def each(
    argnames: str | Sequence[str], argvalues: Iterable[Any], *, ids: Sequence[str] | None = None
) -> Callable[[F], F]:
    names = _names(argnames)
    values = list(argvalues)
    if any(isinstance(v, ParameterSet) for v in values):
        raise TypeError(f"each({names}): a pytest.param (its marks, its id) is parametrize's, not each's")
    cases = [tuple(v) if len(names) > 1 else (v,) for v in values]
    if any(len(case) != len(names) for case in cases):
        raise TypeError(f"each({names}): a case has not one value per name")
    labels = list(ids) if ids is not None else [repr(c[0]) if len(c) == 1 else repr(c) for c in cases]
    if len(labels) != len(cases):
        raise TypeError(f"each({names}): {len(labels)} ids for {len(cases)} cases")

    def decorate(test: F) -> F:
        signature = inspect.signature(test)
        if inspect.iscoroutinefunction(test):
            raise TypeError(f"{test.__name__}: @each takes a test that is not async")
        if missing := [name for name in names if name not in signature.parameters]:
            raise TypeError(f"{test.__name__}: @each names {missing}, not its parameters")
        # An outer @each's names (stacked): passed through; there is nothing else to pass.
        rest = [p for name, p in signature.parameters.items() if name not in names]
        names_given = frozenset(names)

        @functools.wraps(test)
        def run_every_case(*args: Any, **outer: Any) -> None:
            if args or not names_given.isdisjoint(outer):  # called with a case: that case alone
                test(*args, **outer)
                return
            failures: list[str] = []
            for label, case in zip(labels, cases, strict=True):
                try:
                    test(**outer, **dict(zip(names, case, strict=True)))
                except (Exception, pytest.fail.Exception) as error:
                    failures += _failure(label, error, inspect.unwrap(test))
            if failures:
                raise CasesFailed(failures, len(cases) * getattr(test, "each_count", 1))

        run_every_case.__signature__ = signature.replace(parameters=rest)  # type: ignore[attr-defined]
        run_every_case.each_count = len(cases) * getattr(test, "each_count", 1)  # type: ignore[attr-defined]
        return run_every_case  # type: ignore[return-value]

    return decorate
