"""A scenario's questions as the report prints them: each question's answer (``answers.py``),
checked against its ``expect`` (``expectations.py``), assembled into plain data (what
``--format json`` prints)."""

from __future__ import annotations

from typing import Any

from .answers import build_answer, card_refs
from .expectations import Asked, failures
from .facts import QuestionFacts
from .loader import LoadedScenario
from .solver import Solution


def question_reports(loaded: LoadedScenario, questions: list[QuestionFacts], sol: Solution) -> list[dict[str, Any]]:
    """Every question's report, in the scenario's order."""
    cards = card_refs(loaded)
    reports = []
    for i, q in enumerate(questions):
        # more outcomes (or combinations) than --max-outcomes: only the first are listed, never silently
        truncated = q.id in sol.truncated or (q.kind == "resolve" and "resolve" in sol.truncated)
        reports.append(question_report(q, build_answer(q, sol, cards), truncated, loaded.scenario.ask[i].expect,
                                       Asked(cards, q.card_ids, f"ask[{i}].expect")))
    return reports


def question_report(q: QuestionFacts, answer: dict[str, Any], truncated: bool, expect: Any,
                    asked: Asked) -> dict[str, Any]:
    """One question: what it asks, its answer, and how the answer compares with ``expect``."""
    report: dict[str, Any] = {"id": q.id, "kind": q.kind, "player": q.player, "cards": q.card_ids, **answer,
                              "truncated": truncated}
    if expect is None:
        report.update(expected=None, status="unchecked", failures=[])
        return report
    fails = failures(q.kind, expect, answer, asked)
    report.update(expected=expect.model_dump(exclude_none=True), status="fail" if fails else "pass",
                  failures=fails)
    return report
