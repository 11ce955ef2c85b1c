"""Credentials at rest: core.workspace.SecretBox on Fernet (the cryptography package)."""

from adapters.secrets.fernet_box import FernetSecretBox
from adapters.secrets.keys import KEY_FILE_NAME, KeySource, SecretKeyError, generate_key, parse_keys

__all__ = [
    "KEY_FILE_NAME",
    "FernetSecretBox",
    "KeySource",
    "SecretKeyError",
    "generate_key",
    "parse_keys",
]
