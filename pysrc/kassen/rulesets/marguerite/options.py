"""Rule options of マーガレット2011α: every [inferred] reading that changes outcomes (§0, §18, §21).

The recommended default comes first in each choice list. ``mp_costs`` (Q2) is a text-valued
option (``拡散剣=2,鏡の剣=1``): the core knows choice/int/bool only, so :class:`TextOption`
extends :class:`OptionSpec` here with its own parser and canonical form.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from kassen.core.options import Choice, OptionSpec
from kassen.rulesets.marguerite.catalogue import BY_CODE, BY_NAME, SWORDS

MAX_MP_COST = 99
MP_PRESETS = ("", "拡散剣=1,鏡の剣=1")


def parse_mp_costs(text: str) -> tuple[int, ...]:
    """Per-sword MP costs (indexed like SWORDS) from ``名前=N,…``; raise ValueError when bad."""
    costs = [0] * len(SWORDS)
    norm = unicodedata.normalize("NFKC", text or "")
    for sep in ("、", "，", ";", " ", "\u3000"):
        norm = norm.replace(sep, ",")
    for item in norm.split(","):
        if not item:
            continue
        name, eq, num = item.replace(":", "=").partition("=")
        sword = BY_NAME.get(name) or BY_CODE.get(name)
        if not eq or sword is None or not num.isdigit() or int(num) > MAX_MP_COST:
            raise ValueError(item)
        costs[sword.index] = int(num)
    return tuple(costs)


def canonical_mp_costs(costs: tuple[int, ...]) -> str:
    """The canonical text of an MP cost table (catalogue order, full names, zeros left out)."""
    return ",".join(f"{SWORDS[i].ja}={c}" for i, c in enumerate(costs) if c)


@dataclass(frozen=True)
class TextOption(OptionSpec):
    """A text-valued option (kind ``text``); the value is kept in canonical form."""

    def allowed(self) -> str:
        """What the value looks like (for messages)."""
        return "剣名=MP,剣名=MP… (e.g. 拡散剣=2,鏡の剣=1)"

    def coerce(self, value: Any) -> Any:
        """The canonical text, or raise ValueError."""
        if not isinstance(value, str) or len(value) > 600:
            raise ValueError(value)
        return canonical_mp_costs(parse_mp_costs(value))


def _c(value: str, ja: str, en: str) -> Choice:
    return Choice(value, ja, en)


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("reset", "turn", "剣の未使用化 (Q1)", "sword reset (Q1)", "R6.3", choices=(
        _c("turn", "毎ターン開始時に全剣を未使用化", "all swords unused at every turn start"),
        _c("cycle", "実行可能な剣が尽きたら一巡して未使用化", "cycle: re-arm when none is left"),
        _c("keep0", "毎ターン開始時 (ただし第0ターンの使用はターン1に持ち越し)",
           "every turn start, but turn-0 use stays in turn 1"),
    )),
    OptionSpec("status_phase", "start", "状態効果フェイズの位置 (Q3)", "status phase (Q3)",
               "R6.2", choices=(
                   _c("start", "行動回数決定の直後 (ターン開始時)", "after AP, at turn start"),
                   _c("end", "行動フェイズの後 (ターン終了時)", "after the action phase"),
               )),
    OptionSpec("negative", "clamp", "マイナスダメージ (Q4)", "negative damage (Q4)", "R8.5",
               choices=(_c("clamp", "0として扱う", "counts as 0"),
                        _c("heal", "回復する (最大HPまで)", "heals (up to max HP)"))),
    OptionSpec("overkill", "less", "オーバーキルジャッジの向き (Q5)", "overkill judge (Q5)",
               "R10.2", choices=(_c("less", "オーバーキルの少ない側の勝ち", "less overkill wins"),
                                 _c("more", "オーバーキルの多い側の勝ち", "more overkill wins"))),
    OptionSpec("turn0", "speed", "第0ターンの行動 (Q6)", "turn-0 actions (Q6)", "R6.1",
               choices=(_c("speed", "AP＝素早さ", "AP = speed"),
                        _c("fast_once", "起動済みの剣を1回ずつ (AP＝その本数)",
                           "each active sword once (AP = their number)"))),
    OptionSpec("budget", 10, "途心 (ポイント上限, 0=自由) (Q7)",
               "point budget (0 = free) (Q7)", "R3.1", kind="int", minimum=0, maximum=200),
    OptionSpec("hp_step", "5", "HPの刻み (Q7)", "HP steps (Q7)", "R3.1",
               choices=(_c("5", "5刻み (5で1点)", "steps of 5 (1 point per 5)"),
                        _c("1", "自由 (5につき1点, 切り上げ)",
                           "any value (1 point per 5, rounded up)"))),
    OptionSpec("simultaneous", "two_phase", "超同時行動 (Q8)", "exactly simultaneous (Q8)",
               "R8.6", choices=(
                   _c("two_phase", "同時前の値で全て計算してから適用", "compute all, then apply"),
                   _c("interleave", "パーティ順に1撃ずつ", "one hit at a time, party order"))),
    OptionSpec("half_hp", "exact", "「HP半分以下」の比較", "half-HP comparison", "R4.3",
               choices=(_c("exact", "2×HP ≦ 最大HP (切り捨て)", "2×HP ≤ max HP (floor)"),
                        _c("ceil", "HP ≦ 最大HP÷2 切り上げ", "HP ≤ ceil(max HP / 2)"))),
    TextOption("mp_costs", "", "MPコスト表 (Q2)", "MP cost table (Q2)", "R4.9", kind="text",
               help_ja="例: 拡散剣=2,鏡の剣=1 (既定は空＝コストなし)",
               help_en="e.g. 拡散剣=2,鏡の剣=1 (default empty = no costs)",
               extra={"presets": list(MP_PRESETS)}),
    OptionSpec("no_next", "executable", "次の剣が無い制御剣・増殖剣", "control sword with no next",
               "R4.6", choices=(_c("executable", "実行可能 (効果なし)", "executable, no effect"),
                                _c("blocked", "実行不可", "not executable"))),
    OptionSpec("reserve", "needs_sword", "予備APで行動できる条件", "when reserve AP acts",
               "R7.1", choices=(
                   _c("needs_sword", "実行可能な剣かスタンがある時だけ",
                      "only with an executable sword or スタン"),
                   _c("always", "AP 0 なら常に (剣が無ければスキップ)",
                      "always when AP is 0 (a skip without a sword)"))),
    OptionSpec("stun_sword", "unused", "スタンで見送った剣", "sword passed over by スタン",
               "R8.1", choices=(_c("unused", "未使用のまま", "stays unused"),
                                _c("used", "使用済みになる", "becomes used"))),
    OptionSpec("steal", "unused", "強盗剣で移った剣", "sword moved by 強盗剣", "§12.3 強盗剣",
               choices=(_c("unused", "未使用になる", "becomes unused"),
                        _c("keep", "使用状態を保つ", "keeps its used flag"))),
)
