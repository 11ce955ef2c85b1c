"""Why a value was not read (zh + en), quoting what was typed: ``value.refused.<reason>``."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "value.refused.sign": {
            "zh": "没法把「{typed}」当作数值：这里不能带正负号，请直接写一个正数，比如 100。",
            "en": (
                "I couldn't read “{typed}” as a value: no sign here, please write a positive number like 100."
            ),
        },
        "value.refused.exponent": {
            "zh": "没法把「{typed}」当作数值：请不要用科学计数法，直接写出数字，比如 1000000。",
            "en": (
                "I couldn't read “{typed}” as a value: please write the number out "
                "(e.g. 1000000), not as an exponent."
            ),
        },
        "value.refused.comma_decimal": {
            "zh": "没法把「{typed}」当作数值：小数请用小数点（如 0.5），逗号只用于每三位分隔（如 1,000）。",
            "en": (
                "I couldn't read “{typed}” as a value: use a point for decimals (0.5); "
                "a comma only groups thousands (1,000)."
            ),
        },
        "value.refused.separators": {
            "zh": "没法把「{typed}」准确地读成一个数值，请写成 1000 或 1,000.5 这样。",
            "en": "I couldn't read “{typed}” exactly as a value; please write it like 1000 or 1,000.5.",
        },
        "value.refused.magnitude": {
            "zh": "「{typed}」太大了，不像是真实的数值（上限是 1000 万亿以内）。",
            "en": "“{typed}” is too large to be a real value here (it must be below 10^15).",
        },
        "value.refused.precision": {
            "zh": "「{typed}」的小数位太多了（最多 12 位）。",
            "en": "“{typed}” has too many decimal places (at most 12).",
        },
        "value.refused.two_numbers": {
            "zh": "「{typed}」里有不止一个数，我不确定是哪一个，请只写一个。",
            "en": (
                "“{typed}” has more than one number and I can't tell which one you "
                "mean; please send just one."
            ),
        },
        "value.refused.zero": {
            "zh": "「{typed}」是 0，这里需要一个大于 0 的数。",
            "en": "“{typed}” is zero; this needs a number above 0.",
        },
    }
)
