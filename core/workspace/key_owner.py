"""The account whose credential a message says possessively ("main's api key expired, need to put
in a new one", "main的api key过期了"): that account's key is changed, no new account created. So is
a new key said for an account of theirs, unnamed ("new api key for my binance acct", "我币安账户的新
api key"): its key changed, the flow asking which account where they have several."""

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
# A key said new ("new api key", "新的api key") of theirs ("my", 我的), with no word adding an account.
_NEW = re.compile(r"(?:\bnew|新的?)\s*$")
# Or said after it as "a new one" ("my binance api key expired, i need to put in a new one", "我的币安
# api key过期了，要换个新的"): the key again, new.
_NEW_ONE = re.compile(r"\bnew one\b|个新")
_THEIRS = re.compile(r"\bmy\b|我的|我(?=\S{0,8}(?:账户|账号))")
_ADDING = re.compile(
    r"\b(?:add|create|bind|link|connect|set up|setup|register|open)\b"
    r"|添加|新增|绑定|创建|新建|接入|连接|开个|开一个"
)
_NO_NAMES = frozenset(
    {"my", "your", "our", "his", "her", "their", "its", "it", "this", "that", "the", "account"}
)


def key_owner(text: str, action: str | None) -> str | None:
    """The name before 's / 的 right before a credential's word ("main's api key" -> main), as
    typed, when a create or an update is read; "" for a new key of theirs named by no name ("new
    api key for my binance acct"); None when none is said, or it is a pronoun or an exchange's
    brand ("okx's api key")."""
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
    return "" if action == "create" and _new_of_theirs(tagged) else None


def _new_of_theirs(tagged: Tagged) -> bool:
    """A credential said new, right after "new" / 新的 or as "a new one" after it, in a message saying
    the account is theirs and no word adding one ("new api key for my binance acct", "my binance api
    key expired, i need to put in a new one"; not "add a new binance account with my key")."""
    norm = tagged.text
    if not _THEIRS.search(norm) or _ADDING.search(norm):
        return False
    return any(
        t.concepts & _CREDENTIALS and (_NEW.search(norm[: t.start]) or _NEW_ONE.search(norm[t.end :]))
        for t in tagged.tags
    )
