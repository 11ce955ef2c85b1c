"""The secret box port: credentials are sealed before anything persists them.

The core encrypts every credential with a SecretBox the moment it arrives, so task slots, the
conversation state, the trace, the audit log and every repository only ever hold ciphertext.

A sealed value names the key that sealed it: ``dk1.<key id>.<Fernet token>`` (the id is a hash of
the key, never the key). Storage reads that id to refuse writing a value under a key the database
has moved away from, and a rotation to find what is still under an old key. A bare Fernet token
(sealed before key ids existed) is still a sealed value, of no known key.
"""

from __future__ import annotations

import re
from typing import Final, Protocol

from core.services import ServiceKey

SEALED_PREFIX: Final = "dk1."
# Fernet tokens start with the version byte 0x80, which base64 writes as "gAAAAA".
FERNET_PREFIX: Final = "gAAAAA"
_SEALED = re.compile(r"dk1\.([0-9a-f]{12})\.(gAAAAA[A-Za-z0-9_=-]*)\Z")


def split_sealed(sealed: str) -> tuple[str | None, str]:
    """(the sealing key's id or None for a value of before key ids, the Fernet token)."""
    found = _SEALED.match(sealed)
    return (found[1], found[2]) if found else (None, sealed)


def sealed_key_id(sealed: str) -> str | None:
    """The id of the key that sealed ``sealed``; None for a bare token of before key ids."""
    return split_sealed(sealed)[0]


def is_sealed(value: object) -> bool:
    """Whether ``value`` is a sealed secret (with a key id, or a bare Fernet token)."""
    if not isinstance(value, str):
        return False
    if value.startswith(SEALED_PREFIX):
        return _SEALED.match(value) is not None
    return value.startswith(FERNET_PREFIX)


class SecretBox(Protocol):
    """Symmetric encryption of credentials at rest (Fernet in production)."""

    def encrypt(self, plain: str) -> str:
        """Ciphertext (ASCII) for ``plain``."""
        ...

    def decrypt(self, sealed: str) -> str:
        """The plain text; raises SecretUnavailable when it cannot be opened (key changed)."""
        ...


class SecretKeyChanged(Exception):
    """Stored secrets are now sealed under a key this process does not hold (a rotation ran):
    nothing was written; the process must be restarted with the new key."""


class SecretUnavailable(Exception):
    """A stored secret cannot be decrypted (the key was changed or the data is damaged)."""


SECRET_BOX: Final = ServiceKey[SecretBox]("secret box")
