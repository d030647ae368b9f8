"""Words for a person's decisions in a terminal (``kassen.cli.prompt``): what each request
asks and what each legal answer does, the same words as the page's decision panel
(``static/js/rulesets/cardduel/decide.js`` and ``words.js``)."""

from __future__ import annotations

from typing import Any

from kassen.core.decisions import Request

SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_VALUE = {"A": 1, "J": 11, "Q": 12, "K": 13}

WORDS = {
    "ja": {
        "optHand": "手札の{card}", "optDeck": "山札の一番上(見ずに伏せる)",
        "optField": "場のエンチャント{card}", "optPass": "パス", "okHint": "有効・値{v}",
        "badHint": "無効", "convertMp": "{c}をMPに変換(+{n})",
        "convertHand": "{c}を手札に変換(+{n}枚)",
        "noConvert": "変換しない", "consume": "{c}を消費(MP{n}に回復)", "loseCostume": "{c}を失う",
        "continueRound": "次のラウンドへ進む", "withdraw": "アタック権を放棄する",
        "moreEnchant": "もう1枚エンチャントする", "stopEnchant": "エンチャントを終える",
        "fightOn": "戦い続ける", "surrender": "降参する",
        "qW1": "{who}:アタックに使うカードを選ぶ", "qW2": "{who}:次のラウンドへ進むか",
        "qW3": "{who}:戦い続けるか降参するか", "qM0": "{who}:衣装を変換するか(エンチャントの前に)",
        "qM1": "{who}:エンチャントのカードを選ぶ", "qM2": "{who}:エンチャントを続けるか",
        "qM3": "{who}:MPが0、消費する衣装を選ぶ", "qS1": "{who}:マナ・ストームで失う衣装を選ぶ",
        "qOther": "{who}:{kind}", "sideN": "サイド{n}",
    },
    "en": {
        "optHand": "{card} from hand", "optDeck": "top of deck (blind)",
        "optField": "enchantment {card} on the field", "optPass": "pass",
        "okHint": "valid, value {v}", "badHint": "invalid",
        "convertMp": "convert {c} into MP (+{n})",
        "convertHand": "convert {c} into cards (+{n})", "noConvert": "no conversion",
        "consume": "consume {c} (MP back to {n})", "loseCostume": "lose the {c}",
        "continueRound": "go on to the next round", "withdraw": "give up the attack right",
        "moreEnchant": "play another enchant card", "stopEnchant": "stop enchanting",
        "fightOn": "fight on", "surrender": "surrender",
        "qW1": "{who}: choose the attack card", "qW2": "{who}: go on to the next round?",
        "qW3": "{who}: fight on or surrender?",
        "qM0": "{who}: convert a costume before enchanting?",
        "qM1": "{who}: choose the enchant card", "qM2": "{who}: keep enchanting?",
        "qM3": "{who}: MP is 0, choose a costume to consume",
        "qS1": "{who}: choose the costume the Mana Storm takes",
        "qOther": "{who}: {kind}", "sideN": "side {n}",
    },
}


def _word(lang: str, key: str, **values: Any) -> str:
    return WORDS["ja" if lang == "ja" else "en"][key].format(**values)


def _joker(code: str) -> bool:
    return code.startswith("X")


def _value(code: str) -> int:
    rank = code[1:]
    return 0 if _joker(code) else RANK_VALUE.get(rank) or int(rank)


def card_text(code: str) -> str:
    """``H10`` → ``♥10``, ``X1`` → ``Joker``."""
    return "Joker" if _joker(code) else f"{SUIT.get(code[0], '?')}{code[1:]}"


def _is_card(text: str) -> bool:
    rank = text[1:]
    return (text[:1] in SUIT and rank in ("A", "J", "Q", "K", *map(str, range(2, 11)))) or (
        text[:1] == "X" and rank.isdigit())


def _hint(lang: str, code: str, ctx: dict[str, Any]) -> str:
    """§4.1/§4.2 as the page's label hints it: valid (and the value) or invalid."""
    threshold, fav = ctx.get("threshold"), list(ctx.get("fav") or ())
    if not isinstance(threshold, int):
        return ""
    valid = _joker(code) or _value(code) <= threshold or code[0] in fav
    bonus = 2 if not _joker(code) and code[0] in fav else 0
    text = _word(lang, "okHint", v=_value(code) + bonus) if valid else _word(lang, "badHint")
    return f" ({text})" if lang == "en" else f"({text})"


def _costume(glossary: dict[str, Any], key: str, lang: str) -> tuple[str, Any, Any]:
    ja, en = glossary.get("costume", {}).get(key, [key, key])
    mp, cards = glossary.get("costume_power", {}).get(key, ["?", "?"])
    return (ja if lang == "ja" else en), mp, cards


def label(option: Any, request: Request, names: dict[str, str], glossary: dict[str, Any],
          lang: str) -> str:
    """What choosing ``option`` does, in words."""
    kind, ctx, o = request.kind, request.context, str(option)
    if kind in ("W1", "M1"):
        if o == "pass":
            return _word(lang, "optPass")
        if o == "deck":
            return _word(lang, "optDeck")
        if o.startswith("field:"):
            code = o[6:]
            return _word(lang, "optField", card=card_text(code)) + _hint(lang, code, ctx)
        if _is_card(o):
            return _word(lang, "optHand", card=card_text(o)) + _hint(lang, o, ctx)
    simple = {"W2": ("withdraw", "withdraw", "continueRound"),
              "M2": ("stop", "stopEnchant", "moreEnchant"),
              "W3": ("surrender", "surrender", "fightOn")}
    if kind in simple:
        value, yes, other = simple[kind]
        return _word(lang, yes if o == value else other)
    if kind == "M0":
        if o == "pass":
            return _word(lang, "noConvert")
        costume, _, into = o.partition(":")
        name, mp, cards = _costume(glossary, costume, lang)
        return _word(lang, "convertHand" if into == "hand" else "convertMp", c=name,
                     n=cards if into == "hand" else mp)
    if kind == "M3":
        name, mp, _ = _costume(glossary, o, lang)
        return _word(lang, "consume", c=name, n=mp)
    if kind == "S1":
        return _word(lang, "loseCostume", c=_costume(glossary, o, lang)[0])
    return _word(lang, "optPass") if o == "pass" else o


def question(request: Request, names: dict[str, str], glossary: dict[str, Any],
             lang: str) -> str:
    """What ``request`` asks, e.g. ``ユウ: choose the attack card``."""
    member = request.context.get("member")
    side = _word(lang, "sideN", n=request.side + 1)
    who = names.get(member, f"{side} {member}") if member else side
    key = f"q{request.kind}"
    if key in WORDS["en"]:
        return _word(lang, key, who=who)
    return _word(lang, "qOther", who=who, kind=request.kind)
