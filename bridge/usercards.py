"""The user's own card data: a YGOPro / EDOPro ``cards.cdb`` imported into a card catalog.

``ygo-ruling cards import cards.cdb`` reads the cdb (SQLite, tables ``datas`` and ``texts``) and
writes what the rule base reads of each card (type, frames, Level / Rank / Link rating, Link
arrows, Pendulum scale, Attribute, Type, ATK / DEF, archetypes, names, text) into the user's card
catalog, itself a small SQLite file (the schema is ``SCHEMA`` below; docs/scenario-format.md,
"Your own card data").  Scenarios then name a card by its name or its passcode: its stats come
from here, its effects from the shipped catalog or the scenario's inline ``cards:`` (cards.py).

Where the catalog is: ``--catalog FILE``, else ``$YGO_RULING_CATALOG``, else
``$XDG_DATA_HOME/ygo-ruling/cards.sqlite`` (``~/.local/share/ygo-ruling/cards.sqlite``).
No game logic here: the cdb's bits become the catalog's words (catalog/cards.yaml's vocabulary).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .errors import InputError, cut
from .model import CardDef

ENV_VAR = "YGO_RULING_CATALOG"
FILE_NAME = "cards.sqlite"
FORMAT = "ygo-ruling card catalog"
VERSION = "1"

# ---------------------------------------------------------------------------
# The cdb's bits (YGOPro's constant.lua) and the words the catalog uses for them
# ---------------------------------------------------------------------------
TYPE_MONSTER, TYPE_SPELL, TYPE_TRAP = 0x1, 0x2, 0x4
TYPE_NORMAL, TYPE_EFFECT, TYPE_FUSION, TYPE_RITUAL = 0x10, 0x20, 0x40, 0x80
TYPE_TRAPMONSTER, TYPE_SPIRIT, TYPE_UNION, TYPE_GEMINI = 0x100, 0x200, 0x400, 0x800
TYPE_TUNER, TYPE_SYNCHRO, TYPE_TOKEN = 0x1000, 0x2000, 0x4000
TYPE_QUICKPLAY, TYPE_CONTINUOUS, TYPE_EQUIP, TYPE_FIELD = 0x10000, 0x20000, 0x40000, 0x80000
TYPE_COUNTER, TYPE_FLIP, TYPE_TOON, TYPE_XYZ = 0x100000, 0x200000, 0x400000, 0x800000
TYPE_PENDULUM, TYPE_SPSUMMON, TYPE_LINK = 0x1000000, 0x2000000, 0x4000000

# monster frames (model.Frame), in the order the catalog writes them
FRAME_BITS = (("ritual", TYPE_RITUAL), ("fusion", TYPE_FUSION), ("synchro", TYPE_SYNCHRO), ("xyz", TYPE_XYZ),
              ("link", TYPE_LINK), ("pendulum", TYPE_PENDULUM), ("tuner", TYPE_TUNER), ("token", TYPE_TOKEN),
              ("normal", TYPE_NORMAL), ("effect", TYPE_EFFECT))
# what else a monster card says of itself; shown by `cards show`, not read by the rule base
ABILITY_BITS = (("spirit", TYPE_SPIRIT), ("union", TYPE_UNION), ("gemini", TYPE_GEMINI), ("flip", TYPE_FLIP),
                ("toon", TYPE_TOON), ("special_summon_only", TYPE_SPSUMMON))
SPELL_SUBTYPES = (("quick_play", TYPE_QUICKPLAY), ("continuous", TYPE_CONTINUOUS), ("equip", TYPE_EQUIP),
                  ("field", TYPE_FIELD), ("ritual", TYPE_RITUAL))
TRAP_SUBTYPES = (("continuous", TYPE_CONTINUOUS), ("counter", TYPE_COUNTER))

# link markers in `def` (model.Arrow: from the controller's view, "up" toward the opponent)
ARROW_BITS = (("up_left", 0x40), ("up", 0x80), ("up_right", 0x100), ("left", 0x8), ("right", 0x20),
              ("down_left", 0x1), ("down", 0x2), ("down_right", 0x4))

ATTRIBUTES = {0x1: "地", 0x2: "水", 0x4: "炎", 0x8: "风", 0x10: "光", 0x20: "暗", 0x40: "神"}
RACES = {
    0x1: "战士族", 0x2: "魔法师族", 0x4: "天使族", 0x8: "恶魔族", 0x10: "不死族", 0x20: "机械族",
    0x40: "水族", 0x80: "炎族", 0x100: "岩石族", 0x200: "鸟兽族", 0x400: "植物族", 0x800: "昆虫族",
    0x1000: "雷族", 0x2000: "龙族", 0x4000: "兽族", 0x8000: "兽战士族", 0x10000: "恐龙族", 0x20000: "鱼族",
    0x40000: "海龙族", 0x80000: "爬虫类族", 0x100000: "念动力族", 0x200000: "幻神兽族", 0x400000: "创造神族",
    0x800000: "幻龙族", 0x1000000: "电子界族", 0x2000000: "幻想魔族",
}
UNKNOWN_VALUE = -2  # ATK / DEF "?"

CDB_COLUMNS = {"datas": ("id", "alias", "setcode", "type", "atk", "def", "level", "race", "attribute"),
               "texts": ("id", "name", "desc")}

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- one row a card: data is the card as JSON (Card.data below)
CREATE TABLE IF NOT EXISTS cards (passcode INTEGER PRIMARY KEY, alias INTEGER NOT NULL, name TEXT NOT NULL,
                                  data TEXT NOT NULL, source TEXT NOT NULL);
-- every name a card was imported under (a second cdb in another language adds its names);
-- key: the name folded (NFKC, case, spaces, middle dots) for a forgiving match
CREATE TABLE IF NOT EXISTS names (name TEXT NOT NULL, key TEXT NOT NULL, passcode INTEGER NOT NULL,
                                  PRIMARY KEY (name, passcode));
CREATE INDEX IF NOT EXISTS names_key ON names (key);
-- archetype names (strings.conf: !setname 0x101 码语者)
CREATE TABLE IF NOT EXISTS setnames (code INTEGER PRIMARY KEY, name TEXT NOT NULL);
"""


def name_key(name: str) -> str:
    """A name folded for a forgiving match: full/half width, case, spaces and middle dots."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    folded = re.sub(r"[\u00b7\u2022\u2027\u30fb\uff65]", "·", folded)
    return re.sub(r"\s+", "", folded)


def is_passcode(ref: str) -> bool:
    return ref.isascii() and ref.isdigit() and len(ref) <= 10


# ---------------------------------------------------------------------------
# Where the catalog is
# ---------------------------------------------------------------------------
def default_path() -> Path:
    """The catalog's place in the user's data folder (XDG)."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if base.strip() and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "ygo-ruling" / FILE_NAME


def target_path(explicit: str | Path | None) -> Path:
    """Where `cards import` writes: --catalog, else $YGO_RULING_CATALOG, else the data folder."""
    if explicit:
        return Path(explicit)
    env = os.environ.get(ENV_VAR, "").strip()
    return Path(env) if env else default_path()


# --catalog FILE of the command running now (``using``): what None means while it runs
_COMMAND_CATALOG: ContextVar[str | None] = ContextVar("command_catalog", default=None)


@contextmanager
def using(explicit: str | None) -> Iterator[None]:
    """While a command runs, its --catalog FILE is the default (for the board drawn in this
    process, say); workers are given the file explicitly (api.run_files)."""
    token = _COMMAND_CATALOG.set(explicit)
    try:
        yield
    finally:
        _COMMAND_CATALOG.reset(token)


def resolve(explicit: str | Path | None) -> str:
    """The catalog a run reads: a file's path, or "" for none.

    ``explicit``: --catalog FILE (it must exist); "" for none; None for the default, which is
    the running command's --catalog, else $YGO_RULING_CATALOG (it must exist), else, if there
    is one, the data folder's catalog."""
    if explicit == "":
        return ""
    if explicit is None:
        explicit = _COMMAND_CATALOG.get()
    if explicit is not None:
        return _existing(Path(explicit), "--catalog")
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return _existing(Path(env), f"${ENV_VAR}")
    default = default_path()
    return str(default) if default.is_file() else ""


def _existing(path: Path, flag: str) -> str:
    if not path.exists():
        raise InputError("command line", flag, f"no card catalog at {path} "
                                               "(make one with `ygo-ruling cards import cards.cdb`)")
    if not path.is_file():
        raise InputError("command line", flag, f"{path} is a folder, expected a card catalog file")
    return str(path)


# ---------------------------------------------------------------------------
# One cdb row -> one card
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    id: int
    alias: int
    setcode: int
    type: int
    atk: int
    def_: int
    level: int
    race: int
    attribute: int
    name: str
    desc: str


def setcodes(packed: int) -> list[int]:
    """The (up to four) 16-bit archetype codes packed in a cdb's setcode."""
    packed &= (1 << 64) - 1
    return [c for c in ((packed >> (16 * i)) & 0xFFFF for i in range(4)) if c]


def _value(v: int) -> int | str | None:
    return "?" if v == UNKNOWN_VALUE else v if v >= 0 else None


def convert(row: Row) -> dict[str, Any]:
    """A cdb row as the catalog stores it (JSON); raises ValueError for what cannot be a card."""
    t = row.type
    data: dict[str, Any] = {}
    if t & TYPE_MONSTER:
        data["type"] = "monster"
        data["frames"] = [f for f, bit in FRAME_BITS if t & bit]
        abilities = [a for a, bit in ABILITY_BITS if t & bit]
        if abilities:
            data["abilities"] = abilities
        low = row.level & 0xFF
        if t & TYPE_LINK:
            data["link"] = low
            data["arrows"] = [a for a, bit in ARROW_BITS if row.def_ & bit]
        elif t & TYPE_XYZ:
            data["rank"] = low
        else:
            data["level"] = low
        if t & TYPE_PENDULUM:
            data["scales"] = [(row.level >> 24) & 0xFF, (row.level >> 16) & 0xFF]
        attribute = ATTRIBUTES.get(row.attribute)
        if attribute:
            data["attribute"] = attribute
        race = RACES.get(row.race)
        if race:
            data["race"] = race
        data["atk"] = _value(row.atk)
        if not t & TYPE_LINK:
            data["def"] = _value(row.def_)
    elif t & (TYPE_SPELL | TYPE_TRAP):
        spell = bool(t & TYPE_SPELL)
        data["type"] = "spell" if spell else "trap"
        data["subtype"] = next((s for s, bit in (SPELL_SUBTYPES if spell else TRAP_SUBTYPES) if t & bit), "normal")
        if t & TYPE_TRAPMONSTER:
            data["abilities"] = ["trap_monster"]
    else:
        raise ValueError("not a monster, spell or trap (a skill or other card)")
    codes = setcodes(row.setcode)
    if codes:
        data["setcodes"] = codes
    if row.desc:
        data["text"] = row.desc
    definition(data, {})  # what cannot be a CardDef is refused here, at import
    return {k: v for k, v in data.items() if v is not None}


def definition(data: dict[str, Any], setnames: dict[int, str]) -> CardDef:
    """The catalog's card as the rule base reads it (no effects: a cdb describes none); ValueError
    (one phrase) for what cannot be a card definition."""
    return _card_def({**_defined(data), "archetypes": archetypes(data.get("setcodes", ()), setnames)})


def _card_def(keys: dict[str, Any]) -> CardDef:
    try:
        return CardDef.model_validate(keys)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ValueError(f"{where + ': ' if where else ''}{err['msg'].removeprefix('Value error, ')}") from None


def _defined(data: dict[str, Any]) -> dict[str, Any]:
    """The CardDef keys of a stored card: ATK/DEF "?" kept (『？』: no number),
    the left Pendulum scale as its scale."""
    keys = {k: data[k] for k in ("type", "frames", "level", "rank", "link", "arrows", "attribute", "race",
                                 "subtype", "text") if data.get(k) is not None}
    keys.update({k: data[k] for k in ("atk", "def") if isinstance(data.get(k), int) or data.get(k) == "?"})
    if data.get("scales"):
        keys["scale"] = data["scales"][0]
    read = [a for a in data.get("abilities", ()) if a in ("spirit", "toon", "gemini")]  # model.Ability: what the rule base reads
    if read:
        keys["abilities"] = read
    if "special_summon_only" in data.get("abilities", ()) and "special_summon_only" in CardDef.model_fields:
        keys["special_summon_only"] = True  # 『这张卡不能通常召唤』
    return keys


def archetypes(codes: Iterable[int], setnames: dict[int, str]) -> list[str]:
    """Archetype names of setcodes: strings.conf's name, else the code (0x101).  A sub-archetype
    (0x1101) also belongs to its base archetype (0x101), as YGOPro's IsSetCard reads it."""
    out: list[str] = []
    for code in codes:
        for c in (code, code & 0xFFF) if code > 0xFFF else (code,):
            name = setnames.get(c, f"0x{c:x}")
            if name not in out:
                out.append(name)
    return out


# ---------------------------------------------------------------------------
# Reading a cdb
# ---------------------------------------------------------------------------
SQLITE_HEAD = b"SQLite format 3\x00"


def _file_head(path: Path, expected: str) -> bytes:
    """The first 16 bytes of a file (a SQLite file starts with SQLITE_HEAD); bad input when it is a
    folder or cannot be read (``expected``: what the user should have given)."""
    where = str(path)
    if not path.is_file():
        raise InputError(where, None, f"is a folder, expected {expected}")
    try:
        with open(path, "rb") as fh:
            return fh.read(16)
    except OSError as exc:
        raise InputError(where, None, f"cannot read: {exc.strerror or exc}") from None


def _open_cdb(path: Path) -> sqlite3.Connection:
    where = str(path)
    if not path.exists():
        raise InputError(where, None, "no such file")
    head = _file_head(path, "a YGOPro cards.cdb")
    if head != SQLITE_HEAD:
        raise InputError(where, None, "not a SQLite file (expected a YGOPro cards.cdb)")
    try:
        return sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise InputError(where, None, f"cannot open: {exc}") from None


def read_cdb(path: Path) -> list[Row]:
    """Every card of a cdb (datas joined with texts); bad input for anything else."""
    where = str(path)
    con = _open_cdb(path)
    try:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "meta" in tables and "cards" in tables and "datas" not in tables:
            raise InputError(where, None, "is a ygo-ruling card catalog, not a cdb: give it with --catalog")
        for table in CDB_COLUMNS:
            if table not in tables:
                raise InputError(where, None, f"no table `{table}` (expected a YGOPro cards.cdb, "
                                              "with tables datas and texts)")
        for table, columns in CDB_COLUMNS.items():
            have = {r[1] for r in con.execute(f"PRAGMA table_info({table})")}
            missing = [c for c in columns if c not in have]
            if missing:
                raise InputError(where, None, f"table `{table}` has no column `{missing[0]}` "
                                              "(expected a YGOPro cards.cdb)")
        rows = con.execute("SELECT d.id, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, d.attribute, "
                           "t.name, t.desc FROM datas d JOIN texts t ON t.id = d.id ORDER BY d.id").fetchall()
    except sqlite3.DatabaseError as exc:
        raise InputError(where, None, f"cannot read it as a cdb: {exc}") from None
    finally:
        con.close()
    out = []
    for r in rows:
        try:
            out.append(Row(*(int(v or 0) for v in r[:9]), name=str(r[9] or "").strip(), desc=str(r[10] or "")))
        except (TypeError, ValueError):
            continue  # a row whose numbers are not numbers: counted as skipped below
    if not rows:
        raise InputError(where, None, "holds no cards (tables datas and texts are empty)")
    return out


SETNAME = re.compile(r"^!setname\s+0x([0-9a-fA-F]+)\s+([^\t]+?)\s*(?:\t.*)?$")


def read_setnames(path: Path) -> dict[int, str]:
    """Archetype names from a YGOPro strings.conf (``!setname 0x101 码语者\tコード・トーカー``)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise InputError(str(path), None, f"cannot read: {exc.strerror or exc}") from None
    out = {}
    for line in text.splitlines():
        m = SETNAME.match(line.strip())
        if m:
            out[int(m.group(1), 16)] = m.group(2).split("|")[0].strip()  # 「红莲魔|恶魔」: the name, then a note
    return out


# ---------------------------------------------------------------------------
# The catalog file
# ---------------------------------------------------------------------------
@dataclass
class ImportSummary:
    catalog: str
    sources: list[str]
    imported: int = 0
    skipped: int = 0
    skip_reasons: dict[str, int] = field(default_factory=dict)
    setnames: int = 0
    total: int = 0


def _is_catalog(con: sqlite3.Connection) -> bool:
    try:
        row = con.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
    except sqlite3.DatabaseError:
        return False
    return row is not None and row[0] == FORMAT


def _open_for_writing(path: Path) -> sqlite3.Connection:
    where = str(path)
    if path.exists():
        head = _file_head(path, "a card catalog file")
        if head == SQLITE_HEAD:
            con = sqlite3.connect(path)
            if _is_catalog(con):
                return con
            con.close()
        if path.stat().st_size:  # never write over a file that is not ours (a cards.cdb, say)
            raise InputError(where, None, "exists and is not a ygo-ruling card catalog: give another --catalog file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(path)
        con.executescript(SCHEMA)
        con.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [("format", FORMAT), ("version", VERSION)])
        con.commit()
    except (OSError, sqlite3.Error) as exc:
        raise InputError(where, None, f"cannot write the card catalog: {getattr(exc, 'strerror', None) or exc}") from None
    return con


def import_cdbs(paths: Sequence[str | Path], catalog: str | Path | None = None, strings: str | Path | None = None,
                replace: bool = False) -> ImportSummary:
    """Import cdbs into the catalog (--catalog, else the default place): a card already there takes
    the new data and keeps its other names; ``replace`` empties the catalog first.  Archetype
    names come from ``strings`` or from a strings.conf beside a cdb."""
    cdbs = [Path(p) for p in paths]
    read = [(p, read_cdb(p)) for p in cdbs]  # every cdb read (and checked) before anything is written
    names: dict[int, str] = {}
    for p in cdbs:
        beside = p.parent / "strings.conf"
        if beside.is_file():
            names.update(read_setnames(beside))
    if strings is not None:
        names.update(read_setnames(Path(strings)))
    target = target_path(catalog)
    summary = ImportSummary(str(target), [str(p) for p in cdbs])
    con = _open_for_writing(target)
    try:
        with con:
            if replace:
                con.execute("DELETE FROM cards")
                con.execute("DELETE FROM names")
                con.execute("DELETE FROM setnames")
            con.executemany("INSERT OR REPLACE INTO setnames VALUES (?, ?)", sorted(names.items()))
            for path, rows in read:
                for row in rows:
                    if not row.name:
                        reason = "no name"
                    else:
                        try:
                            data = convert(row)
                            reason = ""
                        except ValueError as exc:
                            reason = str(exc)
                    if reason:
                        summary.skipped += 1
                        summary.skip_reasons[reason] = summary.skip_reasons.get(reason, 0) + 1
                        continue
                    con.execute("INSERT OR REPLACE INTO cards VALUES (?, ?, ?, ?, ?)",
                                (row.id, row.alias, row.name, json.dumps(data, ensure_ascii=False), path.name))
                    con.execute("INSERT OR IGNORE INTO names VALUES (?, ?, ?)", (row.name, name_key(row.name), row.id))
                    summary.imported += 1
            summary.setnames = len(names)
            summary.total = con.execute("SELECT count(*) FROM cards").fetchone()[0]
    except sqlite3.Error as exc:
        raise InputError(str(target), None, f"cannot write the card catalog: {exc}") from None
    finally:
        con.close()
    open_catalog.cache_clear()
    return summary


@dataclass(frozen=True)
class Card:
    """One card of the user's catalog."""

    passcode: int
    alias: int
    name: str                 # the name it was first imported under: how answers name it
    names: tuple[str, ...]    # every name it was imported under, that one first
    data: dict[str, Any]      # convert()'s dict
    source: str               # the file name of the cdb it was last imported from
    archetypes: tuple[str, ...]

    def definition(self) -> CardDef:
        """Its stats as a card definition (no effects); ValueError when the stored card does not
        make one (a catalog written by another version)."""
        return _card_def({**_defined(self.data), "archetypes": list(self.archetypes)})


class UserCatalog:
    """A catalog file, read-only: cards by passcode or name."""

    def __init__(self, path: str) -> None:
        self.path = path
        where = path
        head = _file_head(Path(path), "a card catalog file")
        if head != SQLITE_HEAD:
            raise InputError(where, None, "not a ygo-ruling card catalog (make one with `ygo-ruling cards import cards.cdb`)")
        self._con = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True, check_same_thread=False)
        if not _is_catalog(self._con):
            tables = {r[0] for r in self._con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            raise InputError(where, None, f"a YGOPro cdb, not a ygo-ruling card catalog: import it first with "
                                          f"`ygo-ruling cards import {path}`" if "datas" in tables else
                                          "not a ygo-ruling card catalog (make one with `ygo-ruling cards import cards.cdb`)")
        version = self._con.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
        if version is None or version[0] != VERSION:
            raise InputError(where, None, "a card catalog of another version of ygo-ruling: import your cards.cdb "
                                          "again (ygo-ruling cards import --replace)")
        self._setnames = dict(self._con.execute("SELECT code, name FROM setnames"))
        self._cache: dict[str, Card | None] = {}
        self._lock = threading.Lock()  # one connection, read by a worker's threads one at a time

    def __len__(self) -> int:
        with self._lock:
            return int(self._con.execute("SELECT count(*) FROM cards").fetchone()[0])

    def card(self, passcode: int) -> Card | None:
        with self._lock:
            return self._card(passcode)

    def _card(self, passcode: int) -> Card | None:
        row = self._con.execute("SELECT passcode, alias, name, data, source FROM cards WHERE passcode = ?",
                                (passcode,)).fetchone()
        if row is None:
            return None
        names = tuple(n for (n,) in self._con.execute("SELECT name FROM names WHERE passcode = ? ORDER BY rowid",
                                                      (passcode,)))
        names = names or (row[2],)
        data = json.loads(row[3])
        return Card(row[0], row[1], names[0], names, data, row[4],
                    tuple(archetypes(data.get("setcodes", ()), self._setnames)))

    def find(self, ref: str) -> Card | None:
        """The card ``ref`` names: a passcode, a name it was imported under, or that name
        folded (width, case, spaces, middle dots).  An original card before its alternative
        artworks, then the lowest passcode."""
        with self._lock:
            if ref not in self._cache:
                self._cache[ref] = self._find(ref)
            return self._cache[ref]

    def _find(self, ref: str) -> Card | None:
        if is_passcode(ref):
            found = self._card(int(ref))
            if found is not None:
                return found
        for column, value in (("name", ref), ("key", name_key(ref))):
            row = self._con.execute(
                f"SELECT n.passcode FROM names n JOIN cards c ON c.passcode = n.passcode WHERE n.{column} = ? "
                "ORDER BY (c.alias != 0), n.passcode LIMIT 1", (value,)).fetchone()
            if row is not None:
                return self._card(row[0])
        return None

    def similar(self, ref: str, limit: int = 3) -> list[str]:
        """Names that contain ``ref`` (folded), for a 'did you mean' hint."""
        key = name_key(ref)
        if len(key) < 2:
            return []
        like = key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        with self._lock:
            rows = self._con.execute("SELECT name FROM names WHERE key LIKE ? ESCAPE '\\' "
                                     "ORDER BY length(name), name LIMIT ?", (f"%{like}%", limit)).fetchall()
        return [r[0] for r in rows]


@lru_cache(maxsize=4)
def _open(path: str, stamp: tuple[int, int]) -> UserCatalog:
    return UserCatalog(path)


def open_catalog(path: str) -> UserCatalog | None:
    """The catalog at ``path`` ("" : none), opened once per process (again when the file changes)."""
    if not path:
        return None
    try:
        st = os.stat(path)
    except OSError as exc:
        raise InputError(path, None, f"cannot read the card catalog: {exc.strerror or exc}") from None
    return _open(path, (st.st_mtime_ns, st.st_size))


open_catalog.cache_clear = _open.cache_clear  # type: ignore[attr-defined]


def describe_skips(summary: ImportSummary) -> str:
    """The skipped rows, one phrase: '3 skipped (2 not a monster, spell or trap …; 1 no name)'."""
    if not summary.skipped:
        return ""
    parts = [f"{n} {cut(reason, 80)}" for reason, n in sorted(summary.skip_reasons.items(), key=lambda kv: -kv[1])]
    return f"{summary.skipped} skipped ({'; '.join(parts[:3])}{'; …' if len(parts) > 3 else ''})"
