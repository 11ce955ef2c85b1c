"""Credentials at rest: core.workspace.SecretBox on Fernet (the cryptography package).

``build_secret_box`` returns a lazy box: importing this package, or building the box, loads
neither the key nor cryptography (see lazy.py).
"""

from __future__ import annotations

from typing import Any

from adapters.secrets.lazy import LazySecretBox, build_secret_box

__all__ = ["KEY_FILE_NAME", "FernetSecretBox", "LazySecretBox", "build_secret_box", "load_key"]


def __getattr__(name: str) -> Any:
    # The Fernet side imports cryptography: only when asked for.
    if name in ("KEY_FILE_NAME", "FernetSecretBox", "load_key"):
        from adapters.secrets import fernet_box

        return getattr(fernet_box, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
