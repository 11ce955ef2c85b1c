"""turn safety: a revision per conversation state (compare-and-set saves), a lease on it (one
turn at a time across processes, and the cancel flag of a running model task), and unambiguous
conversation keys

Keys used to join (platform, chat, user, thread) with ":" unescaped, so chat "a:b" + user "c"
and chat "a" + user "b:c" were one conversation. Now each part has "%" and ":" escaped; keys
without either character read as before, so only the ambiguous ones are rewritten. Both tables
that store a key also store its parts, so the new key is computed from the parts, never parsed.
The audit log's ``actor`` (a key, without parts) is rewritten using its row's ``owner``
("platform:user"), which pins down where the chat ends; an actor that does not fit is left as is.

Revision ID: 0005_turn_safety
Revises: 0003_workspace
Create Date: 2026-07-20
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_turn_safety"
down_revision: str | Sequence[str] | None = "0004_jobs_outbound"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

Parts = tuple[str, str, str, str | None]


def _escape(part: str) -> str:
    return part.replace("%", "%25").replace(":", "%3A")


def new_key(platform: str, chat: str, user: str, thread: str | None) -> str:
    return ":".join(_escape(p) for p in (platform, chat, user, thread or ""))


def old_key(platform: str, chat: str, user: str, thread: str | None) -> str:
    return f"{platform}:{chat}:{user}:{thread or ''}"


def actor_parts(actor: str, owner: str, written_by: Callable[..., str]) -> Parts | None:
    """The parts of an audit actor written by ``written_by``, given its owner "platform:user"."""
    platform, _, user = owner.partition(":")
    if written_by is old_key:
        # "platform:chat:user:thread" with the user known: the thread is the last part (topic ids
        # hold no ":"), the chat what stands between "platform:" and ":user".
        rest = actor.removeprefix(f"{platform}:")
        chat_user, _, thread = rest.rpartition(":")
        if rest == actor or not chat_user.endswith(f":{user}"):
            return None
        return platform, chat_user[: -len(user) - 1], user, thread or None
    pieces = actor.split(":")
    if len(pieces) != 4:
        return None
    unescaped = [p.replace("%3A", ":").replace("%25", "%") for p in pieces]
    return unescaped[0], unescaped[1], unescaped[2], unescaped[3] or None


def _rekey(encode: Callable[..., str], written_by: Callable[..., str]) -> None:
    """Rewrite every stored key from the form ``written_by`` produced to the form of ``encode``."""
    bind = op.get_bind()
    meta = sa.MetaData()
    states = sa.Table("conversation_states", meta, autoload_with=bind)
    tokens = sa.Table("action_tokens", meta, autoload_with=bind)
    audit = sa.Table("audit_log", meta, autoload_with=bind)

    rows = bind.execute(
        sa.select(states.c.conversation_key, states.c.platform, states.c.chat_id, states.c.user_id,
                  states.c.thread_id, states.c.updated_at)
    ).all()  # fmt: skip
    wanted: dict[str, list[tuple[str, object]]] = {}
    for key, platform, chat, user, thread, updated in rows:
        wanted.setdefault(encode(platform, chat, user, thread), []).append((key, updated))
    for target, sources in wanted.items():
        # Two rows for one target only when going back to the ambiguous form: keep the newest.
        sources.sort(key=lambda s: s[1])
        for stale, _ in sources[:-1]:
            bind.execute(states.delete().where(states.c.conversation_key == stale))
        current = sources[-1][0]
        if current != target:
            bind.execute(
                states.update().where(states.c.conversation_key == current).values(conversation_key=target)
            )
    bind.execute(states.update().where(states.c.thread_id == "").values(thread_id=None))

    for token, platform, chat, user, thread, key in bind.execute(
        sa.select(tokens.c.token, tokens.c.platform, tokens.c.chat_id, tokens.c.user_id, tokens.c.thread_id,
                  tokens.c.conversation_key)
    ).all():  # fmt: skip
        target = encode(platform, chat, user, thread)
        if target != key or thread == "":
            bind.execute(
                tokens.update()
                .where(tokens.c.token == token)
                .values(conversation_key=target, thread_id=thread or None)
            )

    for row_id, actor, owner in bind.execute(sa.select(audit.c.id, audit.c.actor, audit.c.owner)).all():
        parts = actor_parts(actor, owner, written_by)
        if parts is not None and encode(*parts) != actor:
            bind.execute(audit.update().where(audit.c.id == row_id).values(actor=encode(*parts)))


LEASE_COLUMNS = ("lease_holder", "lease_until", "running_task", "cancel_task")


def upgrade() -> None:
    with op.batch_alter_table("conversation_states") as batch:
        batch.add_column(sa.Column("revision", sa.Integer(), server_default="0", nullable=False))
        batch.add_column(sa.Column("lease_holder", sa.String(), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("running_task", sa.String(), nullable=True))
        batch.add_column(sa.Column("cancel_task", sa.String(), nullable=True))
    _rekey(new_key, old_key)


def downgrade() -> None:
    _rekey(old_key, new_key)
    with op.batch_alter_table("conversation_states") as batch:
        for column in ("revision", *LEASE_COLUMNS):
            batch.drop_column(column)
