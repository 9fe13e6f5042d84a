"""Your own card data: a YGOPro cards.cdb imported (`ygo-ruling cards import`), shown (`cards show`),
and read by every command that reads scenarios (`check`, `diff`, `bench`, `--jobs`, `--dask`).

The cdb built here has YGOPro's real schema and real cards with their real data (from
../shared/data/cards.jsonl.gz: passcodes, names, Link arrows, scales, ATK/DEF "?"), encoded as a
cdb encodes them (type bits, the level's scale bytes, link markers in `def`, setcodes).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner
from ygo_ruling.api import check_paths
from ygo_ruling.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

MONSTER, SPELL, TRAP, NORMAL, EFFECT = 0x1, 0x2, 0x4, 0x10, 0x20
XYZ, PENDULUM, LINK, COUNTER = 0x800000, 0x1000000, 0x4000000, 0x100000
WARRIOR, FAIRY, DRAGON, PSYCHIC, CYBERSE = 0x1, 0x4, 0x2000, 0x100000, 0x1000000
EARTH, WIND, LIGHT, DARK = 0x1, 0x8, 0x10, 0x20
DOWN_LEFT, DOWN, DOWN_RIGHT, LEFT, RIGHT, UP = 0x1, 0x2, 0x4, 0x8, 0x20, 0x80
UNKNOWN = -2  # ATK/DEF "?"


def scales(level: int, left: int, right: int) -> int:
    return level | left << 24 | right << 16


# (id, alias, setcode, type, atk, def, level, race, attribute, name)
CARDS = [
    (22862454, 0, 0, MONSTER | EFFECT | LINK, 1400, LEFT | RIGHT, 2, CYBERSE, LIGHT, "代理龙"),
    (1861629, 0, 0x101, MONSTER | EFFECT | LINK, 2300, UP | DOWN_LEFT | DOWN_RIGHT, 3, CYBERSE, DARK, "解码语者"),
    (86066372, 0, 0x101, MONSTER | EFFECT | LINK, 2300, LEFT | DOWN | RIGHT | UP, 4, CYBERSE, DARK, "访问码语者"),
    (46947713, 0, 0x101, MONSTER | EFFECT | LINK, 2300, DOWN | RIGHT | UP, 3, CYBERSE, EARTH, "转码语者"),
    (4280258, 0, 0, MONSTER | EFFECT | LINK, UNKNOWN, DOWN_LEFT | DOWN | DOWN_RIGHT | UP, 4, FAIRY, WIND,
     "召命之神弓-阿波罗萨"),
    (58811192, 0, 0x40B5, MONSTER | EFFECT | LINK, 1800, DOWN_LEFT | DOWN_RIGHT, 2, PSYCHIC, WIND, "圣灵兽骑 山飞隼"),
    (16178681, 0, 0x10F2 << 16 | 0x99, MONSTER | EFFECT | PENDULUM, 2500, 2000, scales(7, 4, 4), DRAGON, DARK,
     "异色眼灵摆龙"),
    (84013237, 0, 0x107F << 16 | 0x48, MONSTER | EFFECT | XYZ, 2500, 2000, 4, WARRIOR, LIGHT, "No.39 希望皇 霍普"),
    (10000, 0, 0, MONSTER | EFFECT, UNKNOWN, UNKNOWN, 10, DRAGON, DARK, "万物创世龙"),
    (89631139, 0, 0xDD, MONSTER | NORMAL, 3000, 2500, 8, DRAGON, LIGHT, "青眼白龙"),
    (89631140, 89631139, 0xDD, MONSTER | NORMAL, 3000, 2500, 8, DRAGON, LIGHT, "青眼白龙"),  # another artwork
    (12580477, 0, 0, SPELL, 0, 0, 0, 0, 0, "雷击"),
    (84749824, 0, 0, TRAP | COUNTER, 0, 0, 0, 0, 0, "神之警告"),
    (40975243, 0, 0x14D, TRAP, 0, 0, 0, 0, 0, "铁兽的抗战"),
    (300000001, 0, 0, 0x8000000, 0, 0, 0, 0, 0, "A skill (EDOPro): not a card of the OCG"),
]
STRINGS = """#setnames, using tab for comment
!setname 0x48 No.\tNo.
!setname 0x7f 霍普\tホープ
!setname 0x107f 希望皇 霍普\t希望皇ホープ
!setname 0x99 异色眼\tオッドアイズ
!setname 0xf2 灵摆\tペンデュラム
!setname 0x10f2 灵摆龙\tペンデュラム・ドラゴン
!setname 0xdd 青眼\tブルーアイズ
!setname 0x101 码语者\tコード・トーカー
!setname 0x14d 铁兽\tトライブリゲード
!setname 0xb5 灵兽\t霊獣
!setname 0x40b5 圣灵兽骑\t聖霊獣騎
"""


def make_cdb(path: Path, cards: list[tuple[Any, ...]] = CARDS, strings: bool = True) -> Path:
    """A cards.cdb with YGOPro's schema (and a strings.conf beside it)."""
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE datas(id integer primary key,ot integer,alias integer,setcode integer,type integer,"
                "atk integer,def integer,level integer,race integer,attribute integer,category integer)")
    con.execute("CREATE TABLE texts(id integer primary key,name text,desc text,"
                + ",".join(f"str{i} text" for i in range(1, 17)) + ")")
    for cid, alias, setcode, typ, atk, df, level, race, attribute, name in cards:
        con.execute("INSERT INTO datas VALUES (?,3,?,?,?,?,?,?,?,?,0)", (cid, alias, setcode, typ, atk, df, level, race,
                                                                         attribute))
        con.execute("INSERT INTO texts (id, name, desc) VALUES (?,?,?)", (cid, name, f"{name} 的效果文本"))
    con.commit()
    con.close()
    if strings:
        (path.parent / "strings.conf").write_text(STRINGS, encoding="utf-8")
    return path


def run(*args: str, env: dict[str, str] | None = None) -> Any:
    return runner.invoke(app, list(args), env=env)


def one_error(result: Any, *parts: str) -> str:
    """Exit 2 with one line on stderr, naming ``parts``; nothing on stdout."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def catalog(tmp_path: Path) -> Path:
    """The cdb imported into a catalog of its own."""
    cat = tmp_path / "cards.sqlite"
    result = run("cards", "import", str(make_cdb(tmp_path / "cards.cdb")), "--catalog", str(cat))
    assert result.exit_code == 0, result.output
    return cat


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# cards the tests take to be known from the card data only (the shipped catalog does not have them)
IMPORTED_ONLY = ("访问码语者", "转码语者", "万物创世龙", "雷击")

# The done-when: a 10-line scenario naming real cards, and the Extra Deck zone answer.
SCENARIO = """\
title: Accesscode Talker in mmz3; where can Transcode Talker go?
self:
  field:
    - {card: 访问码语者, zone: mmz3}
  extra_deck: [46947713, {card: 异色眼灵摆龙, face: up}, No.39 希望皇 霍普]
ask:
  - kind: summon_zones
    summon: [转码语者]
    expect: {zones: [emz_left, emz_right, mmz2, mmz4]}
"""


def test_the_imported_only_cards_are_not_shipped() -> None:
    from ygo_ruling.cards import catalog

    shipped = [name for name in IMPORTED_ONLY if name in catalog()]
    assert not shipped, f"the shipped catalog now has {shipped}: take other real cards for these tests"


def test_import_summary(tmp_path: Path) -> None:
    cat = tmp_path / "cat.sqlite"
    result = run("cards", "import", str(make_cdb(tmp_path / "cards.cdb")), "--catalog", str(cat))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"imported 14 cards from {tmp_path / 'cards.cdb'} (1 skipped (1 not a monster, spell or trap (a skill "
        "or other card))); 11 archetype names",
        f"card catalog: {cat} (14 cards)",
    ]
    again = run("cards", "import", str(tmp_path / "cards.cdb"), "--catalog", str(cat))
    assert again.exit_code == 0 and "card catalog: " in again.stdout and "(14 cards)" in again.stdout


def test_fresh_user_gets_the_extra_deck_zone_answer(tmp_path: Path, catalog: Path) -> None:
    scenario = write(tmp_path / "transcode.yaml", SCENARIO)
    assert len(SCENARIO.splitlines()) <= 10
    result = run("check", str(scenario), "--catalog", str(catalog), "--explain")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "[PASS] q1 summon_zones (self): 转码语者" in out
    for ok in ("ok emz_left", "ok emz_right", "ok mmz2", "ok mmz4"):
        assert ok in out
    assert "no mmz1         ed_zone_linked, zone_not_pointed" in out and "no mmz3 " in out
    # without the card data, the cards are unknown: one line, exit 2
    one_error(run("check", str(scenario)), "self.field[0].card", "unknown card '访问码语者'", "cards import")


def test_cards_by_passcode_and_name_in_questions(tmp_path: Path, catalog: Path) -> None:
    scenario = write(tmp_path / "s.yaml", SCENARIO.replace("    expect: {zones: [emz_left, emz_right, mmz2, mmz4]}\n",
                                                          "") + """\
  - kind: summon_zones
    summon: [16178681]
    expect: {zones: [emz_left, emz_right, mmz2, mmz4]}
  - kind: summon_zones
    summon: [84013237]
    expect: {zones: [emz_left, emz_right, mmz1, mmz2, mmz4, mmz5]}
""")
    result = run("check", str(scenario), "--catalog", str(catalog), "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    questions = doc["scenarios"][0]["questions"]
    # a card named by its passcode is named by its name in the answers
    assert [q["cards"] for q in questions] == [["转码语者"], ["异色眼灵摆龙"], ["No.39 希望皇 霍普"]]
    assert [q["status"] for q in questions] == ["unchecked", "pass", "pass"]


def test_show_a_link_monster(catalog: Path) -> None:
    result = run("cards", "show", "访问码语者", "--catalog", str(catalog))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:9] == [
        "访问码语者  passcode 86066372",
        "  card:       monster (link, effect)",
        "  link:       4  arrows: up, left, right, down",
        "  attribute:  暗",
        "  race:       电子界族",
        "  values:     ATK 2300",
        "  archetypes: 码语者",
        "  effects:    not described (your card data gives the stats only; describe them under a scenario's `cards:`)",
        f"  from:       your card data (cards.cdb, in {catalog})",
    ]
    apollousa = json.loads(run("cards", "show", "4280258", "--catalog", str(catalog), "--format", "json").stdout)
    assert (apollousa["link"], apollousa["arrows"], apollousa["atk"]) == (4, ["up", "down_left", "down", "down_right"],
                                                                          "?")


def test_show_json_pendulum_xyz_and_question_marks(catalog: Path) -> None:
    def show(ref: str) -> dict[str, Any]:
        result = run("cards", "show", ref, "--catalog", str(catalog), "--format", "json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    odd = show("16178681")
    assert (odd["name"], odd["frames"], odd["level"], odd["scales"]) == ("异色眼灵摆龙", ["pendulum", "effect"], 7, [4, 4])
    assert (odd["attribute"], odd["race"], odd["atk"], odd["def"]) == ("暗", "龙族", 2500, 2000)
    assert odd["archetypes"] == ["异色眼", "灵摆龙", "灵摆"]  # a sub-archetype belongs to its base one too
    utopia = show("No.39 希望皇 霍普")
    assert (utopia["passcode"], utopia["frames"], utopia["rank"]) == (84013237, ["xyz", "effect"], 4)
    assert "level" not in utopia and utopia["archetypes"] == ["No.", "希望皇 霍普", "霍普"]
    ten_thousand = show("万物创世龙")
    assert (ten_thousand["atk"], ten_thousand["def"], ten_thousand["level"]) == ("?", "?", 10)
    warning = show("84749824")  # 神之警告: the shipped catalog describes it too
    assert (warning["type"], warning["subtype"], warning["effects_described"]) == ("trap", "counter", True)
    raigeki = show("雷击")
    assert (raigeki["type"], raigeki["subtype"], raigeki["effects_described"]) == ("spell", "normal", False)
    assert show("青眼白龙")["passcode"] == 89631139  # the original, not its other artwork
    assert show("89631140")["passcode"] == 89631140
    assert show("no.39希望皇霍普")["passcode"] == 84013237  # width, case, spaces folded


def test_stats_from_card_data_effects_from_the_shipped_catalog(catalog: Path) -> None:
    # the shipped catalog's entry has placeholder arrows [up, down_left, down_right]; the real ones win
    result = run("cards", "show", "圣灵兽骑 山飞隼", "--catalog", str(catalog), "--format", "json")
    view = json.loads(result.stdout)
    assert view["arrows"] == ["down_left", "down_right"] and view["link"] == 2
    assert view["from"] == ["card data", "shipped catalog"]
    result = run("cards", "show", "40975243", "--catalog", str(catalog))
    assert "  effects:    ① card_activation" in result.stdout
    assert "for its stats; the shipped catalog for the rest" in result.stdout
    assert "  archetypes: 铁兽" in result.stdout
    # a shipped card, no card data: what the shipped catalog says
    shipped = run("cards", "show", "铁兽的抗战", "--catalog", "")
    assert shipped.exit_code == 0 and "from:       the shipped catalog" in shipped.stdout


def test_names_of_a_second_cdb_are_added(tmp_path: Path, catalog: Path) -> None:
    (tmp_path / "en").mkdir()
    english = make_cdb(tmp_path / "en" / "cards.cdb", [(1861629, 0, 0x101, MONSTER | EFFECT | LINK, 2300,
                                                       UP | DOWN_LEFT | DOWN_RIGHT, 3, CYBERSE, DARK, "Decode Talker")],
                       strings=False)
    assert run("cards", "import", str(english), "--catalog", str(catalog)).exit_code == 0
    view = json.loads(run("cards", "show", "decode talker", "--catalog", str(catalog), "--format", "json").stdout)
    assert (view["passcode"], view["names"]) == (1861629, ["解码语者", "Decode Talker"])
    assert view["archetypes"] == ["码语者"]  # the names the first import gave are kept
    assert view["name"] == "decode talker"  # as the reference wrote it; by passcode, its first name:
    by_code = json.loads(run("cards", "show", "1861629", "--catalog", str(catalog), "--format", "json").stdout)
    assert by_code["name"] == "解码语者"
    replaced = run("cards", "import", str(english), "--catalog", str(catalog), "--replace")
    assert "(1 cards)" in replaced.stdout
    one_error(run("cards", "show", "解码语者x", "--catalog", str(catalog)), "unknown card '解码语者x'")


def test_unknown_card_one_line(tmp_path: Path, catalog: Path) -> None:
    line = one_error(run("cards", "show", "希望皇", "--catalog", str(catalog)), "cards show", "unknown card '希望皇'")
    assert "did you mean No.39 希望皇 霍普?" in line
    one_error(run("cards", "show", "12345", "--catalog", ""), "unknown card '12345'", "cards import")
    scenario = write(tmp_path / "s.yaml", SCENARIO.replace("[46947713,", "[46947710,"))
    one_error(run("check", str(scenario), "--catalog", str(catalog)), "self.extra_deck[0].card",
              "unknown card '46947710'")


def test_bad_cdb_one_line(tmp_path: Path) -> None:
    target = ["--catalog", str(tmp_path / "cat.sqlite")]
    one_error(run("cards", "import", str(write(tmp_path / "x.cdb", "not a database")), *target),
              "x.cdb: not a SQLite file (expected a YGOPro cards.cdb)")
    con = sqlite3.connect(tmp_path / "tables.cdb")
    con.execute("CREATE TABLE datas(id integer primary key, alias integer)")
    con.commit()
    con.close()
    one_error(run("cards", "import", str(tmp_path / "tables.cdb"), *target), "no table `texts`")
    con = sqlite3.connect(tmp_path / "tables.cdb")
    con.execute("CREATE TABLE texts(id integer primary key, name text, desc text)")
    con.commit()
    con.close()
    one_error(run("cards", "import", str(tmp_path / "tables.cdb"), *target), "table `datas` has no column `setcode`")
    one_error(run("cards", "import", str(tmp_path / "none.cdb"), *target), "none.cdb: no such file")
    assert not (tmp_path / "cat.sqlite").exists()  # nothing written
    # a catalog is not a cdb, and a cdb is not a catalog (nor overwritten as one)
    cdb = make_cdb(tmp_path / "cards.cdb")
    one_error(run("cards", "import", str(cdb), "--catalog", str(cdb)), "is not a ygo-ruling card catalog")
    assert run("cards", "import", str(cdb), *target).exit_code == 0
    one_error(run("cards", "import", target[1]), "is a ygo-ruling card catalog, not a cdb")
    scenario = write(tmp_path / "s.yaml", SCENARIO)
    one_error(run("check", str(scenario), "--catalog", str(cdb)), "a YGOPro cdb, not a ygo-ruling card catalog",
              "cards import")
    one_error(run("check", str(scenario), "--catalog", str(tmp_path / "missing.sqlite")),
              "--catalog: no card catalog at")


def test_effects_not_described_say_so(tmp_path: Path, catalog: Path) -> None:
    base = "title: t\nself:\n  hand: [雷击]\nopponent:\n  field: [{card: 代理龙, zone: mmz3}]\n"
    asked = write(tmp_path / "a.yaml", base + "ask:\n  - kind: can_activate\n    player: self\n")
    one_error(run("check", str(asked), "--catalog", str(catalog)), "ask[0]: 雷击: its effects are not described",
              "can_activate", "`cards:`")
    chained = write(tmp_path / "c.yaml", base + "chain: [{card: 雷击}]\nask:\n  - kind: resolve\n")
    one_error(run("check", str(chained), "--catalog", str(catalog)), "chain[0].card: 雷击: its effects")
    # its effects described under `cards:` (no type: added to the imported card)
    described = write(tmp_path / "d.yaml", base + """\
cards:
  12580477:
    effects:
      - number: 1
        kind: card_activation
        steps:
          - op: destroy
            subject: {player: opponent, zones: [monster_zone], card_type: monster}
            wording: all
ask:
  - kind: can_activate
    player: self
    expect: {can: [雷击 ①]}
""")
    result = run("check", str(described), "--catalog", str(catalog))
    assert result.exit_code == 0, result.output
    assert "[PASS] q1 can_activate" in result.stdout
    # a summon_zones question needs no effects
    zones = write(tmp_path / "z.yaml", base.replace("hand: [雷击]", "hand: [神之警告, 万物创世龙]")
                  + "ask:\n  - kind: summon_zones\n    summon: [万物创世龙]\n")
    assert run("check", str(zones), "--catalog", str(catalog)).exit_code == 0


def test_inline_definition_wins(tmp_path: Path, catalog: Path) -> None:
    # the whole card under `cards:` (with type): its stats, not the card data's
    text = SCENARIO + """\
cards:
  访问码语者: {type: monster, frames: [link, effect], link: 1, arrows: [right]}
"""
    result = run("check", str(write(tmp_path / "s.yaml", text)), "--catalog", str(catalog))
    assert result.exit_code == 1
    assert ("ask[0].expect.zones: expected ['emz_left', 'emz_right', 'mmz2', 'mmz4'], "
            "got ['emz_left', 'emz_right', 'mmz4']") in result.output
    # keys only (no type): added to the card data's card, checked together
    partial = SCENARIO + "cards:\n  86066372: {frames: [xyz]}\n"
    one_error(run("check", str(write(tmp_path / "p.yaml", partial)), "--catalog", str(catalog)),
              "cards.86066372", "with the keys given here: only Link monsters have Link arrows")
    unknown = "title: t\ncards:\n  自创卡: {effects: []}\nself: {hand: [自创卡]}\nask: [{kind: can_activate}]\n"
    one_error(run("check", str(write(tmp_path / "u.yaml", unknown)), "--catalog", str(catalog)),
              "cards.自创卡.type: required key is missing", "not in the shipped catalog nor in your card data")


def test_default_catalog_in_the_data_folder_and_env_var(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    cdb = make_cdb(tmp_path / "cards.cdb")
    result = run("cards", "import", str(cdb))
    assert result.exit_code == 0, result.output
    default = tmp_path / "data" / "ygo-ruling" / "cards.sqlite"
    assert default.is_file() and f"card catalog: {default}" in result.stdout
    scenario = write(tmp_path / "s.yaml", SCENARIO)
    assert run("check", str(scenario)).exit_code == 0
    assert run("check", str(scenario), "--catalog", "").exit_code == 2  # none, explicitly
    # $YGO_RULING_CATALOG names another (it must exist)
    monkeypatch.setenv("YGO_RULING_CATALOG", str(tmp_path / "other.sqlite"))
    one_error(run("check", str(scenario)), "$YGO_RULING_CATALOG: no card catalog at")
    assert run("cards", "import", str(cdb)).exit_code == 0
    assert (tmp_path / "other.sqlite").is_file()
    assert run("check", str(scenario)).exit_code == 0


def test_diff_bench_and_jobs_read_the_catalog(tmp_path: Path, catalog: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    write(folder / "a.yaml", SCENARIO)
    write(folder / "b.yaml", SCENARIO.replace("转码语者]", "16178681]"))
    result = run("check", str(folder), "--catalog", str(catalog), "--jobs", "2")
    assert result.exit_code == 0 and "2 scenarios: 2 pass" in result.stdout, result.output
    write(folder / "c.yaml", SCENARIO.replace("转码语者]", "84013237]").replace("mmz2, mmz4]}", "mmz1, mmz2, mmz4, mmz5]}"))
    # Master Rule 4: an Xyz Monster from the Extra Deck, too, goes where a Link arrow points
    result = run("diff", str(folder), "--catalog", str(catalog), "--rules", "master-4", "--jobs", "2")
    assert result.exit_code == 0, result.output
    assert "c.yaml  q1 summon_zones" in result.stdout and "3 questions compared, 1 changed" in result.stdout
    result = run("bench", str(folder), "--catalog", str(catalog), "--repeat", "1", "--cold", "0")
    assert result.exit_code == 0 and "corpus: 3 scenarios x 1 passes" in result.stdout, result.output
    one_error(run("bench", str(folder), "--repeat", "1", "--cold", "0"), "unknown card")


def test_dask_workers_are_given_the_catalog(tmp_path: Path, catalog: Path) -> None:
    """A Dask worker is another process with its own environment: the run names the catalog to it."""
    pytest.importorskip("dask.distributed")
    write(tmp_path / "a.yaml", SCENARIO)
    write(tmp_path / "b.yaml", SCENARIO.replace("转码语者]", "16178681]"))
    files = [str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml")]
    one = check_paths(files, catalog=str(catalog))
    assert one["summary"]["pass"] == 2, one
    on_dask = check_paths(files, dask="local", catalog=str(catalog))
    assert json.dumps(one, ensure_ascii=False) == json.dumps(on_dask, ensure_ascii=False)


def test_shipped_scenarios_unchanged_with_card_data(catalog: Path) -> None:
    """The shipped corpus defines its cards inline or in the shipped catalog; with card data
    imported (real stats for some of them) its answers are the same."""
    folder = ROOT / "scenarios" / "extra_deck_zones"
    without = check_paths([str(folder)], catalog="")
    with_data = check_paths([str(folder)], catalog=str(catalog))
    assert without["summary"]["errors"] == 0 and without["summary"]["fail"] == 0
    assert json.dumps(without, ensure_ascii=False) == json.dumps(with_data, ensure_ascii=False)


def test_schema_takes_passcodes(tmp_path: Path) -> None:
    schema = json.loads(run("schema").stdout)
    jsonschema = pytest.importorskip("jsonschema")
    doc = yaml.safe_load(SCENARIO)
    jsonschema.validate(doc, schema)


def test_the_board_is_drawn_with_the_catalog(tmp_path: Path, catalog: Path) -> None:
    """`check --board` and `draw` read the scenario again for its board: with the same card data."""
    import xml.etree.ElementTree as ET

    scenario = write(tmp_path / "s.yaml", SCENARIO)
    result = run("check", str(scenario), "--catalog", str(catalog), "--board")
    assert result.exit_code == 0, result.output
    assert "访问码语者" in result.stdout.split("[PASS]", 1)[1]
    svg = tmp_path / "board.svg"
    result = run("draw", str(scenario), "--catalog", str(catalog), "--out", str(svg))
    assert result.exit_code == 0, result.output
    assert "访问码语者" in ET.tostring(ET.parse(svg).getroot(), encoding="unicode")
