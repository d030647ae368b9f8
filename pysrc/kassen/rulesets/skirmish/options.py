"""Rule options (§13, §16): every [inferred]/[designed] reading that changes outcomes."""

from __future__ import annotations

from dataclasses import dataclass

from kassen.core.options import Choice, OptionSpec, flag, option

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("map", "line", "マップ", "map", "§3.1/§3.2",
               choices=(Choice("line", "一列のエリア", "a line of areas"),
                        Choice("grid", "エリアの格子", "a grid of areas"))),
    OptionSpec("lineLength", 7, "一列マップのエリア数", "areas on the line map", "§3.1",
               kind="int", minimum=2, maximum=15),
    OptionSpec("gridWidth", 5, "格子マップの幅", "grid width", "§3.2", kind="int",
               minimum=2, maximum=10),
    OptionSpec("gridHeight", 3, "格子マップの高さ", "grid height", "§3.2", kind="int",
               minimum=1, maximum=10),
    OptionSpec("roundCap", 20, "ラウンド上限（引き分け）", "round cap (draw)", "§10.2",
               kind="int", minimum=1, maximum=100),
    flag("critFumble", True, "クリティカル・ファンブル（命中判定の10+10/1+1）",
          "critical and fumble (10+10 / 1+1 on hit checks)", "§4.4"),
    flag("critOnOpposed", False, "対決判定でもクリティカル・ファンブル",
          "critical and fumble on opposed checks", "§4.4/§16 D18"),
    flag("rsMoveObstructable", True, "レディステップの移動も妨害される（妨害で自動失敗）",
          "RS moves can be obstructed (and then fail)", "§6.6.3"),
    flag("stopOnEnterHostileArea", False, "敵のいるエリアに入ると移動終了",
          "movement stops on entering a hostile area", "§6.6.1/§16 D29"),
    flag("damageRollPerTarget", False, "複数対象は対象ごとにダメージロール",
          "one damage roll per target (not per use)", "§6.4.5"),
    flag("damageWakes", False, "ダメージで睡眠が解除される", "damage wakes a sleeper", "§9.2"),
    flag("sleepAutoHit", False, "睡眠中の対象には自動命中", "attacks hit sleepers automatically",
          "§9.2/§16 D31"),
    flag("flightMeleeLimit", False, "飛行中の相手に射程0の武器攻撃は不可（飛行者以外）",
          "non-flyers cannot hit flyers with range-0 weapons", "§9.3/§16 D28"),
    flag("attributeAffinity", False, "弱点・耐性（±5ダメージ）", "weakness and resistance (±5)",
          "§11.1/§16 D17"),
    flag("escape", False, "端のエリアから戦場離脱できる", "escape from the own edge area",
          "§10.4/§16 D23"),
    flag("guardVsMagic", True, "《ガード》は魔法ダメージも軽減", "Guard also reduces magic damage",
          "§16 D2"),
    flag("staffBonusInStatLine", False, "スタッフの魔力+1は能力値に含まれている",
          "the staff's +1 魔力 is already in the stat line", "§16 D1"),
    flag("flightCancelByRepresentativeOnly", False,
          "飛行の+4を打ち消すのは代表者の飛行だけ", "only the representative's flight cancels +4",
          "§6.6.4/§16 D3"),
    OptionSpec("initiativeTies", "pcEvasionRoll", "行動値が同じときの順番",
               "initiative tie order", "§5.3/§13/§16 D9",
               choices=(Choice("pcEvasionRoll", "PC側→回避値→ダイス",
                               "PC side, then 回避値, then a roll-off"),
                        Choice("evasionPcRoll", "回避値→PC側→ダイス",
                               "回避値, then PC side, then a roll-off"),
                        Choice("roll", "ダイスのみ", "a roll-off only"))),
    flag("alliesMayObstruct", False, "味方も移動を妨害できる（原文どおり「別のキャラクター」）",
          "allies may obstruct too (seed literal: any other character)", "§6.6.2/§16 D8"),
    flag("hitNeedsGreater", False, "命中は達成値が回避値を上回ったときだけ（同値は回避）",
          "a hit needs a total above 回避値 (a tie misses)", "§4.2/§14 #3"),
    OptionSpec("opposedTie", "passive", "対決判定の同値", "opposed check tie", "§4.3/§14 #2",
               choices=(Choice("passive", "受動側の勝ち", "the passive side wins"),
                        Choice("active", "能動側の勝ち", "the active side wins"))),
    flag("failedRsMoveBansMagic", True, "失敗したレディステップの移動でも魔法が使えない",
          "a failed RS move still bans magic in MS", "§6.2/§14 #7"),
    flag("selfTarget", True, "回復・補助の能力で自分を対象にできる",
          "beneficial abilities may target the user", "§8/§16 D11"),
    flag("coverAlliesOnly", False, "かばうのは対象の味方だけ",
          "only the target's allies may cover", "§7.2/§16 D6"),
    flag("coveredSleepAutoSucceeds", False, "かばった相手への《スリープ》は自動成功",
          "a covered 《スリープ》 succeeds on the coverer automatically", "§7.2/§16 D5"),
    flag("obstructOncePerRound", False, "妨害は1ラウンドに1回まで",
          "each character may obstruct once per round", "§6.6.2/§14 #5"),
    flag("deadlockWakesAll", True, "全員が眠って誰も行動しなかったラウンドの終わりに全員起きる",
          "a round in which everyone slept wakes everyone in EP", "§10.3/§16 D15"),
    flag("critOwnDamageRoll", False, "複数対象でクリティカルの対象は自分の3D10を振る",
          "in a multi-target use a critical target rolls its own 3D10", "§4.4/§6.4.5/§16 D4"),
    flag("affinityAfterFloor", False, "弱点・耐性の±5は0下限の後に加える",
          "the ±5 of weakness/resistance applies after the floor at 0", "§11.1/§16 D17"),
    flag("simultaneousAscending", False, "同時の自動行動は行動値の低い順",
          "simultaneous auto actions resolve in ascending 行動値", "§5.1/§14 #13"),
    flag("coverersMayGuard", True, "かばったキャラクターも《ガード》などの防御能力を使える",
          "a coverer may use its own defensive abilities", "§7.2",
          help_ja="coverDamage=coverer のときだけ（既定ではかばわれた対象が自分の防御能力を使う）",
          help_en="only with coverDamage=coverer (by default the protected target uses its "
                  "own)"),
    flag("coverRollsForCrit", False, "かばう時も命中判定を振り、10+10ならクリティカル",
          "a covered attack still rolls, and 10+10 is a critical", "§7.2/§4.4"),
    flag("sameEffectStacks", False, "同名の効果も重なる（かけ直しで更新しない）",
          "same-named effects stack instead of refreshing", "§9.5"),
    OptionSpec("sleepRounds", 1, "《スリープ》の持続ラウンド", "Sleep duration (rounds)",
               "§11.3/§16 D7", kind="int", minimum=0, maximum=5),
    flag("aiPotionOnPriorityTurns", True,
          "AI：回復・起こす手番でもレディステップでポーションを使う",
          "AI: a turn that heals or wakes in MS may still use a potion in RS", "§16.4 C1",
          help_ja="逃走（A12）の手番でメインステップに移動・離脱するときも同じ",
          help_en="also on an escape turn whose move or escape comes in the main step (A12)"),
    # issue 32: the seed's readings (options added in rules version 2; version 1 records
    # replay with the values Ruleset.earlier_defaults gives them)
    OptionSpec("coverDamage", "target", "かばう：肩代わりする結果の計算",
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
                       "or the sleep goes to the coverer"),
    flag("areaIncludesUser", True, "エリアの対象に使用者自身も含む（そのエリアにいるとき）",
         "エリア uses hit the user too when it stands in the chosen area", "§8",
         help_ja="原文「そこにいる全てのキャラクター」。《なぎ払い》は自身の記述どおり"
                 "使用者を除く。OFFはルール版1の読み",
         help_en="seed: 「そこにいる全てのキャラクター」; 《なぎ払い》 still excludes its user "
                 "by its own text; off: the rules version 1 reading"),
    flag("flightBonusForObstructer", False, "離脱判定で妨害側代表者の飛行にも+4",
         "a flying representative obstructer also gets +4 in the disengagement check",
         "§6.6.4",
         help_ja="原文「自身が飛行を受けている場合」の「自身」を代表者にも読む"
                 "（既定は移動する側のみ）",
         help_en="reads the seed's 自身 as the representative too (default: the mover only)"),
    OptionSpec("columnOnlyRow", "middle", "列だけの配置の行（格子マップ）",
               "row of a placement that names only a column (grid)", "§16.4 C10",
               choices=(Choice("middle", "中央の行", "the middle row"),
                        Choice("first", "先頭の行（ルール版1）",
                               "the first row (rules version 1)"))),
)
"""Defaults are the recommended readings of §13 and §16."""


@dataclass(frozen=True, slots=True)
class Readings:
    """The options of one battle, read once (``kassen.core.options.read``) into named, typed
    fields; each field says the option key it reads (keys unchanged: links carry them)."""

    map: str  # line | grid
    line_length: int = option("lineLength")
    grid_width: int = option("gridWidth")
    grid_height: int = option("gridHeight")
    round_cap: int = option("roundCap")
    crit_fumble: bool = option("critFumble")
    crit_on_opposed: bool = option("critOnOpposed")
    rs_move_obstructable: bool = option("rsMoveObstructable")
    stop_on_enter_hostile_area: bool = option("stopOnEnterHostileArea")
    damage_roll_per_target: bool = option("damageRollPerTarget")
    damage_wakes: bool = option("damageWakes")
    sleep_auto_hit: bool = option("sleepAutoHit")
    flight_melee_limit: bool = option("flightMeleeLimit")
    attribute_affinity: bool = option("attributeAffinity")
    escape: bool
    guard_vs_magic: bool = option("guardVsMagic")
    staff_bonus_in_stat_line: bool = option("staffBonusInStatLine")
    flight_cancel_by_representative_only: bool = option("flightCancelByRepresentativeOnly")
    initiative_ties: str = option("initiativeTies")  # pcEvasionRoll | evasionPcRoll | roll
    allies_may_obstruct: bool = option("alliesMayObstruct")
    hit_needs_greater: bool = option("hitNeedsGreater")
    opposed_tie: str = option("opposedTie")  # passive | active
    failed_rs_move_bans_magic: bool = option("failedRsMoveBansMagic")
    self_target: bool = option("selfTarget")
    cover_allies_only: bool = option("coverAlliesOnly")
    covered_sleep_auto_succeeds: bool = option("coveredSleepAutoSucceeds")
    obstruct_once_per_round: bool = option("obstructOncePerRound")
    deadlock_wakes_all: bool = option("deadlockWakesAll")
    crit_own_damage_roll: bool = option("critOwnDamageRoll")
    affinity_after_floor: bool = option("affinityAfterFloor")
    simultaneous_ascending: bool = option("simultaneousAscending")
    coverers_may_guard: bool = option("coverersMayGuard")
    cover_rolls_for_crit: bool = option("coverRollsForCrit")
    same_effect_stacks: bool = option("sameEffectStacks")
    sleep_rounds: int = option("sleepRounds")
    ai_potion_on_priority_turns: bool = option("aiPotionOnPriorityTurns")
    cover_damage: str = option("coverDamage")  # target | coverer
    area_includes_user: bool = option("areaIncludesUser")
    flight_bonus_for_obstructer: bool = option("flightBonusForObstructer")
    column_only_row: str = option("columnOnlyRow")  # middle | first
