"""A diagnosis is a checklist on every platform: what happened, the checks with their marks, why,
and numbered steps; exchange text is always text (escaped on Telegram and Discord)."""

from __future__ import annotations

from adapters.console.render import render_json, render_text
from adapters.discord.render import render as discord_render
from adapters.telegram.render import render_reply
from core.reply import DiagnosisBlock, DiagnosisCheck, Reply, Status

BLOCK = DiagnosisBlock(
    skill="exchange_diagnosis",
    title="Exchange diagnosis · <main>",
    happened="Binance answered with error -1022: <b>Signature</b> for this request is not valid.",
    checks=(
        DiagnosisCheck("key_format", "Key format", "ok", "API key abcd****wxyz"),
        DiagnosisCheck("server_time", "Clock offset", "ok", "this machine is 12 ms ahead of the exchange"),
        DiagnosisCheck(
            "signed_read", "Signed read-only call (balances)", "failed", "-1022 not valid", "-1022"
        ),
        DiagnosisCheck("permissions", "API permissions", "skipped", "not run: an earlier check failed"),
    ),
    cause="The signature does not match.",
    next_steps=("Copy the secret again.", "Update the keys here."),
    cause_code="signature_invalid",
)


def reply(locale: str = "en") -> Reply:
    return Reply(Status.COMPLETED, (BLOCK,), locale, audience="private")  # type: ignore[arg-type]


def test_json_carries_the_diagnosis() -> None:
    (block,) = render_json(reply())["blocks"]
    assert block["type"] == "diagnosis" and block["skill"] == "exchange_diagnosis"
    assert [(c["name"], c["outcome"], c["code"]) for c in block["checks"]] == [
        ("key_format", "ok", None),
        ("server_time", "ok", None),
        ("signed_read", "failed", "-1022"),
        ("permissions", "skipped", None),
    ]
    assert block["cause_code"] == "signature_invalid" and block["next_steps"][0] == "Copy the secret again."


def test_console_is_a_checklist_in_three_parts() -> None:
    text = render_text(reply())
    assert text.splitlines()[0] == "Exchange diagnosis · <main>"
    for heading in ("What happened:", "Checks:", "Why:", "What to do now:"):
        assert heading in text
    assert "  ✅ Key format: API key abcd****wxyz" in text
    assert "  ❌ Signed read-only call (balances): -1022 not valid" in text
    assert "  ⏭️ API permissions" in text
    assert "  1. Copy the secret again." in text and "  2. Update the keys here." in text
    zh = render_text(reply("zh"))
    assert "发生了什么:" in zh and "现在该怎么做:" in zh


def test_telegram_escapes_and_bolds_the_headings() -> None:
    rendered = render_reply(reply(), in_group=False, bot_username=None)
    html = "\n".join(m.html for m in rendered.messages)  # type: ignore[union-attr]
    assert "<b>Exchange diagnosis · &lt;main&gt;</b>" in html
    assert "<b>Why</b>" in html and "&lt;b&gt;Signature&lt;/b&gt;" in html
    assert "❌ Signed read-only call" in html


def test_discord_gives_the_diagnosis_one_embed() -> None:
    rendered = discord_render(reply())
    (embed,) = rendered.embeds
    assert embed.title is not None and embed.title.startswith("Exchange diagnosis")
    assert [f.name for f in embed.fields] == ["Checks", "Why", "What to do now"]
    assert embed.description is not None and "Signature" in embed.description
    assert rendered.ephemeral is True
