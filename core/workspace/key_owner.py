"""The account whose credential a message says possessively ("main's api key expired, need to put
in a new one", "main的api key过期了"): that account's key is changed, no new account created."""

from __future__ import annotations

import re

from core.language.normalize import normalize_text
from core.language.tagger import Reading as Tagged
from core.language.tagger import with_phrases
from core.workspace.exchanges import EXCHANGES

_CREDENTIALS = frozenset(f"account_field.{f}" for f in ("api_key", "api_secret", "passphrase", "credentials"))
# A name typed in Latin letters and digits right before 's / 的 that ends where the field's word
# starts. Chinese names are left to the person's own names (the layer's gazetteer) to say.
_OWNER = re.compile(r"(?:^|[\s,，。])([a-z0-9][a-z0-9_-]{0,31})\s*(?:'s|’s|的)\s*$")
# Whose the key is, said without naming an account: no name ("my binance's key" is the brand's).
_NO_NAMES = frozenset(
    {"my", "your", "our", "his", "her", "their", "its", "it", "this", "that", "the", "account"}
)


def key_owner(text: str, action: str | None) -> str | None:
    """The name before 's / 的 right before a credential's word ("main's api key" -> main), as
    typed, when a create or an update is read; None when none is said, or it is a pronoun or an
    exchange's brand ("okx's api key")."""
    if action not in ("create", "update"):
        return None  # a question or a delete of it reads its own target
    tagged = with_phrases(Tagged(normalize_text(text), ()), ("account_field",))
    for tag in tagged.tags:
        if not tag.concepts & _CREDENTIALS:
            continue
        found = _OWNER.search(tagged.text[: tag.start])
        if found is None:
            continue
        name = found.group(1)
        if name in _NO_NAMES or name in EXCHANGES or name.isdigit():
            return None
        return tagged.norm.typed(found.start(1), found.end(1))
    return None
