"""Input limits: what a scenario file may hold, checked before anything is expanded or echoed.

Every limit is a documented number (docs/scenario-format.md, "Limits"); breaking one is bad
input (exit 2) with one short line naming the file and the key.  The numbers sit well above what
a real duel reaches (a chain of 30 links, 60 cards in a Deck, 15 in a hand) and well below what
would make the tool hang, blow up its memory, or overflow clingo's 32-bit integers.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError, cut

MAX_FILE_BYTES = 1_000_000        # a scenario file (the largest shipped one is ~6 KB)
MAX_NODES = 50_000                # YAML values after aliases are expanded (an alias bomb is refused)
MAX_DEPTH = 24                    # nesting of mappings and lists (the shipped files reach 10)
MAX_STRING = 5_000                # characters in one string (a quoted ruling is ~1,200 at most)
MAX_ITEMS = 500                   # entries in one list or mapping
MAX_INTEGER = 10_000_000          # any integer (ATK, Life Points, damage, counters, step numbers …)
MAX_CHAIN = 128                   # chain links
MAX_ITEMS_PER_EFFECT = 32         # steps or costs of one effect
# every sum the rule base computes (Life Points, damage, counters, draws) stays below this:
# clingo's integers are 32-bit
MAX_SUM = 2**31 - 1
MAX_SHOWN = 60                    # characters of a user's value echoed in a message
MAX_PASSCODE = 2**32 - 1          # a card named by its passcode (a text to the rule base, never a number)
# where a card is named (an integer there is a passcode of the user's card data)
CARD_KEY = re.compile(r"(\.card|^(self|opponent)\.(hand|deck|extra_deck|graveyard|banished|tokens)\[\d+\]"
                      r"|^ask\[\d+\]\.(summon|materials|cards)\[\d+\]|^ask\[\d+\]\.with_card_activation"
                      r"|^attack\.(attacker|target)|^cards\.\d+)$")

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present


def shown(value: object) -> str:
    """A user's value as a message echoes it: repr, cut to MAX_SHOWN characters."""
    return cut(repr(value) if not isinstance(value, str) else repr(value[: MAX_SHOWN + 1]), MAX_SHOWN)


def read_text(path: Path) -> str:
    """A scenario file's text: a regular file of at most MAX_FILE_BYTES, UTF-8."""
    where = str(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputError(where, None, "no such file") from None
    except OSError as exc:
        raise InputError(where, None, f"cannot read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(where, None, "is a folder, expected a scenario file")
    if not stat.S_ISREG(st.st_mode):
        raise InputError(where, None, "is not a regular file (a pipe, device or socket), expected a scenario file")
    if st.st_size > MAX_FILE_BYTES:
        raise InputError(where, None, f"file is {st.st_size:,} bytes, more than the limit of {MAX_FILE_BYTES:,}")
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError(where, None, f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(where, None, f"file is more than the limit of {MAX_FILE_BYTES:,} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(where, None, f"not UTF-8 text (byte {exc.start})") from None


class _Loader(SAFE_LOADER):  # type: ignore[misc, valid-type]
    """The safe loader, refusing duplicate keys and documents too large once aliases are expanded."""

    where = ""

    def get_single_data(self) -> Any:
        node = self.get_single_node()
        if node is None:
            return None
        _check_size(node, self.where)
        return self.construct_document(node)

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge" or not isinstance(key_node, yaml.ScalarNode):
                    continue
                key = key_node.value
                if key in seen:
                    line = key_node.start_mark.line + 1
                    raise InputError(self.where, cut(str(key), MAX_SHOWN),
                                     f"key is given twice (lines {seen[key]} and {line}); "
                                     "the second would silently replace the first")
                seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)


def _check_size(root: Any, where: str) -> None:
    """Refuse a node graph whose expansion (aliases followed) is too large or too deep.
    Sizes are memoised per node, so an alias bomb is measured without being expanded."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    stack: list[tuple[Any, bool]] = [(root, False)]
    on_path: set[int] = set()
    while stack:
        node, done = stack.pop()
        ident = id(node)
        if done:
            on_path.discard(ident)
            children = _children(node)
            size[ident] = 1 + sum(size[id(c)] for c in children)
            depth[ident] = 1 + max((depth[id(c)] for c in children), default=0)
            if size[ident] > MAX_NODES:
                raise InputError(where, None, f"the document holds more than {MAX_NODES:,} values once its "
                                              "aliases are expanded (an alias bomb?)")
            if depth[ident] > MAX_DEPTH:
                raise InputError(where, None, f"values are nested more than {MAX_DEPTH} deep")
            continue
        if ident in size:
            continue
        if ident in on_path:
            raise InputError(where, None, "an alias refers to a value that contains it (a recursive alias)")
        on_path.add(ident)
        stack.append((node, True))
        for child in _children(node):
            if id(child) not in size:
                stack.append((child, False))


def _children(node: Any) -> list[Any]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def load_yaml(text: str, where: str) -> Any:
    loader = _Loader(text)
    loader.where = where
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def check_values(data: Any, where: str) -> None:
    """Every string, list, mapping and integer of a loaded document within its limit;
    the message names the key (``self.field[1].atk``)."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, key = stack.pop()
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):
            if abs(value) > MAX_INTEGER and not (0 <= value <= MAX_PASSCODE and CARD_KEY.search(key)):
                raise InputError(where, key or None, f"{shown(value)} is out of range: integers are at most "
                                                     f"{MAX_INTEGER:,} (and at least {-MAX_INTEGER:,})")
        elif isinstance(value, float):
            if value != value or abs(value) > MAX_INTEGER:
                raise InputError(where, key or None, f"{shown(value)} is out of range")
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                raise InputError(where, key or None, f"a string of {len(value):,} characters: at most {MAX_STRING:,}")
        elif isinstance(value, list):
            if len(value) > MAX_ITEMS:
                raise InputError(where, key or None, f"a list of {len(value):,} entries: at most {MAX_ITEMS:,}")
            stack += [(v, f"{key}[{i}]") for i, v in enumerate(value)]
        elif isinstance(value, dict):
            if len(value) > MAX_ITEMS:
                raise InputError(where, key or None, f"a mapping of {len(value):,} keys: at most {MAX_ITEMS:,}")
            for k, v in value.items():
                if not isinstance(k, (str, int)) or isinstance(k, bool):
                    raise InputError(where, key or None, f"key {shown(k)} is not a name (a string): quote it")
                if isinstance(k, str) and len(k) > MAX_STRING:
                    raise InputError(where, key or None, f"a key of {len(k):,} characters: at most {MAX_STRING:,}")
                if isinstance(k, int):
                    stack.append((k, f"{key}.{k}" if key else str(k)))
                sub = cut(str(k), MAX_SHOWN)
                stack.append((v, f"{key}.{sub}" if key else sub))
        else:  # dates, timestamps, binary: YAML types the format never takes
            hint = (" (YAML read it as a date: quote it, e.g. \"2017-03-24\")"
                    if type(value).__name__ in ("date", "datetime") else "")
            raise InputError(where, key or None, f"a {type(value).__name__} value is not expected here{hint}")


def check_sums(loaded: Any) -> None:
    """Refuse a scenario whose numbers could add up past clingo's 32-bit integers.

    A generous bound on every sum the rule base computes (Life Points, damage, counters, draws):
    the Life Points, the history's damage and the cards' ATK/DEF/counters, plus every amount an
    effect of a card on the board can give, once per chain link, history event and the board
    itself, all doubled (damage can be doubled).  An amount per card is counted for every card,
    for every count of cards it may meet: clasp adds up the weights of every alternative a sum
    aggregate is ground with, not only those of one answer."""
    sc = loaded.scenario
    n_cards = max(1, len(loaded.instances))
    terms: list[tuple[int, str]] = [(sum(sc.lp.values()) + 16_000, "lp")]
    terms += [(ev.amount or 0, f"history[{i}].amount") for i, ev in enumerate(sc.history)]
    effects: list[tuple[int, str]] = []
    for inst in loaded.instances:
        d = inst.definition
        terms.append(((d.atk if isinstance(d.atk, int) else 0) + (d.def_ if isinstance(d.def_, int) else 0) + inst.counters, inst.key))
        for e_i, e in enumerate(d.effects):
            base = f"cards.{inst.name}.effects[{e_i}]"
            effects.append((e.counters_at_activation or 0, f"{base}.counters_at_activation"))
            for s_i, st in enumerate(e.steps):
                effects.append(((st.amount or 0) + (st.amount_per_previous_card or 0) * n_cards * n_cards,
                                f"{base}.steps[{s_i}]"))
            effects += [(co.amount or 0, f"{base}.cost[{c_i}].amount") for c_i, co in enumerate(e.cost)]
    repeats = len(sc.chain) + len(sc.history) + 1
    total = 2 * (sum(t for t, _ in terms) + repeats * sum(t for t, _ in effects))
    if total > MAX_SUM:
        value, key = max(terms + [(t * repeats, k) for t, k in effects])
        raise InputError(loaded.path, key, f"the scenario's amounts could add up to {total:,}, past the "
                                           f"{MAX_SUM:,} the rule base computes with; use smaller numbers")
