"""Japanese and English text of the dice ruleset: problem messages and event templates."""

# ruff: noqa: E501  (templates read best on one line each)

from __future__ import annotations

from fractions import Fraction
from typing import Any

from kassen.core import sums
from kassen.core.render import label_keys
from kassen.rulesets.dice import catalogue as cat

JA: dict[str, str] = {
    # problems
    "syntax": "「キー: 値」の形で書いてください（{text}）",
    "unknown_key": "知らない項目です: {key}（近いもの: {nearest}）",
    "duplicate_key": "項目 {key} が2回あります",
    "bad_number": "{field} は {low}〜{high} の整数です（{value}）",
    "bad_choice": "{field} に {value} は使えません（近いもの: {nearest}）",
    "bad_name": "名前は1〜{limit}文字で書いてください",
    "missing_name": "name（名前）がありません",
    "unknown_ability": "{where}: 知らない能力です: {name}（近いもの: {nearest}）",
    "demerit_not_here": "{where}: デメリット能力 {name} は通常能力欄にだけ置けます",
    "unknown_derivation": "{where}: 知らない派生です: {name}（近いもの: {nearest}）",
    "derivation_twice": "{where}: 派生 {name} が2回あります",
    "derivation_on_demerit": "{where}: デメリット能力 {name} に派生は付けられません",
    "derivation_on_ougi": "{where}: 奥義に派生は付けられません",
    "bad_star": "{where}: 星能力は star=能力/必要星/使用星 と書きます",
    "unknown_ougi": "{where}: 知らない奥義です: {name}（近いもの: {nearest}）",
    "ougi_twice": "奥義は1つまでです",
    "two_normals": "{where}: 通常能力欄には能力を1つだけ置けます",
    "star_and_ougi": "{where}: 星能力欄には星能力か奥義のどちらか1つです",
    "star_on_demerit": "{where}: デメリットマスには星能力・奥義・ベースドを置けません",
    "balance_no_star": "{where}: バランスタイプは星能力を置けません（奥義は可）",
    "too_many_demerits": "{group}群のデメリット能力は{count}つまでです",
    "no_room_for_demerits": "デメリット能力{count}つを置く空きマスがありません（空き{free}）",
    "unknown_special": "知らない特殊能力です: {name}（近いもの: {nearest}）",
    "unknown_passive": "知らないパッシブです: {name}（近いもの: {nearest}）",
    "passive_twice": "パッシブ {name} が2回あります",
    "too_many_passives": "購入パッシブは{limit}つまでです",
    "bad_zone": "zone は「序盤|中盤|終盤 パッシブ名」と書きます（{text}）",
    "bad_line": "line は「LP値 能力」と書きます（{text}）",
    "bad_trigger": "trigger は「デメリットフラグ 能力」と書きます（{text}）",
    "bad_trigger_flag": "トリガーに使えるのはデメリットフラグ名です: {name}",
    "line_over_lp": "ラインの値 {value} が初期LP {lp} を超えています",
    "over_budget": "{where}（コスト{cost}）で予算{pool}を超えました（合計{total}）",
    "too_many_entries": "項目が多すぎます（{limit}まで）",
    # events
    "event.turn": "― ターン{turn} ―",
    "event.dice": "ダイス: 赤{R} 青{B} 黄{Y} 緑{G}",
    "event.read": "{actor}（{colour_text}）: 自色{own}・敵色{opp} → 能力ダイス数{n}、特殊ダイス{s}、選択ダイス {sel_colour}{sel}、5計{five}",
    "event.stardust": "{actor}: 星屑 {change:+d}（{via_text}）→ {stardust}",
    "event.stars": "{actor}: 星 {change:+d}（{via_text}）→ 星{stars} 奥義星{ougi_stars}",
    "event.zone": "{actor}: ゾーン {zone}{active_text}",
    "event.select": "{actor}: {source_text}",
    "event.ougi": "{actor}: 奥義「{name_text}」発動！（奥義星{x}）絶対攻撃権+1",
    "event.flags_removed": "{actor}: フラグ消滅 {flags_text}（{via_text}）",
    "event.flag_set": "{actor}: フラグ「{flag_text}」({turns})",
    "event.demerit_guard": "{actor}: デメリットガードでマス{slot}の効果を防いだ（VP1）",
    "event.demerit_square": "{actor}: デメリットマス{slot}！ 攻撃権-1・低減値0・防御補正0・間合いダイス0",
    "event.blocked": "{actor}: 「{name_text}」は発動しない（{why_text}）",
    "event.special": "{actor}: 特殊能力「{name_text}」（特殊ダイス{face}）{exerted_text}",
    "event.ability": "{actor}: 「{name_text}」発動（{column_text}）",
    "event.range_queued": "{actor}: 間合い変化{change:+d}は間合い決定後に",
    "event.range_shift": "{actor}: 間合い {before} → {after}",
    "event.range_move": "{actor}の得意間合いへ: 間合い {before} → {after}",
    "event.range_set": "間合いは{range}に決定（間合いダイス {dice}）",
    "event.stun_end": "{actor}: スタン回復（{via_text}）ゲージ{gauge}",
    "event.gauge": "{actor}: スタンゲージ {change:+d}（{via_text}）→ {gauge}",
    "event.heal": "{actor}: {amount}回復 → LP{lp}",
    "event.values": "{actor}: 早さ{speed}。攻撃{atk_mult}倍（補正×{atk_corr}）、防御{def_mult}倍（補正×{def_corr}）、与ダメージ×{dmg_mult}、被ダメージ×{taken_mult}。連撃は早さの差{threshold}から（係数{coef}）、攻撃権{right}・絶対攻撃権{abs}",
    "event.decision": "攻撃権: {by_text} → {actor}の攻撃{passed_text}（早さ{speed} 攻撃権{right} 絶対{abs} クロスレンジ{x}）",
    "event.decision_cross": "攻撃権: {by_text} → {actor}、{target}の順に攻撃（早さ{speed} 攻撃権{right} 絶対{abs} クロスレンジ{x}）",
    "event.decision_none": "攻撃権: {by_text} → 攻撃なし（早さ{speed} 攻撃権{right} 絶対{abs} クロスレンジ{x}）",
    "event.attack": "{actor}の攻撃（{hits}回、早さの差{diff}、連撃判定値{threshold}）",
    "event.hits_skipped": "{actor}: 残り{skipped}回の追加攻撃は省略",
    "event.hit": "{actor}→{target}: {damage}ダメージ（総合攻撃力{atk} − 総合防御力{def}）× {dmg_mult} × {taken_mult} LP{lp} ゲージ{gauge}",
    "event.battle_end": "決着: {reason_text}（LP {lp}）",
    "event.stun_countdown": "{actor}: スタン残り{left}（自然{natural} 被弾{hits} ダイス{dice}）",
    "event.stun_start": "{actor}: スタン！（{length}ターン）",
    "event.stun_flag_guard": "{actor}: スタンフラグガードで良いフラグを守った（VP1）",
    "event.vp": "{actor}: VP {before} → {vp}（使用{used}）",
    "event.ougi_removed": "{actor}: 奥義は欄から消えた",
    "event.flag_expired": "{actor}: フラグ「{flag_text}」終了",
}

EN: dict[str, str] = {
    "syntax": "write \"key: value\" ({text})",
    "unknown_key": "unknown field: {key} (nearest: {nearest})",
    "duplicate_key": "field {key} appears twice",
    "bad_number": "{field} must be a whole number from {low} to {high} ({value})",
    "bad_choice": "{value} is not allowed for {field} (nearest: {nearest})",
    "bad_name": "a name has 1 to {limit} characters",
    "missing_name": "the sheet has no name",
    "unknown_ability": "{where}: unknown ability: {name} (nearest: {nearest})",
    "demerit_not_here": "{where}: the demerit ability {name} belongs in a normal column only",
    "unknown_derivation": "{where}: unknown derivation: {name} (nearest: {nearest})",
    "derivation_twice": "{where}: derivation {name} given twice",
    "derivation_on_demerit": "{where}: demerit ability {name} cannot take a derivation",
    "derivation_on_ougi": "{where}: the ougi (奥義) cannot take a derivation",
    "bad_star": "{where}: write a star ability as star=ABILITY/必要星/使用星",
    "unknown_ougi": "{where}: unknown 奥義: {name} (nearest: {nearest})",
    "ougi_twice": "at most one 奥義",
    "two_normals": "{where}: a normal column holds one ability",
    "star_and_ougi": "{where}: a star column holds a star ability or the 奥義, not both",
    "star_on_demerit": "{where}: a demerit square takes no star ability, 奥義 or based switch",
    "balance_no_star": "{where}: the バランス type may not place star abilities (the 奥義 is fine)",
    "too_many_demerits": "at most {count} demerit abilities of group {group}",
    "no_room_for_demerits": "no empty slots for {count} demerit abilities ({free} free)",
    "unknown_special": "unknown special ability: {name} (nearest: {nearest})",
    "unknown_passive": "unknown passive: {name} (nearest: {nearest})",
    "passive_twice": "passive {name} given twice",
    "too_many_passives": "at most {limit} purchasable passives",
    "bad_zone": "write zone as \"序盤|中盤|終盤 PASSIVE\" ({text})",
    "bad_line": "write line as \"LP ABILITY\" ({text})",
    "bad_trigger": "write trigger as \"DEMERIT_FLAG ABILITY\" ({text})",
    "bad_trigger_flag": "a trigger watches a demerit flag: {name}",
    "line_over_lp": "line value {value} is above the starting LP {lp}",
    "over_budget": "{where} (cost {cost}) goes over the budget of {pool} (total {total})",
    "too_many_entries": "too many fields (at most {limit})",
    "event.turn": "— Turn {turn} —",
    "event.dice": "Dice: red {R} blue {B} yellow {Y} green {G}",
    "event.read": "{actor} ({colour_text}) reads own die {own} and opponent's die {opp}: ability {n}, special {s}, selected die {sel_colour} {sel}, five-sum {five}",
    "event.stardust": "{actor}: stardust {change:+d} ({via_text}) → {stardust}",
    "event.stars": "{actor}: stars {change:+d} ({via_text}) → stars {stars}, ougi stars {ougi_stars}",
    "event.zone": "{actor}: zone {zone}{active_text}",
    "event.select": "{actor}: {source_text}",
    "event.ougi": "{actor}: ougi {name_text} unleashed! ({x} ougi stars) absolute attack right +1",
    "event.flags_removed": "{actor}: flags removed {flags_text} ({via_text})",
    "event.flag_set": "{actor}: flag {flag_text} ({turns})",
    "event.demerit_guard": "{actor}: demerit guard blocks slot {slot}'s penalties (1 VP)",
    "event.demerit_square": "{actor}: demerit square {slot}! attack right −1, reductions 0, defence correction 0, range die 0",
    "event.blocked": "{actor}: {name_text} does not activate ({why_text})",
    "event.special": "{actor}: special ability {name_text} (special die {face}){exerted_text}",
    "event.ability": "{actor}: {name_text} activates ({column_text})",
    "event.range_queued": "{actor}: range change {change:+d} waits for the first range",
    "event.range_shift": "{actor}: range {before} → {after}",
    "event.range_move": "towards {actor}'s favourite range: range {before} → {after}",
    "event.range_set": "Range set to {range} (range dice {dice})",
    "event.stun_end": "{actor}: recovers from stun ({via_text}), gauge {gauge}",
    "event.gauge": "{actor}: stun gauge {change:+d} ({via_text}) → {gauge}",
    "event.heal": "{actor}: heals {amount} → LP {lp}",
    "event.values": "{actor}: speed {speed}; attack ×{atk_mult} (correction ×{atk_corr}), defence ×{def_mult} (correction ×{def_corr}); deals ×{dmg_mult}, takes ×{taken_mult} damage; extra hits from a speed lead of {threshold} (factor {coef}); attack right {right}, absolute {abs}",
    "event.decision": "Attack right: {by_text} → {actor} attacks{passed_text} (speed {speed}, right {right}, absolute {abs}, cross range {x})",
    "event.decision_cross": "Attack right: {by_text} → {actor}, then {target} attack (speed {speed}, right {right}, absolute {abs}, cross range {x})",
    "event.decision_none": "Attack right: {by_text} → nobody attacks (speed {speed}, right {right}, absolute {abs}, cross range {x})",
    "event.attack": "{actor} attacks ({hits} hit(s), speed difference {diff}, combo threshold {threshold})",
    "event.hits_skipped": "{actor}: {skipped} remaining extra hit(s) skipped",
    "event.hit": "{actor} → {target}: {damage} damage ((attack {atk} − defence {def}) × {dmg_mult} × {taken_mult}) LP {lp} gauge {gauge}",
    "event.battle_end": "Battle over: {reason_text} (LP {lp})",
    "event.stun_countdown": "{actor}: stun {left} turn(s) left (natural {natural}, hits {hits}, dice {dice})",
    "event.stun_start": "{actor}: stunned! ({length} turns)",
    "event.stun_flag_guard": "{actor}: stun flag guard keeps the good flags (1 VP)",
    "event.vp": "{actor}: VP {before} → {vp} (used {used})",
    "event.ougi_removed": "{actor}: the ougi leaves the board",
    "event.flag_expired": "{actor}: flag {flag_text} ends",
}

WORDS: dict[str, dict[str, str]] = {
    "ja": {"red": "赤", "blue": "青", "absolute": "絶対攻撃権", "right": "攻撃権", "speed": "早さ",
           "cross": "クロス状態", "forced": "強制クロス", "vp": "VP不足", "misfire": "不発",
           "guard": "デメリットガード",
           "normal": "通常", "star": "星能力", "ougi": "奥義", "demerit": "デメリット",
           "line": "ライン", "trigger": "トリガー", "selected": "選択ダイス", "stardust": "星屑",
           "star_ability": "星能力の使用", "rest": "被弾なし", "countdown": "時間経過",
           "stun": "スタン", "demerit_square": "デメリットマス", "knockout": "KO",
           "double_knockout": "相打ちで両者KO（引き分け）",
           "double_knockout_lp": "両者KO、残りLPで判定", "turn_limit": "ターン上限、LP割合で判定",
           "turn_limit_draw": "ターン上限、引き分け", "stunned": "スタン中で能力なし",
           "nobody": "攻撃なし", "active": "（パッシブ有効）",
           "not_exerted": "（効果なし）", "passed": "（スタン中のため相手に移る）"},
    "en": {"red": "red", "blue": "blue", "absolute": "absolute attack right",
           "right": "attack right", "speed": "speed", "cross": "cross state",
           "forced": "forced cross", "vp": "not enough VP", "misfire": "misfire",
           "guard": "demerit guard",
           "normal": "normal", "star": "star ability", "ougi": "ougi", "demerit": "demerit",
           "line": "line", "trigger": "trigger", "selected": "selected die",
           "stardust": "stardust", "star_ability": "star ability used", "rest": "no damage",
           "countdown": "countdown", "stun": "stun", "demerit_square": "demerit square",
           "knockout": "knockout", "double_knockout": "double knockout (draw)",
           "double_knockout_lp": "double knockout, decided on LP",
           "turn_limit": "turn limit, decided on LP ratio", "turn_limit_draw": "turn limit, draw",
           "stunned": "stunned, no ability", "nobody": "nobody attacks",
           "active": " (passive active)", "not_exerted": " (no effect)",
           "passed": " (passed on: the winner is stunned)"},
}

SUM_LABELS: dict[str, tuple[str, str]] = {
    # damage (§19)
    "attack": ("総合攻撃力", "total attack"), "defence": ("総合防御力", "total defence"),
    "base_atk": ("基礎攻撃力", "base attack"), "base_def": ("基礎防御力", "base defence"),
    "five": ("5計", "five-sum"), "stars": ("星", "stars"),
    "atk_mult": ("攻撃倍率", "attack multiplier"), "def_mult": ("防御倍率", "defence multiplier"),
    "ten_minus": ("(10 − 低減値)", "(10 − reduction)"), "ten": ("10", "10"),
    "a_red": ("攻撃低減値", "attack reduction"), "d_red": ("防御低減値", "defence reduction"),
    "total_corr": ("補正合計", "total correction"), "atk_corr": ("攻撃補正倍率", "attack correction"),
    "range_m": ("間合い倍率", "range factor"), "fav_m": ("得意間合い倍率", "favourite-range factor"),
    "combo": ("連撃係数", "combo factor"), "def_corr": ("防御補正倍率", "defence correction"),
    "half": ("÷2", "halved"), "parry": ("攻撃受け", "parry"),
    "dmg_mult": ("ダメージ倍率", "damage multiplier"), "taken_mult": ("被弾倍率", "taken multiplier"),
    "at_least_zero": ("0未満にならない", "at least 0"), "floor": ("切り捨て", "round down"),
    "half_up": ("四捨五入", "round half up"), "negated": ("攻撃受けで無効", "negated by the parry"),
    # stun gauge (§12.2)
    "gauge_before": ("スタンゲージ", "stun gauge"),
    "gauge_digits": ("ダメージの桁数 − 1", "damage digits − 1"), "heavy": ("重撃", "heavy blow"),
    "lost_this_turn": ("このターン既に減った分", "already lost this turn"),
    # hits (§10.1), speed (§6.2), combo threshold (§10)
    "speed": ("早さ", "speed"), "opponent_speed": ("相手の早さ", "opponent's speed"),
    "first_hit": ("1回目", "first hit"),
    "diff": ("早さの差", "speed difference"), "threshold": ("連撃判定値", "combo threshold"),
    "max_extra_hits": ("追加攻撃の上限", "most extra hits"),
    "own_die": ("自色ダイス", "own die"), "agi": ("敏捷", "agility"),
    "speed_mod": ("早さ修正", "speed modifiers"), "stunned": ("スタン中", "stunned"),
    "stunned_speed": ("スタン中の早さ(−30になる)", "speed while stunned (becomes −30)"),
    "threshold_base": ("連撃判定値の基本", "base combo threshold"),
    "lowered_threshold": ("連撃判定値の引き下げ", "lowered combo threshold"),
    "threshold_floor": ("連撃判定値の下限", "lowest combo threshold"),
    # reading the dice (§1.3, §6.1)
    "die_R": ("赤ダイス", "red die"), "die_B": ("青ダイス", "blue die"),
    "die_Y": ("黄ダイス", "yellow die"), "die_G": ("緑ダイス", "green die"),
    "selected_die": ("選択ダイス", "selected die"),
    # healing (§16.1), stun countdown (§12.5), VP (§14.3), cross range (§4.5)
    "heal": ("回復量", "healing"), "room_to_start_lp": ("初期LPまでの余地", "room up to the starting LP"),
    "stun_left_before": ("スタン残り", "stun turns left"), "natural": ("自然回復", "natural countdown"),
    "indomitable": ("不屈", "indomitable"), "hits_shorten": ("被弾による短縮", "shortened by hits"),
    "dice_difference": ("自色 − 敵色", "own die − opponent's die"),
    "vp_before": ("VP", "VP"), "vp_used": ("使用VP", "VP used"), "charge": ("気合溜め", "charge"),
    "vp_max": ("VP上限", "VP maximum"), "vp_after_use": ("使用後のVP", "VP after use"),
    "vp_regen": ("VP回復", "VP regeneration"), "vp_so_far": ("ここまでのVP", "VP so far"),
    "abilities_vp": ("発揮した能力", "abilities exerted"), "guards_vp": ("ガード", "guards"),
    "exhaust_vp": ("消耗", "exhaustion"), "cross_range": ("クロスレンジ", "cross range"),
    # the numbers explained (the keys of values.sums; five, speed, threshold, diff above)
    "damage": ("ダメージ", "damage"), "gauge": ("スタンゲージ", "stun gauge"),
    "n": ("能力ダイス数", "ability number"), "hits": ("攻撃回数", "hits"),
    "amount": ("回復量", "healed"), "left": ("スタン残り", "stun turns left"),
    "vp": ("VP", "VP"), "used": ("使用VP", "VP used"), "x": ("クロスレンジ X", "cross range X"),
    # stars, stardust, 奥義星 (§15)
    "stardust": ("星屑ポイント", "stardust"), "ougi_stars": ("奥義星", "ougi stars"),
    "stars_before": ("それまでの星", "stars before"), "stars_gained": ("得た星", "stars gained"),
    "stars_lost": ("失った星", "stars lost"),
    "stardust_before": ("それまでの星屑", "stardust before"),
    "stardust_gained": ("得た星屑", "stardust gained"),
    "stardust_lost": ("失った星屑", "stardust lost"),
    "stardust_bonus": ("星屑の追加(能力)", "extra stardust (ability)"),
    "ougi_stars_before": ("それまでの奥義星", "ougi stars before"),
    "ougi_setting": ("奥義星の設定値まで", "at most the ougi's setting"),
}
"""Words of every sum label the engine's events use (core.sums, ``sum.<label>``)."""

STEP_NAMES: dict[str, tuple[str, str]] = {
    "roll": ("ダイス", "rolling the dice"), "read": ("ダイスの読み取り", "reading the dice"),
    "select": ("能力の決定", "ability chosen"), "special": ("特殊能力", "special abilities"),
    "ability": ("能力の効果", "ability effects"), "values": ("攻防の値", "attack and defence values"),
    "decision": ("攻撃権判定", "attack-right decision"), "attack": ("攻撃", "attacking"),
    "stun": ("スタン判定", "stun check"), "end": ("ターン終了", "end of turn"),
    "end.battle_end": ("決着", "battle over"),
}
"""The step list's name of each phase of a turn (§5)."""

REASONS = ("knockout", "double_knockout", "double_knockout_lp", "turn_limit", "turn_limit_draw")
PAGE = label_keys(STEP_NAMES, {k: (WORDS["ja"][k], WORDS["en"][k]) for k in REASONS})

CATALOGUE = {
    "ja": {**JA, **{f"word.{k}": v for k, v in WORDS["ja"].items()}, **PAGE["ja"],
           **{f"sum.{k}": v[0] for k, v in SUM_LABELS.items()}},
    "en": {**EN, **{f"word.{k}": v for k, v in WORDS["en"].items()}, **PAGE["en"],
           **{f"sum.{k}": v[1] for k, v in SUM_LABELS.items()}},
}
"""Registered by the registry as namespace ``dice`` (``Ruleset.text``)."""


def glossary() -> dict[str, Any]:
    """Catalogue names for the board: every ability, passive, type, 奥義, zone and flag
    (Japanese → [Japanese, English])."""
    terms = {e.ja: [e.ja, e.en] for table in (cat.NORMAL, cat.SPECIAL, cat.PASSIVE, cat.TYPES,
                                              cat.DEMERIT, cat.OUGI, cat.ZONE_PASSIVE)
             for e in table}
    terms.update({ja: [ja, en] for ja, en in cat.FLAG_NAMES_EN.items()})
    terms.update({"序盤": ["序盤", "opening"], "中盤": ["中盤", "middle game"],
                  "終盤": ["終盤", "endgame"]})
    return {"term": terms}


ZONES_EN = {"序盤": "opening", "中盤": "middle game", "終盤": "endgame"}
"""The zones (§15.4) in English, for the log."""


def _term(ja: str, lang: str) -> str:
    """A catalogue term: Japanese, or English with the Japanese beside it."""
    if lang == "ja" or not ja:
        return ja
    base, *derivs = ja.split("・")
    english = cat.english(base)
    if english == base:
        return ja
    return f"{english}{''.join('·' + d for d in derivs)}"


def render_values(values: dict[str, Any], lang: str) -> dict[str, Any]:
    """Event values made readable: localized terms, words for codes."""
    words = WORDS["ja" if lang == "ja" else "en"]
    out = dict(values)
    for key in ("name", "flag", "via"):
        if key in values and isinstance(values[key], str):
            out[key + "_text"] = words.get(values[key], _term(values[key], lang))
    if "zone" in values and lang != "ja":
        out["zone"] = ZONES_EN.get(str(values["zone"]), values["zone"])
    if "flags" in values:
        out["flags_text"] = ", ".join(_term(f, lang) for f in values["flags"])
    for key in ("colour", "why", "column", "by", "reason"):
        if key in values:
            out[key + "_text"] = words.get(str(values[key]), str(values[key]))
    if "active" in values:
        out["active_text"] = words["active"] if values["active"] else ""
    if "exerted" in values:
        out["exerted_text"] = "" if values["exerted"] else words["not_exerted"]
    if "source" in values:
        src = values["source"]
        if src == "stunned":
            out["source_text"] = words["stunned"]
        elif src == "slot":
            label = _term(values.get("name", ""), lang) or "-"
            out["source_text"] = (f"マス{values['slot']} {label}" if lang == "ja"
                                  else f"slot {values['slot']} {label}")
        else:
            out["source_text"] = f"{words[src]} {_term(values.get('name', ''), lang)}"
    if "passed" in values:
        out["passed_text"] = words["passed"] if values["passed"] else ""
    damage = sums.event_sums(values).get("damage")
    if damage is not None:
        out.update({k: v for k, v in damage_texts(damage).items() if k not in out})
    return out


def _dec(value: Any, places: int = 2) -> str:
    """A folded number as short decimal text for display (``places`` decimals at most; the
    why panel shows the exact sum)."""
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        return str(int(value))
    shown = round(float(value), places)
    return str(int(shown)) if shown == int(shown) else repr(shown)


def damage_texts(terms: list[Any]) -> dict[str, str]:
    """総合攻撃力, 総合防御力 and the two multipliers of a hit's damage sum, as text for the
    hit's log line (§19)."""
    parts = {t[1]: t[2] for t in terms}
    return {"atk": _dec(sums.fold(parts["attack"]), 1),
            "def": _dec(sums.fold(parts["defence"]), 1),
            "dmg_mult": _dec(Fraction(sums.fold([["=", "", parts["dmg_mult"]]]))),
            "taken_mult": _dec(Fraction(sums.fold([["=", "", parts["taken_mult"]]])))}
