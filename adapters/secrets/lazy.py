"""The secret box a process starts with: nothing is loaded until a secret is touched.

Most turns (a price, a chart) never encrypt or decrypt anything, so the key is read (or
generated) and the cryptography package imported on the first ``encrypt``/``decrypt``, or when
``load`` is called: a start-up check that wants a bad key to fail at once (a canary decrypt)
calls ``load()`` first.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adapters.secrets.fernet_box import FernetSecretBox


class LazySecretBox:
    """core.workspace.SecretBox that builds its FernetSecretBox on first use (thread-safe)."""

    def __init__(self, secret_key: str | None, data_dir: Path) -> None:
        self._secret_key = secret_key
        self._data_dir = data_dir
        self._box: FernetSecretBox | None = None
        self._lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return self._box is not None

    def load(self) -> FernetSecretBox:
        """The real box: reads or creates the key now (raises ValueError for a bad key)."""
        if self._box is None:
            with self._lock:
                if self._box is None:
                    from adapters.secrets.fernet_box import FernetSecretBox, load_key

                    self._box = FernetSecretBox(load_key(self._secret_key, self._data_dir))
        return self._box

    def encrypt(self, plain: str) -> str:
        return self.load().encrypt(plain)

    def decrypt(self, sealed: str) -> str:
        return self.load().decrypt(sealed)


def build_secret_box(secret_key: str | None, data_dir: Path) -> LazySecretBox:
    return LazySecretBox(secret_key, data_dir)
