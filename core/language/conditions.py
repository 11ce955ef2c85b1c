"""Words said under a condition, as the lexicon declares them (core.language.lexicon): a concept's
``before_object`` words are its own only right before its object, what is traded unless it says
otherwise ("出" sells in "帮我出0.05个比特币", never in "出现" or "退出"; "dump my doge", never "btc
dump 了"; "连" connects in "帮我连 binance", never in "连续"), and a concept
with ``unless`` is none where one of those groups or concepts is said ("今天行情好无聊啊" remarks,
"太无聊了，帮我买0.1个btc" asks). The tagger (core.language.tagger) applies them to its spans
before resolving them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Final

from core.language.acted import ACTED, RECORD_ACTS, acted
from core.language.acted import said as acted_said
from core.language.another import made_another
from core.language.another import said as another_said
from core.language.asked import SOLD, acts, asked_done, asked_who, who_said
from core.language.close_holding import CLOSE_HOLDING, closed_holding
from core.language.crowd import CROWD_ACTS, CROWD_NOUNS, crowd_told
from core.language.crowd import said as crowd_said
from core.language.given_up import given_up_of
from core.language.given_up import said as up_said
from core.language.how_to import how_to
from core.language.how_to import said as how_said
from core.language.intended import intended
from core.language.intended import said as intent_said
from core.language.lexicon import HOW_OFTEN, OBJECTS, load
from core.language.listed_first import listed_first
from core.language.listed_first import said as listed_said
from core.language.moves import market_said, moved
from core.language.named_as import named_as, start_said, started_new
from core.language.named_as import said as name_said
from core.language.named_order import order_named
from core.language.named_order import said as order_said
from core.language.needed import needed
from core.language.needed import said as need_said
from core.language.negation import CANCEL, NOT_ASKED, given_up, not_asked, not_done
from core.language.normalize import CLAUSE_MARKS, clause_of, has_cjk
from core.language.purpose import purposed
from core.language.purpose import said as purpose_said
from core.language.settings_of import said as settings_said
from core.language.settings_of import settings_of
from core.language.share_of import said as share_said
from core.language.share_of import share_of
from core.language.since import said as since_said
from core.language.since import since_told
from core.language.spans import (
    COIN_RANK,
    CONTRARY,
    WORD_RANK,
    Span,
    acts_lost_after,
    filler_words,
    objects_before,
)
from core.language.spared import said as spared_said
from core.language.spared import spared
from core.language.supposed import SUPPOSED, supposed
from core.language.supposed import said as if_said
from core.language.taken_back import said as back_said
from core.language.taken_back import taken_back
from core.language.taken_off import said as off_said
from core.language.taken_off import taken_off
from core.language.told_done import (
    ONCE,
    TOLD,
    TRADES,
    done_anywhere,
    done_said,
    done_told,
    object_put_before,
    sold_out_asked,
)
from core.language.told_names import names_told_not
from core.language.told_names import said as own_said
from core.language.unless import unless_said
from core.language.unwatched import held_records, unwatched
from core.language.unwatched import said as condition_said
from core.language.values_read import VALUED, ValuesRead
from core.language.when_done import said as when_said
from core.language.when_done import when_done
from core.language.whether_able import said as able_said
from core.language.whether_able import whether_able

if TYPE_CHECKING:
    from core.coin_index import CoinIndex
    from core.language.values import Value

# The concepts of no span: what a union of spans' concepts starts from (``frozenset[str]()`` makes a
# generic alias at each call, and fails setting its __orig_class__ on the set it makes).
_NO_CONCEPTS: Final[frozenset[str]] = frozenset()


def conditioned(scanned: str, spans: list[Span], coins: CoinIndex | None) -> list[Span]:
    """``spans`` with every word said under a condition kept only where its condition holds."""
    if said_traded_name(spans):  # "sell doge" with a trader called doge: the coin is sold
        spans = _coin_traded(scanned, spans)
    if since_said(scanned):  # "beta 从周一开始就没动过": the time's 开始, no start
        spans = since_told(scanned, spans)
    if off_said(scanned):  # "take 25% off my sol": a sale
        spans = taken_off(scanned, spans, coins)
    # A guarded word is read as its own only where the scan found it: _objects_only looks at the
    # spans, no look for its 200-odd words in the text first (4 us a reading).
    spans = _objects_only(scanned, spans, coins, _guarded())
    said = _concepts(spans)  # every concept of the spans, counted again only when a step changes them
    if CLOSE_HOLDING in said:  # "close my eth position": a sale, unless a record is said
        spans, said = _again(spans, said, closed_holding(spans))
    if name_said(said):  # "新建个交易员叫暴富": the name given, no dream told
        spans, said = _again(spans, said, named_as(scanned, spans))
    if start_said(said):  # "spin up a bot named Bolt": none of theirs so called, one made
        spans, said = _again(spans, said, started_new(scanned, spans))
    if settings_said(said):  # "kimi设定不用了": their kimi's settings, no new one set up
        spans, said = _again(spans, said, settings_of(scanned, spans))
    if said >= TOLD and ("把" in scanned or "将" in scanned):  # "把doge卖光了": all of it sold, asked
        spans, said = _again(spans, said, sold_out_asked(scanned, spans))
    if ERROR_CODE in said:  # "buy 402 USDT of BTC": money, no HTTP 402 told
        spans, said = _again(spans, said, _codes_of_money(scanned, spans, coins))
    # Before the asking rules: a word that is none where its ``after`` is not said ("单" inside
    # "挂单", no coin before it) tells no order asked of.
    after = _after()
    if not after.keys().isdisjoint(said):
        spans = _only_after(scanned, spans, after)
        said = _concepts(spans)
    if OTHERWISE in said:  # "bot shows 0 eth but binance says i have 2": contrary to what is shown
        spans = [(*s[:3], s[3] | {CONTRARY}, s[4]) if OTHERWISE in s[3] else s for s in spans]
        said = _concepts(spans)
    # Before the done rule: "但我昨天买了" is contrary to what is shown while its buy is still a buy.
    if BUT_TOLD in said:
        spans = [_contrary(scanned, s, spans) if BUT_TOLD in s[3] else s for s in spans]
        said = _concepts(spans)
    if BOUGHT in said:
        spans = _bought_against(spans)
        said = _concepts(spans)
    if NOT_ASKED in said:
        spans = not_asked(scanned, spans)
        said = _concepts(spans)
    if "不" in scanned and acts(said):  # "不启动阿强了": a bare 不 before the act
        spans, said = _again(spans, said, not_done(scanned, spans))
    if own_said(said):  # "别停阿强，停掉多多": a name told not to be acted on is no target
        spans, said = _again(spans, said, names_told_not(scanned, spans))
    if spared_said(scanned, said):  # "delete all alerts except btc", 删除btc以外的提醒: btc no target
        spans, said = _again(spans, said, spared(scanned, spans))
    if another_said(scanned, said):  # "spin up another agent": a new one made, none started
        spans, said = _again(spans, said, made_another(scanned, spans))
    if purpose_said(said):  # "…，免得服务器重启后又忘了开它": why it is asked, no start
        spans, said = _again(spans, said, purposed(scanned, spans))
    if listed_said(said):  # "把提醒列出来然后删掉": the list first, the delete waits for which
        spans, said = _again(spans, said, listed_first(scanned, spans))
    # Before the share: "这几个交易员以后可能会全删了" only weighs the delete, no records asked.
    if if_said(scanned, said):  # "如果我停咗阿May，會唔會錯過…": supposed, not asked
        spans, said = _again(spans, said, supposed(scanned, spans))
    if share_said(scanned, said):  # "get rid of half my alerts": which ones is unsaid, shown
        spans, said = _again(spans, said, share_of(scanned, spans))
    if acts(said) and when_said(scanned):  # "says lot size when i sell doge": the sale is a time told
        spans, said = _again(spans, said, when_done(scanned, spans))
    # "if btc dips, buy 0.1 btc": no level, no trade now ("what if i buy" is supposed: refused as said)
    if acts(said) and SUPPOSED not in said and condition_said(scanned):
        spans, said = _again(spans, said, held_records(scanned, unwatched(scanned, spans, coins), coins))
    if how_said(said):  # "how do i buy btc", "阿尔法怎么启动": asked how, the guide's
        spans, said = _again(spans, said, how_to(scanned, spans, coins))
    if CANCEL in said:  # "never mind, don't cancel it": a giving-up cancels nothing said after it
        spans = given_up(scanned, spans)
        said = _concepts(spans)
    # "你是不是要卖sol", "are you going to sell my sol?": deskmate's intent asked (core.language.intended)
    if intent_said(scanned) and acts(said):
        spans, said = _again(spans, said, intended(scanned, spans))
    if need_said(scanned, said):  # "do i have to restart rex?", "老王要重启吗": whether it is needed, asked
        spans, said = _again(spans, said, needed(scanned, spans))
    if able_said(scanned, said):  # "can i sell half my eth?", "我可以卖一半eth吗": asked whether one may
        spans, said = _again(spans, said, whether_able(scanned, spans))
    # "阿强停了吗", "did you stop gary?", "has my eth sold": asked whether done (core.language.asked)
    if acts(said) or SOLD in said:
        spans, said = _again(spans, said, asked_done(scanned, spans))
    if who_said(scanned):  # "btc那个提醒是你帮我设的吗", "谁设的btc提醒": no act said, the alert asked
        spans, said = _again(spans, said, asked_who(scanned, spans))
    # After asked_done: "did my eth sell?" asks whether it sold; "my bnb buy has been sitting there" names it.
    if order_said(said):  # "my bnb buy has been sitting there": the order named, no buy
        spans, said = _again(spans, said, order_named(scanned, spans))
    if market_said(said):  # "btc drop again": the coin's move, no removal of a record called btc
        spans, said = _again(spans, said, moved(scanned, spans))
    if RENAME in said:
        spans = _new_name(scanned, spans)
        said = _concepts(spans)
    done = done_said()
    if (
        ONCE in scanned
        or (done is not None and done.search(scanned) is not None)
        or any(word in scanned for word in objects_before())  # "我把eth卖了": 我 first tells it done
    ):
        spans = done_told(scanned, spans)
        said = _concepts(spans)
    if acted_said(said):  # "我取消了ETH订单", "yesterday i delete my alerts": told done, no act
        spans, said = _again(spans, said, acted(scanned, spans))
    if said & TRADES and crowd_said(scanned):  # "大家都卖了": their act told, no order
        spans = crowd_told(scanned, spans, TRADES, TOLD)
        said = _concepts(spans)
    if said & CROWD_ACTS and crowd_said(scanned):  # "别人都拿kimi跑交易员": their traders run
        spans = crowd_told(scanned, spans, RECORD_ACTS, ACTED, CROWD_NOUNS)
        said = _concepts(spans)
    spans = unless_said(scanned, spans, said)  # "太无聊了，帮我买0.1个btc": a remark's word beside an ask
    if (acts(said) or _WATCH & said) and up_said(scanned):  # "nvm the new bot thing", "开网格的事就算了"
        spans = given_up_of(scanned, spans)
    if back_said(scanned):  # "sell all my sol. nah, don't": taken back in a clause of its own
        spans = taken_back(scanned, spans)
    return spans


def said_traded_name(spans: Sequence[Span]) -> bool:
    """Cheap: one of the person's names is also a coin, and a trade's verb is said."""
    own = {(s[0], s[1]) for s in spans if s[2] < COIN_RANK and any(c.startswith(_OWN) for c in s[3])}
    return (
        bool(own)
        and any(s[3] & TRADES for s in spans)
        and any((s[0], s[1]) in own for s in spans if s[2] == COIN_RANK)
    )


def _coin_traded(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a record's name that is also a coin where the act said nearest before it in
    its clause is a trade's ("sell doge", "卖掉大饼" with a trader called doge / 大饼): a trade is of a
    coin, never of a record; "stop doge", "停掉大饼", "sell eth and stop doge" keep the trader."""
    coins = {(s[0], s[1]) for s in spans if s[2] == COIN_RANK}
    lost: set[tuple[int, int]] = set()
    for start, end, rank, concepts, _ in spans:
        if rank >= COIN_RANK or (start, end) not in coins or not any(c.startswith(_OWN) for c in concepts):
            continue
        first, _ = clause_of(scanned, start, end)
        acts_before = [s for s in spans if first <= s[0] and s[1] <= start and s[3] & (TRADES | RECORD_ACTS)]
        if acts_before and max(acts_before, key=itemgetter(1))[3] & TRADES:  # the act nearest before it
            lost.add((start, end))
    return [s for s in spans if not ((s[0], s[1]) in lost and s[2] < COIN_RANK)]


_WATCH: Final = frozenset({"verb.notify", "noun.alert"})  # an alert given up ("nvm the alert for btc")


def _again(before: list[Span], said: frozenset[str], after: list[Span]) -> tuple[list[Span], frozenset[str]]:
    """``after`` (what a step made of ``before``) with its concepts: ``said`` again where the step
    changed nothing (most steps, most messages), counted anew where it did."""
    return after, said if after == before else _concepts(after)


def _concepts(spans: Sequence[Span]) -> frozenset[str]:
    return _NO_CONCEPTS.union(*map(itemgetter(3), spans))  # each span's concepts


BUT_TOLD = "diagnosis.but_told"
OTHERWISE = "diagnosis.says_otherwise"  # what another place says one has, after what is shown
_ACTS: Final = frozenset({"verb.buy", "workspace.money_move"})  # a buy, a deposit told
_BEFORE_ACT: Final = ("filler.", "time.", "trade.answer_word")  # "我", "尋日", "先": words before the act


def _contrary(scanned: str, span: Span, spans: Sequence[Span]) -> Span:
    """ "但我" (``BUT_TOLD``) made contrary (``CONTRARY``) when the act it tells follows in its clause,
    only a day, filler or "先" between, told as done: a day said, "有" before the verb or "了" after
    it ("但我尋日先買咗", "可是我昨天有買"); "但我想买" wants, tells nothing."""
    start, end, rank, concepts, value = span
    at, day = end, False
    while True:
        at = len(scanned) - len(scanned[at:].lstrip())
        here = [s for s in spans if s[0] == at and s[3]]
        act = next((s for s in here if s[3] & _ACTS), None)
        if act is not None:
            done = day or scanned[act[1] : act[1] + 1] == "了" or scanned[:at].endswith("有")
            return (start, end, rank, concepts | {CONTRARY}, value) if done else span
        if any(_TOLD in s[3] and _holds_act(s, spans) for s in here):  # "但我刚买了": told done
            return (start, end, rank, concepts | {CONTRARY}, value)
        words = [s for s in here if all(c.startswith(_BEFORE_ACT) for c in s[3])]
        if not words:
            return span
        day = day or any(c.startswith("time.") for s in words for c in s[3])
        at = max(s[1] for s in words)


_TOLD: Final = "outside.told"  # an act told done ("刚买了", "我已经买了")


def _holds_act(told: Span, spans: Sequence[Span]) -> bool:
    """A buy or a deposit (``_ACTS``) said inside the words ``told``."""
    return any(told[0] <= s[0] and s[1] <= told[1] and s[3] & _ACTS for s in spans)


COIN: Final = "coin"


RENAME, TO = "verb.rename", "filler.to"


def _new_name(scanned: str, spans: list[Span]) -> list[Span]:
    """The word a record is renamed to is its new name, no act: "rename my degen account to yolo"
    renames (no buy), as "把degen改名为 梭哈" does, and no problem told ("rename lazy stack to slow
    stack": no strategy failing); a record's word in it stays ("bot two")."""
    renamed = [s[0] for s in spans if RENAME in s[3]]
    ends = {
        s[1]
        for s in spans
        if (TO in s[3] and any(at < s[0] for at in renamed))
        or (RENAME in s[3] and scanned[s[1] - 1 : s[1]] in _NAMED_AS)
    }
    return acts_lost_after(scanned, spans, ends, _ACTED)


_NAMED_AS: Final = frozenset("为為成叫做")
_ACTED: Final = (
    "verb.buy",
    "verb.sell",
    "trade.",
    "amount.",
    "order.",
    "verb.fail",
    "verb.diagnose",
    "diagnosis.",
)


BOUGHT = "diagnosis.bought"
ERROR_CODE: Final = "error.code"  # a pasted error's code or an HTTP status (lexicon/error.toml)
# Asked why ("why"), what is shown ("does it say"), what one has ("i have"): each said before the buy.
_ASKED_SHOWN: Final = (
    frozenset({"ask.why"}),
    frozenset({"diagnosis.shown", "verb.report"}),
    frozenset({"trade.have"}),
)


def _codes_of_money(scanned: str, spans: Sequence[Span], coins: CoinIndex | None) -> list[Span]:
    """``spans`` without the error code ("401", "429": lexicon/error.toml) of money with its unit, a price
    or a limit's ("buy 402 USDT of BTC", "买429u的eth", "at 401", "限價401買"), a price refused too
    ("limit buy 0.1 btc at -2010": its sign refused, no order rejection pasted): no status pasted; nor
    the code's digits inside a longer number ("at 79,401": a price of 79,401, never 79 and a 401)."""
    from core.language.values import find_values  # only beside such a number: not at import

    found = find_values(scanned, coins)
    # A price refused ("at -2010": a sign) is money too, quoted back, never a pasted error's code.
    money = [(v.start, v.end, v.unit in ("quote", "base", "price") or v.kind == "price") for v in found]
    priced = {s[1] for s in spans if "trade.limit" in s[3]}
    kept: list[Span] = []
    for start, end, rank, concepts, value in spans:
        held = any(a <= start and end <= b and (m or b - a > end - start) for a, b, m in money)
        if ERROR_CODE in concepts and (held or len(scanned[:start].rstrip()) in priced):
            concepts = concepts - {ERROR_CODE}
            if not concepts:
                continue
        kept.append((start, end, rank, concepts, value))
    return kept


def _bought_against(spans: Sequence[Span]) -> list[Span]:
    """A buy or deposit told (``BOUGHT``) made contrary (``CONTRARY``) when asked before it why
    what is shown says what one has ("why does it say i have 0 sol, i bought some yesterday"): told
    after a price asked or alone it is an order told only."""
    kept: list[Span] = []
    for span in spans:
        start, end, rank, concepts, value = span
        if BOUGHT in concepts:
            before = frozenset(c for s in spans if s[1] <= start for c in s[3])
            if all(before & need for need in _ASKED_SHOWN):
                span = (start, end, rank, concepts | {CONTRARY}, value)
        kept.append(span)
    return kept


@lru_cache(maxsize=1)
def _after() -> dict[str, frozenset[str]]:
    return load().after()


def _only_after(scanned: str, spans: list[Span], after: dict[str, frozenset[str]]) -> list[Span]:
    """``spans`` without a word whose concept's ``after`` is said nowhere before it. The span goes
    whole, not only its concept: the shorter words inside it stand ("那我就买0.1个btc吧" keeps its
    买, while "要是比特币跌到三万我就买" is a plan told)."""
    kept: list[Span] = []
    for span in spans:
        start, _, _, concepts, _ = span
        needs = frozenset[str]().union(*(after[c] for c in concepts if c in after))
        if needs and not any(
            s[1] <= start and s[3] & needs and _right_before(scanned, s, start) for s in spans
        ):
            rest = frozenset(c for c in concepts if c not in after)  # "接个 claude 模型": the create's
            if rest:
                kept.append((start, span[1], span[2], rest, span[4]))
            continue
        if needs:  # said after its condition, the word is this concept's alone ("跌到2800接一个": a buy)
            alone = frozenset(c for c in concepts if c in after)
            if _CLEARED in alone:  # asked only after a 把 naming the coin ("sol清空了" is told)
                if not object_put_before(scanned, start, spans):
                    continue
                alone = _SOLD_ALL
            span = (start, span[1], span[2], alone, span[4])
        kept.append(span)
    return kept


# A holding cleared right after its coin, the coin put before by a 把 ("把doge清掉"): all of it sold.
_CLEARED: Final = "amount.cleared"
_SOLD_ALL: Final = frozenset({"amount.sell_all", "verb.sell"})


def _right_before(scanned: str, span: Span, start: int) -> bool:
    """Whether ``span`` may stand before a word needing it: a concept anywhere before it, a coin
    only right before it, a space at most between ("取消ETH單", "eth 单": the coin's order; "btc涨了
    我就简单说下" no order, nor "取消btc菜单": a menu, 菜 between)."""
    return COIN not in span[3] or not scanned[span[1] : start].strip()


@lru_cache(maxsize=1)
def _guarded() -> dict[str, dict[str, frozenset[str]]]:
    """The lexicon's words that are a concept's only before its object, with those concepts and
    the objects each takes."""
    return load().before_object()


@lru_cache(maxsize=1)
def _guarding() -> frozenset[str]:
    """Every concept some guarded word is its own only before its object: a span with none of
    them has no guarded concept, whatever its word."""
    return frozenset(c for takes in _guarded().values() for c in takes)


def _objects_only(
    scanned: str, spans: list[Span], coins: CoinIndex | None, guarded: dict[str, dict[str, frozenset[str]]]
) -> list[Span]:
    """``spans`` with a word that is its concept's only before its object (``before_object``: "出"
    of "帮我出0.05个比特币", "出 eth", "把eth出一半"; "连" of "帮我连 deepseek") stripped of it
    anywhere else ("出现", "把我踢出来", "连续"): right after it, spaces between, must stand one of
    the objects the concept takes (``objects``: a coin, an amount or a share by the value grammar,
    a provider's or an exchange's name); and it must start a word, not end another Chinese one
    ("转出0.1个btc", "退出btc策略", "拿出100u"): the text, a space or a mark, a word or a value the
    tagger read before it ("帮我", "把eth", "全部"), or a word of wanting ("我想接 kimi", "要出一半":
    phrases/lead_in.toml)."""
    # The scan finds a guarded word's letters anywhere ("open" of "openai", "at" of "what"): its
    # values are read (values_read) only for a word found standing alone as a guarded one.
    guarding = _guarding()
    for start, end, rank, concepts, _ in spans:
        if rank == WORD_RANK and not concepts.isdisjoint(guarding):
            takes = guarded.get(scanned[start:end])
            if takes is not None and not concepts.isdisjoint(takes):
                break  # a guarded word with a concept it guards
    else:
        return spans
    values = ValuesRead(scanned, coins)
    # A guarded word itself starts no word after it ("加入100u btc": 加 is no word before 入).
    words = [s for s in spans if s[2] != WORD_RANK or not s[3] <= set(guarded.get(scanned[s[0] : s[1]], ()))]
    out: list[Span] = []
    for start, end, rank, concepts, value in spans:
        takes = guarded.get(scanned[start:end], {}) if rank == WORD_RANK else {}
        lost = frozenset(c for c in takes if c in concepts)
        if lost and (
            _after_a_word(scanned, start, words, values) or done_anywhere(scanned, start, end, lost)
        ):
            valued = any(not takes[c].isdisjoint(VALUED) for c in lost)
            said = _objects_at(scanned, end, spans, values, valued) | _record_before(scanned, start, spans)
            if _ends_clause(scanned, end) and object_put_before(scanned, start, spans):
                said |= _COIN_PUT_BEFORE  # "把合约的eth平了": the coin 把 names, nothing after the verb
            held = frozenset(c for c in lost if takes[c] & said)
            if held and object_put_before(scanned, start, spans):
                held = frozenset(c for c in held if not c.startswith(OUTSIDE))
            lost -= held
            if any(LEVEL in takes[c] & said for c in held):
                lost |= concepts - held  # "has btc broken 100k": the crossing's alone, no failure
        if lost:
            concepts = concepts - lost
            if not concepts:
                continue
        out.append((start, end, rank, concepts, value))
    return out


_COIN_PUT_BEFORE: Final = frozenset({"coin"})
_CLAUSE_TAIL: Final = "吧啊呀啦哦喔先 "  # particles that may close the clause after the verb


def _ends_clause(scanned: str, end: int) -> bool:
    """Nothing but particles after ``end`` before the clause's end ("平了", "平了吧", "平了，然后…")."""
    rest = scanned[end:].lstrip(_CLAUSE_TAIL)
    return not rest or rest[0] in CLAUSE_MARKS


def _after_a_word(scanned: str, start: int, spans: Sequence[Span], values: ValuesRead) -> bool:
    if start == 0 or not has_cjk(scanned[start - 1]):
        return True
    if any(scanned.endswith(word, 0, start) for word in _lead_ins()):
        return True
    # "我在币安上买了0.5个eth": 上 placing a word read before it (the exchange) ends it, as 里 does
    if scanned[start - 1] == "上" and any(s[1] == start - 1 for s in spans):
        return True
    return any(s[1] == start for s in spans) or any(v.end == start for v in values())


@lru_cache(maxsize=1)
def _lead_ins() -> tuple[str, ...]:
    """The words of wanting a guarded word may follow inside a Chinese run ("我想接", "要出")."""
    from core.language.lexicon import phrases

    return tuple(phrases("lead_in").concepts["lead_in.want"].words)


def _record_before(scanned: str, start: int, spans: Sequence[Span]) -> frozenset[str]:
    """The person's record 把 names right before ``start`` ("把阿宝叫醒", "把main bot叫醒"): the
    object stands before its verb, as the verb's own."""
    at = len(scanned[:start].rstrip())
    named = next((s for s in spans if s[1] == at and any(c.startswith(_OWN) for c in s[3])), None)
    if named is None or not scanned[: named[0]].rstrip().endswith(objects_before()):
        return frozenset()
    return frozenset(c for c in named[3] if c.startswith(_OWN))


_OWN: Final = "own."  # one of the person's records, named


def _objects_at(scanned: str, end: int, spans: list[Span], read: ValuesRead, valued: bool) -> frozenset[str]:
    """The objects (lexicon.OBJECTS) that stand right after ``end``, spaces and filler between."""
    at = len(scanned) - len(scanned[end:].lstrip())
    # Filler words may stand between ("dump my doge", "dump all my eth"), not a value's word, and
    # the wallet it is held in ("平咗合約啲eth": 平了合约的eth).
    while filler := next((s for s in spans if s[0] == at and (filler_words(s[3]) or s[3] & _WALLETS)), None):
        if any(v.start == at for v in read()) and not _of_records(scanned, filler[1], spans):
            break  # "dump all my eth": the share is what is traded; "fire all my traders back up": theirs
        # A name opening with a filler word ("wake ah seng up": the trader "ah seng") is the object.
        if any(s[0] == at and s[2] <= WORD_RANK and s[3] & (OBJECTS - HOW_OFTEN) for s in spans):
            break
        at = len(scanned) - len(scanned[filler[1] :].lstrip())
    said = {c for start, _, rank, concepts, _ in spans if start == at and rank <= WORD_RANK for c in concepts}
    if not valued:  # the word takes no amount nor level: its values were looked at past a filler only
        return frozenset(said) & OBJECTS
    values = [v for v in read() if not _labels(scanned, v.end, spans)]  # "drop the 3000 alert": its label
    if any(v.start == at and (v.kind in _AMOUNTS or v.unit in ("base", "quote")) for v in values):
        said.add("amount")
    if any(v.start == at and v.kind == "percent" and _share_of(scanned, v.end, spans) for v in values):
        said.add("amount")  # "trim 25% of my sol": a share of a holding ("btc dump 25%" is its move)
    if any(
        v.start == at
        and (v.kind in _LEVELS or v.unit in ("price", "quote"))
        and not _money_on_a_coin(scanned, v, spans)
        for v in values
    ):
        said.add(LEVEL)
    return frozenset(said) & OBJECTS


def _labels(scanned: str, end: int, spans: Sequence[Span]) -> bool:
    """An English record's noun right after a value ending at ``end`` ("the 3000 alert", "my 80k
    grid"): the value names that record, no sum nor level of its own ("btc上10万提醒我": the ask's 提醒)."""
    at = len(scanned) - len(scanned[end:].lstrip())
    return scanned[at : at + 1].isascii() and any(s[0] == at and s[3] & _LABELLED for s in spans)


_LABELLED: Final = frozenset({"noun.alert", "noun.strategy"})


def _money_on_a_coin(scanned: str, value: Value, spans: Sequence[Span]) -> bool:
    """Money said on a coin right after it ("lost 50 usdt on pepe today", "lost $50 on doge"): what
    was made or lost on that coin, no level crossed (a coin crossing one is named before its word,
    "btc lost 80000")."""
    if value.unit != "quote":
        return False
    at = len(scanned) - len(scanned[value.end :].lstrip())
    on = next((s for s in spans if s[0] == at and _ON in s[3]), None)
    if on is None:
        return False
    after = len(scanned) - len(scanned[on[1] :].lstrip())
    return any(s[0] == after and s[2] == COIN_RANK for s in spans)


_ON: Final = "answer.on"  # "on" a coin ("lost 50 usdt on pepe")
_WALLETS: Final = frozenset({"wallet.futures", "wallet.spot"})


_AMOUNTS: Final = frozenset({"amount", "fraction"})  # what is traded, by the value grammar
_RECORDS: Final = frozenset({"noun.trader", "noun.strategy", "noun.account", "noun.model", "noun.alert"})


def _of_records(scanned: str, end: int, spans: Sequence[Span]) -> bool:
    """A record kind's word stands after ``end``, only spaces and filler between ("all my traders")."""
    at = len(scanned) - len(scanned[end:].lstrip())
    while filler := next((s for s in spans if s[0] == at and filler_words(s[3])), None):
        at = len(scanned) - len(scanned[filler[1] :].lstrip())
    return any(s[0] == at and s[3] & _RECORDS for s in spans)


_OF: Final = ("of my ", "of the ", "of ", "的")


def _share_of(scanned: str, end: int, spans: Sequence[Span]) -> bool:
    """A percent said of one's holding: "of my", or "of" / 的 right before a coin ("25% of sol")."""
    rest = scanned[end:].lstrip()
    of = next((w for w in _OF if rest.startswith(w)), None)
    if of is None:
        return False
    at = len(scanned) - len(rest) + len(of)
    return of == "of my " or any(s[0] == at and s[2] == COIN_RANK for s in spans)


_LEVELS: Final = frozenset({"number", "price"})  # a price level, by the value grammar
LEVEL: Final = "level"
OUTSIDE: Final = "outside."  # the group of what no intent is about (a story told)
