"""Redact anything that looks like a credential before text leaves for a model.

Deliberately greedy: a false positive costs a word the model did not need; a false negative
leaks a key to a third party.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

REDACTED = "[REDACTED]"

# PEM blocks (private keys, certificates with keys) as a whole.
_PEM = re.compile(r"-----BEGIN [A-Z ]+-----.*?-----END [A-Z ]+-----", re.DOTALL)
# OpenAI / DeepSeek / Anthropic style keys: "sk-", "sk-proj-", "sk-ant-" ...
_SK = re.compile(r"\bsk-[A-Za-z0-9_\-]{8,}")
# "api key: xxx", "secret=xxx", "apiSecret xxx", "密钥：xxx": the label stays, the value goes.
_LABELLED = re.compile(
    r"(?i)(\b(?:api[\s_-]?(?:key|secret)|secret(?:[\s_-]?key)?|access[\s_-]?key|private[\s_-]?key"
    r"|passphrase|password|token)\b|密钥|秘钥|私钥|密码|口令)"
    r"(\s*(?:[:=：]|\bis\b|是)\s*|\s+)"
    r"([^\s,，;；]{6,})"
)
# Long runs of key-like characters (hex, base64, base64url, Binance's 64-char keys).
_LONG_RUN = re.compile(r"[A-Za-z0-9+/_\-]{24,}={0,2}")


@dataclass(frozen=True, slots=True)
class Redacted:
    text: str
    count: int  # how many spans were replaced

    @property
    def changed(self) -> bool:
        return self.count > 0


def _looks_random(run: str) -> bool:
    """A key-like run mixes letters and digits; long words and paths without digits do not."""
    core = run.rstrip("=")
    has_digit = any(c.isdigit() for c in core)
    has_alpha = any(c.isalpha() for c in core)
    if not (has_digit and has_alpha):
        return False
    # Pure hex of 32+ is a key or a hash; mixed runs need the length of a real credential.
    if len(core) >= 32:
        return True
    digits = sum(c.isdigit() for c in core)
    return digits >= 4 and sum(c.isupper() for c in core) >= 2


def redact(text: str) -> Redacted:
    """``text`` with every credential-looking span replaced by ``[REDACTED]``."""
    count = 0

    def _sub(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return REDACTED

    def _sub_labelled(m: re.Match[str]) -> str:
        nonlocal count
        value = m.group(3)
        if value == REDACTED:
            return m.group(0)
        # "token: BTC" is a question about a coin, not a secret; keep short all-letter values.
        if len(value) < 12 and value.isalpha():
            return m.group(0)
        count += 1
        return f"{m.group(1)}{m.group(2)}{REDACTED}"

    def _sub_run(m: re.Match[str]) -> str:
        nonlocal count
        if not _looks_random(m.group(0)):
            return m.group(0)
        count += 1
        return REDACTED

    out = _PEM.sub(_sub, text)
    out = _SK.sub(_sub, out)
    out = _LABELLED.sub(_sub_labelled, out)
    out = _LONG_RUN.sub(_sub_run, out)
    return Redacted(out, count)
