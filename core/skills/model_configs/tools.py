"""The model config skill's planner tool: start a model-config task with what the model understood.

Like every task tool it only starts the task: slot filling and confirmation follow as when a rule
started it, and the API key is never an argument.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from core.planner.tooling import TaskTool, ToolArgs

ProviderKey = Literal["deepseek", "openai", "qwen", "kimi", "custom"]  # core.workspace.providers


class ModelConfigTaskArgs(ToolArgs):
    action: Literal["create", "update", "delete", "query"] = Field(
        description="create: configure a model; update: change one field; delete; query: list or show"
    )
    provider: ProviderKey | None = Field(
        None, description="The provider of a new config, if the user named it."
    )
    name: str | None = Field(
        None, min_length=1, max_length=32, description="The new config's name, if given."
    )
    target: str | None = Field(
        None,
        min_length=1,
        max_length=64,
        description="The existing config to change, delete or show, by name.",
    )
    field: Literal["name", "api_key", "base_url", "model", "enabled"] | None = Field(
        None, description="What an update changes."
    )
    new_name: str | None = Field(None, min_length=1, max_length=32, description="The new name of a rename.")
    base_url: str | None = Field(
        None, min_length=1, max_length=300, description="An HTTPS base URL, if given."
    )
    model: str | None = Field(None, min_length=1, max_length=100, description="A model id, if given.")


MODEL_CONFIG_TASK = TaskTool(
    name="model_config_task",
    description=(
        "Start a task on the user's own model configs (OpenAI-compatible APIs): configure one, "
        "change one field, delete one, or list / show them. deskmate then asks for anything missing "
        "(the API key always privately, never through this tool) and asks the user to confirm risky "
        "changes. Pass only what the user said; leave the rest out."
    ),
    arguments=ModelConfigTaskArgs,
    guidance=(
        "- model_config_task: when the user wants to configure, change, delete or see their model "
        "configs (DeepSeek, OpenAI, Qwen, Kimi, or a custom OpenAI-compatible API). Never put an API "
        "key in its arguments."
    ),
)
