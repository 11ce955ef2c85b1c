"""Job kinds registered from the test suite only (no skill declares one yet), and a `deskmate`
entry point that runs the real CLI with them: ``python -m tests.bot.job_kinds tick --json``."""

from __future__ import annotations

import struct
import sys
import zlib
from datetime import timedelta

from core.jobs import DONE, Backoff, Job, JobContext, JobKind, JobResult, Reschedule, Retry
from core.outbound import Destination
from core.reply import ChartBlock, NoticeBlock, Reply, Status, TextBlock


def notice(text: str) -> Reply:
    return Reply(Status.COMPLETED, (NoticeBlock(text, code="test_notice"),), "en")


async def notify(job: Job, ctx: JobContext) -> JobResult:
    """payload: {"to": Destination.as_dict(), "text": str, "kind": str?, "chart": bool?}"""
    blocks: tuple[NoticeBlock | TextBlock | ChartBlock, ...] = (
        NoticeBlock(job.payload["text"], code="alert"),
    )
    if job.payload.get("chart"):
        blocks += (ChartBlock(tiny_png(), "BTCUSDT", "demo", "BTC chart"),)
    reply = Reply(Status.COMPLETED, blocks, "en")
    result = await ctx.send(
        Destination.from_dict(job.payload["to"]), reply, kind=job.payload.get("kind", "test")
    )
    if result.ok:
        return DONE
    return Retry(f"delivery {result.status}: {result.error_code}") if result.retryable else DONE


async def every_minute(job: Job, ctx: JobContext) -> JobResult:
    """A recurring job: says how many times it ran, then comes back a minute later."""
    count = int(job.payload.get("count", 0)) + 1
    await ctx.send(Destination.from_dict(job.payload["to"]), notice(f"run {count}"), kind="test")
    return Reschedule(ctx.now + timedelta(minutes=1), {**job.payload, "count": count})


async def always_fails(job: Job, ctx: JobContext) -> JobResult:
    raise RuntimeError("upstream said no")


KINDS = (
    JobKind("test.notify", notify),
    JobKind("test.every_minute", every_minute),
    JobKind("test.fails", always_fails, max_attempts=3, backoff=Backoff(first=60, factor=2, cap=600)),
)


def tiny_png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\x10\x20\x30" * 2 for _ in range(2))
    header = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    import bot.wiring
    from bot.cli import main

    # The test-only composition: kinds beside those the registered skills declare.
    bot.wiring.EXTRA_JOB_KINDS = KINDS
    sys.exit(main(sys.argv[1:]))
