"""Words for a person's decisions in a terminal (``kassen.cli.prompt``): what each request
asks and what each legal answer does, the same words as the page's decision panel
(``optionLabel`` / ``decisionTitle`` of ``static/js/rulesets/skirmish/view.js``)."""

from __future__ import annotations

from typing import Any

from kassen.core.decisions import Request


def _name(glossary: dict[str, Any], group: str, key: str, lang: str) -> str:
    pair = glossary.get(group, {}).get(key)
    if not pair:
        return key
    return pair[0] if lang == "ja" else f"{pair[1]} ({pair[0]})"


def label(option: Any, request: Request, names: dict[str, str], glossary: dict[str, Any],
          lang: str) -> str:
    """What choosing ``option`` does, in words."""
    ja = lang == "ja"
    c = request.context

    def who(ident: Any) -> str:
        return names.get(str(ident), str(ident))

    s = str(option)
    p = s.split(":")
    kind = request.kind
    if kind in ("cover", "guard", "obstruct"):
        yes = s == "yes"
        if kind == "cover":
            if ja:
                return (f"{who(c.get('unit'))}が{who(c.get('protect'))}をかばう" if yes
                        else "かばわない")
            return (f"{who(c.get('unit'))} covers {who(c.get('protect'))} (かばう)" if yes
                    else "do not cover")
        if kind == "guard":
            if ja:
                return f"{who(c.get('unit'))}が《ガード》を使う" if yes else "ガードしない"
            return f"{who(c.get('unit'))} uses 《Guard》" if yes else "no Guard"
        if ja:
            return (f"{who(c.get('unit'))}が{who(c.get('mover'))}の移動を妨害" if yes
                    else "妨害しない")
        return f"{who(c.get('unit'))} obstructs {who(c.get('mover'))}" if yes else "do not obstruct"
    if kind == "representative":
        return who(s)
    if kind == "pick":
        return ("対象の選択を終える" if ja else "done choosing") if s == "done" else f"→ {who(s)}"
    head = p[0]
    if head == "none":
        return "何もしない" if ja else "do nothing"
    if head == "move":
        return f"エリア{p[1]}へ移動" if ja else f"move to area {p[1]}"
    if head == "escape":
        return "戦場から離脱" if ja else "escape the battle"
    if head == "attack":
        return f"{_name(glossary, 'ability', 'attack', lang)} → {who(p[1])}"
    if head == "wake":
        return f"{who(p[1])}を起こす" if ja else f"wake {who(p[1])}"
    if head == "item" and len(p) > 2:
        return f"{_name(glossary, 'item', p[1], lang)} → {who(p[2])}"
    if head == "skill" and len(p) > 1:
        ability = f"《{_name(glossary, 'ability', p[1], lang)}》"
        if len(p) == 2:
            return f"{ability} {'（対象を選ぶ）' if ja else '(choose targets)'}"
        if p[2] == "area" and len(p) > 3:
            return f"{ability} {f'エリア{p[3]}' if ja else f'area {p[3]}'}"
        if p[2] == "dir" and len(p) > 3:
            return f"{ability} {f'エリア{p[3]}の方向' if ja else f'towards area {p[3]}'}"
        return f"{ability} → {who(p[2])}"
    return s


def question(request: Request, names: dict[str, str], glossary: dict[str, Any],
             lang: str) -> str:
    """What ``request`` asks, e.g. ``リーネ: main step (MS)``."""
    ja = lang == "ja"
    c = request.context

    def who(key: str) -> str:
        ident = c.get(key)
        return names.get(str(ident), str(ident)) if ident is not None else ""

    kind = request.kind
    if kind == "rs":
        return f"{who('actor')}のレディステップ（RS）" if ja else f"{who('actor')}: ready step (RS)"
    if kind == "ms":
        return f"{who('actor')}のメインステップ（MS）" if ja else f"{who('actor')}: main step (MS)"
    if kind == "cover":
        return (f"{who('user')}の攻撃：{who('unit')}は{who('protect')}をかばう？" if ja
                else f"{who('user')} attacks: does {who('unit')} cover {who('protect')}?")
    if kind == "guard":
        return (f"{who('user')}の攻撃：{who('unit')}は《ガード》する？" if ja
                else f"{who('user')} attacks: does {who('unit')} use 《Guard》?")
    if kind == "obstruct":
        return (f"{who('mover')}が移動：{who('unit')}は妨害する？" if ja
                else f"{who('mover')} moves: does {who('unit')} obstruct?")
    if kind == "pick":
        ability = str(c.get("ability", ""))
        if ja:
            return f"{who('actor')}の《{_name(glossary, 'ability', ability, 'ja')}》の対象"
        return f"targets of {who('actor')}'s 《{_name(glossary, 'ability', ability, 'en')}》"
    if kind == "representative":
        return "離脱判定の代表者" if ja else "representative for the disengage check"
    return kind
