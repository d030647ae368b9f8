"""Rule options (§11, §15): every [inferred]/[designed] reading that changes outcomes.

Keys are the specification's flag names in snake_case (its camelCase spellings, the keys of
before issue 28, are each option's `aliases`); the recommended default comes first.
"""

from __future__ import annotations

from dataclasses import dataclass

from kassen.core.options import Choice, OptionSpec, flag

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("procedure", "revised", "手順", "procedure", "§0.2", choices=(
        Choice("revised", "バトル(改訂版 1〜9)", "revised battle (steps 1–9)"),
        Choice("original", "対戦判定+魔法強化(原版)", "original duel + enchant"))),
    OptionSpec("format", "until_knockout", "試合の形式", "match format", "§3.1 D1", choices=(
        Choice("until_knockout", "気絶まで(上限あり)", "until knockout (capped)"),
        Choice("fixed", "決められたバトル回数", "fixed number of battles"))),
    OptionSpec("battles", 3, "バトル回数(固定形式)", "battles (fixed format)", "§3.1",
               kind="int", minimum=1, maximum=50),
    OptionSpec("battle_cap", 20, "バトル数の安全上限", "battle safety cap", "§3.1 D17",
               kind="int", minimum=1, maximum=50, aliases=("battleCap",)),
    OptionSpec("round_cap", 7, "1バトルのラウンド上限", "rounds per battle", "§5.9 RB4",
               kind="int", minimum=1, maximum=40, aliases=("roundCap",)),
    OptionSpec("jokers", 0, "ジョーカー枚数", "Jokers per deck", "§1.2 §12.4",
               kind="int", minimum=0, maximum=2),
    OptionSpec("enchant_rank_scope", "all_field", "エンチャント重複判定の場札",
               "field checked for enchant duplicates", "§5.2.2", choices=(
                   Choice("all_field", "場札すべて", "every field card"),
                   Choice("enchant_only", "発動エンチャントのみ", "activated enchantments"),
                   Choice("own_team", "自チームのエンチャントのみ", "own team's enchantments")),
               aliases=("enchantRankScope",)),
    flag("dup_also_costs_mp", False, "重複かつ無効でもMP-1", "duplicate that is invalid costs MP",
         "§5.3.2c", aliases=("dupAlsoCostsMP",)),
    flag("enchant_consumed_on_use", True, "指したエンチャントは1回で使用済み",
         "a pointed-at enchantment is used once", "§5.5.4 RB1", aliases=("enchantConsumedOnUse",)),
    OptionSpec("happening_lock", "battle", "ハプニング後のエンチャント停止",
               "enchant lock after a happening", "§5.3.2d RB2", choices=(
                   Choice("battle", "バトル終了まで", "until the battle ends"),
                   Choice("none", "なし", "none")), aliases=("happeningLock",)),
    OptionSpec("hand_refill", "battle", "手札の補充", "hand refill", "§2.6 RB3", choices=(
        Choice("battle", "毎バトル基礎魔力まで", "to 基礎魔力 every battle"),
        Choice("none", "なし", "none")), aliases=("handRefill",)),
    flag("mana_storm_ends_match", True, "マナ・ストームで試合終了", "a Mana Storm ends the match",
         "§5.6.2", aliases=("manaStormEndsMatch",)),
    OptionSpec("storm_variant", "flags", "マナ・ストームの型", "Mana Storm variant", "§6.2.9",
               choices=(
                   Choice("flags", "下の4項目に従う(初期値は原作どおり)",
                          "the four storm options below (defaults: the seed's storm)"),
                   Choice("rb5", "RB5 バランス版(4項目をまとめて設定)",
                          "RB5 balance variant (sets the four storm options)")),
               help_ja="RB5: 力はストームで引いた札だけ、同値・犠牲者の札は加えない、"
                       "戦士は1回につきHP1",
               help_en="RB5: the pool is the storm's own draws, tie-break and victim draws do "
                       "not add, a warrior loses 1 HP per strike", aliases=("stormVariant",)),
    OptionSpec("storm_pool_scope", "whole_field", "ストームの力(場札の範囲)", "storm pool",
               "§6.2.1 §6.2.9", choices=(
                   Choice("whole_field", "場札すべて(原作)", "every field card (the seed)"),
                   Choice("storm_draws", "ストームで引いた札(RB5)",
                          "cards drawn in storm step 1 (RB5)")), aliases=("stormPoolScope",)),
    OptionSpec("storm_warrior_mode", "absorb_min_hp_pool", "ストームの戦士への処理",
               "storm on warriors", "§6.2.5 §6.2.9", choices=(
                   Choice("absorb_min_hp_pool", "HPと力の小さい方を失う(原作)",
                          "loses min(HP, pool) (the seed)"),
                   Choice("one_hp_per_step", "1回につきHP1(RB5)", "1 HP per strike (RB5)")),
               aliases=("stormWarriorMode",)),
    flag("storm_counts_victim_draws", True, "犠牲者の引いた札も力に加える",
         "victim draws add to the pool", "§6.2.4 §6.2.9",
         help_ja="OFF(RB5): 場札にはなるが力に加えない",
         help_en="off (RB5): the card goes on the field but does not add to the pool",
         aliases=("stormCountsVictimDraws",)),
    flag("storm_counts_tie_draws", True, "同値決着の札も力に加える",
         "tie-break draws add to the pool", "§6.2.2 §6.2.9",
         help_ja="OFF(RB5): 場札にはなるが力に加えない",
         help_en="off (RB5): the card goes on the field but does not add to the pool",
         aliases=("stormCountsTieDraws",)),
    OptionSpec("storm_warrior_start", "highest_card", "ストームの最初の戦士",
               "first warrior struck by the storm", "§6.2.5 D4", choices=(
                   Choice("highest_card", "最初に一番大きい札を引いた戦士",
                          "the warrior with the highest step-1 card"),
                   Choice("count_on", "最後の術士が引いて数える",
                          "the last mage victim draws and counts on")),
               aliases=("stormWarriorStart",)),
    OptionSpec("emotion_table", "none", "エモーション・イベント", "Emotion Event", "§6.1.3 §12.2",
               choices=(Choice("none", "演出のみ", "narrative only"),
                        Choice("v0", "効果表 v0", "effect table v0")), aliases=("emotionTable",)),
    flag("voluntary_costume", True, "B1開始時の任意の衣装変換",
         "voluntary costume conversion at B1", "§5.1.0", aliases=("voluntaryCostume",)),
    flag("exhausted_mage_counts_defeated", False, "消耗した術士も倒された数に入る",
         "an exhausted mage counts as defeated", "§5.3.3",
         aliases=("exhaustedMageCountsDefeated",)),
    OptionSpec("original_right_loss", "rest_of_duel", "原版: 失敗で失う権利",
               "original: right lost on a failure", "§7 A2-3 D12", choices=(
                   Choice("rest_of_duel", "その対戦の間", "for the rest of the duel"),
                   Choice("next_only", "次の交戦のみ", "for the next engagement only")),
               aliases=("originalRightLoss",)),
    flag("discard_returns", True, "捨て札を山札に戻す", "discards return to the deck",
         "§5.10.3", aliases=("discardReturns",)),
    OptionSpec("surrender", "never", "降参", "surrender", "§10 W3/M4", choices=(
        Choice("never", "しない", "never"),
        Choice("hopeless", "絶望的なら降参を問う", "asked after each battle (AI: hopeless)"))),
    OptionSpec("cond_model", "static", "得意スートの使用条件", "favoured-suit condition",
               "§2.2 D15", choices=(
                   Choice("static", "作成時に固定", "fixed at creation"),
                   Choice("table", "条件表で毎バトル判定", "§12.1 table at each battle")),
               aliases=("condModel",)),
    flag("several_mages", False, "1チームに複数の術士(3人まで)",
         "several mages per side (up to 3)", "§2.7", aliases=("severalMages",)),
)


@dataclass(frozen=True, slots=True)
class Readings:
    """The options of one battle, read once (``kassen.core.options.read``) into named,
    typed fields, each named as the option it reads (the camelCase keys of before issue 28
    are the options' ``aliases``: links and records made with them still replay)."""

    procedure: str
    format: str
    battles: int
    battle_cap: int
    round_cap: int
    jokers: int
    enchant_rank_scope: str
    dup_also_costs_mp: bool
    enchant_consumed_on_use: bool
    happening_lock: str
    hand_refill: str
    mana_storm_ends_match: bool
    storm_variant: str
    storm_pool_scope: str
    storm_warrior_mode: str
    storm_counts_victim_draws: bool
    storm_counts_tie_draws: bool
    storm_warrior_start: str
    emotion_table: str
    voluntary_costume: bool
    exhausted_mage_counts_defeated: bool
    original_right_loss: str
    discard_returns: bool
    surrender: str
    cond_model: str
    several_mages: bool

    def __post_init__(self) -> None:
        """``storm_variant = rb5`` sets the four storm readings of the RB5 variant together,
        whatever the four options say (§6.2.9)."""
        if self.storm_variant == "rb5":
            for name, value in RB5.items():
                object.__setattr__(self, name, value)


RB5 = {"storm_pool_scope": "storm_draws", "storm_counts_tie_draws": False,
       "storm_counts_victim_draws": False, "storm_warrior_mode": "one_hp_per_step"}
"""§6.2.9: the four storm readings of Kassen's balance variant RB5 (the defaults until the
seed audit of issue 32), by readings field."""
