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
        key = f" {self.key}:" if self.key else ""
        return f"{self.where}:{key} {self.message}"
