"""Rule options: every [inferred]/[designed] reading of the dice rules that changes outcomes.

Recommended default first; labels in Japanese and English; ``rule`` names the spec rule or the
ambiguity entry (A… in dice-ambiguities.md, D… in §22) it governs.
"""

from __future__ import annotations

from kassen.core.options import Choice, OptionSpec
from kassen.rulesets.dice import constants as k


def _bool(key: str, default: bool, ja: str, en: str, rule: str, help_en: str = "",
          help_ja: str = "") -> OptionSpec:
    return OptionSpec(key, default, ja, en, rule, kind="bool", help_ja=help_ja, help_en=help_en)


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("arithmetic", "exact", "計算方式", "arithmetic", "D1/A7",
               choices=(Choice("exact", "分数で厳密に計算", "exact fractions"),
                        Choice("float", "浮動小数点", "binary floats"))),
    OptionSpec("sides", "preference", "赤青の決め方", "side assignment", "D3/A36",
               choices=(Choice("preference", "希望優先・同等なら先が赤",
                               "preferences, else first is red"),
                        Choice("entry", "先のシートが赤", "first sheet is red"),
                        Choice("random", "ランダム", "random"))),
    OptionSpec("stunned_winner", "pass", "攻撃権を得た側がスタン中", "attack-right winner stunned",
               "A31/§9.2",
               choices=(Choice("pass", "相手に移る", "the right passes to the other"),
                        Choice("none", "誰も攻撃しない", "nobody attacks"))),
    OptionSpec("double_ko", "draw", "相打ちで両者LP0以下", "both LP at 0 or below", "§17.2/A18",
               choices=(Choice("draw", "引き分け", "draw"),
                        Choice("higher_lp", "残りLPが多い方の勝ち", "higher remaining LP wins"))),
    OptionSpec("turn_limit", k.MAX_TURNS, "ターン上限", "turn limit", "§17.3", kind="int",
               minimum=1, maximum=1000),
    OptionSpec("stardust_per_star", k.STARDUST_PER_STAR, "星1つに必要な星屑", "stardust per star",
               "§15.1/A8", kind="int", minimum=0, maximum=100,
               help_ja="0 なら星は能力でのみ得る", help_en="0: stars come from abilities only"),
    OptionSpec("vp_init", k.VP_INIT, "初期VP", "starting VP", "§14.1/A9", kind="int",
               minimum=0, maximum=k.VP_MAX),
    OptionSpec("star_column", "replace", "ベースドOFFの星能力", "star ability with based off",
               "§7.2/A14",
               choices=(Choice("replace", "星能力が通常能力に代わる",
                               "the star ability replaces the normal one"),
                        Choice("if_empty", "通常欄が空の時のみ",
                               "only when the normal column is empty"))),
    OptionSpec("parry", "half_attack", "攻撃相殺状態(攻撃受け)", "parry state (攻撃受け)",
               "N11/A16",
               choices=(Choice("half_attack", "被弾ごとに自攻撃力の半分を防御に加算",
                               "add half own attack to defence per hit"),
                        Choice("negate_first", "最初の被弾を無効", "negate the first hit"))),
    _bool("stun_natural_countdown", True, "スタンは毎ターン自然に1減る",
          "stun counts down 1 per turn by itself", "§12.5/A10"),
    _bool("stunned_square_penalty", False, "スタン中もデメリットマスの効果",
          "demerit-square penalties while stunned", "§7.1/A13"),
    _bool("demerit_flags_are_bad", True, "デメリットフラグは悪いフラグに含む",
          "demerit flags count as bad flags", "§13.1/A30"),
    _bool("heal_cap", True, "回復は初期LPまで", "healing capped at starting LP", "§16.1/A28"),
    _bool("line_used_when_blocked", True, "不発のラインも使用済み",
          "a blocked line is still used up", "D10"),
    _bool("recover_attacks", True, "復帰したターンに攻撃できる",
          "a character may attack the turn it recovers", "D17"),
    _bool("zero_damage_connects", False, "0ダメージでもヒット扱い", "a 0-damage hit connects",
          "D18"),
    _bool("demerit_once_per_turn", True, "同名デメリット効果は1ターン1回",
          "a demerit effect applies once per turn per name", "D13/§18.5",
          help_en="the demerit ability and last turn's flag of the same name do not stack",
          help_ja="同名のデメリット能力と前ターンのフラグは重ならない"),
    OptionSpec("zone_bounds", "upper", "ゾーン境界の所属", "zone boundary LP", "§16.2/A23",
               choices=(Choice("upper", "境界値は下のゾーン(4000は中盤、1000は終盤)",
                               "a boundary belongs to the lower zone (4000 mid, 1000 late)"),
                        Choice("lower", "境界値は上のゾーン(4000は序盤、1000は中盤)",
                               "a boundary belongs to the upper zone (4000 early, 1000 mid)"))),
    OptionSpec("range_snap", "snap", "間合い移動で残り1未満", "range move with less than 1 left",
               "§11.4/A22",
               choices=(Choice("snap", "得意間合いに合わせる", "snap to the favourite"),
                        Choice("stay", "動かない(x.5のまま)", "stay put (keeps the x.5)"))),
    OptionSpec("speed_margin", "greater", "早さで攻撃権を得る差", "speed gap that wins the right",
               "§9.2/A5",
               choices=(Choice("greater", "クロス距離より大きい差", "more than the cross range"),
                        Choice("at_least", "クロス距離以上の差", "at least the cross range"))),
    OptionSpec("rounding", "floor", "ダメージの端数", "damage rounding", "§19/A7",
               choices=(Choice("floor", "切り捨て", "round down"),
                        Choice("half_up", "四捨五入", "round half up"))),
    OptionSpec("turn_limit_judge", "ratio", "ターン上限での判定", "judgement at the turn limit",
               "§17.3/A18",
               choices=(Choice("ratio", "残りLP÷初期LPが高い方", "higher LP / starting LP"),
                        Choice("lp", "残りLPが多い方", "higher remaining LP"))),
    OptionSpec("forced_cross", "always", "強制クロスと絶対攻撃権", "forced cross vs absolute right",
               "§9.2/A32",
               choices=(Choice("always", "強制クロスが常に勝つ", "forced cross always wins"),
                        Choice("absolute_first", "絶対攻撃権が高い方が先に決まる",
                               "a higher absolute right still decides first"))),
)
