from __future__ import annotations

from collections.abc import Iterator
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


@pytest.fixture(autouse=True, scope="session")
def _no_user_card_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The tests never read nor write the card data of the user running them
    (~/.local/share/ygo-ruling, $YGO_RULING_CATALOG): their data folder is an empty one."""
    patch = pytest.MonkeyPatch()
    patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data-home")))
    patch.delenv("YGO_RULING_CATALOG", raising=False)
    yield
    patch.undo()
