"""Japanese and English text of マーガレット2011α: problem messages and ``event.<kind>`` templates.

Sword, status and enchantment names are Japanese in Japanese text and the catalogue's English
name in English text, ``Slash Sword`` (``render_values`` puts them in).
"""

from __future__ import annotations

from kassen.core.render import label_keys
from kassen.rulesets.marguerite.catalogue import ENCHANT_EN, ENCHANT_JA

_LABELS: dict[str, dict[str, tuple[str, str]]] = {
    "phase": {"ap": ("行動回数決定フェイズ", "AP phase"),
              "status": ("状態効果フェイズ", "status phase"),
              "action": ("行動フェイズ", "action phase"),
              "death_check": ("第0ターン直後の死亡判定", "death check after turn 0"),
              "judge": ("勝敗判定", "judgement")},
    "why": {"stun": ("スタン", "Stun"),
            "none": ("実行可能な剣が無い", "no executable sword"),
            "dead": ("第0ターン中にHP 0以下", "HP ≤ 0 during turn 0")},
    "stat": {"atk": ("攻撃力", "attack"), "def": ("防御力", "defence"),
             "spd": ("素早さ", "speed"), "maxhp": ("最大HP", "max HP")},
    "enchant": {key: (ja, f"<{ENCHANT_EN[key]}>") for key, ja in ENCHANT_JA.items()},
    "reason": {"wipeout": ("全滅", "wipeout"),
               "overkill": ("オーバーキルジャッジ", "overkill judge"),
               "overturn": ("オーバーターンジャッジ", "overturn judge"),
               "push": ("プッシュ", "Push"), "draw": ("引き分け", "draw")},
    "measure": {"hp": ("HP合計", "HP total"), "overkill": ("オーバーキル合計", "overkill total")},
    "budget": {"actions": ("行動処理の数", "actions"), "events": ("ログの事象数", "logged events"),
               "swords": ("1人の剣リストの長さ", "swords in one list"),
               "fencers": ("1パーティの剣師の数", "swordmasters in one party")},
    "winner": {"0": ("パーティ1の勝ち", "party 1 wins"), "1": ("パーティ2の勝ち", "party 2 wins"),
               "-1": ("勝者なし", "no winner")},
}


def label(group: str, key: str, lang: str) -> str:
    """A localized label (phase, stat, enchantment, reason…); the key itself when unknown."""
    pair = _LABELS.get(group, {}).get(key)
    if pair is None:
        return key
    return pair[0] if lang == "ja" else pair[1]


JA = {
    # problems
    "too_long": "長すぎます（{length}文字、上限{limit}文字）",
    "multiline": "1行に1人の剣師を書いてください（2行目以降は別のビルドです）",
    "missing_stats": "HP/攻/防/速 の4つの数値が必要です（{found}個しかありません）",
    "bad_number": "{field}の値「{value}」は0以上の整数ではありません",
    "number_too_big": "{field}の値「{value}」が大きすぎます（上限{limit}）",
    "too_many_fields": "区切り「/」が多すぎます（HP/攻/防/速/剣/名前）",
    "unknown_sword": "「{token}」という剣はありません（近い剣: {suggestions}）",
    "empty_name": "名前が空です",
    "name_too_long": "名前が長すぎます（{length}文字、上限{limit}文字）",
    "bad_name": "名前に使えない文字があります",
    "too_many_swords": "剣が多すぎます（{count}本、上限{limit}本）",
    "hp_step": "HP {hp} は5の倍数ではありません（オプション {option}）",
    "over_budget": "途心{cost}は上限{budget}を{over}超えています（オプション {option}）",
    # events
    "event.phase": "【ターン{turn}】{phase}",
    "event.sleep": "{actor}はスリープでAP・予備APが0に（残りスリープ{count}）",
    "event.status_gain": "{target}に状態「{status}」（+{n}、計{count}）",
    "event.status_lost": "{target}の状態「{status}」が{n}消えた（残り{count}）",
    "event.poison": "{target}は毒で{amount}ダメージ（HP {hp}）",
    "event.skip": "{actor}はスキップ×{times}（{why}）AP {ap}・予備AP {reserve}",
    "event.cycle": "{actor}の剣がすべて未使用に戻った（一巡）",
    "event.act": "{actor}が{sword}を実行（AP {ap}・予備AP {reserve}・MP {mp}）",
    "event.reflect": "{actor}の反射！攻撃が{target}に向かう（残り反射{count}）",
    "event.guard": "{actor}のガード！ダメージ{before}→{amount}（残りガード{count}）",
    "event.damage": "{actor}の{sword}：{target}に{amount}ダメージ（HP {hp}）",
    "event.mp_damage": "{actor}の{sword}：{target}のMPに{amount}ダメージ（MP {mp}）",
    "event.heal": "{target}のHPが{amount}回復（HP {hp}）",
    "event.hp_set": "{target}のHPに最大値を代入（HP {hp}）",
    "event.hp_up": "{target}のHPが{amount}増加（HP {hp}）",
    "event.stat": "{target}の{stat}が{before}→{after}",
    "event.mp": "{target}のMPが{amount}増加（MP {mp}）",
    "event.reserve": "{target}の予備APが{amount}増加（予備AP {reserve}）",
    "event.death": "{actor}は死亡した（HP {hp}）",
    "event.revive": "{actor}が生き返った（HP {hp}）",
    "event.exit": "{actor}が退場した（HP {hp}、オーバーキル{overkill}）",
    "event.build": "{actor}が{sword}で{target}をビルド！先頭に立った（HP {hp}）",
    "event.build_failed": "{actor}の{sword}は流産で失敗した（残り流産{count}）",
    "event.sword_kept": "{actor}の{sword}は消費されず未使用のまま残った",
    "event.enchant": "{actor}の{sword}に＜{enchant}＞",
    "event.no_effect": "{actor}の{sword}は効果なし",
    "event.rearm": "{actor}の{sword}：剣がすべて未使用に",
    "event.rearm_self": "{actor}の{sword}が未使用に戻った",
    "event.resonate": "{actor}の剣がすべて{sword}になった",
    "event.add_sword": "{actor}の剣リスト末尾に{sword}が加わった",
    "event.destroy": "{actor}が{target}の{sword}を破壊した",
    "event.exhaust": "{actor}が{target}の{sword}を使用済みにした",
    "event.reverse": "{actor}が{target}の剣リストを逆順にした",
    "event.steal": "{actor}が{target}の{sword}を奪った",
    "event.year": "{actor}の{sword}：ターン数が{counter}になった",
    "event.judgement": "{reason}：{winner}（{measure} {total0} 対 {total1}、"
                       "プッシュ {push0} 対 {push1}、ターン数{counter}）",
    "event.aborted": "安全上限（{cap}）に達したため戦闘を打ち切りました",
    "event.log_summarised": "{budget}がログの上限{limit}を超えたため、ここからはターンごとに"
                            "1つにまとめて記録します（ルールはそのまま、結果も変わりません）",
    "event.summary": "【まとめ】ターン数{counter}まで：行動処理{actions}回、事象{events}件",
    "event.summary_member": "{actor}：{executed}（計{acts}回、スキップ{skips}回）"
                            "HP {hp_from}→{hp}、死亡{deaths}回",
}

EN = {
    "too_long": "too long ({length} characters, limit {limit})",
    "multiline": "write one swordmaster (剣師) per line (the next line is another build)",
    "missing_stats": "HP/攻/防/速 needs four numbers (found {found})",
    "bad_number": "{field} value '{value}' is not a whole number ≥ 0",
    "number_too_big": "{field} value '{value}' is too big (limit {limit})",
    "too_many_fields": "too many '/' fields (HP/atk/def/spd/swords/name)",
    "unknown_sword": "no sword called '{token}' (nearest: {suggestions})",
    "empty_name": "the name is empty",
    "name_too_long": "the name is too long ({length} characters, limit {limit})",
    "bad_name": "the name has characters that cannot be used",
    "too_many_swords": "too many swords ({count}, limit {limit})",
    "hp_step": "HP {hp} is not a multiple of 5 (option {option})",
    "over_budget": "costs {cost} points, {over} over the budget of {budget} (option {option})",
    "event.phase": "[Turn {turn}] {phase}",
    "event.sleep": "{actor} sleeps: AP and reserve AP are 0; Sleep left: {count}",
    "event.status_gain": "{target} gets {status} +{n}, now {count}",
    "event.status_lost": "{target} loses {n} {status} ({count} left)",
    "event.poison": "{target} takes {amount} Poison damage (HP {hp})",
    "event.skip": "{actor} skips ×{times}: {why}; AP {ap}, reserve AP {reserve}",
    "event.cycle": "{actor}'s swords are all unused again (cycle)",
    "event.act": "{actor} executes {sword}: AP {ap}, reserve AP {reserve}, MP {mp}",
    "event.reflect": "{actor}'s Reflect! The attack turns to {target}; "
                     "Reflect left: {count}",
    "event.guard": "{actor}'s Guard! Damage {before} → {amount}; Guard left: {count}",
    "event.damage": "{actor}'s {sword} deals {amount} damage to {target} (HP {hp})",
    "event.mp_damage": "{actor}'s {sword} deals {amount} damage to {target}'s MP (MP {mp})",
    "event.heal": "{target} heals {amount} (HP {hp})",
    "event.hp_set": "{target}'s HP is set to its maximum (HP {hp})",
    "event.hp_up": "{target}'s HP rises by {amount} (HP {hp})",
    "event.stat": "{target}'s {stat}: {before} → {after}",
    "event.mp": "{target}'s MP rises by {amount} (MP {mp})",
    "event.reserve": "{target}'s reserve AP rises by {amount} (reserve AP {reserve})",
    "event.death": "{actor} dies (HP {hp})",
    "event.revive": "{actor} comes back to life (HP {hp})",
    "event.exit": "{actor} leaves the battle (HP {hp}, overkill {overkill})",
    "event.build": "{actor} builds {target} with {sword}, now at the front (HP {hp})",
    "event.build_failed": "{actor}'s {sword} fails because of Miscarriage; "
                          "Miscarriage left: {count}",
    "event.sword_kept": "{actor}'s {sword} is not spent and stays unused",
    "event.enchant": "{actor}'s {sword} gains {enchant}",
    "event.no_effect": "{actor}'s {sword} has no effect",
    "event.rearm": "{actor}'s {sword}: all swords are unused again",
    "event.rearm_self": "{actor}'s {sword} is unused again",
    "event.resonate": "all of {actor}'s swords become {sword}",
    "event.add_sword": "{sword} is added at the end of {actor}'s list",
    "event.destroy": "{actor} destroys {target}'s {sword}",
    "event.exhaust": "{actor} makes {target}'s {sword} used",
    "event.reverse": "{actor} reverses {target}'s sword list",
    "event.steal": "{actor} steals {target}'s {sword}",
    "event.year": "{actor}'s {sword}: the turn counter is now {counter}",
    "event.judgement": "{reason}: {winner} ({measure} {total0} to {total1}, "
                       "Push {push0} to {push1}, turn counter {counter})",
    "event.aborted": "Battle stopped at a safety cap ({cap})",
    "event.log_summarised": "The {budget} passed the log budget of {limit}: from here on each "
                            "turn is logged as one summary (the rules and the result are "
                            "unchanged)",
    "event.summary": "[Summary] up to turn counter {counter}: {actions} actions, {events} events",
    "event.summary_member": "{actor}: {executed} ({acts} in all, {skips} skips); "
                            "HP {hp_from} → {hp}, {deaths} deaths",
}

STEP_NAMES: dict[str, tuple[str, str]] = {
    "ap": ("行動回数決定", "AP"),
    "status": ("状態効果", "status effects"),
    "action": ("行動", "an action"),
    "action.skip": ("行動：スキップ", "an action, skipped"),
    "death_check": ("死亡判定", "death check"),
    "judge": ("勝敗判定", "deciding the winner"),
}
"""The step list's name of each phase (and phase.kind), R6.1."""

SUM_LABELS: dict[str, tuple[str, str]] = {
    "attack": ("攻撃力", "attack"),
    "defence": ("防御力（受け手）", "defence (of the receiver)"),
    "double": ("攻撃力の2倍", "attack doubled"),
    "fifth": ("攻撃力の1/5（切り捨て）", "a fifth of attack (rounded down)"),
    "tenth": ("攻撃力の1/10（切り捨て）", "a tenth of attack (rounded down)"),
    "half": ("半分", "half"),
    "target_hp": ("受け手のHP", "the receiver's HP"),
    "not_below_zero": ("0未満にはならない", "never below 0"),
    "fixed": ("固定ダメージ", "fixed damage"),
    "turn": ("ターン数", "turn counter"),
    "two_to_the_turn": ("2の「ターン数」乗", "2 to the power of the turn counter"),
    "own_maxhp": ("自分の最大HP", "own max HP"),
    "own_hp": ("自分のHP", "own HP"),
    "reflected": ("反射された回数", "times reflected"),
    "hits": ("攻撃回数", "number of hits"),
    "guard": ("ガードで半分（切り上げ）", "halved by Guard, rounded up"),
    "negative_damage": ("マイナスのダメージ", "negative damage"),
    "damage_dealt": ("与えたダメージ", "damage dealt"),
    "hp_missing": ("最大HPまでの残り", "HP missing to the maximum"),
    "damage": ("ダメージ", "damage"),
    "poison": ("毒の数", "Poison count"),
    "hp": ("HP", "HP"),
    "hp_at_death": ("死亡した瞬間のHP", "HP at the moment of death"),
    "overkill": ("オーバーキル", "overkill"),
    "push": ("プッシュの数", "Push count"),
    "nobody": ("該当する剣師なし", "no swordmaster counted"),
    # the numbers explained (the keys of values["sums"]), which head their breakdowns
    "amount": ("値（ダメージ・回復量）", "amount (damage or healing)"),
    "total0": ("パーティ1の合計", "party 1's total"),
    "total1": ("パーティ2の合計", "party 2's total"),
    "push0": ("パーティ1のプッシュ", "party 1's Push"),
    "push1": ("パーティ2のプッシュ", "party 2's Push"),
}
"""Words of the terms of the events' sums (``values["sums"]``, core.sums), ``sum.<label>``."""

_SUMS = {lang: {f"sum.{key}": pair[i] for key, pair in SUM_LABELS.items()}
         for i, lang in enumerate(("ja", "en"))}

PAGE = label_keys(STEP_NAMES, {k: v for k, v in _LABELS["reason"].items()})

CATALOGUE = {"ja": {**JA, **PAGE["ja"], **_SUMS["ja"]},
             "en": {**EN, **PAGE["en"], **_SUMS["en"]}}
"""Registered by the registry as namespace ``marguerite`` (``Ruleset.text``)."""
