"""Setting, listing and deleting price alerts by conversation (zh + en), with /alert; levels
checked against the tick size and the price now; an alert that already holds asks first;
limits; admins only in groups and Discord channels."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.events import ConversationKey
from core.reply import Status
from core.skills.price_alert.skill import PER_CHANNEL, PER_PERSON
from tests.alerts.conftest import CHANNEL, GROUP, AlertDesk, alert_blocks, codes, texts


async def test_zh_create_list_delete(desk: AlertDesk) -> None:
    created = await desk.say("当 BTC 跌破 80000 提醒我")

    assert created.status is Status.COMPLETED
    assert (created.route.skill, created.route.action) == ("price_alert", "create")
    assert created.route.slots == {
        "symbol": "BTCUSDT",
        "condition": "below",
        "level": "80000",
        "repeat": False,
    }
    [block] = alert_blocks(created)
    assert (block.symbol, block.condition, block.level, block.status, block.channel) == (
        "BTCUSDT",
        "below",
        Decimal("80000"),
        "active",
        "private",
    )
    assert "BTC 跌破 80,000.00" in texts(created) and "90,000.00" in texts(created)

    listed = await desk.say("我设置了哪些价格提醒")
    assert listed.route.action == "query"
    assert [b.id for b in alert_blocks(listed)] == [block.id]

    asked = await desk.say("删除我的 BTC 提醒")  # offered first, nothing deleted yet
    assert asked.route.action == "delete" and codes(asked) == ["ask_alert"] and len(desk.alerts.alerts) == 1
    assert [b.style for b in asked.buttons] == ["danger", "secondary"]
    deleted = await desk.press(asked.buttons[0].token)
    assert codes(deleted) == ["alert_deleted"]
    assert block.id in texts(deleted)
    assert desk.alerts.alerts == {}
    assert codes(await desk.say("我设置了哪些价格提醒")) == ["no_alerts"]


async def test_en_create_list_and_cancel_with_buttons_when_several(desk: AlertDesk) -> None:
    first = await desk.say("alert me when ETH goes above 5000")
    assert first.route.slots == {"symbol": "ETHUSDT", "condition": "above", "level": "5000", "repeat": False}
    await desk.say("alert me when SOL goes above 200")
    await desk.say("alert me when SOL drops below 100")

    listed = await desk.say("show my alerts")
    assert len(alert_blocks(listed)) == 3

    which = await desk.say("cancel my SOL alert")
    assert which.status is Status.NEEDS_INPUT and codes(which) == ["ask_alert"]
    assert len(which.buttons) == 2 and all(b.style == "danger" for b in which.buttons)
    below = next(b for b in which.buttons if "below" in b.label)

    done = await desk.press(below.token)
    assert codes(done) == ["alert_deleted"]
    left = sorted(a.spec.condition for a in desk.alerts.alerts.values())
    assert left == ["above", "above"]


async def test_percent_move_and_the_alert_command(desk: AlertDesk) -> None:
    move = await desk.say("SOL 24小时涨跌超过 5% 告诉我")
    assert move.route.slots == {
        "symbol": "SOLUSDT",
        "condition": "move",
        "level": "5",
        "window": "24h",
        "repeat": False,
    }
    [block] = alert_blocks(move)
    assert (block.condition, block.level, block.window) == ("move", Decimal("5"), "24h")

    command = await desk.command("alert", "btc < 80000")
    assert command.route.slots["condition"] == "below" and command.route.slots["level"] == "80000"
    assert command.status is Status.COMPLETED
    assert len(alert_blocks(await desk.command("alert", ""))) == 2  # a bare /alert lists


async def test_repeat_with_a_cooldown_is_read_and_shown(desk: AlertDesk) -> None:
    reply = await desk.say("every time BTC drops below 85000 alert me, cooldown 30 min")
    assert reply.route.slots["repeat"] is True and reply.route.slots["cooldown"] == "30"
    [block] = alert_blocks(reply)
    assert block.repeat and block.cooldown_minutes == 30

    bad = await desk.say("BTC 每次跌破 85000 提醒我 冷却 1 分钟")
    assert bad.status is Status.FAILED and codes(bad) == ["alert_bad_cooldown"]


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("alert me every time btc drops below 85000, cooldown -30 minutes", "-30 minutes"),
        ("BTC 每次跌破 85000 提醒我 冷却-30分钟", "-30分钟"),
    ],
)
async def test_a_cooldown_read_inexactly_is_refused_quoting_it(
    desk: AlertDesk, text: str, typed: str
) -> None:
    # It was dropped: a one-time alert was set although a repeating one was asked for.
    reply = await desk.say(text)
    assert reply.status is Status.FAILED and codes(reply) == ["refused_value"] and typed in texts(reply)
    assert alert_blocks(await desk.command("alert", "")) == []


async def test_a_level_off_the_tick_size_or_far_from_the_price_is_refused_clearly(desk: AlertDesk) -> None:
    tick = await desk.say("alert me when BTC goes above 95000.005")
    assert tick.status is Status.FAILED and codes(tick) == ["alert_bad_tick"]
    assert "0.01" in texts(tick) and "95000" in texts(tick)

    far = await desk.say("当 BTC 涨破 5000000 提醒我")
    assert codes(far) == ["alert_out_of_range"] and "900,000.00" in texts(far)

    percent = await desk.say("SOL 1小时涨跌超过 500% 告诉我")
    assert codes(percent) == ["alert_bad_percent"]
    assert desk.alerts.alerts == {}  # nothing stored


async def test_missing_coin_or_condition_and_unsupported_coins(desk: AlertDesk) -> None:
    assert codes(await desk.say("alert me when it goes above 5000")) == ["alert_no_symbol"]
    assert codes(await desk.say("BTC 提醒我")) == ["alert_ask_level"]  # asked; the answer sets it
    unsupported = await desk.say("当门罗币跌破 100 提醒我")
    assert codes(unsupported) == ["unsupported_symbol"] and "XMR" in texts(unsupported)


async def test_an_alert_whose_condition_already_holds_says_so_and_asks(desk: AlertDesk) -> None:
    asked = await desk.say("alert me when BTC goes above 85000")  # it is at 90,000 already

    assert asked.status is Status.NEEDS_INPUT and codes(asked) == ["alert_already_holds"]
    assert desk.alerts.alerts == {}
    anyway, _no = asked.buttons
    created = await desk.press(anyway.token)
    assert codes(created) == ["alert_created"]
    [alert] = desk.alerts.alerts.values()
    assert alert.armed is False  # fires only after the price goes back under and crosses again

    asked_again = await desk.say("alert me when BTC goes above 86000")
    assert codes(await desk.press(asked_again.buttons[1].token)) == ["alert_not_set"]
    assert len(desk.alerts.alerts) == 1


async def test_a_failing_market_sets_nothing(desk: AlertDesk) -> None:
    from core.market import MarketError

    desk.market.quote_error = MarketError("market_timeout")
    reply = await desk.say("alert me when BTC goes above 95000")
    assert reply.status is Status.FAILED and codes(reply) == ["market_timeout"]
    assert desk.alerts.alerts == {}


async def test_limits_per_person_and_per_channel(desk: AlertDesk) -> None:
    for i in range(PER_PERSON):
        assert (await desk.say(f"alert me when BTC goes above {91000 + i}")).status is Status.COMPLETED
    full = await desk.say("alert me when BTC goes above 99000")
    assert full.status is Status.FAILED and codes(full) == ["alert_limit"]
    assert str(PER_PERSON) in texts(full)

    for i in range(PER_CHANNEL):
        await desk.say(f"alert me when ETH goes above {4000 + i}", CHANNEL, admin=True)
    assert codes(await desk.say("alert me when ETH goes above 4900", CHANNEL, admin=True)) == ["alert_limit"]
    # Another person's private alerts are their own count.
    other = ConversationKey("telegram", "43", "43")
    assert (await desk.say("alert me when BTC goes above 99000", other)).status is Status.COMPLETED


async def test_only_admins_set_or_delete_a_groups_alerts(desk: AlertDesk) -> None:
    refused = await desk.say("当 BTC 跌破 80000 提醒我", GROUP, admin=False)
    assert refused.status is Status.FAILED and codes(refused) == ["not_admin"]
    assert "管理员" in texts(refused)
    unknown = await desk.say("当 BTC 跌破 80000 提醒我", GROUP)  # the adapter did not say: refused too
    assert codes(unknown) == ["not_admin"]

    made = await desk.say("当 BTC 跌破 80000 提醒我", GROUP, admin=True)
    [block] = alert_blocks(made)
    assert block.channel == "chat:-1001"
    [alert] = desk.alerts.alerts.values()
    assert alert.destination.chat_id == "-1001" and alert.destination.user_id is None

    member = ConversationKey("telegram", "-1001", "99")
    assert (
        len(alert_blocks(await desk.say("我设置了哪些价格提醒", member, admin=False))) == 1
    )  # anyone may look
    assert codes(await desk.say("删除 BTC 提醒", member, admin=False)) == ["not_admin"]
    asked = await desk.say("删除 BTC 提醒", member, admin=True)
    assert codes(await desk.press(asked.buttons[0].token, member, admin=True)) == ["alert_deleted"]


async def test_discord_channels_need_manage_permissions(desk: AlertDesk) -> None:
    refused = await desk.say("alert me when ETH goes above 5000", CHANNEL, admin=False)
    assert codes(refused) == ["not_admin"] and "Manage Server" in texts(refused)
    assert codes(await desk.say("alert me when ETH goes above 5000", CHANNEL, admin=True)) == [
        "alert_created"
    ]


# -- two levels in one request: an alert each, never the first alone (issue 21) ------------------


@pytest.mark.parametrize(
    ("text", "sides"),
    [
        ("BTC 到 95000 或 80000 提醒我", [("above", "95000"), ("below", "80000")]),
        ("alert me when BTC hits 95000 or 80000", [("above", "95000"), ("below", "80000")]),
        ("alert me when btc goes above 95000 or below 80000", [("above", "95000"), ("below", "80000")]),
        ("btc 涨到 9万5 或者 跌到 8万 提醒我", [("above", "95000"), ("below", "80000")]),
        ("alert me when btc above 95000 and below 80000", [("above", "95000"), ("below", "80000")]),
        ("/alert btc > 95000 or < 80000", [("above", "95000"), ("below", "80000")]),
    ],
)
async def test_two_levels_set_two_alerts_both_shown(
    desk: AlertDesk, text: str, sides: list[tuple[str, str]]
) -> None:
    made = await desk.say(text)
    assert made.status is Status.COMPLETED, texts(made)
    assert codes(made).count("alert_created") == 2
    shown = sorted((b.condition, str(b.level)) for b in alert_blocks(made))
    assert shown == sorted(sides)
    stored = sorted((a.spec.condition, str(a.spec.level)) for a in desk.alerts.alerts.values())
    assert stored == sorted(sides)


@pytest.mark.parametrize(
    "text", ["btc 跌破 80000 或 eth 跌破 3000 提醒我", "alert me when btc below 80k, eth below 3k"]
)
async def test_two_coins_with_a_level_each_set_an_alert_each(desk: AlertDesk, text: str) -> None:
    """Was one alert on BTC, or BTC's with ETH's level: the second coin's level is its own."""
    made = await desk.say(text)
    assert made.status is Status.COMPLETED and codes(made).count("alert_created") == 2, texts(made)
    stored = sorted((a.spec.symbol, a.spec.condition, str(a.spec.level)) for a in desk.alerts.alerts.values())
    assert stored == [("BTCUSDT", "below", "80000"), ("ETHUSDT", "below", "3000")]


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("btc 跌到 80000-81000 提醒我", "80000-81000"),
        ("alert me when btc drops below 80000 81000", "80000 81000"),
    ],
)
async def test_two_levels_not_joined_by_or_are_refused_quoting_them(
    desk: AlertDesk, text: str, quoted: str
) -> None:
    refused = await desk.say(text)
    assert refused.status is Status.FAILED and codes(refused) == ["refused_value"]
    assert quoted in texts(refused)
    assert desk.alerts.alerts == {}


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("alert me if eth moves 5% in 4 hours", "4 hours"),
        ("eth 4小时涨跌5%提醒我", "4小时"),
        ("alert me when sol moves 5% in 1.5 hours", "1.5 hours"),
        ("alert me when btc moves 5% in a week", "a week"),
    ],
)
async def test_a_window_not_watched_is_refused_not_defaulted_to_24h(
    desk: AlertDesk, text: str, quoted: str
) -> None:
    refused = await desk.say(text)
    assert refused.status is Status.FAILED and codes(refused) == ["alert_bad_window"]
    assert quoted in texts(refused) and "24" in texts(refused)
    assert desk.alerts.alerts == {}


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("alert me when btc above 100k, cooldown 7.5 min", "7.5 min"),
        ("btc 破 10万 提醒我 冷却2.5分", "2.5分"),
    ],
)
async def test_a_cooldown_of_no_whole_minutes_is_refused_quoting_it(
    desk: AlertDesk, text: str, quoted: str
) -> None:
    """Was 7 (or 2) minutes, the fraction dropped without a word."""
    refused = await desk.say(text)
    assert refused.status is Status.FAILED and codes(refused) == ["alert_bad_cooldown"]
    assert quoted in texts(refused)
    assert desk.alerts.alerts == {}


@pytest.mark.parametrize(
    ("text", "quoted"), [("BTC到90000提醒我", "跌破 90000"), ("set an alert for btc at 90000", "below 90000")]
)
async def test_a_level_at_the_price_now_asks_which_side_of_it(
    desk: AlertDesk, text: str, quoted: str
) -> None:
    """BTC is at 90,000: the side is asked naming the level (was the general "tell me the
    condition", which in a reply of two levels did not say which one it meant)."""
    asked = await desk.say(text)
    assert codes(asked) == ["alert_no_level"] and quoted in texts(asked)


@pytest.mark.parametrize(
    ("text", "quoted"),
    [("alert me when btc goes above 95000 in 24h", "24h"), ("btc 24小时内跌破 8万 提醒我", "24小时")],
)
async def test_a_window_on_a_level_alert_is_said_back_not_dropped(
    desk: AlertDesk, text: str, quoted: str
) -> None:
    """Was an alert without end, the time said dropped without a word."""
    refused = await desk.say(text)
    assert refused.status is Status.FAILED and codes(refused) == ["alert_bad_level_window"]
    assert quoted in texts(refused)
    assert desk.alerts.alerts == {}


@pytest.mark.parametrize(
    ("text", "code", "quoted"),
    [
        ("alert me twice when BTC goes above 90000", "alert_bad_count", "twice"),
        ("BTC 涨破 90000 提醒我两次", "alert_bad_count", "两次"),
        ("alert me 3 times when BTC goes above 90000", "alert_bad_count", "3 times"),
        ("alert me two times when BTC goes above 95000", "alert_bad_count", "two times"),
        ("BTC 漲破 95000 提醒我三遍", "alert_bad_count", "三遍"),
        ("BTC 涨破 90000 提醒我3次", "alert_bad_count", "3次"),
        ("alert me when BTC drops 5% from 90000", "alert_bad_move_from", "from 90000"),
        ("BTC 从 90000 跌 5% 提醒我", "alert_bad_move_from", "从 90000"),
        ("alert when btc above 90000 every 2 hours", "alert_bad_level_every", "every 2 hours"),
        ("BTC 涨破 90000 每2小时提醒", "alert_bad_level_every", "每2小时"),
    ],
)
async def test_what_an_alert_cannot_do_is_said_back_not_dropped(
    desk: AlertDesk, text: str, code: str, quoted: str
) -> None:
    """Were set as a plain one-shot alert, the count, the price a move is from or the clock
    interval dropped without a word: an alert fires once or on every crossing (with a cooldown),
    a move is measured against the price one window ago."""
    refused = await desk.say(text)
    assert refused.status is Status.FAILED and codes(refused) == [code]
    assert f"“{quoted}”" in texts(refused)
    assert desk.alerts.alerts == {}


@pytest.mark.parametrize("text", ["BTC 涨破 95000 提醒我1次", "alert me 1 time when BTC goes above 95000"])
async def test_once_is_what_an_alert_does(desk: AlertDesk, text: str) -> None:
    """A one-shot alert said with its count ("1次"): its 1 is no second level."""
    created = await desk.say(text)
    assert "alert_created" in codes(created)
    [alert] = desk.alerts.alerts.values()
    assert not alert.spec.repeat and alert.spec.level == 95000


# -- levels the price now decides: "2x", "翻倍", "halves", "5% from now" (issue 21) ----------------


@pytest.mark.parametrize(
    ("text", "sides", "said"),
    [
        ("alert me when BTC 2x", [("above", "180000")], "2× = 180,000.00"),
        ("BTC翻倍提醒我", [("above", "180000")], "2× = 180,000.00"),
        ("tell me when eth halves", [("below", "1750")], "0.5× = 1,750.00"),
        ("ETH腰斩提醒我", [("below", "1750")], "0.5× = 1,750.00"),
        ("alert me when sol hits 3x", [("above", "450")], "3× = 450.00"),
        ("SOL 到 3倍 提醒我", [("above", "450")], "3× = 450.00"),
        ("alert me if BTC moves 5% from now", [("above", "94500"), ("below", "85500")], "−5% = 85,500.00"),
        ("从现在起BTC涨5%提醒我", [("above", "94500")], "+5% = 94,500.00"),
        ("BTC从现在跌5%提醒我", [("below", "85500")], "−5% = 85,500.00"),
        ("alert me when btc drops 5% from here", [("below", "85500")], "−5% = 85,500.00"),
        ("alert me when sol triples", [("above", "450")], "3× = 450.00"),
        ("SOL 涨到三倍提醒我", [("above", "450")], "3× = 450.00"),
        ("alert me when BTC is 10% higher", [("above", "99000")], "+10% = 99,000.00"),
        ("alert me when BTC is 10% lower than now", [("below", "81000")], "−10% = 81,000.00"),
        ("BTC比现在高10%提醒我", [("above", "99000")], "+10% = 99,000.00"),
        # up from now as far as a level may be (10x): +150% is 2.5x, not "between 0.1% and 100%"
        ("alert me if eth goes up 150% from now", [("above", "8750")], "+150% = 8,750.00"),
        ("从现在起ETH涨100%提醒我", [("above", "7000")], "+100% = 7,000.00"),
    ],
)
async def test_a_level_counted_from_the_price_now_is_set_and_said_back(
    desk: AlertDesk, text: str, sides: list[tuple[str, str]], said: str
) -> None:
    """Were "tell me the condition" (2x, 翻倍, halves: the multiple ignored) or a move over 24
    hours (from now: measured from the price a day ago, not now): levels counted from the
    price now (BTC 90,000), the price and the levels said back."""
    made = await desk.say(text)
    assert made.status is Status.COMPLETED, texts(made)
    assert "90,000.00" in texts(made) or "3,500.00" in texts(made) or "150.00" in texts(made)
    assert said in texts(made) and codes(made)[0] == "alert_from_now"
    stored = sorted((a.spec.condition, str(a.spec.level)) for a in desk.alerts.alerts.values())
    assert stored == sorted(sides) and all(a.spec.window is None for a in desk.alerts.alerts.values())


@pytest.mark.parametrize(
    ("text", "quoted"),
    [("BTC涨3倍提醒我", "“涨3倍”"), ("BTC翻2倍提醒我", "“翻2倍”"), ("alert me when btc -2x", "“-2x”")],
)
async def test_a_multiple_not_clear_is_refused_quoting_it(desk: AlertDesk, text: str, quoted: str) -> None:
    """ "涨3倍" is 3x or 4x the price: asked to say it, never one of them guessed."""
    refused = await desk.say(text)
    assert refused.status is Status.FAILED and quoted in texts(refused)
    assert desk.alerts.alerts == {}


@pytest.mark.parametrize(
    ("text", "quoted"),
    [("alert me if btc moves 5% from now within 24h", "24h"), ("从现在起24小时内BTC涨5%提醒我", "24小时")],
)
async def test_a_window_on_a_move_from_now_is_said_back(desk: AlertDesk, text: str, quoted: str) -> None:
    """Levels counted from the price now have no window: said back, not dropped."""
    refused = await desk.say(text)
    assert refused.status is Status.FAILED and codes(refused) == ["alert_bad_level_window"]
    assert quoted in texts(refused) and desk.alerts.alerts == {}


@pytest.mark.parametrize("text", ["alert me when btc is 5% higher in 24h", "BTC 24小时涨幅高于5%提醒我"])
async def test_a_percent_with_a_window_is_still_a_move(desk: AlertDesk, text: str) -> None:
    made = await desk.say(text)
    [alert] = desk.alerts.alerts.values()
    assert (alert.spec.condition, alert.spec.level, alert.spec.window) == ("move", 5, "24h"), texts(made)


@pytest.mark.parametrize(
    ("text", "high"),
    [
        ("alert me if eth drops 100% from now", "100%"),
        ("从现在起ETH涨跌100%提醒我", "100%"),
        ("BTC从现在涨1000%提醒我", "900%"),
    ],
)
async def test_a_move_from_now_past_the_levels_allowed_is_refused(
    desk: AlertDesk, text: str, high: str
) -> None:
    refused = await desk.say(text)
    assert refused.status is Status.FAILED and codes(refused) == ["alert_bad_percent"]
    assert high in texts(refused) and desk.alerts.alerts == {}


@pytest.mark.parametrize(
    ("text", "coin", "sides"),
    [
        ("从现在起涨5%提醒我", "BTC", [("above", "94500")]),
        ("alert me if it rises 5% from now", "btc", [("above", "94500")]),
        ("alert me when it goes above 5000", "ETH", [("above", "5000")]),
        ("跌破80000提醒我", "比特币", [("below", "80000")]),
    ],
)
async def test_the_coin_asked_for_goes_on_with_the_request(
    desk: AlertDesk, text: str, coin: str, sides: list[tuple[str, str]]
) -> None:
    """Was "which coin?" and then the coin's price: the request had to be typed again."""
    asked = await desk.say(text)
    assert asked.status is Status.NEEDS_INPUT and codes(asked) == ["alert_no_symbol"], texts(asked)
    made = await desk.say(coin)
    assert made.status is Status.COMPLETED and made.route.skill == "price_alert", texts(made)
    stored = sorted((a.spec.condition, str(a.spec.level)) for a in desk.alerts.alerts.values())
    assert stored == sides


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("tell me if eth drops 5% in the next hour", True),
        ("ETH 24小时跌5%提醒我", True),
        ("ETH 24小時漲5%提醒我", True),
        ("SOL 24小时涨跌超过 5% 告诉我", False),
        ("alert me when btc moves 5% in 24h", False),
    ],
)
async def test_a_move_said_one_way_says_it_is_watched_both_ways(
    desk: AlertDesk, text: str, said: bool
) -> None:
    """A move alert fires on a move either way: "drops 5%" set one that also fires on a rise, and
    the reply did not say so (a meaning widened without a word)."""
    reply = await desk.say(text)
    [block] = alert_blocks(reply)
    assert block.condition == "move"
    assert ("alert_both_ways" in codes(reply)) is said, codes(reply)


@pytest.mark.parametrize(
    "said", ["delete my alert", "删掉提醒", "刪掉提醒", "remove my btc alert", "cancel alert 1"]
)
async def test_a_delete_of_the_only_alert_is_confirmed_first(desk: AlertDesk, said: str) -> None:
    """ "delete my alert" / 删掉提醒 with one alert deleted it at once, no button: the one there is
    was taken for the one meant. Now every delete offers the alert with a red delete button and a
    keep button; nothing is deleted until it is pressed."""
    await desk.say("alert me when BTC goes above 95000")
    [alert] = desk.alerts.alerts.values()
    asked = await desk.say(said)
    assert asked.route.action == "delete" and asked.status is Status.NEEDS_INPUT, said
    assert codes(asked) == ["ask_alert"] and alert.id in texts(asked)
    assert [b.style for b in asked.buttons] == ["danger", "secondary"]
    assert list(desk.alerts.alerts) == [alert.id]  # nothing deleted yet

    kept = await desk.press(asked.buttons[1].token)
    assert codes(kept) == ["alert_kept"] and list(desk.alerts.alerts) == [alert.id]
    again = await desk.say(said)
    assert codes(await desk.press(again.buttons[0].token)) == ["alert_deleted"]
    assert desk.alerts.alerts == {}


async def test_each_coin_s_delete_is_offered_on_its_own(desk: AlertDesk) -> None:
    await desk.say("alert me when BTC goes above 95000")
    await desk.say("alert me when ETH goes above 5000")
    asked = await desk.say("remove my btc and eth alerts")
    assert len(desk.alerts.alerts) == 2 and asked.buttons  # none deleted unconfirmed
