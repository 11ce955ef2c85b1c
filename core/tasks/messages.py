"""User-facing texts of the task flow (zh + en): questions, confirmations, refusals."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "flow.field.name": {"zh": "名称", "en": "Name"},
        "flow.failed": {
            "zh": "操作没有完成（存储出错），请稍后再试。",
            "en": "That didn't go through (a storage error); please try again in a moment.",
        },
        "flow.noted": {
            "zh": "已记下：{fields}。",
            "en": "Noted: {fields}.",
        },
        "flow.invalid": {
            "zh": "这个回答我没看懂。",
            "en": "I didn't understand that answer.",
        },
        "flow.secret_invalid": {
            "zh": "这看起来不像密钥（应为一串不含空格的字符）。请只发送密钥本身，或发送「取消」。",
            "en": "That doesn't look like a key (one string without spaces). Send only the key, or “cancel”.",
        },
        "flow.looks_secret": {
            "zh": "这看起来像密钥，不能用作{field}。我没有保存它，也会尽量删除你的这条消息。",
            "en": "That looks like a key, so I won't use it as the {field}. It was not stored, and I'll "
            "delete your message where I can.",
        },
        "flow.secrets_taken": {
            "zh": "已从你的消息里收到 {fields}，已加密保存；我会尽量删除你的这条消息。",
            "en": "Took the {fields} from your message (stored encrypted). I'll delete your message "
            "where I can.",
        },
        "flow.secret_unplaced": {
            "zh": "你的消息里有像密钥的内容，但没有说明它是哪一项，所以我没有保存它，也会尽量删除这条消息。"
            "稍后我问到时再逐项发送即可。",
            "en": "Your message had something that looks like a key, but not which one it is, so I didn't "
            "keep it and I'll delete your message where I can. Send each key when I ask for it.",
        },
        "flow.secret_invalid.spaces": {
            "zh": "密钥里不应有空格或换行。请只发送密钥本身（一整串字符），或发送「取消」。",
            "en": "A key has no spaces or line breaks. Send only the key itself, or “cancel”.",
        },
        "flow.secret_invalid.non_ascii": {
            "zh": "密钥只包含英文字母、数字和符号，这条消息里有其他字符。请只发送密钥本身，或发送「取消」。",
            "en": "A key only has Latin letters, digits and symbols;"
            " this has other characters. Send only the key, or “cancel”.",
        },
        "flow.secret_invalid.short": {
            "zh": "这太短了，不像密钥（至少 8 个字符）。请发送完整的密钥，或发送「取消」。",
            "en": "That's too short for a key (at least 8 characters). Send the whole key, or “cancel”.",
        },
        "flow.none_yet": {
            "zh": "你还没有任何{kind}。",
            "en": "You don't have any {kind} yet.",
        },
        "flow.which": {"zh": "要操作哪个{kind}？", "en": "Which {kind}?"},
        "flow.ambiguous": {
            "zh": "「{ref}」对应多个{kind}，请选择一个：",
            "en": "“{ref}” matches several of your {kind}s. Which one?",
        },
        "flow.not_found": {
            "zh": "没有找到「{ref}」这个{kind}。你现有的：{names}",
            "en": "No {kind} called “{ref}”. You have: {names}",
        },
        "flow.not_found_choose": {
            "zh": "没有找到「{ref}」这个{kind}，请从下面选择：",
            "en": "No {kind} called “{ref}”. Choose one below:",
        },
        "flow.button.confirm": {"zh": "确认", "en": "Confirm"},
        "flow.confirm_twice": {
            "zh": "这是第二次确认：请再确认一次。",
            "en": "This needs a second confirmation: please confirm once more.",
        },
        "flow.button.confirm_delete": {"zh": "确认删除", "en": "Delete"},
        "flow.button.cancel": {"zh": "取消", "en": "Cancel"},
        "flow.confirm_hint": {
            "zh": "请在 {minutes} 分钟内确认；也可以直接回复「确认」或「取消」。",
            "en": "Confirm within {minutes} minutes; you can also reply “yes” or “cancel”.",
        },
        "flow.in_use": {
            "zh": "不能删除「{name}」：交易员 {traders} 正在使用它。请先停止并修改这些交易员。",
            "en": "Can't delete “{name}”: trader(s) {traders} use it. Stop and reconfigure them first.",
        },
        "flow.name_taken": {
            "zh": "名字「{name}」已经被你的另一项使用了，请换一个：",
            "en": "You already use the name “{name}”. Please choose another:",
        },
        "flow.bad_name": {
            "zh": "名字需为 1–{max} 个字符，不能含 < > ` \\ 等特殊字符。",
            "en": "A name is 1–{max} characters, without < > ` \\ or control characters.",
        },
        "flow.gone": {
            "zh": "这个{kind}已经不存在了（可能刚被删除），没有做任何更改。",
            "en": "That {kind} no longer exists (it may have just been deleted); nothing was changed.",
        },
        "flow.taken_as": {"zh": "好的，记下「{value}」。", "en": "OK, noted “{value}”."},
        "flow.confirm_again": {
            "zh": "那个确认按钮属于已暂停的「{what}」，已失效，没有执行任何操作。如仍要继续，请重新确认：",
            "en": "That confirm button belonged to the paused {what} and no longer works; nothing was done. "
            "Confirm again below if you still want it:",
        },
        "flow.changed": {
            "zh": "{kind}「{name}」在你确认之后已被修改、删除或替换，没有执行任何操作。如需继续请重新发起。",
            "en": "The {kind} “{name}” changed or no longer exists since you were asked to confirm;"
            " nothing was done. Please start again if you still want to.",
        },
        "flow.secret_unavailable": {
            "zh": "保存的密钥无法解密（服务器密钥可能已更换），操作未完成。请重新录入密钥。",
            "en": "A stored key can't be decrypted (the server key may have changed); nothing was done. "
            "Please enter the key again.",
        },
        "flow.button_stale": {
            "zh": "这个按钮对应的操作已经结束或已更改，没有执行任何操作。",
            "en": "This button belongs to a step that is over or changed; nothing was done.",
        },
    }
)
