"""Credentials at rest: core.workspace.SecretBox on Fernet (the cryptography package)."""

from adapters.secrets.fernet_box import KEY_FILE_NAME, FernetSecretBox, build_secret_box, load_key

__all__ = ["KEY_FILE_NAME", "FernetSecretBox", "build_secret_box", "load_key"]
