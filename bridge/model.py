"""The scenario format: pydantic models, documented in docs/scenario-format.md.

Only shape and vocabulary are checked here (types, names, a Link monster's
arrows).  Whether a board contradicts itself is decided by the rule base
(asp/consistency.lp), and every game rule lives in asp/.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from .limits import MAX_CHAIN, MAX_INTEGER, MAX_ITEMS_PER_EFFECT

# game numbers (ATK, DEF, Life Points, damage, counters): bounded so that the rule base's
# arithmetic (clingo integers are 32-bit) cannot overflow (with limits.check_sums)
MAX_AMOUNT = MAX_INTEGER

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

# what a monster's type line says beyond its frames, read by the rule base (『灵魂怪兽』: spirit)
Ability = Literal["spirit", "toon", "gemini"]

ARROW_ALIASES: dict[str, str] = {
    "上": "up", "下": "down", "左": "left", "右": "right", "左上": "up_left",
    "右上": "up_right", "左下": "down_left", "右下": "down_right",
}
Arrow = Literal[
    "up", "down", "left", "right", "up_left", "up_right", "down_left", "down_right",
]

CARD_TYPE_ALIASES: dict[str, str] = {"怪兽": "monster", "魔法": "spell", "陷阱": "trap"}


def _enum_with_aliases(values: tuple[str, ...], aliases: dict[str, str]) -> dict[str, object]:
    return {"type": "string", "enum": [*values, *aliases]}


CARD_TYPES = ("monster", "spell", "trap")
CardType = Literal["monster", "spell", "trap"]
FRAMES = ("normal", "effect", "ritual", "fusion", "synchro", "xyz", "link", "pendulum", "token", "tuner")
ARROWS = ("up", "down", "left", "right", "up_left", "up_right", "down_left", "down_right")
# what the JSON Schema shows for keys whose validators accept more than the Python type says:
# the Chinese aliases, a frames string ("融合/灵摆"), one rule id instead of a list
CARD_TYPE_SCHEMA = WithJsonSchema(_enum_with_aliases(CARD_TYPES, CARD_TYPE_ALIASES))
FRAMES_SCHEMA = WithJsonSchema({"anyOf": [{"type": "string"},
                                          {"type": "array", "items": _enum_with_aliases(FRAMES, FRAME_ALIASES)}]})
ARROWS_SCHEMA = WithJsonSchema({"type": "array", "items": _enum_with_aliases(ARROWS, ARROW_ALIASES)})
RULE_IDS_SCHEMA = WithJsonSchema({"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]})
RuleIds = Annotated[list[str], RULE_IDS_SCHEMA]


def _passcode_text(v: object) -> object:
    """A card named by its passcode (an integer in YAML: 1861629) is the text "1861629"."""
    return str(v) if isinstance(v, int) and not isinstance(v, bool) else v


# a card as a scenario names it: a name, an id, or a passcode of your card data (digits)
CardRef = Annotated[str, BeforeValidator(_passcode_text),
                    WithJsonSchema({"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]})]

MONSTER_ZONES = ("mmz1", "mmz2", "mmz3", "mmz4", "mmz5", "emz_left", "emz_right")
FieldZone = Literal[
    "mmz1", "mmz2", "mmz3", "mmz4", "mmz5", "emz_left", "emz_right",
    "stz1", "stz2", "stz3", "stz4", "stz5", "field_zone",
    "pendulum_left", "pendulum_right",
]
MonsterZone = Literal["mmz1", "mmz2", "mmz3", "mmz4", "mmz5", "emz_left", "emz_right"]
Face = Literal["up", "down"]
Position = Literal["attack", "defense"]
# a step may also turn a monster to face-up Defense Position (『变成表侧守备表示』)
StepPosition = Literal["attack", "defense", "face_up_defense"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class NameAs(Strict):
    """『这张卡的卡名只要在场上·墓地存在当作「X」使用』: the card's name where it is."""

    name: str = Field(description="the name it has there (instead of its own)")
    zones: list[Literal["field", "monster_zone", "spell_trap_zone", "pendulum_zone", "field_zone", "hand", "deck",
                        "extra_deck", "graveyard", "banished"]] = Field(min_length=1, description="where it has that name (『场上·墓地』: [field, graveyard])")


# the frames a Continuous Trap card has as a monster (『变成效果怪兽…』, 『变成通常怪兽…』; a Tuner too)
TRAP_MONSTER_FRAMES = ("normal", "effect", "tuner")


class AsMonster(Strict):
    """『当作通常怪兽卡（攻／守0）使用』: a Spell or Trap card another card's effect Special Summoned as a Normal monster
    (「魔术礼帽」): what it is while it stands in a Monster Zone."""

    atk: int = Field(ge=0, le=MAX_AMOUNT, description="its ATK as the effect gives it (『攻／守0』: 0)")
    def_: int = Field(ge=0, le=MAX_AMOUNT, alias="def", description="its DEF as the effect gives it")
    level: int | None = Field(default=None, ge=1, le=12, description="its Level, when the effect gives one (「魔术礼帽」 gives none)")


class TrapMonster(Strict):
    """『这张卡发动后变成效果怪兽（…）在怪兽区域特殊召唤。这张卡也当作陷阱卡使用』: what a Continuous Trap card is
    as a monster, while it stands in a Monster Zone (000 更新规则⑥)."""

    frames: Annotated[list[Frame], FRAMES_SCHEMA] = Field(min_length=1, description="its frames as a monster: [effect] (『变成效果怪兽』) or [normal] (『变成通常怪兽』), with tuner if the text says so")
    level: int = Field(ge=1, le=12, description="its Level as the text gives it (『4星』: 4)")
    attribute: str = Field(description="its Attribute (『地』)")
    race: str = Field(description="its Type (『爬虫类族』)")
    atk: int = Field(ge=0, le=MAX_AMOUNT)
    def_: int = Field(ge=0, le=MAX_AMOUNT, alias="def")

    @field_validator("frames", mode="before")
    @classmethod
    def _frame_alias(cls, v: object) -> object:
        return CardDef._frame_alias(v)

    @model_validator(mode="after")
    def _frames(self) -> TrapMonster:
        other = [f for f in self.frames if f not in TRAP_MONSTER_FRAMES]
        if other:
            raise ValueError(f"trap_monster.frames: a Trap card becomes a Normal or Effect Monster (normal, effect, "
                             f"tuner), not {other[0]}")
        if ("normal" in self.frames) == ("effect" in self.frames):
            raise ValueError("trap_monster.frames: give normal (『变成通常怪兽』) or effect (『变成效果怪兽』)")
        return self
SummonCondition = Literal["procedure_only", "fusion_only", "synchro_only", "xyz_only", "link_only", "ritual_only"]


class SummonMaterials(Strict):
    """What a summon's materials must be (the card's 『…＋…』 / 『…×N』 line and its summoning condition)."""

    count: int = Field(ge=1, le=MAX_ITEMS_PER_EFFECT, description="how many materials (『×2』: 2; 『「电子龙」＋「电子龙」＋「电子龙」』: 3)")
    at_least: bool = Field(default=False, description="『×2以上』『1只以上』: `count` is the least")
    each: "Selector | None" = Field(default=None, description="what every material must be (『5星怪兽×2』: {level: {equal: 5}}; 『效果怪兽2只』: {frames: [effect]})")
    include: list["Selector"] = Field(default_factory=list, max_length=MAX_ITEMS_PER_EFFECT, description="materials the line names, each its own card(s) (『「半龙女仆」怪兽＋龙族怪兽』, 『包含鸟兽族怪兽』, 『调整＋…』): each entry's `count` distinct materials fit it")
    same_attribute: bool = Field(default=False, description="『相同属性』: all of one Attribute")
    different_races: bool = Field(default=False, description="『种族不同』: no two of one Type")
    different_names: bool = Field(default=False, description="『卡名不同』: no two of one name")
    from_each: list["Area"] = Field(default_factory=list, description="at least one material from each of these areas (「守护者·奇美拉」: [hand, monster_zone])")
    level_sum: Literal["equal", "at_least"] | None = Field(default=None, description="the materials' Levels add up to the monster's Level (equal: Synchro; at_least: a Ritual Summon 『等级合计直到…以上』)")
    tuners: int | None = Field(default=None, ge=0, le=MAX_ITEMS_PER_EFFECT, description="exactly this many of the materials are Tuners (『调整＋调整以外的怪兽』: 1)")


class CardDef(Strict):
    """A card's printed properties (catalog entry or inline definition)."""

    type: Annotated[CardType, CARD_TYPE_SCHEMA] | None = Field(default=None, description="card type (怪兽/魔法/陷阱 accepted); required, except under a scenario's `cards:` for a card the shipped catalog or your card data knows: then the keys given are added to it (its effects, say)")
    frames: Annotated[list[Frame], FRAMES_SCHEMA] = Field(default_factory=list, description="monster frames; hybrids list several (or one string: 融合/灵摆)")
    level: int | None = Field(default=None, ge=0, le=13)
    rank: int | None = Field(default=None, ge=0, le=13)
    link: int | None = Field(default=None, ge=1, le=8, description="Link rating")
    scale: int | None = Field(default=None, ge=0, le=13, description="Pendulum scale")
    attribute: str | None = None
    race: str | None = None
    atk: Annotated[int, Field(ge=0, le=MAX_AMOUNT)] | Literal["?"] | None = Field(default=None, description="its printed ATK; \"?\" for 『？』 (no number: a condition on it, or a comparison with it, is not met)")
    def_: Annotated[int, Field(ge=0, le=MAX_AMOUNT)] | Literal["?"] | None = Field(default=None, alias="def", description="its printed DEF; \"?\" for 『？』")
    arrows: Annotated[list[Arrow], ARROWS_SCHEMA] = Field(default_factory=list, description="Link arrows, from the card's controller's view")
    abilities: list[Ability] = Field(default_factory=list, description="what its type line says beyond its frames: spirit (灵魂怪兽); read by cannot_activate_monster_effects' except_ability")
    subtype: Literal["normal", "quick_play", "continuous", "field", "equip", "ritual", "counter"] | None = Field(default=None, description="Spell/Trap kind")
    archetypes: list[str] = Field(default_factory=list, description="字段: the 「…」 names the card belongs to")
    name_as: list[NameAs] = Field(default_factory=list, description="『卡名…当作「X」使用』: the name it has where it is (instead of its own)")
    special_summon_once_per_turn: bool = Field(default=False, description="『自己对「这张卡」1回合只能有1次特殊召唤』: once its controller succeeded a special summon of a card of this name this turn, no other can be special summoned by them (a negated summon does not count, 000 更新规则⑤)")
    special_summon_only: bool = Field(default=False, description="『这张卡不能通常召唤』: a Special Summon monster, never Normal Summoned or Set (legal_actions)")
    no_normal_summon_turn_special_summoned: bool = Field(default=False, description="『把这张卡特殊召唤的回合，自己不能通常召唤』: the turn a player succeeded a Special Summon of this card (a history special_summoned event this turn; a negated summon, summon_negated, is none) they cannot Normal Summon or Set (legal_actions)")
    unique_on_field: bool = Field(default=False, description="『「X」在自己场上只能有1只表侧表示存在』: while its controller has a face-up card of its name on the field, no other can be summoned by them, not even with that one as material or Tribute (legal_actions, and effects that special summon it)")
    double_tribute: Selector | None = Field(default=None, description="『…上级召唤的场合，这张卡可以作为2只数量的解放』: for the Tribute Summon (or Set) of a monster matching this description (as printed: attribute, race, names, …; its player/zones are not read) this card can count as 2 Tributes (legal_actions)")
    summon_tributes: list[Annotated[int, Field(ge=0, le=5)]] = Field(default_factory=list, description="『这张卡也能把N只怪兽解放作召唤』 (0: 『可以不用解放作召唤』): other numbers of Tributes it can be Normal Summoned with (a summon, not a Set; legal_actions)")
    trap_monster: TrapMonster | None = Field(default=None, description="a Continuous Trap card that becomes a monster (『这张卡发动后变成效果怪兽（…）在怪兽区域特殊召唤。这张卡也当作陷阱卡使用』): its frames, Level, Attribute, Type, ATK and DEF as the text gives them. In a Monster Zone it is both a Trap card and that monster; turned face-down or with its effects negated it returns to its controller's Spell & Trap Zone (000 更新规则⑥)")
    effects: list[Effect] = Field(default_factory=list, description="the card's effects in the effect language")
    summon_materials: SummonMaterials | None = Field(default=None, description="the materials its Fusion / Synchro / Xyz / Link / Ritual / Tribute Summon needs (融合素材 『A＋B』, 『5星怪兽×2』, …): read by a summon step (asp/summons.lp)")
    summon_condition: SummonCondition | None = Field(default=None, description="its summoning condition: procedure_only (『这张卡不能通常召唤。…才能特殊召唤』), or <kind>_only (『…召唤才能从额外卡组特殊召唤』)")
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
    def _link_arrows(self) -> CardDef:
        if self.type is None:  # keys added to a known card: checked once added (cards.resolve_card)
            return self
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
        if self.type != "monster" and any(e.kind == "procedure" for e in self.effects):
            raise ValueError("a summon procedure (kind: procedure) is a monster's: only monsters have one")
        numbers = [e.number for e in self.effects]
        if len(set(numbers)) != len(numbers):
            raise ValueError("two effects have the same number")
        if (self.summon_materials is not None or self.summon_condition is not None) and self.type != "monster":
            raise ValueError("`summon_materials:` / `summon_condition:` are a monster's")
        return self

    @model_validator(mode="after")
    def _summon_keys(self) -> CardDef:
        if self.type is None:  # keys added to a known card: checked once added (cards.resolve_card)
            return self
        for key in ("unique_on_field", "double_tribute", "summon_tributes", "no_normal_summon_turn_special_summoned"):
            if getattr(self, key) and self.type != "monster":
                raise ValueError(f"`{key}:` is a monster's")
        if self.summon_tributes and self.special_summon_only:
            raise ValueError("`summon_tributes:` is a Normal Summon's: a card with special_summon_only cannot be "
                             "Normal Summoned")
        if self.trap_monster is not None and (self.type != "trap" or self.subtype != "continuous"):
            raise ValueError("`trap_monster:` is a Continuous Trap card's (type: trap, subtype: continuous) that "
                             "becomes a monster after its activation")
        if self.double_tribute is not None:
            extra = sorted(self.double_tribute.model_fields_set - set(DESCRIPTION_KEYS))
            if extra:
                raise ValueError(f"double_tribute: `{extra[0]}:` is not read (it describes the monster Tribute "
                                 f"Summoned: {', '.join(DESCRIPTION_KEYS)})")
        return self


# ---------------------------------------------------------------------------
# The effect language (docs/effect-language.md): how a card's effects are
# described, for the activation and resolution rule families.
# ---------------------------------------------------------------------------
Area = Literal[
    "monster_zone", "spell_trap_zone", "pendulum_zone", "field_zone", "field",
    "hand", "deck", "extra_deck", "graveyard", "banished", "tokens", "xyz_material",
]
EffectKind = Literal["ignition", "trigger", "quick", "continuous", "flip", "card_activation",
                     "maintenance", "replacement", "procedure"]
# keys a summon procedure (召唤手续: not an effect, not activated) does not take
PROCEDURE_FORBIDS = ("mandatory", "activates_from", "nowhere", "anywhere", "trigger", "cost", "bullets_all",
                     "resolves_later", "each_time", "once_per_turn", "once_per_name", "counters_at_activation",
                     "not_with_card_activation", "phase", "responds_to", "response_card", "activation_condition", "turn_condition", "modifiers",
                     "battle_turn", "in_phase",
                     "destroyed_unless", "destroyed_with")
Op = Literal[
    "destroy", "send_to_graveyard", "discard", "banish", "banish_face_down",
    "special_summon", "normal_summon", "return_to_hand", "return_to_deck",
    "return_to_extra_deck", "set", "add_to_hand", "draw", "reveal", "keep_revealed", "confirm",
    "excavate", "negate_activation", "negate_effect", "negate_attack", "negate_summon",
    "change_position", "change_atk", "change_def", "change_level", "change_stat",
    "inflict_damage", "gain_lp", "set_lp", "halve_lp", "tribute", "detach_material", "attach_material", "place_counter", "remove_counter",
    "place_in_pendulum_zone", "place", "activate_card", "add_to_extra_deck", "toss_coin", "exchange_control",
    "fusion_summon", "synchro_summon", "xyz_summon", "link_summon", "ritual_summon", "tribute_summon",
    "take_control", "shuffle", "apply_restriction", "apply_modifier", "pay_lp", "equip", "declare", "lock_zone", "move_zone", "other",
    "change_name",
]
# summons carried out inside a resolution (asp/summons.lp): the kind of summon each is
SUMMON_OPS = {"fusion_summon": "fusion", "synchro_summon": "synchro", "xyz_summon": "xyz", "link_summon": "link",
              "ritual_summon": "ritual", "tribute_summon": "tribute"}
MaterialOp = Literal["send_to_graveyard", "destroy", "banish", "return_to_deck", "tribute", "attach"]
# operations on players, not cards (they take no subject)
PLAYER_OPS = ("draw", "inflict_damage", "gain_lp", "set_lp", "halve_lp", "pay_lp", "declare", "lock_zone")
# what a player can declare for an effect (宣言): a Type, an Attribute, a Level, a card name
Declarable = Literal["race", "attribute", "level", "name"]
# the Attributes (属性) a selector names
ATTRIBUTE_NAMES = ("地", "水", "炎", "风", "光", "暗", "神")


def check_attributes(v: str | list[str] | None) -> str | list[str] | None:
    """An `attribute:` of a selector or a field entry: one Attribute or a non-empty list of different ones."""
    values = [v] if isinstance(v, str) else (v or [])
    if isinstance(v, list) and not v:
        raise ValueError("`attribute:` as a list names one or more Attributes")
    unknown = [a for a in values if a not in ATTRIBUTE_NAMES]
    if unknown:
        raise ValueError(f"`attribute:` {unknown[0]!r} is not an Attribute ({' '.join(ATTRIBUTE_NAMES)})")
    if len(set(values)) != len(values):
        raise ValueError("`attribute:` names an Attribute twice")
    return v
Connector = Literal["first", "comma", "then", "again", "period", "bullet", "added"]
Wording = Literal[
    "chosen", "this_card", "that_card", "target", "those_cards", "those_n_cards",
    "a_and_b", "a_as_well_as_b", "all", "as_many_as_possible", "deck_top_n", "this_effect_cards",
]
EventKind = Literal[
    "normal_summoned", "special_summoned", "flip_summoned", "summoned", "flipped",
    "turned_face_down", "destroyed", "sent_to_graveyard", "banished",
    "returned_to_hand", "returned_to_deck", "returned_to_extra_deck", "left_field",
    "drawn", "discarded", "tributed", "moved", "activated", "activation_negated",
    "attack_declared", "set", "resolved", "placed",
    "processed",  # an effect's processing without a chain was carried out (asp/end_phase.lp)
    "battled",  # two monsters battled: the damage calculation between them was performed (asp/battle_turn.lp)
]
Cause = Literal["battle", "effect", "cost", "rule", "material", "procedure", "any"]
# how a monster was Summoned (『融合召唤』『连接召唤』…; tribute: 上级召唤, a Normal Summon with Tributes)
SummonKind = Literal["fusion", "synchro", "xyz", "link", "ritual", "pendulum", "tribute"]
SUMMON_EVENTS = ("normal_summoned", "special_summoned", "summoned")
# where a Special Summoned monster may have come from (『从墓地特殊召唤的』)
SummonedFrom = Literal["hand", "deck", "extra_deck", "graveyard", "banished", "spell_trap_zone", "pendulum_zone"]
RelPlayer = Literal["self", "opponent", "any"]
ModifierKind = Literal[
    "cannot_special_summon", "cannot_special_summon_by_monster_effect", "cannot_draw", "cannot_add_from_deck", "cannot_banish",
    "cannot_be_destroyed", "cannot_be_destroyed_by_effects", "cannot_be_banished",
    "cannot_be_tributed", "unaffected_by_effects", "hand_public",
    "no_activation_on_field", "face_up_spell_trap_no_effects", "cannot_activate",
    "cannot_be_targeted", "effects_negated", "activation_cannot_be_negated",
    "effect_cannot_be_negated", "card_activation_and_effect_cannot_be_negated",
    "banished_when_leaving_field", "deck_bottom_when_leaving_field", "deck_top_instead_of_graveyard", "no_damage", "no_damage_while_lower_lp",
    "deck_cannot_be_sent_to_graveyard", "double_battle_damage", "battle_damage_to_both",
    "battle_damage_to_opponent_instead",
    "special_summon_once_per_turn", "field_cards_cannot_return_to_deck", "race_in_graveyard", "race_on_field",
    "cannot_attack", "cannot_attack_directly", "cannot_change_position", "cannot_normal_summon",
    "second_attack", "attack_all_monsters", "attacks_become_direct", "must_be_attacked",
    "normal_summon_three_times",
    "banished_instead_of_graveyard", "trap_effects_negated",
    "control_cannot_change", "activation_lp_toll", "hand_card_lp_toll",
    "unaffected_by_opponent_effects", "unaffected_by_opponent_activated_monster_effects", "unaffected_by_opponent_activated_effects",
    "unaffected_by_spell_trap_effects", "cannot_be_destroyed_by_battle", "cannot_activate_spell_trap_zone_effects",
    "unaffected_by_opponent_monster_effects_atk_up_to_own",
    "cannot_be_xyz_material", "cannot_be_fusion_material", "cannot_be_synchro_material", "cannot_be_link_material",
    "fusion_activation_cannot_be_negated", "cannot_activate_monster_effects", "cannot_activate_trap_effects",
    "cannot_be_attack_target", "cannot_be_targeted_by_opponent", "cannot_be_banished_by_opponent",
    "no_effect_damage", "damage_becomes_gain",
    "banished_instead_of_hand", "synchro_material_deck_bottom", "field_banished_instead_of_graveyard",
]
# turn flow (asp/summon_limit.lp, asp/skipped_phases.lp): a limit on the summons left this turn, skipped phases
ModifierKind = Literal[ModifierKind, "summon_only_once", "skip_draw_phase", "skip_standby_phase", "skip_main_phase_1",
                       "skip_battle_phase"]
# (asp/activation_limit.lp) 『只能有1次把魔法·陷阱·怪兽的效果发动』, 『不能把魔法·陷阱卡盖放』
ModifierKind = Literal[ModifierKind, "activate_only_once", "cannot_set_spell_trap"]
# 『攻击力·守备力的上升·下降的效果变成逆向』 (asp/reversed_values.lp)
ModifierKind = Literal[ModifierKind, "value_changes_reversed"]
# 『…被…对方的效果破坏的场合，可以作为那1张破坏的卡的代替而把这张卡破坏』 (asp/destroy_substitute.lp): on the cards `cards:` names
ModifierKind = Literal[ModifierKind, "destroy_substitute"]
# 『相同种族的怪兽…只能有1只』『只能有1种类的种族／属性的怪兽表侧表示存在』 (asp/field_limits.lp): on the players `player:` names
ModifierKind = Literal[ModifierKind, "one_monster_per_type", "one_type_of_monster", "one_attribute_of_monster"]
# 『为让…发动而支付的基本分变成不需要』 (asp/lp_cost_waiver.lp): on the cards `cards:` names, optionally `lp_at_most:`
ModifierKind = Literal[ModifierKind, "lp_costs_unnecessary"]
# 『自己不能把「X」以外的魔法·陷阱卡的效果发动』 (asp/spell_trap_lock.lp): on players, in `in_force:` with `except_names:`
ModifierKind = Literal[ModifierKind, "cannot_activate_spell_trap_effects"]
# 『得到那只怪兽的控制权』 of a Continuous Trap that holds the control while it applies (asp/held_control.lp): on the target
# of its activation only (`activation_target: true`)
ModifierKind = Literal[ModifierKind, "control_held"]
# modifiers that take a `race:` (the Type they give)
RACE_MODIFIERS = ("race_in_graveyard", "race_on_field")
# modifiers that take an `amount:` (activation_lp_toll: the Life Points paid on each activation)
AMOUNT_MODIFIERS = ("activation_lp_toll", "hand_card_lp_toll")


def _amount_key_fits(modifier: str, amount: int | None) -> None:
    """`amount:` goes with a modifier that states one (activation_lp_toll), and only there."""
    if modifier in AMOUNT_MODIFIERS and amount is None:
        raise ValueError(f"{modifier} needs `amount:` (『若不支付600基本分…』: 600)")
    if amount is not None and modifier not in AMOUNT_MODIFIERS:
        raise ValueError(f"`amount:` is read only with modifier: {', '.join(AMOUNT_MODIFIERS)}")


def _race_key_fits(modifier: str, race: str | None) -> None:
    """`race:` goes with a modifier that gives a Type (race_in_graveyard), and only there."""
    if modifier in RACE_MODIFIERS and not race:
        raise ValueError(f"{modifier} needs `race:` (the declared Type, e.g. 兽族)")
    if race is not None and modifier not in RACE_MODIFIERS:
        raise ValueError(f"`race:` is read only with modifier: {', '.join(RACE_MODIFIERS)}")
EffectFlag = Literal[
    "earlier_depends_on_later", "earlier_fixed_at_activation", "proceed_despite_fail",
    "related_steps", "earlier_leaves_for_later", "bullets_decided_first", "not_simultaneous", "must_all", "end_phase_delayed", "each_at_once",
    "left_face_up_only",
    "short_down_nothing_applies", "zero_value_nothing_applies",
]
Phase = Literal["draw", "standby", "main1", "battle", "main2", "end"]
# the phases an effect can skip (asp/skipped_phases.lp skips/2)
SkippablePhase = Literal["draw", "standby", "main1", "battle"]


StatName = Literal["atk", "def", "level", "scale", "rank"]
# the values a selector can rank or compare (a Link monster's Link rating is read, never changed)
ReadStat = Literal["atk", "def", "level", "rank", "link"]
# the operations that change a monster's values (docs/effect-language.md, A monster's values)
STAT_OPS = {"change_atk": "atk", "change_def": "def", "change_level": "level", "change_stat": None}


class UnusedZones(Strict):
    """『没有使用的自己·对方的魔法与陷阱区域数量』: how many zones of a kind the players named do not use."""

    zones: Literal["spell_trap_zone", "main_monster_zone"] = Field(description="which zones: the Spell & Trap Zones (Pendulum Zones among them) or the Main Monster Zones")
    player: Literal["self", "opponent", "any"] = Field(description="whose, relative to the effect's controller (『自己·对方的』: any — both players' added up)")


class ValueRange(Strict):
    """A condition on one value of a monster (ATK, DEF, Level): ≥ min, ≤ max, = equal."""

    min: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="at least this (『攻击力1500以上』)")
    max: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="at most this (『4星以下』)")
    equal: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="exactly this (『攻击力0』)")
    min_target: bool = Field(default=False, description="at least the same value of the card the effect targets (『那只怪兽的攻击力以上的攻击力』); a face-down target shows none: not met")
    max_target: bool = Field(default=False, description="at most the same value of the card the effect targets (『那只怪兽的攻击力以下』)")
    equal_target: bool = Field(default=False, description="the same value as the card the effect targets (『和那只怪兽相同等级』)")
    below_trigger_card: bool = Field(default=False, description="『比墓地的那只怪兽攻击力低』: lower than the same value of the card whose event met the trigger, while it is where its event put it (once it has left, no card meets it)")
    cost_in_graveyard_plus: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="『和墓地的那只怪兽…而等级高1星的』: the value of the card the effect's cost sent to the GY, as it is there, plus this many (1), only while it is in the GY (once it has left, no card meets it); at activation any card the cost could send, as it would be in the GY (its printed value)")
    equal_cost: bool = Field(default=False, description="the same value as the card the effect's cost takes (『和那只怪兽的原本等级相同等级的』 after 『把…送去墓地才能发动』): at activation any card the cost could take, at resolution the card of the history's `by: cost` event of the chain link, wherever it went")
    not_equal_cost: bool = Field(default=False, description="another value than the card the effect's cost takes has (『和解放的怪兽等级不同的』)")
    cost_plus: list[int] | None = Field(default=None, min_length=1, description="the same value as the card the effect's cost took plus one of these (『和解放的怪兽…阶级低1阶的』: rank: {cost_plus: [-1]}): at activation any card the cost could take, as it is now; at resolution the card of the history's `by: cost` event of the chain link wherever it went, with the value it had at the cost — a Tributed monster's on the field (the event's `was:`), else its printed one (compared_values.lp)")
    trigger_card_plus: list[int] | None = Field(default=None, min_length=1, description="the same value as the card whose event met the trigger plus one of these (『原本等级比那之内的1只要高1星或低1星的』: original_level: {trigger_card_plus: [1, -1]}), read wherever that card went: the value it had before its event (the event's `was:`), else its printed one; an `original_*` value its printed one (compared_values.lp)")
    max_unused_zones: "UnusedZones | None" = Field(default=None, description="『持有没有使用的自己·对方的魔法与陷阱区域数量以下的等级的』 (「王神鸟 斯摩夫」 ③): at most the number of unused zones of that kind of the players named (a zone a card stands in — a Pendulum Zone is a Spell & Trap Zone — or an effect locked is used), counted at activation now and at resolution then (asp/zone_count_values.lp)")
    max_trigger_card: bool = Field(default=False, description="at most the same value of the card whose event met the trigger (『和那只怪兽的等级相同等级以下』), read wherever that card went, as `trigger_card_plus`")
    equal_own: ReadStat | None = Field(default=None, description="the same number as another value of the same card (『攻击力和守备力的数值相同』: atk: {equal_own: def}); a 『？』 value has no number: not met")
    min_own: ReadStat | None = Field(default=None, description="at least another value of the same card (『攻击力比守备力高或者相同』)")
    max_own: ReadStat | None = Field(default=None, description="at most another value of the same card")

    @model_validator(mode="after")
    def _some_bound(self) -> ValueRange:
        if self.min is None and self.max is None and self.equal is None and not (self.min_target or self.max_target or self.equal_target) \
                and not (self.equal_cost or self.not_equal_cost or self.below_trigger_card) and self.cost_in_graveyard_plus is None \
                and not (self.equal_own or self.min_own or self.max_own) \
                and not (self.cost_plus or self.trigger_card_plus or self.max_trigger_card) and self.max_unused_zones is None:
            raise ValueError("give min:, max:, equal: (or min_target / max_target / equal_target, equal_cost / not_equal_cost, equal_own / min_own / max_own, cost_plus, trigger_card_plus / max_trigger_card, max_unused_zones)")
        return self


class AmountFrom(Strict):
    """An amount read from a card's value when the step applies (『那只怪兽的攻击力数值』)."""

    card: Literal["previous", "this_card", "sent_to_graveyard", "attack_target", "answered", "target", "cost", "trigger_card", "total"] = Field(description="total: the value added up over the cards `total:` describes; trigger_card: 『那只怪兽』 of a trigger effect, the card whose event met its trigger (the history event), its value when the step applies — once it has left the GY or banishment its event put it in, it is a new card and nothing is read (the step does not apply); cost: the card the effect's cost takes (『送去墓地的怪兽』 of 『…送去墓地才能发动』): at activation judged for each card the cost could take — one whose value the step cannot use (a Link monster has no Level) cannot be taken; at resolution the card of the history's `by: cost` event of the chain link; target: the card the effect targets (a step's subject with `target: true`; 『そのモンスターと同じにする』), judged at activation for each card that could be the target; attack_target: the monster being attacked (the scenario's `attack.target`), its value when the step applies; answered: the card of the chain link just below this one, the activation this effect answers (『その相手モンスターの元々の攻撃力分』); previous: the card(s) the step before acted on (their value just before that step); this_card: this card now; sent_to_graveyard: the monsters the earlier steps of the effect sent to the GY and that went there (『送去墓地的怪兽的攻击力合计』), their values in the GY")
    stat: StatName | Literal["link"] = "atk"
    original: bool = Field(default=False, description="its original value (『原本攻击力』), not the current one")
    half: bool = Field(default=False, description="half of it (『…的一半数值』, rounded up)")
    higher_of: list[Literal["atk", "def"]] | None = Field(default=None, description="instead of `stat`: the higher of these two values (『攻击力和守备力之内较高方的数值』: [atk, def]); a card with only one of them (a Link monster: no DEF) gives that one")
    step: int | None = Field(default=None, ge=1, le=MAX_ITEMS_PER_EFFECT, description="with card: target — which target: that of step N (1-based), whose subject has `target: true` (『作为对象的墓地的怪兽的攻击力』 of an effect with two targets)")
    times: int | None = Field(default=None, ge=1, le=MAX_INTEGER, description="with card: cost — the value added up over every card the cost took, times this (『因为这张卡发动而除外的连接怪兽的连接标记合计×300』: {card: cost, stat: link, times: 300}); at activation the change is judged as for one card")
    total: Selector | None = Field(default=None, description="with card: total — the cards whose values are added up (『场上的其他怪兽的原本攻击力的合计数值』), matched when the value is read; a face-down monster on the field shows none and adds nothing")

    @model_validator(mode="after")
    def _amount_from_keys(self) -> AmountFrom:
        if self.higher_of is not None:
            if len(set(self.higher_of)) != 2:
                raise ValueError("`higher_of:` names two different values: [atk, def]")
            if "stat" in self.model_fields_set:
                raise ValueError("`higher_of:` reads the higher of two values: give no `stat:` with it")
        if self.times is not None and self.card != "cost":
            raise ValueError("`times:` multiplies the total of the cards the cost took: only with card: cost")
        if self.step is not None and self.card != "target":
            raise ValueError("`step:` names which target the amount is read from: only with card: target")
        if (self.card == "total") != (self.total is not None):
            raise ValueError("card: total needs `total:` (the cards whose values are added up), and `total:` needs card: total")
        if self.total is not None and (self.total.this_card or self.total.target or self.total.up_to
                                       or "count" in self.total.model_fields_set):
            raise ValueError("`total:` describes the cards added up (not this_card, target, up_to or count)")
        return self

    def stat_term(self) -> str:
        """The value read, as the rule base names it (hi(atk,def): the higher of two)."""
        return f"hi({','.join(self.higher_of)})" if self.higher_of else self.stat


class Selector(Strict):
    """Which cards a step, cost or trigger is about.  Players are relative to
    the effect's controller (self = the player who activates it)."""

    this_card: bool = Field(default=False, description="『这张卡』: the card itself")
    player: RelPlayer = "any"
    zones: list[Area] = Field(default=["field"], description="areas the cards are in (default: the field)")
    card_type: CardType | list[CardType] | None = Field(default=None, description="monster, spell or trap; a list: one of them (『魔法·陷阱卡』: [spell, trap])")
    frames: Annotated[list[Frame], FRAMES_SCHEMA] = Field(default_factory=list, description="all of these frames")
    frames_one_of: list[Frame] = Field(default_factory=list, description="『融合·同调·超量怪兽』: one of these frames at least (asp/frame_choices.lp)")
    names: list[str] = Field(default_factory=list, description="one of these card names")
    archetype: str | list[str] | None = Field(default=None, description="名字带有「X」: an archetype of the card; a list: one of them (「龙剑士」或「龙魔王」)")
    not_archetype: str | list[str] | None = Field(default=None, description="『「X」怪兽以外』: a card of none of these archetypes (judged by the card's own archetypes, face-down too)")
    race: str | list[str] | None = Field(default=None, description="种族, e.g. 植物族; a list: one of them (『兽族·兽战士族·鸟兽族』), judged where the card is (a Type an effect gives the GY holds only there)")
    attribute: str | list[str] | None = Field(default=None, description="属性, e.g. 暗; a list: one of them (『光·暗属性怪兽』 / 『光属性或暗属性』: [光, 暗])")
    no_level: bool = Field(default=False, description="『不持有等级的怪兽』 / 『レベルを持たないモンスター』: a monster with no Level (an Xyz or Link monster)")
    abilities: list[Ability] = Field(default_factory=list, description="what its type line says beyond its frames, all of these (『卡通怪兽』: [toon]; 『灵魂怪兽』: [spirit]); a face-down card does not show it")
    subtype: Literal["normal", "quick_play", "continuous", "field", "equip", "ritual", "counter"] | None = Field(default=None, description="a Spell/Trap card of this kind (『永续陷阱卡』: continuous with card_type trap); a face-down card does not show it (asp/linked_destruction.lp)")
    like_cost_in_graveyard: list[Literal["race", "attribute"]] = Field(default_factory=list, description="『和墓地的那只怪兽种族·属性相同的』: the same Type / Attribute as the card the effect's cost sent to the GY, as it is there, only while it is in the GY (once it has left, no card meets it); at activation any card the cost could send. Judged with `cost_in_graveyard_plus` on the same card")
    like_cost: list[Literal["race", "attribute", "original_race", "original_attribute"]] = Field(default_factory=list, description="『和送去墓地的那张怪兽卡相同种族的』 / 『和解放的怪兽相同种族…』: the same Type / Attribute as the card the effect's cost took, wherever it went (it need not be in the GY): at activation any card the cost could take, as it is now; at resolution the one it took, as it was at the cost -- a Tributed monster as it was on the field (the event's `was:`), else its own; original_*: both cards' own (compared_values.lp)")
    like_trigger_card: list[Literal["race", "attribute", "original_race", "original_attribute"]] = Field(default_factory=list, description="『原本种族与其中1只相同的』: the same Type / Attribute as the card whose event met the trigger, read wherever it went -- as it was before its event (the event's `was:`), else its own; original_*: both cards' own (compared_values.lp)")
    like_target: list[Literal["original_race", "original_attribute"]] = Field(default_factory=list, description="the same original Type / Attribute as the card the effect targets (a step's subject or an equip step's `to:` with `target: true`): at activation any card that could be the target, at resolution the chain link's target; with `like_target_one_of` one of them is enough (『原本种族或者原本属性和作为对象的怪兽相同的』) (compared_values.lp)")
    like_target_one_of: bool = Field(default=False, description="with `like_target`: one of its comparisons is enough (『…或者…』), not all")
    attribute_unlike_trigger_card: bool = Field(default=False, description="『持有和那1只怪兽的原本属性不同属性的』 of a trigger effect: an Attribute other than the original one of a card whose event met the trigger, known wherever that card went (a Token that vanished too)")
    attribute_trigger_card: bool = Field(default=False, description="『相同属性』 of a trigger effect: the Attribute of the card whose event met the trigger, while it is where its event put it (『墓地的那只怪兽』: once it has left, no card meets it)")
    attribute_target: bool = Field(default=False, description="『属性和作为对象的怪兽相同』: the Attribute of the card the effect targets (a step's subject with `target: true`) — at activation of any card that could be the target, at resolution of the chain link's target while it is face-up on the field; a face-down target shows none: no card meets it")
    face: Face | None = None
    other_than_this: bool = False
    other_name_than_previous: bool = Field(default=False, description="『卡名不同』: a card whose name differs from the card(s) the step before took (judged at resolution)")
    count: int = Field(default=1, ge=0, description="how many cards (『那2只』: 2)")
    up_to: bool = Field(default=False, description="『任意数量』『最多N张』: `count` is only the most it takes: 1 is enough to activate, and at resolution, with fewer there, it takes those (a stated number, without up_to, then applies to none: res_stated_count_short)")
    target: bool = Field(default=False, description="取对象: chosen as targets at activation")
    attacking: bool = Field(default=False, description="the attacking monster (of the scenario's `attack:`)")
    attack_target: bool = Field(default=False, description="the monster being attacked (of the scenario's `attack:`): 『攻撃対象のモンスター』, 『そのモンスター』 of an attack declaration")
    in_battle: bool = Field(default=False, description="『进行战斗的』: a monster of the battle in progress, the attacking monster or the one it attacks (of the scenario's `attack:`)")
    trigger_cards: bool = Field(default=False, description="『そのモンスター』 / 『那只怪兽』 of a trigger effect: the card(s) whose event met its trigger, at the moment it answers")
    procedure_cards: bool = Field(default=False, description="『为这张卡特殊召唤而除外的怪兽』: the cards this card's summon procedure moved for its last summon (the history's events `by: procedure, by_card:` this card before its `special_summoned` event with `procedure:`); a step that moves them does not take one banished while 『从场上离开的场合除外』 applied to it")
    being_summoned: bool = Field(default=False, description="『那些怪兽』 of an effect answering a summon (『召唤·特殊召唤之际』): the monster whose summon is in progress (the scenario's `summoning:`)")
    equipped: bool = Field(default=False, description="an Equip Card now, equipped to a monster (『给怪兽装备的…』)")
    equipped_by_this: bool = Field(default=False, description="『装备怪兽』 of an Equip Card's text: the monster this card is equipped to (now, or when the step applies)")
    equipped_to_this: bool = Field(default=False, description="『这张卡装备的…』: an Equip Card equipped to this card (now)")
    summoned_by_this: bool = Field(default=False, description="『那只怪兽』 of a card whose activation Special Summoned a monster (「活死人的呼声」 『这张卡从场上离开时那只怪兽破坏』): the monster whose field entry says `summoned_by:` this card, while it stays on the field")
    other_than_summoned_by_this_effect: bool = Field(default=False, description="『这个效果特殊召唤的怪兽以外』 / 『この効果で特殊召喚したモンスター以外』: not a monster an earlier step of this chain link summoned (asp/rank_up.lp); judged at resolution")
    was_equipped_to_this: bool = Field(default=False, description="『原先装备于此卡的…』 / 『このカードに装備されていた…』: a card equipped to this card now, or, once it has left the field, one that was equipped to this card as it left (its history event's `was: {equipped_to: this card}`; asp/equipped_to_before.lp)")
    was_equipped_by_this: bool = Field(default=False, description="『这张卡装备过的怪兽』 / 『このカードを装備していたモンスター』: the monster this card is equipped to, or, once it has left the field (its cost sent it to the GY), the one it was equipped to as it left (history `was: {equipped_to}`; asp/equipped_before.lp)")
    attacked_this_turn: bool = Field(default=False, description="『这个回合进行过攻击的』: a monster that declared an attack this turn (field entry `this_turn: [attacked]` or `attack_targets:`)")
    part_wording: Literal["those_cards"] | None = Field(default=None, description="only in an 『A和B』 step's `parts`: this part is itself 『那些卡』 (『这张卡和那些怪兽』): it still counts while one of its cards is there")
    atk: ValueRange | None = Field(default=None, description="its ATK now (『攻击力1500以下』: {max: 1500}); a face-down monster on the field does not show it (not met)")
    def_: ValueRange | None = Field(default=None, alias="def", description="its DEF now")
    level: ValueRange | None = Field(default=None, description="its Level now (a monster with no Level, Xyz or Link, does not meet it)")
    original_atk: ValueRange | None = Field(default=None, description="its original ATK (『原本攻击力』)")
    original_def: ValueRange | None = Field(default=None, description="its original DEF")
    original_level: ValueRange | None = Field(default=None, description="its original Level")
    rank: ValueRange | None = Field(default=None, description="its Rank now (an Xyz monster's; a monster with no Rank does not meet it)")
    link: ValueRange | None = Field(default=None, description="its Link rating (a Link monster's; a monster with no Link rating does not meet it)")
    highest: ReadStat | None = Field(default=None, description="『攻击力最高的怪兽』: among the cards the rest of this selector describes, those with the highest value (ties: each of them), judged at activation on the board now and at resolution on the values then; a card that shows no value (face-down, 『？』, no Level) is not one")
    lowest: ReadStat | None = Field(default=None, description="『攻击力最低的怪兽』: the same, the lowest value")
    not_highest: ReadStat | None = Field(default=None, description="『…之内除攻击力最高的…以外的…』: the cards the rest of this selector describes, but those with the highest value among them")
    declared: list[Declarable] = Field(default_factory=list, description="『持有宣言的种族·等级的…』: the card has what the player declared for this effect (race, attribute, level, name), at activation (effect `declares:`) or by its `op: declare` step; judged at resolution (a declaration not made: no card), not at activation")
    summoned_from: SummonedFrom | None = Field(default=None, description="『从墓地特殊召唤的』: a monster on the field that was Special Summoned from this area (the history says so) and has not been turned face-down nor left the field since (a face-down monster Summoned face-down keeps it, also once flipped)")
    summoned_as: SummonKind | None = Field(default=None, description="『融合召唤的』: a monster on the field whose last Summon (the history's) was of this kind and that has not left the field since (turned face-down, it keeps it)")
    special_summoned: bool = Field(default=False, description="『特殊召唤的怪兽』: a monster on the field whose last Summon (the history's) was a Special Summon and that has not left the field since (turned face-down, it still is one; asp/turn_monster_lock.lp)")
    distinct: Literal["attribute", "race", "name"] | None = Field(default=None, description="only in an effect's `activation_condition`: `count` counts the different Attributes / Types / names of the matching cards (『属性が２種類以上』: distinct attribute, count 2)")
    except_: Selector | None = Field(default=None, alias="except", description="『…以外的』: a card this sub-selector describes is not designated (its description, face, summoned_from, summoned_as; not its zones, count or values)")
    same_column_as: Selector | None = Field(default=None, description="『和…相同纵列的』 / 『…的正对面的』: only cards in the column of a card this sub-selector matches (both players' zones; that card itself too), judged on the board as given")
    same_name_as_answered: bool = Field(default=False, description="『その同名カード』 / 『那些同名卡』 of an effect chained to an activation: cards with the name of the card of the chain link just below (the activation it answers), judged when the step applies — that card's name then while it is still where it activated the effect (face-down too), else its name where it activated it; a card face-down on the field shows no name and is not one; a name its card's own effect gives (name_as) does not apply while that card's effects are negated")

    @field_validator("frames", mode="before")
    @classmethod
    def _frame_alias(cls, v: object) -> object:
        return CardDef._frame_alias(v)

    def value_ranges(self) -> list[tuple[str, str, ValueRange]]:
        """(cur | orig, stat, range) of each value condition."""
        out = []
        for kind, stat, rng in (("cur", "atk", self.atk), ("cur", "def", self.def_), ("cur", "level", self.level),
                                ("orig", "atk", self.original_atk), ("orig", "def", self.original_def),
                                ("orig", "level", self.original_level), ("cur", "rank", self.rank),
                                ("cur", "link", self.link)):
            if rng is not None:
                out.append((kind, stat, rng))
        return out

    def extremes(self) -> list[tuple[str, str]]:
        """(max | min | not_max, stat) of each 『最高/最低』 condition."""
        return [(m, st) for m, st in (("max", self.highest), ("min", self.lowest), ("not_max", self.not_highest))
                if st is not None]

    @field_validator("attribute")
    @classmethod
    def _attributes_known(cls, v: str | list[str] | None) -> str | list[str] | None:
        return check_attributes(v)

    @model_validator(mode="after")
    def _values_not_on_this_card(self) -> Selector:
        if self.this_card and self.extremes():
            raise ValueError("`highest` / `lowest` / `not_highest` are not read with this_card: true")
        if len(self.extremes()) > 1:
            raise ValueError("give one of `highest`, `lowest`, `not_highest`")
        if self.this_card and self.value_ranges():
            raise ValueError("a value condition (atk, def, level, original_…) is not read with this_card: true")
        if self.this_card and self.attribute_target:
            raise ValueError("`attribute_target` is not read with this_card: true")
        if self.this_card and self.same_name_as_answered:
            raise ValueError("`same_name_as_answered` is not read with this_card: true")
        if self.target and self.attribute_target:
            raise ValueError("`attribute_target` describes other cards than the target: not with target: true")
        if self.target and any(r.min_target or r.max_target or r.equal_target for _, _, r in self.value_ranges()):
            raise ValueError("`min_target` / `max_target` / `equal_target` describe other cards than the target: not with target: true")
        if self.this_card and (self.summoned_from or self.summoned_as or self.except_):
            raise ValueError("`summoned_from:`, `summoned_as:` and `except:` are not read with this_card: true")
        if self.this_card and self.was_equipped_to_this:
            raise ValueError("`was_equipped_to_this:` describes the cards equipped to this card: not with this_card: true")
        if self.this_card and self.same_column_as is not None:
            raise ValueError("`same_column_as:` is not read with this_card: true")
        if self.same_column_as is not None:
            c = self.same_column_as
            unread = [k for k in ("count", "up_to", "target", "part_wording", "other_name_than_previous", "distinct",
                                  "same_column_as") if k in c.model_fields_set]
            if unread:
                raise ValueError(f"`same_column_as:` names the card(s) whose column counts: it does not read `{unread[0]}`")
        if self.except_ is not None:
            e = self.except_
            unread = [k for k in ("zones", "count", "up_to", "target", "this_card", "other_than_this", "attribute_target",
                                  "part_wording", "other_name_than_previous", "except_") if k in e.model_fields_set]
            if unread or e.value_ranges() or e.extremes():
                raise ValueError(f"`except:` is judged on what the card is (description, face, summoned_from, "
                                 f"summoned_as, player, attacking): it does not read `{(unread or ['a value condition'])[0]}`")
        return self


ValueMode = Literal["gain", "lose", "set", "halve", "double", "original"]


class ValueChoice(Strict):
    """One alternative of a value step the player chooses when it applies (『上升或者下降3』, 『变成5星或者7星』):
    its mode and amount, each defaulting to the step's."""

    mode: ValueMode | None = Field(default=None, description="this alternative's mode (default: the step's)")
    amount: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="this alternative's amount (default: the step's)")


class Later(Strict):
    """When a delayed step applies (『下个回合的准备阶段时，…』, 『这个回合的结束阶段时，…』): asp/delayed_steps.lp."""

    at: Literal["standby", "end_phase"] = Field(description="the phase it applies in: standby (『准备阶段时』), end_phase (『结束阶段时』)")
    turn: Literal["this", "next"] = Field(default="this", description="this turn's phase (『这个回合的结束阶段』) or the next turn's (『下个回合的准备阶段』)")


class SummonInto(Strict):
    """The Main Monster Zones a special summon step names (『在…的自己场上特殊召唤』): give exactly one key."""

    same_column_as: Selector | None = Field(default=None, description="『…的正对面的』: a zone in the column of a card this selector matches (『对方怪兽的正对面』: {player: opponent, zones: [monster_zone], card_type: monster})")
    pointed_by: Selector | None = Field(default=None, description="『…所连接区的』: a zone a Link arrow of a card this selector matches points to (『作为成为对象的怪兽所连接区』: {target: true, zones: [monster_zone], frames: [link]} -- the chain link's target)")

    @model_validator(mode="after")
    def _one_key(self) -> SummonInto:
        given = [s for s in (self.same_column_as, self.pointed_by) if s is not None]
        if len(given) != 1:
            raise ValueError("`into:` takes exactly one of `same_column_as:` and `pointed_by:`")
        sel = given[0]
        unread = [k for k in ("count", "up_to", "part_wording", "other_name_than_previous", "distinct", "this_card")
                  if k in sel.model_fields_set]
        if unread:
            raise ValueError(f"`into:` names the card(s) that fix the zones: it does not read `{unread[0]}`")
        return self


class Branch(Strict):
    """『…的场合…，不是的场合…』: a step applied according to what the card an earlier step acted on is."""

    step: int = Field(ge=1, le=MAX_ITEMS_PER_EFFECT, description="the earlier step whose card is judged (the one that revealed it)")
    is_: Selector | None = Field(default=None, alias="is", description="the step applies only if that card is as described")
    is_not: Selector | None = Field(default=None, description="the step applies only if that card is not as described")

    @model_validator(mode="after")
    def _one(self) -> Branch:
        if (self.is_ is None) == (self.is_not is None):
            raise ValueError("a branch names `is` or `is_not` (one of them)")
        return self


class Step(Strict):
    """One step of an effect's resolution."""

    op: Op
    subject: Selector | None = Field(default=None, description="the cards it acts on (none for draw / damage)")
    wording: Wording = "chosen"
    connector: Connector = Field(default="first", description="how it joins the step before: first, comma 『，』, then 『那之后』, again 『再』, period 『。』, bullet 『●』, added 『加上以下效果』")
    optional: bool = Field(default=False, description="『可以』: a step the player may skip")
    optional_target: bool = Field(default=False, description="『可以以…为对象』 / 『…を対象とする事ができる』: a targeting step whose target may be left unchosen at activation (a chain link's `targets: {I: []}`): then it is not part of the activation and applies nothing; once chosen, the step applies as written")
    player: Literal["self", "opponent", "both", "event_card_owners"] = Field(default="self", description="who draws / takes damage / whose Deck; default self, or both with performer: each (『各自抽…』); event_card_owners: 『那些怪兽的持有者』, the owners of the cards whose event a continuous effect applied each time answers")
    performer: Literal["self", "opponent", "each"] = Field(default="self", description="who carries the step out; each: every player, on their own cards (『双方各自…』), `count` per player")
    amount: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="cards to draw, damage, ...")
    premise: bool = Field(default=False, description="a 『那之后/再』 step tied to the activation premise (it must be able to apply)")
    condition_holds: bool = Field(default=True, description="the step's own condition (e.g. 『●2只以上』) holds in this state")
    coin: Literal["heads", "tails"] | None = Field(default=None, description="『表出现的场合…』 (heads) / 『里出现的场合…』 (tails): a step on players after a `toss_coin` step of the same effect applies only for a player whose coin showed that face (asp/coin_toss.lp)")
    position: StepPosition | None = Field(default=None, description="change_position / special_summon: to this battle position (face_up_defense: 『变成表侧守备表示』)")
    to_field: Literal["self", "opponent"] | None = Field(default=None, description="special_summon: onto this field, relative to the effect's controller (『在对方场上特殊召唤』: opponent); default: the performer's own. lock_zone: the field whose Main Monster Zones it designates (『对方的怪兽区域』: opponent); default: the effect's controller's")
    zones_of: Literal["previous"] | None = Field(default=None, description="lock_zone: the zones it makes unusable are those the cards the step before designated stand in when that step applies (『那些怪兽区域不能使用』), Main or Extra Monster Zones, instead of unused zones it designates")
    duration: Literal["turn", "while_face_up", "while_banished"] | None = Field(default=None, description="lock_zone: how long the zones stay unusable — turn (default: 『这个回合』, 『直到对方回合结束时』, 『直到下个回合的结束时』, past the chain), while_face_up (『只要这张卡在场上表侧表示存在』, 『在这只怪兽表侧表示存在期间』: while the effect's card is face-up on the field) or, with zones_of: previous, while_banished (『（那只怪兽）从游戏中除外中的期间』: while the card whose zone it is stays banished; a banished Token is gone at once and locks none)")
    into: SummonInto | None = Field(default=None, description="special_summon: only into these Main Monster Zones of the field it goes to (『在对方怪兽的正对面的自己场上』: same_column_as; 『在作为成为对象的怪兽所连接区的自己场上』: pointed_by)")
    name_from: Literal["cost"] | None = Field(default=None, description="change_name: the name the card takes — cost: that of the card the effect's cost took (『当作和送去墓地的怪兽同名卡使用』), wherever that card went since (asp/cost_name.lp)")
    amount_from_previous: bool = Field(default=False, description="the amount is how many cards the step before acted on, per player (『抽出丢弃数量的卡』)")
    amount_per_previous_card: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="the amount is this many per card the step before acted on (『回去数量×300』)")
    amount_per_cost_card: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="on a step on players or a value step (mode gain / lose / set): the amount is this many per card the effect's cost took (『抽出送去墓地的怪兽的数量…』, 『因为这张卡发动而除外的怪兽数量×500』), counted however many it took and wherever they went since (one banished instead by 『从场上离开的场合除外』 too)")
    amount_added: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="with amount_per_cost_card: this many more (『…的数量＋1张』: 1)")
    count_only: Area | None = Field(default=None, description="with amount_per_previous_card: count only the cards that ended up in this area (『回到卡组的数量』: deck)")
    count_this_effect: bool = Field(default=False, description="with amount_per_previous_card: count only the cards this effect itself moved (『这个效果除外的卡数量』): a card another effect's 『从场上离开的场合除外』 banished instead is left out")
    count_from_previous: bool = Field(default=False, description="on a step with a subject: it takes as many cards as the step before applied to normally (『从卡组把这个效果除外的卡数量的…特殊召唤』), not the subject's `count`")
    amount_kinds: Selector | list[Selector] | None = Field(default=None, description="the amount is the number of kinds (different card names, as named where they are) of the cards matching it (a list: one of them) when the step applies (『…种类的数量』)")
    amount_per_event_card: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="inflict_damage / gain_lp of a continuous effect applied each time cards have an event: this many per card whose event it answers (『每1只500分』; with player: event_card_owners, per card of that owner)")
    count_kinds: Selector | list[Selector] | None = Field(default=None, description="『选最多有…的卡名种类数量的…』: the subject's count (with `up_to: true`) is the number of kinds of the cards matching it (a list: one of them), counted when the step applies (at activation, on the board now); a face-down card on the field is no kind")
    kinds_of: Literal["name", "attribute", "race", "card_type"] | None = Field(default=None, description="with `amount_kinds:` or `count_kinds:`: what a kind is — card names (default), Attributes (『属性种类』), Types (『种族种类』), card types (『卡的种类（怪兽·魔法·陷阱）』)")
    amount_per_kind: int | None = Field(default=None, ge=1, le=MAX_INTEGER, description="with `amount_kinds:`: the amount is this many per kind (『种族种类×100』: 100)")
    amount_from_damage: bool = Field(default=False, description="gain_lp / inflict_damage on a trigger on `damaged`: the amount is that of one damage the trigger answered (『回复那个伤害的数值』); several damages at its timing: one of them, each a choice")
    condition: Selector | None = Field(default=None, description="the step's condition 'such a card exists' (『●S：』), judged when the step is reached")
    on_target: bool = Field(default=False, description="with xyz_summon: 『在作为对象的怪兽上面重叠当作超量召唤』 (升阶魔法, Rank-Up): the monster is Xyz Summoned with the chain link's target for this step (a face-up Xyz monster its performer controls) as its only material, whatever its material line says, and the target's own materials go under it too (asp/rank_up.lp)")
    of_step: int | None = Field(default=None, ge=1, le=MAX_ITEMS_PER_EFFECT, description="with wording that_card / those_cards: the cards it names are those step `of_step` (an earlier step) acted on, not the step before (『めくったカード』 after other steps; asp/branches.lp)")
    branch: Branch | None = Field(default=None, description="『那张卡是X的场合…，不是的场合…』: the step applies only if the card an earlier step acted on is (`is`) / is not (`is_not`) as the selector describes, judged when the step is reached (asp/branches.lp)")
    parts: list[Selector] = Field(default_factory=list, description="『A和B』: the sub-descriptions of the subject; each designated card must still fit one when the step applies")
    to: Selector | list[Selector] | None = Field(default=None, description="equip: the monster the cards are equipped to (『给…装备』): a face-up monster in a Monster Zone matching it (a list: one of them), chosen when the step applies — or its target, with `target: true` (then the chain entry's cards for the step are that monster); `{this_card: true}`: this card")
    modifier: ModifierKind | None = Field(default=None, description="apply_modifier / apply_restriction: the continuous effect this step gives the designated cards (or, with no subject, the players) from then on (『这个回合，那张卡不会被效果破坏』)")
    negated_effects: Literal["card", "monster"] | None = Field(default=None, description="negate_effect: whose effects it negates — card: 『那张卡的效果无效』 (the card's own effects as a whole: a Continuous Trap monster's Trap effects too, so it returns to the Spell & Trap Zone); monster: 『那只（效果）怪兽的效果无效』 (its effects as a monster only: a Continuous Trap monster stays in the Monster Zone, 000 更新规则⑥). Default: monster when the subject describes monsters only (card_type: monster), else card")
    stat: StatName | list[StatName] | None = Field(default=None, description="change_stat: the value(s) it changes (『攻击力·守备力』: [atk, def]); change_atk / change_def / change_level name theirs")
    mode: Literal["gain", "lose", "set", "halve", "double", "original"] | None = Field(default=None, description="a value change: gain / lose `amount` (上升/下降), set to `amount` (变成), halve (变成一半), double (变成2倍), original (变成原本数值); default gain when an amount is given")
    amount_from: AmountFrom | None = Field(default=None, description="a value step's amount read from a card's value when it applies (『上升那只怪兽的原本攻击力数值』); on gain_lp / inflict_damage the Life Points gained or the damage (『自己基本分回复这张卡的守备力一半的数值』)")
    text_form: Literal["wo", "wa"] | None = Field(default=None, description="a value step's Japanese wording: wo 『攻撃力を…』 (a monster it would leave as it is, or too low for ダウン, cannot take it), wa 『攻撃力は/が…』 (the default); a negate_effect step's: wo 『効果を無効にし』 (the default: it cannot take a monster whose effects are already negated), wa 『効果は無効化され』『効果が無効になり』 (it can: negate_wa_takes_negated)")
    choices: list[ValueChoice] = Field(default_factory=list, max_length=MAX_ITEMS_PER_EFFECT, description="a value step whose change the player chooses when it applies, among these alternatives (『上升或者下降3』: [{mode: gain}, {mode: lose}] with amount 3; 『变成5星或者7星』: [{amount: 5}, {amount: 7}] with mode set): one choice for every card it acts on, each an outcome")
    choice_per_card: bool = Field(default=False, description="with `choices:`: each card it acts on takes its own alternative (『各自上升或下降1』)")
    at_least: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="a value step: 『最少到N』 — the value it lowers does not go below N (and an alternative that would lower it below N is not offered)")
    at_most: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="a value step: 『最多到N』 / 『最大Nまで』 — the value it raises does not go above N; one already at N or above is not raised (the step does not change it)")
    race: str | None = Field(default=None, description="apply_modifier race_in_graveyard: the Type it gives the monsters in the players' GYs from then on this turn — a Type, or `declared`: the one the player declared for this effect (「轮回独断」 『这个回合，双方墓地的怪兽变为宣言的种族』)")
    from_cost: bool = Field(default=False, description="the step's processing reads what the effect's own cost did (『比…要高除外数量数值的…』): applied without that cost — copied by another effect (`copies:`) — it cannot be processed")
    declares: list[Declarable] = Field(default_factory=list, description="op declare: what the player declares when the step applies (『宣言种族和等级各1个』: [race, level]); the chain entry's `declared:` says the values")
    materials: Selector | None = Field(default=None, description="a summon step (fusion_summon, …): where its materials may come from (『从自己的手卡·场上』: {player: self, zones: [hand, monster_zone]})")
    materials_previous: bool = Field(default=False, description="a summon step: its materials are exactly the cards the step before acted on (『只用那些怪兽为素材』)")
    later: Later | None = Field(default=None, description="a delayed step (『下个回合的准备阶段时，这张卡从墓地特殊召唤』, 『这个回合的结束阶段时…特殊召唤』): when the chain link resolves it is `delayed`; it is carried out at that phase, outside the chain and not as an activation, by a chain entry with `delayed: true` (asp/delayed_steps.lp)")
    after_resolution: bool = Field(default=False, description="a summon step worded 『…作连接召唤』 / 『Ｌ召喚を行う』 (「I：P伪装舞会莱娜」 ①): the Summon is carried out once the effect has resolved, by its procedure — the monster is not Special Summoned by the effect (no `by: effect`, no `by_player` / `by_card_type` of the chain link for a trigger; rule summon_after_resolution_not_by_effect)")
    materials_sent_before: bool = Field(default=False, description="a summon step that uses no material now: they were sent earlier (「未来融合」②); a monster whose materials must come from given areas (summon_materials from_each) cannot be summoned so")
    used_materials: bool = Field(default=False, description="special_summon: the step designates the materials the card the step before acted on was summoned with (its field entry's `summoned_with`: 「融合解除」 『那一组融合素材怪兽』), all of them where its subject looks, and only while they are still a set that monster's summon_materials allows")
    material_op: MaterialOp | None = Field(default=None, description="a summon step: what is done with the materials, when the text says (『…破坏，…融合召唤』: destroy; 『…除外，…』: banish; 『…回到卡组，…』: return_to_deck); default the summon's own (send_to_graveyard; tribute for ritual / tribute summons; attach for Xyz)")
    materials_total: Literal["level", "atk"] | None = Field(default=None, description="a summon step whose text sets what its materials add up to (a Ritual Spell's 『等级合计直到变成仪式召唤的怪兽的等级以上为止』: level; 「流星辉巧群」 『攻击力合计直到变成仪式召唤的怪兽的攻击力以上为止』: atk): one material or more whose values add up to the summoned monster's value or more, none more than needed (it replaces the monster's own `level_sum`)")
    level_sum_at_least: int | None = Field(default=None, ge=1, le=MAX_AMOUNT, description="『等级合计直到N以上』: the step takes cards its subject describes whose Levels add up to N or more, and no more than needed — leaving out any one of them would bring the total under N (archive 2020.rst:2092 「卡通混沌战士」); at activation their Levels must be able to reach N")
    level_sum_equal_cost: bool = Field(default=False, description="『等级合计直到变成和解放的怪兽的等级相同为止』: the step takes cards its subject describes whose Levels add up to exactly the Level of the card the effect's cost took — at activation any card the cost could take (its Level now), at resolution that card's Level at the cost (a Tributed monster's on the field: the history's `was.level`, else its printed one); each such set an outcome, none: the step does not apply (compared_values.lp)")
    text: str | None = None

    @model_validator(mode="after")
    def _level_sum(self) -> Step:
        if self.level_sum_equal_cost:
            sub = self.subject
            if sub is None or sub.this_card or sub.target or "count" in sub.model_fields_set or self.level_sum_at_least is not None:
                raise ValueError("`level_sum_equal_cost:` chooses the cards of a `subject:` when the step applies (not this_card, "
                                 "target or count, nor with level_sum_at_least)")
            if self.wording != "chosen":
                raise ValueError("`level_sum_equal_cost:` goes with wording: chosen (the default)")
        if self.level_sum_at_least is not None:
            sub = self.subject
            if sub is None or sub.this_card or sub.target or sub.up_to or "count" in sub.model_fields_set:
                raise ValueError("`level_sum_at_least:` chooses the cards of a `subject:` when the step applies (not this_card, "
                                 "target, up_to or count)")
            if self.wording != "chosen":
                raise ValueError("`level_sum_at_least:` goes with wording: chosen (the default)")
        return self

    @model_validator(mode="after")
    def _value_keys(self) -> Step:
        if self.op in ("gain_lp", "inflict_damage") and self.amount_from is not None:
            if self.amount is not None or self.amount_from_previous or self.amount_per_previous_card is not None \
                    or self.amount_from_damage or self.amount_kinds is not None:
                raise ValueError("`amount_from:` is the step's amount: give no other `amount` key with it")
            if self.amount_from.card in ("previous", "sent_to_graveyard", "cost"):
                raise ValueError(f"a {self.op} step reads `amount_from:` from this_card, target, attack_target, answered or trigger_card")
        if self.op not in STAT_OPS:
            for key in ("stat", "mode", "amount_from", "text_form"):
                if key == "amount_from" and self.op in ("gain_lp", "inflict_damage"):
                    continue
                if key == "text_form" and self.op == "negate_effect":
                    continue
                if getattr(self, key) is not None:
                    raise ValueError(f"`{key}:` is read only on a change_stat / change_atk / change_def / change_level step")
            if self.choices or self.choice_per_card or self.at_least is not None or self.at_most is not None:
                raise ValueError("`choices:` / `choice_per_card:` / `at_least:` / `at_most:` are read only on a value step (change_stat / change_atk / …)")
            return self
        if self.choice_per_card and not self.choices:
            raise ValueError("`choice_per_card:` goes with `choices:`")
        if self.choices:
            if len(self.choices) < 2:
                raise ValueError("`choices:` lists two or more alternatives")
            if self.amount_from is not None:
                raise ValueError("`choices:` takes amounts written in the text, not `amount_from:`")
            for k, ch in enumerate(self.choices):
                mode = ch.mode or self.mode or "gain"
                amount = ch.amount if ch.amount is not None else self.amount
                if mode in ("gain", "lose", "set") and amount is None:
                    raise ValueError(f"choices[{k}]: mode {mode} needs an amount (on the alternative or the step)")
                if mode in ("halve", "double", "original") and ch.amount is not None:
                    raise ValueError(f"choices[{k}]: mode {mode} takes no amount")
            return self
        if self.op == "change_stat" and self.stat is None:
            raise ValueError("a change_stat step needs `stat:` (atk, def, level, or a list)")
        if self.op != "change_stat" and self.stat is not None:
            raise ValueError(f"{self.op} changes {STAT_OPS[self.op]}: use change_stat with `stat:` for others")
        if self.mode in ("halve", "double", "original") and (self.amount is not None or self.amount_from is not None):
            raise ValueError(f"mode {self.mode} takes no amount")
        if self.mode in ("gain", "lose", "set") and self.amount is None and self.amount_from is None and self.amount_kinds is None \
                and self.amount_per_cost_card is None and self.amount_per_previous_card is None:
            raise ValueError(f"mode {self.mode} needs `amount:` or `amount_from:`")
        if self.amount is not None and self.amount_from is not None:
            raise ValueError("give `amount:` or `amount_from:`, not both")
        if self.op == "change_stat" and self.mode is None and self.amount is None and self.amount_from is None:
            raise ValueError("a change_stat step needs `mode:` or an amount")
        if self.text_form is not None and self.mode is None and self.amount is None and self.amount_from is None:
            raise ValueError("`text_form:` is read only on a value step that states its change (`mode:` or an amount)")
        return self

    def stats(self) -> list[str]:
        """The values a value step changes (none for other steps)."""
        if self.op not in STAT_OPS:
            return []
        named = STAT_OPS[self.op]
        if named is not None:
            return [named]
        return [self.stat] if isinstance(self.stat, str) else list(self.stat or [])

    @model_validator(mode="after")
    def _each_player_default(self) -> Step:
        # 『各自…』 on a player step: with no player named, each player draws / takes it
        if self.performer == "each" and self.subject is None and "player" not in self.model_fields_set:
            self.player = "both"
        return self

    @model_validator(mode="after")
    def _keys_fit_the_step(self) -> Step:
        if self.optional_target and (self.subject is None or not self.subject.target):
            raise ValueError("`optional_target:` (『可以以…为对象』) is read on a step whose `subject:` targets (target: true)")
        if self.subject is not None and self.op in PLAYER_OPS:
            raise ValueError(f"a {self.op} step is on players (`player:`), not on cards: it takes no `subject:`")
        if self.coin is not None and self.subject is not None:
            raise ValueError("`coin:` (『表出现的场合』) is read on a step on players (no `subject:`) after a `toss_coin` step")
        if self.condition is not None and "condition_holds" in self.model_fields_set:
            raise ValueError("give the step's condition either as `condition:` (judged by the rule base) "
                             "or as `condition_holds:` (as you judge it), not both")
        if self.to_field is not None and self.op not in ("special_summon", "lock_zone"):
            raise ValueError("`to_field:` is read only on a special_summon step (the field the monster goes to) "
                             "or a lock_zone step (the field whose zones it designates)")
        if (self.zones_of is not None or self.duration is not None) and self.op != "lock_zone":
            raise ValueError("`zones_of:` / `duration:` are read only on a lock_zone step")
        if self.duration == "while_banished" and self.zones_of != "previous":
            raise ValueError("`duration: while_banished` is a lock on the zones of the cards of the step before: give `zones_of: previous`")
        if self.zones_of is not None and ("amount" in self.model_fields_set or self.to_field is not None):
            raise ValueError("a lock_zone step with `zones_of:` makes the zones of those cards unusable: it takes no "
                             "`amount:` or `to_field:`")
        if self.op == "lock_zone":
            unread = [k for k in ("amount_from_previous", "amount_per_previous_card", "amount_kinds", "amount_from_damage",
                                  "count_only", "condition") if k in self.model_fields_set]
            if unread:
                raise ValueError(f"a lock_zone step designates `amount:` zones (default 1) of `to_field:`: it does not read `{unread[0]}`")
        if self.count_from_previous and (self.subject is None or self.wording not in ("chosen", None)):
            raise ValueError("`count_from_previous:` is read on a step that chooses cards (`subject:`, wording chosen): "
                             "it takes as many of them as the step before applied to")
        if self.into is not None and self.op != "special_summon":
            raise ValueError("`into:` is read only on a special_summon step (the zones the monster may go to)")
        if self.op == "move_zone" and (self.subject is None or set(self.subject.zones) != {"monster_zone"}):
            raise ValueError("a move_zone step moves monsters in a Monster Zone: its `subject:` has `zones: [monster_zone]`")
        for sel in (self.subject, self.condition):
            if sel is not None and sel.part_wording is not None:
                raise ValueError("`part_wording:` is read only in an 『A和B』 step's `parts`")
        if self.parts and self.wording != "a_and_b" and any(p.part_wording for p in self.parts):
            raise ValueError("`part_wording:` is read only in the `parts` of a step with wording: a_and_b")
        if self.negated_effects is not None and self.op != "negate_effect":
            raise ValueError("`negated_effects:` is read only on a negate_effect step (whose effects it negates)")
        if self.modifier is not None and self.op not in ("apply_modifier", "apply_restriction"):
            raise ValueError("`modifier:` is read only on an apply_modifier / apply_restriction step")
        if self.op == "set_lp" and self.amount is None:
            raise ValueError("a set_lp step needs `amount:` (the Life Points the player then has)")
        if self.modifier in RACE_MODIFIERS and self.race is None:
            raise ValueError(f"a step giving {self.modifier} needs `race:` (a Type, or `declared`: the Type the player "
                             "declared for this effect)")
        if self.race is not None and self.modifier not in RACE_MODIFIERS:
            raise ValueError(f"a step's `race:` is read only with modifier: {', '.join(RACE_MODIFIERS)}")
        if self.modifier in RACE_MODIFIERS and self.subject is not None:
            raise ValueError(f"{self.modifier} applies to players' GYs: the step takes `player:`, not `subject:`")
        tos = [self.to] if isinstance(self.to, Selector) else list(self.to or [])
        if self.op == "equip" and not tos:
            raise ValueError("an equip step needs `to:` (the monster its cards are equipped to)")
        if tos and self.op != "equip":
            raise ValueError("`to:` is read only on an equip step (the monster the card is equipped to)")
        if any(t.target for t in tos) and self.subject is not None and self.subject.target:
            raise ValueError("an equip step targets either the card it equips (`subject`) or the monster (`to`), "
                             "not both: the chain entry gives one list of cards for a step")
        if any(t.target for t in tos) and not all(t.target for t in tos):
            raise ValueError("`to:`: give `target: true` on every alternative or on none")
        if self.op == "apply_modifier" and self.modifier is None:
            raise ValueError("an apply_modifier step needs `modifier:` (the continuous effect it gives)")
        if self.modifier is not None:
            _modifier_scope_fits(self.modifier, self.subject is not None, self.subject is None)
        if (self.op == "change_name") != (self.name_from is not None):
            raise ValueError("a change_name step needs `name_from:` (cost: 『当作和送去墓地的怪兽同名卡使用』), and `name_from:` is read only there")
        if self.op == "change_name" and (self.subject is None or not self.subject.this_card):
            raise ValueError("a change_name step names this card: `subject: {this_card: true}`")
        if self.op == "declare" and not self.declares:
            raise ValueError("a declare step needs `declares:` (what the player declares: race, attribute, level, name)")
        if self.declares and self.op != "declare":
            raise ValueError("`declares:` is read only on an `op: declare` step (an effect activated by declaring: the effect's `declares:`)")
        if self.on_target and self.op != "xyz_summon":
            raise ValueError("`on_target:` (『在作为对象的怪兽上面重叠当作超量召唤』) is read only on an xyz_summon step")
        if self.op in SUMMON_OPS:
            if self.subject is None:
                raise ValueError(f"a {self.op} step needs `subject:` (the monster it summons)")
            if (self.materials is not None) + self.materials_previous + self.materials_sent_before + self.on_target != 1:
                raise ValueError(f"a {self.op} step needs `materials:` (where they come from), `materials_previous: true` "
                                 "or `materials_sent_before: true` (or `on_target: true`), one of them")
        elif (self.materials is not None or self.materials_previous or self.material_op is not None
              or self.materials_sent_before or self.materials_total is not None):
            raise ValueError("`materials:` / `materials_previous:` / `materials_sent_before:` / `material_op:` / `materials_total:` are read only on a summon step "
                             f"({', '.join(SUMMON_OPS)})")
        if self.later is not None and self.connector not in ("first", "comma", "then", "again", "period"):
            raise ValueError("`later:` is read on a step joined by first / comma / then / again / period")
        if self.after_resolution and self.op not in SUMMON_OPS:
            raise ValueError(f"`after_resolution:` is read only on a summon step ({', '.join(SUMMON_OPS)})")
        if self.used_materials and self.op != "special_summon":
            raise ValueError("`used_materials:` is read only on a special_summon step")
        if self.amount_from_damage and self.op not in ("gain_lp", "inflict_damage"):
            raise ValueError("`amount_from_damage:` is read only on a gain_lp or inflict_damage step")
        if self.amount_kinds is not None and (self.amount is not None or self.amount_from_previous
                                              or self.amount_per_previous_card is not None or self.amount_from_damage):
            raise ValueError("`amount_kinds:` is the step's amount: give no other `amount` key with it")
        if self.amount_kinds is not None and self.op not in PLAYER_OPS and self.op not in STAT_OPS:
            raise ValueError("`amount_kinds:` is read on a step on players (draw, inflict_damage, gain_lp, …) or a value step")
        if self.amount_kinds is None and self.count_kinds is None and self.kinds_of is not None:
            raise ValueError("`kinds_of:` goes with `amount_kinds:` or `count_kinds:` (the cards whose kinds are counted)")
        if self.amount_kinds is None and self.amount_per_kind is not None:
            raise ValueError("`amount_per_kind:` goes with `amount_kinds:` (the cards whose kinds are counted)")
        if self.count_kinds is not None:
            if self.amount_kinds is not None:
                raise ValueError("`count_kinds:` counts the kinds for the subject's count, `amount_kinds:` for the amount: not both")
            sub = self.subject
            if sub is None or not sub.up_to or sub.this_card or sub.target or "count" in sub.model_fields_set:
                raise ValueError("`count_kinds:` is the count of a `subject:` with `up_to: true` (『选最多有…种类数量的…』; "
                                 "no `count:`, not this_card or target)")
        if self.amount_kinds is not None and self.op in STAT_OPS and (self.amount_from is not None or self.choices
                                                                      or self.mode not in ("gain", "lose", "set")):
            raise ValueError("a value step with `amount_kinds:` gains, loses or sets (`mode:`) that amount: no `amount_from:` "
                             "or `choices:` with it")
        if self.amount_from_damage and (self.amount is not None or self.amount_from_previous
                                        or self.amount_per_previous_card is not None):
            raise ValueError("`amount_from_damage:` is the step's amount: give no other `amount` key with it")
        if self.amount_per_cost_card is not None and ((self.op not in PLAYER_OPS and self.op not in STAT_OPS) or self.amount is not None
                or self.amount_from_previous or self.amount_per_previous_card is not None or self.amount_from_damage
                or self.amount_kinds is not None or self.amount_from is not None):
            raise ValueError("`amount_per_cost_card:` is the amount of a step on players (draw, inflict_damage, gain_lp, …) "
                             "or of a value step: give no other `amount` key with it")
        if self.op in STAT_OPS and (self.amount_per_cost_card is not None or self.amount_per_previous_card is not None) \
                and (self.choices or self.mode not in ("gain", "lose", "set")):
            raise ValueError("a value step with `amount_per_cost_card:` / `amount_per_previous_card:` gains, loses or sets "
                             "(`mode:`) that amount: no `choices:` with it")
        if self.count_this_effect and self.amount_per_previous_card is None:
            raise ValueError("`count_this_effect:` is read only with `amount_per_previous_card:`")
        if self.amount_added is not None and self.amount_per_cost_card is None:
            raise ValueError("`amount_added:` is read only with `amount_per_cost_card:`")
        if (self.amount_per_event_card is not None or self.player == "event_card_owners") \
                and self.op not in ("inflict_damage", "gain_lp"):
            raise ValueError("`amount_per_event_card:` / `player: event_card_owners` are read only on an inflict_damage "
                             "or gain_lp step")
        if self.amount_per_event_card is not None and (self.amount is not None or self.amount_from_previous
                                                       or self.amount_per_previous_card is not None
                                                       or self.amount_from_damage or self.amount_kinds is not None
                                                       or self.amount_from is not None):
            raise ValueError("`amount_per_event_card:` is the step's amount: give no other `amount` key with it")
        if self.player == "event_card_owners" and self.amount is None and self.amount_per_event_card is None:
            raise ValueError("a step on `player: event_card_owners` needs `amount:` or `amount_per_event_card:`")
        return self


class Cost(Strict):
    op: Op
    subject: Selector | None = None
    wording: Wording = "chosen"
    amount: int | None = Field(default=None, ge=0, le=MAX_AMOUNT)
    until: Literal["own_next_standby"] | None = Field(default=None, description="a banish cost 『直到下次的自己准备阶段除外』: the cards return to the field in the next Standby Phase of the player who paid it — processed there without a chain (`process X ①`, asp/temporary_banish.lp), except a card banished by 『从场上离开的场合除外』 instead")
    multiples: bool = Field(default=False, description="a pay_lp cost 『支付1000的倍数的基本分』: the player pays a multiple of `amount` they choose (at least `amount`), an amount the effect reads (asp/lp_cost_waiver.lp)")
    text: str | None = None

    @model_validator(mode="after")
    def _until_banish(self) -> Cost:
        if self.until is not None and self.op != "banish":
            raise ValueError("`until:` (『直到…除外』) is read only on a banish cost")
        if self.multiples and (self.op != "pay_lp" or not self.amount):
            raise ValueError("`multiples:` (『支付1000的倍数的基本分』) is read only on a pay_lp cost with an `amount:` of 1 or more")
        return self


# the selector keys a trigger's `card:` is judged on at the event (`card_judged`): asp/event_info.lp
JUDGED_AT_EVENT_KEYS = frozenset({"player", "zones", "card_type", "face", "race", "attribute", "archetype",
                                  "not_archetype", "frames", "frames_one_of", "names", "other_than_this"})


class Trigger(Strict):
    event: EventKind | Literal["phase_reached", "damaged", "lp_gained"] = Field(description="the event; phase_reached: the effect is activated in the phase `at_phase` itself (『结束阶段发动』), no event needed; damaged: a player takes damage (during a chain's resolution; each damage counts once); lp_gained: a player gains Life Points (『自己基本分回复的场合』: `player: self`; asp/lp_gain.lp)")
    card: Selector | None = Field(default=None, description="whose event; default this card")
    from_: Area | None = Field(default=None, alias="from")
    by: Cause = "any"
    timing: Literal["when", "if"] = Field(default="if", description="『…时』 (when: can miss the timing) or 『…的场合』 (if)")
    at_phase: Phase | None = Field(default=None, description="activates in this phase (e.g. the next Standby Phase)")
    event_turn: Literal["this", "previous", "own_next", "own_second"] = Field(default="this", description="the event happened in this window, or the previous turn (e.g. 'destroyed … activate in the next Standby Phase'), or own_next: 『下次的自己准备阶段』 — the event happened after this player's last turn: in the previous turn or the one before it (history `when: two_turns_ago`); own_second: 『第2次的自己准备阶段』 — this is the second of this player's own turns after the event: it happened three turns ago (the opponent's turn) or four (this player's own turn; history `when: three_turns_ago` / `four_turns_ago`), and it is this player's turn")
    turn: Literal["self", "opponent", "any"] = Field(default="any", description="phase_reached: whose turn's phase (『自己的结束阶段』: self)")
    player: Literal["self", "opponent", "any"] = Field(default="any", description="damaged: who takes the damage; lp_gained: who gains Life Points (relative to this card's controller)")
    damages_at_one_timing_once: bool = Field(default=False, description="damaged: the damages of one timing count as one occurrence (activated once for them, 「DDD 反骨王 列奥尼达」), not once per damage")
    not_targeted: bool = Field(default=False, description="『被不以自身为对象的（卡的）效果…』: only an event an effect caused without targeting that card (with `by: effect`)")
    once_per_chain: bool = Field(default=False, description="『…的场合』 not worded 『每次』: however many timings of one chain its event happened at, it is activated once after that chain")
    summon: SummonKind | None = Field(default=None, description="with a summon event: only a Summon of this kind (『连接召唤的场合』: link; 『上级召唤』: tribute)")
    at_once: ValueRange | None = Field(default=None, description="how many cards had this event at that moment, whatever they are (『モンスター１体のみが特殊召喚された場合』: {equal: 1}; 『２体以上』: {min: 2})")
    moved_alone: bool = Field(default=False, description="『只有这张卡被…的场合』 / 『このカードのみが…された場合』: the effect that caused the event moved only this card at that moment, wherever the others went (002: 那个效果只移动了这1张卡并且除外了这张卡的状况)")
    by_player: Literal["self", "opponent"] | None = Field(default=None, description="『相手によって』『相手の効果で』: who caused the event (who activated the effect, attacked, paid the cost), relative to this card's controller")
    by_card_type: CardType | None = Field(default=None, description="『モンスターが発動した効果によって』: the kind of card whose effect caused it, as that card was when the effect was activated (a monster equipped as an Equip Spell, or in a Pendulum Zone, is a Spell card there)")
    to: Area | None = Field(default=None, description="where the card went (『フィールドゾーンに…置かれた場合』: a `placed` event to field_zone; `field` = any field area)")
    summoned_as: SummonKind | None = Field(default=None, description="『融合召喚したこのカードが…』: before the event, this card had been Summoned this way and had not left the field since (turned face-down, it still counts)")
    by_this_card: bool = Field(default=False, description="『这张卡战斗破坏对方怪兽…时』 (with `card:` another card: its event this card caused, by battle or effect — the history event's `by_card:`), 『被自身的效果除外』『为这张卡的效果发动而除外』: the event was caused by this card, by an effect (or the cost of an effect) of it; with `by_effect`, of that effect of it (『这个③的效果除外』)")
    by_effect: int | None = Field(default=None, ge=0, le=MAX_ITEMS_PER_EFFECT, description="with `by_this_card`: the number of this card's effect that caused the event (『这张卡的③的效果除外的场合』: 3)")
    by_archetype: str | None = Field(default=None, description="『为让「天气」卡的效果发动而被除外』: the card whose effect (or whose effect's cost) caused the event is of this archetype")
    or_by_battle: bool = Field(default=False, description="『被战斗或者对方的效果破坏』: with `by: effect` (and its `by_player`), a destruction by battle meets it too, whoever attacked (asp/battle_or_effect.lp)")
    card_judged: Literal["before", "after", "both"] | None = Field(default=None, description="when `card:` is judged: before (what the card was just before the event, where it was: 『○○被破坏』『○○从场上离开』), after (what it is where the event put it: 『○○被除外·送去墓地』), both (『○○被破坏送去墓地』, 『场上的○○被除外』); none: on the board as the scenario gives it")

    @model_validator(mode="after")
    def _phase_needs_at_phase(self) -> Trigger:
        if self.not_targeted and self.by != "effect":
            raise ValueError("`not_targeted:` (an effect that did not target the card) goes with `by: effect`")
        if self.event in ("resolved", "activation_negated", "processed", "battled"):
            raise ValueError(f"`{self.event}` is a history event only: no trigger effect is activated on it")
        if self.summon is not None and self.event not in SUMMON_EVENTS:
            raise ValueError(f"`summon:` (the kind of Summon) goes with a summon event ({', '.join(SUMMON_EVENTS)})")
        if self.to is not None and self.event in ("phase_reached", "damaged", "lp_gained", "activated", "attack_declared"):
            raise ValueError(f"`to:` (where the card went) is not read on `{self.event}`")
        if self.summon == "tribute" and self.event == "special_summoned":
            raise ValueError("a Tribute Summon (`summon: tribute`) is a Normal Summon: use event normal_summoned or summoned")
        if self.summon not in (None, "tribute") and self.event == "normal_summoned":
            raise ValueError(f"a {self.summon} Summon is a Special Summon: use event special_summoned or summoned")
        if self.event in ("phase_reached", "damaged", "lp_gained") and (self.at_once or self.by_player or self.by_card_type
                                                            or self.summoned_as or self.moved_alone):
            raise ValueError("`at_once:`, `moved_alone:`, `by_player:`, `by_card_type:` and `summoned_as:` describe a card's event, "
                             f"not `{self.event}`")
        if self.summoned_as is not None and self.card is not None:
            raise ValueError("`summoned_as:` is about this card's own event; for another card's, describe it in "
                             "`card:` (summoned_as there is judged on the board now)")
        if self.card_judged is not None:
            if self.card is None:
                raise ValueError("`card_judged:` says when another card's `card:` is judged: it needs `card:`")
            extra = self.card.model_fields_set - JUDGED_AT_EVENT_KEYS
            if extra:
                raise ValueError(f"with `card_judged:` the trigger's `card:` is judged at the event on "
                                 f"{', '.join(sorted(JUDGED_AT_EVENT_KEYS))} only, not {', '.join(sorted(extra))}")
        if self.or_by_battle and self.by != "effect":
            raise ValueError("`or_by_battle:` (『被战斗或者…的效果破坏』) adds battle to the effect branch: it goes with `by: effect`")
        if self.by_effect is not None and not self.by_this_card:
            raise ValueError("`by_effect:` (which effect of this card caused the event) goes with `by_this_card: true`")
        if (self.by_this_card or self.by_archetype) and self.event in ("phase_reached", "damaged", "lp_gained"):
            raise ValueError(f"`by_this_card:` and `by_archetype:` describe what caused a card's event, not `{self.event}`")
        if self.damages_at_one_timing_once and self.event != "damaged":
            raise ValueError("`damages_at_one_timing_once` is read only on a `damaged` trigger")
        if self.event == "phase_reached" and self.at_phase is None:
            raise ValueError("a phase_reached trigger needs `at_phase:` (the phase it is activated in)")
        if self.card is not None and self.card.this_card:
            if self.card.model_fields_set - {"this_card"}:
                raise ValueError("trigger card: {this_card: true} is the default and takes no other keys; "
                                 "say where this card was with `from:`")
            self.card = None  # this card's own event: the default
        return self


class EachTime(Strict):
    """What makes a lingering effect apply (『每次对方把怪兽特殊召唤，…』)."""

    event: EventKind = Field(description="what happens (to a card)")
    player: Literal["self", "opponent", "any"] = Field(default="any", description="whose card it happens to, relative to this card's controller")


class ModifierSpec(Strict):
    modifier: ModifierKind
    player: Literal["self", "opponent", "both"] | None = Field(default=None, description="relative to the card's controller")
    this_card: bool = False
    race: str | None = Field(default=None, description="race_in_graveyard: the Type it gives the monsters in those players' GYs")
    amount: int | None = Field(default=None, ge=1, le=MAX_AMOUNT, description="activation_lp_toll: the Life Points a player pays on each activation (『若不支付600基本分，则不能把卡的效果发动』: 600); hand_card_lp_toll: on each card summoned from the hand (『若不支付500基本分，不能从手卡把卡召唤·特殊召唤…』: 500)")
    except_ability: Ability | None = Field(default=None, description="cannot_activate_monster_effects: the monsters still allowed (『灵魂怪兽以外的怪兽的效果』: spirit)")
    cards: Selector | None = Field(default=None, description="the cards it applies to, as this selector describes them (『自己场上的鸟兽族怪兽之内除攻击力最高的鸟兽族怪兽以外的鸟兽族怪兽』: {player: self, zones: [monster_zone], card_type: monster, race: 鸟兽族, not_highest: atk}), judged now and at each time of a resolution")
    archetype: str | None = Field(default=None, description="banished_instead_of_hand: the archetype of the cards whose effects return the cards (『名字带有「企鹅」的卡的效果』: 企鹅); synchro_material_deck_bottom: the archetype all other Synchro Materials must be of (『除「异色眼」怪兽以外的怪兽』: 异色眼)")
    while_opponent_in_column: bool = Field(default=False, description="『只要这张卡的正对面有对方怪兽存在，…』: it applies only while a monster of this card's controller's opponent stands in this card's column (『正对面』 is the same column: archive 2020.rst:2491), judged now and at each time of a resolution (asp/column_condition.lp); with `player:` only")
    lp_at_most: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="lp_costs_unnecessary: it applies only while the player who activates has this many Life Points or fewer (『只要自己基本分是2000以下』: 2000)")
    activation_target: bool = Field(default=False, description="『対象の表側表示モンスター』 / 『那只表侧表示怪兽』: it applies to the monster this card's card activation targeted, while that monster stays face-up in a Monster Zone (the field entry's `targets:`, or the targets of its activation in the chain once that activation has resolved): asp/target_linked.lp")

    @model_validator(mode="after")
    def _race(self) -> ModifierSpec:
        _race_key_fits(self.modifier, self.race)
        _archetype_key_fits(self.modifier, self.archetype)
        _amount_key_fits(self.modifier, self.amount)
        _except_key_fits(self.modifier, self.except_ability)
        if self.while_opponent_in_column and (self.player is None or self.this_card or self.cards is not None
                                              or self.activation_target):
            raise ValueError("`while_opponent_in_column:` is read on a modifier on players (`player:`) only")
        if self.activation_target and (self.cards is not None or self.this_card or self.player is not None
                                       or self.race is not None or self.amount is not None):
            raise ValueError("`activation_target: true` names the card it applies to: not with cards, this_card, player, race or amount")
        if self.cards is not None and (self.this_card or self.player is not None or self.race is not None or self.amount is not None):
            raise ValueError("`cards:` names the cards the modifier applies to: not with this_card, player, race or amount")
        if self.cards is not None and (self.cards.this_card or self.cards.target):
            raise ValueError("`cards:` describes cards on the board: not this_card nor target")
        if self.lp_at_most is not None and self.modifier != "lp_costs_unnecessary":
            raise ValueError("`lp_at_most:` is read only with modifier: lp_costs_unnecessary")
        if self.modifier == "lp_costs_unnecessary" and self.cards is None:
            raise ValueError("lp_costs_unnecessary names the cards whose activation pays no Life Points: give `cards:` "
                             "(『陷阱卡发动而支付的基本分』: {player: self, zones: [hand, spell_trap_zone], card_type: trap})")
        if self.modifier == "control_held" and not self.activation_target:
            raise ValueError("control_held is the control of the target of this card's activation: give `activation_target: true`")
        if self.modifier == "destroy_substitute" and self.cards is None:
            raise ValueError("destroy_substitute names the cards it stands in for: give `cards:` (『自己场上的卡』: {player: self, zones: [field]})")
        if self.cards is not None and self.modifier in PLAYER_ONLY_MODIFIERS + ("race_in_graveyard",):
            raise ValueError(f"{self.modifier} applies to players: give `player:`, not `cards:`")
        _modifier_scope_fits(self.modifier, self.this_card or self.cards is not None or self.activation_target,
                             self.player is not None and not self.this_card)
        if self.race is not None and self.this_card:
            raise ValueError("race_in_graveyard applies to the monsters in players' GYs: give `player:`, not `this_card:`")
        return self


# the keys of a card's printed description (double_tribute: the monster Tribute Summoned)
DESCRIPTION_KEYS = ("card_type", "frames", "names", "archetype", "not_archetype", "race", "attribute")
# modifiers on one card (in_force `card:`, a card's modifiers `this_card: true`) and on players (`player:`)
CARD_ONLY_MODIFIERS = ("second_attack", "attack_all_monsters", "must_be_attacked", "control_cannot_change",
                       "cannot_be_attack_target", "cannot_be_targeted_by_opponent")
PLAYER_ONLY_MODIFIERS = ("attacks_become_direct", "normal_summon_three_times", "banished_instead_of_graveyard", "activation_lp_toll",
                         "hand_card_lp_toll",
                         "trap_effects_negated", "cannot_activate_monster_effects", "cannot_activate_trap_effects",
                         "cannot_be_banished_by_opponent", "cannot_activate_spell_trap_zone_effects")
PLAYER_ONLY_MODIFIERS += ("banished_instead_of_hand", "field_banished_instead_of_graveyard")
CARD_ONLY_MODIFIERS += ("synchro_material_deck_bottom",)
PLAYER_ONLY_MODIFIERS += ("summon_only_once", "skip_draw_phase", "skip_standby_phase", "skip_main_phase_1", "skip_battle_phase")
PLAYER_ONLY_MODIFIERS += ("activate_only_once", "cannot_set_spell_trap")
PLAYER_ONLY_MODIFIERS += ("cannot_special_summon_by_monster_effect",)
PLAYER_ONLY_MODIFIERS += ("one_monster_per_type", "one_type_of_monster", "one_attribute_of_monster")
PLAYER_ONLY_MODIFIERS += ("cannot_activate_spell_trap_effects",)


ARCHETYPE_MODIFIERS = ("banished_instead_of_hand", "synchro_material_deck_bottom")


def _archetype_key_fits(modifier: str, archetype: str | None) -> None:
    """`archetype:` goes with banished_instead_of_hand (『「企鹅」卡的效果…回到手卡的卡不回到手卡而除外』) and
    synchro_material_deck_bottom (『其他的同调素材有使用除「异色眼」怪兽以外的怪兽的场合』), which need it."""
    if modifier in ARCHETYPE_MODIFIERS and not archetype:
        raise ValueError(f"{modifier} needs `archetype:` (e.g. 企鹅, 异色眼)")
    if archetype is not None and modifier not in ARCHETYPE_MODIFIERS:
        raise ValueError(f"`archetype:` is read only with modifier: {', '.join(ARCHETYPE_MODIFIERS)}")


def _except_key_fits(modifier: str, except_ability: str | None) -> None:
    """`except_ability:` goes with cannot_activate_monster_effects (『…以外的怪兽的效果』), and only there."""
    if except_ability is not None and modifier != "cannot_activate_monster_effects":
        raise ValueError("`except_ability:` is read only with modifier: cannot_activate_monster_effects")


def _modifier_scope_fits(modifier: str, on_card: bool, on_player: bool) -> None:
    """The attack modifiers apply to a monster (card) or to a player's monsters (player), not both."""
    if modifier in CARD_ONLY_MODIFIERS and not on_card:
        raise ValueError(f"{modifier} applies to one monster: give `card:` (a card's own: `this_card: true`)")
    if modifier in PLAYER_ONLY_MODIFIERS and not on_player:
        raise ValueError(f"{modifier} applies to a player's monsters: give `player:`")


# the keys of the activating card's description a `negates_activations` effect reads (judged as the seed's
# 发动的效果 says); the others (where the card is, its face, counts, targets, values) are not read there
NEGATED_CARD_KEYS = ("player", "card_type", "frames", "names", "archetype", "not_archetype", "race", "attribute")


class NegatesActivations(Strict):
    """『…发动的…效果无效化』 (a continuous effect): chain links it negates when they resolve."""

    card: Selector | None = Field(default=None, description="the card whose effect was activated: `player` (whose) and `card_type` (怪兽的效果: monster) are judged at activation; `race`, `attribute`, `names`, … when the link resolves — as the card is then on the field face-up, else as printed (a DARK monster turned face-down is still DARK)")
    activated_in: list[Area] = Field(default_factory=list, description="where the effect was activated (『场上·墓地发动的』: [field, graveyard]; 『除外的状态发动的』: [banished]); a card activation is activated on the field; default: anywhere")
    once: bool = Field(default=False, description="『1回合1次』『只有1次』: it negates only the first such chain link to resolve (a use earlier this turn is not known: describe the board before it)")
    while_: Selector | None = Field(default=None, alias="while", description="『…存在的场合』『…存在限り』: it applies only while a card matching this exists when the link resolves (its `count`: how many)")
    activated_in_position: Position | None = Field(default=None, description="『守備表示モンスターが発動した効果』 / 『守备表示怪兽发动的效果』: only an effect activated by a monster in this battle position in its Monster Zone, judged at activation (the board: the chain being built), not when the link resolves")
    while_in_position: Position | None = Field(default=None, description="『このカードがモンスターゾーンに守備表示で存在する限り』: it applies only while this card is in its Monster Zone in this battle position when the link resolves (also when a step of the chain summoned it so)")
    same_column_as: Selector | None = Field(default=None, description="『そのモンスターと同じ縦列で発動した…効果』 / 『和那怪兽相同纵列发动的…效果』: only an effect activated in the column of a card matching this — the column where the activating card stood when it activated (the board), a matching card standing in it when the link resolves (also one the chain summoned there)")
    targeting: Selector | None = Field(default=None, description="『…を対象として発動した効果』 / 『以…为对象发动的效果』: only an activation that targeted a card matching this (the chain entry's `targets:`), judged at activation on the board (『このカード以外の自分フィールドの「ダイナミスト」カード』: {player: self, zones: [field], archetype: 雾动机龙, other_than_this: true})")
    optional: bool = Field(default=False, description="『無効にできる』 / 『可以…无效』: its controller may apply it or not when the link resolves (each an outcome)")
    then_destroy_this: bool = Field(default=False, description="『その後、このカードを破壊する』: once it has negated a link, this card is destroyed (then; a Pendulum monster goes to the Extra Deck face-up)")
    level_at_most_count: Selector | None = Field(default=None, description="『レベル・ランク・リンクの数値が、自分のフィールド・墓地の通常モンスターの数以下である…モンスターが発動した効果』 / 『等级·阶级·连接的数值是…数量以下的…怪兽发动的效果』: only an effect whose monster's Level, Rank or Link rating when it activated it (the board; its field entry's `level:`) is at most the number of cards matching this when the link resolves")
    linked_to_this: bool = Field(default=False, description="『このカードのリンク先のモンスターの発動した効果は無効化される』 / 『这张卡所连接区的怪兽…所发动的效果无效化』: only an effect whose card stands, when the link resolves, in a Monster Zone this Link monster points to then (a monster that left the field, Tributing itself as the cost, stands in none: not negated)")

    @model_validator(mode="after")
    def _read_keys(self) -> NegatesActivations:
        _card_keys_read(self.card, NEGATED_CARD_KEYS, "; where it was activated is `activated_in:`")
        if self.while_ is not None and self.while_.this_card:
            raise ValueError("while: describes the cards that must exist, not `this_card`")
        if self.targeting is not None and (self.targeting.this_card or self.targeting.target):
            raise ValueError("targeting: describes the cards the activation targeted, not `this_card` nor `target`")
        if self.level_at_most_count is not None and (self.level_at_most_count.this_card or self.level_at_most_count.target):
            raise ValueError("level_at_most_count: describes the cards that are counted, not `this_card` nor `target`")
        if self.same_column_as is not None and (self.same_column_as.this_card or self.same_column_as.target):
            raise ValueError("same_column_as: describes the cards whose column counts, not `this_card` nor `target`")
        return self


def _card_keys_read(card: Selector | None, keys: tuple[str, ...], more: str) -> None:
    """The description of an activating card (`card:`) gives only the keys read there."""
    extra = sorted(card.model_fields_set - set(keys)) if card is not None else []
    if extra:
        raise ValueError(f"card: `{extra[0]}:` is not read here (the activating card's description takes "
                         f"{', '.join(keys)}{more})")


# the keys of the activating card's description a `when_link_applies` effect reads: whose card and what kind of card
# it is, judged at activation (002 发动的效果: 『自己·对方怪兽·魔法·陷阱卡』…都是在发动效果之际判断)
LINK_APPLIES_CARD_KEYS = ("player", "card_type")


class WhenLinkApplies(Strict):
    """『…発動した…効果が適用される際に』 / 『…发动的…效果适用之际』: a continuous effect whose steps are processed as
    such a chain link resolves, before that link's own processing (asp/link_applies.lp)."""

    card: Selector | None = Field(default=None, description="the card whose effect was activated: `player` (『相手モンスターの効果』 opponent) and `card_type` (monster), judged at activation — a monster whose control an effect took, or that became a Continuous Spell, in the chain still counts as it was then")
    targeting_this: bool = Field(default=False, description="『このカードを対象として発動した…効果』 / 『以这张卡为对象发动的…效果』: only an activation that targeted this card (the chain entry's `targets:`)")

    @model_validator(mode="after")
    def _read_keys(self) -> WhenLinkApplies:
        _card_keys_read(self.card, LINK_APPLIES_CARD_KEYS, ", judged at activation")
        return self


def _link_applies_step(st: Step) -> bool:
    """A step a `when_link_applies` effect may have (asp/link_applies.lp): a discard from the hand."""
    return (st.op == "discard" and st.subject is not None and not st.subject.this_card and not st.subject.target
            and list(st.subject.zones) == ["hand"])


class SelfRestriction(Strict):
    """『这张卡（这个效果）发动的回合，自己不是…不能召唤·特殊召唤』 (自肃, 000 更新规则④)."""

    summons: list[Literal["normal_summon", "flip_summon", "special_summon", "pendulum_summon"]] = Field(min_length=1, description="the summons it limits: 召唤 normal_summon, 反转召唤 flip_summon, 特殊召唤 special_summon, P召唤 pendulum_summon (『この効果を発動するターン、自分はＰ召喚できない』 / 『发动此效果的回合，自己不能灵摆召唤』: no `allowed:` needed — every Pendulum Summon; judged by the Pendulum Summons that succeeded this turn, history special_summoned events with summon: pendulum; rule self_restriction_pendulum)")
    allowed: Selector | None = Field(default=None, description="the monsters that may still be summoned so (judged by what is printed on the card: name, Type, Attribute, frames); none given: no monster (with `from:`, none from there)")
    from_: list[Literal["hand", "deck", "extra_deck", "graveyard", "banished"]] = Field(default_factory=list, alias="from", description="『不能从额外卡组把怪兽特殊召唤』: only summons from these places are limited (a history summon event counts by its `from:`); default: from anywhere")
    applies: Literal["activation", "resolution", "procedure", "procedure_effect"] = Field(default="activation", description="activation: 『这张卡发动的回合』 (自肃, 000 更新规则④: judged by the turn's successful summons, in force from the activation, negated or not); resolution: 『这张卡的发动后，直到回合结束时自己不是…不能特殊召唤』, a part of the effect — in force once the effect has resolved not negated (after_activation_applies, archive 2021.rst:2649), and no bar to activating it (a restriction without an exception is effect key after_activation); on a summon procedure (kind: procedure) only, procedure: 『这个方法特殊召唤过的回合，自己…』, part of the procedure — in force once a summon by it succeeded this turn (a history special_summoned event with `procedure:`), even while the monster's effects are negated (procedure_restriction); procedure_effect: 『这个方法特殊召唤成功的回合，自己…』, an effect of the monster — not in force while its effects are negated (procedure_effect_restriction)")
    level_min: int | None = Field(default=None, ge=1, le=13, description="『不能把N星以上的怪兽特殊召唤』: only monsters of Level N or more are limited (a monster with no Level, an Xyz or Link monster, is not); instead of `allowed:`")

    @model_validator(mode="after")
    def _limits_something(self) -> SelfRestriction:
        if self.level_min is not None and self.allowed is not None:
            raise ValueError("give `allowed:` (the monsters still allowed) or `level_min:` (the Levels barred), not both")
        if (self.allowed is None and self.level_min is None and not self.from_ and self.summons != ["pendulum_summon"]
                and self.applies not in ("procedure", "procedure_effect")):
            raise ValueError("give `allowed:` (the monsters still allowed) or `from:` (the places summons are barred from)")
        if "pendulum_summon" in self.summons and self.from_:
            raise ValueError("`from:` is not read for pendulum_summon (a Pendulum Summon is barred wherever it summons from)")
        extra = sorted(self.allowed.model_fields_set - set(DESCRIPTION_KEYS)) if self.allowed is not None else []
        if extra:
            raise ValueError(f"allowed: `{extra[0]}:` is not read (it describes the monster as printed: "
                             f"{', '.join(DESCRIPTION_KEYS)})")
        return self


class AfterActivation(Strict):
    """『这张卡的发动后，直到回合结束时自己不能…』: a continuous effect on players that is a part of the effect."""

    modifier: ModifierKind = Field(description="the continuous effect (on players: cannot_draw 『不能用卡的效果抽卡』, cannot_special_summon, …)")
    player: Literal["self", "opponent", "both"] = Field(default="self", description="whom it binds, relative to the effect's controller")


class AttributeChange(Strict):
    """A continuous effect's change of monsters' Attribute while it applies (「DNA移植手术」 『场上的全部表侧表示怪兽变成自己
    宣言的属性』): asp/attribute_changes.lp."""

    to: Selector = Field(description="the monsters it changes: a selector of the face-up monsters in a Monster Zone (judged whenever the Attribute is read; it names no `attribute:`)")
    attribute: str = Field(description="the Attribute they become (『暗』), or `declared`: the one the player declared for this card (its field entry's `declared:`, or its chain entry's `declared:` once its activation has resolved)")
    text: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> AttributeChange:
        if self.attribute != "declared":
            check_attributes(self.attribute)
        if self.to.attribute is not None:
            raise ValueError("an attribute change's `to:` names no `attribute:` (the Attribute it reads is the one it changes)")
        return self


class ValueChange(Strict):
    """A continuous effect's change of monsters' values while it applies (『装备怪兽的攻击力上升1000』,
    『场上的暗属性怪兽的攻击力·守备力上升500』, 『这张卡的攻击力·守备力变成除外的自己的卡数量×400』)."""

    stat: StatName | list[StatName] = Field(description="the value(s) it changes (『攻击力·守备力』: [atk, def])")
    mode: Literal["gain", "lose", "set"] = Field(default="gain", description="上升 gain / 下降 lose / 变成 set")
    amount: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="by this much (or to this value, mode set)")
    per: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="with `count:`: this much for each card matching it (『除外的自己的卡数量×400』: 400)")
    count: Selector | None = Field(default=None, description="with `per:`: the cards counted, judged whenever the value is read")
    amount_from: AmountFrom | None = Field(default=None, description="the amount is a value of this card (`card: this_card`), read whenever the value is read (『这张卡的攻击力·守备力变成这张卡的等级×200』: `{card: this_card, stat: level}` with `times: 200`)")
    times: int | None = Field(default=None, ge=1, le=MAX_AMOUNT, description="with `amount_from:`: that value times this (『×200』)")
    per_procedure_card: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="with `to: this_card`: this much for each card the summon procedure that last Special Summoned this card moved — the history's events `by: procedure, by_card:` this card before its `special_summoned` event with `procedure:` (『因为这张卡特殊召唤而除外的怪兽数量×500』: 500)")
    to: Literal["this_card", "equipped_monster"] | Selector = Field(description="which monsters it changes: this_card (『这张卡的攻击力』), equipped_monster (『装备怪兽的攻击力』: the monster this card is equipped to), or a selector of the monsters (face-up in a Monster Zone) it changes")
    during: Literal["own_turn", "opponent_turn"] | None = Field(default=None, description="it applies only during its controller's turn (『自己回合内』 / 『自分ターンの間は』: own_turn) or the opponent's (『对方回合内』: opponent_turn)")
    summoned_by_card: str | None = Field(default=None, min_length=1, description="with `to: this_card`: 『用「X」的效果特殊召唤的这张卡』 — it applies only while this card's last Summon was a Special Summon by the effect of the card named X (the history's `special_summoned` event with `by_card:` a card of that name) and it has stayed on the field since")
    text: str | None = None

    @model_validator(mode="after")
    def _amount(self) -> ValueChange:
        if sum(x is not None for x in (self.amount, self.per, self.amount_from, self.per_procedure_card)) != 1:
            raise ValueError("a value change needs `amount:`, `per:` with `count:`, `amount_from:` or `per_procedure_card:` (one of them)")
        if self.per_procedure_card is not None and self.to != "this_card":
            raise ValueError("`per_procedure_card:` counts the cards this card's own summon procedure moved: `to: this_card`")
        if self.amount_from is not None and (self.amount_from.card != "this_card" or self.amount_from.higher_of):
            raise ValueError("a value change's `amount_from:` reads this card's value (`card: this_card`, a `stat:`)")
        if self.times is not None and self.amount_from is None:
            raise ValueError("`times:` multiplies the value of `amount_from:`")
        if (self.per is None) != (self.count is None):
            raise ValueError("`per:` and `count:` go together (『…的数量×N』)")
        if isinstance(self.to, Selector) and self.to.this_card:
            raise ValueError("`to: this_card` (a string) names this card; a selector in `to:` describes other monsters")
        if self.summoned_by_card is not None and self.to != "this_card":
            raise ValueError("`summoned_by_card:` (『用「X」的效果特殊召唤的这张卡』) is a condition on this card: `to: this_card`")
        for key, sel in (("to", self.to), ("count", self.count)):
            if isinstance(sel, Selector):
                given = [k for k in ("target", "count", "up_to", "part_wording", "distinct") if k in sel.model_fields_set]
                if given:
                    raise ValueError(f"{key}.{given[0]}: a continuous value change describes the cards it applies to "
                                     f"(or counts) whenever the value is read: `{given[0]}:` is not read here")
        return self

    def stats(self) -> list[str]:
        return [self.stat] if isinstance(self.stat, str) else list(self.stat)


class CopySpec(Strict):
    """『这个效果变成和那张魔法卡发动时的效果相同』 / 『その魔法カード発動時の効果を適用する』: which card's card-activation
    effect the effect applies."""

    cost: int = Field(ge=1, le=MAX_ITEMS_PER_EFFECT, description="the card the K-th cost (1 = the first) takes: 『…送去墓地才能发动。这个效果变成和那张魔法卡发动时的效果相同』")


class Processed(Strict):
    """An effect processed at a point of a phase without a chain (不进入连锁, 004 回合流程): a maintenance cost
    『这张卡的控制者在每次自己准备阶段支付700基本分…』, 『每次对方的准备阶段对方回复1000基本分』 (「强夺」), 『每次自己抽卡，自己回复500基本分』."""

    at: Literal["standby", "after_draw", "before_draw", "end_phase"] = Field(description="end_phase (on an activated effect only): what its resolution leaves for this turn's End Phase (『直到结束阶段除外』's return, 『在结束阶段送去墓地』) is processed there, without a chain, by its controller holding priority, one at a time in the order they choose (a history `processed` event: done); standby: in the Standby Phase, by its controller holding priority (『准备流程时～』的维持 COST / 效果的处理); after_draw: in the Draw Phase right after the normal draw, before the 『抽卡时』 window (◇抽卡之后处理的效果); before_draw (on an activated effect only): what its resolution leaves for 『下个回合的抽卡阶段的抽卡前』 (「火之迦具土」「磨破罗魏」) is processed in that Draw Phase before the 『抽卡前』 window (◇抽卡前处理的效果), once the effect resolved in an earlier turn")
    turn: Literal["self", "opponent", "any"] = Field(default="self", description="in whose turn, relative to the card's controller (『每次自己准备阶段』: self; 『每次对方的准备阶段』: opponent; 『每次双方的准备阶段』: any)")
    maintenance: bool = Field(default=False, description="a maintenance cost (维持 COST: 『支付N基本分。或者不支付…让这张卡破坏』)")
    lp: int | None = Field(default=None, ge=1, le=MAX_AMOUNT, description="with maintenance: the Life Points the maintenance cost pays (『支付700基本分』): the processing is then two options, `process X ① pay` (with at least that many Life Points) and `process X ① not_pay` (the card is destroyed, or sent to the GY: `unpaid`) (asp/maintenance.lp)")
    unpaid: Literal["destroy", "send_to_graveyard"] | None = Field(default=None, description="with lp: what happens to the card when the cost is not paid (『…这张卡破坏』: destroy, the default; 『…送去墓地』: send_to_graveyard)")
    nth_standby_after_activation: int | None = Field(default=None, ge=1, le=99, description="at: standby, turn: self: 『这张卡发动后，第N次的自己准备阶段…』 — processed only in the N-th of its controller's Standby Phases since this card's card activation (the field entry's `standby_phases_since_activation:` counts those that came before this one); a card that was not activated (placed by an effect, no such key) never is (asp/standby_count.lp)")
    may_decline: bool = Field(default=False, description="with lp: 『或者不支付N基本分让这张卡破坏』 — the controller may choose not to pay; without it (『不能支付N基本分的场合这张卡破坏』) the card goes only when they cannot pay")

    @model_validator(mode="after")
    def _maintenance_keys(self) -> Processed:
        if self.lp is not None and not self.maintenance:
            raise ValueError("`lp:` (the Life Points a maintenance cost pays) goes with `maintenance: true`")
        if self.nth_standby_after_activation is not None and (self.at != "standby" or self.turn != "self"):
            raise ValueError("`nth_standby_after_activation:` counts its controller's own Standby Phases: `at: standby`, `turn: self`")
        if (self.unpaid is not None or self.may_decline) and self.lp is None:
            raise ValueError("`unpaid:` and `may_decline:` describe a maintenance cost's two options: they need `lp:`")
        return self


SKIP_MODIFIERS = ("skip_draw_phase", "skip_standby_phase", "skip_main_phase_1", "skip_battle_phase")


def _leaving_step(st: Step) -> bool:
    """A step a `when_leaving_field` effect may have (asp/leaving_field.lp, asp/leaving_operations.lp)."""
    if st.op == "inflict_damage":
        return True
    if st.op == "apply_modifier":
        return st.subject is None and st.modifier in SKIP_MODIFIERS
    return st.op in ("send_to_graveyard", "destroy") and st.subject is not None


class GrantSpec(Strict):
    """An effect an Xyz Material grants to the Xyz monster it is under (『…超量怪兽得到以下效果』)."""

    to: GrantTo = Field(description="the Xyz monster that gains it, as printed: `frames` (all of them) and `archetype` (its name contains it, or it is among its `archetypes`); judged by asp/granted_effects.lp")
    number: int = Field(ge=1, le=MAX_ITEMS_PER_EFFECT, description="the number the gained effect is known by on that monster (its chain entry's `effect:`): one its own effects do not use")


class GrantTo(Strict):
    frames: list[Frame] = Field(default_factory=list)
    archetype: str | None = None


class TurnCondition(Strict):
    """『…的回合才能发动』 / 『…ターンに発動できる』: an event that must have happened this turn."""

    event: EventKind = Field(description="the event (a history event of this turn: `when: now` or `earlier`)")
    from_: Area | None = Field(default=None, alias="from", description="where the card was (`field`: any field area); default anywhere")
    card: Selector = Field(description="whose event: the card as it is now, where the event put it (its `zones:` name that place: 『送去墓地』 `[graveyard]`; `level` there is its printed Level, the original one)")
    each_player: bool = Field(default=False, description="『从自己以及对方的场上各有1只以上』: such an event of a card of each player's — the player who controlled it before the event (a history event's `was.controller`, else its owner)")


class Effect(Strict):
    number: int = Field(ge=0, description="①②… as 1, 2, …; 0 for an unnumbered effect")
    kind: EffectKind
    mandatory: bool = Field(default=False, description="必发: must be activated")
    activates_from: list[Area] | None = Field(default=None, description="where it is activated from; default: monster effects monster_zone, Spell/Trap card activation hand+spell_trap_zone, other Spell/Trap effects spell_trap_zone (a Field Spell: field_zone instead of spell_trap_zone)")
    nowhere: bool = Field(default=False, description="has no activation location at all (太阳龙 因蒂 ②)")
    anywhere: bool = Field(default=False, description="its text states no activation place: it is activated wherever the card now is (元素英雄 绝对零度侠); any move after its trigger stops it")
    trigger: Trigger | None = None
    cost: list[Cost] = Field(default_factory=list, max_length=MAX_ITEMS_PER_EFFECT)
    steps: list[Step] = Field(default_factory=list, max_length=MAX_ITEMS_PER_EFFECT)
    bullets_all: bool = Field(default=False, description="『以下效果全部适用』: every ● must be able to apply")
    choose_one: Literal["activation", "resolution"] | None = Field(default=None, description="the player applies one ● only: chosen at activation (『以下の効果から１つを選択して発動できる』: activation, the chain link's `bullet:`) or when it resolves, among the ● that can apply then (『从以下效果选1个适用』: resolution)")
    resolves_later: bool = Field(default=False, description="does not resolve immediately (增殖的G kind)")
    each_time: EachTime | None = Field(default=None, description="resolves_later: once it has resolved, its steps apply each time this happens (『这个回合，每次…，…』)")
    once_per_turn: Literal["activation", "use"] | None = Field(default=None, description="1回合只能发动1次 (activation) / 使用1次 (use)")
    once_per_name: bool = Field(default=False, description="with once_per_turn: 『这个卡名的…1回合只能…1次』 — the count is shared by every card of this card's own name (the same effect of each copy), not one count per copy; a name the card is treated as (name_as) does not share it")
    counters_at_activation: int | None = Field(default=None, ge=1, description="card activation: 『给这张卡放置N个指示物来发动』 — the counters are placed at activation, not by an effect")
    not_with_card_activation: bool = Field(default=False, description="cannot be activated together with the card's activation (虚无空间 ②)")
    phase: Phase | None = Field(default=None, description="maintenance: the phase its cost is paid in")
    responds_to: Literal["activation", "monster_effect_activation", "destroy_on_field", "special_summon_activation", "summon",
                         "deck_effect_activation", "multi_destroy_activation", "before_draw"] | None = Field(default=None, description="before_draw: 『自己抽卡阶段的抽卡前才能发动』, activated only as chain link 1 in its controller's Draw Phase before the draw (scenario `draw_step: before_draw`); otherwise a quick effect that can only be activated in answer to the last chain link: any activation, a monster effect's activation, an effect that destroys a card on the field, an activation whose effect Special Summons, one whose effect or cost includes adding a card from the Deck to the hand, Special Summoning a monster from the Deck or sending a card from the Deck to the GY (「灰流丽」: judged on what the text includes, not on whether it would apply), or one whose effect destroys 2 or more cards on the field with one step (「反大革命」, judged on the board now); summon: 『召唤·特殊召唤之际』, in the window where a summon can be negated (scenario `summoning:`)")
    turn_condition: TurnCondition | None = Field(default=None, description="『…的回合才能发动』 / 『…ターンに発動できる』: the effect can be activated only in a turn in which this event happened (history events of this turn); judged at activation (rule turn_condition_not_met)")
    from_hand_while_none: Selector | None = Field(default=None, description="a Trap's card activation: 『自己场上没有卡存在的场合，这张卡的发动从手卡也能用』 / 『自分フィールドにカードが存在しない場合、このカードの発動は手札からもできる』 — it may be activated from the hand while no card matching this selector exists (『自己场上没有卡』: {player: self, zones: [field]}), judged at activation (asp/hand_trap_activation.lp)")
    battle_turn: Literal["battled", "not_battled"] | None = Field(default=None, description="『怪兽之间进行战斗的回合』 (battled) / 『怪兽之间没有进行战斗的回合』 (not_battled): the effect can be activated only in a turn in which monsters battled (a history event `battled` of this turn, or a monster destroyed by battle) / in which none did -- a battle ended before its damage calculation is not one (asp/battle_turn.lp)")
    in_phase: Phase | None = Field(default=None, description="『自己主要阶段2…才能发动』: the effect can be activated only in this phase (asp/battle_turn.lp)")
    activation_condition: Selector | None = Field(default=None, description="『…場合に発動できる』 / 『…的场合才能发动』 before 『発動』: the effect can be activated only while cards matching this selector exist — `count` of them (or `count` different values of `distinct`) — judged at activation, on the board then (not again at resolution)")
    response_card: Selector | None = Field(default=None, description="with responds_to: the card whose effect was activated (the last chain link's card) must match this selector, judged where that card is once activated, after its cost (『このカード以外のフィールドのカードの効果が発動した時』: {zones: [field], other_than_this: true}; a Spell/Trap card activated from the hand is on the field, a monster that Tributed itself as the cost is not)")
    modifiers: list[ModifierSpec] = Field(default_factory=list, description="continuous effects it applies while face-up on the field")
    destroyed_unless: Selector | None = Field(default=None, description="continuous: 『…没有…的场合，这张卡破坏』 — while no card matches, this card is destroyed at once (not on the chain)")
    destroyed_with: Selector | None = Field(default=None, description="continuous: 『那只怪兽破坏时这张卡破坏』 — when a step of a chain's resolution destroys a card matching this, this card is destroyed at once at that timing (not on the chain), unless it cannot be destroyed by effects then (asp/linked_destruction.lp)")
    destroyed_if: Selector | None = Field(default=None, description="continuous: 『…存在的场合，这张卡破坏』 — once a card other than this one matches while this card is face-up on the field, this card is destroyed at once (not on the chain)")
    turn_monster_lock: Selector | None = Field(default=None, description="on a card activation: 『这张卡发动的回合，自己不能把…以外的场上的怪兽的效果发动』 — in the turn this card was activated (its activation not negated: a history `activated` event of it, or its chain link), its controller cannot activate the effects of monsters on the field that this selector does not describe (『特殊召唤的怪兽以外』: {special_summoned: true}); asp/turn_monster_lock.lp")
    self_restriction: SelfRestriction | None = Field(default=None, description="『这张卡发动的回合，自己不是…不能召唤·特殊召唤』: it cannot be activated once the player succeeded such a summon of another monster this turn, and from its activation on the player cannot summon others so (000 更新规则④)")
    negates_activations: NegatesActivations | None = Field(default=None, description="continuous: 『…发动的…效果无效化』 — the chain links of such activations resolve negated while this card applies it")
    applies_in: list[Literal["monster_zone", "spell_trap_zone", "pendulum_zone", "field_zone"]] | None = Field(default=None, min_length=1, description="continuous: the areas of the field where it applies (『这张卡在灵摆区域存在，…』: a Pendulum Effect applies in the Pendulum Zone only); default: anywhere on the field")
    value_changes: list[ValueChange] = Field(default_factory=list, max_length=MAX_ITEMS_PER_EFFECT, description="continuous: the monsters' values it changes while it applies (『装备怪兽的攻击力上升1000』)")
    attribute_change: AttributeChange | None = Field(default=None, description="continuous: 『场上的全部表侧表示怪兽变成自己宣言的属性』 — the Attribute of the monsters it describes while it applies (asp/attribute_changes.lp)")
    processed: Processed | None = Field(default=None, description="a continuous effect processed at a point of a phase without a chain (a maintenance cost, 「强夺」's recovery, 「神之恩惠」): `legal_actions` offers `process X ①` there (asp/outside_chain.lp)")
    after_activation: list[AfterActivation] = Field(default_factory=list, max_length=MAX_ITEMS_PER_EFFECT, description="『这张卡（这个效果）的发动后，直到回合结束时…』: continuous effects on players that apply from the effect's resolution to the end of the turn, whatever its steps did, unless the activation or the effect was negated")
    copies: CopySpec | None = Field(default=None, description="『这个效果变成和那张魔法卡发动时的效果相同』: the effect applies the card-activation effect of the card its cost takes (`{cost: K}`: the K-th cost); it has no steps of its own, and the chain entry's `copied:` names that card")
    declares: list[Declarable] = Field(default_factory=list, description="『宣言1个属性才能发动』: what the player declares to activate it (race, attribute, level, name); the chain entry's `declared:` says the values")
    flags: list[EffectFlag] = Field(default_factory=list)
    granted: GrantSpec | None = Field(default=None, description="『持有这张卡作为素材中的「X」超量怪兽得到以下效果』: not this card's own effect — the effect of the Xyz monster this card is an Xyz Material of, when that monster is as `to` describes, under `number` there (its `this_card` is that monster)")
    when_link_applies: WhenLinkApplies | None = Field(default=None, description="continuous: 『このカードを対象として発動した相手モンスターの効果が適用される際に、…』 / 『以这张卡为对象发动的对方怪兽的效果适用之际，…』 — its steps (a discard from the hand) are processed as a chain link it describes resolves, before that link's own processing, even when that link is then negated; not when its activation was negated")
    when_leaving_field: bool = Field(default=False, description="continuous: 『这张卡从场上离开时，…』 — an effect applied at once as its card, face-up, leaves the field (无种类效果, not on a chain): its steps (an inflict_damage on a player) apply then; a monster's even while its effects are negated, a Spell/Trap card's not")
    text: str | None = None

    def _selectors(self) -> list[tuple[str, Selector]]:
        """Every selector of the effect but its activation_condition, with its key (for validation)."""
        out: list[tuple[str, Selector]] = []
        for i, st in enumerate(self.steps):
            for key, sel in (("subject", st.subject), ("condition", st.condition)):
                if sel is not None:
                    out.append((f"steps[{i}].{key}", sel))
            out += [(f"steps[{i}].parts[{k}]", p) for k, p in enumerate(st.parts)]
        out += [(f"cost[{i}].subject", c.subject) for i, c in enumerate(self.cost) if c.subject is not None]
        for key in ("destroyed_unless", "destroyed_if", "destroyed_with", "turn_monster_lock", "response_card",
                    "from_hand_while_none"):
            if getattr(self, key, None) is not None:
                out.append((key, getattr(self, key)))
        if self.trigger is not None and self.trigger.card is not None:
            out.append(("trigger.card", self.trigger.card))
        if self.attribute_change is not None:
            out.append(("attribute_change.to", self.attribute_change.to))
        for k, vc in enumerate(self.value_changes):
            if isinstance(vc.to, Selector):
                out.append((f"value_changes[{k}].to", vc.to))
            if vc.count is not None:
                out.append((f"value_changes[{k}].count", vc.count))
        return out + [(f"{w}.except", s.except_) for w, s in list(out) if s.except_ is not None]

    @model_validator(mode="after")
    def _shape(self) -> Effect:
        for i, st in enumerate(self.steps, start=1):  # a reference to an earlier step (asp/branches.lp)
            if st.of_step is not None and (st.of_step >= i or st.wording not in ("that_card", "those_cards")):
                raise ValueError(f"step {i}: `of_step` names an earlier step, with wording that_card / those_cards")
            if st.branch is not None and st.branch.step >= i:
                raise ValueError(f"step {i}: `branch.step` names an earlier step")
        if self.granted is not None and self.kind not in ("ignition", "trigger", "quick", "flip"):
            raise ValueError("`granted:` is read for an effect that is activated (kind ignition, trigger, quick or "
                             "flip): a granted continuous effect is not modelled")
        if self.from_hand_while_none is not None and self.kind != "card_activation":
            raise ValueError("`from_hand_while_none:` is read on a Trap's card activation (kind: card_activation)")
        if self.anywhere and (self.activates_from or self.nowhere):
            raise ValueError("`anywhere:` (no stated place: wherever the card is) goes without `activates_from:` "
                             "and `nowhere:`")
        if self.kind in ("trigger", "flip") and self.trigger is None and self.kind == "trigger":
            raise ValueError("a trigger effect needs `trigger:` (its event)")
        if self.kind not in ("trigger", "flip", "continuous", "quick", "card_activation") and self.trigger is not None:
            raise ValueError("only trigger, quick and card-activation effects (the event they are activated on) and "
                             "continuous effects applied each time something happens have `trigger:`")
        if self.when_leaving_field and (self.kind != "continuous" or self.trigger is not None or not self.steps
                                        or not all(_leaving_step(st) for st in self.steps)):
            raise ValueError("`when_leaving_field:` is a `kind: continuous` effect's, with no `trigger:`, whose steps "
                             "apply as its card leaves the field: inflict_damage, apply_modifier with a skip_* modifier "
                             "and no subject (the next turn's phase), send_to_graveyard or destroy with a subject (the "
                             "steps the rule base applies so)")
        if self.when_link_applies is not None and (self.kind != "continuous" or self.trigger is not None
                                                   or self.when_leaving_field or not self.steps
                                                   or not all(_link_applies_step(st) for st in self.steps)):
            raise ValueError("`when_link_applies:` is a `kind: continuous` effect's, with no `trigger:`, whose steps are "
                             "processed as the chain link it describes resolves: discard with a subject in the hand "
                             "(`zones: [hand]`, not this_card nor target), the steps the rule base applies so")
        if self.modifiers and self.kind != "continuous":
            raise ValueError("`modifiers:` are applied only by a `kind: continuous` effect; write the lock "
                             "as its own continuous effect (a card activation has none)")
        if self.mandatory and self.kind not in ("trigger", "flip", "continuous", "quick"):
            raise ValueError("only trigger, flip and quick effects (『…时发动』 answering an activation) can be mandatory")
        if self.mandatory and self.kind == "quick" and self.responds_to is None:
            raise ValueError("a mandatory quick effect is one that answers something (『…时发动』): give `responds_to:`")
        if self.once_per_name and self.once_per_turn is None:
            raise ValueError("`once_per_name:` says whose count `once_per_turn:` is (『这个卡名的…1回合只能…1次』): give `once_per_turn:`")
        sr_proc = self.self_restriction is not None and self.self_restriction.applies in ("procedure", "procedure_effect")
        if self.self_restriction is not None and sr_proc != (self.kind == "procedure"):
            raise ValueError("self_restriction.applies: `procedure` / `procedure_effect` (『这个方法特殊召唤过（成功）的回合』) "
                             "are a summon procedure's (kind: procedure), and a summon procedure's restriction is one of them")
        if self.kind == "procedure":
            given = [k for k in PROCEDURE_FORBIDS if k in self.model_fields_set]
            if given:
                raise ValueError(f"a summon procedure (kind: procedure) is not an effect and is not activated: "
                                 f"it takes no `{given[0]}:` (only number, steps, flags, text)")
            if not self.steps:
                raise ValueError("a summon procedure (kind: procedure) needs its `steps:` (what it sends, "
                                 "banishes or summons, in text order)")
        if self.choose_one is not None:
            if sum(st.connector == "bullet" for st in self.steps) < 2:
                raise ValueError("`choose_one:` is an effect with several ● to choose from: give two or more steps "
                                 "with `connector: bullet`")
            if self.bullets_all:
                raise ValueError("`choose_one:` (one ●) and `bullets_all:` (every ●) exclude each other")
        if self.processed is not None and self.processed.at not in ("before_draw", "end_phase") and self.kind != "continuous":
            raise ValueError("`processed: {at: standby | after_draw}` (processed without a chain at a point of a phase) is a continuous effect's: kind continuous")
        if self.processed is not None and self.processed.at == "before_draw" and self.kind in ("continuous", "procedure"):
            raise ValueError("`processed: {at: before_draw}` is what an activated effect's resolution leaves for the next Draw Phase: not on a continuous effect or a procedure")
        if self.processed is not None and self.processed.at == "end_phase" and self.kind in ("continuous", "procedure"):
            raise ValueError("`processed: {at: end_phase}` is what an activated effect's resolution leaves for the End Phase: not on a continuous effect or a procedure")
        if self.processed is not None and self.processed.maintenance and self.processed.at != "standby":
            raise ValueError("`maintenance: true` (a maintenance cost) is processed in the Standby Phase: `at: standby`")
        if self.after_activation and self.kind in ("continuous", "procedure"):
            raise ValueError("`after_activation:` is an activated effect's (『这张卡的发动后…』)")
        for k, aa in enumerate(self.after_activation):
            if aa.modifier in RACE_MODIFIERS or aa.modifier in AMOUNT_MODIFIERS:
                raise ValueError(f"after_activation[{k}]: {aa.modifier} is not a continuous effect on players without more keys")
        if self.copies is not None:
            if self.kind in ("continuous", "procedure"):
                raise ValueError("`copies:` is an activated effect's (『这个效果变成和那张魔法卡发动时的效果相同』)")
            if self.steps:
                raise ValueError("an effect with `copies:` applies the copied card's effect: it takes no `steps:` of its own")
            if self.copies.cost > len(self.cost):
                raise ValueError(f"copies.cost: {self.copies.cost} names a cost the effect does not have "
                                 f"(it has {len(self.cost)})")
        if self.declares and self.kind in ("continuous", "procedure"):
            raise ValueError("`declares:` is an activated effect's (『宣言…才能发动』): a continuous effect or a summon procedure is not activated")
        if self.applies_in is not None and self.kind != "continuous":
            raise ValueError("`applies_in:` says where a continuous effect applies (『这张卡在灵摆区域存在…』): give it `kind: continuous` "
                             "(an activated effect says where it is activated with `activates_from:`)")
        if self.value_changes and self.kind != "continuous":
            raise ValueError("`value_changes:` are a continuous effect's (『装备怪兽的攻击力上升1000』): give it `kind: continuous`, "
                             "or write a change made once as a value step (change_stat)")
        if self.attribute_change is not None and self.kind != "continuous":
            raise ValueError("`attribute_change:` is a continuous effect's (『场上的全部表侧表示怪兽变成…属性』): give it `kind: continuous`")
        if self.negates_activations is not None and self.kind != "continuous":
            raise ValueError("`negates_activations:` is a continuous effect's (『…发动的效果无效化』): give it `kind: continuous`")
        if self.activation_condition is not None and self.activation_condition.this_card:
            raise ValueError("`activation_condition:` describes other cards that must exist (『自分フィールドに…が存在する場合』), "
                             "not `this_card` (say where this card must be with `activates_from:`)")
        for where, sel in self._selectors():
            if sel.distinct is not None:
                raise ValueError(f"{where}: `distinct:` is read only in the effect's `activation_condition:`")
        if self.response_card is not None and self.responds_to is None:
            raise ValueError("`response_card:` says which card's activation the effect answers: it goes with `responds_to:`")
        if self.response_card is not None and self.response_card.this_card:
            raise ValueError("`response_card:` describes the card of the activation answered, not `this_card`")
        if self.turn_monster_lock is not None and self.kind != "card_activation":
            raise ValueError("`turn_monster_lock:` (『这张卡发动的回合…』) is a card activation's: give it `kind: card_activation`")
        for key in ("destroyed_unless", "destroyed_if", "destroyed_with"):
            if getattr(self, key) is not None and self.kind != "continuous":
                raise ValueError(f"`{key}:` is a continuous effect's (『…的场合，这张卡破坏』): give it `kind: continuous`")
            if getattr(self, key) is not None and getattr(self, key).this_card:
                raise ValueError(f"`{key}:` describes other cards (the condition), not `this_card`")
        if any(st.amount_per_event_card is not None or st.player == "event_card_owners" for st in self.steps) and (
                self.kind != "continuous" or self.trigger is None
                or self.trigger.event in ("damaged", "lp_gained", "phase_reached", "activated", "attack_declared")):
            raise ValueError("`amount_per_event_card:` / `player: event_card_owners` read the cards whose event a continuous "
                             "effect applied each time answers: the effect needs `kind: continuous` and a `trigger:` on "
                             "cards' event (sent_to_graveyard, destroyed, …)")
        for i, st in enumerate(self.steps):
            if st.coin is not None and not any(b.op == "toss_coin" for b in self.steps[:i]):
                raise ValueError(f"steps[{i}]: `coin:` (『表出现的场合』) reads the coin of a `toss_coin` step before it: there is none")
        if any(st.amount_from_damage for st in self.steps) and (self.trigger is None or self.trigger.event != "damaged"):
            raise ValueError("a step with `amount_from_damage:` takes the amount of a damage its trigger answered: "
                             "the effect needs `trigger: {event: damaged, ...}`")
        if any(st.amount_from is not None and st.amount_from.card == "cost" for st in self.steps) and not any(
                c.subject is not None and not c.subject.this_card for c in self.cost):
            raise ValueError("`amount_from: {card: cost}` reads the card the effect's cost takes: the effect needs a `cost:` "
                             "with a `subject:` (not this_card)")
        if any(st.amount_from is not None and st.amount_from.card == "target" for st in self.steps) and not any(
                st.subject is not None and st.subject.target for st in self.steps):
            raise ValueError("`amount_from: {card: target}` reads the card the effect targets: a step's subject needs `target: true`")
        if any(st.subject is not None and (st.subject.like_cost_in_graveyard or any(
                r.cost_in_graveyard_plus is not None for _, _, r in st.subject.value_ranges())) for st in self.steps) \
                and not any(c.subject is not None and not c.subject.this_card for c in self.cost):
            raise ValueError("`like_cost_in_graveyard` / `cost_in_graveyard_plus` compare with the card the effect's cost sends "
                             "to the GY: the effect needs a `cost:` with a `subject:` (not this_card)")
        if any(st.subject is not None and any(r.equal_cost or r.not_equal_cost for _, _, r in st.subject.value_ranges())
               for st in self.cost):
            raise ValueError("`equal_cost` / `not_equal_cost` are read on a step's subject, not a cost's")
        if any(st.subject is not None and any(r.equal_cost or r.not_equal_cost for _, _, r in st.subject.value_ranges())
               for st in self.steps) and not any(c.subject is not None and not c.subject.this_card for c in self.cost):
            raise ValueError("`equal_cost` / `not_equal_cost` compare with the card the effect's cost takes: the effect needs a "
                             "`cost:` with a `subject:` (not this_card)")
        for st in self.steps:
            sub = st.subject
            if sub is not None and sub.like_target_one_of and not sub.like_target:
                raise ValueError("`like_target_one_of` goes with `like_target` (the comparisons one of which is enough)")
            if sub is not None and sub.like_target and not any(
                    (x.subject is not None and x.subject.target) or any(t.target for t in (x.to if isinstance(x.to, list) else [x.to]) if t is not None)
                    for x in self.steps):
                raise ValueError("`like_target` compares with the card the effect targets: a step's subject (or an equip step's "
                                 "`to:`) needs `target: true`")
        def _cmp_keys(sel: Selector | None, ref: str) -> bool:  # compared_values.lp: compared with the cost / trigger card
            if sel is None:
                return False
            if ref == "cost":
                return bool(sel.like_cost) or any(r.cost_plus for _, _, r in sel.value_ranges())
            return bool(sel.like_trigger_card) or any(r.trigger_card_plus or r.max_trigger_card for _, _, r in sel.value_ranges())
        if any(st.level_sum_equal_cost for st in self.steps) and not any(c.subject is not None and not c.subject.this_card
                                                                         for c in self.cost):
            raise ValueError("`level_sum_equal_cost` adds up to the Level of the card the effect's cost takes: the effect needs a "
                             "`cost:` with a `subject:` (not this_card)")
        for ref, key in (("cost", "`like_cost` / `cost_plus`"), ("trigger_card", "`like_trigger_card` / `trigger_card_plus` / `max_trigger_card`")):
            if any(_cmp_keys(c.subject, ref) for c in self.cost):
                raise ValueError(f"{key} are read on a step's subject, not a cost's")
            if any(_cmp_keys(st.subject, ref) for st in self.steps):
                if ref == "cost" and not any(c.subject is not None and not c.subject.this_card for c in self.cost):
                    raise ValueError(f"{key} compare with the card the effect's cost takes: the effect needs a `cost:` with a "
                                     "`subject:` (not this_card)")
                if ref == "trigger_card" and self.trigger is None:
                    raise ValueError(f"{key} compare with the card whose event met the trigger: the effect needs a `trigger:`")
        targeting = [k for k, st in enumerate(self.steps, start=1) if st.subject is not None and st.subject.target]
        for i, st in enumerate(self.steps):
            a = st.amount_from
            if a is None or a.card != "target":
                continue
            if a.step is not None and a.step not in targeting:
                raise ValueError(f"steps[{i}].amount_from.step: step {a.step} has no subject with `target: true` "
                                 f"(targeting steps: {targeting})")
            if a.step is None and len(targeting) > 1:
                raise ValueError(f"steps[{i}].amount_from: the effect targets for steps {targeting}: say which target the "
                                 "amount is read from (`step:`)")
        if any(st.subject is not None and any(r.min_target or r.max_target or r.equal_target for _, _, r in st.subject.value_ranges())
               for st in self.cost):
            raise ValueError("`min_target` / `max_target` / `equal_target` are read on a step's subject, not a cost's")
        if any(st.subject is not None and any(r.min_target or r.max_target or r.equal_target for _, _, r in st.subject.value_ranges())
               for st in self.steps) and not any(st.subject is not None and st.subject.target for st in self.steps):
            raise ValueError("`min_target` / `max_target` / `equal_target` compare with the card the effect targets: a step's subject needs `target: true`")
        for i, step in enumerate(self.steps):
            if i == 0 and step.connector not in ("first", "bullet"):
                raise ValueError("steps[0].connector: the first step's connector is `first` (or `bullet`)")
            if i == 0 and step.zones_of == "previous":
                raise ValueError("steps[0].zones_of: previous names the cards of the step before: the first step has none")
            if i > 0 and step.connector == "first":
                raise ValueError(f"steps[{i}].connector: say how this step joins the one before (comma, then, again, period, bullet, added)")
        return self


class Declared(Strict):
    """What a player declares for an effect (宣言): only the keys the effect declares."""

    race: str | None = Field(default=None, description="a Type (种族), e.g. 恐龙族")
    attribute: str | None = Field(default=None, description="an Attribute (属性), e.g. 暗")
    level: int | None = Field(default=None, ge=1, le=MAX_AMOUNT, description="a Level")
    name: str | None = Field(default=None, description="a card name")

    def given(self) -> list[tuple[str, str | int]]:
        return [(k, v) for k in ("race", "attribute", "level", "name") if (v := getattr(self, k)) is not None]


class FieldCard(Strict):
    """A card on the field."""

    @field_validator("attribute")
    @classmethod
    def _attributes_known(cls, v: str | list[str] | None) -> str | list[str] | None:
        return check_attributes(v)

    card: CardRef = Field(description="card name (inline `cards:`, the catalog, or your card data), or a passcode of your card data")
    zone: FieldZone
    id: str | None = Field(default=None, description="instance id, when the same name appears twice")
    position: Position | None = Field(default=None, description="battle position (monsters)")
    face: Face = "up"
    owner: Player | None = Field(default=None, description="defaults to the controller")
    race: str | None = Field(default=None, description="its Type now, when an effect has changed it (default: the card's own)")
    name: str | None = Field(default=None, description="its card name now, when another card's effect has changed it on the field (『将该怪兽的卡名视为“未知”』 / 『そのモンスターのカード名を「アンノウン」として扱う』, 「No.69 纹章神 盾徽-神之愤怒」 ②): it has that name, not its own, while it is face-up on the field (rule name_given_on_field; default: the card's own)")
    attribute: str | list[str] | None = Field(default=None, description="its Attribute(s) on the field now, when a continuous effect changes it (「DNA移植手术」; a list: all of them, 「千六百七十七万工房」); it has its own again once it has left the field (default: the card's own)")
    targets: list[CardRef] = Field(default_factory=list, max_length=MAX_ITEMS_PER_EFFECT, description="the cards its card activation targeted, that it still applies to (『对象の表側表示モンスター』, 「魔族之链」: read by a continuous effect's modifiers with `activation_target: true`); only on a card with such a modifier")
    declared: Declared | None = Field(default=None, description="what its player declared when this card was activated (宣言, 「DNA移植手术」 『发动时宣言1种类的属性』: `{attribute: 暗}`), read by its effects (`attribute_change` with `attribute: declared`); only what one of its effects `declares:`")
    counters: int = Field(default=0, ge=0, le=MAX_AMOUNT, description="counters (指示物) on it, apart from those its own activation on the chain placed (the rule base adds those)")
    atk: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="its ATK now, when an effect has changed it (default: the card's own)")
    def_: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, alias="def", description="its DEF now, when an effect has changed it")
    level: int | None = Field(default=None, ge=1, le=MAX_AMOUNT, description="its Level now, when an effect has changed it (a monster that has a Level)")
    own_change: int | None = Field(default=None, ge=0, description="the number of this card's own effect that changed the `level:` / `race:` / `attribute:` / `name:` given here on itself (『这张卡变成和…相同等级，当作同名卡使用』): while its effects are negated, its Level, Type and Attribute are its own again and the name stays (asp/own_changes.lp, own_change_undone_by_negation)")
    equipped_to: str | None = Field(default=None, description="this card (in a Spell & Trap Zone) is an Equip Card equipped to that monster (a card reference)")
    gemini_summoned: bool = Field(default=False, description="a Gemini monster (`abilities: [gemini]`, 二重怪兽) that was summoned again on the field (再1次召唤): an Effect Monster, no longer one treated as a Normal Monster that a Normal Summon can take on the field (asp/gemini.lp)")
    summoned_by: str | None = Field(default=None, description="this monster was Special Summoned by that card's activation (a card reference: a Continuous Trap on the field, 「活死人的呼声」) and has stayed on the field since: it is 『那只怪兽』 of that card's text (selector `summoned_by_this`)")
    this_turn: list[Literal["summoned", "set", "position_changed", "attacked"]] = Field(default_factory=list, description="what this card did this turn: a monster summoned / set (cannot change position or be Flip Summoned), position_changed (also by a Flip Summon), attacked; a Spell/Trap set (a Trap or Quick-Play Spell cannot be activated this turn)")
    attack_targets: list[CardRef] = Field(default_factory=list, max_length=8, description="the attacks this monster declared this turn, in order: each the monster it attacked (a card reference) or `direct`; it attacked (this_turn: [attacked] is then implied) that many times (legal_actions: a second attack, attacking each monster once, not after a direct attack)")
    standby_phases_since_activation: int | None = Field(default=None, ge=0, le=99, description="a card with a `processed: {nth_standby_after_activation: N}` effect that was activated (a card activation): how many of its controller's Standby Phases have come since, before the current one (its N-th is the one after N-1 of them); left out: it was not activated (placed by an effect), so it is never processed (asp/standby_count.lp)")
    summoned_with: list[str] = Field(default_factory=list, max_length=MAX_ITEMS_PER_EFFECT, description="the materials its Fusion / Synchro / … Summon used (card references: in the GY, …), for an effect that names them (「融合解除」 『那一组融合素材』)")
    as_monster: AsMonster | None = Field(default=None, description="a Spell or Trap card in a Monster Zone that another card's effect Special Summoned as a Normal monster (『那2张卡当作通常怪兽卡（攻／守0）使用…盖放』, 「魔术礼帽」): there it is a Normal monster with these values and still its own kind of card (asp/cards_as_monsters.lp)")
    materials: list["PileEntry"] | None = Field(default=None, max_length=MAX_ITEMS_PER_EFFECT, description="an Xyz monster's Xyz Materials (超量素材), the cards under it: not on the field (asp/materials.lp); [] none. Without this key its materials are not tracked: a detach can always be paid")

    @model_validator(mode="after")
    def _summoned_by_in_monster_zone(self) -> FieldCard:
        if self.summoned_by is not None and not (self.zone.startswith("mmz") or self.zone.startswith("emz")):
            raise ValueError("`summoned_by:` is a monster's in a Monster Zone (the monster a card's activation summoned)")
        if self.gemini_summoned and not (self.zone.startswith("mmz") or self.zone.startswith("emz")):
            raise ValueError("`gemini_summoned:` is a Gemini monster's in a Monster Zone (summoned again there)")
        return self

    @model_validator(mode="after")
    def _own_change_has_changes(self) -> FieldCard:
        if self.own_change is not None and self.level is None and self.race is None and self.attribute is None and self.name is None:
            raise ValueError("`own_change:` says which of its own effects changed the `level:` / `race:` / `attribute:` / `name:` "
                             "given here: give at least one of them")
        return self


class PileCard(Strict):
    """A card in the hand, Deck, Extra Deck, GY or banished."""

    card: CardRef
    id: str | None = None
    face: Face | None = Field(default=None, description="Extra Deck: default down; banished: default up")
    owner: Player | None = None
    public: bool = Field(default=False, description="a hand card the opponent is being shown (e.g. kept revealed by an effect)")
    properly_summoned: bool = Field(default=False, description="GY / banished: the monster was properly summoned before (a monster with a summon_condition can then be Special Summoned from there)")


PileEntry = Union[CardRef, PileCard]
FieldCard.model_rebuild()


class PlayerState(Strict):
    field: list[FieldCard] = Field(default_factory=list, description="cards this player controls on the field")
    hand: list[PileEntry] = Field(default_factory=list)
    deck: list[PileEntry] = Field(default_factory=list)
    extra_deck: list[PileEntry] = Field(default_factory=list)
    graveyard: list[PileEntry] = Field(default_factory=list)
    banished: list[PileEntry] = Field(default_factory=list)
    tokens: list[PileEntry] = Field(default_factory=list, description="Tokens (衍生物) this player's effects may create: not yet in the game; a step special summons them from area `tokens`")
    locked_zones: list[FieldZone] = Field(default_factory=list, description="zones an effect forbids this player to use")
    normal_summon_used: bool = Field(default=False, description="this player has already Normal Summoned or Set a monster this turn (legal_actions)")
    pendulum_summon_used: bool = Field(default=False, description="this player has already Pendulum Summoned this turn, or had a Pendulum Summon negated (its right is used even so: 000 更新规则⑤) (legal_actions)")
    normal_summons: int = Field(default=0, ge=0, le=3, description="how many Normal Summons / Sets this player made this turn, when an effect lets them make more than one (modifier normal_summon_three_times); normal_summon_used: true counts 1")


class EventWas(Strict):
    """What a card was just before its event, where it was (the event's `from:`): the information a trigger judged
    at the event (`card_judged: before | both`) reads.  Unset keys: face-up on the field (no face elsewhere), the
    card's controller on the board, the kind of card it is in that area, its printed Type and Attribute, its name there."""

    face: Face | None = Field(default=None, description="its face there (a face-down monster destroyed: down)")
    controller: Player | None = Field(default=None, description="who controlled it there (a monster taken from its owner: the taker)")
    card_type: CardType | list[CardType] | None = Field(default=None, description="the kinds of card it was there, when not what the area makes of it (a Trap card set in a Monster Zone by 「魔术礼帽」 is only a monster: [monster])")
    race: str | None = Field(default=None, description="its Type there, changed by an effect (『变成不死族』)")
    attribute: str | list[str] | None = Field(default=None, description="its Attribute(s) there, changed by an effect (「DNA移植手术」); a list: all of them")
    name: str | None = Field(default=None, description="its card name there, changed by an effect (『卡名变更』, 『卡名当作「X」使用』): its names and archetypes (『「X」怪兽』: a name containing X) are judged on it")
    frames: list[Frame] | None = Field(default=None, min_length=1, description="its frames there, when an effect changed them (『当作调整使用』, 「自然调整」: [normal, tuner]): all of them")
    archetypes: list[str] | None = Field(default=None, min_length=1, description="archetypes an effect had it also treated as there (『也当作「DDD」怪兽使用』), besides those of its name")
    level: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="its Level there, changed by an effect (「星级变化」): read by `cost_plus` / `trigger_card_plus` / `max_trigger_card`")
    rank: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="its Rank there, changed by an effect")
    atk: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, description="its ATK there, changed by an effect")
    def_: int | None = Field(default=None, ge=0, le=MAX_AMOUNT, alias="def", description="its DEF there, changed by an effect")
    zone: FieldZone | None = Field(default=None, description="the zone it stood in there (a field area `from:`): for a card that left the field as the cost of the effect it activated, the column that effect was activated in (negates_activations `same_column_as`)")
    equipped_to: CardRef | None = Field(default=None, description="the monster it was equipped to there, an Equip Card leaving the field (『这张卡装备过的怪兽』, selector `was_equipped_by_this`)")


class Event(Strict):
    """Something that happened since both players last passed, in order."""

    event: EventKind | Literal["damaged", "lp_gained", "summon_negated"] = Field(description="what happened; damaged: a player took damage (`player`, `amount`; `card` is the card that dealt it, `by` battle or effect); lp_gained: a player gained Life Points (`player`, `amount`; `card` is the card whose effect did it); summon_negated: the summon of `card` was negated (「神之宣告」): it did not happen, and the cards that left as its materials at the moment before (`by: material`) were not used as material (moves no card: give where the monster went, e.g. `destroyed`)")
    card: CardRef = Field(description="card reference (id or unique name); damaged: the card whose effect or battle dealt it")
    player: Literal["self", "opponent"] | None = Field(default=None, description="damaged: who took the damage")
    amount: int | None = Field(default=None, ge=1, le=MAX_AMOUNT, description="damaged: how much")
    from_: Area | None = Field(default=None, alias="from", description="where it was (field areas: monster_zone, spell_trap_zone, ...)")
    to: Area | None = Field(default=None, description="where it went; default from the event (destroyed -> graveyard, banished -> banished, ...)")
    face: Face | None = Field(default=None, description="face where it went (returned_to_extra_deck: up or down)")
    by: Cause = "effect"
    effect: int | None = Field(default=None, description="activated / activation_negated: which effect (number; 0 = card activation)")
    negated: bool = Field(default=False, description="activated: the activation was negated; resolved: the effect of that chain link was negated when it resolved")
    chain_link: int | None = Field(default=None, ge=1, description="during the resolution of this chain link")
    targeted: bool = Field(default=False, description="the effect that did it targeted this card (for a trigger with `not_targeted:`)")
    simultaneous: bool = Field(default=False, description="happened at the same moment as the previous event")
    when: Literal["now", "earlier", "previous_turn", "two_turns_ago", "three_turns_ago", "four_turns_ago"] = Field(default="now", description="now: since both players last passed (the window triggers answer); earlier: earlier this turn; previous_turn; two_turns_ago: the turn before the previous one (the turn player's own last turn); three_turns_ago / four_turns_ago: the turns before that (the opponent's, the turn player's own: 『第2次的自己准备阶段』, event_turn own_second)")
    summon: SummonKind | None = Field(default=None, description="a summon event: how it was Summoned (fusion, synchro, xyz, link, ritual, pendulum; tribute for a Normal Summon with Tributes); none: an ordinary Normal / Special Summon")
    by_player: Player | None = Field(default=None, description="who caused it: the player who activated the effect, attacked or paid the cost (『相手によって』); none: not said (a trigger that asks does not meet it)")
    by_card: str | None = Field(default=None, description="the card whose effect caused it (with `by: battle`, the monster that destroyed it by battle, for a trigger's `by_this_card`; its kind, for a trigger's `by_card_type`, is the kind it was where the effect was activated: a monster that summons itself from the Spell & Trap Zone as an Equip Card did it by a Spell card's effect)")
    by_effect: int | None = Field(default=None, ge=0, le=MAX_ITEMS_PER_EFFECT, description="the number of `by_card`'s effect that caused it (an effect it was a cost of: that effect), for a trigger with `by_this_card` / `by_effect`")
    instead_by: CardRef | list[CardRef] | None = Field(default=None, description="a card banished (`banished`, or a move written `to: banished`) because 『从场上离开的场合除外』 or 『送去墓地的卡不去墓地而除外』 applied to it: the card(s) whose effect that is (「复活气息」, 「大宇宙」; both players' 「大宇宙」: a list). The banishment is that effect's, its controller's — not the effect, cost or player that moved it (`by`, `by_card`, `by_player`, which stay the cause of its leaving the field)")
    was: EventWas | None = Field(default=None, description="what the card was just before the event, where it was (`from:`): face, controller, kind of card, Type, Attribute (read by a trigger with `card_judged: before | both`)")
    procedure: int | None = Field(default=None, ge=0, le=MAX_ITEMS_PER_EFFECT, description="special_summoned: the summon was the monster's own summon procedure of this number (kind: procedure, e.g. 1 for its ①方法), whose 『这个方法特殊召唤过的回合』 restriction then applies")
    copied: CardRef | None = Field(default=None, description="resolved: the effect (a copy effect, effect key copies) applied this card's card-activation effect, whose 『这张卡的发动后，直到回合结束时…』 parts (after_activation) then bind the copying effect's controller (asp/summon_limit.lp)")

    @model_validator(mode="after")
    def _damage_keys(self) -> Event:
        if self.event == "placed" and self.to is None:
            raise ValueError("a `placed` event (a card put face-up in a zone: 『表側表示で置かれた』) needs `to:` (where)")
        if self.event == "damaged" and (self.player is None or self.amount is None):
            raise ValueError("a `damaged` event needs `player:` (who took the damage) and `amount:`")
        if self.event == "lp_gained" and (self.player is None or self.amount is None):
            raise ValueError("an `lp_gained` event needs `player:` (who gained Life Points) and `amount:`")
        if self.event not in ("damaged", "lp_gained") and (self.player is not None or self.amount is not None):
            raise ValueError("`player:` and `amount:` are read only on a `damaged` or `lp_gained` event")
        if self.event == "damaged" and self.by not in ("battle", "effect"):
            raise ValueError("a `damaged` event is `by: battle` or `by: effect`")
        return self

    @model_validator(mode="after")
    def _summon_keys(self) -> Event:
        if self.summon is not None and self.event not in SUMMON_EVENTS:
            raise ValueError(f"`summon:` (how it was Summoned) is read only on a summon event ({', '.join(SUMMON_EVENTS)})")
        if self.summon == "tribute" and self.event == "special_summoned":
            raise ValueError("a Tribute Summon (`summon: tribute`) is a Normal Summon: event normal_summoned")
        if self.summon not in (None, "tribute") and self.event == "normal_summoned":
            raise ValueError(f"a {self.summon} Summon is a Special Summon: event special_summoned")
        if self.event in ("damaged", "lp_gained") and (self.by_player is not None or self.by_card is not None):
            raise ValueError("`by_player:` and `by_card:` are read on a card's event, not on `damaged`")
        return self

    @model_validator(mode="after")
    def _instead_keys(self) -> Event:
        if self.instead_by is not None and self.event != "banished" and self.to != "banished":
            raise ValueError("`instead_by:` (the effect that banished the card instead) goes with a card that was banished: "
                             "event `banished`, or a move written `to: banished`")
        if self.by_effect is not None and self.by_card is None:
            raise ValueError("`by_effect:` (which effect of `by_card` caused it) needs `by_card:`")
        return self

    @model_validator(mode="after")
    def _procedure_key(self) -> Event:
        if self.procedure is not None and self.event != "special_summoned":
            raise ValueError("`procedure:` (the monster's own summon procedure) is read only on a `special_summoned` event")
        if self.copied is not None and self.event != "resolved":
            raise ValueError("`copied:` (the card whose card-activation effect a copy effect applied) is read only on a `resolved` event")
        return self

    @model_validator(mode="after")
    def _was_keys(self) -> Event:
        if self.was is not None and (self.event in ("damaged", "lp_gained") or self.from_ is None):
            raise ValueError("`was:` (what the card was before the event) describes it where it was: it needs `from:`, "
                             "and a card's event (not `damaged`)")
        return self

    @model_validator(mode="after")
    def _negated_activations_only(self) -> Event:
        if self.negated and self.event not in ("activated", "resolved"):
            raise ValueError(
                "`negated:` is read only on an `activated` or `resolved` event; a negated summon did not happen: write it as "
                "`summon_negated` (it is not counted, 更新规则⑤), and give where the monster went, e.g. `destroyed`")
        return self


class ChainLink(Strict):
    """A chain link waiting to resolve (the chain being built now)."""

    card: CardRef
    effect: int = Field(default=0, description="effect number; 0 = the card's activation")
    revealed: list[str] = Field(default_factory=list, description="cards revealed as its cost")
    targets: dict[int, list[str]] = Field(default_factory=dict, description="step number -> the cards chosen for it at activation (targets, or cards fixed at activation)")
    negated: bool = Field(default=False, description="its effect is negated when it resolves")
    bullet: int | None = Field(default=None, ge=1, le=MAX_ITEMS_PER_EFFECT, description="the ● chosen at activation (1 = the first ●), for an effect with `choose_one: activation`")
    declared: Declared | None = Field(default=None, description="what the player declares for this effect (宣言): at its activation (the effect's `declares:`) or when its `op: declare` step applies")
    copied: CardRef | None = Field(default=None, description="for an effect with `copies:`: the card its cost took, whose card-activation effect it applies (as if written on this card)")
    delayed: bool = Field(default=False, description="not a chain link: the delayed steps (`later:`) of this effect, which resolved earlier, carried out now at their phase, outside the chain and not as an activation (asp/delayed_steps.lp); the only entry of `chain:`, asked by resolve questions")
    zones: dict[str, MonsterZone] = Field(default_factory=dict, description="card -> the Monster Zone a monster this link summons goes to, on the field it goes to, or the Main Monster Zone its `move_zone` step moves a monster to (『在…的正对面的怪兽区域上特殊召唤』); without it the player chooses, each zone an outcome -- only where a zone an effect names needs it (docs/effect-language.md, Zones and columns an effect names)")


class Attack(Strict):
    """The attack in progress (Battle Phase)."""

    attacker: CardRef = Field(description="the attacking monster")
    target: CardRef | None = Field(default=None, description="the monster attacked (none: a direct attack)")


class Summoning(Strict):
    """A summon declared and not yet successful (004 怪兽通常召唤…的处理 4: 无效召唤的卡发动时点): the
    monster is out of its place (nowhere) until it succeeds."""

    card: str = Field(description="the monster being summoned (where it came from: the hand, the field for a Flip Summon, …)")
    kind: Literal["normal_summon", "flip_summon", "special_summon"] = "normal_summon"


class GivenBy(Strict):
    """The resolved effect that gave an `in_force` continuous effect to a card (『这个效果得到控制权的怪兽的效果无效化』)."""

    card: CardRef = Field(description="the card whose effect gave it (a history `resolved` event of that effect is needed)")
    effect: int = Field(ge=0, description="the number of that effect")


class InForce(Strict):
    """A continuous effect applying now (from a card not on the board, or
    lingering, e.g. 『这个回合…』)."""

    modifier: ModifierKind | Literal["cannot_activate_named"] = Field(description="the continuous effect; cannot_activate_named (『这个回合，自己不能作…的卡以及那些同名卡的效果的发动』, with `names:`) only here")
    player: Literal["self", "opponent", "both"] | None = None
    card: CardRef | None = Field(default=None, description="the card it applies to")
    names: list[str] | None = Field(default=None, min_length=1, description="cannot_activate_named: the card names whose cards the player cannot activate, nor their effects (card activations included)")
    race: str | None = Field(default=None, description="race_in_graveyard: the Type it gives the monsters in those players' GYs (『双方墓地的怪兽变成宣言的种族』)")
    amount: int | None = Field(default=None, ge=1, le=MAX_AMOUNT, description="activation_lp_toll: the Life Points the player pays on each activation")
    except_ability: Ability | None = Field(default=None, description="cannot_activate_monster_effects: the monsters still allowed (『灵魂怪兽以外的怪兽的效果』: spirit)")
    except_cards: list[CardRef] | None = Field(default=None, min_length=1, max_length=MAX_ITEMS_PER_EFFECT, description="cannot_activate_monster_effects: the monsters still allowed, by card (『这个效果特殊召唤的场上的怪兽以外的怪兽的效果』, 「活命水」: the monster it summoned; asp/activation_exception.lp)")
    except_names: list[str] | None = Field(default=None, min_length=1, max_length=MAX_ITEMS_PER_EFFECT, description="cannot_activate_spell_trap_effects: the card names still allowed (『「雪花之光」以外的魔法·陷阱卡的效果』: [雪花之光]; asp/spell_trap_lock.lp)")
    archetype: str | None = Field(default=None, description="banished_instead_of_hand: the archetype of the cards whose effects return the cards")
    source: str | None = Field(default=None, description="what applies it, for people")
    given_by: GivenBy | None = Field(default=None, description="on a `card:`: the resolved effect that gave it to the card ({card, effect}, with a history `resolved` event of it): it stops applying once the card is turned face-down after that event (asp/given_effects.lp, given_effect_ends_face_down)")

    @model_validator(mode="after")
    def _race(self) -> InForce:
        if self.modifier == "control_held":
            raise ValueError("control_held is a card's continuous effect on the target of its activation (a modifier with "
                             "`activation_target: true`), not an `in_force` entry")
        if self.given_by is not None and self.card is None:
            raise ValueError("`given_by:` names the resolved effect that gave a continuous effect to a card: give `card:`")
        _race_key_fits(self.modifier, self.race)
        _archetype_key_fits(self.modifier, self.archetype)
        _amount_key_fits(self.modifier, self.amount)
        _except_key_fits(self.modifier, self.except_ability)
        _modifier_scope_fits(self.modifier, self.card is not None, self.player is not None and self.card is None)
        if self.modifier == "cannot_activate_named" and (not self.names or self.card is not None):
            raise ValueError("cannot_activate_named binds players: give `player:` and `names:` (the names of the cards they cannot activate), not `card:`")
        if self.names is not None and self.modifier != "cannot_activate_named":
            raise ValueError("`names:` is read only with modifier: cannot_activate_named")
        if self.except_names is not None and self.modifier != "cannot_activate_spell_trap_effects":
            raise ValueError("`except_names:` is read only with modifier: cannot_activate_spell_trap_effects")
        if self.except_cards is not None and (self.modifier != "cannot_activate_monster_effects" or self.except_ability is not None):
            raise ValueError("`except_cards:` is read only with modifier: cannot_activate_monster_effects (and not with except_ability)")
        if self.race is not None and self.card is not None:
            raise ValueError("race_in_graveyard applies to the monsters in players' GYs: give `player:`, not `card:`")
        return self


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
    refused: dict[MonsterZone, RuleIds] | None = Field(default=None, description="zone -> rule ids that must be among its refusal reasons (one summoned monster)")

    @field_validator("refused", mode="before")
    @classmethod
    def _one_rule(cls, v: object) -> object:
        if isinstance(v, dict):
            return {k: [x] if isinstance(x, str) else x for k, x in v.items()}
        return v


SummonMethod = Literal["effect", "special_summon", "fusion", "synchro", "xyz", "link", "pendulum", "ritual",
                       "normal_summon", "tribute_summon"]
# earlier files wrote the method as free text ('special summon from the GY'): still accepted
METHOD_SCHEMA = WithJsonSchema({"anyOf": [{"type": "string", "enum": list(SummonMethod.__args__)},
                                          {"type": "string", "pattern": "^special summon"}]})


class SummonZonesQuestion(Strict):
    """Which zones may the summoned monster(s) go to?"""

    kind: Literal["summon_zones"]
    id: str | None = None
    player: Player | None = Field(default=None, description="who summons; default the turn player")
    summon: list[CardRef] = Field(min_length=1, description="card references: ids or unique names")
    materials: list[CardRef] = Field(default_factory=list, description="field monsters used as material (they leave first)")
    method: Annotated[SummonMethod, METHOD_SCHEMA] | None = Field(default=None, description="how it is summoned (informational: the zone rules do not depend on it); 'special summon from …' (free text) is read as special_summon")
    ignoring_conditions: bool = Field(default=False, description="informational, as in 'ignoring its summoning conditions'")
    expect: SummonZonesExpect | None = None

    @field_validator("method", mode="before")
    @classmethod
    def _free_text_method(cls, v: object) -> object:
        # earlier files wrote it as free text: 'special summon from the GY'
        return "special_summon" if isinstance(v, str) and v.startswith("special summon") else v

    @model_validator(mode="after")
    def _one_card_keys(self) -> SummonZonesQuestion:
        if len(self.summon) > 1 and self.expect is not None:
            for k in ("zones", "refused"):
                if getattr(self.expect, k) is not None:
                    raise ValueError(f"expect.{k} is for one summoned monster; with {len(self.summon)} use placements")
        return self


class CanActivateExpect(Strict):
    can: list[str] | None = Field(default=None, description="exact set of effects that can be activated now, as 'card ①' (or 'card' for its only effect)")
    must: list[str] | None = Field(default=None, description="exact set of those that must be activated (mandatory)")
    cannot: dict[str, RuleIds] | None = Field(default=None, description="effect -> rule ids among the reasons it cannot be activated")
    times: dict[str, int] | None = Field(default=None, description="after a chain: effect -> how many times it may be activated (once per occurrence of its event)")

    @field_validator("cannot", mode="before")
    @classmethod
    def _one_rule(cls, v: object) -> object:
        return SummonZonesExpect._one_rule(v)


class CanActivateQuestion(Strict):
    """Which effects can (or must) be activated now?"""

    kind: Literal["can_activate"]
    id: str | None = None
    player: Literal["self", "opponent", "both"] = Field(default="both", description="whose effects")
    cards: list[CardRef] = Field(default_factory=list, description="only these cards' effects (default: every card)")
    with_card_activation: CardRef | None = Field(default=None, description="the card is being activated now: which of its effects can be activated with it")
    expect: CanActivateExpect | None = None


StepResult = Literal["normal", "not_normal", "not_applied", "not_reached", "negated", "delayed"]


class StatValues(Strict):
    """A monster's values after the chain (those named are checked)."""

    atk: int | None = None
    def_: int | None = Field(default=None, alias="def")
    level: int | None = None
    scale: int | None = Field(default=None, description="its Pendulum Scale (a Pendulum monster)")
    rank: int | None = Field(default=None, description="its Rank (an Xyz monster)")


class StepExpect(Strict):
    link: int = Field(ge=1)
    step: int = Field(ge=1)
    result: StepResult | None = None
    cards: list[str] | None = Field(default=None, description="exact set of cards the step acted on")
    order: list[Literal["self", "opponent", "both"]] | None = Field(default=None, description="a step each player carries out: who does it first ([self, opponent]), or [both] when both do it at the same time")
    rules: list[str] | None = Field(default=None, description="rule ids that must be among the step's reasons")


# card -> the one area it is in after the chain (not `field`, which is several areas)
BoardArea = Literal["monster_zone", "spell_trap_zone", "pendulum_zone", "field_zone", "hand", "deck",
                    "extra_deck", "graveyard", "banished", "tokens", "gone", "xyz_material"]
Board = dict[str, BoardArea]
DuelState = Literal["continues", "draw", "self_wins", "opponent_wins", "both_lose"]


class AppliedBeforeExpect(Strict):
    """An effect processed as a chain link was applied, before that link's processing (『…效果适用之际』)."""

    link: int = Field(ge=1, description="the chain link")
    effect: str = Field(description="the effect processed then ('机甲要塞 ②')")
    cards: list[str] | None = Field(default=None, description="exact set of the cards it acted on ([]: none)")


class OutcomeExpect(Strict):
    """What one outcome of the chain holds (the keys of ResolveExpect, for that outcome)."""

    steps: list[StepExpect] | None = None
    board: Board | None = None
    triggers: CanActivateExpect | None = None
    duel: DuelState | None = None
    lp: dict[Player, int] | None = None
    counters: dict[str, int] | None = None
    stats: dict[str, StatValues] | None = None
    equipped: dict[str, str | None] | None = None
    materials: dict[str, list[str]] | None = None
    locked_zones: dict[Player, list[MonsterZone]] | None = None
    skipped_phases: dict[Player, list[SkippablePhase]] | None = None
    applied_before: list[AppliedBeforeExpect] | None = None


class ResolveExpect(Strict):
    steps: list[StepExpect] | None = Field(default=None, description="hold in every outcome")
    outcomes: list[OutcomeExpect] | None = Field(default=None, description="each holds in at least one outcome (a choice during resolution)")

    @model_validator(mode="after")
    def _boards_same_cards(self) -> ResolveExpect:
        if self.boards:
            first = set(self.boards[0])
            for i, b in enumerate(self.boards[1:], start=1):
                if set(b) != first:
                    raise ValueError(f"boards[{i}] names other cards than boards[0]; every entry of boards "
                                     "gives the area of the same cards (use outcomes: for partial boards)")
        return self
    board: Board | None = Field(default=None, description="card -> area after the chain, in every outcome")
    boards: list[Board] | None = Field(default=None, description="exact set of possible boards over the cards named")
    count: int | None = Field(default=None, ge=0, description="number of distinct outcomes (choices during resolution)")
    triggers: CanActivateExpect | None = Field(default=None, description="trigger effects that may be activated after the chain, in every outcome")
    duel: DuelState | None = Field(default=None, description="the state of the duel after the chain, in every outcome")
    lp: dict[Player, int] | None = Field(default=None, description="Life Points after the chain, in every outcome")
    counters: dict[str, int] | None = Field(default=None, description="card -> counters on it after the chain, in every outcome (0: none)")
    stats: dict[str, StatValues] | None = Field(default=None, description="card -> its values after the chain ({atk: 1000, def: 0, level: 4}: those named), in every outcome")
    equipped: dict[str, str | None] | None = Field(default=None, description="card -> the monster it is equipped to after the chain (null: it is not an Equip Card then), in every outcome")
    materials: dict[str, list[str]] | None = Field(default=None, description="Xyz monster -> its Xyz Materials after the chain (exact set; []: none, or the monster is no longer on the field), in every outcome")
    locked_zones: dict[Player, list[MonsterZone]] | None = Field(default=None, description="player -> the Monster Zones that player cannot use after the chain (exact set: the board's locked_zones and those a step of the chain made unusable that are still so; an Extra Monster Zone for both players), in every outcome")
    skipped_phases: dict[Player, list[SkippablePhase]] | None = Field(default=None, description="player -> the phases of that player's next turn that an effect applied during the chain skips (exact set; []: none): 『下次的自己回合的战斗阶段跳过』 applied as its card left the field, in every outcome")
    applied_before: list[AppliedBeforeExpect] | None = Field(default=None, description="exact list of the effects processed as a chain link was applied, before its processing (『…效果适用之际』, effect key when_link_applies: link, effect, and the cards it acted on); []: none, in every outcome")
    battle_damage: dict[Player, int] | None = Field(default=None, description="battle question: the battle damage each player takes")


class ResolveQuestion(Strict):
    """Resolve the scenario's chain: what each step does, the board after, the triggers."""

    kind: Literal["resolve"]
    id: str | None = None
    stats_in: Literal["this_turn", "next_turn"] = Field(default="this_turn", description="the turn the monsters' values (`stats:`) are read in: this_turn, right after the chain (the default), or next_turn — the other player's next turn, with the continuous value changes that apply then (『对方回合…的攻击力·守备力是0/100000』); nothing in between is followed")
    expect: ResolveExpect | None = None

    @model_validator(mode="after")
    def _no_battle_damage(self) -> ResolveQuestion:
        if self.expect is not None and self.expect.battle_damage is not None:
            raise ValueError("expect.battle_damage is read only by a `battle` question")
        if self.stats_in == "next_turn" and (self.expect is None or (
                self.expect.stats is None and not any(o.stats is not None for o in self.expect.outcomes or []))):
            raise ValueError("`stats_in: next_turn` says in which turn the monsters' values are read: it needs "
                             "`expect.stats:` (or an outcome's `stats:`)")
        return self


class BattleQuestion(Strict):
    """Damage calculation of the attack in progress: battle damage, monsters destroyed,
    effects applied at the same time, Life Points and the duel after."""

    kind: Literal["battle"]
    id: str | None = None
    expect: ResolveExpect | None = None


class LegalActionsExpect(Strict):
    actions: list[str] | None = Field(default=None, description="the exact set of legal actions, as the answer prints them (e.g. 'normal_summon 黑魔术师 tributing A, B', 'attack A -> B', 'attack A directly', 'activate X ①', 'next battle', 'pass')")
    includes: list[str] | None = Field(default=None, description="actions that must be legal")
    excludes: list[str] | None = Field(default=None, description="actions that must not be legal")
    refused: dict[str, RuleIds] | None = Field(default=None, description="action -> rule ids that must be among its refusal reasons")
    count: int | None = Field(default=None, ge=0, description="number of legal actions")


class LegalActionsQuestion(Strict):
    """Every action the player holding priority (scenario `priority:`) may take now, and every
    refused candidate with its rule."""

    kind: Literal["legal_actions"]
    id: str | None = None
    expect: LegalActionsExpect | None = None


class ChainOrderRefusal(Strict):
    chain: list[str] = Field(min_length=1, description="the chain, link 1 first (effect references)")
    rules: RuleIds = Field(description="rule ids that must be among its refusal reasons")


class ChainOrderExpect(Strict):
    chains: list[list[str]] | None = Field(default=None, description="the exact set of legal chains, each link 1 first (effect references, e.g. '三眼怪 ①')")
    includes: list[list[str]] | None = Field(default=None, description="chains that must be legal")
    excludes: list[list[str]] | None = Field(default=None, description="chains that must not be legal")
    refused: list[ChainOrderRefusal] | None = Field(default=None, description="chains that must be refused, with the rules")
    count: int | None = Field(default=None, ge=0, description="number of legal chains")


class ChainOrderQuestion(Strict):
    """The chains the triggers met now may form at this timing (004 卡／效果发动的优先顺序)."""

    kind: Literal["chain_order"]
    id: str | None = None
    triggers: list[str] = Field(default_factory=list, description="the triggers to order (effect references); default: every trigger met now that can be activated")
    expect: ChainOrderExpect | None = None


Question = Annotated[SummonZonesQuestion | CanActivateQuestion | ResolveQuestion | BattleQuestion
                     | LegalActionsQuestion | ChainOrderQuestion, Field(discriminator="kind")]
QUESTION_KINDS = ("summon_zones", "can_activate", "resolve", "battle", "legal_actions", "chain_order")


class Scenario(Strict):
    title: str = Field(pattern=r"^[^\n]+$", description="one line")
    source: Source | None = Field(default=None, description="where the ruling comes from (optional for your own questions; every shipped scenario gives it)")
    rules: str = Field(default="master-2020", description="rule set: master-2020 or master-4")
    disable: list[RuleId] = Field(default_factory=list, description="rule ids to turn off")
    enable: list[RuleId] = Field(default_factory=list, description="rule ids to turn on")
    turn_player: Player = "self"
    phase: Phase = "main1"
    battle_step: Literal["start", "battle", "damage", "damage_calculation", "end"] | None = Field(default=None, description="the step of the Battle Phase (phase: battle); default battle")
    priority: Player | None = Field(default=None, description="who holds priority now (legal_actions; default: the turn player)")
    draw_step: Literal["before_draw", "after_draw"] | None = Field(default=None, description="the Draw Phase (phase: draw): before_draw is the 『抽卡前』 window, before the normal draw (only an effect with responds_to: before_draw can be chain link 1); after_draw (the default) the 『抽卡时』 window and what follows")
    duel_turn: int | None = Field(default=None, ge=1, le=MAX_AMOUNT, description="the turn of the duel: 1 is the first (no Battle Phase then)")
    lp: dict[Player, Annotated[int, Field(ge=0, le=MAX_AMOUNT)]] = Field(default_factory=dict, description="Life Points (default 8000 each)")
    history: list[Event] = Field(default_factory=list, description="what happened since both players last passed, in order")
    chain: list[ChainLink] = Field(default_factory=list, max_length=MAX_CHAIN, description="the chain being built now, link 1 first")
    in_force: list[InForce] = Field(default_factory=list, description="continuous effects applying now")
    attack: Attack | None = Field(default=None, description="the attack in progress, in the Battle Phase")
    summoning: Summoning | None = Field(default=None, description="a summon in progress, in the window where it can be negated (legal_actions, can_activate)")
    cards: dict[CardRef, CardDef] = Field(default_factory=dict, description="inline card definitions (override the catalog and your card data; without `type:`, added to the card they know)")
    self_: PlayerState = Field(default_factory=PlayerState, alias="self")
    opponent: PlayerState = Field(default_factory=PlayerState)
    ask: list[Question] = Field(min_length=1)

    def player(self, name: str) -> PlayerState:
        return self.self_ if name == "self" else self.opponent

    @model_validator(mode="after")
    def _battle_step_in_battle_phase(self) -> Scenario:
        if self.battle_step is not None and self.phase != "battle":
            raise ValueError(f"`battle_step:` is read only in the Battle Phase (`phase: battle`, not {self.phase})")
        if self.draw_step is not None and self.phase != "draw":
            raise ValueError(f"`draw_step:` is read only in the Draw Phase (`phase: draw`, not {self.phase})")
        return self
