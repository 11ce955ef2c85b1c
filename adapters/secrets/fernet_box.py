"""Fernet encryption of credentials (core.workspace.SecretBox).

The box holds one key, or several while a key is being replaced (MultiFernet): it always
encrypts with the first (primary) key and decrypts with any. So a value written during a rotation
is never sealed with a retired key, and ``reseal`` moves a value onto the primary key.

Keys come from adapters.secrets.keys (DESKMATE_SECRET_KEY or the key file).
"""

from __future__ import annotations

from collections.abc import Sequence

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from adapters.secrets.log_mask import opened
from core.secrets import SecretUnavailable


class FernetSecretBox:
    """core.workspace.SecretBox: authenticated encryption (AES-128-CBC + HMAC-SHA256)."""

    def __init__(self, keys: bytes | Sequence[bytes]) -> None:
        keys = [keys] if isinstance(keys, bytes) else list(keys)
        if not keys:
            raise ValueError("at least one key is required")
        self._fernet = MultiFernet([Fernet(k) for k in keys])

    def __repr__(self) -> str:  # never a key
        return "FernetSecretBox(...)"

    def encrypt(self, plain: str) -> str:
        opened(plain)  # from now on no log line of this process can carry it
        return self._fernet.encrypt(plain.encode("utf-8")).decode("ascii")

    def decrypt(self, sealed: str) -> str:
        try:
            plain = self._fernet.decrypt(sealed.encode("ascii")).decode("utf-8")
        except (InvalidToken, UnicodeError, ValueError, TypeError):
            # Never chain the original error: nothing about the ciphertext belongs in a log.
            raise SecretUnavailable("a stored secret cannot be decrypted with the current key") from None
        opened(plain)
        return plain

    def opens(self, sealed: str) -> bool:
        try:
            self.decrypt(sealed)
        except SecretUnavailable:
            return False
        return True

    def reseal(self, sealed: str) -> str | None:
        """``sealed`` re-encrypted with the primary key, or None when no key opens it."""
        try:
            return self._fernet.rotate(sealed.encode("ascii")).decode("ascii")
        except (InvalidToken, UnicodeError, ValueError, TypeError):
            return None
