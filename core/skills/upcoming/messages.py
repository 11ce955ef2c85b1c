"""What the skills of later parts say until they arrive (zh + en)."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "ws.not_available": {
            "zh": "{what}功能还没有上线，敬请期待。目前可以管理交易所账户和模型配置。",
            "en": "{what} isn't available yet. For now I can manage exchange accounts and model configs.",
        },
        "ws.later.exchange_diagnosis": {"zh": "交易所问题诊断", "en": "Diagnosing exchange problems"},
        "ws.later.trader_diagnosis": {"zh": "交易员问题诊断", "en": "Diagnosing trader problems"},
        "ws.later.model_diagnosis": {"zh": "模型问题诊断", "en": "Diagnosing model problems"},
    }
)
