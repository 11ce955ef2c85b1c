"""Which of several traders named is running, asked once ("老王和闪电哪个在跑", "rex, gary and nova —
which ones are running?", "大隻佬同阿飛邊個開緊"): one question, each named one's status shown and no
other trader's (before: one ask per name, as if each was asked about alone)."""

from __future__ import annotations

from core.reply import Status
from tests.traders.conftest import TraderDesk, dca, text_of


async def test_which_of_the_named_traders_runs_is_one_answer_of_them(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    for name in ("alpha", "beta", "gamma"):
        await desk.chat.say(f"创建一个交易员 叫 {name}")
    await desk.chat.say("启动交易员 alpha")
    reply = await desk.chat.say("alpha和beta哪个在跑")
    shown = text_of(reply)
    assert reply.status is Status.COMPLETED, shown
    assert "alpha" in shown and "beta" in shown and "gamma" not in shown, shown


def test_a_list_of_names_resolves_to_each_one() -> None:
    from core.tasks.refs import Target, resolve

    targets = [Target(id=str(i), name=n) for i, n in enumerate(("老王", "闪电", "阿飞"))]
    found = resolve({"names": "老王\n闪电"}, targets, None)
    assert [t.name for t in found] == ["老王", "闪电"]
