"""The adapter's own small label catalog (zh, en): card labels and its few short answers.

The core localizes everything it says; these are only the words the Telegram templates add
around the core's data, and the answers the adapter gives without asking the core.
"""

from __future__ import annotations

from core.i18n import Locale, localized

_LABELS: dict[str, dict[str, str]] = {
    "best_ask": {"en": "Best ask", "zh": "最优卖价"},
    "source": {"en": "Source", "zh": "来源"},
    "fetched": {"en": "Fetched", "zh": "获取时间"},
    "demo_source": {"en": "DEMO data, not real market prices", "zh": "演示数据（非真实行情）"},
    "history_title": {
        "en": "{pair} daily closes (UTC), last {n} days",
        "zh": "{pair} 最近 {n} 天日收盘价（UTC）",
    },
    "no_data": {"en": "— no data", "zh": "— 无数据"},
    "rejected_rows": {
        "en": "{n} invalid row(s) from the source were dropped",
        "zh": "已丢弃数据源返回的 {n} 条无效数据",
    },
    "chart_caption": {"en": "{pair} · {n}-day closes (UTC)", "zh": "{pair} · {n} 天收盘价（UTC）"},
    "open_private": {"en": "Open a private chat", "zh": "打开私聊"},
    "private_only": {
        "en": "This is personal, so let's continue in a private chat.",
        "zh": "这涉及个人信息，请在私聊中继续。",
    },
    "only_text": {
        "en": "I can only read text messages. Try /help.",
        "zh": "我只能读取文字消息。试试 /help。",
    },
    "edited": {
        "en": "I don't read edited messages; please send a new one.",
        "zh": "我不处理已编辑的消息，请重新发送一条。",
    },
    "too_long": {
        "en": "That message is too long (over {limit} characters). Please keep it short.",
        "zh": "消息太长了（超过 {limit} 个字符），请简短一些。",
    },
    "internal_error": {
        "en": "Something went wrong on my side. Please try again in a moment.",
        "zh": "我这边出错了，请稍后再试。",
    },
    "not_yours": {"en": "This button is not for you.", "zh": "这个按钮不是给你的。"},
    "button_gone": {"en": "This button is no longer valid.", "zh": "这个按钮已失效。"},
}


def label(locale: Locale, key: str, /, **params: object) -> str:
    """The label ``key`` in ``locale`` (English when missing), formatted with ``params``."""
    template = localized(_LABELS[key], locale)  # zh-Hant: the zh label converted, once
    return template.format(**params) if params else template
