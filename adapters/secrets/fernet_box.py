"""Fernet encryption of credentials (core.workspace.SecretBox) on a key ring.

The box holds one key, or several while a key is being replaced: the first (primary) key seals,
every key opens. Each sealed value names the key that sealed it (``dk1.<key id>.<Fernet token>``;
the id is a hash of the key, never the key), so storage can tell which values are still under an
old key without opening them: a rotation re-seals exactly those, and a write of a value under a
key that is no longer the database's is refused (adapters/storage/key_fence.py). Values sealed
before key ids existed (a bare Fernet token) still open, with whichever key fits.

Keys come from adapters.secrets.keys (DESKMATE_SECRET_KEY or the key file).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from adapters.secrets.log_mask import opened
from core.secrets import SEALED_PREFIX, SecretUnavailable, sealed_key_id, split_sealed


def key_id(key: bytes) -> str:
    """A short public name for ``key`` (12 hex digits of a hash: nothing about the key itself)."""
    return hashlib.sha256(b"deskmate secret key id\x00" + key).hexdigest()[:12]


class FernetSecretBox:
    """core.workspace.SecretBox: authenticated encryption (AES-128-CBC + HMAC-SHA256)."""

    def __init__(self, keys: bytes | Sequence[bytes]) -> None:
        keys = [keys] if isinstance(keys, bytes) else list(keys)
        if not keys:
            raise ValueError("at least one key is required")
        self._ring = {key_id(k): Fernet(k) for k in reversed(keys)}  # the primary wins a clash
        self._primary_id = key_id(keys[0])
        self._sealing_id = self._primary_id
        self._any = MultiFernet([Fernet(k) for k in keys])

    def __repr__(self) -> str:  # never a key
        return f"FernetSecretBox(sealing={self._sealing_id}, keys={len(self._ring)})"

    @property
    def primary_id(self) -> str:
        """The id of the first key given (the newest)."""
        return self._primary_id

    @property
    def sealing_id(self) -> str:
        """The id of the key new values are sealed with."""
        return self._sealing_id

    def seal_with(self, kid: str | None) -> None:
        """Seal with the database's current key when this ring holds it (a new key rolled out
        to every host before the rotation runs): the database refuses values under any other."""
        if kid is not None and kid in self._ring:
            self._sealing_id = kid

    def encrypt(self, plain: str) -> str:
        opened(plain)  # from now on no log line of this process can carry it
        token = self._ring[self._sealing_id].encrypt(plain.encode("utf-8")).decode("ascii")
        return f"{SEALED_PREFIX}{self._sealing_id}.{token}"

    def decrypt(self, sealed: str) -> str:
        try:
            kid, token = split_sealed(sealed)
            fernet = self._any if kid is None else self._ring.get(kid)
            if fernet is None:  # sealed under a key this process was not given
                raise InvalidToken
            plain = fernet.decrypt(token.encode("ascii")).decode("utf-8")
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
        """``sealed`` under the sealing key (with its id), or None when no key opens it; a value
        already under that key is returned as it is."""
        if sealed_key_id(sealed) == self._sealing_id:
            return sealed
        try:
            return self.encrypt(self.decrypt(sealed))
        except SecretUnavailable:
            return None
