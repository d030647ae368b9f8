"""Rule options: every [inferred]/[designed] reading of the dice rules that changes outcomes.

Recommended default first; labels in Japanese and English; ``rule`` names the spec rule or the
ambiguity entry (A… in dice-ambiguities.md, D… in §22) it governs.
"""

from __future__ import annotations

from dataclasses import dataclass

from kassen.core.options import Choice, OptionSpec, flag
from kassen.rulesets.dice import constants as k

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
    flag("stun_natural_countdown", True, "スタンは毎ターン自然に1減る",
          "stun counts down 1 per turn by itself", "§12.5/A10"),
    flag("stunned_square_penalty", False, "スタン中もデメリットマスの効果",
          "demerit-square penalties while stunned", "§7.1/A13"),
    flag("demerit_flags_are_bad", True, "デメリットフラグは悪いフラグに含む",
          "demerit flags count as bad flags", "§13.1/A30"),
    flag("heal_cap", True, "回復は初期LPまで", "healing capped at starting LP", "§16.1/A28"),
    flag("line_used_when_blocked", True, "不発のラインも使用済み",
          "a blocked line is still used up", "D10"),
    flag("recover_attacks", True, "復帰したターンに攻撃できる",
          "a character may attack the turn it recovers", "D17"),
    flag("zero_damage_connects", False, "0ダメージでもヒット扱い", "a 0-damage hit connects",
          "D18"),
    OptionSpec("zero_damage_digits", "one", "0ダメージの桁数", "digits of a 0-damage hit",
               "§12.5/D18",
               choices=(Choice("one", "1桁(スタン-1、ゲージは動かない。重撃も)",
                               "one digit (stun −1; the gauge never moves, 重撃 included)"),
                        Choice("none", "0桁(スタン短縮0、重撃はゲージ-1)",
                               "no digit (stun −0; 重撃 still takes 1 gauge)")),
               help_ja="0ダメージでもヒット扱いの時だけ違いが出る",
               help_en="matters only when a 0-damage hit connects"),
    OptionSpec("stun_penalty", "delta", "スタン中の早さ・防御倍率",
               "stun penalty to speed and 防御倍率", "§12.4/A38",
               choices=(Choice("delta", "修正(早さ-30、防御倍率-1)",
                               "modifiers (speed −30, 防御倍率 −1)"),
                        Choice("set", "その値になる(早さ=-30、防御倍率=-1)",
                               "becomes (speed = −30, 防御倍率 = −1)"))),
    OptionSpec("cross_extra_hits", "own_first", "クロスの連続攻撃の順", "extra hits in a cross",
               "§9.4/A39",
               choices=(Choice("own_first", "各自の初撃の後に続ける",
                               "each side's extras follow its own first hit"),
                        Choice("after_first_strikes", "両者の初撃の後に",
                               "after both first strikes"))),
    flag("demerit_once_per_turn", True, "同名デメリット効果は1ターン1回",
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
    OptionSpec("stun_dice", "positive", "スタン短縮の出目差",
               "die difference in the stun countdown",
               "§12.5/A10",
               choices=(Choice("positive", "正の差だけ短縮", "only a positive difference shortens"),
                        Choice("signed", "負の差は延長", "a negative difference lengthens"))),
    OptionSpec("stun_length", "gauge_max", "スタンの長さ", "stun length", "§12.3/D25",
               choices=(Choice("gauge_max", "そのキャラのゲージ最大値(タフネスで伸びる)",
                               "the character's gauge maximum (タフネス lengthens it)"),
                        Choice("base", "基本ゲージ長(5)", "the base gauge length (5)"))),
    OptionSpec("gauge_loss", "hit", "スタンゲージの減り方", "stun-gauge loss", "§12.2",
               choices=(Choice("hit", "被弾ごとに桁数で減る", "per hit, by its digits"),
                        Choice("turn", "そのターン最大の被弾1回分",
                               "once per turn, by the largest hit"))),
    flag("star_vp_fallback", True, "VP不足の星能力は通常能力に戻る",
          "a star ability blocked by VP falls back to the normal one", "D11/§7.2"),
    flag("demerit_flag_repeats", True, "デメリットフラグは次ターンも効果を繰り返す",
          "a demerit flag repeats its effect next turn", "D21/§8.2",
          help_en="off: the flag is only a marker for triggers",
          help_ja="OFF ならトリガー用の目印のみ"),
    OptionSpec("negative_vp", "vp_users", "VPがマイナスの時", "while VP is negative", "D6/§7.6",
               choices=(Choice("vp_users", "VPを使う能力だけ使えない (D6)",
                               "only abilities that use VP are blocked (D6)"),
                        Choice("all", "使用VP0の能力も使えない(§7.6の字義どおり)",
                               "0-VP abilities are blocked too (§7.6 literally)"))),
    OptionSpec("demerit_guard", "penalties", "デメリットガードが防ぐもの",
               "what デメリットガード blocks", "§8.3/A33",
               choices=(Choice("penalties", "マスの5つのペナルティのみ",
                               "the five square penalties only"),
                        Choice("all", "デメリット能力の効果とフラグも",
                               "also the demerit ability's own effect and flag"))),
    OptionSpec("vp_max", k.VP_MAX, "VP上限", "VP maximum", "§14.4/A9/D16", kind="int",
               minimum=0, maximum=99),
    OptionSpec("vp_regen", k.VP_REGEN_PER_TURN, "毎ターンのVP回復", "VP regained per turn",
               "§14.4/A9", kind="int", minimum=0, maximum=99),
    OptionSpec("stun_gauge", k.STUN_GAUGE_BASE, "基本スタンゲージ", "base stun gauge",
               "§12.1/A10", kind="int", minimum=1, maximum=99),
    flag("square_initial_range", True, "デメリットマスは初期間合いでも間合いダイス0",
          "a demerit square zeroes the range die for the initial range too", "§11.3/A22"),
    OptionSpec("gauge_rest", "after_check", "被弾なしのゲージ回復の時機",
               "when a turn without damage refills the gauge", "§12.2/D20",
               choices=(Choice("after_check", "スタン判定の後", "after the stun check"),
                        Choice("before_check", "スタン判定の前", "before the stun check"))),
    OptionSpec("line_while_stunned", "waits", "スタン中にラインを下回った時",
               "line reached while stunned", "§7.1/D30",
               choices=(Choice("waits", "スタン明けまで待つ", "waits until the stun ends"),
                        Choice("lost", "使われずに消える", "is lost unused"))),
    flag("ougi_star_cap", True, "奥義星は設定値まで", "奥義星 stop at the 奥義's setting",
          "§15.5/A20", help_en="off: they keep rising and the 奥義 scales with them",
          help_ja="OFF なら設定値を超えて増え、奥義の効果も伸びる"),
    flag("def_mult_floor", True, "防御倍率は0未満にならない", "防御倍率 never below 0",
          "§12.4", help_en="off: a negative 防御倍率 makes the defence negative (more damage)",
          help_ja="OFF なら負の防御倍率で防御力が負になり被ダメージが増える"),
    OptionSpec("away_at_favourite", "farther", "得意間合い上での後退",
               "moving away at the favourite", "§11.5/D15",
               choices=(Choice("farther", "+1(6なら−1)", "+1 (−1 at 6)"),
                        Choice("closer", "−1(1なら+1)", "−1 (+1 at 1)"))),
    flag("passives_while_stunned", True, "スタン中もタイプ・購入・ゾーンパッシブが有効",
          "type, bought and zone passives work while stunned", "§12.4"),
    flag("stun_guard_idle", False, "守る良いフラグがなくてもスタンフラグガードがVPを使う",
          "スタンフラグガード spends VP even with no good flag to keep", "§12.3/D26"),
    flag("charge_capped", True, "気合溜めもVP上限まで", "気合溜め is capped at the VP maximum",
          "§14.4/D16"),
    OptionSpec("star_spend", "at_use", "使用星を減らす時機", "when 使用星 are spent", "§15.4/D36",
               choices=(Choice("at_use", "発動時(そのターンの早さ・ダメージに反映)",
                               "on activation (this turn's speed and damage see it)"),
                        Choice("end_of_turn", "ターン終了時", "at the end of the turn"))),
    OptionSpec("based_vp", "pair", "ベースドの2能力のVP判定", "VP gate of a based pair",
               "§14.2/D9/A40",
               choices=(Choice("pair", "両方VPを使うなら多い方が必要、足りなければ両方不発",
                               "both using VP need the larger VP, else neither acts"),
                        Choice("each", "それぞれ単独で判定", "each ability on its own"))),
    flag("misfire_ougi", False, "不発の術は奥義も不発にする", "不発の術 also cancels a 奥義",
          "§7.7/D19", help_en="the 奥義 then stays on the board; its step-6 effects remain",
          help_ja="奥義は盤面に残る。手順6の効果はそのまま"),
    OptionSpec("combo_flag_turns", 1, "浮き・ダウンの持続ターン", "turns 浮き and ダウン last",
               "§13.3/A11", kind="int", minimum=1, maximum=9),
)


@dataclass(frozen=True, slots=True)
class Readings:
    """The options of one battle, read once (``kassen.core.options.read``): a field per option,
    named by its key; choice options keep their value (alternatives in the comment)."""

    arithmetic: str  # exact | float
    sides: str  # preference | entry | random
    stunned_winner: str  # pass | none
    double_ko: str  # draw | higher_lp
    turn_limit: int
    stardust_per_star: int
    vp_init: int
    star_column: str  # replace | if_empty
    parry: str  # half_attack | negate_first
    stun_natural_countdown: bool
    stunned_square_penalty: bool
    demerit_flags_are_bad: bool
    heal_cap: bool
    line_used_when_blocked: bool
    recover_attacks: bool
    zero_damage_connects: bool
    zero_damage_digits: str  # one | none
    stun_penalty: str  # delta | set
    cross_extra_hits: str  # own_first | after_first_strikes
    demerit_once_per_turn: bool
    zone_bounds: str  # upper | lower
    range_snap: str  # snap | stay
    speed_margin: str  # greater | at_least
    rounding: str  # floor | half_up
    turn_limit_judge: str  # ratio | lp
    forced_cross: str  # always | absolute_first
    stun_dice: str  # positive | signed
    stun_length: str  # gauge_max | base
    gauge_loss: str  # hit | turn
    star_vp_fallback: bool
    demerit_flag_repeats: bool
    negative_vp: str  # vp_users | all
    demerit_guard: str  # penalties | all
    vp_max: int
    vp_regen: int
    stun_gauge: int
    square_initial_range: bool
    gauge_rest: str  # after_check | before_check
    line_while_stunned: str  # waits | lost
    ougi_star_cap: bool
    def_mult_floor: bool
    away_at_favourite: str  # farther | closer
    passives_while_stunned: bool
    stun_guard_idle: bool
    charge_capped: bool
    star_spend: str  # at_use | end_of_turn
    based_vp: str  # pair | each
    misfire_ougi: bool
    combo_flag_turns: int

