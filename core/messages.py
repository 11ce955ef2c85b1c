"""User-facing texts of the conversation engine (zh + en)."""

from __future__ import annotations

from core.i18n import register

register(
    {
        # input validation
        "input.empty": {
            "zh": "消息是空的。试试「BTC 价格」。",
            "en": "That message is empty. Try “BTC price”.",
        },
        "input.too_long": {
            "zh": "消息太长了（{length} 字，最多 {limit} 字）。请说得简短一些。",
            "en": "That message is too long ({length} characters; the limit is {limit}). "
            "Please keep it short.",
        },
        "input.control_chars": {
            "zh": "消息里有无法处理的控制字符，请重新输入。",
            "en": "That message contains control characters I can't handle. Please type it again.",
        },
        "input.secret_ignored": {
            "zh": "你的消息里似乎有密钥或机密信息：我没有保存或转发它，并已尝试删除这条消息。"
            "请不要在聊天中发送密钥。",
            "en": "Your message looked like it contained a key or secret: nothing was stored or passed on, "
            "and I've tried to delete the message. Never post keys in a chat.",
        },
        # buttons
        "button.not_yours": {"zh": "这个按钮不是给你的。", "en": "This button isn't for you."},
        "button.other_chat": {
            "zh": "这个按钮属于另一个对话，请在原来的对话里使用。",
            "en": "This button belongs to another conversation; use it there.",
        },
        "button.expired": {
            "zh": "这个按钮已过期，请重新提问。",
            "en": "This button has expired. Please ask again.",
        },
        "button.used": {"zh": "这个按钮已经用过了。", "en": "This button has already been used."},
        "button.cancelled": {
            "zh": "这个请求已经取消了，没有执行任何操作。",
            "en": "This request was cancelled; nothing was done.",
        },
        "button.unknown": {"zh": "这个按钮已失效。", "en": "This button is no longer valid."},
        # engine / commands
        "action.undeclared": {
            "zh": "这个请求我还不能处理，没有做任何更改。",
            "en": "I can't do that request; nothing was changed.",
        },
        "cmd.unknown": {
            "zh": "不认识的命令 /{name}。发送 /help 查看可用命令。",
            "en": "Unknown command /{name}. Send /help to see what I can do.",
        },
        "lang.set": {"zh": "好的，之后用中文回复。", "en": "OK, I'll reply in English from now on."},
        "lang.ask": {"zh": "请选择语言：", "en": "Choose a language:"},
        "lang.invalid": {
            "zh": "用法：/lang zh、/lang en 或 /lang auto（跟随你的消息语言）",
            "en": "Usage: /lang zh, /lang en or /lang auto (follow the language you write in)",
        },
        "lang.auto": {
            "zh": "好的，之后按你每条消息的语言回复。",
            "en": "OK, I'll reply in the language you write in.",
        },
        "cancel.nothing": {"zh": "当前没有进行中的任务。", "en": "There's nothing to cancel."},
        "cancel.done": {"zh": "已取消。", "en": "Cancelled."},
        "working": {"zh": "正在处理…", "en": "Working on it…"},
        "button.cancel": {"zh": "取消", "en": "Cancel"},
        "private_only": {
            "zh": "这涉及你的个人数据，请在和我的私聊中操作。",
            "en": "That involves your personal data. Let's continue in a private chat with me.",
        },
        "welcome": {
            "zh": "你好，我是 deskmate，你的交易助手。可以这样问我：",
            "en": "Hi, I'm deskmate, your trading assistant. Try asking:",
        },
        "help.intro": {"zh": "我能帮你：", "en": "Here's what I can do:"},
        "help.examples": {"zh": "例如：", "en": "For example:"},
        "help.commands": {"zh": "命令：{commands}", "en": "Commands: {commands}"},
        "greeting": {
            "zh": "你好！我是 deskmate，你的交易助手。",
            "en": "Hi! I'm deskmate, your trading assistant.",
        },
        "fallback": {
            "zh": "这个我暂时帮不上忙。",
            "en": "I can't help with that yet.",
        },
    }
)
