"""Rule options (§13, §16): every [inferred]/[designed] reading that changes outcomes."""

from __future__ import annotations

from dataclasses import dataclass

from kassen.core.options import Choice, OptionSpec, flag

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("map", "line", "マップ", "map", "§3.1/§3.2",
               choices=(Choice("line", "一列のエリア", "a line of areas"),
                        Choice("grid", "エリアの格子", "a grid of areas"))),
    OptionSpec("line_length", 7, "一列マップのエリア数", "areas on the line map", "§3.1",
               kind="int", minimum=2, maximum=15, aliases=("lineLength",)),
    OptionSpec("grid_width", 5, "格子マップの幅", "grid width", "§3.2", kind="int",
               minimum=2, maximum=10, aliases=("gridWidth",)),
    OptionSpec("grid_height", 3, "格子マップの高さ", "grid height", "§3.2", kind="int",
               minimum=1, maximum=10, aliases=("gridHeight",)),
    OptionSpec("round_cap", 20, "ラウンド上限（引き分け）", "round cap (draw)", "§10.2",
               kind="int", minimum=1, maximum=100, aliases=("roundCap",)),
    flag("crit_fumble", True, "クリティカル・ファンブル（命中判定の10+10/1+1）",
          "critical and fumble (10+10 / 1+1 on hit checks)", "§4.4", aliases=("critFumble",)),
    flag("crit_on_opposed", False, "対決判定でもクリティカル・ファンブル",
          "critical and fumble on opposed checks", "§4.4/§16 D18", aliases=("critOnOpposed",)),
    flag("rs_move_obstructable", True, "レディステップの移動も妨害される（妨害で自動失敗）",
          "RS moves can be obstructed (and then fail)", "§6.6.3", aliases=("rsMoveObstructable",)),
    flag("stop_on_enter_hostile_area", False, "敵のいるエリアに入ると移動終了",
          "movement stops on entering a hostile area", "§6.6.1/§16 D29",
         aliases=("stopOnEnterHostileArea",)),
    flag("damage_roll_per_target", False, "複数対象は対象ごとにダメージロール",
          "one damage roll per target (not per use)", "§6.4.5", aliases=("damageRollPerTarget",)),
    flag("damage_wakes", False, "ダメージで睡眠が解除される", "damage wakes a sleeper", "§9.2",
         aliases=("damageWakes",)),
    flag("sleep_auto_hit", False, "睡眠中の対象には自動命中", "attacks hit sleepers automatically",
          "§9.2/§16 D31", aliases=("sleepAutoHit",)),
    flag("flight_melee_limit", False, "飛行中の相手に射程0の武器攻撃は不可（飛行者以外）",
          "non-flyers cannot hit flyers with range-0 weapons", "§9.3/§16 D28",
         aliases=("flightMeleeLimit",)),
    flag("attribute_affinity", False, "弱点・耐性（±5ダメージ）", "weakness and resistance (±5)",
          "§11.1/§16 D17", aliases=("attributeAffinity",)),
    flag("escape", False, "端のエリアから戦場離脱できる", "escape from the own edge area",
          "§10.4/§16 D23"),
    flag("guard_vs_magic", True, "《ガード》は魔法ダメージも軽減",
          "Guard also reduces magic damage", "§16 D2", aliases=("guardVsMagic",)),
    flag("staff_bonus_in_stat_line", False, "スタッフの魔力+1は能力値に含まれている",
          "the staff's +1 魔力 is already in the stat line", "§16 D1",
         aliases=("staffBonusInStatLine",)),
    flag("flight_cancel_by_representative_only", False,
          "飛行の+4を打ち消すのは代表者の飛行だけ", "only the representative's flight cancels +4",
          "§6.6.4/§16 D3", aliases=("flightCancelByRepresentativeOnly",)),
    OptionSpec("initiative_ties", "pcEvasionRoll", "行動値が同じときの順番",
               "initiative tie order", "§5.3/§13/§16 D9",
               choices=(Choice("pcEvasionRoll", "PC側→回避値→ダイス",
                               "PC side, then 回避値, then a roll-off"),
                        Choice("evasionPcRoll", "回避値→PC側→ダイス",
                               "回避値, then PC side, then a roll-off"),
                        Choice("roll", "ダイスのみ", "a roll-off only")),
               aliases=("initiativeTies",)),
    flag("allies_may_obstruct", False, "味方も移動を妨害できる（原文どおり「別のキャラクター」）",
          "allies may obstruct too (seed literal: any other character)", "§6.6.2/§16 D8",
         aliases=("alliesMayObstruct",)),
    flag("hit_needs_greater", False, "命中は達成値が回避値を上回ったときだけ（同値は回避）",
          "a hit needs a total above 回避値 (a tie misses)", "§4.2/§14 #3",
         aliases=("hitNeedsGreater",)),
    OptionSpec("opposed_tie", "passive", "対決判定の同値", "opposed check tie", "§4.3/§14 #2",
               choices=(Choice("passive", "受動側の勝ち", "the passive side wins"),
                        Choice("active", "能動側の勝ち", "the active side wins")),
               aliases=("opposedTie",)),
    flag("failed_rs_move_bans_magic", True, "失敗したレディステップの移動でも魔法が使えない",
          "a failed RS move still bans magic in MS", "§6.2/§14 #7",
         aliases=("failedRsMoveBansMagic",)),
    flag("self_target", True, "回復・補助の能力で自分を対象にできる",
          "beneficial abilities may target the user", "§8/§16 D11", aliases=("selfTarget",)),
    flag("cover_allies_only", False, "かばうのは対象の味方だけ",
          "only the target's allies may cover", "§7.2/§16 D6", aliases=("coverAlliesOnly",)),
    flag("covered_sleep_auto_succeeds", False, "かばった相手への《スリープ》は自動成功",
          "a covered 《スリープ》 succeeds on the coverer automatically", "§7.2/§16 D5",
         aliases=("coveredSleepAutoSucceeds",)),
    flag("obstruct_once_per_round", False, "妨害は1ラウンドに1回まで",
          "each character may obstruct once per round", "§6.6.2/§14 #5",
         aliases=("obstructOncePerRound",)),
    flag("deadlock_wakes_all", True, "全員が眠って誰も行動しなかったラウンドの終わりに全員起きる",
          "a round in which everyone slept wakes everyone in EP", "§10.3/§16 D15",
         aliases=("deadlockWakesAll",)),
    flag("crit_own_damage_roll", False, "複数対象でクリティカルの対象は自分の3D10を振る",
          "in a multi-target use a critical target rolls its own 3D10", "§4.4/§6.4.5/§16 D4",
         aliases=("critOwnDamageRoll",)),
    flag("affinity_after_floor", False, "弱点・耐性の±5は0下限の後に加える",
          "the ±5 of weakness/resistance applies after the floor at 0", "§11.1/§16 D17",
         aliases=("affinityAfterFloor",)),
    flag("simultaneous_ascending", False, "同時の自動行動は行動値の低い順",
          "simultaneous auto actions resolve in ascending 行動値", "§5.1/§14 #13",
         aliases=("simultaneousAscending",)),
    flag("coverers_may_guard", True, "かばったキャラクターも《ガード》などの防御能力を使える",
          "a coverer may use its own defensive abilities", "§7.2",
          help_ja="cover_damage=coverer のときだけ（既定ではかばわれた対象が自分の防御能力を使う）",
          help_en="only with cover_damage=coverer (by default the protected target uses its "
                  "own)", aliases=("coverersMayGuard",)),
    flag("cover_rolls_for_crit", False, "かばう時も命中判定を振り、10+10ならクリティカル",
          "a covered attack still rolls, and 10+10 is a critical", "§7.2/§4.4",
         aliases=("coverRollsForCrit",)),
    flag("same_effect_stacks", False, "同名の効果も重なる（かけ直しで更新しない）",
          "same-named effects stack instead of refreshing", "§9.5", aliases=("sameEffectStacks",)),
    OptionSpec("sleep_rounds", 1, "《スリープ》の持続ラウンド", "Sleep duration (rounds)",
               "§11.3/§16 D7", kind="int", minimum=0, maximum=5, aliases=("sleepRounds",)),
    flag("ai_potion_on_priority_turns", True,
          "AI：回復・起こす手番でもレディステップでポーションを使う",
          "AI: a turn that heals or wakes in MS may still use a potion in RS", "§16.4 C1",
          help_ja="逃走（A12）の手番でメインステップに移動・離脱するときも同じ",
          help_en="also on an escape turn whose move or escape comes in the main step (A12)",
         aliases=("aiPotionOnPriorityTurns",)),
    # issue 32: the seed's readings (options added in rules version 2; version 1 records
    # replay with the values Ruleset.earlier_defaults gives them)
    OptionSpec("cover_damage", "target", "かばう：肩代わりする結果の計算",
               "かばう: whose values the covered hit uses", "§7.2",
               choices=(Choice("target",
                               "かばわれた対象の装甲・抵抗・弱点・《ガード》（原文「肩代わり」）",
                               "the protected target's armour, resistance, weaknesses and "
                               "Guard (seed: 肩代わり)"),
                        Choice("coverer", "かばった側の装甲・抵抗・弱点・《ガード》（ルール版1）",
                               "the coverer's own (rules version 1)")),
               help_ja="既定：対象に当たったものとして計算し、HPの減少や睡眠だけを"
                       "かばった側が受ける",
               help_en="default: resolved as a hit on the protected target; only the HP loss "
                       "or the sleep goes to the coverer", aliases=("coverDamage",)),
    flag("area_includes_user", True, "エリアの対象に使用者自身も含む（そのエリアにいるとき）",
         "エリア uses hit the user too when it stands in the chosen area", "§8",
         help_ja="原文「そこにいる全てのキャラクター」。《なぎ払い》は自身の記述どおり"
                 "使用者を除く。OFFはルール版1の読み",
         help_en="seed: 「そこにいる全てのキャラクター」; 《なぎ払い》 still excludes its user "
                 "by its own text; off: the rules version 1 reading",
         aliases=("areaIncludesUser",)),
    flag("flight_bonus_for_obstructer", False, "離脱判定で妨害側代表者の飛行にも+4",
         "a flying representative obstructer also gets +4 in the disengagement check",
         "§6.6.4",
         help_ja="原文「自身が飛行を受けている場合」の「自身」を代表者にも読む"
                 "（既定は移動する側のみ）",
         help_en="reads the seed's 自身 as the representative too (default: the mover only)",
         aliases=("flightBonusForObstructer",)),
    OptionSpec("column_only_row", "middle", "列だけの配置の行（格子マップ）",
               "row of a placement that names only a column (grid)", "§16.4 C10",
               choices=(Choice("middle", "中央の行", "the middle row"),
                        Choice("first", "先頭の行（ルール版1）",
                               "the first row (rules version 1)")), aliases=("columnOnlyRow",)),
)
"""Defaults are the recommended readings of §13 and §16."""


@dataclass(frozen=True, slots=True)
class Readings:
    """The options of one battle, read once (``kassen.core.options.read``) into named, typed
    fields, each named as the option it reads (the camelCase keys of before issue 28 are the
    options' ``aliases``: links and records made with them still replay)."""

    map: str  # line | grid
    line_length: int
    grid_width: int
    grid_height: int
    round_cap: int
    crit_fumble: bool
    crit_on_opposed: bool
    rs_move_obstructable: bool
    stop_on_enter_hostile_area: bool
    damage_roll_per_target: bool
    damage_wakes: bool
    sleep_auto_hit: bool
    flight_melee_limit: bool
    attribute_affinity: bool
    escape: bool
    guard_vs_magic: bool
    staff_bonus_in_stat_line: bool
    flight_cancel_by_representative_only: bool
    initiative_ties: str  # pcEvasionRoll | evasionPcRoll | roll
    allies_may_obstruct: bool
    hit_needs_greater: bool
    opposed_tie: str  # passive | active
    failed_rs_move_bans_magic: bool
    self_target: bool
    cover_allies_only: bool
    covered_sleep_auto_succeeds: bool
    obstruct_once_per_round: bool
    deadlock_wakes_all: bool
    crit_own_damage_roll: bool
    affinity_after_floor: bool
    simultaneous_ascending: bool
    coverers_may_guard: bool
    cover_rolls_for_crit: bool
    same_effect_stacks: bool
    sleep_rounds: int
    ai_potion_on_priority_turns: bool
    cover_damage: str  # target | coverer
    area_includes_user: bool
    flight_bonus_for_obstructer: bool
    column_only_row: str  # middle | first
