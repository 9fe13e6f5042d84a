"""The scenario format: pydantic models, documented in docs/scenario-format.md.

Only shape and vocabulary are checked here (types, names, a Link monster's
arrows).  Whether a board contradicts itself is decided by the rule base
(asp/consistency.lp), and every game rule lives in asp/.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Player = Literal["self", "opponent"]
RuleId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", description="a rule id (see `ygo-ruling rules`)")]

FRAME_ALIASES: dict[str, str] = {
    "通常": "normal", "效果": "effect", "仪式": "ritual", "融合": "fusion",
    "同调": "synchro", "超量": "xyz", "连接": "link", "灵摆": "pendulum",
    "衍生物": "token", "调整": "tuner",
}
Frame = Literal[
    "normal", "effect", "ritual", "fusion", "synchro", "xyz", "link",
    "pendulum", "token", "tuner",
]

ARROW_ALIASES: dict[str, str] = {
    "上": "up", "下": "down", "左": "left", "右": "right", "左上": "up_left",
    "右上": "up_right", "左下": "down_left", "右下": "down_right",
}
Arrow = Literal[
    "up", "down", "left", "right", "up_left", "up_right", "down_left", "down_right",
]

CARD_TYPE_ALIASES: dict[str, str] = {"怪兽": "monster", "魔法": "spell", "陷阱": "trap"}

MONSTER_ZONES = ("mmz1", "mmz2", "mmz3", "mmz4", "mmz5", "emz_left", "emz_right")
FieldZone = Literal[
    "mmz1", "mmz2", "mmz3", "mmz4", "mmz5", "emz_left", "emz_right",
    "stz1", "stz2", "stz3", "stz4", "stz5", "field_zone",
    "pendulum_left", "pendulum_right",
]
MonsterZone = Literal["mmz1", "mmz2", "mmz3", "mmz4", "mmz5", "emz_left", "emz_right"]
Face = Literal["up", "down"]
Position = Literal["attack", "defense"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class CardDef(Strict):
    """A card's printed properties (catalog entry or inline definition)."""

    type: Literal["monster", "spell", "trap"] = Field(description="card type")
    frames: list[Frame] = Field(default_factory=list, description="monster frames; hybrids list several")
    level: int | None = Field(default=None, ge=0, le=13)
    rank: int | None = Field(default=None, ge=0, le=13)
    link: int | None = Field(default=None, ge=1, le=8, description="Link rating")
    scale: int | None = Field(default=None, ge=0, le=13, description="Pendulum scale")
    attribute: str | None = None
    race: str | None = None
    atk: int | None = None
    def_: int | None = Field(default=None, alias="def")
    arrows: list[Arrow] = Field(default_factory=list, description="Link arrows, from the card's controller's view")
    text: str | None = Field(default=None, description="card text, for people")

    @field_validator("type", mode="before")
    @classmethod
    def _type_alias(cls, v: object) -> object:
        return CARD_TYPE_ALIASES.get(v, v) if isinstance(v, str) else v

    @field_validator("frames", mode="before")
    @classmethod
    def _frame_alias(cls, v: object) -> object:
        if isinstance(v, str):
            v = [part for part in v.replace("/", " ").split() if part]
        if isinstance(v, list):
            return [FRAME_ALIASES.get(x, x) if isinstance(x, str) else x for x in v]
        return v

    @field_validator("arrows", mode="before")
    @classmethod
    def _arrow_alias(cls, v: object) -> object:
        if isinstance(v, list):
            return [ARROW_ALIASES.get(x, x) if isinstance(x, str) else x for x in v]
        return v

    @model_validator(mode="after")
    def _link_arrows(self) -> "CardDef":
        is_link = "link" in self.frames
        if is_link and not self.arrows:
            raise ValueError("a Link monster needs its Link arrows (arrows: [...])")
        if not is_link and self.arrows:
            raise ValueError("only Link monsters have Link arrows (frames has no 'link')")
        if len(set(self.arrows)) != len(self.arrows):
            raise ValueError("a Link arrow is listed twice")
        if is_link and self.link is not None and self.link != len(self.arrows):
            raise ValueError(f"Link rating {self.link} but {len(self.arrows)} Link arrows")
        if self.frames and self.type != "monster":
            raise ValueError("only monsters have monster frames")
        return self


class FieldCard(Strict):
    """A card on the field."""

    card: str = Field(description="card name (inline `cards:` or the catalog)")
    zone: FieldZone
    id: str | None = Field(default=None, description="instance id, when the same name appears twice")
    position: Position | None = Field(default=None, description="battle position (monsters)")
    face: Face = "up"
    owner: Player | None = Field(default=None, description="defaults to the controller")


class PileCard(Strict):
    """A card in the hand, Deck, Extra Deck, GY or banished."""

    card: str
    id: str | None = None
    face: Face | None = Field(default=None, description="Extra Deck: default down; banished: default up")
    owner: Player | None = None


PileEntry = Union[str, PileCard]


class PlayerState(Strict):
    field: list[FieldCard] = Field(default_factory=list, description="cards this player controls on the field")
    hand: list[PileEntry] = Field(default_factory=list)
    deck: list[PileEntry] = Field(default_factory=list)
    extra_deck: list[PileEntry] = Field(default_factory=list)
    graveyard: list[PileEntry] = Field(default_factory=list)
    banished: list[PileEntry] = Field(default_factory=list)
    locked_zones: list[FieldZone] = Field(default_factory=list, description="zones an effect forbids this player to use")


class Source(Strict):
    file: str = Field(description="seed file name, e.g. 000_c6341c02f8db5f88.txt")
    section: str = Field(description="section of the seed, e.g. 更新规则①")
    date: str | None = Field(default=None, description="the ruling's date as the seed writes it, e.g. 17/3/24")
    ruling: str | None = Field(default=None, description="the ruling's text, quoted from the seed")
    note: str | None = Field(default=None, description="how the scenario relates to the seed (edge cases)")


class SummonZonesExpect(Strict):
    zones: list[MonsterZone] | None = Field(default=None, description="exact set of zones (one summoned monster)")
    placements: list[dict[str, MonsterZone]] | None = Field(default=None, description="exact set of assignments card -> zone")
    count: int | None = Field(default=None, ge=0, description="number of options")
    refused: dict[MonsterZone, list[str]] | None = Field(default=None, description="zone -> rule ids that must be among its refusal reasons (one summoned monster)")

    @field_validator("refused", mode="before")
    @classmethod
    def _one_rule(cls, v: object) -> object:
        if isinstance(v, dict):
            return {k: [x] if isinstance(x, str) else x for k, x in v.items()}
        return v


class SummonZonesQuestion(Strict):
    """Which zones may the summoned monster(s) go to?"""

    kind: Literal["summon_zones"]
    id: str | None = None
    player: Player | None = Field(default=None, description="who summons; default the turn player")
    summon: list[str] = Field(min_length=1, description="card references: ids or unique names")
    materials: list[str] = Field(default_factory=list, description="field monsters used as material (they leave first)")
    method: str | None = Field(default=None, description="how it is summoned (informational: the zone rules do not depend on it)")
    ignoring_conditions: bool = Field(default=False, description="informational, as in 'ignoring its summoning conditions'")
    expect: SummonZonesExpect | None = None


Question = Annotated[Union[SummonZonesQuestion], Field(discriminator="kind")]
QUESTION_KINDS = ("summon_zones",)


class Scenario(Strict):
    title: str
    source: Source
    rules: str = Field(default="master-2020", description="rule set: master-2020 or master-4")
    disable: list[RuleId] = Field(default_factory=list, description="rule ids to turn off")
    enable: list[RuleId] = Field(default_factory=list, description="rule ids to turn on")
    turn_player: Player = "self"
    cards: dict[str, CardDef] = Field(default_factory=dict, description="inline card definitions (override the catalog)")
    self_: PlayerState = Field(default_factory=PlayerState, alias="self")
    opponent: PlayerState = Field(default_factory=PlayerState)
    ask: list[Question] = Field(min_length=1)

    def player(self, name: str) -> PlayerState:
        return self.self_ if name == "self" else self.opponent
