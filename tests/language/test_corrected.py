"""A value corrected in the message that says it (core.language.corrected): made only where the
correction is explicit and names one value of the ask; otherwise the message reads as typed."""

from __future__ import annotations

from core.conversation.reading import corrected_text
from tests.cases import each
from tests.fakes import full_router


def _said(text: str) -> str:
    router = full_router()
    layer = router.layer
    assert layer is not None
    return corrected_text(text, lambda piece: layer.read(piece, None))


@each(
    ("text", "read_as"),
    [
        ("buy 100u of sol. no wait, doge. yeah doge. 100u", "buy 100u of doge"),
        ("limit buy 0.5 eth at 3100 — actually make it 3050, it's dumping", "limit buy 0.5 eth at 3050"),
        ("delete alerts 2 and 5 — actually just 5, keep 2", "delete alerts 5"),
        ("把狗狗幣全部賣掉，等等，不是狗狗幣，是pepe全賣，狗狗幣留著", "把pepe全部賣掉"),
        ("buy 0.05 btc, no wait, 0.02, then show my balance", "buy 0.02 btc, then show my balance"),
    ],
)
def test_an_explicit_correction_is_made(text: str, read_as: str) -> None:
    assert _said(text) == read_as


@each(
    "text",
    [
        "賣btc，唔係eth",  # the wrong coin named after the right one
        "stop all my bots. no wait",  # taken back, nothing corrected
        "buy 0.2 eth, 0.3 eth",  # no word of correction
        "sell my eth and buy btc, no wait, sol",  # two coins: which one is unsaid
        "limit buy 0.5 eth at 3100, actually make it 1",  # of neither number's order
        "buy 0.1 btc, no stop loss",  # a word besides the correction's
        "不对，是 bybit",  # nothing before it
    ],
)
def test_no_correction_without_one_value_to_correct(text: str) -> None:
    assert _said(text) == text
