"""``ygo-ruling diff``: which answers change when the rule base changes.

The corpus is checked as its scenarios state it (the baseline) and under a variant (another rule
set, rules switched off or on, a designer's own rules file); a question's answer changes when its
legal options, its refusals or its outcomes differ.  The rule ids whose reasons differ are named.
No game logic here: only the two reports are compared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .api import Variant, check_variant, run_files, scenario_files, user_catalog
from .errors import InputError

REASON_KEYS = frozenset({"reasons", "outcome_reasons"})
# what a question's answer is (the rest of a question's report is about its expectations)
ANSWER_KEYS = ("options", "refused")


def _content(node: Any) -> Any:
    """A report fragment without its reasons: what is legal / what happens, not why."""
    if isinstance(node, dict):
        return {k: _content(v) for k, v in node.items() if k not in REASON_KEYS}
    if isinstance(node, list):
        return [_content(v) for v in node]
    return node


def _cited(node: Any, where: str, acc: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """(place, rule id) for every reason in a report fragment."""
    if isinstance(node, dict):
        label = node.get("label", where)
        for k, v in node.items():
            if k in REASON_KEYS and isinstance(v, list):
                acc |= {(f"{label}/{k}", r["rule"]) for r in v if isinstance(r, dict) and "rule" in r}
            else:
                _cited(v, f"{where}/{label}" if "label" in node else where, acc)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _cited(v, f"{where}[{i}]", acc)
    return acc


def answer(question: dict[str, Any]) -> dict[str, Any]:
    return {k: question.get(k, []) for k in ANSWER_KEYS}


def compare(baseline: dict[str, Any], variant: dict[str, Any]) -> list[dict[str, Any]]:
    """The questions of one scenario whose answer differs between two reports."""
    changed = []
    for qb, qv in zip(baseline["questions"], variant["questions"], strict=True):
        a, b = answer(qb), answer(qv)
        if _content(a) == _content(b):
            continue
        rules = sorted({r for _, r in _cited(a, "", set()) ^ _cited(b, "", set())})
        changed.append({"path": baseline["path"], "question": qb["id"], "kind": qb["kind"],
                        "baseline": a, "variant": b, "rules": rules})
    return changed


def family(path: str) -> str:
    return Path(path).parent.name or "."


def run_diff(paths: Sequence[str], variant: Variant, jobs: int = 1, dask: str | None = None,
             progress: Callable[[int, int], None] | None = None, catalog: str | Path | None = None) -> dict[str, Any]:
    """Baseline and variant over every scenario under ``paths`` (both with the card catalog
    ``catalog``, as api.check's): the changed questions and a summary."""
    errors: list[str] = []
    internal: list[str] = []
    try:
        check_variant(variant)
        cards = user_catalog(catalog)
        files = scenario_files(paths)
    except InputError as exc:
        return {"changed": [], "errors": [exc.line()], "internal_errors": [],
                "summary": {"questions": 0, "changed": 0, "by_family": {}, "by_rule": {}}}
    total = 2 * len(files)

    def half(offset: int) -> Callable[[int, int], None] | None:
        return (lambda done, _n: progress(offset + done, total)) if progress else None

    base = run_files(files, Variant(), jobs, dask, half(0), cards)
    var = run_files(files, variant, jobs, dask, half(len(files)), cards)
    changed: list[dict[str, Any]] = []
    questions = 0
    for (kb, b), (kv, v) in zip(base, var, strict=True):
        for kind, value in ((kb, b), (kv, v)):
            if kind == "error" and value not in errors:
                errors.append(value)
            elif kind == "internal" and value not in internal:
                internal.append(value)
        if kb == kv == "report":
            questions += len(b["questions"])
            changed += compare(b, v)
    by_family = Counter(family(c["path"]) for c in changed)
    by_rule = Counter(r for c in changed for r in c["rules"])
    return {"changed": changed, "errors": errors, "internal_errors": internal,
            "summary": {"questions": questions, "changed": len(changed),
                        "by_family": dict(sorted(by_family.items())),
                        "by_rule": dict(by_rule.most_common())}}


def _labels(ans: dict[str, Any]) -> tuple[list[str], list[str]]:
    ok = [o.get("label", "?") for o in ans["options"]]
    no = [o.get("label", "?") for o in ans["refused"]]
    return ok, no


def text_lines(result: dict[str, Any]) -> list[str]:
    """The diff for people: each changed question with both answers side by side, then a summary."""
    lines: list[str] = []
    for c in result["changed"]:
        lines.append(f"{c['path']}  {c['question']} {c['kind']}")
        bo, bn = _labels(c["baseline"])
        vo, vn = _labels(c["variant"])
        width = max([len("baseline")] + [len(x) + 3 for x in bo + bn]) + 2
        lines.append(f"    {'baseline':<{width}}variant")
        if c["kind"] in ("resolve", "battle"):
            lines += _outcome_lines(c, width)
        else:
            for label in sorted(set(bo + bn + vo + vn)):
                left = "ok " + label if label in bo else "no " + label if label in bn else "-"
                right = "ok " + label if label in vo else "no " + label if label in vn else "-"
                if left != right:
                    lines.append(f"    {left:<{width}}{right}")
        if c["rules"]:
            lines.append(f"    rules whose reasons differ: {', '.join(c['rules'])}")
    s = result["summary"]
    lines.append(f"{s['questions']} questions compared, {s['changed']} changed")
    if s["by_family"]:
        lines.append("  by family: " + ", ".join(f"{k} {v}" for k, v in s["by_family"].items()))
    if s["by_rule"]:
        lines.append("  by rule: " + ", ".join(f"{k} {v}" for k, v in s["by_rule"].items()))
    return lines


def _outcome_lines(c: dict[str, Any], width: int) -> list[str]:
    def describe(out: dict[str, Any]) -> list[str]:
        steps = [f"link {st['link']} step {st['step']}: {st['result']}" for st in out.get("steps", [])]
        moved = [f"{card} -> {area}" for card, area in out.get("moved", {}).items()]
        return steps + moved

    base, var = c["baseline"]["options"], c["variant"]["options"]
    lines = [f"    {str(len(base)) + ' outcome(s)':<{width}}{len(var)} outcome(s)"]
    for i in range(max(len(base), len(var))):
        left = describe(base[i]) if i < len(base) else []
        right = describe(var[i]) if i < len(var) else []
        if left == right:
            continue
        lines.append(f"    outcome {i + 1}:")
        for j in range(max(len(left), len(right))):
            lft = left[j] if j < len(left) else ""
            rgt = right[j] if j < len(right) else ""
            lines.append(f"      {lft:<{width - 2}}{rgt}")
    return lines
