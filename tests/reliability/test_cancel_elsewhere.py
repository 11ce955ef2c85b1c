"""/cancel reaches a model task running in another process (through the database)."""

from __future__ import annotations

import time

from tests.reliability.harness import Worker, notice_codes

MODEL_DELAY = 4.0  # seconds the fake model thinks: far longer than a cancel may take


def test_cancel_from_another_process_stops_the_running_model_task(db_url: str, user: str) -> None:
    thinking = Worker(db_url, user=user, DESKMATE_TEST_MODEL_DELAY=str(MODEL_DELAY))
    other = Worker(db_url, user=user)
    try:
        thinking.wait_ready()
        other.wait_ready()
        start = time.time() + 0.05
        thinking.send({"say": "tell me a story about the markets", "at": start})
        other.send({"command": "cancel", "at": start + 0.5})
        stopped = other.receive()
        answered = thinking.receive()
        took = time.time() - start
    finally:
        thinking.close()
        other.close()
    assert stopped is not None and answered is not None
    assert notice_codes(stopped) == ["cancelled"], stopped
    assert answered["status"] == "failed" and notice_codes(answered) == ["cancelled"], answered
    assert took < MODEL_DELAY - 1, took


def test_cancel_with_nothing_running_elsewhere_says_so(db_url: str, user: str) -> None:
    other = Worker(db_url, user=user)
    try:
        assert notice_codes(other.ask(command="cancel")) == ["nothing_to_cancel"]
    finally:
        other.close()
