"""User-facing texts of the workspace skills (zh + en)."""

from __future__ import annotations

from core.i18n import register

register(
    {
        # shared flow
        "ws.kind.exchange": {"zh": "交易所账户", "en": "exchange account"},
        "ws.kind.model": {"zh": "模型配置", "en": "model config"},
        "ws.invalid": {"zh": "这个回答我没看懂。", "en": "I didn't understand that answer."},
        "ws.secret_invalid": {
            "zh": "这看起来不像密钥（应为一串不含空格的字符）。请只发送密钥本身，或发送「取消」。",
            "en": "That doesn't look like a key (one string without spaces). Send only the key, or “cancel”.",
        },
        "ws.looks_secret": {
            "zh": "这看起来像密钥，不能用作{field}。我没有保存它，也会尽量删除你的这条消息。",
            "en": "That looks like a key, so I won't use it as the {field}. It was not stored, and I'll "
            "delete your message where I can.",
        },
        "ws.secret_invalid.spaces": {
            "zh": "密钥里不应有空格或换行。请只发送密钥本身（一整串字符），或发送「取消」。",
            "en": "A key has no spaces or line breaks. Send only the key itself, or “cancel”.",
        },
        "ws.secret_invalid.non_ascii": {
            "zh": "密钥只包含英文字母、数字和符号，这条消息里有其他字符。请只发送密钥本身，或发送「取消」。",
            "en": "A key only has Latin letters, digits and symbols; this has other characters. "
            "Send only the key, or “cancel”.",
        },
        "ws.secret_invalid.short": {
            "zh": "这太短了，不像密钥（至少 8 个字符）。请发送完整的密钥，或发送「取消」。",
            "en": "That's too short for a key (at least 8 characters). Send the whole key, or “cancel”.",
        },
        "ws.md.custom": {"zh": "自定义", "en": "custom"},
        "ws.none_yet": {
            "zh": "你还没有任何{kind}。",
            "en": "You don't have any {kind} yet.",
        },
        "ws.which": {"zh": "要操作哪个{kind}？", "en": "Which {kind}?"},
        "ws.ambiguous": {
            "zh": "「{ref}」对应多个{kind}，请选择一个：",
            "en": "“{ref}” matches several of your {kind}s. Which one?",
        },
        "ws.not_found": {
            "zh": "没有找到「{ref}」这个{kind}。你现有的：{names}",
            "en": "No {kind} called “{ref}”. You have: {names}",
        },
        "ws.not_found_choose": {
            "zh": "没有找到「{ref}」这个{kind}，请从下面选择：",
            "en": "No {kind} called “{ref}”. Choose one below:",
        },
        "ws.button.confirm": {"zh": "确认", "en": "Confirm"},
        "ws.button.confirm_delete": {"zh": "确认删除", "en": "Delete"},
        "ws.button.cancel": {"zh": "取消", "en": "Cancel"},
        "ws.confirm_hint": {
            "zh": "请在 {minutes} 分钟内确认；也可以直接回复「确认」或「取消」。",
            "en": "Confirm within {minutes} minutes; you can also reply “yes” or “cancel”.",
        },
        "ws.confirm_update": {
            "zh": "确认更新「{name}」的{fields}吗？",
            "en": "Replace the {fields} of “{name}”?",
        },
        "ws.in_use": {
            "zh": "不能删除「{name}」：交易员 {traders} 正在使用它。请先停止并修改这些交易员。",
            "en": "Can't delete “{name}”: trader(s) {traders} use it. Stop and reconfigure them first.",
        },
        "ws.name_taken": {
            "zh": "名字「{name}」已经被你的另一项使用了，请换一个：",
            "en": "You already use the name “{name}”. Please choose another:",
        },
        "ws.bad_name": {
            "zh": "名字需为 1–{max} 个字符，不能含 < > ` \\ 等特殊字符。",
            "en": "A name is 1–{max} characters, without < > ` \\ or control characters.",
        },
        "ws.gone": {
            "zh": "这个{kind}已经不存在了（可能刚被删除），没有做任何更改。",
            "en": "That {kind} no longer exists (it may have just been deleted); nothing was changed.",
        },
        "ws.confirm_again": {
            "zh": "那个确认按钮属于已暂停的操作，已失效，没有执行任何操作。如仍要继续，请重新确认：",
            "en": "That confirm button belonged to a paused request and no longer works; nothing was done. "
            "Confirm again below if you still want it:",
        },
        "ws.changed": {
            "zh": "{kind}「{name}」在你确认之后已被修改、删除或替换，没有执行任何操作。如需继续请重新发起。",
            "en": "The {kind} “{name}” changed or no longer exists since you were asked to confirm; "
            "nothing was done. Please start again if you still want to.",
        },
        "ws.secret_unavailable": {
            "zh": "保存的密钥无法解密（服务器密钥可能已更换），操作未完成。请重新录入密钥。",
            "en": "A stored key can't be decrypted (the server key may have changed); nothing was done. "
            "Please enter the key again.",
        },
        "ws.button_stale": {
            "zh": "这个按钮对应的操作已经结束或已更改，没有执行任何操作。",
            "en": "This button belongs to a step that is over or changed; nothing was done.",
        },
        "ws.ask_field": {
            "zh": "要修改「{name}」的哪一项？",
            "en": "What should I change on “{name}”?",
        },
        "ws.bad_field": {"zh": "请选择要修改的项目：", "en": "Please choose what to change:"},
        "ws.ask_new_name": {"zh": "「{name}」的新名字是？", "en": "What's the new name for “{name}”?"},
        "ws.ask_secret": {
            "zh": "请发送{exchange}的 {field}。我会加密保存，只显示首尾 4 位，并尽量删除你的这条消息。",
            "en": "Please send the {exchange} {field}. I store it encrypted, only ever show its first and "
            "last 4 characters, and delete your message where I can.",
        },
        "ws.ask_new_secret": {
            "zh": "请发送「{name}」的新 {field}（加密保存，尽量删除你的消息）。",
            "en": "Please send the new {field} for “{name}” (stored encrypted; your message is deleted where "
            "possible).",
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
        # exchange accounts
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
            "en": "Delete the exchange account “{name}”? Its stored "
            "keys are deleted too. This can't be undone.",
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
            "en": "You have no exchange accounts yet. Say “add an "
            "exchange account” (a paper account is a good "
            "start).",
        },
        "ws.ex.list_title": {"zh": "你的交易所账户（{count}）", "en": "Your exchange accounts ({count})"},
        "ws.ex.describe.create": {"zh": "添加交易所账户", "en": "adding an exchange account"},
        "ws.ex.describe.update": {"zh": "修改交易所账户", "en": "changing an exchange account"},
        "ws.ex.describe.delete": {"zh": "删除交易所账户", "en": "deleting an exchange account"},
        "ws.ex.describe.query": {"zh": "查看交易所账户", "en": "looking at exchange accounts"},
        # model configs
        "ws.md.ask_provider": {
            "zh": "用哪家的模型？",
            "en": "Which provider?",
        },
        "ws.md.bad_provider": {
            "zh": "支持：DeepSeek、OpenAI、Qwen、Kimi，或自定义（OpenAI 兼容接口）。",
            "en": "Supported: DeepSeek, OpenAI, Qwen, Kimi, or custom (an OpenAI-compatible API).",
        },
        "ws.md.ask_name": {
            "zh": "给这个{provider}模型配置起个名字：",
            "en": "What should this {provider} model config be called?",
        },
        "ws.md.ask_base_url": {
            "zh": "请发送「{name}」的 Base URL（须为 https，本机地址除外）：",
            "en": "Please send the base URL for “{name}” (https required, except on localhost):",
        },
        "ws.md.ask_model": {
            "zh": "请发送「{name}」要用的模型名（例如 deepseek-chat）：",
            "en": "Which model should “{name}” use (e.g. deepseek-chat)?",
        },
        "ws.md.ask_api_key": {
            "zh": "请发送{provider}的 API Key。我会加密保存，只显示首尾 4 位，并尽量删除你的这条消息。",
            "en": "Please send the {provider} API key. I store it "
            "encrypted, only ever show its first and last "
            "4 characters, and delete your message where I can.",
        },
        "ws.md.ask_enabled": {"zh": "启用还是停用「{name}」？", "en": "Enable or disable “{name}”?"},
        "ws.md.enable": {"zh": "启用", "en": "Enable"},
        "ws.md.disable": {"zh": "停用", "en": "Disable"},
        "ws.md.on": {"zh": "已启用", "en": "enabled"},
        "ws.md.off": {"zh": "已停用", "en": "disabled"},
        "ws.md.bad_enabled": {
            "zh": "请回答「启用」或「停用」。",
            "en": "Please answer “enable” or “disable”.",
        },
        "ws.md.url_invalid": {
            "zh": "这不是有效的 URL（例如 https://api.example.com/v1）。",
            "en": "That isn't a valid URL (e.g. https://api.example.com/v1).",
        },
        "ws.md.url_needs_https": {
            "zh": "为保护 API Key，Base URL 必须使用 https（只有 localhost / 127.0.0.1 可用 http）。",
            "en": "To protect the API key the base URL must use "
            "https (plain http only for localhost / 127.0.0.1).",
        },
        "ws.md.url_has_credentials": {
            "zh": "Base URL 里不能包含用户名或密码，密钥请单独发送。",
            "en": "The base URL must not contain a user name or password; send the key separately.",
        },
        "ws.md.bad_model": {
            "zh": "模型名只能包含字母、数字和 . _ - : / @ +。",
            "en": "A model name may only contain letters, digits and . _ - : / @ +.",
        },
        "ws.md.title": {"zh": "模型配置「{name}」", "en": "Model config “{name}”"},
        "ws.md.confirm_delete": {
            "zh": "确认删除模型配置「{name}」吗？其加密保存的 API Key 会一并删除，此操作不可撤销。",
            "en": "Delete the model config “{name}”? Its stored "
            "API key is deleted too. This can't be undone.",
        },
        "ws.md.created": {"zh": "已添加模型配置「{name}」。", "en": "Added the model config “{name}”."},
        "ws.md.updated": {"zh": "已更新模型配置「{name}」。", "en": "Updated the model config “{name}”."},
        "ws.md.deleted": {"zh": "已删除模型配置「{name}」。", "en": "Deleted the model config “{name}”."},
        "ws.md.none": {
            "zh": "你还没有模型配置。说「配置一个 DeepSeek 模型」即可添加。",
            "en": "You have no model configs yet. Say “configure a DeepSeek model” to add one.",
        },
        "ws.md.list_title": {"zh": "你的模型配置（{count}）", "en": "Your model configs ({count})"},
        "ws.md.describe.create": {"zh": "添加模型配置", "en": "adding a model config"},
        "ws.md.describe.update": {"zh": "修改模型配置", "en": "changing a model config"},
        "ws.md.describe.delete": {"zh": "删除模型配置", "en": "deleting a model config"},
        "ws.md.describe.query": {"zh": "查看模型配置", "en": "looking at model configs"},
        # side questions
        "ws.glossary.margin": {
            "zh": "全仓：账户里所有可用保证金共同承担所有仓位的风险，"
            "单个仓位不易爆仓，但一旦爆仓可能亏掉全部保证金。"
            "逐仓：每个仓位只用分配给它的保证金，最多亏掉这部分，其他资金不受影响。",
            "en": "Cross margin: all available margin in the "
            "account backs every position, so one position is "
            "harder to liquidate but a liquidation can take the whole balance. Isolated margin: each "
            "position only uses the margin assigned to it, so at most that amount is lost.",
        },
        "ws.glossary.testnet": {
            "zh": "测试网是交易所的模拟环境，用测试币下单，不涉及真实资金；"
            "它的 API Key 需要在测试网网站单独申请。",
            "en": "A testnet is the exchange's sandbox: orders "
            "use test funds, never real money. Its API keys "
            "are created separately on the testnet site.",
        },
        "ws.glossary.passphrase": {
            "zh": "Passphrase 是 OKX 创建 API Key 时你自己设置的口令，和 API Key、Secret 一起使用。",
            "en": "The passphrase is the password you chose when "
            "creating an OKX API key; it is used together "
            "with the key and the secret.",
        },
        "ws.glossary.paper": {
            "zh": "模拟账户使用虚拟 USDT 资金（默认 10000），不连接真实交易所，也不需要密钥，适合新手练习。",
            "en": "A paper account trades with simulated USDT "
            "(10,000 by default), connects to no exchange and "
            "needs no keys: a safe place to start.",
        },
        "ws.glossary.api_key": {
            "zh": "API Key 用来标识你的账户，API Secret "
            "用来签名请求、必须保密。建议只开启读取和交易权限，不要开启提现。",
            "en": "The API key identifies your account; the API secret signs requests and must stay secret. "
            "Enable only read and trade permissions, never withdrawals.",
        },
        # later parts
        "ws.not_available": {
            "zh": "{what}功能还没有上线，敬请期待。目前可以管理交易所账户和模型配置。",
            "en": "{what} isn't available yet. For now I can manage exchange accounts and model configs.",
        },
        "ws.later.trader_management": {"zh": "交易员管理", "en": "Managing traders"},
        "ws.later.strategy_management": {"zh": "策略管理", "en": "Managing strategies"},
        "ws.later.exchange_diagnosis": {"zh": "交易所问题诊断", "en": "Diagnosing exchange problems"},
        "ws.later.trader_diagnosis": {"zh": "交易员问题诊断", "en": "Diagnosing trader problems"},
        "ws.later.model_diagnosis": {"zh": "模型问题诊断", "en": "Diagnosing model problems"},
    }
)
