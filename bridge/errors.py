"""Errors a user can cause, reported as one line at the CLI's edge (exit 2)."""

from __future__ import annotations


class InputError(Exception):
    """A scenario or command line the user must fix.

    ``where`` names the file, ``key`` the place inside it (dotted path), and
    the message says what was expected.
    """

    def __init__(self, where: str, key: str | None, message: str) -> None:
        self.where = where
        self.key = key
        self.message = message
        super().__init__(self.line())

    def line(self) -> str:
        """One line of at most MAX_LINE characters (long parts are cut with "…"; a long
        file path keeps its end, where the file's name is)."""
        where = self.where if len(self.where) <= 150 else "…" + self.where[-149:]
        key = f" {cut(' '.join(self.key.split()), 100)}:" if self.key else ""
        prefix = f"{where}:{key} "
        return prefix + cut(" ".join(self.message.split()), max(80, MAX_LINE - len(prefix)))


MAX_LINE = 380  # the CLI adds "error: " before it


def cut(text: str, limit: int) -> str:
    """``text`` of at most ``limit`` characters, cut with "…"."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
