"""Japanese and English catalogue of the card duel: problem messages, event templates and
the words ``render_values`` puts into them. Registered as namespace ``cardduel``."""

from __future__ import annotations

from typing import Any

from kassen.core.render import label_keys
from kassen.rulesets.cardduel.catalogue import COSTUMES, SUIT_SYMBOLS

JA: dict[str, str] = {
    # problems (notation)
    "syntax": "書式は 名前:クラス キー=値 … です",
    "bad_name": "名前は1〜{limit}文字で、「=」「+」「:」と空白を含められません",
    "unknown_class": "クラス「{text}」は不明です(warrior または mage)",
    "unknown_key": "キー「{key}」は不明です（近いもの: {nearest}）",
    "key_not_for_class": "キー「{key}」は {cls} には使えません",
    "duplicate_key": "キー「{key}」が2回あります",
    "missing_key": "キー「{key}」がありません",
    "bad_number": "{key} の値「{text}」は整数ではありません",
    "out_of_range": "{key}={value} は範囲外です({min}〜{max})",
    "unknown_suit": "スート「{text}」は不明です(S H D C または ♠♥♦♣)",
    "duplicate_suit": "スート {suit} が重複しています",
    "too_many_suits": "{year}年生の得意スートは{allowed}種までです({count}種あります)",
    "suits_colour": "3年生の得意スート {suits} は同じ色(♠♣ か ♥♦)でなければなりません",
    "unknown_costume": "衣装「{text}」は不明です（近いもの: {known}）",
    "too_many_costumes": "衣装は{limit}着までです({count}着あります)",
    "unknown_weapon": "武器「{text}」は不明です（近いもの: {known}）",
    "bad_flag": "{key} は 0 か 1 です",
    "unmet_not_favoured": "unmet のスート {suits} は得意スートではありません",
    "side_size": "1チームは戦士1人と術士1人までです({count}人)",
    "side_lineup": "1チームは戦士1人と術士0〜1人です(戦士{warriors}人、術士{mages}人)",
    "several_mages_off": ("術士が{mages}人います。1チームに術士2人以上はルールオプション"
                          "「1チームに複数の術士」({option})が必要です"),
    "side_size_mages": "1チームは戦士1人と術士{limit}人までです({count}人)",
    "side_lineup_mages": ("1チームは戦士1人と術士0〜{limit}人です"
                          "(戦士{warriors}人、術士{mages}人)"),
    # events
    "event.battle_start": "── バトル{battle} ──",
    "event.refill": "{actor}は手札を補充({drawn}枚、手札{hand}枚)",
    "event.round_start": "ラウンド{round}(バトル{battle})",
    "event.enchant_pass": "{actor}はエンチャントをパス",
    "event.enchant_set": "{actor}は{source}からカードを伏せた",
    "event.enchant_on": "{actor}のエンチャント{card}が発動",
    "event.enchant_off": "{actor}のエンチャント{card}は{verdict}、捨て札へ",
    "event.enchant_placed": "{actor}のエンチャント{card}({verdict})",
    "event.enchant_stop": "{actor}は付与を終了",
    "event.enchant_return": "{actor}の場札{count}枚を山札に戻して切り直し",
    "event.emotion": "エモーション・イベント!{actor}の{card}({effect}、強さ{k})",
    "event.mp_gain": "{actor}のMP+{amount}(MP{mp})",
    "event.hand_draw": "{actor}は{drawn}枚引いた(手札{hand}枚)",
    "event.happening_draw": "{actor}は山札から{cards}を場に出した(発動したエンチャント)",
    "event.locked": "{actor}はこのバトルでもうエンチャントできない",
    "event.mp_loss": "{actor}のMP-{amount}(MP{mp})",
    "event.convert_forced": "{actor}は{costume}を消費してMP{mp}に回復",
    "event.convert_mp": "{actor}は{costume}をMPに変換(+{gain}、MP{mp})",
    "event.convert_hand": "{actor}は{costume}を手札に変換({drawn}枚、手札{hand}枚)",
    "event.exhausted": "{actor}は衣装もMPも尽きて消耗した",
    "event.attack_pass": "{actor}はアタックをパス",
    "event.attack_set": "{actor}はアタックを{source}から用意",
    "event.attack_reveal": "{actor}のアタック {card}({source}):{verdict}(値{value})",
    "event.clash": "同じカード {card}!ハプニング発生",
    "event.attack_fail": "{actor}はアタック失敗、HP-1(HP{hp})、以後アタックできない",
    "event.faint": "{actor}は気絶した",
    "event.advantage": "{actor}のアドバンテージ+{gain}(計{total})",
    "event.no_advantage": "アドバンテージの変化なし({adv_text})",
    "event.battle_over": "ラウンド終了:{why}",
    "event.continue": "{actor}は次のラウンドへ進む",
    "event.withdraw": "{actor}はアタック権を放棄",
    "event.damage_check": ("ラストダメージチェック:アドバンテージ {adv_text}、"
                           "ダメージ {damage_text}"),
    "event.damage": "{actor}が{target}に{amount}ダメージ(HP{hp})",
    "event.reset": "場札と捨て札を山札に戻し、全員が山札を切り直す",
    "event.surrender": "{actor}の側が降参",
    "event.match_end": "試合終了（{ended}）：{winner_name}{outcome}",
    "event.storm_start": "マナ・ストーム発生!",
    "event.storm_draw": "{actor}は失敗するまで引いた:{cards}(最大{high})",
    "event.storm_pool": "マナ・ストームの力 {pool}",
    "event.storm_tie": "最大の札が同じ({value}):もう1枚ずつ引く",
    "event.storm_card": "{actor}が{card}を引いた(力{pool})",
    "event.storm_empty": "{actor}の山札は空",
    "event.storm_victim": "マナ・ストームが{actor}を襲う",
    "event.costume_lost": "{actor}の{costume}が飛ばされた(マナ変換力{power}、残りの力{pool})",
    "event.storm_hp": "{actor}はHP-{loss}(HP{hp}、残りの力{pool})",
    "event.storm_end": "マナ・ストームは消滅した(感情の処理は演出のみ)",
}

EN: dict[str, str] = {
    "syntax": "write NAME:CLASS key=value …",
    "bad_name": "a name has 1 to {limit} characters, without '=', '+', ':' or spaces",
    "unknown_class": "unknown class '{text}' (warrior or mage)",
    "unknown_key": "unknown key '{key}' (nearest: {nearest})",
    "key_not_for_class": "key '{key}' is not for a {cls}",
    "duplicate_key": "key '{key}' given twice",
    "missing_key": "key '{key}' is missing",
    "bad_number": "{key}: '{text}' is not a whole number",
    "out_of_range": "{key}={value} is out of range ({min}..{max})",
    "unknown_suit": "unknown suit '{text}' (S H D C or ♠♥♦♣)",
    "duplicate_suit": "suit {suit} given twice",
    "too_many_suits": "a year-{year} student has at most {allowed} favoured suits ({count} given)",
    "suits_colour": "favoured suits {suits} must be of one colour (♠♣ or ♥♦)",
    "unknown_costume": "unknown costume '{text}' (nearest: {known})",
    "too_many_costumes": "at most {limit} costumes ({count} given)",
    "unknown_weapon": "unknown weapon '{text}' (nearest: {known})",
    "bad_flag": "{key} is 0 or 1",
    "unmet_not_favoured": "unmet suits {suits} are not favoured suits",
    "side_size": "a side is one warrior and at most one mage ({count} given)",
    "side_lineup": "a side is one warrior and 0 or 1 mage ({warriors} warriors, {mages} mages)",
    "several_mages_off": ("{mages} mages given: a second mage needs the rule option "
                          "'several mages per side' ({option})"),
    "side_size_mages": "a side is one warrior and at most {limit} mages ({count} given)",
    "side_lineup_mages": ("a side is one warrior and 0 to {limit} mages "
                          "({warriors} warriors, {mages} mages)"),
    "event.battle_start": "── Battle {battle} ──",
    "event.refill": "{actor} refills the hand ({drawn} cards, hand {hand})",
    "event.round_start": "Round {round} (battle {battle})",
    "event.enchant_pass": "{actor} passes the enchantment",
    "event.enchant_set": "{actor} sets a card face down from the {source}",
    "event.enchant_on": "{actor}'s enchantment {card} is activated",
    "event.enchant_off": "{actor}'s enchantment {card} is {verdict}: discarded",
    "event.enchant_placed": "{actor}'s enchant card {card} ({verdict})",
    "event.enchant_stop": "{actor} stops enchanting",
    "event.enchant_return": "{actor}'s {count} field cards go back to the deck, shuffled",
    "event.emotion": "Emotion Event! {actor}'s {card} ({effect}, intensity {k})",
    "event.mp_gain": "{actor} gains {amount} MP (MP {mp})",
    "event.hand_draw": "{actor} draws {drawn} (hand {hand})",
    "event.happening_draw": "{actor} puts {cards} from the deck on the field (activated)",
    "event.locked": "{actor} can enchant no more this battle",
    "event.mp_loss": "{actor} loses {amount} MP (MP {mp})",
    "event.convert_forced": "{actor} consumes the {costume}: MP back to {mp}",
    "event.convert_mp": "{actor} converts the {costume} into MP (+{gain}, MP {mp})",
    "event.convert_hand": "{actor} converts the {costume} into cards ({drawn}, hand {hand})",
    "event.exhausted": "{actor} has no MP and no costume left: exhausted",
    "event.attack_pass": "{actor} passes the attack",
    "event.attack_set": "{actor} prepares an attack from the {source}",
    "event.attack_reveal": "{actor} attacks with {card} ({source}): {verdict} (value {value})",
    "event.clash": "The same card {card}! A happening",
    "event.attack_fail": "{actor} fails: HP -1 (HP {hp}) and loses the attack right",
    "event.faint": "{actor} faints",
    "event.advantage": "{actor} gains {gain} advantage (total {total})",
    "event.no_advantage": "No advantage changes ({adv_text})",
    "event.battle_over": "The rounds end: {why}",
    "event.continue": "{actor} goes on to the next round",
    "event.withdraw": "{actor} gives up the attack right",
    "event.damage_check": "Last damage check: advantage {adv_text}, damage {damage_text}",
    "event.damage": "{actor} deals {amount} damage to {target} (HP {hp})",
    "event.reset": "Field and discards go back to the decks; everyone shuffles",
    "event.surrender": "{actor}'s side surrenders",
    "event.match_end": "The match ends ({ended}): {winner_name}{outcome}",
    "event.storm_start": "A Mana Storm breaks out!",
    "event.storm_draw": "{actor} draws until a failure: {cards} (highest {high})",
    "event.storm_pool": "The storm's power is {pool}",
    "event.storm_tie": "Highest cards tie ({value}): one more card each",
    "event.storm_card": "{actor} draws {card} (power {pool})",
    "event.storm_empty": "{actor}'s deck is empty",
    "event.storm_victim": "The Mana Storm falls on {actor}",
    "event.costume_lost": "{actor}'s {costume} is blown away (power {power}, {pool} left)",
    "event.storm_hp": "{actor} loses {loss} HP (HP {hp}, {pool} left)",
    "event.storm_end": "The Mana Storm dies away (emotions: narrative only)",
}

WORDS: dict[str, dict[str, str]] = {
    "ja": {"hand": "手札", "deck": "山札", "field": "場のエンチャント", "valid": "有効",
           "invalid": "無効", "duplicate": "同じ数(ハプニング)", "narrative": "演出のみ",
           "elation": "高揚", "vanity": "見栄", "rivalry": "対抗心", "agitation": "動揺",
           "round_cap": "ラウンド上限", "rights": "アタック権の喪失", "storm": "マナ・ストーム",
           "withdrawal": "放棄", "stall": "全員パス", "knockout": "気絶",
           "battles": "バトル回数", "cap": "バトル上限", "surrender": "降参",
           "damage": "与えたダメージ", "draw": "引き分け", "wins": "の勝ち"},
    "en": {"hand": "hand", "deck": "deck", "field": "field enchantment", "valid": "valid",
           "invalid": "invalid", "duplicate": "a duplicate rank (happening)",
           "narrative": "narrative only", "elation": "elation", "vanity": "vanity",
           "rivalry": "rivalry", "agitation": "agitation", "round_cap": "round cap",
           "rights": "attack rights lost", "storm": "Mana Storm", "withdrawal": "withdrawal",
           "stall": "everyone passed", "knockout": "knockout", "battles": "battle count",
           "cap": "battle cap", "surrender": "surrender", "damage": "damage dealt",
           "draw": "a draw", "wins": " wins"},
}

STEP_NAMES: dict[str, tuple[str, str]] = {
    "start": ("バトル開始", "battle start"),
    "B1": ("B1 エンチャントセットアップ", "B1 enchant setup"),
    "B1.round_start": ("B1 ラウンド開始", "B1 round start"),
    "B2": ("B2 エンチャントチェック", "B2 enchant check"),
    "B3": ("B3 エンチャントダメージ", "B3 enchant damage"),
    "B4": ("B4 攻撃", "B4 attack setup"), "B5": ("B5 アタックチェック", "B5 attack check"),
    "B6": ("B6 アタックダメージ", "B6 attack damage"), "B7": ("B7 アドバンテージ", "B7 advantage"),
    "B8": ("B8 ネクストラウンド", "B8 next round"), "B9": ("B9 ラストダメージ", "B9 last damage"),
    "B9.reset": ("B9 片付け", "B9 clean-up"), "end": ("決着", "match over"),
    "A1": ("A1 交戦前エンチャント", "A1 pre-engagement enchant"),
    "A1.round_start": ("A1 交戦開始", "A1 engagement start"), "A2": ("A2 交戦", "A2 engagement"),
    "A3": ("A3 続行判定", "A3 continue?"), "A4": ("A4 ダメージ処理", "A4 damage"),
    "A5": ("A5 リセット", "A5 reset"), "storm": ("マナ・ストーム", "Mana Storm"),
}
"""The step list's name of each step of §5 (B1–B9)."""

SUM_WORDS: dict[str, tuple[str, str]] = {
    # the numbers explained (each heads its breakdown)
    "value": ("カードの値", "card value"),
    "gain": ("得たアドバンテージ", "advantage gained"),
    "total": ("アドバンテージ合計", "advantage total"),
    "amount": ("ダメージ", "damage"),
    "hp": ("耐久力(HP)", "HP"),
    # their terms
    "card_value": ("カードの数", "printed value"),
    "favoured_suit": ("得意スート +2", "favoured suit +2"),
    "valid_threshold": ("有効:数が発現値以下", "valid: value at most the threshold"),
    "valid_suit": ("有効:得意スート(発現値は超える)", "valid: favoured suit (above the threshold)"),
    "invalid": ("無効:発現値を超え、得意スートでもない",
                "invalid: above the threshold and not a favoured suit"),
    "higher_card": ("相手より大きい値 +1", "higher card +1"),
    "against_failed_attack": ("相手のアタック失敗 +2", "against a failed attack +2"),
    "lone_attacker": ("ひとりだけアタック +1", "lone attacker +1"),
    "own_value": ("自分の値", "own value"),
    "other_value": ("相手の値", "opponent's value"),
    "advantage_before": ("それまでのアドバンテージ", "advantage before"),
    "rivalry": ("エモーション(対抗心)", "Emotion Event (rivalry)"),
    "advantage_ahead": ("勝っている側:自分のアドバンテージ", "ahead: own advantage"),
    "advantage_tied": ("同点:自分のアドバンテージ", "tied: own advantage"),
    "advantage_behind": ("負けている側:自分のアドバンテージ", "behind: own advantage"),
    "halved_behind": ("負けている側は半分(切り捨て)", "behind: halved, rounded down"),
    "hp_before": ("それまでのHP", "HP before"),
    "failed_attack": ("アタック失敗", "failed attack"),
    "damage": ("ダメージ", "damage"),
    "hp_floor": ("HPは0未満にならない", "HP stops at 0"),
    # MP (§2.4, §5.3, §12.2)
    "mp": ("魔素力(MP)", "MP"),
    "mp_before": ("それまでのMP", "MP before"),
    "costume_mp": ("衣装の変換魔素量", "the costume's MP"),
    "elation": ("エモーション(高揚)", "Emotion Event (elation)"),
    "agitation": ("エモーション(動揺)", "Emotion Event (agitation)"),
    "invalid_enchant": ("無効なエンチャント", "invalid enchantment"),
    "mp_floor": ("MPは0未満にならない", "MP stops at 0"),
    "above_max_mp": ("上限魔素力を超えてよい(上限)", "may exceed MaxMP (MaxMP)"),
    # the Mana Storm (§6.2)
    "pool": ("マナ・ストームの力", "storm power"),
    "loss": ("ストームで失うHP", "HP lost to the storm"),
    "member_draws": ("ひとりが引いた札の数", "cards one member drew"),
    "other_field_cards": ("ほかの場札", "other field cards"),
    "pool_before": ("それまでの力", "power before"),
    "counted_draw": ("引いた札(力に加える)", "card drawn (counts)"),
    "uncounted_draw": ("引いた札(力に加えない)", "card drawn (does not count)"),
    "costume_power": ("失った衣装のマナ変換力", "lost costume's mana power"),
    "storm_strike": ("ストームの一撃", "storm strike"),
    "storm_pool": ("残りの力まで", "at most the power left"),
    "one_hp_per_strike": ("一撃につきHP1", "one HP per strike"),
    "pool_floor": ("力は0未満にならない", "power stops at 0"),
}
"""The words of every number the events explain and of its terms (``sum.<label>``,
``kassen.core.sums``)."""

SUMS = {lang: {f"sum.{k}": v[i] for k, v in SUM_WORDS.items()}
        for i, lang in enumerate(("ja", "en"))}

PAGE = label_keys(STEP_NAMES, {k: (WORDS["ja"][k], WORDS["en"][k]) for k in WORDS["ja"]
                               if k in WORDS["en"]})

CATALOGUE = {"ja": {**JA, **PAGE["ja"], **SUMS["ja"]}, "en": {**EN, **PAGE["en"], **SUMS["en"]}}
"""Registered by the registry as namespace ``cardduel`` (``Ruleset.text``)."""


def pretty(card: str) -> str:
    """``"S10"`` → ``"♠10"``."""
    return SUIT_SYMBOLS.get(card[0], "?") + (card[1:] if card[0] != "X" else "")


def render_values(values: dict[str, Any], lang: str) -> dict[str, Any]:
    """Event values as the templates want them: suit symbols, localized words."""
    words = WORDS["ja" if lang == "ja" else "en"]
    out = dict(values)
    if "card" in values:
        out["card"] = pretty(values["card"])
    if "cards" in values:
        out["cards"] = " ".join(pretty(c) for c in values["cards"]) or "-"
    if "costume" in values and values["costume"] in COSTUMES:
        c = COSTUMES[values["costume"]]
        out["costume"] = c.name_ja if lang == "ja" else f"{c.name_en} ({c.name_ja})"
    for key in ("source", "effect", "why"):
        if key in values:
            out[key] = words.get(str(values[key]), values[key])
    if "valid" in values:
        out["verdict"] = words["duplicate"] if values.get("duplicate") else (
            words["valid"] if values["valid"] else words["invalid"])
    for key in ("adv", "damage"):
        if isinstance(values.get(key), list):
            out[key + "_text"] = " : ".join(str(v) for v in values[key])
    if "ended_by" in values:
        out["ended"] = words.get(values["ended_by"], values["ended_by"])
        winner = values.get("winner")
        reason = values.get("reason", "")
        out["outcome"] = (words["draw"] if winner is None else words["wins"]) + (
            f" ({words.get(reason, reason)})" if reason and reason != values["ended_by"] else "")
    return out
