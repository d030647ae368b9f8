"""Japanese and English text of the skirmish: problem messages and ``event.<kind>`` templates."""

from __future__ import annotations

from typing import Any

from kassen.core.render import label_keys
from kassen.rulesets.skirmish.catalogue import ABILITIES, ATTRIBUTES, ITEMS, NORMAL_ATTACK, STATUSES

MESSAGES = {
    "ja": {
        "empty": "陣営にキャラクターがいません",
        "too_many": "1陣営のキャラクターは{limit}人までです",
        "unknown_sample": "サンプル「{name}」はありません（近いもの: {known}）",
        "bad_name": "名前「{name}」は使えません（=を含まず{limit}文字まで）",
        "bad_key": "「{token}」は 項目=値 の形ではないか、知らない項目です（近いもの: {known}）",
        "duplicate_key": "項目「{key}」が2回書かれています",
        "missing": "「{name}」に必要な項目がありません: {keys}",
        "needs_ranged": "「{name}」の《{ability}》には射程1以上の武器が必要です",
        "bad_number": "{key}={value} は使えません（{low}〜{high}の整数）",
        "unknown_weapon": "武器「{name}」はありません（近いもの: {nearest}）",
        "bad_area": "エリア「{value}」はマップ（{width}×{height}）にありません",
        "too_long_list": "{key} の並びが長すぎます（{limit}個まで）",
        "unknown_ability": "能力・魔法「{name}」はありません（近いもの: {nearest}）",
        "unknown_item": "アイテム「{name}」はありません（近いもの: {nearest}）",
        "unknown_attribute": "属性「{name}」はありません（近いもの: {nearest}）",
        "duplicate_entry": "「{name}」が重複しています",
        "bad_count": "個数「{value}」は使えません（1〜9）",
        "event.round": "── ラウンド{round} スタートフェイズ：全員が未行動に ──",
        "event.initiative": "イニシアチブ：{actor}（行動値{ini}）のターン",
        "event.tie_roll": "行動値が同じ：1D10で決定 {rolls}",
        "event.skip": "{actor}は{step}で何もしない",
        "event.turn_end": "{actor}は行動済み",
        "event.move": "{actor}が移動 {frm}→{to}（移動力{allowance}）",
        "event.obstruct": "{actor}の移動を妨害：{by}",
        "event.move_blocked": "{actor}のレディステップの移動は妨害されて失敗",
        "event.disengage": ("離脱判定：妨害側 {active_dice}+… = {active}（代表 {target}、"
                            "補正+{blockers}）対 {actor} {passive_dice}+… = {passive}"
                            "（飛行+{flight}）"),
        "event.move_failed": "{actor}の移動は失敗（エリア{area}に留まる）",
        "event.escape": "{actor}は戦場から離脱",
        "event.expire": "{actor}の{status}が解除",
        "event.durations": "エンドフェイズ：持続効果の残りラウンドを1進める",
        "event.deadlock": "誰も行動しなかったため全員の睡眠が解除",
        "event.end": "戦闘終了（{reason}）ラウンド{round}",
        "event.use": "{actor}の《{ability}》（MP{cost}消費、残り{mp}）",
        "event.item": "{actor}が{item}を{target}に使用（残り{left}）",
        "event.wake": "{actor}が{target}を起こした",
        "event.cover": "{actor}が{target}をかばう！",
        "event.magic_hit": "魔法は命中判定なしで{target}に命中",
        "event.auto_hit": "{target}に自動命中",
        "event.hit_check": ("命中判定 {actor}→{target}：{dice}+{bonus}={total}（目標{need}）"
                            "{outcome}"),
        "event.guard": "{actor}の《ガード》（残りMP{mp}）",
        "event.damage": ("{target}に{amount}ダメージ（威力{power}={atk}+{dice} − "
                         "{defence}）残りHP{hp}"),
        "event.down": "{actor}は戦闘不能",
        "event.heal": "{target}のHPが{healed}回復（{dice}）HP{hp}",
        "event.mana": "{target}のMPが{restored}回復 MP{mp}",
        "event.status": "{actor}は{status}（{rounds}ラウンド）",
        "event.sleep_check": ("スリープ：{actor} {active_dice}→{active} 対 {target} "
                              "{passive_dice}→{passive} {outcome}"),
    },
    "en": {
        "empty": "the side has no characters",
        "too_many": "at most {limit} characters per side",
        "unknown_sample": "there is no sample {name!r} (nearest: {known})",
        "bad_name": "name {name!r} cannot be used (no '=', at most {limit} characters)",
        "bad_key": "{token!r} is not key=value or the key is unknown (nearest: {known})",
        "duplicate_key": "key {key!r} is given twice",
        "missing": "{name!r} lacks required keys: {keys}",
        "needs_ranged": "{name!r}: {ability} needs a weapon with range 1 or more",
        "bad_number": "{key}={value} cannot be used (an integer {low}..{high})",
        "unknown_weapon": "there is no weapon {name!r} (nearest: {nearest})",
        "bad_area": "area {value!r} is not on the map ({width}×{height})",
        "too_long_list": "the {key} list is too long (at most {limit})",
        "unknown_ability": "there is no ability or spell {name!r} (nearest: {nearest})",
        "unknown_item": "there is no item {name!r} (nearest: {nearest})",
        "unknown_attribute": "there is no attribute {name!r} (nearest: {nearest})",
        "duplicate_entry": "{name!r} is listed twice",
        "bad_count": "count {value!r} cannot be used (1..9)",
        "event.round": "── Round {round}, start phase: everyone is unacted ──",
        "event.initiative": "Initiative: {actor} (initiative {ini}) takes a turn",
        "event.tie_roll": "Tied initiative: 1D10 roll-off {rolls}",
        "event.skip": "{actor} does nothing in the {step}",
        "event.turn_end": "{actor} has acted",
        "event.move": "{actor} moves {frm}→{to} (allowance {allowance})",
        "event.obstruct": "{actor}'s move is obstructed by {by}",
        "event.move_blocked": "{actor}'s ready-step move is obstructed and fails",
        "event.disengage": ("Disengage check: obstructers {active_dice}+… = {active} "
                            "(representative {target}, +{blockers}) vs {actor} "
                            "{passive_dice}+… = {passive} (flight +{flight})"),
        "event.move_failed": "{actor}'s move fails (stays in area {area})",
        "event.escape": "{actor} escapes from the battle",
        "event.expire": "{actor}'s {status} ends",
        "event.durations": "End phase: every duration counts down one round",
        "event.deadlock": "Nobody acted: every sleeper wakes up",
        "event.end": "Combat over ({reason}) in round {round}",
        "event.use": "{actor} uses {ability} (MP {cost}, {mp} left)",
        "event.item": "{actor} uses a {item} on {target} ({left} left)",
        "event.wake": "{actor} wakes {target}",
        "event.cover": "{actor} covers {target}!",
        "event.magic_hit": "Magic hits {target} without a hit check",
        "event.auto_hit": "{target} is hit automatically",
        "event.hit_check": ("Hit check {actor}→{target}: {dice}+{bonus}={total} "
                            "(need {need}) {outcome}"),
        "event.guard": "{actor} uses Guard ({mp} MP left)",
        "event.damage": ("{target} takes {amount} damage (potency {power}={atk}+{dice} − "
                         "{defence}), HP {hp}"),
        "event.down": "{actor} is incapacitated",
        "event.heal": "{target} heals {healed} HP ({dice}), HP {hp}",
        "event.mana": "{target} regains {restored} MP, MP {mp}",
        "event.status": "{actor} gains {status} ({rounds} rounds)",
        "event.sleep_check": ("Sleep: {actor} {active_dice}→{active} vs {target} "
                              "{passive_dice}→{passive} {outcome}"),
    },
}

OUTCOMES = {
    "ja": {"hit": "命中", "miss": "回避", "crit": "クリティカル！", "fumble": "ファンブル",
           "slept": "成功：睡眠", "resisted": "抵抗された"},
    "en": {"hit": "hit", "miss": "miss", "crit": "critical!", "fumble": "fumble",
           "slept": "success: asleep", "resisted": "resisted"},
}
REASONS = {
    "ja": {"wipeout": "全滅", "escape": "逃走", "round_cap": "ラウンド上限で引き分け",
           "mutual": "相打ち"},
    "en": {"wipeout": "wipeout", "escape": "escape", "round_cap": "draw at the round cap",
           "mutual": "mutual wipeout"},
}


STEP_NAMES: dict[str, tuple[str, str]] = {
    "SP": ("SP スタートフェイズ", "SP start phase"), "IP": ("IP イニシアチブ", "IP initiative"),
    "RS": ("RS レディステップ", "RS ready step"), "MS": ("MS メインステップ", "MS main step"),
    "TP": ("TP ターン", "TP turn"), "EP": ("EP エンドフェイズ", "EP end phase"),
    "end": ("戦闘終了", "combat over"),
}
"""The step list's name of each phase and step (§5)."""

SUM_WORDS: dict[str, tuple[str, str]] = {
    # the numbers explained (each heads its breakdown)
    "total": ("達成値", "roll total"), "need": ("目標値", "target number"),
    "amount": ("ダメージ", "damage"), "hp": ("残りHP", "HP left"),
    "healed": ("回復量", "HP healed"), "restored": ("MP回復量", "MP restored"),
    "mp": ("残りMP", "MP left"), "allowance": ("移動力", "move allowance"),
    "active": ("能動側の達成値", "active side's total"),
    "passive": ("受動側の達成値", "passive side's total"),
    # the terms
    "dice_2d10": ("2D10", "2D10"), "accuracy": ("命中値", "accuracy"),
    "ability_accuracy": ("能力の命中修正", "the ability's accuracy modifier"),
    "critical": ("クリティカル（自動成功）", "critical (automatic success)"),
    "fumble": ("ファンブル（自動失敗）", "fumble (automatic failure)"),
    "cover_auto_hit": ("かばうので自動命中", "automatic hit on the coverer"),
    "covered_values": ("かばわれた対象の値で計算（肩代わり）",
                       "the protected target's values (taken over by the coverer)"),
    "evasion": ("回避値", "evasion"),
    "tie_misses": ("同値は回避", "a tie misses"),
    "power": ("威力", "potency"), "weapon_attack": ("武器の攻撃力", "weapon attack power"),
    "ability_attack": ("能力の攻撃力修正", "the ability's attack power bonus"),
    "magic_power": ("魔力", "magic power"),
    "staff_bonus": ("スタッフの魔力+1", "staff's +1 magic power"),
    "spell_power": ("魔法の威力", "the spell's power"),
    "gem_attack": ("宝石の攻撃力", "the gem's attack power"),
    "crit_die": ("クリティカルの+1D10", "critical's +1D10"),
    "armour": ("装甲", "armour"), "stone_skin": ("《ストーンスキン》", "Stone Skin"),
    "resistance": ("抵抗", "resistance"), "weakness": ("弱点", "weakness"),
    "attribute_resistance": ("耐性", "attribute resistance"),
    "at_least_zero": ("0未満にはならない", "never below 0"), "guard": ("《ガード》", "Guard"),
    "hp_before": ("元のHP", "HP before"), "damage": ("ダメージ", "damage"),
    "hp_missing": ("減っているHP（上限）", "HP missing (the most it heals)"),
    "mana_potion": ("マナポーション", "mana potion"),
    "mp_missing": ("減っているMP（上限）", "MP missing (the most it restores)"),
    "mp_before": ("元のMP", "MP before"), "mp_cost": ("消費MP", "MP cost"),
    "initiative": ("行動値", "initiative"),
    "per_five": ("行動値5ごとに1", "1 per 5 initiative"), "plus_one": ("基本の1", "base 1"),
    "other_obstructers": ("ほかの妨害者×2", "2 × other obstructers"),
    "flight": ("飛行", "flight"),
}
"""Words of the sums' labels (``sum.<label>``, issue 16; :mod:`.breakdowns`)."""

PAGE = label_keys(STEP_NAMES, {k: (REASONS["ja"][k], REASONS["en"][k]) for k in REASONS["ja"]})
for _i, _lang in enumerate(("ja", "en")):
    PAGE[_lang].update({f"sum.{k}": v[_i] for k, v in SUM_WORDS.items()})

CATALOGUE = {"ja": {**MESSAGES["ja"], **PAGE["ja"]}, "en": {**MESSAGES["en"], **PAGE["en"]}}
"""Registered by the registry as namespace ``skirmish`` (``Ruleset.text``)."""


def glossary() -> dict[str, Any]:
    """Catalogue names for the board and the decision panel: abilities and items by id,
    statuses by their Japanese name (as the view carries them), each [Japanese, English]."""
    ability = {a.id: [a.ja, a.en] for a in ABILITIES.values()}
    ability["attack"] = list(NORMAL_ATTACK)
    return {"ability": ability,
            "item": {i.id: [i.ja, i.en] for i in ITEMS.values()},
            "status": {s.ja: [s.ja, s.en] for s in STATUSES.values()}}


def render_values(values: dict[str, Any], lang: str) -> dict[str, Any]:
    """Localize catalogue ids and dice in an event's values for the text templates."""
    out = dict(values)
    ja = lang == "ja"
    if "ability" in out:
        a = out["ability"]
        ability = ABILITIES.get(a)
        if ability is not None:
            out["ability"] = ability.ja if ja else ability.en
        else:
            out["ability"] = NORMAL_ATTACK[0] if ja else (NORMAL_ATTACK[1] if a == "attack" else a)
    if "item" in out:
        item = ITEMS.get(out["item"])
        if item is not None:
            out["item"] = item.ja if ja else item.en
    if "status" in out:
        status = STATUSES.get(out["status"])
        if status is not None:
            out["status"] = status.ja if ja else status.en
    for key in ("dice", "active_dice", "passive_dice", "rolls"):
        if isinstance(out.get(key), list):
            out[key] = "+".join(str(d) for d in out[key]) if key != "rolls" else \
                ",".join(str(d) for d in out[key])
    table = OUTCOMES["ja" if ja else "en"]
    if "hit" in out:
        out["outcome"] = table["crit"] if out.get("crit") else table["fumble"] \
            if out.get("fumble") else table["hit" if out["hit"] else "miss"]
    if "success" in out:
        out["outcome"] = table["slept" if out["success"] else "resisted"]
    if "reason" in out:
        out["reason"] = REASONS["ja" if ja else "en"].get(out["reason"], out["reason"])
    if "attribute" in out and out["attribute"] in ATTRIBUTES and ja:
        out["attribute"] = ATTRIBUTES[out["attribute"]]
    return out
