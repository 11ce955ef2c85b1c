"""The Fernet SecretBox and where its key comes from."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from adapters.secrets import KEY_FILE_NAME, FernetSecretBox, KeySource, SecretKeyError
from core.secrets import SecretUnavailable


def test_round_trip_and_ciphertext_hides_the_plain_text() -> None:
    box = FernetSecretBox(Fernet.generate_key())
    sealed = box.encrypt("abcd-secret-value-1234")
    assert "secret" not in sealed and sealed != box.encrypt("abcd-secret-value-1234")  # random IV
    assert box.decrypt(sealed) == "abcd-secret-value-1234"


def test_a_different_key_cannot_open_it() -> None:
    sealed = FernetSecretBox(Fernet.generate_key()).encrypt("x" * 20)
    with pytest.raises(SecretUnavailable):
        FernetSecretBox(Fernet.generate_key()).decrypt(sealed)
    with pytest.raises(SecretUnavailable):
        FernetSecretBox(Fernet.generate_key()).decrypt("not a token")


def load_key(secret_key: str | None, data_dir: Path) -> bytes:
    """The primary key as a first start gets it: the setting, the key file, or a new key file."""
    source = KeySource.of(secret_key, data_dir)
    return (source.load() if source.exists() else source.create())[0]


def test_the_key_is_generated_once_with_0600_and_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    data = tmp_path / "data" / "nested"  # created on demand
    key = load_key(None, data)
    path = data / KEY_FILE_NAME
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.read_bytes().strip() == key
    assert any("generated a new secret key" in r.getMessage() for r in caplog.records)
    assert key.decode() not in caplog.text  # the log says where, never what
    caplog.clear()
    assert load_key(None, data) == key  # reused, no second warning
    assert not caplog.records
    sealed = FernetSecretBox(load_key(None, data)).encrypt("persisted")
    assert FernetSecretBox(load_key(None, data)).decrypt(sealed) == "persisted"
    assert data.stat().st_mode & 0o777 == 0o700  # the directory made for it is private too


def test_the_setting_wins_over_the_key_file(tmp_path: Path) -> None:
    key = Fernet.generate_key()
    assert load_key(key.decode(), tmp_path) == key
    assert not (tmp_path / KEY_FILE_NAME).exists()


def test_an_invalid_setting_is_refused_without_echoing_it(tmp_path: Path) -> None:
    with pytest.raises(SecretKeyError) as refused:
        load_key("hunter2-not-a-fernet-key", tmp_path)
    assert "DESKMATE_SECRET_KEY" in str(refused.value) and "hunter2" not in str(refused.value)


def test_a_key_file_readable_by_others_is_warned_about(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    load_key(None, tmp_path)
    (tmp_path / KEY_FILE_NAME).chmod(0o644)
    caplog.set_level(logging.WARNING)
    load_key(None, tmp_path)
    assert "chmod 600" in caplog.text


def test_several_keys_encrypt_with_the_first_and_open_with_any(tmp_path: Path) -> None:
    old, new = Fernet.generate_key(), Fernet.generate_key()
    sealed_old = FernetSecretBox(old).encrypt("before")
    both = FernetSecretBox(KeySource.of(f"{new.decode()}, {old.decode()}", tmp_path).load())
    assert both.decrypt(sealed_old) == "before"
    assert FernetSecretBox(new).decrypt(both.encrypt("during")) == "during"  # never the old key
    moved = both.reseal(sealed_old)
    assert moved is not None and FernetSecretBox(new).decrypt(moved) == "before"
    assert both.reseal(FernetSecretBox(Fernet.generate_key()).encrypt("x")) is None


def test_the_key_file_is_replaced_atomically_with_0600(tmp_path: Path) -> None:
    source = KeySource.of(None, tmp_path)
    (first,) = source.create()
    second = Fernet.generate_key()
    source.replace([second, first])
    assert source.load() == [second, first]
    assert (tmp_path / KEY_FILE_NAME).stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == [KEY_FILE_NAME]  # no temporary file left
