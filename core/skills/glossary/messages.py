"""The glossary's short answers (zh + en)."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "ws.glossary.margin": {
            "zh": "全仓：账户里所有可用保证金共同承担所有仓位的风险，单个仓位不易爆仓，"
            "但一旦爆仓可能亏掉全部保证金。逐仓：每个仓位只用分配给它的保证金，最多亏掉这部分，"
            "其他资金不受影响。",
            "en": "Cross margin: all available margin in the account backs every position, so one position "
            "is harder to liquidate but a liquidation can take the whole balance. Isolated margin: "
            "each position only uses the margin assigned to it, so at most that amount is lost.",
        },
        "ws.glossary.testnet": {
            "zh": "测试网是交易所的模拟环境，用测试币下单，不涉及真实资金；"
            "它的 API Key 需要在测试网网站单独申请。",
            "en": "A testnet is the exchange's sandbox: orders use test funds, never real money. Its API "
            "keys are created separately on the testnet site.",
        },
        "ws.glossary.passphrase": {
            "zh": "Passphrase 是 OKX 创建 API Key 时你自己设置的口令，和 API Key、Secret 一起使用。",
            "en": "The passphrase is the password you chose when creating an OKX API key; it is used "
            "together with the key and the secret.",
        },
        "ws.glossary.paper": {
            "zh": "模拟账户使用虚拟 USDT 资金（默认 10000），不连接真实交易所，也不需要密钥，适合新手练习。",
            "en": "A paper account trades with simulated USDT (10,000 by default), connects to no exchange "
            "and needs no keys: a safe place to start.",
        },
        "ws.glossary.api_key": {
            "zh": "API Key 用来标识你的账户，API Secret 用来签名请求、必须保密。"
            "建议只开启读取和交易权限，不要开启提现。",
            "en": "The API key identifies your account; the API secret signs requests and must stay secret. "
            "Enable only read and trade permissions, never withdrawals.",
        },
    }
)
