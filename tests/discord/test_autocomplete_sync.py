"""Coin autocomplete, and the command payload `deskmate discord --sync` uploads."""

from __future__ import annotations

import simcord

from adapters.discord import DiscordConfig, build_client, sync_tree
from core.markets import MarketCatalog
from tests.discord.fakes import ScriptedHandler
from tests.fakes import COMMANDS


def _member(env: simcord.Env) -> tuple[simcord.ChannelHandle, simcord.MemberActor]:
    guild = env.create_guild()
    return guild.create_text_channel("general"), guild.add_member(env.create_user("alice"))


async def test_autocomplete_matches_english_names_and_tickers(env: simcord.Env) -> None:
    channel, alice = _member(env)

    bit = await alice.autocomplete(channel, "price", "coin", "bit")
    eth = await alice.autocomplete(channel, "history", "coin", "ETH")
    everything = await alice.autocomplete(channel, "price", "coin", "")
    nothing = await alice.autocomplete(channel, "price", "coin", "dogecoin")

    assert bit == [{"name": "Bitcoin · 比特币 (BTC)", "value": "BTC"}]
    assert eth == [{"name": "Ethereum · 以太坊 (ETH)", "value": "ETH"}]
    assert [c["value"] for c in everything] == ["BTC", "ETH", "SOL"]
    assert nothing == []  # only supported markets are offered


async def test_autocomplete_matches_chinese_names_and_aliases(env: simcord.Env) -> None:
    channel, alice = _member(env)

    by_name = await alice.autocomplete(channel, "price", "coin", "以太")
    by_alias = await alice.autocomplete(channel, "price", "coin", "大饼")
    substring = await alice.autocomplete(channel, "price", "coin", "拉纳")

    assert [c["value"] for c in by_name] == ["ETH"]
    assert [c["value"] for c in by_alias] == ["BTC"]
    assert [c["value"] for c in substring] == ["SOL"]


async def test_autocomplete_names_follow_the_client_language(env: simcord.Env, zh_client: None) -> None:
    channel, alice = _member(env)

    choices = await alice.autocomplete(channel, "price", "coin", "b")

    assert choices == [{"name": "比特币 · Bitcoin (BTC)", "value": "BTC"}]


async def test_synced_payload_has_localized_names_and_descriptions(env: simcord.Env) -> None:
    synced = {c["name"]: c for c in env.backend.commands[None].values()}

    assert set(synced) == {"price", "history", "alert", "ask", "lang", "help"}
    zh_names = {name: c["name_localizations"]["zh-CN"] for name, c in synced.items()}
    assert zh_names == {
        "price": "价格",
        "history": "历史",
        "alert": "提醒",
        "ask": "提问",
        "lang": "语言",
        "help": "帮助",
    }
    for command in synced.values():
        assert command["name_localizations"]["en-US"] == command["name"]
        assert command["description_localizations"]["zh-CN"]
        assert command["description_localizations"]["en-US"] == command["description"]
    [coin] = synced["price"]["options"]
    assert coin["name"] == "coin" and coin["name_localizations"]["zh-CN"] == "币种"
    assert coin["autocomplete"] is True
    [language] = synced["lang"]["options"]
    assert [(c["value"], c["name_localizations"]["zh-CN"]) for c in language["choices"]] == [
        ("zh", "中文"),
        ("zh-Hant", "繁体中文"),
        ("en", "英文 (English)"),
        ("auto", "自动（跟随消息语言）"),  # back to following each message, as /lang auto elsewhere
    ]
    # zh-TW clients: the zh texts in traditional characters (Taiwan's words).
    assert synced["help"]["name_localizations"]["zh-TW"] == "幫助"
    assert language["choices"][1]["name_localizations"]["zh-TW"] == "繁體中文"
    assert coin["name_localizations"]["zh-TW"] == "幣種"


async def test_dev_guild_sync_publishes_to_that_guild_at_once(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("dev")
    alice = guild.add_member(simcord_env.create_user("alice"))

    synced = await sync_tree(simcord_env.bot.tree, guild.id)  # type: ignore[attr-defined]

    assert sorted(c.name for c in synced) == ["alert", "ask", "help", "history", "lang", "price"]
    assert set(simcord_env.backend.commands[guild.id]) >= {("price", 1), ("help", 1)}
    assert not simcord_env.backend.commands.get(None)  # nothing published globally
    result = await alice.slash(channel, "price", coin="btc")
    assert result.response is not None and result.response.embeds[0].title == "Bitcoin · BTC/USDT"


async def test_dev_guild_is_synced_when_the_client_starts() -> None:
    guild_id = 1_234_567_890_123_456_789
    client = build_client(
        DiscordConfig(token="unused", dev_guild_id=guild_id),
        ScriptedHandler(),
        catalog=MarketCatalog(),
        commands=COMMANDS,
    )
    env = simcord.Env(client)
    guild = env.create_guild(id=guild_id)
    channel = guild.create_text_channel("dev")
    alice = guild.add_member(env.create_user("alice"))
    await env.start()
    try:
        assert {name for name, _ in env.backend.commands[guild_id]} == {
            "price",
            "history",
            "alert",
            "ask",
            "lang",
            "help",
        }
        result = await alice.slash(channel, "help")
        assert result.response is not None and result.ephemeral
    finally:
        await env.shutdown()
