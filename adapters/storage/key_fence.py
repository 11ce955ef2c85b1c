"""A sealed value reaches the database only under the database's current key.

The canary (adapters/storage/sealed.py) is sealed with the key every stored secret is meant to be
under, and its key id says which. A process that still seals with an older key -- one left
running through `deskmate secrets rotate` -- must not store a value that processes restarted with
the new key cannot open. So every write of a sealed value checks, in its own transaction and after
its write, that each sealed value it stores carries the canary's key id, and otherwise raises
SecretKeyChanged, which rolls the write back: refused and said, never stored and lost.

Against a rotation (which switches the canary first, then re-seals the rows): on SQLite the check
runs after the transaction's first write, so it holds the write lock and reads the newest canary;
on PostgreSQL it reads the canary FOR SHARE, so a rotation's switch waits for the writer's commit
(and then re-seals what it wrote), or the writer waits for the switch and sees it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from sqlalchemy import text
from sqlalchemy.engine import Connection

from core.secrets import FERNET_PREFIX, SEALED_PREFIX, SecretKeyChanged, is_sealed, sealed_key_id

_CANARY = "SELECT sealed FROM secret_canary WHERE id = 1"


def sealed_in(value: object) -> list[str]:
    """Every sealed value in ``value``: a sealed string, JSON text holding some, or a container."""
    if isinstance(value, str):
        if is_sealed(value):
            return [value]
        if value[:1] in ("{", "[") and (SEALED_PREFIX in value or FERNET_PREFIX in value):
            try:
                return sealed_in(json.loads(value))
            except ValueError:
                return []
        return []
    if isinstance(value, Mapping):
        return [t for v in value.values() for t in sealed_in(v)]
    if isinstance(value, list | tuple):
        return [t for v in value for t in sealed_in(v)]
    return []


def current_key_id(conn: Connection, *, share: bool = False) -> str | None:
    """The id of the key the database's secrets are under (its canary's); None when there is no
    canary yet or it is of before key ids."""
    sql = _CANARY + (" FOR SHARE" if share and conn.dialect.name == "postgresql" else "")
    canary = conn.execute(text(sql)).scalar()
    return sealed_key_id(canary) if isinstance(canary, str) else None


def check_sealed_write(conn: Connection, *values: object) -> None:
    """SecretKeyChanged when a sealed value in ``values`` is not under the database's key; call
    it inside the writing transaction, after its write."""
    tokens = sealed_in(values)
    if not tokens:
        return
    current = current_key_id(conn, share=True)
    if current is None:  # no key checked into this database yet: nothing to hold a write to
        return
    if any(sealed_key_id(t) != current for t in tokens):
        raise SecretKeyChanged(
            "stored secrets are now under another key (a rotation ran); restart with the new key"
        )
