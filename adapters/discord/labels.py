"""The adapter's own words (card labels, error lines), in the core's two reply locales."""

from __future__ import annotations

from core.i18n import Locale, localized, parse_locale

_LABELS: dict[str, dict[str, str]] = {
    "best_ask": {"en": "Best ask", "zh": "卖一价"},
    "best_ask_note": {
        "en": "the lowest price sellers ask right now (a reference buying price)",
        "zh": "当前最低卖出报价（买入参考价）",
    },
    "source": {"en": "Source", "zh": "来源"},
    "fetched": {"en": "Fetched", "zh": "获取时间"},
    "demo_label": {"en": "DEMO", "zh": "演示"},
    "demo_note": {
        "en": "Demo data: not a real market price.",
        "zh": "演示数据：并非真实行情。",
    },
    "history_title": {"en": "{pair}: daily closes, last {days} days", "zh": "{pair}：最近 {days} 天日收盘价"},
    "closes": {"en": "Daily closes (UTC)", "zh": "日收盘价（UTC）"},
    "no_data": {"en": "no data", "zh": "无数据"},
    "earlier_in_chart": {"en": "{n} earlier days: see the chart", "zh": "更早的 {n} 天见图表"},
    "missing_days": {"en": "Missing days", "zh": "缺失日期"},
    "missing_note": {
        "en": "The exchange returned nothing for these days; they are shown as gaps.",
        "zh": "交易所未返回这些日期的数据，图中显示为空缺。",
    },
    "rejected_rows": {"en": "Rows rejected as invalid", "zh": "被判定无效的数据行"},
    "chart": {"en": "Chart", "zh": "走势图"},
    "not_for_you": {"en": "These buttons are not for you.", "zh": "这些按钮不是给你的。"},
    "sent_privately": {
        "en": "I sent you the answer privately (only you can see it).",
        "zh": "答案已私下发送给你（仅你可见）。",
    },
    "error": {
        "en": "Sorry, something went wrong while answering. Please try again.",
        "zh": "抱歉，回答时出错了，请稍后再试。",
    },
    "empty": {"en": "(no answer)", "zh": "（无回复）"},
    # Secret prompts: the answer goes into a modal, never into the chat.
    "enter_securely": {"en": "Enter securely", "zh": "安全输入"},
    "secret_modal_title": {"en": "Enter {slot} securely", "zh": "安全输入 {slot}"},
    "secret_input_note": {
        "en": "Only deskmate receives it; it is never shown in the chat.",
        "zh": "仅 deskmate 会收到，不会显示在聊天中。",
    },
    "secret_placeholder": {"en": "Paste it here", "zh": "在此粘贴"},
    "secret_not_yours": {
        "en": "This input is for someone else: only the person who was asked can use it.",
        "zh": "这个输入不是给你的：只有被询问的人可以使用。",
    },
    "secret_empty": {
        "en": "Nothing was entered. Press the button to try again.",
        "zh": "没有输入内容，请再次点击按钮重试。",
    },
    "slot.api_key": {"en": "API key", "zh": "API Key"},
    "slot.api_secret": {"en": "API secret", "zh": "API Secret"},
    "slot.passphrase": {"en": "Passphrase", "zh": "Passphrase（口令）"},
}


def label(locale: Locale, key: str, /, **params: object) -> str:
    """The adapter label ``key`` in ``locale`` (English when a text is missing)."""
    template = localized(_LABELS[key], locale)  # zh-Hant: the zh label converted, once
    return template.format(**params) if params else template


def slot_label(locale: Locale, slot: str) -> str:
    """A secret slot's name for people ("api_secret" -> "API secret"); unknown slots are spelled out."""
    key = f"slot.{slot}"
    if key in _LABELS:
        return label(locale, key)
    words = slot.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:] if words else slot


def locale_of(discord_locale: object, default: Locale = "en") -> Locale:
    """Map a Discord locale ("zh-CN", discord.Locale.chinese, ...) to one of the core's locales."""
    value = getattr(discord_locale, "value", discord_locale)
    return parse_locale(value if isinstance(value, str) else None) or default
