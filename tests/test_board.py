"""The board as a picture: `check --board` (text), `draw` (SVG), `check --format html`.

The drawings are read back (xml.etree for SVG, html.parser for HTML) and compared with the
shipped scenarios: the zones a summon_zones answer lists are the marked ones (and they are the
zones the scenario's `expect:` names), the cards stand where the scenario puts them, and a
resolve question's board after the chain has the cards where the outcome says they went.
One test opens the HTML page in headless Chromium (skipped where it is not installed).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner
from ygo_ruling.board import short_name, width
from ygo_ruling.cli import app

ROOT = Path(__file__).resolve().parent.parent
WINDA = ROOT / "scenarios/extra_deck_zones/seed_winda_ulti.yaml"
OPP_EMZ = ROOT / "scenarios/extra_deck_zones/opponent_in_one_emz.yaml"
PENDULUM_AREA = ROOT / "scenarios/resolution/seed_pendulum_area_one_gone.yaml"
BATTLE = ROOT / "scenarios/battle/edge_triggers_after_battle.yaml"
SVG = "{http://www.w3.org/2000/svg}"
CHROMIUM = Path("/usr/bin/chromium")
runner = CliRunner()


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def expect_zones(path: Path) -> dict[str, list[str]]:
    """Each summon_zones question's `expect: zones:` as the file writes it."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {q["id"]: q["expect"]["zones"] for q in data["ask"] if q["kind"] == "summon_zones"}


def draw(path: Path, tmp_path: Path) -> ET.Element:
    out = tmp_path / "board.svg"
    result = run("draw", str(path), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"written to {out}")
    return ET.parse(out).getroot()


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in g.get("class", "").split()]


def panels(root: ET.Element, question: str) -> dict[str, ET.Element]:
    """A question's drawings, by caption."""
    q = next(g for g in groups(root, "question") if g.get("data-question") == question)
    return {svg.get("data-caption"): svg for svg in q.findall(f"{SVG}svg")}


def zone(panel: ET.Element, player: str, name: str) -> ET.Element:
    return next(g for g in groups(panel, "zone") if (g.get("data-player"), g.get("data-zone")) == (player, name))


def cards_in(panel: ET.Element) -> dict[str, tuple[str, str]]:
    """card id -> (player of the zone group it is drawn in, that zone)."""
    out = {}
    for z in groups(panel, "zone"):
        for c in groups(z, "card"):
            out[c.get("data-card")] = (z.get("data-player"), z.get("data-zone"))
    return out


def box_x(z: ET.Element) -> float:
    return float(z.find(f"{SVG}rect").get("x"))


def test_svg_marks_the_zones_of_the_answer(tmp_path: Path) -> None:
    root = draw(WINDA, tmp_path)
    (panel,) = panels(root, "ulti").values()
    legal = {(g.get("data-player"), g.get("data-zone")) for g in groups(panel, "legal")}
    assert legal == {("emz", z) for z in expect_zones(WINDA)["ulti"]} == {("emz", "emz_left"), ("emz", "emz_right")}
    assert cards_in(panel) == {"解码语者": ("self", "mmz3")}
    link = groups(zone(panel, "self", "mmz3"), "card")[0]
    assert len(link.findall(f"{SVG}polygon")) == 3          # its three Link arrows
    piles = {(g.get("data-player"), g.get("data-pile")): int(g.get("data-count")) for g in groups(panel, "pile")}
    assert piles[("self", "graveyard")] == 1 and piles[("self", "extra_deck")] == 1
    assert piles[("opponent", "graveyard")] == 0


def test_svg_both_players_and_the_extra_monster_zones_from_self(tmp_path: Path) -> None:
    root = draw(OPP_EMZ, tmp_path)
    wanted = expect_zones(OPP_EMZ)
    assert set(wanted) == {"fusion", "synchro", "link"}
    for qid, zones in wanted.items():
        (panel,) = panels(root, qid).values()
        legal = {g.get("data-zone") for g in groups(panel, "legal")}
        assert legal == set(zones), qid
        assert all(g.get("data-player") in ("self", "emz") for g in groups(panel, "legal"))
        # the opponent's 星尘龙 stands in emz_right, the zone its controller's tint colours
        assert cards_in(panel) == {"opp_stardust": ("emz", "emz_right")}
        emz_right = zone(panel, "emz", "emz_right")
        assert "opponent" in emz_right.get("class").split()
        assert groups(emz_right, "card")[0].get("data-player") == "opponent"
        # named from self's view: emz_left over self's mmz2 (the opponent's mmz4), emz_right over mmz4
        assert box_x(zone(panel, "emz", "emz_left")) == box_x(zone(panel, "self", "mmz2")) \
            == box_x(zone(panel, "opponent", "mmz4"))
        assert box_x(zone(panel, "emz", "emz_right")) == box_x(zone(panel, "self", "mmz4")) \
            == box_x(zone(panel, "opponent", "mmz2"))
        assert box_x(zone(panel, "opponent", "mmz1")) == box_x(zone(panel, "self", "mmz5"))


def test_svg_resolve_before_and_after(tmp_path: Path) -> None:
    root = draw(PENDULUM_AREA, tmp_path)
    drawn = panels(root, "q1")
    assert list(drawn) == ["before", "after"]
    before, after = drawn["before"], drawn["after"]
    assert cards_in(before) == {"测试灵摆A": ("self", "stz1"), "测试灵摆B": ("self", "stz5"),
                                "灵摆区": ("self", "stz3"), "测试回手": ("opponent", "stz2")}
    assert {c.get("data-card"): c.get("data-zone") for c in groups(before, "card")}["测试灵摆A"] == "pendulum_left"
    # the scenario expects 测试灵摆A in the hand and 测试灵摆B still in its Pendulum Zone
    assert cards_in(after) == {"测试灵摆B": ("self", "stz5"), "灵摆区": ("self", "stz3")}
    went = {(g.get("data-player"), g.get("data-zone")): "".join(t.text or "" for t in g.iter(f"{SVG}text"))
            for g in groups(after, "left")}
    assert set(went) == {("self", "stz1"), ("opponent", "stz2")}
    assert "→ hand" in went[("self", "stz1")] and "→ GY" in went[("opponent", "stz2")]
    notes = [t.text for t in after.iter(f"{SVG}text") if t.get("class") == "note"]
    assert "测试灵摆A (self pendulum_left) → hand" in notes


def text_board(path: Path, *extra: str) -> list[str]:
    result = run("check", str(path), "--board", *extra)
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def centres(line: str, text: str) -> list[float]:
    """The display columns (CJK characters are two) at the middle of each ``text`` in ``line``."""
    return [width(line[: m.start()]) + width(text) / 2 for m in re.finditer(re.escape(text), line)]


def under(cells: list[float], heads: list[float]) -> bool:
    return len(cells) == len(heads) and all(abs(c - h) <= 1 for c, h in zip(cells, heads))


def test_text_board_marks_the_zones_of_the_answer() -> None:
    lines = text_board(WINDA)
    emz_head = next(i for i, line in enumerate(lines) if line.split() == ["emz_left", "emz_right"])
    marks = lines[emz_head + 1]
    assert len(centres(marks, ">   ok   <")) == len(expect_zones(WINDA)["ulti"]) == 2
    # each mark under its zone's name; 解码语者 under self's mmz3
    assert under(centres(marks, ">   ok   <"), centres(lines[emz_head], "emz_left") + centres(lines[emz_head], "emz_right"))
    self_head = next(i for i, line in enumerate(lines) if "field       mmz1" in line)
    assert under(centres(lines[self_head + 1], "[解码语者]"), centres(lines[self_head], "mmz3"))
    assert "      self: LP 8000 · extra deck: 圣灵兽骑 山飞隼 · GY: 精灵兽使 薇茵妲" in lines
    assert not any("<" in line for line in lines[self_head:self_head + 4])   # no Main Monster Zone marked


def test_text_board_before_and_after_a_resolve() -> None:
    lines = text_board(PENDULUM_AREA)
    before, after = lines.index("      before:"), lines.index("      after:")
    assert before < after
    assert any("[测试…摆A]" in line for line in lines[before:after])
    assert not any("测试…摆A" in line for line in lines[after:] if "[" in line and "=" not in line)
    assert any("-> hand" in line for line in lines[after:])
    assert any("-> GY" in line for line in lines[after:])
    assert "      moved: 测试回手 (opponent stz2) -> graveyard; 测试灵摆A (self pendulum_left) -> hand" in lines


def test_text_board_of_a_battle_and_an_opponent_extra_monster_zone() -> None:
    lines = text_board(OPP_EMZ)
    assert sum("emz_R(opp)" in line for line in lines) == 3
    assert any("after:" in line for line in text_board(BATTLE))


def test_board_needs_text_output_and_out_must_be_writable(tmp_path: Path) -> None:
    result = run("check", str(WINDA), "--board", "--format", "json")
    assert result.exit_code == 2 and "--board" in result.output
    result = run("check", str(WINDA), "--out", str(tmp_path / "no" / "such" / "folder.txt"))
    assert result.exit_code == 2 and "error: command line: --out: cannot write" in result.output
    result = run("diff", str(WINDA), "--rules", "master-4", "--format", "html")
    assert result.exit_code == 2


def test_draw_bad_input_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\n", encoding="utf-8")
    result = run("draw", str(bad))
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [f"error: {bad}: ask: required key is missing"]


def test_draw_to_stdout_is_one_svg_document() -> None:
    result = run("draw", str(WINDA))
    assert result.exit_code == 0
    root = ET.fromstring(result.output.split("\n", 1)[1])
    assert root.tag == f"{SVG}svg" and root.get("data-path") == str(WINDA)


def test_out_writes_what_stdout_would_show(tmp_path: Path) -> None:
    shown = run("check", str(WINDA), "--board")
    out = tmp_path / "check.txt"
    written = run("check", str(WINDA), "--board", "--out", str(out))
    assert written.exit_code == shown.exit_code == 0
    assert out.read_text(encoding="utf-8") == shown.output
    assert written.output == f"written to {out} (1 scenarios: 1 pass, 0 fail, 0 unchecked, 0 bad input)\n"


class Page(HTMLParser):
    """The parts of the HTML report a test reads: scenarios, questions, boards, references."""

    def __init__(self) -> None:
        super().__init__()
        self.scenarios: dict[str, dict[str, Any]] = {}
        self.refs: list[str] = []
        self.tags: list[str] = []
        self._scenario: dict[str, Any] | None = None
        self._question: str | None = None
        self._caption: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        self.refs += [v for k, v in attrs if k in ("src", "href") and v]
        cls = (a.get("class") or "").split()
        if tag == "details" and "scenario" in cls:
            self._scenario = {"status": cls[1], "open": "open" in a, "questions": {}}
            self.scenarios[a["data-path"] or ""] = self._scenario
        elif tag == "section" and "question" in cls and self._scenario is not None:
            self._question = a["data-question"]
            self._scenario["questions"][self._question] = {"status": cls[1], "boards": {}}
        elif tag == "svg" and self._scenario is not None and self._question:
            self._caption = a.get("data-caption") or ""
            self._scenario["questions"][self._question]["boards"][self._caption] = {"legal": set(), "cards": {}}
        elif tag == "g" and self._caption is not None and self._scenario is not None and self._question:
            board = self._scenario["questions"][self._question]["boards"][self._caption]
            if "zone" in cls:
                self._zone = (a["data-player"], a["data-zone"])
                if "legal" in cls:
                    board["legal"].add(self._zone)
            elif "card" in cls:
                board["cards"][a["data-card"]] = self._zone

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg":
            self._caption = None


def html_report(tmp_path: Path, *paths: Path | str, jobs: str = "1") -> tuple[str, Page, Any]:
    out = tmp_path / f"report{jobs}.html"
    result = run("check", *map(str, paths), "--format", "html", "--out", str(out), "--jobs", jobs)
    text = out.read_text(encoding="utf-8")
    page = Page()
    page.feed(text)
    return text, page, result


def failing_copy(tmp_path: Path) -> Path:
    wrong = tmp_path / "winda_wrong.yaml"
    wrong.write_text(WINDA.read_text(encoding="utf-8").replace("zones: [emz_left, emz_right]",
                                                                "zones: [emz_left, mmz1]"), encoding="utf-8")
    return wrong


def test_html_report_shows_every_scenario_with_its_boards(tmp_path: Path) -> None:
    wrong = failing_copy(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\n", encoding="utf-8")
    text, page, result = html_report(tmp_path, WINDA, OPP_EMZ, PENDULUM_AREA, wrong, bad)
    assert result.exit_code == 2                     # bad input, as in text output
    assert result.output.startswith(f"written to {tmp_path / 'report1.html'} (4 scenarios: 5 pass, 1 fail")
    assert set(page.scenarios) == {str(WINDA), str(OPP_EMZ), str(PENDULUM_AREA), str(wrong)}
    assert f"error: {bad}: ask: required key is missing" in text
    # self-contained: no external resource, only links inside the page
    assert all(ref.startswith("#") for ref in page.refs)
    assert not {"link", "img", "iframe", "object"} & set(page.tags)
    assert "url(" not in text and "@import" not in text
    # the zones of each summon_zones answer are the marked ones
    for path in (WINDA, OPP_EMZ):
        for qid, zones in expect_zones(path).items():
            q = page.scenarios[str(path)]["questions"][qid]
            assert q["status"] == "pass"
            (board,) = q["boards"].values()
            assert {z for _, z in board["legal"]} == set(zones)
    failed = page.scenarios[str(wrong)]
    assert failed["status"] == "fail" and failed["open"]
    assert failed["questions"]["ulti"]["status"] == "fail"
    assert "expected: ask[0].expect.zones: expected [&#x27;emz_left&#x27;, &#x27;mmz1&#x27;]" in text
    assert 'class="zone self missing" data-player="self" data-zone="mmz1"' in text
    # reasons: rule ids with their texts and citations
    assert "<dt>ed_zone_linked</dt>" in text and "000_c6341c02f8db5f88.txt 更新规则①" in text
    # a resolve question: its board before and after
    boards = page.scenarios[str(PENDULUM_AREA)]["questions"]["q1"]["boards"]
    assert list(boards) == ["before", "after"]
    assert boards["before"]["cards"]["测试灵摆A"] == ("self", "stz1")
    assert "测试灵摆A" not in boards["after"]["cards"]
    assert boards["after"]["cards"]["测试灵摆B"] == ("self", "stz5")


def test_html_report_is_the_same_from_several_processes(tmp_path: Path) -> None:
    one, _, _ = html_report(tmp_path, WINDA, PENDULUM_AREA, OPP_EMZ)
    two, _, _ = html_report(tmp_path, WINDA, PENDULUM_AREA, OPP_EMZ, jobs="2")
    assert one == two


def test_short_names_keep_cards_apart() -> None:
    assert short_name("圣灵兽骑 山飞隼", 8) == "山飞隼"
    assert short_name("测试灵摆A", 8) != short_name("测试灵摆B", 8)
    assert width(short_name("测试怪兽A#2", 8)) <= 8 and short_name("测试怪兽A#2", 8).endswith("#2")


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs headless Chromium (/usr/bin/chromium)")
def test_html_report_in_headless_chromium(tmp_path: Path) -> None:
    """The page opens in a browser: Chromium builds every board from it, and a screenshot is
    taken (kept at YGO_SCREENSHOT when that is set, to look at)."""
    import os

    text, page, _ = html_report(tmp_path, WINDA, PENDULUM_AREA, failing_copy(tmp_path))
    report = tmp_path / "report1.html"
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run([str(CHROMIUM), *flags, "--dump-dom", report.as_uri()], capture_output=True,
                         text=True, timeout=120, check=True).stdout
    assert dom.count("<svg") == text.count("<svg") == 4     # winda, wrong winda, before, after
    assert dom.count('class="zone emz legal"') == 4
    shot = Path(os.environ.get("YGO_SCREENSHOT") or tmp_path / "report.png")
    subprocess.run([str(CHROMIUM), *flags, "--hide-scrollbars", f"--screenshot={shot}", "--window-size=1280,1600",
                    report.as_uri()], capture_output=True, timeout=120, check=True)
    png = shot.read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 20_000
    shutil.rmtree(tmp_path / "profile", ignore_errors=True)
