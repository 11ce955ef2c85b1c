"""Pronouns and ellipsis: "它", "那个", "这个币", "it", "that one" mean the conversation's last coin
or record; "再来一次", "again", "the same" mean its last request.

The last coin, record and request are kept in ConversationState.recall (saved with the
conversation, so a restart keeps them). A pronoun is read by putting what it refers to in its
place and routing that ("再看看它三个月的走势" -> "再看看 BTC 三个月的走势"). A message that names its
coin or record besides the pronoun is left as it is ("chart that one" names no coin ONE), and a
substitution that routes nowhere is not used. With nothing to refer to, the pronoun is dropped so
the request asks for what is missing ("它三个月的走势" -> which coin?) instead of reading "它三个月"
as a coin.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from core.i18n import Locale
from core.language.lexicon import phrases
from core.language.phrases import Words
from core.routing.router import Route
from core.state import LastAsk, Recall, RecordRef, Task, TaskStatus
from core.tasks.given import RESERVED

QUOTE_ASSET = "USDT"


# The records a pronoun may mean, by the skill managing them: how a message names that kind.
_RECORD_NOUNS: dict[str, tuple[str, str]] = {
    "trader_management": ("交易员", "trader"),
    "strategy_management": ("策略", "strategy"),
    "exchange_management": ("账户", "account"),
    "model_management": ("模型配置", "model config"),
}


def _pronoun_here(low: str, start: int, end: int) -> bool:
    """A pronoun counts here: 这个 / 那个 end a phrase ("这个的价格", "那个呢", not "这个策略"); "it" is
    not "it's"."""
    word, after = low[start:end], low[end : end + 1]
    if word in ("这个", "那个"):
        return after in _PHRASE_END
    return after != "'"


_PHRASE_END = ("", "的", "呢", "吗", " ", "\t", "\n", ",", "，", "。", ".", "!", "！", "?", "？")
# core/language/lexicon/phrases/conversation.toml
_PRONOUN = Words("conversation.pronoun", _pronoun_here)
RouteFn = Callable[[str], Route | None]


# -- remembering -----------------------------------------------------------------------------


def _coin_of(slots: dict[str, Any]) -> str | bool | None:
    """The one coin a task is about; False when it names none (so the last one stands), None
    when it names several (so "it" is no longer clear)."""
    symbols = slots.get("symbols")
    if isinstance(symbols, list) and len(symbols) > 1:
        return None
    symbol = slots.get("symbol")
    if isinstance(symbol, str) and symbol:
        return symbol
    if isinstance(symbols, list) and len(symbols) == 1 and isinstance(symbols[0], str):
        return str(symbols[0])
    return False


def remember_task(recall: Recall, task: Task) -> None:
    """Note the coin and the record ``task`` is about (every task settles through here)."""
    coin = _coin_of(task.slots)
    if coin is not False:
        recall.coin = coin if isinstance(coin, str) else None
        recall.record_latest = False
    ref = task.target_ref or {}
    name = ref.get("name")
    if task.skill in _RECORD_NOUNS and name:
        gone = task.action == "delete" and task.status is TaskStatus.COMPLETED
        if gone:
            if recall.record is not None and recall.record.name == name:
                recall.record = None
        else:
            recall.record = RecordRef(skill=task.skill, name=name, id=ref.get("id"))
            recall.record_latest = True


def remember_ask(recall: Recall, route: Route, action: str) -> None:
    """Note a request as routed, to run again later; never one carrying a secret."""
    if any(k in RESERVED for k in route.slots):
        return
    recall.ask = LastAsk(skill=route.skill, action=action, slots=dict(route.slots))


# -- reading ---------------------------------------------------------------------------------


def asks_again(text: str) -> bool:
    """The whole message asks for the last request once more ("再来一次吧", "do it again please")."""
    low = " ".join(text.lower().split())
    while True:  # the polite words and marks after it
        kept = low.rstrip(" .。!！?？~～")
        kept = next((kept[: -len(w)] for w in _words("polite") if kept.endswith(w)), kept).rstrip()
        if kept == low:
            break
        low = kept
    if low in _words("again"):
        return True
    said = low.replace("again", " again").split()  # "do it again", "show again"
    return (
        len(said) in (2, 3)
        and said[-1] == "again"
        and said[0] in _words("again_verb")
        and (len(said) == 2 or said[1] in _words("again_object"))
    )


@lru_cache(maxsize=8)
def _words(concept: str) -> frozenset[str]:
    return frozenset(phrases("conversation").concepts[f"conversation.{concept}"].words)


def again(text: str, recall: Recall) -> Route | None:
    """The last request once more, when the whole message asks for that."""
    if recall.ask is None or not asks_again(text):
        return None
    ask = recall.ask
    return Route(ask.skill, ask.action, dict(ask.slots))


def _complete(route: Route | None) -> bool:
    """The route names its coin or record itself."""
    if route is None or route.slots.get("unknown"):
        return False
    slots = route.slots
    target = slots.get("target_ref")
    name = str(target.get("name", "")).strip() if isinstance(target, dict) else ""
    if name and _PRONOUN.spans(name) == [(0, len(name))]:
        return False  # "删除它": the name read is the pronoun itself
    return bool(slots.get("symbol") or slots.get("symbols") or target)


def _keeps(typed: Route | None, read: Route) -> bool:
    """Reading the pronoun loses nothing the message said ("add a binance account, call it
    Trading OKX" keeps its name): the same request, with every slot it had."""
    if typed is None:
        return True
    # "unknown" was the pronoun; "any_kind" says no kind was named, and the reading names one.
    lost = set(typed.slots) - set(read.slots) - {"unknown", "request", "any_kind"}
    return typed.skill == read.skill and not lost


def _coin_words(symbol: str) -> str:
    return symbol[: -len(QUOTE_ASSET)] if symbol.endswith(QUOTE_ASSET) else symbol


def _record_words(record: RecordRef, locale: Locale) -> str:
    zh, en = _RECORD_NOUNS[record.skill]
    return f"{zh}“{record.name}”" if locale == "zh" else f'{en} "{record.name}"'


def _referents(recall: Recall, locale: Locale) -> list[str]:
    coin = [_coin_words(recall.coin)] if recall.coin else []
    record = (
        [_record_words(recall.record, locale)]
        if recall.record and recall.record.skill in _RECORD_NOUNS
        else []
    )
    return record + coin if recall.record_latest else coin + record


def refer(
    text: str, route: Route | None, recall: Recall, locale: Locale, route_text: RouteFn
) -> tuple[str, Route] | None:
    """``text`` with its pronoun read, and its route; None when it has no pronoun to read (or
    reading one changes nothing): ``route``, the route of ``text`` as typed, then stands."""
    if not _PRONOUN.search(text):
        return None
    said = " ".join(_PRONOUN.sub(" ", text).split())
    if _complete(route) and _complete(route_text(said) if said else None):
        return None  # it names its coin or record besides the pronoun ("那个，BTC价格多少")
    referents = _referents(recall, locale)
    for words in referents:
        said = _PRONOUN.sub(f" {words} ", text).strip()
        found = route_text(said)
        if found is not None and not found.slots.get("unknown") and _keeps(route, found):
            return said, found
    if referents:
        return None  # something to refer to, and it fits nowhere: not a pronoun of ours
    unknown = route.slots.get("unknown") if route is not None else None
    if route is not None and isinstance(unknown, str) and _PRONOUN.search(unknown):
        # "它三个月" is no coin: the coin is missing, and the request asks for it.
        slots = {k: v for k, v in route.slots.items() if k != "unknown"}
        return text, replace(route, slots=slots)
    if route is not None:
        return None  # read without the pronoun's help ("…, then start it"): as typed
    found = route_text(said) if said else None
    return (said, found) if found is not None and not found.slots.get("unknown") else None
