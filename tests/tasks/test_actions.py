"""Actions as data: confirmation policies, fixed and computed slot lists."""

from __future__ import annotations

from core.events import ChatKind, ConversationKey
from core.memory_store import MemoryStateStore
from core.state import ConversationState, Task
from core.tasks.actions import ActionSpec, Confirm, Done, SlotSpec
from core.turn import Turn
from tests.fakes import NOW


class Orders:
    """A stand-in skill: a rule needing IO (equity) and one that does not (live account)."""

    equity = 1000

    async def run(self, turn: Turn, task: Task) -> Done:
        raise AssertionError("not run here")

    def is_live(self, turn: Turn, task: Task) -> bool:
        return task.slots.get("account") == "live"

    async def over_quarter_of_equity(self, turn: Turn, task: Task) -> bool:
        return int(task.slots.get("amount", 0)) > self.equity // 4

    def slots(self, task: Task) -> list[SlotSpec]:
        base = [SlotSpec("account", "choice", infer=("existing",))]
        return [*base, SlotSpec("amount", "text")] if task.slots.get("account") == "live" else base


def turn() -> Turn:
    return Turn(
        ConversationKey("console", "c", "u"),
        ChatKind.PRIVATE,
        ConversationState(),
        "en",
        NOW,
        MemoryStateStore(),
    )


def task(**slots: object) -> Task:
    return Task(id="t", skill="orders", action="place", slots=dict(slots), created_at=NOW, updated_at=NOW)


async def test_confirmation_policies() -> None:
    orders = Orders()
    assert await Confirm.NEVER.required(orders, turn(), task()) is False
    assert await Confirm.ALWAYS.required(orders, turn(), task()) is True
    live = Confirm.when(Orders.is_live, "a live account")
    assert await live.required(orders, turn(), task(account="live")) is True
    assert await live.required(orders, turn(), task(account="paper")) is False
    big = Confirm.when(Orders.over_quarter_of_equity, "more than 25% of equity")
    assert await big.required(orders, turn(), task(amount=251)) is True
    assert await big.required(orders, turn(), task(amount=250)) is False
    assert big.label == "more than 25% of equity"


def test_slot_lists_are_fixed_or_computed_from_the_task() -> None:
    orders = Orders()
    fixed = ActionSpec(run=Orders.run, slots=(SlotSpec("symbol", "choice"),))
    computed = ActionSpec(run=Orders.run, slots=Orders.slots)
    assert [s.name for s in fixed.slot_specs(orders, task())] == ["symbol"]
    assert [s.name for s in computed.slot_specs(orders, task(account="paper"))] == ["account"]
    assert [s.name for s in computed.slot_specs(orders, task(account="live"))] == ["account", "amount"]
