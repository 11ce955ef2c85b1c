"""Fernet encryption of credentials, and where its key comes from.

The key is DESKMATE_SECRET_KEY when set; otherwise it is generated once into ``<data_dir>/secret.key``
(created with 0600 permissions, atomically, so two processes starting together agree on one key)
and a warning says so: losing that file makes every stored credential unreadable.
"""

from __future__ import annotations

import logging
import os
import stat
import time
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

from core.secrets import SecretUnavailable

logger = logging.getLogger(__name__)

KEY_FILE_NAME = "secret.key"
_READ_RETRIES = 50  # another process may have created the file but not yet written the key


class FernetSecretBox:
    """core.workspace.SecretBox: authenticated encryption (AES-128-CBC + HMAC-SHA256)."""

    def __init__(self, key: bytes) -> None:
        self._fernet = Fernet(key)

    def encrypt(self, plain: str) -> str:
        return self._fernet.encrypt(plain.encode("utf-8")).decode("ascii")

    def decrypt(self, sealed: str) -> str:
        try:
            return self._fernet.decrypt(sealed.encode("ascii")).decode("utf-8")
        except (InvalidToken, UnicodeError, ValueError):
            # Never chain the original error: nothing about the ciphertext belongs in a log.
            raise SecretUnavailable("a stored secret cannot be decrypted with the current key") from None


def load_key(secret_key: str | None, data_dir: Path) -> bytes:
    """The Fernet key: from the setting, else from (or newly into) the key file in ``data_dir``."""
    if secret_key:
        return _valid(secret_key.strip().encode("ascii", "replace"), "DESKMATE_SECRET_KEY")
    path = Path(data_dir) / KEY_FILE_NAME
    if not path.exists():
        created = _create_key_file(path)
        if created is not None:
            return created
    return _read_key_file(path)


def build_secret_box(secret_key: str | None, data_dir: Path) -> FernetSecretBox:
    return FernetSecretBox(load_key(secret_key, data_dir))


def _valid(key: bytes, source: str) -> bytes:
    try:
        Fernet(key)
    except (ValueError, TypeError):
        raise ValueError(
            f"{source} is not a valid Fernet key (32 url-safe base64-encoded bytes); "
            "generate one with: python -c "
            "'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'"
        ) from None
    return key


def _create_key_file(path: Path) -> bytes | None:
    """Write a new key with O_EXCL (0600). None when another process created the file first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    key = Fernet.generate_key()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return None
    try:
        os.write(fd, key + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)
    logger.warning(
        "generated a new secret key for stored credentials at %s; back it up (losing it makes saved "
        "exchange and model keys unreadable), or set DESKMATE_SECRET_KEY to manage the key yourself",
        path,
    )
    return key


def _read_key_file(path: Path) -> bytes:
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        logger.warning("secret key file %s is accessible to other users; run: chmod 600 %s", path, path)
    for _ in range(_READ_RETRIES):
        raw = path.read_bytes().strip()
        if raw:
            return _valid(raw, str(path))
        time.sleep(0.02)
    raise ValueError(f"secret key file {path} is empty")
