"""The functions ``dataclasses`` writes for each class (``__init__``, ``__repr__``, ``__eq__``...),
compiled once per change of their text rather than once per process.

For every dataclass the standard library writes the source of its methods and compiles it with
``exec``: some 1,000 small functions for the 185 classes a `deskmate ask` imports (its own and
its libraries'), about 15% of the command's CPU time (issue 23). The code objects depend only on
their source text and the interpreter, so, like bytecode, they are kept in ``__pycache__``
beside this module (marshal, the interpreter's own format, under its version) and looked up by
their exact text: ``exec`` then runs the same code it would have compiled. Nothing is written where
bytecode is not either (PYTHONDONTWRITEBYTECODE); a cache that cannot be read or written only
means the functions are compiled as before.

Only deskmate's own process installs it (``bot.cli.main`` with no ``argv``), before anything
that defines dataclasses is imported.
"""

from __future__ import annotations

import dataclasses
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any, cast

_FORMAT = 1
_KEPT_AT_MOST = 20_000  # more (code changed many times): only what this process used is kept


def _stamp() -> tuple[object, ...]:
    """What the kept code objects were compiled by: the same interpreter, the same -O."""
    return (_FORMAT, sys.version, sys.flags.optimize)


class DataclassCode:
    """``exec`` for the dataclasses module: a source text it compiled before runs as that code."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.known: dict[str, CodeType] = {}
        self.used: set[str] = set()
        self.compiled = 0  # sources compiled by this process (not found kept)
        self._saved = 0  # of them, kept by save() so far
        try:
            stamp, known = marshal.loads(path.read_bytes())  # noqa: S302 - as trusted as the .pyc beside it
            if stamp == _stamp() and isinstance(known, dict):
                self.known = known
        except (OSError, EOFError, ValueError, TypeError):
            pass

    def exec(self, source: Any, globals: Any = None, locals: Any = None, /, **options: Any) -> None:
        if isinstance(source, str):
            code = self.known.get(source)
            if type(code) is not CodeType:  # not kept (or a cache of something else)
                # As exec(source) compiles it in the dataclasses module: no __future__ flags.
                code = self.known[source] = compile(source, "<string>", "exec", dont_inherit=True)
                self.compiled += 1
            self.used.add(source)
            source = code
        if globals is None:  # exec's default: the caller's (the dataclasses module's) namespace
            caller = sys._getframe(1)
            globals, locals = caller.f_globals, caller.f_locals if locals is None else locals
        exec(source, globals, locals, **options)  # noqa: S102 - the dataclasses module's own exec

    def save(self) -> None:
        """Keep what was compiled (whole or not at all, like bytecode), if anything was."""
        if self.compiled == self._saved or sys.dont_write_bytecode:
            return
        known = self.known
        if len(known) > _KEPT_AT_MOST:
            known = {source: code for source, code in known.items() if source in self.used}
        try:
            self.path.parent.mkdir(exist_ok=True)
            partial = self.path.with_name(f"{self.path.name}.{os.getpid()}")
            partial.write_bytes(marshal.dumps(cast(Any, (_stamp(), known))))
            os.replace(partial, self.path)
        except (OSError, ValueError):
            pass
        self._saved = self.compiled


_INSTALLED: list[DataclassCode] = []


def install() -> DataclassCode:
    """The dataclasses module compiles through a ``DataclassCode`` from here on (once a process)."""
    if not _INSTALLED:
        name = f"dataclass_code.{sys.implementation.cache_tag}.marshal"
        codes = DataclassCode(Path(__file__).resolve().parent / "__pycache__" / name)
        dataclasses.exec = codes.exec  # type: ignore[attr-defined]  # the builtin, shadowed in that module
        _INSTALLED.append(codes)
    return _INSTALLED[0]


def compiled() -> int:
    """How many functions this process compiled for dataclasses (None installed: 0)."""
    return sum(codes.compiled for codes in _INSTALLED)


def save() -> None:
    """Keep what this process compiled (a no-op when nothing was installed or compiled)."""
    for codes in _INSTALLED:
        codes.save()
