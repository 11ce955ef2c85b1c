"""The ``order`` block of a resting order: its type, trigger / limit price, expiry, number and
status (open / partially filled / filled / cancelled / expired), on the console, Telegram,
Discord and ``deskmate ask --json``, zh + en."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from decimal import Decimal

from adapters.console.render import render_json, render_text
from adapters.discord.render import render as discord_render
from adapters.telegram.render import render_reply
from core.reply import OrderBlock, Reply, Status
from core.tables import table_of
from tests.cases import each
from tests.fakes import NOW

STOP = OrderBlock(
    "main", "paper", "BTCUSDT", "sell", Decimal("0.01"), None, None, None, None, "open", "dmsl1",
    order_type="stop_limit", limit_price=Decimal("79800"), trigger_price=Decimal("80000"),
    expires_at=NOW + timedelta(hours=24), order_no="12",
)  # fmt: skip


@each(
    ("locale", "shown"),
    [
        (
            "en",
            ["#12", "stop-limit", "80,000", "79,800", (NOW + timedelta(hours=24)).strftime("%Y-%m-%d %H:%M")],
        ),
        ("zh", ["#12", "止损限价", "触发价", "80,000", "79,800", "挂单中"]),
    ],
)
def test_a_resting_order_shows_its_type_prices_expiry_and_number_everywhere(
    locale: str, shown: list[str]
) -> None:
    reply = Reply(Status.COMPLETED, (STOP,), locale)  # type: ignore[arg-type]
    for text in (
        render_text(reply),
        str(render_reply(reply, in_group=False, bot_username=None)),
        " ".join(str(e.to_dict()) for e in discord_render(reply).embeds),
    ):
        for word in shown:
            assert word in text, (word, text)


@each("status", ["open", "partially_filled", "filled", "cancelled", "expired"])
def test_every_status_of_a_resting_order_has_its_title(status: str) -> None:
    block = replace(STOP, status=status)  # type: ignore[arg-type]
    for locale in ("en", "zh"):
        table = table_of(block, locale)  # type: ignore[arg-type]
        assert table is not None and "tbl." not in table.title, table.title


def test_json_carries_the_type_prices_and_expiry() -> None:
    (order,) = render_json(Reply(Status.COMPLETED, (STOP,), "en"))["blocks"]  # type: ignore[arg-type]
    assert (order["order_type"], order["trigger_price"], order["limit_price"], order["order_no"]) == (
        "stop_limit", "80000", "79800", "12",
    )  # fmt: skip
    assert order["expires_at"] == (NOW + timedelta(hours=24)).isoformat()
