"""How a scenario names its cards and effects, as plain data read once from the loaded scenario.

A card is named by its instance id, or by its card name when the board holds it once; an effect as
'card ①', 'card 1', or 'card' (its only effect).  ``answers.py`` labels effects this way and
``expectations.py`` reads the references an ``expect`` makes; neither reaches back into the loader.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .errors import InputError

CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨⑩"


def effect_label(card: str, number: int) -> str:
    """An effect as answers name it: the card's id and the effect's circled number."""
    return f"{card} {CIRCLED[number] if 0 <= number < len(CIRCLED) else number}"


def find_card(path: str, names: Mapping[str, str], ref: str, key: str) -> str:
    """The card instance ``ref`` names: an instance id, or a card name used once.
    ``names``: instance id -> card name, in board order."""
    if ref in names:
        return ref
    named = [ident for ident, name in names.items() if name == ref]
    if len(named) == 1:
        return named[0]
    if named:
        raise InputError(path, key, f"{ref!r} is ambiguous ({', '.join(named)}): refer to one by its id")
    raise InputError(path, key, f"no card {ref!r} on the board (give its id or name)")


@dataclass(frozen=True)
class CardRefs:
    """The scenario's cards as plain data: what ``expect`` may name, and the chain's links."""

    path: str
    names: dict[str, str]                      # instance id -> card name, in board order
    effects: dict[str, tuple[int, ...]]        # instance id -> its effects' numbers
    start: dict[str, dict[str, int]]           # instance id -> its values before the chain
    links: dict[int, str] = field(default_factory=dict)  # chain link -> its effect's label

    def card(self, ref: str, key: str) -> str:
        """The instance id ``ref`` names; bad input at ``key`` when it names none or several."""
        return find_card(self.path, self.names, ref, key)

    def effect(self, ref: str, key: str) -> str:
        """'card ①' / 'card 1' / 'card' (its only effect) -> the effect's label."""
        head, _, tail = ref.strip().rpartition(" ")
        number: int | None = None
        if head and (tail in CIRCLED or tail.isdigit()):
            number = CIRCLED.index(tail) if tail in CIRCLED else int(tail)
            card_ref = head
        else:
            card_ref = ref.strip()
        ident = self.card(card_ref, key)
        numbers = self.effects[ident]
        if number is None:
            if len(numbers) != 1:
                raise InputError(self.path, key, f"{ref!r}: {ident} has {len(numbers)} effects; name one, e.g. '{ident} ①'")
            number = numbers[0]
        if number not in numbers:
            raise InputError(self.path, key, f"{ref!r}: {ident} has no effect {number}")
        return effect_label(ident, number)
