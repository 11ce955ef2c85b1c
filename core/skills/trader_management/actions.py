"""trader_management's actions: what each one asks, confirms and checks, and its handler."""

from __future__ import annotations

from core.skills.trader_management import handlers
from core.skills.trader_management.skill import TraderSkill
from core.tasks.actions import ActionSpec, Confirm

ACTIONS: dict[str, ActionSpec[TraderSkill]] = {
    "create": ActionSpec(
        run=handlers.create_trader,
        slots=TraderSkill.create_slots,
        confirm=Confirm.when(TraderSkill.starts_live, "it starts on a live account"),
    ),
    "update": ActionSpec(
        run=handlers.update_trader,
        slots=TraderSkill.update_slots,
        target=True,
        check=TraderSkill.check_update,
    ),
    "delete": ActionSpec(
        run=TraderSkill.delete_record,
        target=True,
        confirm=Confirm.ALWAYS,
        check=TraderSkill.check_delete,
        destructive=True,
    ),
    "start": ActionSpec(
        run=handlers.start_trader,
        target=True,
        confirm=Confirm.when(TraderSkill.is_live, "a live account"),
        check=TraderSkill.check_start,
    ),
    "stop": ActionSpec(
        run=handlers.stop_trader, target=True, confirm=Confirm.ALWAYS, check=TraderSkill.check_stop
    ),
    "query": ActionSpec(run=handlers.query_traders, writes=False),
}
