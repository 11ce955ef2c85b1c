"""User-facing texts of the model config skill (zh + en)."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "ws.md.custom": {"zh": "自定义", "en": "custom"},
        "ws.md.ask_provider": {"zh": "用哪家的模型？", "en": "Which provider?"},
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
            "zh": "请发送{provider}的 API Key。我会加密保存，只显示首尾几位，并尽量删除你的这条消息。",
            "en": "Please send the {provider} API key. I store it encrypted, only ever show a few characters "
            "at each end, and delete your message where I can.",
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
            "en": "To protect the API key the base URL must use https (plain http only for localhost / "
            "127.0.0.1).",
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
            "en": "Delete the model config “{name}”? Its stored API key is deleted too. "
            "This can't be undone.",
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
    }
)
