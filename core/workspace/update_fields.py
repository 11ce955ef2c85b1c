"""What an update of a workspace record says it changes (core.workspace.reading): the field it names
(an account's key or secret, a model config's model, base URL, enabled) and where its new value
starts and what it is as typed ("把主帳戶改名為副帳戶": 副帳戶), and the record named before the
change ("给 main 改名叫 core" changes main)."""

from __future__ import annotations

from core.language.gazetteer import Gazetteer
from core.language.normalize import normalize_text
from core.language.phrases import Words
from core.language.tagger import Reading as Tagged
from core.language.tagger import Tagger, may_tag, with_phrases
from core.language.typed_names import SET_TO_SAID, clause_end, set_to
from core.routing.normalize import normalize
from core.workspace.extraction import CLOSING, OPENING

_TAGGER = Tagger()
_MAX_NAME_WORDS = 3
# What may close a new value, no part of it ("改名叫备用吧", "rename main to core instead").
_CLOSES = Words("records.value_end")


def _model_to(low: str, start: int, end: int) -> bool:
    """ "model" names the field before "to" / "as": "change the model to …", "set the model of kimi to …"."""
    if low[start:end] != "model":
        return True
    after = low[end:].split()
    return after[:1] in (["to"], ["as"]) or (after[:1] == ["of"] and "to" in after[2:5])


# The fields an update may name, first first (phrases/account_field.toml, model_field.toml).
_FIELDS = {
    "exchange": ("account_field", ("credentials", "api_secret", "passphrase", "api_key", "name")),
    "model": ("model_field", ("enabled", "base_url", "api_key", "model", "name")),
}


def new_value(raw: str, names: Gazetteer | None = None) -> tuple[int, str] | None:
    """Where an update's change starts in the typed text (the layer's set-to word: "改名為" of
    "把主帳戶改名為副帳戶", typed_names.set_to) and the new value as typed ("副帳戶"): one to three words,
    quoted or not, to the end."""
    if not may_tag(raw, SET_TO_SAID):
        return None  # no word a new value follows: most messages, read here for every record's ask
    reading = _TAGGER.read(raw, names)
    marker, text = set_to(reading), reading.text.rstrip()
    begin = len(text) - len(text[marker.end :].lstrip()) if marker else 0
    text = text[: clause_end(text, begin)].rstrip() if marker else text  # "to savings, not main": savings
    quoted = text[begin : begin + 1] in OPENING
    begin += quoted
    end = len(text) - (text[-1:] in CLOSING)
    closing = next((s for s, e in _CLOSES.spans(text[:end]) if e == end and s > begin), None)
    if closing is not None and not quoted and text[begin:closing].strip():
        end = len(text[:closing].rstrip())  # "备用吧": 备用; "core instead": core
    value = text[begin:end]
    if marker is None or not 1 <= len(value.split()) <= _MAX_NAME_WORDS or set(value) & CLOSING:
        return None
    return reading.norm.offsets[marker.start], reading.norm.typed(begin, end)


def set_to_start(raw: str, names: Gazetteer | None = None) -> int | None:
    """Where the set-to word before an update's new value starts in the typed text, if one is said."""
    if not may_tag(raw, SET_TO_SAID):
        return None
    reading = _TAGGER.read(raw, names)
    marker = set_to(reading)
    return None if marker is None else reading.norm.offsets[marker.start]


def field_named(norm: str, domain: str) -> tuple[str | None, frozenset[str]]:
    """The field an update names, the first of its kind's fields whose word the message says
    (leftmost-longest: "secret key" is the secret, not also a key; an account's key and secret
    both: its credentials), and every field word said ("禁用" also disables)."""
    group, fields = _FIELDS[domain]
    tagged = with_phrases(Tagged(normalize_text(norm), ()), (group,))
    said = {
        c.partition(".")[2] for t in tagged.tags if _model_to(tagged.text, t.start, t.end) for c in t.concepts
    }
    if domain == "exchange" and {"api_key", "api_secret"} <= said:
        return "credentials", frozenset(said)
    return next((f for f in fields if f in said), None), frozenset(said)


def changed_record(rest: str, text: str) -> str:
    """The name left of the words before an update's change (``text``), without the 给 that
    puts the record first ("给 main 改名叫 core" changes "main"); kept when 把 / 将 already do
    ("把 给力 改名叫 强力" changes "给力"). Read in the layer's normalized text: 給, 將 as 给, 将."""
    if "把" in normalize(text) or "将" in normalize(text) or normalize(rest[:1]) != "给":
        return rest
    return rest[1:].lstrip() or rest
