"""The secret box port: credentials are sealed before anything persists them.

The core encrypts every credential with a SecretBox the moment it arrives, so task slots, the
conversation state, the trace, the audit log and every repository only ever hold ciphertext.
"""

from __future__ import annotations

from typing import Final, Protocol

from core.services import ServiceKey


class SecretBox(Protocol):
    """Symmetric encryption of credentials at rest (Fernet in production)."""

    def encrypt(self, plain: str) -> str:
        """Ciphertext (ASCII) for ``plain``."""
        ...

    def decrypt(self, sealed: str) -> str:
        """The plain text; raises SecretUnavailable when it cannot be opened (key changed)."""
        ...


class SecretUnavailable(Exception):
    """A stored secret cannot be decrypted (the key was changed or the data is damaged)."""


SECRET_BOX: Final = ServiceKey[SecretBox]("secret box")
