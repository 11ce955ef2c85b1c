"""Credentials at rest: core.workspace.SecretBox on Fernet (the cryptography package)."""

from adapters.secrets.fernet_box import FernetSecretBox, build_secret_box, load_key
from adapters.secrets.keys import KEY_FILE_NAME, KeySource, SecretKeyError, generate_key, parse_keys

__all__ = [
    "KEY_FILE_NAME",
    "FernetSecretBox",
    "KeySource",
    "SecretKeyError",
    "build_secret_box",
    "generate_key",
    "load_key",
    "parse_keys",
]
