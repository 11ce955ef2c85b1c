"""Reading alert requests: "当 BTC 跌破 80000 提醒我", "alert me when ETH goes above 5000",
"SOL 24小时涨跌超过 5% 告诉我", "/alert btc < 80000", "我设置了哪些价格提醒", "cancel my SOL alert".

Read through the language layer: the lexicon's words (verb.notify, noun.alert, direction.*), the
alert's own phrases (core/language/lexicon/phrases/alert.toml), the tagger's coin and the value
grammar's numbers (core.language.values): a level, a percent, a window or a cooldown is read
exactly or refused. What the text leaves out (the level, the coin) is the skill's to ask about."""

from __future__ import annotations

from typing import Any, Literal

from core.language.cents import in_cents
from core.language.fills import as_typed, blank, command, outside, said_as
from core.language.gazetteer import SEVERAL
from core.language.negation import NOT_ASKED, negated_coins
from core.language.normalize import has_cjk, normalize_text
from core.language.ordinals import counted_before
from core.language.phrases import Words, skip_spaces
from core.language.spans import clause_break
from core.language.supposed import SUPPOSED
from core.language.tagger import COIN, Reading, Tag
from core.language.typed_names import first_clause, set_to, without_close
from core.language.values import REFUSED_PREFIX, UNIT_SECONDS, Value, find_values, refused_slot
from core.markets import MarketCatalog
from core.routing.router import Route, RouteContext
from core.skills.price_alert.listing import lists
from core.skills.price_alert.targets import (
    asked,
    asks_of_it,
    deleting,
    labelled_level,
    name_before_noun,
    names_alert,
    removes_other,
    said_level,
    set_up_asked,
    spared,
)
from core.tasks.names import clean_name
from core.workspace.extraction import find_name
from core.workspace.trade_money import coin_choice, coin_list
from core.workspace.trade_reading import CoinNames

Action = Literal["create", "query", "delete", "rename"]

# The lexicon's concepts: asking to be told, an alert named, a direction, the alert's own words.
ASKS = frozenset({"verb.notify", "noun.alert", "filler.tell"})  # told: with a crossing (intents)
# Set up for a crossing ("帮我设个体型 大饼跌破8万"): what is set is the alert (the intents say when).
SET_UP, CROSSING = "verb.create", frozenset({"verb.cross", "direction.above", "direction.below"})
NOUN, ABOVE, BELOW = "noun.alert", "direction.above", "direction.below"
REMEMBER = Words("alert.remember")  # "don't forget to remind me": a don't that asks the alert
NO = "answer.no"  # "no btc alert at 4000": no alert, when it opens the message
STATE = "ask.status"  # an alert's state asked, or whether one was set or deleted (core.language.asked)
# The alert's own words (core/language/lexicon/phrases/alert.toml), never tagged in other messages.
REPEAT, COOLDOWN, DELETE = Words("alert.repeat"), Words("alert.cooldown"), Words("alert.delete")
COOLDOWN_AFTER = Words("alert.cooldown_after")  # said after its length ("a 30 minute cooldown")
COUNT, TIMES, FROM = Words("alert.count"), Words("alert.times"), Words("alert.move_from")
FROM_NOW, THAN_NOW = Words("alert.from_now"), Words("alert.than_now")
TIMES_SAID = {Words("alert.double"): "2", Words("alert.halve"): "0.5", Words("alert.triple"): "3"}
UNCLEAR = Words("alert.multiple_unclear")
RISE, FALL, BIG_MOVE = Words("alert.rise"), Words("alert.fall"), Words("alert.big_move")
EITHER = Words("choice.or")
# A name given it ("call it dip buyer", "叫它抄底线", "命名为抄底线"), read as every record's name is
# (core.workspace.extraction): taken out before the rest is read, so its words ask nothing.
NAMED = Words("names.it_marker")
NAME = "name"  # the slot: the alert's name (a create's to give, a delete's or a question's to find)
_ID_JOIN = Words("alert.id_join")  # "delete alert 3 and 4": the 4 an id too
WHAT = frozenset({"ask.what_is", "ask.how_much"})  # "what's … set to", "设成多少了": a value asked
RENAME, RENAMING = "verb.rename", frozenset({"verb.rename", "verb.set_to", "filler.to"})
CHANGED = frozenset({"verb.set_to", "verb.update"})
NEW_NAME = "new_name"  # a rename's slot
NAME_WORD = "noun.name"  # "换个名字": its name said, changed
_ALERT_NOUNS = ("alert ", "提醒")  # the kind said after its name
OWN = "own.alert"  # one of their alerts, by its name (the turn's gazetteer, core.language.gazetteer)
MISSED = Words("alert.missed")  # "my btc alert never fired": a complaint, their alerts shown
FIRED = Words("alert.fired")  # "my alerts went off 10 times last night": told, no list asked
LS, RM = Words("alert.command_list"), Words("alert.command_delete")  # "/alert list", "/alert rm 1a2b3c4d"
DELETES = frozenset({"verb.delete", "verb.cancel", "verb.stop", "verb.switch_off"})
STOP_TELLING, TELL = Words("alert.stop_telling"), "verb.notify"
PAUSE, PAUSED = Words("alert.pause"), "pause"  # held a while, not taken away: the slot says it asked
VAGUE = Words("alert.vague")  # "notifications": not only alerts' (summaries, reports, fills)
SIGNS = {"above": Words("alert.above_sign"), "below": Words("alert.below_sign")}
AFTER_LEVEL = {"above": Words("alert.above_after"), "below": Words("alert.below_after")}  # "4000以上"
# A level: a number or a price ("80000", "8万", "at 80000"), or a quote ("80000 USDT"); never a
# base amount.
LEVEL_KINDS = frozenset({"number", "price"})
PERCENT, WINDOW = ("percent",), ("duration", "interval")  # a value said as a percent, as a window of time
# What a level alert does not do, said back quoting the first value that says it (was dropped):
# "above 80000 in 24h" (no window), "every 2 hours" (it fires on a crossing, not by the clock).
LEVEL_SAID = (
    ("window", "level_window", ("duration",), UNIT_SECONDS),
    ("said", "level_every", ("interval",), ()),
)
_WINDOWS = {3600: "1h", 86400: "24h"}  # a move's window, by its length in seconds
_MINUTES = {unit: seconds // 60 for unit, seconds in UNIT_SECONDS.items()}


AlertReading = tuple[Action, dict[str, Any]]  # the action asked for, with the slots said


def _slipped(reading: Reading, name: str) -> bool:
    """ "/alret sol 200": the command's name typed one slip off the alert's word (the tagger reads
    the slip, core/language/slips.py), as "alret btc above 120000" is read without its slash."""
    tag = reading.tags[0] if reading.tags else None
    return tag is not None and (tag.start, tag.end) == (1, 1 + len(name)) and NOUN in tag.concepts


def read_alert(text: str, coins: CoinNames, *, inner: bool = False) -> AlertReading | None:
    """The alert reading of a message, or None when it is not about price alerts (``inner``: the
    message again with its negated coins blanked, already told no alert refused). A name given
    ("…，叫它抄底线") is the slot ``name``, its words blanked before the rest is read; one that
    cannot be a name (too long, a credential) is a refusal quoting it."""
    named = None if inner else find_name(text, NAMED)
    if named is None:
        return _read_alert(text, coins, inner=inner)
    found = _read_alert(blank(text, (named.start, named.end)), coins, inner=inner)
    if found is None:
        return None
    if named.value is not None:
        return found[0], {**found[1], NAME: named.value}
    typed = text[named.start : named.end]
    marker = NAMED.prefix(normalize_text(typed).text) or 0  # quoted without "call it" / "叫它"
    return found[0], {**found[1], NAME: f"{REFUSED_PREFIX}name:{typed[marker:].strip() or typed}"}


def _read_alert(text: str, coins: CoinNames, *, inner: bool = False) -> AlertReading | None:
    reading = coins.read(text)
    norm = reading.text
    said = command(as_typed(reading))  # its arguments as typed, to quote a refusal ("1E5")
    if said is not None and (said[0] in ("alert", "alerts") or _slipped(reading, said[0])):  # "/alerts@bot …"
        return _command(coins.read(said[1]), coins)
    set_up = reading.has(SET_UP) and bool(reading.concepts & CROSSING)
    if not norm or norm.startswith("/") or not (reading.concepts & ASKS or set_up):
        return None
    if reading.has(NOUN) and reading.has(STATE):
        return ("query", {})  # "你删了btc的提醒吗", "did you set an alert for btc at 90k": asked, none made
    if (reading.has(NOUN) or reading.has(TELL)) and MISSED.search(norm) is not None:
        return ("query", {})  # "没收到btc的提醒": never one made (a level said is the one that missed)
    values = find_values(norm)
    stops = _stops_telling(reading)  # "唔好再提我 BTC 喇", "stop reminding me about btc"
    refused = not inner and not stops and _told_none(reading)
    if spared(reading, kept=False):  # "delete all alerts except btc", "删除btc以外的提醒": none of btc's
        return ("query", {}) if any(c.startswith(("ask.", "verb.query")) for c in reading.concepts) else None
    leveled = _has_level(reading, values)  # "skip the buy, just set an alert …": no removal of alerts
    if (
        (reading.has(NOUN) or stops)
        and not removes_other(reading, leveled)
        and (deleting(reading) or not leveled)
    ):
        # "删除我的 BTC 提醒" names its alerts as a question would
        if stops or reading.concepts & DELETES or _deletes(reading):
            if SUPPOSED in reading.concepts and not stops:
                return None  # "what if i delete all my alerts", "假如把btc提醒全删了": weighed, none deleted
            if refused and values:
                return None  # "不要btc 4000的提醒", "不要设置btc 4000的提醒": none made, none deleted
            target = _target(reading, values, coins)
            if "symbol" in target and spared(reading):
                return None  # "delete all alerts except btc": the coin named is kept, none deleted
            if not target and not stops and _vague(reading):
                return None  # "turn off notifications": which notices is unsaid, no alert deleted
            if not stops and PAUSE.search(norm) is not None:
                return ("query", {**target, PAUSED: "1"})  # "pause dip buyer": shown, none deleted
            return ("delete", target)
        if lists(reading):
            # "lol my alerts went off 10 times last night": told, nothing asked; "did my alerts go off?" asks
            return ("query", {}) if FIRED.search(norm) is None or asked(reading) else None
    told = negated_coins(reading.scanned, reading.found)
    for start, end in sorted(told):  # "no btc alert for eth at 4000", "not btc, eth alert at 4000"
        norm = norm[:start] + " " * (end - start) + norm[end:]
    found = _read_alert(norm, coins, inner=True) if told else None
    if found is not None and found[0] == "create":  # a coin said "not" is never the alert's
        return found
    if refused:
        return None  # "no btc alert at 4000", "don't set a btc alert at 4000": nothing is made
    if not values and reading.has(NOUN) and FIRED.search(norm) is not None and not asked(reading):
        return None  # "the eth alert fired right on time": told, none made
    slots = _create_slots(reading, coins)
    if "symbol" not in slots and "condition" not in slots and not set_up_asked(reading):
        return None  # "tell me a joke": a verb of telling, nothing to watch ("加个价格预警": its coin asked)
    return ("create", slots)


class AlertRule:
    """The skill's routing rule: a message read once, into the one action it asks for; with the
    person's record names, one of their alerts named ("delete dip buyer", "我的抄底线还在吗")."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.coins = CoinNames(catalog)

    def route(self, text: str) -> Route | None:
        found = read_alert(text, self.coins)
        return None if found is None else Route("price_alert", *found)

    def route_reading(self, reading: Reading, context: RouteContext) -> Route | None:
        text = reading.norm.original
        own = reading.first(OWN)  # a name of records of several kinds is asked about, not taken
        theirs = own is not None and f"own.{SEVERAL}" not in own.concepts
        found = _their_alert(text, reading, own, self.coins) if own is not None and theirs else None
        found = found or read_alert(text, self.coins)
        return None if found is None else Route("price_alert", *found)


def _their_alert(text: str, reading: Reading, own: Tag, coins: CoinNames) -> AlertReading | None:
    """One of their alerts named, its delete or a question of it ("dip buyer删掉", "is dip buyer
    still on"): read as the same words with the alert's noun for its name ("提醒删掉", "is alert
    still on"), the name in the slot. A name given it ("call it …") is a create's, read as one."""
    renaming = reading.has(RENAME) or reading.has(NAME_WORD)  # "改个名叫底部": a name given it, no new alert
    if not renaming and find_name(text, NAMED) is not None:
        return None
    start, end = reading.norm.offsets[own.start], reading.norm.offsets[own.end]
    after = max((t.end for t in reading.tags if t.concepts & RENAMING), default=0)
    named_as = set_to(reading)  # "抄底线这个提醒改个名，叫底部": the new name after its 叫
    after = max(after, named_as.end) if named_as is not None else after
    new = reading.norm.typed(after, len(reading.text)) if after > own.start else ""
    if reading.has(RENAME) and not new:  # "call the eth floor alert 'last stand'": the words after it
        new = reading.norm.typed(own.end, len(reading.text)).lstrip()
        new = new[len(next((n for n in _ALERT_NOUNS if new.lower().startswith(n)), "")) :]
    # "rename dip buyer to floor"; "把提醒破十万改成六位数", "change dip buyer to floor": changed to
    # words after the name, no value (a level's change is none), is a new name too
    # ... unless what it is set to is asked ("whats the moon call alert set to again?"): its question
    changed = (
        bool(CHANGED & reading.concepts)
        and after >= own.end
        and bool(new.strip())
        and not WHAT & reading.concepts
    )
    if reading.has(RENAME) or (changed and not find_values(new)):
        if not new:
            return "rename", {NAME: own.value}  # the new name asked for
        new = without_close(first_clause(new))  # "rename moon call to lambo please": lambo
        told = new.lstrip(" ,，")  # "rename moon call, call it lambo": the name after the words giving it
        marker = NAMED.prefix(normalize_text(told).text)
        new = told[marker:].strip() if marker else new
        return "rename", {NAME: own.value, NEW_NAME: clean_name(new) or f"{REFUSED_PREFIX}name:{new}"}
    noun = "提醒" if has_cjk(text) else " alert "
    found = read_alert(f"{text[:start]}{noun}{text[end:]}".strip(), coins)
    if found is None and asks_of_it(reading):  # "is moon call active", "show me dip buyer": that one
        return "query", {NAME: own.value}
    if found is None or found[0] == "create":
        return None
    return found[0], {**{k: v for k, v in found[1].items() if k != "symbol"}, NAME: own.value}


def _command(args: Reading, coins: CoinNames) -> AlertReading:
    """/alert [list | delete <coin or id> | <coin> <op> <level> | <coin> <n>% <window>] [repeat ...]"""
    if not args.text or LS.prefix(args.text) == len(args.text):
        return ("query", {})
    head, _, rest = args.text.partition(" ")
    if RM.prefix(head) == len(head):
        if rest.strip().isdigit():  # "/alert rm 3": the argument is the alert's id, one they have or not
            return ("delete", {"alert_id": rest.strip()})
        return ("delete", _target(coins.read(rest), find_values(rest), coins))
    return ("create", _create_slots(args, coins))


def _told_none(reading: Reading) -> bool:
    """No alert asked: a don't / never said before the alert's word in its clause ("don't set a
    btc alert at 4000", "别给我设btc 4000的提醒", "never alert me on btc at 4000"), or the message
    opening on a bare "no" right before it ("no btc alert at 4000"; "no, btc alert at 4000" answers
    no to something else and asks the alert)."""
    asks = [t.start for t in reading.tags if t.concepts & ASKS]
    if not asks:
        return False
    first = min(asks)
    for tag in reading.tags:
        if tag.start >= first or clause_break(reading.scanned, tag.end, first):
            continue
        if NOT_ASKED in tag.concepts and REMEMBER.prefix(reading.scanned[tag.start :]) is None:
            return True
        if tag.start == 0 and NO in tag.concepts and reading.scanned[tag.end : tag.end + 1] == " ":
            return True
    return False


def _stops_telling(reading: Reading) -> bool:
    """Telling stopped right before a verb of telling ("唔好再提我 BTC", "stop reminding me")."""
    starts = {t.start for t in reading.tags if TELL in t.concepts}
    stops = STOP_TELLING.spans(reading.text, every=True)
    return any(skip_spaces(reading.text, end) in starts for _, end in stops)


def _vague(reading: Reading) -> bool:
    """Every alert noun said is a bare notification ("stop the notifications"), none an alert's."""
    nouns = [t for t in reading.tags if NOUN in t.concepts]
    return bool(nouns) and all(VAGUE.prefix(reading.text[t.start : t.end]) == t.end - t.start for t in nouns)


def _deletes(reading: Reading) -> bool:
    """An alert's own word of taking it away ("清掉", "不要…提醒了"), not one that is a don't
    before its verb ("不要删除我的提醒": the 删除 lost its act to the 不要, nothing is deleted)."""
    told_not = {t.start for t in reading.tags if not t.concepts}  # a verb a don't took the act of
    return any(
        skip_spaces(reading.text, end) not in told_not for _, end in DELETE.spans(reading.text, every=True)
    )


def _has_level(reading: Reading, values: list[Value]) -> bool:
    if not any(v.kind in ("number", "price", "amount", "percent", "refused") for v in values):
        return False
    return bool(
        _operator(reading.text, values) is not None
        or any(said_as(v, PERCENT, ("%",)) for v in values)
        or reading.concepts & {ABOVE, BELOW}
    )


def _coin(reading: Reading, coins: CoinNames) -> tuple[str | None, Tag | None]:
    """The first listed coin named (and its tag), else the first named that deskmate does not trade."""
    named = [t for t in reading.tags if COIN in t.concepts and t.value]
    for tag in named:
        if coins.catalog.is_supported(tag.value):
            return tag.value, tag
    return (named[0].value, None) if named else (None, None)


def _alert_id(reading: Reading, values: list[Value]) -> str | None:
    """An alert's id: eight hex characters ("#1a2b3c4d", "1a2b3c4d", "12345678"), or a number said
    as one's ("delete alert 3", "alert #3", "删除3号提醒", "删除提醒3"), as an order's is ("cancel order
    2"): the skill answers an id they do not have as such, never another alert taken for it."""
    nouns = {skip_spaces(reading.text, t.end) for t in reading.tags if NOUN in t.concepts}
    ids: list[tuple[Value, str]] = []
    for value in values:
        if value.kind == "id" and (len(value.ident) == 8 or value.ident.isdigit()):
            ids.append((value, value.ident))
        gap = reading.text[ids[-1][0].end : value.start].strip() if ids else ""
        listed = bool(gap) and (0, len(gap)) in _ID_JOIN.spans(gap)
        said_as_id = len(value.typed) == 8 or value.start in nouns or listed  # "alert 3 and 4"
        if value.kind == "number" and value.typed.isdigit() and said_as_id:
            ids.append((value, value.typed))
    if len({ident for _, ident in ids}) > 1:  # "delete alert 1a2b3c4d and 5e6f7a8b": none dropped
        first, last = ids[0][0], ids[-1][0]  # refused quoting both (each its own ask when cut apart)
        typed = reading.norm.typed(first.start, last.end)
        return refused_slot(Value("refused", first.start, last.end, typed, reason="two_numbers"))
    if ids:
        return ids[0][1]
    return counted_before(reading, frozenset({NOUN}))  # "delete the second alert", "my 3rd alert"


def _target(reading: Reading, values: list[Value], coins: CoinNames) -> dict[str, Any]:
    found = {"alert_id": _alert_id(reading, values), "symbol": _coin(reading, coins)[0]}
    choice = coin_choice(reading)  # "delete my btc or eth alert": which is undecided, neither deleted
    if choice is not None:
        found["symbol"] = f"{REFUSED_PREFIX}coin_choice:{choice}"
    if not any(found.values()):  # "delete my dip buyr alert": a name asked, never any alert taken
        found[NAME] = name_before_noun(reading)
    if (
        not found.get(NAME)
        and not found["alert_id"]
        and len({t.value for t in reading.tags if COIN in t.concepts}) < 2
    ):
        found.update(said_level(reading, _create_slots(reading, coins)))  # "delete my eth alert above 4000"
        found.update({} if "level" in found else labelled_level(reading, values))  # "delete the 3000 alert"
    return {slot: value for slot, value in found.items() if value is not None}


def level_answered(text: str, coins: CoinNames, base: str) -> dict[str, Any] | None:
    """An answer to "which level?" ("above 100000", "跌破8万", "5% in 1h" after "add an alert for btc"):
    read as an alert's, of the coin ``base`` unless it names its own; None: it says no condition."""
    slots = _create_slots(coins.read(text), coins)
    if "symbol" not in slots:  # "100k", "above 100000": said of the coin asked about
        slots = _create_slots(coins.read(f"{base} {text}"), coins)
        slots.pop("symbol", None)
    if not any(slots.get(k) for k in ("condition", "level", "times", "from_now")):
        return None
    return slots


def _create_slots(reading: Reading, coins: CoinNames) -> dict[str, Any]:
    slots: dict[str, Any] = {}
    norm = reading.text
    symbol, where = _coin(reading, coins)
    if symbol is not None:
        slots["symbol"] = symbol
    listed = coin_list(reading)  # "btc和eth设一个90000的提醒": one alert is one coin's; refused quoting
    if listed is not None:  # the coins, never the first one's alone ("btc和eth各设…": one each, each_coin)
        slots["symbol"] = (
            f"{REFUSED_PREFIX}several_coins:{reading.norm.typed(listed[0].start, listed[-1].end)}"
        )
    choice = coin_choice(reading)  # "alert me if btc or eth drops 5%": which coin is undecided
    if choice is not None:
        slots["symbol"] = f"{REFUSED_PREFIX}coin_choice:{choice}"
    # Take the coin's name out before reading numbers ("sol 5%" has no level in "sol"); blanked
    # to the same length, so that the text as typed (its case) lines up for quoting a refusal.
    shown = as_typed(reading)
    spans = [] if where is None else [(where.start, where.end)]
    rest, source = blank(norm, *spans), blank(shown, *spans)
    values = [in_cents(v, rest) for v in find_values(source)]  # "hits 50 cents": 0.5
    # A coin's amount is no level ("buy 0.1 eth and tell me when it dips"); "80k btc alert"'s is.
    amounts = [v for v in reading.spans() if v.unit == "base" and not names_alert(reading, v.end)]
    values = outside(values, [(v.start, v.end) for v in amounts])
    cooldown = _cooldown(values, rest, source)
    if cooldown is not None:
        span, slots["cooldown"] = cooldown
        slots["repeat"] = True
        rest, source, values = blank(rest, span), blank(source, span), outside(values, [span])
    if REPEAT.search(rest):
        slots["repeat"] = True
    count = _count(rest, source, values)
    if count is not None:  # "twice", "提醒我3次": no alert fires N times; said back (was dropped)
        span = count[0]
        if count[1]:
            slots["said"] = count[1]
        rest, source, values = blank(rest, span), blank(source, span), outside(values, [span])
    # The words of the way it moves, outside the words asking to be told ("heads up" says no rise).
    ways = blank(rest, *((t.start, t.end) for t in reading.tags if t.concepts & ASKS))
    now = _from_now(reading, rest, ways, source, values)
    if now:  # "BTC 翻倍", "tell me when eth halves", "moves 5% from now": the skill reads the price
        return {**slots, **now}
    percent = next((v for v in values if said_as(v, PERCENT, ("%",))), None)
    if percent is not None:
        slots["condition"] = "move"
        slots["level"] = percent.slot
        if bool(RISE.search(ways)) != bool(FALL.search(ways)):  # "drops 5% in the next hour"
            slots["one_way"] = "up" if RISE.search(ways) else "down"  # a move is watched both ways: said
        named = next((v for v in values if v.kind in LEVEL_KINDS), None)
        if named is not None and "said" not in slots:  # "drops 5% from 90000": said back (was dropped)
            word = FROM.before(source, named.start)
            slots["said"] = (
                f"{REFUSED_PREFIX}move_from:{source[named.start if word is None else word : named.end]}"
            )
        return _move_window(slots, values)
    if BIG_MOVE.search(ways) and not any(v.kind in LEVEL_KINDS for v in values):
        # "sol一小时内波动大的话就通知我": a move over the window said, its percent the skill's to ask
        return _move_window({**slots, "condition": "move"}, values)
    levels = [
        v for v in values if v.kind in LEVEL_KINDS or v.refused or (v.kind == "amount" and v.unit == "quote")
    ]
    way = _way(reading, rest, levels)
    if way is not None:
        at, slots["condition"] = way
        level = next((v for v in levels if v.end > at + 1), None) or next(iter(levels), None)
    else:
        # "BTC到10万提醒我", "set an alert for btc at 100k": a level with no direction; the skill
        # takes the side of it the price is not on now
        level = levels[0] if levels and "symbol" in slots else None
    if level is None:
        return slots
    if way is None:  # "eth 4000以上", "btc 8万以下": the way said right after the level
        way = next(((level.end, side) for side, w in AFTER_LEVEL.items() if w.after(rest, level.end)), None)
        slots.update({"condition": way[1]} if way else {})
    for slot, reason, kinds, units in LEVEL_SAID:
        said = next((v for v in values if said_as(v, kinds, units)), None)
        if said is not None and slot not in slots:
            slots[slot] = f"{REFUSED_PREFIX}{reason}:{said.typed}"
    also, refused = _also(reading, rest, shown, levels, level)
    if refused is not None and way is not None:  # "跌到 80000-81000": which one? said back
        slots["level"] = refused_slot(refused)
    elif refused is None and (way is not None or len(levels) == 1 or also):
        slots["level"] = level.slot
        if also:
            slots["also"] = also
    return slots


def _move_window(slots: dict[str, Any], values: list[Value]) -> dict[str, Any]:
    """A move alert's slots with the window said ("in 1 hour": "1h"); "in 4 hours" is no window of
    deskmate's: said back, not 24h."""
    window = next((v for v in values if said_as(v, WINDOW, UNIT_SECONDS)), None)
    if window is not None:
        seconds = window.number * UNIT_SECONDS.get(window.unit, 0)
        served = None if window.refused else _WINDOWS.get(int(seconds)) if seconds % 1 == 0 else None
        slots["window"] = served or f"{REFUSED_PREFIX}window:{window.typed}"
    return slots


def _from_now(reading: Reading, rest: str, ways: str, typed: str, values: list[Value]) -> dict[str, str]:
    """A level the price now decides: a multiple of it ("times": "2" for "翻倍" / "2x", "0.5" for
    "腰斩" / "halves", "3" for "3倍" / "3x"), or a percent counted from it ("from_now", with the
    way it goes: "moves 5% from now" either way, "从现在起涨5%" up). "涨3倍" (3x or 4x?) and a
    multiple not read exactly ("-2x") are refused quoting them."""
    word = next((times for words, times in TIMES_SAID.items() if words.search(rest)), None)
    if word is not None:
        return {"times": word}
    times = next((v for v in values if v.kind == "multiple" or (v.refused and v.unit == "x")), None)
    if times is not None:
        unclear = UNCLEAR.before(rest, times.start, space=False)
        if unclear is not None and not times.refused and rest[times.end - 1] == "倍":
            return {"times": f"{REFUSED_PREFIX}times_unclear:{typed[unclear : times.end]}"}
        return {"times": times.slot}
    percent = next((v for v in values if said_as(v, PERCENT, ("%",))), None)
    now, window = FROM_NOW.search(rest), next((v for v in values if said_as(v, WINDOW, UNIT_SECONDS)), None)
    # One way said, no window and no price to count from ("goes up 10%", "涨5%"): from now.
    one_way = bool(RISE.search(ways)) != bool(FALL.search(ways))
    plain = one_way and not window and not any(v.kind in LEVEL_KINDS for v in values)
    if percent is None or not (now or THAN_NOW.search(rest) or plain) or (window and not now):
        return {}  # "5% higher in 24h": a move over a window
    up = bool(RISE.search(ways) or reading.has(ABOVE))
    down = bool(FALL.search(ways) or reading.has(BELOW))
    way = "above" if up > down else "below" if down > up else "move"
    slots = {"from_now": percent.slot, "condition": way}
    if window is not None:
        slots["window"] = f"{REFUSED_PREFIX}level_window:{window.typed}"
    return slots


def _way(reading: Reading, rest: str, levels: list[Value]) -> tuple[int, str] | None:
    """Where the direction is said and which it is: a sign ("> 80000") or a word ("跌破")."""
    op = _operator(rest, levels)
    if op is not None:
        return op
    for tag in reading.tags:
        if tag.concepts & {ABOVE, BELOW} and rest[tag.start : tag.end].strip():
            return tag.end - 1, "above" if ABOVE in tag.concepts else "below"
    return None


def _also(
    reading: Reading, rest: str, typed: str, levels: list[Value], first: Value
) -> tuple[list[dict[str, str]], Value | None]:
    """The levels said after the first as alerts of their own: joined by "or", or with their own
    direction or coin ("BTC 到 90000 或 80000", "above 90000 or below 80000", "btc above 90k, eth
    above 5k"); an alert each, the side the price is not on now where none is said. Two levels
    said otherwise ("80000-81000", "80000 90000") are refused, quoting them: never one of them."""
    also: list[dict[str, str]] = []
    before = first
    for level in (v for v in levels if v.start >= first.end):
        between = rest[before.end : level.start]
        scope = blank(rest, (0, before.end), (level.end, len(rest)))  # up to it
        way = _way(reading, scope, [level]) if between.strip() else None
        coin = next((t for t in reading.tags if COIN in t.concepts and scope[t.start : t.end].strip()), None)
        if EITHER.search(between) is None and way is None and coin is None:
            return [], Value(
                "refused", first.start, level.end, typed[first.start : level.end], reason="two_numbers"
            )
        one = {"level": level.slot, "condition": way[1] if way is not None else ""}
        also.append({k: v for k, v in {**one, "symbol": coin.value if coin else ""}.items() if v})
        before = level
    return also, None


def _operator(text: str, values: list[Value]) -> tuple[int, str] | None:
    """Where a comparison sign stands right before a number ("> 80000", "<=-5"), and its side."""
    starts = {v.start for v in values if v.kind != "percent"}
    signs = [
        (at, side)
        for side, sign in SIGNS.items()
        for at, end in sign.spans(text)
        if skip_spaces(text, end) in starts
    ]
    return min(signs, default=None)


def _cooldown(values: list[Value], text: str, typed: str) -> tuple[tuple[int, int], str] | None:
    """The cooldown said, its length right after its word ("间隔30分钟", "冷卻30分鐘", "cooldown 1h",
    "cooldown: 30m", "at most once an hour", "not more than once an hour") or right before one
    ("with a 30 minute cooldown", "每小時最多一次", "30分钟内只提醒一次"): its span and whole minutes; a
    number alone counts in minutes when "分" follows it ("冷却30分"). Its words are looked for in
    ``text`` (normalized), a refusal quotes ``typed``."""
    for start, end in COOLDOWN.spans(text):
        at = _past_marks(text, end)
        value = next((v for v in values if v.start == at), None)
        found = None if value is None else _minutes(value, text, typed)
        if found is not None:
            return (start, found[0]), found[1]
    for start, end in COOLDOWN_AFTER.spans(text):
        value = next((v for v in values if v.end <= start and not text[v.end : start].strip(" 分")), None)
        found = None if value is None else _minutes(value, text, typed)
        if value is not None and found is not None and found[0] <= start:
            return (value.start, end), found[1]
    return None


def _past_marks(text: str, at: int) -> int:
    """Where the value after a cooldown's word starts: spaces and a colon or "=" between
    ("cooldown: 30m", "冷却时间：30分钟")."""
    while at < len(text) and text[at] in " :：=":
        at += 1
    return at


def _minutes(value: Value, text: str, typed: str) -> tuple[int, str] | None:
    """Where a cooldown's length ends and its slot: whole minutes, or its refusal quoting it."""
    if value.refused and value.unit in _MINUTES:  # "cooldown -30 minutes": said back, not dropped
        return value.end, value.slot
    unit, stop = _MINUTES.get(value.unit) if value.kind in WINDOW else None, value.end
    if value.kind == "number" and text[stop : stop + 1] == "分":
        unit, stop = 1, stop + 1
    if unit is None:
        return None
    minutes = value.number * unit
    if minutes % 1:  # "cooldown 7.5 min": no whole number of minutes, said back (was 7)
        return stop, f"{REFUSED_PREFIX}cooldown:{typed[value.start : stop]}"
    return stop, str(int(minutes))


def _count(rest: str, typed: str, values: list[Value]) -> tuple[tuple[int, int], str] | None:
    """How many times to be told ("twice", "3 times", "提醒我3次"): its span, and the refusal
    quoting it; "1 time" is what an alert does anyway (no refusal)."""
    word = COUNT.search(rest)
    if word is not None:
        start, end = word.start(), word.end()
        return (start, end), f"{REFUSED_PREFIX}count:{typed[start:end]}"
    for value in values:
        stop = TIMES.after(rest, value.end) if value.kind == "number" else None
        if stop is not None:
            said = "" if value.number == 1 else f"{REFUSED_PREFIX}count:{typed[value.start : stop]}"
            return (value.start, stop), said
    return None
