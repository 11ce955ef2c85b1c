"""/cancel reaches a model task running in another process (through the database)."""

from __future__ import annotations

import time

import pytest

from tests.reliability.harness import Worker, notice_codes

pytestmark = pytest.mark.process  # starts other Python processes

# Seconds the fake model would think: a cancel cuts it short, so the test never waits this long
# unless the cancel is lost; long enough that no busy machine makes a working cancel look late.
MODEL_DELAY = 60.0


def test_cancel_from_another_process_stops_the_running_model_task(db_url: str, user: str) -> None:
    thinking = Worker(db_url, user=user, DESKMATE_TEST_MODEL_DELAY=str(MODEL_DELAY))
    other = Worker(db_url, user=user)
    try:
        thinking.wait_ready()
        other.wait_ready()
        thinking.send({"say": "tell me a story about the markets"})
        started = thinking.receive()  # the model is thinking: the task is running for sure
        start = time.time()
        other.send({"command": "cancel"})
        stopped = other.receive()
        answered = thinking.receive()
        took = time.time() - start
    finally:
        thinking.close()
        other.close()
    assert started is not None and "thinking" in started, started
    assert stopped is not None and answered is not None
    assert notice_codes(stopped) == ["cancelled"], stopped
    assert answered["status"] == "failed" and notice_codes(answered) == ["cancelled"], answered
    assert took < MODEL_DELAY / 2, took


def test_cancel_with_nothing_running_elsewhere_says_so(db_url: str, user: str) -> None:
    other = Worker(db_url, user=user)
    try:
        assert notice_codes(other.ask(command="cancel")) == ["nothing_to_cancel"]
    finally:
        other.close()
