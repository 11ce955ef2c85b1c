"""Model notes (issue 24): links, also defanged, and contact handles are removed, not defanged,
with a notice, and the answer is partial; a figure for a coin no tool looked up is said to be
removed by its coin, with how to get checked data. A scripted model on 127.0.0.1."""

from __future__ import annotations

import pytest

from core.i18n import Locale
from core.reply import NoticeBlock, Reply, Status
from tests.planner.conftest import MakePlanner, note_of
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call

PHISHING = {
    "en": "Your key needs a check: hxxps[:]//evil-binance[.]example[.]com/verify … DM ＠scammer or @x, "
    "or t.me/evil_support.",
    "zh": "你的密钥需要验证：hxxps[:]//evil-binance[.]example[.]com/verify … "
    "私信 ＠scammer 或 t.me/evil_support。",
}


def notices(reply: Reply) -> dict[str | None, str]:
    return {b.code: b.text for b in reply.blocks if isinstance(b, NoticeBlock)}


@pytest.mark.parametrize("locale", ["en", "zh"])
async def test_a_defanged_phishing_link_and_handles_are_removed_and_said(
    llm: ScriptedLLMServer, make_planner: MakePlanner, locale: Locale
) -> None:
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion(PHISHING[locale]),
    )
    reply = await make_planner().run(text="is my key ok?", locale=locale, user_id="u1")
    text = note_of(reply) or ""
    for gone in ("evil", "hxxp", "[.]", "[:]", "scammer", "＠", "@x", "t.me"):
        assert gone not in text, text
    assert ("验证" in text) if locale == "zh" else ("needs a check" in text)
    said = notices(reply)
    assert "links_removed" in said
    assert ("链接" in said["links_removed"]) if locale == "zh" else ("links" in said["links_removed"])
    assert reply.status is Status.PARTIAL  # never completed once the guard removed anything


@pytest.mark.parametrize("locale", ["en", "zh"])
async def test_a_figure_for_a_coin_not_looked_up_is_said_by_its_coin(
    llm: ScriptedLLMServer, make_planner: MakePlanner, locale: Locale
) -> None:
    prose = "And ETH is $3,000 right now." if locale == "en" else "以太坊现在是 3000 美元。"
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion(prose),
    )
    reply = await make_planner().run(text="BTC and ETH?", locale=locale, user_id="u1")
    said = notices(reply)
    assert "figures_removed" in said and "ETH" in said["figures_removed"]
    assert (
        ("ETH 价格" in said["figures_removed"])
        if locale == "zh"
        else ("ETH price" in said["figures_removed"])
    )
    assert reply.status is Status.PARTIAL
