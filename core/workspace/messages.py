"""User-facing texts the workspace record skills share (zh + en): fields and update questions."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "ws.kind.exchange": {"zh": "交易所账户", "en": "exchange account"},
        "ws.kind.model": {"zh": "模型配置", "en": "model config"},
        "ws.confirm_update": {
            "zh": "确认更新「{name}」的{fields}吗？",
            "en": "Replace the {fields} of “{name}”?",
        },
        "ws.ask_field": {"zh": "要修改「{name}」的哪一项？", "en": "What should I change on “{name}”?"},
        "ws.bad_field": {"zh": "请选择要修改的项目：", "en": "Please choose what to change:"},
        "ws.ask_new_name": {
            "zh": "「{name}」的新名字是？",
            "en": "What's the new name for “{name}”?",
        },
        "ws.ask_secret": {
            "zh": "请发送{exchange}的 {field}。我会加密保存，只显示首尾几位，并尽量删除你的这条消息。",
            "en": "Please send the {exchange} {field}. I store it encrypted, only ever show a few characters "
            "at each end, and delete your message where I can.",
        },
        "ws.ask_new_secret": {
            "zh": "请发送「{name}」的新 {field}（加密保存，尽量删除你的消息）。",
            "en": "Please send the new {field} for “{name}” (stored encrypted;"
            " your message is deleted where possible).",
        },
        "ws.field.name": {"zh": "名称", "en": "Name"},
        "ws.field.exchange": {"zh": "交易所", "en": "Exchange"},
        "ws.field.api_key": {"zh": "API Key", "en": "API key"},
        "ws.field.api_secret": {"zh": "API Secret", "en": "API secret"},
        "ws.field.passphrase": {"zh": "Passphrase", "en": "Passphrase"},
        "ws.field.credentials": {"zh": "全部密钥", "en": "all credentials"},
        "ws.field.paper_balance": {"zh": "模拟资金", "en": "Paper balance"},
        "ws.field.provider": {"zh": "服务商", "en": "Provider"},
        "ws.field.base_url": {"zh": "Base URL", "en": "Base URL"},
        "ws.field.model": {"zh": "模型", "en": "Model"},
        "ws.field.enabled": {"zh": "状态", "en": "Status"},
    }
)
