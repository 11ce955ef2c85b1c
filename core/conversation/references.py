"""Pronouns and ellipsis: "它", "那个", "这个币", "it", "that one" mean the conversation's last coin
or record; "再来一次", "again", "the same" mean its last request.

The last coin, record and request are noted by core.conversation.recall. A pronoun is read by
putting what it refers to in its place and routing that ("再看看它三个月的走势" -> "再看看 BTC 三个月的
走势"). A message that names its coin or record besides the pronoun is left as it is ("chart that
one" names no coin ONE), and a substitution that routes nowhere is not used. With nothing to refer
to, the pronoun is dropped so the request asks for what is missing ("它三个月的走势" -> which coin?)
instead of reading "它三个月" as a coin.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Final

from core.conversation.recall import KIND_PLURALS, RECORD_NOUNS
from core.i18n import Locale, is_zh
from core.language.intents import OUTSIDE
from core.language.normalize import has_cjk, normalize
from core.language.phrases import Words
from core.language.spans import ASKED_ACTS
from core.language.tagger import Reading
from core.language.tagger import words as read_words
from core.routing.router import Route
from core.state import Recall, RecordRef

QUOTE_ASSET = "USDT"


def _pronoun_here(low: str, start: int, end: int) -> bool:
    """A pronoun counts here: 这个 / 那个 end a phrase ("这个的价格", "那个呢", not "这个策略"); "it" is
    not "it's"."""
    after = low[end : end + 1]
    if low[start:end] in Words("conversation.pronoun_ending").words:
        if low[start:end] in _PERSON_WORDS and low[start - 1 : start] in _OBJECT_MARKS:
            return True  # "把他删了": 他 the object of 把
        return not after.strip() or after in Words("conversation.phrase_end").words
    return after != "'"


# The words are data: core/language/lexicon/phrases/conversation.toml.
_PERSON_WORDS = Words("conversation.pronoun_person").words
_OBJECT_MARKS = Words("conversation.object_mark").words
_PRONOUN = Words("conversation.pronoun", _pronoun_here)
_AGAIN, _POLITE = Words("conversation.again"), Words("conversation.polite")
RouteFn = Callable[[str], Route | None]


def asks_again(text: str) -> bool:
    """The whole message asks for the last request once more ("再来一次吧", "do it again please"):
    one of those words, then polite words and marks at most."""
    low = normalize(text)  # zh-Hant read as zh ("再來一次")
    end = _AGAIN.prefix(low)
    return end is not None and not _POLITE.sub("", low[end:]).strip(" .。!！?？~～")


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
    if typed is None or typed.slots.get("any_kind"):
        return True  # "删除它": a record of no kind named ("它" its name) is the one referred to
    # "unknown" was the pronoun; "any_kind" says no kind was named, and the reading names one.
    lost = set(typed.slots) - set(read.slots) - {"unknown", "request", "any_kind"}
    # A value that is the pronoun itself was never said ("switch scout over to it": no new name "it").
    lost = {k for k in lost if not _is_pronoun(typed.slots[k])}
    return typed.skill == read.skill and not lost


def _is_pronoun(value: object) -> bool:
    """``value`` is a pronoun alone ("it", "它")."""
    said = value.strip() if isinstance(value, str) else ""
    return bool(said) and _PRONOUN.spans(said) == [(0, len(said))]


def _coin_words(symbol: str) -> str:
    return symbol[: -len(QUOTE_ASSET)] if symbol.endswith(QUOTE_ASSET) else symbol


def _record_words(record: RecordRef, locale: Locale) -> str:
    """Words read back through the router (never shown): simplified for zh and zh-Hant alike."""
    zh, en = RECORD_NOUNS[record.skill]
    return f"{zh}“{record.name}”" if is_zh(locale) else f'{en} "{record.name}"'


def _referents(recall: Recall, locale: Locale) -> list[str]:
    coin = [_coin_words(recall.coin)] if recall.coin else []
    record = (
        [_record_words(recall.record, locale)]
        if recall.record and recall.record.skill in RECORD_NOUNS
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
    referents = _referents(recall, locale)
    if not referents and _complete(route):
        # Nothing recalled (a new conversation's first message): a message naming its coin or
        # record besides the pronoun reads as typed, whatever it reads without the pronoun (no
        # record to put on another, no referent to try, no "unknown" slot) and whether or not
        # the pronoun is inside a longer word: neither is routed nor read to find that out.
        return None
    if _in_a_word(text):
        return None
    said = " ".join(_PRONOUN.sub(" ", text).split())
    if _complete(route) and _complete(route_text(said) if said else None):
        # it names its coin or record besides the pronoun ("那个，BTC价格多少"), unless the pronoun
        # is another record it is put on ("…a kimi model then put gary on it": gary's model)
        return _linked(text, route, recall, locale, route_text)
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
    if _tells(text):
        return None  # another's coin told ("他的eth全卖了", "sell all her eth"): no ask without it
    found = route_text(said) if said else None
    if found is not None and found.action in _ACTING and _act_foretold(text, said):
        return None  # "它会卖掉我的eth": what it will do, foretold, no sale asked without "它"
    return (said, found) if found is not None and not found.slots.get("unknown") else None


def _linked(
    text: str, route: Route | None, recall: Recall, locale: Locale, route_text: RouteFn
) -> tuple[str, Route] | None:
    """``text`` with its pronoun read as the record recalled, where that puts the record on the
    other record ``text`` names ("put gary on it", "让老王用它": gary's model is it); None otherwise."""
    record = recall.record
    if record is None or record.skill not in RECORD_NOUNS:
        return None
    said = _PRONOUN.sub(f" {_record_words(record, locale)} ", text).strip()
    found = route_text(said)
    return (said, found) if found is not None and _keeps(route, found) and links(found, record) else None


def _object_left(piece: str, before: Route, locale: Locale, route_text: RouteFn) -> Route | None:
    """``piece`` ending where the record the ask before is about would be said, left unsaid, that
    puts it on another of theirs ("接一个deepseek模型，然后给夜猫子用上", "俾阿福用": 夜猫子's model)."""
    record = recall_of(before, made=True).record
    if record is None or record.skill not in RECORD_NOUNS:
        return None
    typed = route_text(piece)
    said = _record_words(record, locale)
    found = route_text(f"{piece.rstrip()}{'' if is_zh(locale) else ' '}{said}")
    if found is None or (typed is not None and typed.action != found.action):
        return None  # "…然后启动大黄": a start asked whole, no strategy put on 大黄
    return found if _keeps(typed, found) and links(found, record) else None


# A record's switches: said in the piece before, what its pronoun stands for ("gary's daily summary
# is spammy, kill it"), never the record itself stopped.
_SWITCHES = frozenset({"noun.daily_summary", "noun.auto_start"})


def its_switch(piece: str, told_before: Reading, before: Route, route_text: RouteFn) -> Route | None:
    """``piece`` with its pronoun read as the switch of the record ``before`` is about that the
    piece before names ("gary's daily summary is spammy, kill it", "老王的日报太烦了，关掉它": the
    summary switched off); None when that piece names none, or it reads as no switch turned off."""
    record = recall_of(before).record
    tag = next((t for t in told_before.tags if t.concepts & _SWITCHES), None)
    if record is None or tag is None or not _PRONOUN.search(piece):
        return None
    switch = told_before.text[tag.start : tag.end]
    zh = has_cjk(switch)
    named = _record_words(record, "zh" if zh else "en")
    said = _PRONOUN.sub(f" {named}的{switch} " if zh else f" the {switch} of {named} ", piece).strip()
    found = route_text(said)
    field = found.slots.get("field") if found is not None and found.skill == before.skill else None
    return found if found is not None and field and found.slots.get(str(field)) == "off" else None


def links(route: Route, record: RecordRef) -> bool:
    """``route`` asks of another skill's record with ``record`` as one of its values (a trader's
    model, its account): ``record`` is put on it, not asked of."""
    return route.skill != record.skill and any(
        key != "target_ref" and value == record.name for key, value in route.slots.items()
    )


def _in_a_word(text: str) -> bool:
    """Every pronoun of ``text`` is inside a longer word of the lexicon ("forget it": giving up,
    verb.cancel): no pronoun to read, nor to drop ("forget" alone would name a record)."""
    reading = read_words(text)
    spans = [(t.start, t.end) for t in reading.tags if t.concepts]
    found = _PRONOUN.spans(reading.text, every=True)
    return bool(found) and all(
        any(start <= a and b <= end and end - start > b - a for start, end in spans) for a, b in found
    )


def _tells(text: str) -> bool:
    """``text`` tells rather than asks (a word of the lexicon's outside group: another's coin, a
    story): its pronoun dropped would make an ask of it."""
    return any(c.startswith(OUTSIDE) for tag in read_words(text).tags for c in tag.concepts)


# The actions that change something: none is made of an act its pronoun was the subject of.
_ACTING: Final = frozenset(
    {"buy", "sell", "limit", "stop", "start", "delete", "cancel", "create", "update", "rename"}
    | {"protect", "activate"}
)


def _act_foretold(text: str, said: str) -> bool:
    """An act the pronoun is the subject of, foretold rather than asked ("它会卖掉我的eth", "it will
    sell my eth": core.language.foretold): read without the pronoun it is asked."""
    return not _acts(read_words(text)) and _acts(read_words(said))


def _acts(reading: Reading) -> bool:
    return any(c.startswith(ASKED_ACTS) for c in reading.concepts)


# What a record just made is known by before it has a name: its provider, its exchange.
_MADE_OF = {"model_management": "provider", "exchange_management": "exchange"}


def recall_of(route: Route, *, made: bool = False) -> Recall:
    """What a pronoun in the next ask of the same message stands for: this ask's one coin, or
    the record it names ("停掉 alpha 然后删除它", "btc price and set an alert for it at 90000")."""
    symbol = route.slots.get("symbol")
    symbols = route.slots.get("symbols") or ([symbol] if symbol else [])
    coin = str(symbols[0]) if isinstance(symbols, list) and len(symbols) == 1 else None
    ref = route.slots.get("target_ref")
    name = ref.get("name") if isinstance(ref, Mapping) else None
    if made and not name and route.action == "create":  # "hook up a kimi model then put gary on it"
        name = route.slots.get(_MADE_OF.get(route.skill, ""))
    record = RecordRef(skill=route.skill, name=str(name)) if name and route.skill in RECORD_NOUNS else None
    return Recall(coin=coin, record=record, record_latest=record is not None)


_ALL_OF = Words("conversation.pronoun_all")
_ALL_ARE = Words("conversation.pronoun_all_are")  # "they're": the noun in its place takes "are"
# A plural pronoun read back as all the records of the kind: the kind's words, and "are" for "they're".
_ALL_WORDS: dict[str, tuple[str, str]] = {
    skill: (f"我的{zh}", f"my {en}") for skill, (zh, en) in KIND_PLURALS.items() if skill in RECORD_NOUNS
}


def _all_of(piece: str, before: Route, locale: Locale, route_text: RouteFn) -> Route | None:
    """``piece`` with its plural pronoun read as all the records the ask before named all of
    ("start all my traders then show me how they're doing"); None otherwise."""
    ref = before.slots.get("target_ref")
    kind = _ALL_WORDS.get(before.skill)
    if kind is None or not isinstance(ref, Mapping) or not ref.get("all") or not _ALL_OF.search(piece):
        return None
    words = kind[0] if is_zh(locale) else kind[1]
    said = " ".join(
        _ALL_OF.sub(lambda w: f" {words} are " if w in _ALL_ARE.words else f" {words} ", piece).split()
    )
    found = route_text(said)
    return (
        found
        if found is not None and found.skill == before.skill and "target_ref" not in found.slots
        else None
    )


def read_back(piece: str, before: Route, locale: Locale, route_text: RouteFn) -> Route | None:
    """``piece`` with its pronoun read as what the ask before it in the message is about; None
    when it has no pronoun, or reading one changes nothing."""
    plural = (
        _all_of(piece, before, locale, route_text)
        or _it_is(piece, before, locale, route_text)
        or _person(piece, before, locale, route_text)
    )
    if plural is not None:
        return plural
    if not _PRONOUN.search(piece):
        return _same_coin(piece, before, route_text) or _object_left(piece, before, locale, route_text)
    typed = route_text(piece)
    if typed is not None and typed.skill == "price" and not typed.slots.get("symbols"):
        # A price of no coin ("stop alpha then show me how much it made this week"): nothing
        # of it to keep, the pronoun says what it asks about (alpha's P&L).
        typed = None
    recall = recall_of(before)
    found = refer(piece, typed, recall, locale, route_text)
    if found is None and recall.record is None:
        # A record just made, known by its provider or exchange, is "it" only where it is put on
        # another of theirs ("hook up a kimi model then put gary on it"); "kimi 設定唔用啦 移除佢"
        # deletes kimi, no model made first.
        found = _linked(piece, typed, recall_of(before, made=True), locale, route_text)
    return found[1] if found is not None else None


def _same_coin(piece: str, before: Route, route_text: RouteFn) -> Route | None:
    """A price asked of no coin right after an ask about one coin is that coin's ("大饼破十万提醒我
    顺便报个现价", "buy 0.1 eth, and the price now?"); None otherwise."""
    coin = recall_of(before).coin
    if coin is None:
        return None
    typed = route_text(piece)
    if typed is None or typed.skill != "price" or typed.slots.get("symbols"):
        return None
    return replace(typed, slots={**typed.slots, "symbols": [coin]})


_NOT_PERSON = Words("conversation.not_person")


def _a_person(low: str, start: int, end: int) -> bool:
    """他 / 她 said alone, not inside 其他, 他们, 他人 (the word around it checked)."""
    around = low[max(0, start - 1) : end + 1]
    return _NOT_PERSON.search(around) is None


_PERSON = Words("conversation.pronoun_person", _a_person)
_PERSON_SKILLS = frozenset({"trader_management"})  # a person said again is a trader
# The diagnosis of a person said again: of the trader named ("pause gary and then tell me why he
# hasn't traded all week"), which it reads from what was typed (no slot of its own names them).
_PERSON_DIAGNOSIS = {"trader_management": "trader_diagnosis"}


def _person(piece: str, before: Route, locale: Locale, route_text: RouteFn) -> Route | None:
    """``piece`` with its 他 / "he" read as the trader the ask before named ("先把小明停了 然后看看他
    亏了多少": 小明's P&L); None otherwise. Only in the ask after one naming a trader: alone, "他亏了
    多少" names no one of theirs."""
    record = recall_of(before).record
    if record is None or record.skill not in _PERSON_SKILLS or _PERSON.search(normalize(piece)) is None:
        return None
    said = " ".join(_PERSON.sub(f" {_record_words(record, locale)} ", normalize(piece)).split())
    found = route_text(said)
    if found is None or found.slots.get("unknown"):
        return None
    # Something of another skill asked of them (the P&L): "停掉小明 他最近表现太差了" is a remark on
    # the trader stopped, no status asked. Of the trader skill, a change of them ("start alpha and turn
    # on his daily summary"), never its status.
    if found.skill != record.skill:
        of_them = found.slots.get("trader") == record.name or found.skill == _PERSON_DIAGNOSIS.get(
            record.skill
        )
        return found if of_them else None
    ref = found.slots.get("target_ref")
    named = isinstance(ref, Mapping) and ref.get("name") == record.name
    return found if named and found.action not in (None, "query") else None


# "it's" ("it" is no pronoun inside it: _pronoun_here), read back as the record named.
_IT_IS = Words("conversation.pronoun_is")


def _it_is(piece: str, before: Route, locale: Locale, route_text: RouteFn) -> Route | None:
    """``piece`` with its "it's" read as the one record the ask before named ("start alpha then
    show me how it's doing": how alpha is doing); None otherwise."""
    record = recall_of(before).record
    if record is None or record.skill not in RECORD_NOUNS or not _IT_IS.search(piece):
        return None
    words = _record_words(record, locale)
    said = " ".join(_IT_IS.sub(f" {words} is ", piece).split())
    found = route_text(said)
    ref = found.slots.get("target_ref") if found is not None else None
    named = isinstance(ref, Mapping) and ref.get("name") == record.name
    # Something asked of it ("how it's doing": its status), never a remark ("start alpha, it's fine").
    asked = found is not None and set(found.slots) - {"target_ref"}
    return found if found is not None and found.skill == record.skill and named and asked else None
