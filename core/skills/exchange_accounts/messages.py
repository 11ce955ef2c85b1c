"""User-facing texts of the exchange account skill (zh + en)."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "ws.ex.which_kind.delete": {
            "zh": "你有不止一个叫「{name}」的东西，要删除哪一个？",
            "en": "More than one of your things is called “{name}”. Which one should be deleted?",
        },
        "ws.ex.which_kind.update": {
            "zh": "你有不止一个叫「{name}」的东西，要给哪一个改名？",
            "en": "More than one of your things is called “{name}”. Which one should be renamed?",
        },
        "ws.ex.kind_of.exchange": {"zh": "交易所账户「{name}」", "en": "exchange account “{name}”"},
        "ws.ex.kind_of.strategy": {"zh": "策略「{name}」", "en": "strategy “{name}”"},
        "ws.ex.kind_of.trader": {"zh": "交易员「{name}」", "en": "trader “{name}”"},
        "ws.ex.kind_of.model": {"zh": "模型配置「{name}」", "en": "model config “{name}”"},
        "ws.ex.ask_exchange": {
            "zh": "要添加哪个交易所的账户？新手建议先用模拟账户（无需密钥）。",
            "en": "Which exchange is the account on? New here? Start with a paper account (no keys needed).",
        },
        "ws.ex.bad_exchange": {
            "zh": "支持：模拟账户、币安、币安测试网、OKX、Bybit。",
            "en": "Supported: paper, Binance, Binance Testnet, OKX, Bybit.",
        },
        "ws.ex.ask_name": {
            "zh": "给这个{exchange}账户起个名字（例如「主账户」）：",
            "en": "What should this {exchange} account be called (e.g. “main”)?",
        },
        "ws.ex.no_such_field": {
            "zh": "这个交易所的账户没有这一项。",
            "en": "Accounts on this exchange don't have that field.",
        },
        "ws.ex.bad_balance": {
            "zh": "模拟资金需为大于 0 的 USDT 数额。",
            "en": "The paper balance must be a positive USDT amount.",
        },
        "ws.ex.title": {"zh": "交易所账户「{name}」", "en": "Exchange account “{name}”"},
        "ws.ex.confirm_delete": {
            "zh": "确认删除交易所账户「{name}」吗？其加密保存的密钥会一并删除，此操作不可撤销。",
            "en": "Delete the exchange account “{name}”? Its stored keys are deleted too. "
            "This can't be undone.",
        },
        "ws.ex.created": {"zh": "已添加交易所账户「{name}」。", "en": "Added the exchange account “{name}”."},
        "ws.ex.updated": {
            "zh": "已更新交易所账户「{name}」。",
            "en": "Updated the exchange account “{name}”.",
        },
        "ws.ex.deleted": {
            "zh": "已删除交易所账户「{name}」。",
            "en": "Deleted the exchange account “{name}”.",
        },
        "ws.ex.none": {
            "zh": "你还没有交易所账户。说「添加一个交易所账户」即可添加（新手可先用模拟账户）。",
            "en": "You have no exchange accounts yet. Say “add an exchange account” "
            "(a paper account is a good start).",
        },
        "ws.ex.list_title": {"zh": "你的交易所账户（{count}）", "en": "Your exchange accounts ({count})"},
        "ws.ex.describe.create": {"zh": "添加交易所账户", "en": "adding an exchange account"},
        "ws.ex.describe.update": {"zh": "修改交易所账户", "en": "changing an exchange account"},
        "ws.ex.describe.delete": {"zh": "删除交易所账户", "en": "deleting an exchange account"},
        "ws.ex.describe.query": {"zh": "查看交易所账户", "en": "looking at exchange accounts"},
    }
)
