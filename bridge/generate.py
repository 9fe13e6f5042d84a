"""``ygo-ruling generate``: random valid scenarios for a rule designer's experiments.

Kinds:
- ``extra_deck``: a random board (each player's Main Monster Zones and the Extra Monster Zones
  holding monsters, Link monsters with random arrows among them) and one monster summoned from
  the Extra Deck (Fusion, Synchro, Xyz, Link or a face-up Pendulum monster): a ``summon_zones``
  question.
- ``chain``: a chain of 2–6 links built from the catalog's effects that need no target (Spells
  and Traps set in the Spell & Trap Zones, monsters in the hand), each player's Deck, hand and
  GY filled with plain monsters: a ``resolve`` question.

The scenarios carry no ``expect:``: they are material for ``diff`` (how often a change matters)
and for the benchmark.  Each is seeded: the same ``--seed`` writes the same files.
No game logic here: what is legal is the rule base's business.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml

KINDS = ("extra_deck", "chain")
ARROWS = ["up", "down", "left", "right", "up_left", "up_right", "down_left", "down_right"]
ED_FRAMES = [["fusion"], ["synchro"], ["xyz"], ["link"], ["fusion", "pendulum"], ["synchro", "pendulum"],
             ["xyz", "pendulum"]]
SOURCE = {"file": "generated", "section": "ygo-ruling generate"}


def _monster(rng: random.Random, frames: list[str]) -> dict[str, Any]:
    card: dict[str, Any] = {"type": "monster", "frames": frames + ["effect"], "atk": rng.randrange(0, 3001, 100)}
    if "link" in frames:
        card["link"] = rng.randint(1, 4)
        card["arrows"] = rng.sample(ARROWS, card["link"])
    else:
        card["def"] = rng.randrange(0, 3001, 100)
        card["rank" if "xyz" in frames else "level"] = rng.randint(1, 12)
    if "pendulum" in frames:
        card["scale"] = rng.randint(0, 13)
    return card


def extra_deck(rng: random.Random, i: int) -> dict[str, Any]:
    cards: dict[str, Any] = {}
    sides: dict[str, dict[str, Any]] = {"self": {"field": []}, "opponent": {"field": []}}
    emz = {"emz_left": None, "emz_right": None}
    for side in ("self", "opponent"):
        for z in range(1, 6):
            if rng.random() < 0.45:
                name = f"测试场上{side}{z}"
                cards[name] = _monster(rng, rng.choice([["link"], ["link"], ["fusion"], ["synchro"]]))
                entry: dict[str, Any] = {"card": name, "zone": f"mmz{z}"}
                if "link" not in cards[name]["frames"] and rng.random() < 0.3:
                    entry["position"] = "defense"
                sides[side]["field"].append(entry)
        for zone in emz:
            if emz[zone] is None and rng.random() < 0.2:
                name = f"测试额外{side}{zone}"
                cards[name] = _monster(rng, ["link"])
                emz[zone] = side
                sides[side]["field"].append({"card": name, "zone": zone})
    frames = rng.choice(ED_FRAMES)
    cards["测试召唤"] = _monster(rng, frames)
    face = "up" if "pendulum" in frames and rng.random() < 0.6 else "down"
    player = rng.choice(["self", "opponent"])
    sides[player]["extra_deck"] = [{"card": "测试召唤", "face": face}]
    return {"title": f"generated Extra Deck board {i}", "source": SOURCE, "turn_player": player,
            "cards": cards, **sides,
            "ask": [{"kind": "summon_zones", "summon": ["测试召唤"], "player": player}]}


def _chain_effects() -> list[tuple[str, Any, int]]:
    """Catalog effects a generated chain can use: activated, with steps, needing no target nor declaration."""
    from .cards import catalog

    usable = []
    for name, card in sorted(catalog().items()):
        for e in card.effects:
            if e.kind not in ("quick", "card_activation", "ignition", "trigger") or not e.steps or e.flags:
                continue
            if any(st.subject is not None and st.subject.target for st in e.steps):
                continue
            if e.declares or any(st.declares for st in e.steps):  # its chain entry would need `declared:`
                continue
            if card.type != "monster" and card.subtype in ("field", "equip"):
                continue
            usable.append((name, card, e.number))
    return usable


def chain(rng: random.Random, i: int, usable: list[tuple[str, Any, int]]) -> dict[str, Any]:
    filler = {"type": "monster", "frames": ["normal"], "level": 4, "atk": 1500, "def": 1000}
    sides: dict[str, dict[str, Any]] = {
        p: {"field": [], "hand": [], "deck": [{"card": "测试填充", "id": f"{p}_d{k}"} for k in range(8)],
            "graveyard": [{"card": "测试填充", "id": f"{p}_g{k}"} for k in range(3)]}
        for p in ("self", "opponent")}
    for p in ("self", "opponent"):
        sides[p]["field"] += [{"card": "测试填充", "id": f"{p}_m{z}", "zone": f"mmz{z}"} for z in (1, 2)]
    free_stz = {p: [f"stz{z}" for z in range(1, 6)] for p in ("self", "opponent")}
    links: list[dict[str, Any]] = []
    size = rng.randint(2, 6)
    while len(links) < size:  # 10 Spell & Trap Zones are more than 6 links need
        name, card, number = rng.choice(usable)
        player = rng.choice(["self", "opponent"])
        ident = f"c{len(links)}"
        if card.type == "monster":
            sides[player]["hand"].append({"card": name, "id": ident})
        elif free_stz[player]:
            sides[player]["field"].append({"card": name, "id": ident, "zone": free_stz[player].pop(0)})
        else:
            continue
        links.append({"card": ident, "effect": number})
    return {"title": f"generated chain {i}", "source": SOURCE, "turn_player": "self",
            "cards": {"测试填充": filler}, **sides, "chain": links, "ask": [{"kind": "resolve"}]}


def generate(kind: str, count: int, seed: int, out: Path) -> list[Path]:
    """Write ``count`` scenarios of ``kind`` into ``out`` (created); their paths."""
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    usable = _chain_effects() if kind == "chain" else []
    paths = []
    width = len(str(count))
    for i in range(count):
        data = extra_deck(rng, i) if kind == "extra_deck" else chain(rng, i, usable)
        path = out / f"{kind}_{i:0{width}d}.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        paths.append(path)
    return paths
