"""The planner's user-facing messages (zh, en). Keys are prefixed "planner."."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "planner.budget_user": {
            "en": (
                "You have used up today's AI assistant allowance. It resets at 00:00 UTC; "
                "/price and /history still work."
            ),
            "zh": "你今天的 AI 助手额度已用完，将在 UTC 00:00 重置；/price 和 /history 仍可正常使用。",
        },
        "planner.budget_site": {
            "en": (
                "deskmate's AI assistant has used up its daily allowance. It resets at 00:00 UTC; "
                "/price and /history still work."
            ),
            "zh": (
                "deskmate 的 AI 助手今日总额度已用完，将在 UTC 00:00 重置；/price 和 /history 仍可正常使用。"
            ),
        },
        "planner.budget_unknown": {
            "en": (
                "The AI assistant is unavailable right now (its usage could not be checked). "
                "/price and /history still work."
            ),
            "zh": "AI 助手暂时不可用（无法核对用量）。/price 和 /history 仍可正常使用。",
        },
        "planner.model.auth": {
            "en": (
                "The AI model provider rejected deskmate's API key, so I cannot answer that right now. "
                "The bot's operator needs to check the model API key setting."
            ),
            "zh": (
                "AI 模型服务拒绝了 deskmate 的 API 密钥，暂时无法回答。请机器人管理员检查模型 API 密钥配置。"
            ),
        },
        "planner.model.model_not_found": {
            "en": (
                "The configured AI model was not found at the provider. "
                "The bot's operator needs to check the model name setting."
            ),
            "zh": "模型服务商找不到配置的 AI 模型。请机器人管理员检查模型名称配置。",
        },
        "planner.model.quota": {
            "en": "The AI model provider account has no credit left. The bot's operator needs to top it up.",
            "zh": "AI 模型服务账户余额不足。请机器人管理员充值。",
        },
        "planner.model.rate_limited": {
            "en": "The AI model provider is limiting requests right now. Please try again in a minute.",
            "zh": "AI 模型服务当前限流，请一分钟后再试。",
        },
        "planner.model.unavailable": {
            "en": "The AI model provider is unavailable right now. Please try again later.",
            "zh": "AI 模型服务暂时不可用，请稍后再试。",
        },
        "planner.model.timeout": {
            "en": "The AI model did not answer in time. Please try again.",
            "zh": "AI 模型没有及时响应，请重试。",
        },
        "planner.model.bad_request": {
            "en": "The AI model provider rejected the request. Please rephrase and try again.",
            "zh": "AI 模型服务拒绝了这次请求，请换个说法再试。",
        },
        "planner.model.bad_response": {
            "en": "The AI model sent an answer deskmate could not read. Please try again.",
            "zh": "AI 模型返回了无法解析的结果，请重试。",
        },
        "planner.deadline": {
            "en": "This took too long, so I stopped. Showing what I have so far.",
            "zh": "处理时间过长，已停止。以下是目前已获取的内容。",
        },
        "planner.limit_reached": {
            "en": "The assistant did not finish within its step limit. Showing the data fetched so far.",
            "zh": "AI 助手未能在步骤上限内完成，以下是已获取的数据。",
        },
        "planner.no_answer": {
            "en": "The assistant gave no answer. Try /price btc or /history btc.",
            "zh": "AI 助手没有给出回答。可以试试 /price btc 或 /history btc。",
        },
        "planner.truncated": {
            "en": "The answer was cut off at the length limit.",
            "zh": "回答过长，已被截断。",
        },
        "planner.secret_redacted": {
            "en": (
                "Your message looked like it contained a key or secret. It was removed before anything "
                "was sent to the AI model. Never post keys in a chat."
            ),
            "zh": "你的消息中似乎包含密钥或机密信息，已在发送给 AI 模型之前移除。请不要在聊天中发送密钥。",
        },
        "planner.note_label": {
            "en": "Assistant's note (written by the AI model, not checked data):",
            "zh": "助手备注（由 AI 模型撰写，并非核实过的数据）：",
        },
        "planner.figure_removed": {
            "en": "(unverified figure removed)",
            "zh": "（未经核实的数字已删除）",
        },
        "planner.links_removed": {
            "en": (
                "The AI model's note contained links or contact handles; they were removed. deskmate never "
                "asks you to verify a key on a website or to message anyone."
            ),
            "zh": (
                "AI 模型的备注里有链接或联系方式，已删除。deskmate 从不会让你去网站验证密钥，"
                "也不会让你私信任何人。"
            ),
        },
        "planner.figures_removed": {
            "en": (
                "The AI model's note gave figures for {coins} that deskmate did not look up this time; they "
                "were removed. For checked data, ask “{coin} price”."
            ),
            "zh": (
                "AI 模型的备注里有 {coins} 的数字，但这次 deskmate 没有查到对应数据，已删除。"
                "要看核实过的数据，请问「{coin} 价格」。"
            ),
        },
        "planner.claim_removed": {
            "en": (
                "The AI model said it had done something that deskmate did not do; that sentence was "
                "removed. Nothing was placed, changed or deleted."
            ),
            "zh": (
                "AI 模型声称执行了某项操作，但 deskmate 并未执行，该句已删除。没有下单、修改或删除任何内容。"
            ),
        },
        "planner.unsupported": {
            "en": "I can't answer that with checked data.",
            "zh": "这个问题我无法用核实过的数据回答。",
        },
    }
)
