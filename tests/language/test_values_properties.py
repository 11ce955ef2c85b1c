"""Property tests of the value grammar: over random Decimals, units, signs, separators, Chinese
numerals and scripts, a value is read exactly as typed or refused — never another number."""

from __future__ import annotations

import unicodedata
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.catalog import bundled_catalog
from core.coin_index import CoinIndex
from core.language.numbers import MAX_MAGNITUDE, MAX_PLACES
from core.language.values import find_values

COINS = CoinIndex(bundled_catalog())
QUOTE_AFTER = ("USDT", "usdt", "U", "u", " U", " usd", " bucks", "刀", "美元", "美金", "块", "块钱", "$")
MINUS = ("-", "−", "－", "﹣", "负", "minus ")
CN_DIGITS = "零一二三四五六七八九"

amounts = st.decimals(
    min_value=Decimal("0.000000000001"), max_value=MAX_MAGNITUDE - 1, places=MAX_PLACES, allow_nan=False
).map(lambda d: d.normalize())
small_ints = st.integers(min_value=1, max_value=99_999_999)


def plain(value: Decimal) -> str:
    return format(value, "f")


def grouped(value: Decimal) -> str:
    """1234567.5 -> "1,234,567.5" (groups of exactly three)."""
    whole, dot, frac = plain(value).partition(".")
    return f"{int(whole):,}{dot}{frac}"


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def chinese(n: int) -> str:
    """n (below 10^8) in standard Chinese numerals: 10010 -> 一万零一十, 15 -> 十五."""

    def section(k: int) -> str:
        out, zero = "", False
        for size, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
            d = k // size % 10
            if d == 0:
                zero = bool(out)
                continue
            if zero:
                out += "零"
                zero = False
            out += CN_DIGITS[d] + unit
        return out

    high, low = divmod(n, 10_000)
    if not high:
        text = section(low)
    else:
        text = section(high) + "万" + ("零" if 0 < low < 1000 else "") + section(low)
    return text[1:] if text.startswith("一十") else text


def values_of(text: str) -> list[tuple[str, Decimal, str]]:
    return [(v.kind, v.number, v.reason or "") for v in find_values(text, COINS)]


@settings(max_examples=200, deadline=None)
@given(amounts, st.sampled_from(("plain", "grouped", "full_width")), st.sampled_from(QUOTE_AFTER))
def test_an_amount_with_its_unit_is_read_exactly(value: Decimal, style: str, unit: str) -> None:
    digits = {"plain": plain, "grouped": grouped, "full_width": lambda v: full_width(plain(v))}[style](value)
    for text in (f"buy {digits}{unit} of BTC", f"买{digits}{unit}的比特币", f"${digits}"):
        found = find_values(text, COINS)
        assert [(v.kind, v.unit) for v in found] == [("amount", "quote")], text
        assert found[0].number == value, text
        assert (
            unicodedata.normalize("NFKC", found[0].typed)
            .casefold()
            .find(unicodedata.normalize("NFKC", digits))
            >= 0
        )


@settings(max_examples=200, deadline=None)
@given(
    amounts,
    st.sampled_from(MINUS),
    st.sampled_from(("", *QUOTE_AFTER)),
    st.sampled_from((" ", "买", "below ", "")),
)
def test_a_signed_number_is_refused_never_read_without_its_sign(
    value: Decimal, sign: str, unit: str, before: str
) -> None:
    text = f"{before}{sign}{plain(value)}{unit}"
    assert values_of(text) == [("refused", values_of(text)[0][1], "sign")], text


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=0, max_value=999),
    st.sampled_from(("e", "E", "e+", "e-")),
    st.integers(min_value=0, max_value=999),
)
def test_an_exponent_is_refused(whole: int, frac: int, e: str, exponent: int) -> None:
    for mantissa in (str(whole), f"{whole}.{frac}"):
        text = f"buy {mantissa}{e}{exponent} USDT of BTC"
        assert [(k, r) for k, _, r in values_of(text)] == [("refused", "exponent")], text


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.text("0123456789", min_size=1, max_size=6))
def test_a_comma_is_a_grouping_of_three_or_refused(whole: int, after: str) -> None:
    text = f"below {whole},{after}"
    found = values_of(text)
    if len(after) == 3 and len(str(whole)) <= 3:
        assert found == [("number", Decimal(f"{whole}{after}"), "")], text
    else:
        assert [(k, r) for k, _, r in found] == [("refused", "comma_decimal")], text


@settings(max_examples=200, deadline=None)
@given(small_ints, st.sampled_from(("", "U", "个比特币", "格", "天")))
def test_chinese_numerals_are_read_exactly(n: int, unit: str) -> None:
    text = chinese(n) + unit
    found = find_values(text, COINS)
    if not unit and n < 10:
        assert [v.number for v in found] == [Decimal(n)], text  # a lone digit said alone
        return
    assert [v.number for v in found] == [Decimal(n)], text


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=9999), st.integers(min_value=1, max_value=9))
def test_colloquial_chinese_reads_the_next_place_down(high: int, digit: int) -> None:
    """一万五 is 15,000 and 三百五 is 350, as said."""
    text = chinese(high) + "万" + CN_DIGITS[digit]
    assert [v.number for v in find_values(text + "U", COINS)] == [Decimal(high * 10_000 + digit * 1000)], text


@settings(max_examples=200, deadline=None)
@given(amounts, st.sampled_from((("k", 1000), ("K", 1000), ("w", 10_000), ("万", 10_000), ("千", 1000))))
def test_a_multiplier_multiplies_exactly_or_the_value_is_refused(
    value: Decimal, multiplier: tuple[str, int]
) -> None:
    letter, size = multiplier
    found = values_of(f"{plain(value)}{letter} USDT")
    assert len(found) == 1
    kind, number, reason = found[0]
    if kind == "refused":
        assert reason in ("magnitude", "precision")
        assert value * size >= MAX_MAGNITUDE or "." in plain(value)
    else:
        assert number == value * size


@settings(max_examples=200, deadline=None)
@given(
    amounts,
    st.sampled_from(("{}x", "{}X", "x{}", "×{}", "{}×", "{}倍")),
    st.sampled_from(("", "-", "−", "e5", "E-2")),
    st.sampled_from(("", "BTC ", "比特币到 ", "alert me when eth hits ")),
)
def test_a_multiple_is_read_exactly_or_refused(value: Decimal, form: str, mark: str, before: str) -> None:
    """ "2x", "x2", "3倍": the multiple as typed, exactly; with a sign or an exponent, refused."""
    number = plain(value)
    if mark.startswith(("e", "E")):
        number = f"{number}{mark}"
    elif mark:
        form = mark + form
    text = before + form.format(number)
    found = values_of(text)
    if not mark:
        assert found == [("multiple", value, "")], text
    else:
        assert [(k, r) for k, _, r in found] == [("refused", "sign" if mark in "-−" else "exponent")], text


SCRIPT = st.lists(
    st.sampled_from(
        list("0123456789.,_-−+eEkKwW$%/ ")
        + list("一二两三十百千万亿零半个格天")
        + ["U", "usdt", "btc", "比特币"]
    ),
    max_size=24,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(SCRIPT)
def test_any_text_gives_values_read_exactly_or_refused(text: str) -> None:
    """Whatever is typed: no crash, every refusal has its reason, and a value written as plain
    digits means exactly those digits (times its multiplier)."""
    for value in find_values(text, COINS):
        assert value.typed and text.find(value.typed) >= 0
        if value.refused:
            assert value.reason is not None
            continue
        assert value.number.is_finite() and value.number >= 0
        bare = value.typed.replace("$", "").strip()
        if bare.replace(".", "", 1).isdigit() and value.kind in ("number", "amount", "price"):
            assert value.number == Decimal(bare), text
