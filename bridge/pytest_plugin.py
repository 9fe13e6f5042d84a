"""pytest plugin: ``pytest path/to/scenarios/`` runs scenario files as tests.

Installed with the package (entry point ``pytest11``: ``ygo_ruling``).  A scenario file is a
``*.yaml`` / ``*.yml`` file with a top-level ``ask:`` key; other YAML files are not collected.
Each question is one test item, ``path::id`` (its ``id:``, or ``q1``, ``q2``, … by position, as the
CLI names it); the file is checked once, when its first question runs.  A question fails with the
CLI's lines: ``FAIL path: key: expected …, got …`` for each expectation that does not hold,
``error: …`` when the file is bad input; a question without ``expect`` is skipped (unchecked).

Options: ``--ygo-rules``, ``--ygo-disable``, ``--ygo-enable``, ``--ygo-rules-file`` (as ``check``'s).
Not wanted in a run: ``-p no:ygo_ruling``; in a folder: its conftest's ``collect_ignore_glob``.
A conftest may implement the hooks of ``Hooks`` (known failing files, more checks per question).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from .errors import InputError
from .limits import MAX_FILE_BYTES, load_yaml, read_text

# the rule base, clingo and the scenario model are imported when a scenario is checked, not on
# every pytest start-up of an environment where the package is installed

SUFFIXES = (".yaml", ".yml")
# a top-level `ask:` key (a line starting with it: a block scalar's lines are indented)
ASK_KEY = re.compile(rb"^(?:\xef\xbb\xbf)?[\"']?ask[\"']?[ \t]*:", re.MULTILINE)


class Hooks:
    """Hooks a conftest.py may implement (with ``@pytest.hookimpl(optionalhook=True)``, so it
    still loads where the plugin is switched off)."""

    @pytest.hookspec(firstresult=True)
    def pytest_ygo_ruling_known_failing(self, config: pytest.Config, path: Path) -> str | None:
        """Why the scenario file ``path`` is known to fail, or None.  Its failing questions are
        skipped with that reason while at least one fails; once none fails, each of its questions
        fails, saying the file passes now (so the list that names it is kept honest)."""

    def pytest_ygo_ruling_question(self, config: pytest.Config, path: Path, question: dict[str, Any],
                                   scenario: dict[str, Any]) -> None:
        """More checks of one question whose expectation holds (or that has none): ``question``
        is its report, ``scenario`` the file's (``--format json``'s); raise ``AssertionError``
        (or call ``pytest.fail``) to fail it."""


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(Hooks)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("ygo-ruling", "ygo-ruling scenario files (*.yaml, *.yml with a top-level ask:)")
    group.addoption("--ygo-rules", metavar="RULE_SET", default=None,
                    help="rule set, overriding each scenario's (master-2020, master-4)")
    group.addoption("--ygo-disable", metavar="RULE", action="append", default=[],
                    help="turn a rule id off (repeatable)")
    group.addoption("--ygo-enable", metavar="RULE", action="append", default=[],
                    help="turn a rule id on (repeatable)")
    group.addoption("--ygo-rules-file", metavar="FILE.lp", action="append", default=[],
                    help="add your own ASP rules file to the rule base (repeatable)")


def _variant(config: pytest.Config) -> Any:
    from .api import Variant

    return Variant(config.getoption("ygo_rules"), tuple(config.getoption("ygo_disable")),
                   tuple(config.getoption("ygo_enable")), tuple(config.getoption("ygo_rules_file")))


def pytest_configure(config: pytest.Config) -> None:
    variant = _variant(config)
    if variant != type(variant)():
        from .api import check_variant

        try:  # the switches and rules files, checked once (as the CLI does)
            check_variant(variant)
        except InputError as exc:
            raise pytest.UsageError(exc.line()) from None


def is_scenario_file(path: Path) -> bool:
    """A YAML file with a top-level ``ask:`` key (read no further than a scenario may be long)."""
    if path.suffix not in SUFFIXES:
        return False
    try:
        with path.open("rb") as f:
            head = f.read(MAX_FILE_BYTES + 1)
    except OSError:
        return False
    return ASK_KEY.search(head) is not None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if is_scenario_file(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


def _question_lines(text: str, count: int) -> list[int]:
    """The line (0-based) each question starts on, for pytest's locations (0 when unknown)."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        root = None
    if isinstance(root, yaml.MappingNode):
        for key, value in root.value:
            if key.value == "ask" and isinstance(value, yaml.SequenceNode) and len(value.value) == count:
                return [q.start_mark.line for q in value.value]
    return [0] * count


class ScenarioFailure(Exception):
    """A question that fails: the lines the CLI prints for it."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


class ScenarioFile(pytest.File):
    """One scenario file: one item per question, checked once for all of them."""

    _outcome: tuple[str, Any] | None = None
    _pending = 0

    def shown_path(self) -> str:
        """The file as the CLI names it when run from the same folder."""
        try:
            return str(self.path.relative_to(self.config.invocation_params.dir))
        except ValueError:
            return str(self.path)

    def collect(self) -> list[ScenarioItem]:
        try:
            text = read_text(self.path)
            data = load_yaml(text, str(self.path))
        except (InputError, yaml.YAMLError):  # bad input: the check reports it, in one item
            text, data = "", None
        ask = data.get("ask") if isinstance(data, dict) else None
        if isinstance(ask, list) and ask:
            names = [q["id"] if isinstance(q, dict) and isinstance(q.get("id"), str) and q["id"] else f"q{i + 1}"
                     for i, q in enumerate(ask)]
        else:  # no question can be named: the file's bad-input line, once
            names = ["scenario"]
        lines = _question_lines(text, len(names))
        self._pending = len(names)
        return [ScenarioItem.from_parent(self, name=name, index=i, line=lines[i]) for i, name in enumerate(names)]

    def outcome(self) -> tuple[str, Any]:
        """("report", report) / ("error", line) / ("internal", line), as ``check`` gets them."""
        if self._outcome is None:
            from .api import check_one

            self._outcome = check_one(Path(self.shown_path()), _variant(self.config))
        return self._outcome

    def done(self) -> None:
        """One of its questions has run: the report is let go after the last one."""
        self._pending -= 1
        if self._pending <= 0:
            self._outcome = None


class ScenarioItem(pytest.Item):
    """One question of a scenario file."""

    def __init__(self, *, index: int, line: int = 0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.index = index    # its place in the file's ask: list
        self.line = line      # the line it starts on (0-based)

    @property
    def scenario(self) -> ScenarioFile:
        assert isinstance(self.parent, ScenarioFile)
        return self.parent

    def runtest(self) -> None:
        try:
            self._run()
        finally:
            self.scenario.done()

    def _run(self) -> None:
        kind, value = self.scenario.outcome()
        if kind == "error":
            raise ScenarioFailure([f"error: {value}"])
        if kind == "internal":
            raise ScenarioFailure([f"internal error: {value}"])
        report: dict[str, Any] = value
        questions = report["questions"]
        if self.index >= len(questions):  # pragma: no cover - the ids come from the same file
            raise ScenarioFailure([f"error: {report['path']}: ask[{self.index}]: no such question"])
        question = questions[self.index]
        hook = self.config.hook
        known = hook.pytest_ygo_ruling_known_failing(config=self.config, path=self.path)
        if known:
            if not any(q["status"] == "fail" for q in questions):
                raise ScenarioFailure([f"{report['path']}: known to fail ({known}), but every question "
                                       "passes now: take it off the list that names it"])
            if question["status"] == "fail":
                self._skip(f"known to fail: {known}")
        if question["status"] == "fail":
            from .expectations import failure_line

            raise ScenarioFailure([failure_line(report["path"], f) for f in question["failures"]])
        hook.pytest_ygo_ruling_question(config=self.config, path=self.path, question=question, scenario=report)
        if question["status"] == "unchecked":
            self._skip(f"{question['id']} has no expect: its answer is not checked")

    def _skip(self, reason: str) -> None:
        """Skip, reported at the question's place in its file (not at this module's line)."""
        exc = pytest.skip.Exception(reason)
        exc._use_item_location = True  # as pytest's own skip marks are reported
        raise exc

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailure):
            return "\n".join(excinfo.value.lines)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int, str]:
        # the failure's heading: the question id (pytest would print a dotted one as a Python name)
        return self.path, self.line, self.name if "." not in self.name else f"question {self.name}"
