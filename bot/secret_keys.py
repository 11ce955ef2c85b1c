"""The secret key at start-up, and `deskmate secrets rotate`.

Start-up: the key (DESKMATE_SECRET_KEY or the key file) must open the canary stored in the
database, a known value sealed with the key every credential is under. A wrong key (a changed
setting, another key file) or a missing key file while the database holds credentials stops the
process with one line, before anything is read or written with it: no new key file is generated
over existing data, nothing is re-encrypted. A database sealed before the canary existed is
checked against a few of its ciphertexts, then given its canary.

Rotation runs beside running processes: the canary moves to the new key first (from then on no
process can store a value under another key: adapters/storage/key_fence.py), then every sealed
value is re-sealed in short batches with a compare-and-set per row, pass after pass until none is
left under an old key (adapters/storage/sealed.py). The key file is rewritten atomically first
with the new key *and* the old ones (so a crash at any point leaves a key file that opens
everything), then with the new key alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from adapters.secrets import FernetSecretBox, KeySource, SecretKeyError, generate_key, parse_keys
from adapters.secrets.fernet_box import key_id
from adapters.storage.sealed import (
    CanaryMoved,
    ResealReport,
    claim_canary_async,
    key_check_data,
    reseal_database,
)
from bot.errors import ConfigError
from bot.settings import Settings
from core.clock import Clock
from core.secrets import sealed_key_id

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

CANARY = "deskmate secret key check"  # any fixed text: only the right key gives it back


def key_source(settings: Settings) -> KeySource:
    secret = settings.secret_key.get_secret_value() if settings.secret_key is not None else None
    return KeySource.of(secret, settings.data_dir)


def _wrong_key(source: KeySource) -> ConfigError:
    return ConfigError(
        f"{source.name} is not the key the stored credentials were encrypted with (it cannot open "
        "them); start with the previous key again. Nothing was changed."
    )


def _load(source: KeySource) -> list[bytes]:
    try:
        return source.load()
    except SecretKeyError as exc:
        raise ConfigError(str(exc)) from None


async def open_secret_box(settings: Settings, engine: AsyncEngine, clock: Clock) -> FernetSecretBox:
    """The SecretBox for this process, once its key is known to be the database's; else ConfigError."""
    source = key_source(settings)
    stored = await key_check_data(engine)
    if source.exists():
        keys = _load(source)
    elif stored.has_sealed_data:
        raise ConfigError(
            f"{source.name} is missing, but the database holds credentials encrypted with its key; "
            "restore the file (or set DESKMATE_SECRET_KEY to that key). Nothing was changed."
        )
    else:  # a first start: nothing sealed yet, so a new key loses nothing
        try:
            keys = source.create()
        except OSError as exc:
            raise ConfigError(f"cannot create {source.name}: {exc.strerror}") from None
    box = FernetSecretBox(keys)
    canary = stored.canary
    if canary is None:
        if stored.samples and not any(box.opens(t) for t in stored.samples):
            raise _wrong_key(source)
        canary = await claim_canary_async(engine, box.encrypt(CANARY), clock.now())
    if not box.opens(canary) or box.decrypt(canary) != CANARY:
        raise _wrong_key(source)
    box.seal_with(sealed_key_id(canary))
    return box


@dataclass(frozen=True, slots=True)
class Rotation:
    report: ResealReport
    source: KeySource
    new_key: str  # for the operator to set when the key is a setting; never logged


async def rotate(settings: Settings, engine: AsyncEngine, clock: Clock, new_key: str | None) -> Rotation:
    """Re-encrypt every stored secret under ``new_key`` (a generated one when None)."""
    source = key_source(settings)
    await open_secret_box(settings, engine, clock)  # the current key must be the right one
    canary = (await key_check_data(engine)).canary
    assert canary is not None  # open_secret_box stored one
    old = _load(source)
    if new_key is not None:
        try:
            (new,) = parse_keys(new_key, "--new-key")
        except ValueError as exc:  # SecretKeyError, or more than one key given
            raise ConfigError(
                str(exc) if isinstance(exc, SecretKeyError) else "--new-key takes one key"
            ) from None
    else:
        new = generate_key()
    if new in old:
        raise ConfigError("--new-key is a key already in use; give a new one")
    rotating = FernetSecretBox([new, *old])  # encrypts with the new key, opens the old ones
    if source.is_file:
        source.replace([new, *old])
    try:
        report = await reseal_database(
            engine, rotating.reseal, key_id(new), (canary, rotating.encrypt(CANARY)), clock.now()
        )
    except CanaryMoved:
        raise ConfigError(
            "another rotation changed the key at the same time; nothing was changed here. Run it again "
            "with the key that rotation set."
        ) from None
    if source.is_file:
        source.replace([new])
    return Rotation(report, source, new.decode("ascii"))
