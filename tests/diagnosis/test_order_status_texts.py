"""Every order status has the words the order diagnosis says it in (zh and en): a status added to
the trading model without them made the diagnosis of such an order crash (KeyError
'dx.status.open' for a resting limit order)."""

from __future__ import annotations

import pytest

from core.diagnosis.report import say
from core.texts import LOCALES, catalogue
from core.trading.model import OrderStatus


@pytest.mark.parametrize("status", list(OrderStatus))
def test_every_order_status_has_its_diagnosis_text(status: OrderStatus) -> None:
    key = f"dx.status.{status.value}"
    assert key in catalogue().texts
    for locale in LOCALES:
        assert say(locale, key).strip()
