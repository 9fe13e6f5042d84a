from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"

# the YAML files under tests/ are inputs of the tests (tests/bad/: a base for bad-input tests),
# not scenario tests: the scenario corpus is scenarios/ (the pytest plugin collects it)
collect_ignore_glob = ["*.yaml", "*.yml"]


@pytest.fixture
def scenario_root() -> Path:
    return SCENARIOS
