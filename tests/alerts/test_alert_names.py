"""Alert names through the real engine (zh, zh-Hant, en): a name given when creating is read,
shown and stored; a name the destination already has is refused with nothing set; no name is as
before; listing shows the names; and the person's alert names route their delete and question
("delete dip buyer", "抄底线删掉", "is dip buyer still on", "我的抄底线还在吗"), a name they have
no alert of answered as such, never another alert taken for it."""

from __future__ import annotations

import pytest

from core.reply import Status
from core.skills.price_alert.model import Alert
from tests.alerts.conftest import GROUP, AlertDesk, alert_blocks, codes, texts


def stored(desk: AlertDesk) -> dict[str | None, Alert]:
    return {a.name: a for a in desk.alerts.alerts.values()}


# -- create ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "name", "shown"),
    [
        ("alert me when btc < 80k, call it dip buyer", "dip buyer", "Price alert #{id} “dip buyer” set"),
        ("name it dip buyer and alert me when btc drops below 80000", "dip buyer", "“dip buyer”"),
        ("set an alert called dip buyer for btc below 80k", "dip buyer", "“dip buyer”"),
        ("btc跌破8万提醒我，叫它抄底线", "抄底线", "已设置价格提醒 #{id}「抄底线」"),
        ("btc跌破8万提醒我，命名为抄底线", "抄底线", "「抄底线」"),
        ("btc跌破8万提醒我 名字叫抄底线", "抄底线", "「抄底线」"),
        ("btc跌破8萬提醒我，叫它抄底線", "抄底線", "「抄底線」"),
        ("比特幣跌破8萬通知我，命名為抄底線", "抄底線", "「抄底線」"),
        # a bare 叫 opening the clause after the comma: the name was not read (s58)
        ("大餅跌到80000提醒我，叫抄底線", "抄底線", "「抄底線」"),
        ("eth涨到5000提醒我, 叫冲冲冲", "冲冲冲", "「冲冲冲」"),
    ],
)
async def test_a_name_given_when_creating_is_read_shown_and_stored(
    desk: AlertDesk, said: str, name: str, shown: str
) -> None:
    made = await desk.say(said)
    assert made.status is Status.COMPLETED, texts(made)
    assert (made.route.skill, made.route.action, made.route.slots.get("name")) == (
        "price_alert",
        "create",
        name,
    )
    [block] = alert_blocks(made)
    assert block.name == name
    assert shown.format(id=block.id) in texts(made)
    assert stored(desk)[name].id == block.id
    assert codes(made) == ["alert_created"]  # one ask: the name is no order ("抄底" buys the dip)


async def test_a_name_of_buying_the_dip_places_no_order(desk: AlertDesk) -> None:
    """ "…，叫它抄底线" read alone was a limit buy of BTC at the alert's level (抄底: buy the dip), a
    second ask beside the alert."""
    made = await desk.say("btc跌破8万提醒我，叫它抄底线")
    assert codes(made) == ["alert_created"], codes(made)
    assert "limit" not in str(made.route) and "ask_amount" not in codes(made)


async def test_a_name_already_there_is_refused_and_nothing_is_set(desk: AlertDesk) -> None:
    await desk.say("alert me when btc < 80k, call it dip buyer")
    again = await desk.say("alert me when eth > 5000, name it DIP BUYER")
    assert again.status is Status.FAILED and codes(again) == ["name_taken"]
    assert "already an alert called “DIP BUYER”" in texts(again) and "didn't set" in texts(again)
    assert [a.symbol for a in desk.alerts.alerts.values()] == ["BTCUSDT"]

    await desk.say("eth涨破5000提醒我，叫它冲冲冲")
    zh = await desk.say("sol跌破100提醒我，叫它冲冲冲")
    assert codes(zh) == ["name_taken"] and "已经有一个叫「冲冲冲」的提醒了" in texts(zh)
    assert sorted(a.symbol for a in desk.alerts.alerts.values()) == ["BTCUSDT", "ETHUSDT"]


async def test_no_name_given_stays_as_before(desk: AlertDesk) -> None:
    made = await desk.say("当 BTC 跌破 80000 提醒我")
    assert "name" not in made.route.slots
    [block] = alert_blocks(made)
    assert block.name is None and f"#{block.id}：" in texts(made)
    assert list(stored(desk)) == [None]
    assert codes(await desk.say("当 ETH 涨破 5000 提醒我")) == ["alert_created"]  # unnamed never clash


async def test_a_name_that_cannot_be_one_is_refused_quoting_it(desk: AlertDesk) -> None:
    refused = await desk.say("btc跌破8万提醒我，叫它<b>")
    assert refused.status is Status.FAILED and codes(refused) == ["alert_bad_name"]
    assert "“<b>”不能用作提醒的名字" in texts(refused)
    assert desk.alerts.alerts == {}


async def test_a_group_s_names_are_its_own(desk: AlertDesk) -> None:
    await desk.say("alert me when btc < 80k, call it dip buyer")
    in_group = await desk.say("alert me when btc < 80k, call it dip buyer", GROUP, admin=True)
    assert codes(in_group) == ["alert_created"]  # the group's alerts: another destination
    clash = await desk.say("alert me when eth > 5000, call it dip buyer", GROUP, admin=True)
    assert codes(clash) == ["name_taken"]
    assert len(desk.alerts.alerts) == 2


async def test_listing_shows_the_names(desk: AlertDesk) -> None:
    await desk.say("alert me when btc < 80k, call it dip buyer")
    await desk.say("当 ETH 涨破 5000 提醒我")
    listed = await desk.say("show my alerts")
    assert sorted((b.symbol, b.name or "") for b in alert_blocks(listed)) == [
        ("BTCUSDT", "dip buyer"),
        ("ETHUSDT", ""),
    ]


# -- their names route -----------------------------------------------------------------------------


async def test_their_alert_names_route_its_delete_and_questions(desk: AlertDesk) -> None:
    await desk.say("alert me when btc < 80k, call it dip buyer")
    await desk.say("eth涨破5000提醒我，叫它抄底线")
    await desk.say("当 SOL 跌破 100 提醒我")
    ids = {name: a.id for name, a in stored(desk).items()}

    on = await desk.say("is dip buyer still on")
    assert (on.route.action, on.route.slots.get("name")) == ("query", "dip buyer")
    assert codes(on) == ["alert_named"] and "still on" in texts(on)
    assert [b.id for b in alert_blocks(on)] == [ids["dip buyer"]]

    zh = await desk.say("我的抄底线还在吗")
    assert codes(zh) == ["alert_named"] and "「抄底线」" in texts(zh) and "仍在监控" in texts(zh)
    hant = await desk.say("我的抄底線還在嗎")
    assert codes(hant) == ["alert_named"] and [b.id for b in alert_blocks(hant)] == [ids["抄底线"]]

    asked = await desk.say("delete dip buyer")
    assert (asked.route.action, codes(asked)) == ("delete", ["ask_alert"]) and len(stored(desk)) == 3
    gone = await desk.press(asked.buttons[0].token)
    assert codes(gone) == ["alert_deleted"]
    assert sorted(n or "" for n in stored(desk)) == ["", "抄底线"]  # that one alone
    asked = await desk.say("抄底线删掉")
    assert codes(asked) == ["ask_alert"] and "「抄底线」" in texts(asked)
    gone = await desk.press(asked.buttons[0].token)
    assert codes(gone) == ["alert_deleted"] and "「抄底线」" in texts(gone)
    assert list(stored(desk)) == [None]


async def test_a_fired_alert_asked_about_says_it_is_no_longer_watched(desk: AlertDesk) -> None:
    await desk.say("alert me when btc < 80k, call it dip buyer")
    desk.move("BTCUSDT", "79000")
    await desk.tick()
    asked = await desk.say("is dip buyer still armed?")
    assert codes(asked) == ["alert_named"] and "already fired" in texts(asked)
    assert [b.status for b in alert_blocks(asked)] == ["triggered"]


async def test_a_name_they_have_no_alert_of_deletes_none(desk: AlertDesk) -> None:
    """ "delete my dip buyr alert" (a typo) deleted their only alert: now it says there is no alert
    so called, with the names there are, and asks which (nothing deleted)."""
    await desk.say("alert me when btc < 80k, call it dip buyer")
    asked = await desk.say("delete my dip buyr alert")
    assert asked.status is Status.NEEDS_INPUT and codes(asked) == ["not_found", "ask_alert"]
    assert "no alert called “dip buyr”" in texts(asked) and "“dip buyer”" in texts(asked)
    assert list(stored(desk)) == ["dip buyer"]

    named = await desk.say("delete the alert called moon call")
    assert codes(named)[0] == "not_found" and list(stored(desk)) == ["dip buyer"]


async def test_a_group_s_alert_names_are_the_group_s(desk: AlertDesk) -> None:
    await desk.say("alert me when btc < 80k, call it dip buyer", GROUP, admin=True)
    mine = await desk.say("alert me when eth > 5000, call it moon call")
    assert codes(mine) == ["alert_created"]
    in_group = await desk.say("is moon call still on", GROUP, admin=True)
    assert in_group.route.slots.get("name") != "moon call" or codes(in_group) != ["alert_named"]
    asked = await desk.say("delete dip buyer", GROUP, admin=True)
    assert codes(await desk.press(asked.buttons[0].token, GROUP, admin=True)) == ["alert_deleted"]
    assert list(stored(desk)) == ["moon call"]


async def test_an_alert_renamed_by_its_name(desk: AlertDesk) -> None:
    """ "rename dip buyer to floor" went to the exchange accounts' rename (no account so named)."""
    await desk.say("alert me when btc < 80k, call it dip buyer")
    await desk.say("eth涨破5000提醒我，叫它抄底线")
    done = await desk.say("rename dip buyer to floor")
    assert (done.route.skill, done.route.action, codes(done)) == ("price_alert", "rename", ["alert_renamed"])
    assert "“dip buyer” to “floor”" in texts(done)
    assert sorted(n or "" for n in stored(desk)) == ["floor", "抄底线"]
    clash = await desk.say("把抄底线改名为FLOOR")
    assert codes(clash) == ["name_taken"] and "名字没有改" in texts(clash)
    zh = await desk.say("抄底线改名叫底部")
    assert codes(zh) == ["alert_renamed"] and sorted(n or "" for n in stored(desk)) == ["floor", "底部"]
    # the new name given in a clause of its own (s58: the name was ",叫新底")
    told = await desk.say("底部改个名字，叫新底")
    assert codes(told) == ["alert_renamed"] and sorted(n or "" for n in stored(desk)) == ["floor", "新底"]
    asked = await desk.say("rename floor")
    assert codes(asked) == ["alert_no_name"] and sorted(n or "" for n in stored(desk)) == ["floor", "新底"]


@pytest.mark.parametrize(
    "said",
    [
        "抄底线这个提醒改个名，叫底部",
        "抄底线这个提醒改个名叫底部",
        "给抄底线换个名字，就叫底部吧",
    ],
)
async def test_a_new_name_said_after_its_word_is_the_name_stored(desk: AlertDesk, said: str) -> None:
    """ "抄底线这个提醒改个名，叫底部" stored the name ",叫底部" (the mark and 叫 taken as part of it); a
    name given by its 名字 changed ("换个名字，就叫…") was read as nothing."""
    await desk.say("eth涨破5000提醒我，叫它抄底线")
    done = await desk.say(said)
    assert (done.route.action, codes(done)) == ("rename", ["alert_renamed"]), (said, codes(done))
    assert list(stored(desk)) == ["底部"]


async def test_what_an_alert_is_set_to_asked_renames_nothing(desk: AlertDesk) -> None:
    """ "whats the moon call alert set to again?" renamed the alert to "again?" (s58): it is asked about."""
    await desk.say("alert me when btc < 80k, call it moon call")
    for said in ("whats the moon call alert set to again?", "moon call设成多少了"):
        asked = await desk.say(said)
        assert (asked.route.action, asked.route.slots.get("name")) == ("query", "moon call"), said
        assert list(stored(desk)) == ["moon call"], said


async def test_an_alert_paused_is_neither_paused_nor_deleted(desk: AlertDesk) -> None:
    """ "pause dip buyer" deleted the alert (pause read as stop, stop as delete): an alert can't be
    paused; it is shown, that said, and kept."""
    await desk.say("alert me when btc < 80k, call it dip buyer")
    await desk.say("eth涨破5000提醒我，叫它抄底线")
    for said in ("pause dip buyer", "抄底线先停一下", "暫停抄底線", "pause my btc alert"):
        held = await desk.say(said)
        assert held.route.action == "query" and codes(held)[0] == "alert_no_pause", (said, codes(held))
        assert sorted(n or "" for n in stored(desk)) == ["dip buyer", "抄底线"], said


async def test_an_alert_s_number_is_its_id(desk: AlertDesk) -> None:
    """ "delete alert 3" with one alert deleted it whatever its number: now no alert #3 is said."""
    await desk.say("alert me when btc < 80k")
    for said in ("delete alert 3", "删除3号提醒", "刪除3號提醒", "/alert rm 3"):
        asked = await desk.say(said)
        assert codes(asked) == ["not_found"] and "3" in texts(asked), (said, codes(asked))
        assert len(desk.alerts.alerts) == 1, said


async def test_an_alert_s_place_or_two_ids_delete_none_other(desk: AlertDesk) -> None:
    """With one alert, "删除第3个提醒" / "delete the second alert" deleted it whatever place was said,
    and "delete alert <id> and <id>" deleted the first only: now the place is answered as a number
    they do not have, and two ids are refused quoting both; the alert is kept."""
    await desk.say("alert me when btc < 80k")
    kept = next(iter(desk.alerts.alerts))
    for said in ("删除第3个提醒", "delete the second alert", "刪除第二個提醒"):
        asked = await desk.say(said)
        assert codes(asked) == ["not_found"], (said, codes(asked))
        assert len(desk.alerts.alerts) == 1, said
    asked = await desk.say(f"delete alert {kept} and 5e6f7a8b")
    assert codes(asked) == ["refused"] and "5e6f7a8b" in texts(asked), codes(asked)
    assert len(desk.alerts.alerts) == 1


async def test_a_coin_choice_or_a_kept_coin_deletes_none(desk: AlertDesk) -> None:
    """ "delete my btc or eth alert" deleted BTC's, and "delete all alerts except btc" BTC's: now a
    choice of coins is refused quoting it, and a coin kept is no delete; the alerts are kept."""
    await desk.say("alert me when btc < 80k")
    await desk.say("alert me when eth > 5000")
    for said in ("delete my btc or eth alert", "删除btc或者eth的提醒"):
        asked = await desk.say(said)
        assert codes(asked) == ["refused"], (said, codes(asked))
        assert len(desk.alerts.alerts) == 2, said
    await desk.say("delete all alerts except btc")
    assert len(desk.alerts.alerts) == 2


async def test_a_delete_said_with_a_level_makes_no_alert(desk: AlertDesk) -> None:
    """ "delete my eth alert above 4000" / "删除eth涨到4000的提醒" made an ETH alert at 4000, and "delete my
    btc alert and eth alert at 4000" made one beside the delete: now the level names the alert
    deleted, none is made."""
    await desk.say("alert me when btc < 80k")
    await desk.say("alert me when eth > 5000")
    for said in (
        "delete my eth alert above 4000",
        "删除eth涨到4000的提醒",
        "delete my btc alert and eth alert at 4000",
    ):
        await desk.say(said)
        levels = sorted(str(a.spec.level) for a in desk.alerts.alerts.values())
        assert not any(level.startswith("4000") for level in levels), (said, levels)


async def test_an_alert_s_place_is_its_place_in_the_list_offered_never_deleted_at_once(
    desk: AlertDesk,
) -> None:
    """ "delete the first alert" with one alert answered "No alert #1": the list shows no numbers,
    only the alerts oldest first. Now a place the list has offers the alert listed there, its
    button deleting it; a place past the list is answered as before."""
    await desk.say("alert me when btc < 80k")
    await desk.say("alert me when eth > 5000")
    second = sorted(desk.alerts.alerts.values(), key=lambda a: (a.created_at, a.id))[1]  # as listed
    for said in ("delete the second alert", "删除第二个提醒", "刪除第2個提醒"):
        asked = await desk.say(said)
        assert codes(asked) == ["ask_alert"] and len(asked.buttons) == 2, (said, codes(asked))  # or keep it
        assert second.id in asked.buttons[0].label and len(desk.alerts.alerts) == 2, said
    assert codes(await desk.say("delete the third alert")) == ["not_found"]
    done = await desk.press(asked.buttons[0].token)
    assert codes(done) == ["alert_deleted"] and second.id not in desk.alerts.alerts
