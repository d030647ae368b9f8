"""Rule options (§13, §16): every [inferred]/[designed] reading that changes outcomes."""

from __future__ import annotations

from kassen.core.options import Choice, OptionSpec


def _flag(key: str, default: bool, ja: str, en: str, rule: str) -> OptionSpec:
    return OptionSpec(key, default, ja, en, rule, kind="bool")


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
    _flag("critFumble", True, "クリティカル・ファンブル（命中判定の10+10/1+1）",
          "critical and fumble (10+10 / 1+1 on hit checks)", "§4.4"),
    _flag("critOnOpposed", False, "対決判定でもクリティカル・ファンブル",
          "critical and fumble on opposed checks", "§4.4/§16 D18"),
    _flag("rsMoveObstructable", True, "レディステップの移動も妨害される（妨害で自動失敗）",
          "RS moves can be obstructed (and then fail)", "§6.6.3"),
    _flag("stopOnEnterHostileArea", False, "敵のいるエリアに入ると移動終了",
          "movement stops on entering a hostile area", "§6.6.1/§16 D29"),
    _flag("damageRollPerTarget", False, "複数対象は対象ごとにダメージロール",
          "one damage roll per target (not per use)", "§6.4.5"),
    _flag("damageWakes", False, "ダメージで睡眠が解除される", "damage wakes a sleeper", "§9.2"),
    _flag("sleepAutoHit", False, "睡眠中の対象には自動命中", "attacks hit sleepers automatically",
          "§9.2/§16 D31"),
    _flag("flightMeleeLimit", False, "飛行中の相手に射程0の武器攻撃は不可（飛行者以外）",
          "non-flyers cannot hit flyers with range-0 weapons", "§9.3/§16 D28"),
    _flag("attributeAffinity", False, "弱点・耐性（±5ダメージ）", "weakness and resistance (±5)",
          "§11.1/§16 D17"),
    _flag("escape", False, "端のエリアから戦場離脱できる", "escape from the own edge area",
          "§10.4/§16 D23"),
    _flag("guardVsMagic", True, "《ガード》は魔法ダメージも軽減", "Guard also reduces magic damage",
          "§16 D2"),
    _flag("staffBonusInStatLine", False, "スタッフの魔力+1は能力値に含まれている",
          "the staff's +1 魔力 is already in the stat line", "§16 D1"),
    _flag("flightCancelByRepresentativeOnly", False,
          "飛行の+4を打ち消すのは代表者の飛行だけ", "only the representative's flight cancels +4",
          "§6.6.4/§16 D3"),
    OptionSpec("initiativeTies", "pcEvasionRoll", "行動値が同じときの順番",
               "initiative tie order", "§5.3/§13/§16 D9",
               choices=(Choice("pcEvasionRoll", "PC側→回避値→ダイス",
                               "PC side, then 回避値, then a roll-off"),
                        Choice("evasionPcRoll", "回避値→PC側→ダイス",
                               "回避値, then PC side, then a roll-off"),
                        Choice("roll", "ダイスのみ", "a roll-off only"))),
    _flag("alliesMayObstruct", False, "味方も移動を妨害できる（原文どおり「別のキャラクター」）",
          "allies may obstruct too (seed literal: any other character)", "§6.6.2/§16 D8"),
    _flag("hitNeedsGreater", False, "命中は達成値が回避値を上回ったときだけ（同値は回避）",
          "a hit needs a total above 回避値 (a tie misses)", "§4.2/§14 #3"),
    OptionSpec("opposedTie", "passive", "対決判定の同値", "opposed check tie", "§4.3/§14 #2",
               choices=(Choice("passive", "受動側の勝ち", "the passive side wins"),
                        Choice("active", "能動側の勝ち", "the active side wins"))),
    _flag("failedRsMoveBansMagic", True, "失敗したレディステップの移動でも魔法が使えない",
          "a failed RS move still bans magic in MS", "§6.2/§14 #7"),
    _flag("selfTarget", True, "回復・補助の能力で自分を対象にできる",
          "beneficial abilities may target the user", "§8/§16 D11"),
    OptionSpec("sleepRounds", 1, "《スリープ》の持続ラウンド", "Sleep duration (rounds)",
               "§11.3/§16 D7", kind="int", minimum=0, maximum=5),
)
"""Defaults are the recommended readings of §13 and §16."""
