"""What no rule covers goes to the planner, once per turn, identified per platform and person."""

from __future__ import annotations

from core.clock import FixedClock
from core.engine import Core
from core.events import ConversationKey, TextMessage
from core.i18n import Locale
from core.memory_store import MemoryStateStore
from core.reply import Reply, RouteInfo, Status, TextBlock
from tests.fakes import NOW, ScriptedMarket, price_skills


class RecordingPlanner:
    def __init__(self) -> None:
        self.calls: list[tuple[str, Locale, str]] = []

    async def run(self, *, text: str, locale: Locale, user_id: str) -> Reply:
        self.calls.append((text, locale, user_id))
        return Reply(Status.COMPLETED, (TextBlock("ok"),), locale, route=RouteInfo(None, by="model"))


async def test_budget_identity_includes_the_platform() -> None:
    clock = FixedClock(NOW)
    planner = RecordingPlanner()
    core = Core(
        store=MemoryStateStore(), skills=price_skills(ScriptedMarket(), clock), clock=clock, planner=planner
    )
    for i, platform in enumerate(("telegram", "discord")):
        reply = await core.handle(
            TextMessage(f"e{i}", ConversationKey(platform, "c", "42"), text="tell me a joke")
        )
        assert reply.route.by == "model"
    assert [user for _, _, user in planner.calls] == ["telegram:42", "discord:42"]
    # A rule-routed message never reaches the planner.
    await core.handle(TextMessage("e9", ConversationKey("telegram", "c", "42"), text="BTC price"))
    assert len(planner.calls) == 2
