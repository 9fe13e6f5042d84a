"""Shared by the key tests: check a scenario given as data, written to a file of its own, with the CLI; and the one
error line bad input must give (exit 2, no traceback)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from typer.testing import CliRunner
from ygo_ruling.cli import app

runner = CliRunner()


def load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def check_data(tmp_path: Path, data: Any) -> tuple[Path, Any]:
    """The scenario ``data`` written to ``tmp_path``/s.yaml and checked: the file and the CLI's result."""
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path, runner.invoke(app, ["check", str(path)])


def error_line(tmp_path: Path, data: Any) -> tuple[Path, str]:
    """Check ``data``: it must be bad input with one error line, which is returned with the file."""
    path, result = check_data(tmp_path, data)
    assert result.exit_code == 2, result.output
    errors = [ln for ln in result.output.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and "Traceback" not in result.output, result.output
    return path, errors[0]
