"""Traditional Chinese (zh-Hant) replies. A message written in traditional characters, or a
Taiwan / Hong Kong platform language (zh-TW, zh-HK, zh-Hant), is answered in traditional
characters: every text is the zh one converted with OpenCC s2twp once per template (or the text's
own zh-Hant where the conversion is wrong), before names, coins and numbers are filled in, so
those stay as the person typed them. Before session 38 these replies were in simplified
characters (the locale was only ever zh or en)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from adapters.console.render import render_text
from core.events import Command, ConversationKey, TextMessage
from core.i18n import detect_locale, message_locale, parse_locale, t
from core.language.normalize import traditional
from core.planner.prompt import system_prompt
from core.reply import Reply
from core.state import ConversationState
from core.texts import TextsError, catalogue, placeholders, read_texts
from tests.workspace.conftest import Desk, make_desk


@pytest.fixture
def desk() -> Desk:
    return make_desk()


def shown(reply: Reply) -> str:
    return render_text(reply)


# -- end to end, through the core and the console's rendering -------------------------------------


async def test_a_price_asked_in_traditional_is_answered_in_traditional(desk: Desk) -> None:
    reply = await desk.chat.say("比特幣價格")
    assert reply.locale == "zh-Hant" and reply.route.skill == "price"
    text = shown(reply)
    assert "最優賣價" in text and "來源" in text and "獲取於" in text, text
    assert "最优卖价" not in text and "来源" not in text
    # The same card as the zh one, character for character once converted (numbers untouched).
    zh = shown(await make_desk().chat.say("比特币价格"))
    assert text == traditional(zh)


async def test_a_workspace_confirmation_in_traditional_keeps_the_name_as_typed(desk: Desk) -> None:
    created = await desk.chat.say("新增模擬帳戶 叫 机器人一號 餘額 1萬U")
    assert created.locale == "zh-Hant"
    # The name mixes scripts as typed: the template is converted, the name is not.
    assert "已新增交易所帳戶「机器人一號」" in shown(created), shown(created)
    confirm = await desk.chat.say("刪除帳戶 机器人一號")
    text = shown(confirm)
    assert confirm.locale == "zh-Hant" and "確認刪除交易所帳戶「机器人一號」" in text, text
    assert "回覆「確認」或「取消」" in text  # the text's own zh-Hant (s2twp says 回復)
    assert [b.label for b in confirm.buttons] == ["確認刪除", "取消"]
    done = await desk.chat.press(confirm.buttons[0])
    assert done.locale == "zh-Hant" and "机器人一號" in shown(done) and "刪除" in shown(done)


async def test_an_error_in_traditional(desk: Desk) -> None:
    reply = await desk.chat.say("刪除交易員 alpha")
    assert reply.locale == "zh-Hant"
    assert "你還沒有任何交易員" in shown(reply), shown(reply)


async def test_the_conversation_stays_traditional_for_words_both_scripts_write(desk: Desk) -> None:
    await desk.chat.say("比特幣價格")
    assert (await desk.chat.say("ETH")).locale == "zh-Hant"  # tells nothing: the last one's
    assert (await desk.chat.say("你好")).locale == "zh-Hant"  # either script: still traditional
    assert (await desk.chat.say("以太坊价格")).locale == "zh"  # 价: simplified from now on
    assert (await desk.chat.say("你好")).locale == "zh"


async def test_a_taiwan_or_hong_kong_platform_language_picks_traditional(desk: Desk) -> None:
    key = ConversationKey("telegram", "7", "7")
    reply = await desk.core.handle(TextMessage("h1", key, locale_hint="zh-TW", text="BTC"))
    assert reply.locale == "zh-Hant" and "最優賣價" in shown(reply)
    # Chinese either script writes alike follows the platform; simplified characters do not.
    other = ConversationKey("telegram", "8", "8")
    hello = await desk.core.handle(TextMessage("h2", other, locale_hint="zh-HK", text="你好"))
    assert hello.locale == "zh-Hant"
    third = ConversationKey("telegram", "9", "9")
    simplified = await desk.core.handle(TextMessage("h3", third, locale_hint="zh-TW", text="比特币价格"))
    assert simplified.locale == "zh"


async def test_zh_and_en_are_unchanged(desk: Desk) -> None:
    zh = await desk.chat.say("比特币价格")
    assert zh.locale == "zh" and "最优卖价" in shown(zh)
    en = await desk.chat.say("BTC price")
    assert en.locale == "en" and "best ask" in shown(en)
    key = ConversationKey("telegram", "5", "5")
    assert (await desk.core.handle(TextMessage("c1", key, locale_hint="zh-CN", text="BTC"))).locale == "zh"


async def test_lang_offers_traditional_and_remembers_it(desk: Desk) -> None:
    asked = await desk.chat.command("lang")
    assert [b.label for b in asked.buttons] == ["中文", "繁體中文", "English"]
    chosen = await desk.chat.press(asked.buttons[1])
    assert chosen.locale == "zh-Hant" and "繁體中文" in shown(chosen)
    assert (await desk.chat.say("BTC price")).locale == "zh-Hant"  # an explicit choice wins
    for arg in ("zh-TW", "zh-Hant", "繁體"):
        reply = await desk.core.handle(Command(f"l-{arg}", desk.chat.key, name="lang", args=arg))
        assert reply.locale == "zh-Hant", arg


def test_a_stored_state_keeps_its_locale() -> None:
    assert ConversationState.model_validate({"locale": "zh"}).locale == "zh"
    again = ConversationState.model_validate_json(ConversationState(locale="zh-Hant").model_dump_json())
    assert again.locale == "zh-Hant"


# -- the pieces ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "locale"),
    [
        ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh_MO", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("zh-Hant-TW", "zh-Hant"),
        ("zh-CN", "zh"),
        ("zh-Hans-HK", "zh"),
        ("zh", "zh"),
        ("en-US", "en"),
    ],
)
def test_platform_codes(code: str, locale: str) -> None:
    assert parse_locale(code) == locale


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("比特幣價格", "zh-Hant"),
        ("幫我建立一個網格策略", "zh-Hant"),
        ("刪除交易員 alpha", "zh-Hant"),
        ("比特币价格", "zh"),
        ("帮我建立一个网格策略", "zh"),
        ("你好", "zh"),
        ("BTC price", "en"),
        ("BTC", None),
    ],
)
def test_detected_script(text: str, locale: str | None) -> None:
    assert detect_locale(text) == locale


def test_words_both_scripts_write_follow_the_conversation() -> None:
    assert message_locale("你好", "zh-Hant") == "zh-Hant"
    assert message_locale("你好", "zh") == "zh"
    assert message_locale("你好价格", "zh-Hant") == "zh"


def test_every_template_converts_with_its_placeholders() -> None:
    texts = catalogue().texts
    for key in texts:
        hant = t("zh-Hant", key) if not placeholders(texts[key]["zh"]) else None
        converted = traditional(texts[key]["zh"])
        assert placeholders(converted) == placeholders(texts[key]["zh"]), key
        if hant is not None:
            assert hant == texts[key].get("zh-Hant", converted), key


def test_parameters_are_filled_in_after_the_conversion() -> None:
    # "机器人" would be "機器人" if the filled-in text were converted.
    named = t("zh-Hant", "trader.created", name="机器人 后")
    assert named == t("zh-Hant", "trader.created", name="X").replace("X", "机器人 后")
    assert named == "已建立交易員「机器人 后」。"


def test_an_own_zh_hant_text_must_name_the_same_placeholders() -> None:
    good = read_texts('["k"]\nzh = "你好 {name}"\nzh-Hant = "您好 {name}"\nen = "Hi {name}"\n', "x")
    assert good["k"]["zh-Hant"] == "您好 {name}"
    with pytest.raises(TextsError, match="zh-Hant names"):
        read_texts('["k"]\nzh = "你好 {name}"\nzh-Hant = "您好"\nen = "Hi {name}"\n', "x")
    with pytest.raises(TextsError, match="unknown language 'fr'"):
        read_texts('["k"]\nzh = "你好"\nfr = "Salut"\nen = "Hi"\n', "x")


def test_the_model_is_told_to_answer_in_traditional() -> None:
    now = datetime(2026, 7, 13, tzinfo=UTC)
    assert "Traditional Chinese" in system_prompt([], now, "zh-Hant")
    assert "Simplified Chinese" in system_prompt([], now, "zh")


async def test_a_late_press_names_the_ended_request_in_traditional(desk: Desk) -> None:
    await desk.chat.say("新增模擬帳戶 叫 机器人一號 餘額 1萬U")
    confirm = await desk.chat.say("刪除帳戶 机器人一號")
    await desk.chat.press(confirm.buttons[0])
    late = await desk.chat.press(confirm.buttons[0])
    assert late.locale == "zh-Hant"
    assert "「刪除交易所帳戶（机器人一號）」的按鈕已經用過了" in shown(late), shown(late)


@pytest.mark.parametrize(
    ("value", "locale"), [("zh-TW", "zh-Hant"), ("zh_HK", "zh-Hant"), ("zh-CN", "zh"), ("EN", "en")]
)
def test_the_default_locale_setting_reads_taiwan_and_hong_kong(
    value: str, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.settings import Settings

    monkeypatch.setenv("DESKMATE_LOCALE", value)
    assert Settings().locale == locale


# -- over the routing corpus -----------------------------------------------------------------------


def test_every_corpus_row_in_traditional_is_answered_in_traditional() -> None:
    """Every row written as zh-Hant is detected as zh-Hant; no English row as Chinese."""
    from tests import corpus

    rows = list(corpus.corpus_rows())
    hant = [r["text"] for r in rows if r.get("lang") == "zh-Hant"]
    assert len(hant) >= 250
    assert [text for text in hant if detect_locale(text) != "zh-Hant"] == []
    english = [r["text"] for r in rows if r.get("lang") == "en"]
    assert [text for text in english if detect_locale(text) in ("zh", "zh-Hant")] == []


# The two tests over every Chinese corpus row run as PARTS items each: one item of a minute under
# load was the last to finish a parallel run (a worker busy with it while the other sat idle).
PARTS = 6


def _rows_of_part(part: int, langs: tuple[str, ...]) -> list[dict[str, object]]:
    from tests import corpus

    rows = [r for r in corpus.corpus_rows() if str(r.get("lang", "")) in langs]
    return rows[part::PARTS]


@pytest.mark.parametrize("part", range(PARTS))
def test_a_traditional_turn_reads_every_corpus_row_as_a_simplified_one_does(part: int) -> None:
    """Reading takes the turn's locale (pronouns read back through the router): zh-Hant reads
    exactly as zh, so replying in traditional changes no route."""
    from core.conversation.reading import read_asks
    from tests.corpus.expect import context
    from tests.fakes import shared_router

    router = shared_router()
    rows = _rows_of_part(part, ("zh", "zh-Hant"))
    differ = [
        r["text"]
        for r in rows
        if read_asks(r["text"], router, context(r), locale="zh-Hant")
        != read_asks(r["text"], router, context(r), locale="zh")
    ]
    assert differ == []


async def test_a_guide_asked_in_traditional_is_in_traditional(desk: Desk) -> None:
    """Guidance topics have zh and en texts: zh-Hant is the zh one converted (before: KeyError)."""
    reply = await desk.chat.say("幣安 API 怎麼申請")
    assert reply.locale == "zh-Hant" and reply.route.skill == "guidance", reply.route
    text = shown(reply)
    zh = shown(await make_desk().chat.say("币安 API 怎么申请"))
    assert text == traditional(zh)


@pytest.mark.parametrize("part", range(PARTS))
async def test_every_corpus_row_in_traditional_is_answered_in_traditional_end_to_end(part: int) -> None:
    """Each zh-Hant row, said first in a conversation of its own (one desk, a person of its own
    for each row: building a desk cost more than the turn): a zh-Hant reply, no exception."""
    from tests.workspace.conftest import Chat

    core = make_desk().core
    rows = _rows_of_part(part, ("zh-Hant",))
    for number, row in enumerate(rows):
        chat = Chat(core, ConversationKey("console", f"chat-{number}", f"user-{number}"))
        reply = await chat.say(row["text"])
        assert reply.locale == "zh-Hant", row["text"]
        shown(reply)


async def test_telegram_discord_and_chart_labels_are_in_traditional(desk: Desk) -> None:
    from adapters.charts.labels import label
    from adapters.discord.render import render as discord_render
    from adapters.telegram.render import OutText, render_reply

    reply = await desk.chat.say("比特幣價格")
    html = "\n".join(
        m.html
        for m in render_reply(reply, in_group=False, bot_username=None).messages
        if isinstance(m, OutText)
    )
    assert "來源" in html and "来源" not in html, html
    embeds = discord_render(reply).embeds
    fields = " ".join(f"{f.name} {f.value}" for e in embeds for f in e.fields)
    assert "賣一價" in fields and "卖一价" not in fields, fields
    assert label("zh-Hant", "equity_title", kind=label("zh-Hant", "kind_paper")) == "帳戶淨值（USDT）·模擬盤"
    assert label("zh", "equity_title", kind=label("zh", "kind_paper")) == "账户净值（USDT）·模拟盘"
