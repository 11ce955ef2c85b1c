"""The trader skill's fills, on the language layer's tags (core.language): the slots of a trader
request whose action its intent says (core.skills.trader_management.intents): of which trader
(one of the person's own, the words no tag explains, "all of them", the last one touched), a
status question ("how is my agent doing"), the field an update changes and its new value, and
for a create its name, "auto start", a daily summary and the typed text for the create task to
find the account, strategy and model it names ("用我刚配的 DeepSeek"). No pattern of its own: a
phrasing it misses is a word for the lexicon."""

from __future__ import annotations

import unicodedata
from functools import partial
from typing import Any

from core.language import fills, typed_names
from core.language.fills import told_not
from core.language.intents import SlotFill
from core.language.lexicon import load
from core.language.phrases import Words
from core.language.slots import SWITCH, SetTo, first
from core.language.spans import clause_break
from core.language.tagger import COIN, NAME_WORD, Reading, Tag, words
from core.language.typed_names import concepts_at, name_after, new_value, set_to, untagged, word_of
from core.strategies.words import FIELDS as STRATEGY_FIELDS
from core.strategies.words import KIND_CONCEPTS, kind_of
from core.tasks.refs import all_of_kind, name_in, record_ref

KIND = "trader"
REQUEST = "request"  # the slot carrying the create request's text (read, then dropped)
TRADERS = ("noun.trader", "own.trader")
STATUS = ("ask.status", "ask.pnl", "ask.going")  # "how is alpha going": how it is doing
# One of theirs named alone is asked about by a status word or a word of showing ("看下小牛的详情",
# "show me alpha"); nothing else said, the name may be anything's ("alpha 价格").
SHOWN = frozenset({*STATUS, "verb.query", "ask.set_up_as"})  # "小胖是怎么设置的": how it is set up
# "打开 alpha 的每日汇总", "關掉小綠的自動啟動": only a trader has them
NAMED = frozenset({*TRADERS, "noun.daily_summary", "noun.auto_start"})
# What a trader runs on ("机器人一号用的哪个策略", "what account is beta on") and its switches ("is
# the daily summary on for afu"): its card says.
PARTS = frozenset({"noun.strategy", "noun.account", "noun.model", "noun.daily_summary", "noun.auto_start"})
SWITCHED = ("auto_start", "daily_summary")
# A "no" said right beside a part named at creation ("新建交易员叫招财猫，不要日报", "日报不要", "new trader
# lucky cat, no daily summary", "don't send me daily reports"): made with it off, never on.
_JUST = frozenset({"trade.answer_word"})  # 就, "just": no word of its own beside a refusal
_REFUSING = frozenset({"answer.no", "filler.dont", "verb.stop", "verb.switch_off", "verb.cancel"})
# The fields an update may name, first found wins; the valued ones take the new value typed.
FIELDS = (
    ("auto_start", frozenset({"noun.auto_start"})),
    ("daily_summary", frozenset({"noun.daily_summary"})),
    ("name", frozenset({"verb.rename", "noun.name"})),
    ("account", frozenset({"noun.account", "exchange", "own.account"})),
    ("strategy", frozenset({"noun.strategy", "own.strategy"})),
    ("model", frozenset({"noun.model", "provider", "own.model"})),
)
VALUED = frozenset({"account", "strategy", "model"})

# A record's kind said last, after its name, is no part of the new value: "switch alpha to the
# kimi model" -> kimi ("eth grid" keeps its kind's word: a word follows it); nor said first ("switch
# alpha to model kimi", core.language.typed_names.new_value's kind).
KIND_NOUN = {"account": "noun.account", "strategy": "strategy.noun", "model": "noun.model"}


def _kind_last(reading: Reading, field: str, tag: Tag) -> bool:
    if INSTEAD_OF in tag.concepts:
        return True  # "switch rex to binance2 instead of main": the new value ends where the old is said
    if word_of(tag) and _after_theirs(reading, field, tag):
        return True  # "改用老婆本这个账户交易", "轉用kimi備用呢個模型": theirs, then words of the request
    return KIND_NOUN.get(field, "") in tag.concepts and not any(c.isalnum() for c in reading.text[tag.end :])


def _after_theirs(reading: Reading, field: str, tag: Tag) -> bool:
    """``tag`` stands right after one of their records of the field's kind (spaces between)."""
    own = RECORDS.get(field, ("",))[0]
    return any(
        own in t.concepts and t.end <= tag.start and not reading.text[t.end : tag.start].strip()
        for t in reading.tags
    )


# The record a change replaces ("instead of main", "代替main"): never the new value.
INSTEAD_OF = "filler.instead_of"


def _new_value(reading: Reading, marker: Tag, field: str) -> str | None:
    """A switched field's new value is its on/off word (SWITCH); a record's, one no request word
    explains ("to eth grid", not "to another exchange account"); a new name's, any words."""
    if field in SWITCHED:
        return None
    ends = partial(_kind_last, reading, field)
    return new_value(reading, marker, any_words=field not in VALUED, ends=ends, kind=KIND_NOUN.get(field, ""))


# An update's field and new value ("把 alpha 的模型换成 deepseek"; no field named: a new name).
UPDATE = SetTo("field", FIELDS, by_value=lambda value: "name", new=_new_value)


# The records a valued field's new value may be: one of theirs (its stored name), an exchange's or
# a provider's name (as typed).
RECORDS = {
    "account": ("own.account", "exchange"),
    "strategy": ("own.strategy",),
    "model": ("own.model", "provider"),
}


def _record_named(reading: Reading, field: str) -> dict[str, str]:
    kinds = RECORDS[field]
    replaced = {i + 1 for i, t in enumerate(reading.tags) if INSTEAD_OF in t.concepts}
    named = [
        t
        for i, t in enumerate(reading.tags)
        if not t.concepts.isdisjoint(kinds) and "own.trader" not in t.concepts and i not in replaced
    ]
    if len(named) != 1:
        return {}  # none, or two ("from kimi to deepseek"): which is asked
    tag = named[0]
    own = kinds[0] in tag.concepts
    return {field: tag.value if own else reading.norm.typed(tag.start, _id_end(reading.text, tag.end))}


def _id_end(text: str, end: int) -> int:
    """Where a provider's or an exchange's name ends with the model id it opens ("gpt-4o" of "use
    gpt-4o for rex", "rex用gpt-4o": the model said whole, not "gpt")."""
    while end < len(text) and text[end].isascii() and (text[end].isalnum() or text[end] in "-._:"):
        end += 1
    while text[end - 1] in "-._:":  # a mark ending the sentence is none of it ("use gpt-4.1.")
        end -= 1
    return end


# The words a switched field is set as, right before its word ("小蓝设成自动启动", "make snail start
# automatically", "set snail to auto start"): the field wanted, on.
_SET_AS = frozenset({"verb.set_to", "verb.make", "verb.update"})


def _set_as(reading: Reading, field: str) -> str | None:
    """On, where the switched ``field``'s word is what a set-to or make word before it sets ("小蓝设成
    自动启动", "make snail auto start"), nothing but fillers and their trader between, nothing after."""
    at = next((i for i, t in enumerate(reading.tags) if f"noun.{field}" in t.concepts), None)
    if at is None or any(not fills.is_filler(t) for t in reading.tags[at + 1 :]):
        return None
    before = [t for t in reading.tags[:at] if not fills.is_filler(t) and not t.concepts & _NAMED_TRADER]
    return "on" if before and before[-1].concepts & _SET_AS else None


def _made(reading: Reading) -> str | None:
    """A switched field set up or given for one of theirs, no on / off said ("set up a daily
    summary for afu", "give afu a daily summary", "帮阿强设个日报"), or asked for it with nothing
    else said ("daily report for afu pls"): switched on."""
    if reading.has("verb.create"):
        return "on"
    given = load().concepts["verb.update"].before_object  # "give" / "hand", only before one of theirs
    updates = (t for t in reading.tags if "verb.update" in t.concepts)
    said = (reading.norm.typed(t.start, t.end).casefold() for t in updates)
    if any(word in given for word in said):
        return "on"
    asked = any(c.startswith(("verb.", "ask.")) for c in reading.concepts) or "?" in reading.text
    own = reading.first("own.trader")
    wanted = own is not None and not asked and _FOR.before(reading.text, own.start) is not None
    return "on" if wanted else None


_FOR = Words("switch.for")
# What sends or turns on, said beside a don't ("don't forget to turn on rex's daily summary"): on.
_SENT = frozenset({"verb.switch_on", "answer.on", "verb.start", "pnl.send"})


# A switch's own turning on or off, or a start or stop: told not to ("别开", "don't stop", "唔好閂"),
# nothing is changed (reading the switch's other way would turn it the way not asked). Told not to
# send ("不要给rex发日报", as "don't send me daily reports" at creation): not wanted, off. A verb
# said apart from its on / off ("never turn rex's daily summary on", "don't switch it off") too.
_TURNS = frozenset(
    {"verb.switch_on", "verb.switch_off", "answer.on", "answer.off", "verb.start", "verb.stop"}
    | {"verb.turn_apart"}
)
_SENDS = frozenset({"pnl.send"})


def _told_not_to(reading: Reading) -> frozenset[str]:
    """The concepts of the word a don't is said right before, filler and the trader named skipped
    ("别给rex开日报": 开); a verb the don't took (its tag left with none: core.language.negation) as
    the lexicon reads it alone ("don't stop": stop). Empty when no don't is said before a word."""
    for at, tag in enumerate(reading.tags):
        if any(t.concepts & _TURNS for t in reading.tags[:at]):
            break  # "把rex的日报关了，别开": turned off, then told not to turn it on again
        if "filler.dont" not in tag.concepts:
            continue
        if _REMINDER.prefix(reading.text[tag.end :].lstrip()) is not None:
            return frozenset()  # "别忘了给rex开日报": a reminder to turn it on
        after = (t for t in reading.tags[at + 1 :] if not _skipped(t))
        said = next((t for t in after if not t.concepts & _NAMED_TRADER), None)
        if said is not None:
            return said.concepts or words(reading.text[said.start : said.end]).concepts
    return frozenset()


_NAMED_TRADER = frozenset({"own.trader", "noun.trader"})
_REMEMBER = "filler.memory"  # "don't forget to turn on …": no don't, a reminder to do it
_REMINDER = Words("switch.remember")


def _skipped(tag: Tag) -> bool:
    return bool(tag.concepts) and fills.is_filler(tag) and _REMEMBER not in tag.concepts


def _switched(concepts: frozenset[str]) -> str | None:
    """The on / off a switched field is said to; a don't with no turning on said is not wanted
    ("dont want the daily summary for rex anymore", "不想要rex的日报了"): off, never on, nor the
    daily summary "for rex" taken as asked for (_made)."""
    on = first(SWITCH, concepts)
    return "off" if on != "off" and "filler.dont" in concepts and not concepts & _SENT else on


def slots_for(action: str) -> SlotFill:
    """The fill of an ``action`` intent (core.skills.trader_management.intents)."""
    return partial(_slots, action)


def used_update(reading: Reading) -> dict[str, Any] | None:
    """A trader told what to run with ("让rex用main跑", "阿伟用大脑跑"): that changed. A start asked first,
    its verb before the trader ("start rex using main", "用main启动rex"): the start, never its account
    changed unasked (None: the start intent reads it)."""
    trader = next((t.start for t in reading.tags if "own.trader" in t.concepts), None)
    if trader is not None and any(t.start < trader and "verb.start" in t.concepts for t in reading.tags):
        return None
    return _slots("update", reading)


def _slots(action: str, reading: Reading) -> dict[str, Any] | None:
    """The slots of a trader request whose action the intent says; None when no trader is meant
    (a command, "启动机器人一号" with none of theirs so called, their trader "btc" named in "BTC 价格")."""
    concepts = reading.concepts
    if reading.text.startswith("/") or _bot_in_a_name(reading):
        return None
    if "noun.trader" not in concepts and action == "query" and not concepts & (PARTS | SHOWN):
        return None
    if action == "query" and told_not(reading):
        return None  # "别给我新建一个交易员", "don't stop night owl": a verb a don't took, nothing asked
    slots: dict[str, Any] = {}
    if action == "query" and concepts & set(STATUS):
        slots["status"] = "1"  # "我的agent运行得怎么样": how they are doing
    if action == "create":
        slots[REQUEST] = " ".join(unicodedata.normalize("NFKC", reading.norm.original).split())
        noun = reading.first("noun.trader")
        name = name_in(reading) or (name_after(reading, noun.end) if noun is not None else None)
        if name:
            slots["name"] = name
        for switched in SWITCHED:
            tag = reading.first(f"noun.{switched}")
            if tag is not None:
                slots[switched] = "off" if _refused_beside(reading, tag) else "on"
        return slots
    end = len(reading.text)
    if action == "update":
        marker = set_to(reading)
        if marker is not None and not any(t.concepts & NAMED for t in reading.tags if t.end <= marker.start):
            return None  # "rename robo one to bot two": a trader's word in the new name only
        end = end if marker is None else marker.start
        slots.update(UPDATE.read(reading) or {})
        field = slots.get("field")
        if field == "name" and marker is not None and _a_parameter(reading, marker.start):
            # "set rex's interval to 4h", "把阿强的周期改成4h": its strategy's parameter, no new name
            # (a trader has none of its own): nothing renamed; the reply says whose setting it is
            # and the words that change it there ("interval:4h", actions.PARAMETER_SAID).
            slots = {PARAMETER: _parameter_said(reading, marker)}
            field = None
        if field == "name" and "new_name" not in slots and (bare := _renamed_bare(reading)):
            slots["new_name"] = bare
        if field in VALUED and field not in slots:
            # "let alpha run the eth grid", "幫我改交易員阿強嘅模型做kimi": no set-to word, the one
            # record of the field's kind named is the new one (theirs by its name).
            slots.update(_record_named(reading, field))
        told = _told_not_to(reading) if field in SWITCHED else frozenset()
        if told & _TURNS:
            return None  # "别给rex开日报", "don't stop rex's daily summary": told not to, nothing asked
        on = _switched(concepts) or (_made(reading) or _set_as(reading, field) if field in SWITCHED else None)
        on = "off" if told & _SENDS or _refused(reading, field) else on
        if field in SWITCHED and on:
            slots[field] = on
        if field in SWITCHED:
            end = len(reading.text)  # "add a daily summary to rocky": no new value, rocky is its trader
    ref = record_ref(reading, KIND, end=end, every=action in ("stop", "query", "start"))
    if (
        action in ("start", "stop")
        and ref
        and ("name" in ref or "recent" in ref)
        and all_of_kind(reading, KIND, end)
    ):
        # "turn all my bots back on": all of them, whatever words are left ("turn"); a "this" in a
        # remark after ("stop all bots, this dump is insane") is no record pointed back at.
        ref = {"all": "1"}
    if action in ("start", "stop") and (run := _running(reading)) is not None:
        ref = {"strategy": run}  # "把跑大饼定投的那个机器人停了": the traders running it, not one so named
    if ref and "name" in ref and _glued_bots(reading):  # "删除交易员 机器人一号": said back whole
        ref = {"name": untagged(reading, 0, end, keep=frozenset({"noun.bot"})) or ref["name"]}
    if action == "query" and ref and "name" in ref and _loose_words(reading):
        return None  # "the bot told me the price … nice", "这 bot 挺好用的": a remark, no trader named
    if ref:
        slots["target_ref"] = ref
    if action == "start" and concepts & ASKED_HOW:
        slots[ASKED] = "how"  # "how do i start alpha": offered, confirmed before it starts
    if action == "start" and (used := _used_said(reading)) is not None:
        slots[KEPT] = used
    return slots


# What a start was told to use ("start rex using main", "用main启动rex"): a start changes none of the
# trader's fields, so the reply says this one was not changed and how to change it (handlers.py).
KEPT = "kept"
_USED = {"own.account": "account", "own.model": "model", "own.strategy": "strategy", "provider": "model"}
KEPT_FIELDS = frozenset(_USED.values())  # the fields a start may be told to use


def _used_said(reading: Reading) -> str | None:
    """ "account:main": the field and the record's name as typed."""
    if not reading.has("filler.using"):
        return None
    for tag in reading.tags:
        field = next((f for concept, f in _USED.items() if concept in tag.concepts), None)
        if field is not None:
            return f"{field}:{reading.norm.typed(tag.start, tag.end).strip()}"
    return None


# Asked how it is done ("how do i start alpha", "阿尔法怎么启动": core.language.how_to keeps a start
# of one of their traders): the start is offered behind its confirmation, never run at once.
ASKED, ASKED_HOW = "asked", frozenset({"ask.how", "ask.getting_started"})


def stopped_strategy(reading: Reading) -> dict[str, Any] | None:
    """A stop naming a strategy, the traders running it to stop (skill.py finds them, asks to
    confirm): one of theirs by its name ("停掉BTC定投"), else by its coin and kind ("stop my eth
    dca": the words said back when none of theirs is one, "eth dca")."""
    if _asked(reading.concepts):
        return None  # "停止定投会怎样", "什么时候停掉我的BTC定投": a question, nothing to stop
    ref = _strategy_ref(reading, said_whole=True)
    return {"target_ref": ref} if ref is not None else None


def started_strategy(reading: Reading) -> dict[str, Any] | None:
    """A start naming a strategy ("重启BTC定投", "restart my eth grid"): a strategy has no start of
    its own, it runs in its traders; skill.py starts the one of them stopped (asks which when
    several are, says how to run it when none has it). A question starts nothing."""
    if reading.concepts & ASKED_HOW or _asked(reading.concepts):
        return None  # "how do i start my eth grid": how it is done, answered
    if reading.has(NAME_WORD):
        return None  # "启动 BTC定投助手 交易员": a trader's name, its kind's word inside it
    said = [t.start for t in reading.tags if t.concepts & _STRATEGY_WORDS]
    if said and _A_ONE.before(reading.text, min(said)) is not None:
        return None  # "start a btc dca", "启动一个btc定投": a new one, made (or asked how), never theirs
    ref = _strategy_ref(reading, said_whole=True)
    return {"target_ref": ref} if ref is not None else None


_A_ONE = Words("strategy_value.a_one")
_STRATEGY_WORDS = KIND_CONCEPTS | {COIN, "own.strategy"}


def running_strategy(reading: Reading) -> dict[str, Any] | None:
    """A strategy asked whether it still runs: the traders running it, with their state (skill.py
    finds them): one of theirs by its name ("BTC定投还在跑吗"), else by its coin and kind ("is my
    grid still running", "我的網格策略還在跑嗎")."""
    ref = _strategy_ref(reading, said_whole=False)
    return {"target_ref": ref, "status": "1"} if ref is not None else None


def _strategy_ref(reading: Reading, *, said_whole: bool) -> dict[str, Any] | None:
    """The strategy a message names: one of theirs by its name, else by its kind (never ai) with
    its coin when one coin is named. ``said_whole``: said back as the words no other tag explains
    ("eth dca"), and a name when more than a coin and a kind is left ("停掉ETH定投2号"); else as
    the kind's own word."""
    own = reading.first("own.strategy")
    if own is not None:
        return {"strategy": own.value}
    kind = kind_of(reading)
    if kind is None or kind == "ai":
        return None
    if said_whole:
        said = untagged(reading, 0, len(reading.text), keep=KIND_CONCEPTS | {COIN})
        if reading.rest():
            return {"strategy": said}
    else:
        tag = next(t for t in reading.tags if f"strategy.{kind}" in t.concepts)
        said = reading.text[tag.start : tag.end]
    coins = fills.coins(reading)
    return {"strategy": said, "kind": kind} | ({"symbol": coins[0]} if len(coins) == 1 else {})


_RUNS = frozenset({"verb.start", "ask.running"})


def _running(reading: Reading) -> str | None:
    """The strategy of theirs a trader is named by as the one running it, no trader of theirs said
    ("把跑大饼定投的那个机器人停了", "行緊以太網格嗰個交易員停咗佢", "shut down whichever bot is running
    sol ladder"): a run's word right before it (filler between), their traders' word said too."""
    if "own.trader" in reading.concepts or "noun.trader" not in reading.concepts:
        return None
    tags = reading.tags
    for at, tag in enumerate(tags):
        if "own.strategy" not in tag.concepts:
            continue
        before = next((t for t in reversed(tags[:at]) if not fills.is_filler(t)), None)
        if before is not None and before.concepts & _RUNS:
            return tag.value
    return None


def _asked(concepts: frozenset[str]) -> bool:
    """A question about stopping, not the request: any question word, but "how do I stop" one of
    theirs ("怎么停掉我的BTC定投", "how do I stop my btc dca") asks for it done, as "how do I stop
    trader alpha" does; "how do i stop a dca" (no "my") asks how it is done."""
    asks = {c for c in concepts if c.startswith("ask.")}
    return bool(asks - {"ask.how"}) or (bool(asks) and not concepts & {"filler.mine", "own.strategy"})


def _glued_bots(reading: Reading) -> list[Tag]:
    """The everyday "机器人" written on to more of a name ("机器人一号"), none of theirs so called."""
    if "own.trader" in reading.concepts:
        return []  # "把机器人一号改名为机器人二号": theirs named, the word is the new name's
    tagged = {i for t in reading.tags for i in range(t.start, t.end)}
    text = reading.text
    return [
        t
        for t in reading.tags
        if "noun.bot" in concepts_at(reading, t)
        and t.end < len(text)
        and t.end not in tagged
        and text[t.end].isalnum()
    ]


def _loose_words(reading: Reading) -> bool:
    """The words no tag explains lie in several places ("the bot told me the price … nice", "这 bot
    挺好用的"): a remark, no name. A name of theirs, one given whole ("called alpha", quoted) or
    the words in one place ("trader alpha", "alpha 这个交易员") is one."""
    if reading.first("own.trader") is not None or name_in(reading):
        return False
    free = typed_names.unexplained(reading, 0, len(reading.text))
    pieces, run = 0, ""
    for i, ch in enumerate(f"{reading.text} "):
        if i < len(reading.text) and free[i] and (ch.isalnum() or ch in " '"):
            run += ch
            continue
        pieces += any(c.isalnum() for c in run)
        run = ""
    return pieces > 1


def _bot_in_a_name(reading: Reading) -> bool:
    """Every trader noun is the everyday "机器人" of a name ("启动机器人一号"): no trader request."""
    nouns = [t for t in reading.tags if "noun.trader" in t.concepts]
    return bool(nouns) and all("noun.bot" in t.concepts for t in nouns) and bool(_glued_bots(reading))


def _refused(reading: Reading, field: Any) -> bool:
    """A switched field's word with a refusing word beside it ("spin up rex, no daily summary",
    "without the daily summary", "不要每日总结"): off, whatever else turns on (a start said)."""
    tag = reading.first(f"noun.{field}") if field in SWITCHED else None
    return tag is not None and _refused_beside(reading, tag)


def _refused_beside(reading: Reading, part: Tag) -> bool:
    """A refusing word right before ``part`` (filler between) or right after it, in its clause."""
    tags = reading.tags
    at = tags.index(part)
    before = next((t for t in reversed(tags[:at]) if not _filler(t)), None)
    # "日报就不用发了": a filler or a 就 between
    after = next((t for t in tags[at + 1 :] if not _filler(t) and t.concepts != _JUST), None)
    near = [t for t in (before, after) if t is not None]
    return any(t.concepts & _REFUSING and not clause_break(reading.scanned, *_span(t, part)) for t in near)


def _filler(tag: Tag) -> bool:
    return bool(tag.concepts) and all(c.startswith("filler.") and c != "filler.dont" for c in tag.concepts)


def _span(a: Tag, b: Tag) -> tuple[int, int]:
    return min(a.end, b.end), max(a.start, b.start)


# A strategy's parameters (core.strategies.words.FIELDS; its notes are free text): no field of a trader's.
PARAMETERS = frozenset(f"strategy.{field}" for field in STRATEGY_FIELDS if field != "notes")


PARAMETER = "parameter"


def _parameter_said(reading: Reading, marker: Tag) -> str:
    """ "interval:4h": the strategy's parameter named before the set-to word, the value typed after."""
    named = next(t for t in reading.tags if t.end <= marker.start and t.concepts & PARAMETERS)
    field = min(named.concepts & PARAMETERS).removeprefix("strategy.")
    return f"{field}:{reading.norm.typed(marker.end, len(reading.text)).strip()}"


def _a_parameter(reading: Reading, end: int) -> bool:
    """A strategy's parameter is named before ``end`` (the set-to word) and no new name is."""
    before = [t for t in reading.tags if t.end <= end]
    if any(t.concepts & {"verb.rename", "noun.name"} for t in before):
        return False
    return any(t.concepts & PARAMETERS for t in before)


def _renamed_bare(reading: Reading) -> str | None:
    """A new name typed right after their trader named right after the rename, no set-to word
    ("rename gary garold"; "gary's earned a promotion, rename him garold" read back as "rename
    trader gary garold"): the words left to the end, none of them a word of the lexicon."""
    tags = reading.tags
    at = next((i for i, t in enumerate(tags) if "verb.rename" in t.concepts), None)
    if at is None:
        return None
    after = [t for t in tags[at + 1 :] if not _filler(t)]
    named = next((i for i, t in enumerate(after) if "own.trader" in t.concepts), None)
    if named is None or any("noun.trader" not in t.concepts for t in after[:named]):
        return None
    record = after[named]
    if any(t.start >= record.end for t in tags):
        return None  # other words of a request after it: no name of its own
    typed = reading.norm.typed(record.end, len(reading.text)).strip(' "“”「」『』,，.。!！')
    return " ".join(typed.split()) or None
