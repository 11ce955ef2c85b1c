"""A TOML data file's contents, parsed once per change of the file rather than once per process.

The lexicon's files (some 25, pure-Python TOML) were parsed again by every start. What a file
parses to is kept where Python keeps bytecode (``__pycache__`` beside it) and, like bytecode, used
only while the file is unchanged (its size and modification time); otherwise it is parsed again
(a broken file fails as it always did: tomllib.TOMLDecodeError). Nothing is written where
bytecode is not either (PYTHONDONTWRITEBYTECODE); a cache that cannot be read or written, or a
value marshal cannot keep (a TOML date), only means the file is parsed.
"""

from __future__ import annotations

import marshal
import os
import sys
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

_FORMAT = 1
T = TypeVar("T")
# The stamp (size, modification time) each file had when this process read it (read_toml): what
# is built from what was read stamps it so. A process that read a file before it was changed and
# builds from it later (an automaton made lazily, a deploy replacing the files while it runs) must
# not keep what it built under the new file's stamp, where the next process would take it for
# the new file's and read with the old words.
_READ: dict[str, tuple[int, int]] = {}


def kept_beside_bytecode(cached: Path, stamp: object, compute: Callable[[], T]) -> T:
    """``compute()``, or what it gave last time when ``cached`` holds it under the same ``stamp``
    (what it was computed from: sizes, modification times). Written like bytecode: whole or not
    at all (a rename), and not under PYTHONDONTWRITEBYTECODE; a cache that cannot be read or
    written, or a value marshal cannot keep, only means ``compute`` runs."""
    try:
        found_stamp, value = marshal.loads(cached.read_bytes())  # noqa: S302 - as trusted as the .pyc beside it
        if found_stamp == stamp:
            return cast(T, value)
    except (OSError, EOFError, ValueError, TypeError):
        pass
    value = compute()
    if not sys.dont_write_bytecode:
        try:
            cached.parent.mkdir(exist_ok=True)
            partial = cached.with_name(f"{cached.name}.{os.getpid()}")
            partial.write_bytes(marshal.dumps(cast(Any, (stamp, value))))
            os.replace(partial, cached)  # whole or not at all, whoever else writes it
        except (OSError, ValueError):
            pass
    return value


def built_beside_bytecode(
    name: str, sources: Callable[[], Sequence[Path]], build: Callable[[], T], *, plain: bool = False
) -> T:
    """``build()`` (something pickle keeps: an Aho-Corasick automaton), kept pickled as ``name``
    in the ``__pycache__`` beside the first of ``sources()`` (every file it is made from: data,
    code, the library it pickles) while each is as it was (size, modification time); otherwise
    made again. A source not on disk (a zip) means it is made each time; a kept value that does
    not unpickle, that it is made again. ``plain``: ``build()`` gives what marshal keeps itself
    (strings, tuples, dicts, sets), kept without pickle."""
    try:
        files = sources()
        stamp = (_FORMAT, tuple((str(p), *(_READ.get(str(p)) or _size_and_time(p))) for p in files))
    except OSError:  # a file not on disk (a zip): nothing to stamp, made each time
        return build()
    cached = files[0].parent / "__pycache__" / f"{name}.{sys.implementation.cache_tag}.marshal"
    if plain:  # strings, numbers, tuples, dicts and sets only: marshal reads them back ~5x faster
        return kept_beside_bytecode(cached, stamp, build)
    import pickle  # not for a plain value: importing it takes 2 ms

    kept = kept_beside_bytecode(cached, stamp, lambda: pickle.dumps(build()))
    try:
        return cast(T, pickle.loads(kept))  # noqa: S301 - as trusted as the .pyc beside it
    except Exception:  # a cache of something else under the right stamp
        return build()


def _size_and_time(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_size, st.st_mtime_ns


def read_toml(file: object) -> dict[str, Any]:
    """``tomllib.loads`` of ``file`` (a Path, or any importlib.resources Traversable)."""
    if not isinstance(file, Path):  # e.g. a file inside a zip: nothing to stamp or write beside
        return tomllib.loads(file.read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    try:
        st = file.stat()
    except OSError:
        return tomllib.loads(file.read_text(encoding="utf-8"))
    stamp = (_FORMAT, st.st_size, st.st_mtime_ns)
    _READ[str(file)] = (st.st_size, st.st_mtime_ns)  # stamped before it is read: a change after it is seen
    cached = file.parent / "__pycache__" / f"{file.name}.{sys.implementation.cache_tag}.marshal"
    value = kept_beside_bytecode(cached, stamp, lambda: tomllib.loads(file.read_text(encoding="utf-8")))
    if not isinstance(value, dict):  # a cache of something else under the right stamp
        return tomllib.loads(file.read_text(encoding="utf-8"))
    return value
