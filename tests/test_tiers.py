"""The test tiers (tests/conftest.py): each test's markers, and the guard of the process tier."""

from __future__ import annotations

from pathlib import Path

import pytest

CONFTEST = Path(__file__).with_name("conftest.py").read_text(encoding="utf-8")
MARKERS = """
[pytest]
asyncio_default_fixture_loop_scope = function
markers =
    unit: u
    storage: s
    postgres: p
    process: x
"""
SUITE = """
import subprocess, sys
import pytest

def test_in_memory():
    assert True

@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_on_a_database(backend):
    assert True

def test_starts_a_process_undeclared():
    subprocess.run([sys.executable, "-c", "pass"], check=True)

@pytest.mark.process
def test_starts_a_process_declared():
    subprocess.run([sys.executable, "-c", "pass"], check=True)

def test_runs_another_program():
    subprocess.run(["sh", "-c", "true"], check=True)
"""


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    pytester.makeini(MARKERS)
    pytester.makepyfile(test_suite=SUITE)
    return pytester


def selected(pytester: pytest.Pytester, tier: str) -> list[str]:
    result = pytester.runpytest("--collect-only", "-q", "-m", tier)
    return sorted(line.split("::")[1] for line in result.outlines if "::" in line)


def test_each_test_is_in_the_tiers_of_what_it_uses(suite: pytest.Pytester) -> None:
    assert selected(suite, "unit") == [
        "test_in_memory",
        "test_runs_another_program",
        "test_starts_a_process_undeclared",
    ]
    assert selected(suite, "storage") == ["test_on_a_database[postgresql]", "test_on_a_database[sqlite]"]
    assert selected(suite, "postgres") == ["test_on_a_database[postgresql]"]
    assert selected(suite, "process") == ["test_starts_a_process_declared"]


@pytest.mark.process
def test_a_python_process_started_outside_the_process_tier_fails_the_test(suite: pytest.Pytester) -> None:
    result = suite.runpytest("-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*this test started a Python process*not in the process tier*",
            "FAILED test_suite.py::test_starts_a_process_undeclared*",
        ]
    )


def test_the_process_tier_runs_first(suite: pytest.Pytester) -> None:
    """Its slow tests start early, so that no worker is left with one at the end of a run."""
    result = suite.runpytest("--collect-only", "-q")
    order = [line.split("::")[1] for line in result.outlines if "::" in line]
    assert order[0] == "test_starts_a_process_declared"
    assert order[1:] == [
        "test_in_memory",
        "test_on_a_database[sqlite]",
        "test_on_a_database[postgresql]",
        "test_starts_a_process_undeclared",
        "test_runs_another_program",
    ]
