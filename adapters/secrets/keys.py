"""Where the Fernet keys come from: DESKMATE_SECRET_KEY, or the key file in the data directory.

Either holds one key, or several (comma- or line-separated): the first encrypts, every one can
decrypt. Several keys are only needed while moving to a new key (``deskmate secrets rotate``).

The key file is created once (0600, with O_EXCL so two processes starting together agree on one
key) and rewritten only by a rotation, atomically (a new file renamed over the old one), so a
crash never leaves a half-written key. Nothing here ever logs or prints a key.
"""

from __future__ import annotations

import logging
import os
import re
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from cryptography.fernet import Fernet

logger = logging.getLogger(__name__)

KEY_FILE_NAME = "secret.key"
SETTING = "DESKMATE_SECRET_KEY"
_READ_RETRIES = 50  # another process may have created the file but not yet written the key
_SEPARATORS = re.compile(r"[\s,]+")


class SecretKeyError(ValueError):
    """The key is missing, malformed or not the one the data was sealed with (one clear line)."""


def generate_key() -> bytes:
    return Fernet.generate_key()


def parse_keys(raw: str, source: str) -> list[bytes]:
    """The keys in ``raw`` (comma- or whitespace-separated), first = primary; SecretKeyError
    naming ``source`` (never the value) when there is none or one is not a Fernet key."""
    parts = [p for p in _SEPARATORS.split(raw.strip()) if p]
    if not parts:
        raise SecretKeyError(f"{source} is empty")
    keys = [p.encode("ascii", "replace") for p in parts]
    for key in keys:
        try:
            Fernet(key)
        except (ValueError, TypeError):
            raise SecretKeyError(
                f"{source} is not a valid Fernet key (32 url-safe base64-encoded bytes); generate one with: "
                "python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'"
            ) from None
    return keys


@dataclass(frozen=True, slots=True)
class KeySource:
    """The setting when given, else the key file ``<data_dir>/secret.key``."""

    setting: str | None
    path: Path

    @classmethod
    def of(cls, secret_key: str | None, data_dir: Path) -> KeySource:
        return cls(secret_key or None, Path(data_dir) / KEY_FILE_NAME)

    @property
    def is_file(self) -> bool:
        return self.setting is None

    @property
    def name(self) -> str:
        """What to tell an operator: the variable's name or the file's path (never the key)."""
        return SETTING if self.setting is not None else f"the key file {self.path}"

    def exists(self) -> bool:
        return self.setting is not None or self.path.exists()

    def load(self) -> list[bytes]:
        """The keys, first = primary; SecretKeyError when unusable."""
        if self.setting is not None:
            return parse_keys(self.setting, SETTING)
        if not self.path.exists():
            raise SecretKeyError(f"{self.name} does not exist")
        if self.path.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO):
            logger.warning(
                "secret key file %s is accessible to other users; run: chmod 600 %s", self.path, self.path
            )
        for _ in range(_READ_RETRIES):
            try:
                raw = self.path.read_text(encoding="ascii", errors="replace")
            except OSError as exc:
                raise SecretKeyError(f"cannot read {self.name}: {exc.strerror}") from None
            if raw.strip():
                return parse_keys(raw, self.name)
            time.sleep(0.02)
        raise SecretKeyError(f"{self.name} is empty")

    def create(self) -> list[bytes]:
        """A new key in a new key file (0600; its directory 0700 when created here); when another
        process created the file first, its key. Only for a file source."""
        if not self.is_file:
            raise ValueError("only a key file can be created")
        _make_private_dir(self.path.parent)
        key = generate_key()
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return self.load()
        try:
            os.fchmod(fd, 0o600)  # whatever the umask
            os.write(fd, key + b"\n")
            os.fsync(fd)
        finally:
            os.close(fd)
        logger.warning(
            "generated a new secret key for stored credentials at %s; back it up (losing it makes saved "
            "exchange and model keys unreadable), or set DESKMATE_SECRET_KEY to manage the key yourself",
            self.path,
        )
        return [key]

    def replace(self, keys: list[bytes]) -> None:
        """Rewrite the key file with ``keys`` atomically (0600). Only for a file source."""
        if not self.is_file:
            raise ValueError("only a key file can be rewritten")
        _make_private_dir(self.path.parent)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, b"".join(k + b"\n" for k in keys))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, self.path)
        _fsync_dir(self.path.parent)


def _make_private_dir(path: Path) -> None:
    """Create ``path`` (and missing parents) with 0700 whatever the umask; an existing directory
    is left as it is."""
    missing = [p for p in (path, *path.parents) if not p.exists()]
    path.mkdir(parents=True, exist_ok=True)
    for created in missing:
        if created.exists():
            created.chmod(0o700)


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
