"""Rule options of マーガレット2011α: every [inferred] reading that changes outcomes (§0, §18, §21).

The recommended default comes first in each choice list. ``mp_costs`` (Q2) is a text-valued
option (``拡散剣=2,鏡の剣=1``): the core knows choice/int/bool only, so :class:`TextOption`
extends :class:`OptionSpec` here with its own parser and canonical form.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from kassen.core.options import Choice, OptionSpec, read
from kassen.rulesets.marguerite.catalogue import BY_CODE, BY_NAME, SWORDS

MAX_MP_COST = 99
MP_PRESETS = ("", "鏡の剣=1,拡散剣=1")  # canonical (catalogue) order: links give it back as is


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
    OptionSpec("untagged_start", "1", "起動タグのない剣の起動ターン (§18.9)",
               "activation turn of untagged swords (§18.9)", "R4.2", choices=(
                   _c("1", "1ターン目から (高速剣だけが第0ターンに使える)",
                      "from turn 1 (only 高速 swords work in turn 0)"),
                   _c("0", "0ターン目から (高速と同じ)", "from turn 0 (like 高速)"))),
    OptionSpec("overkill_value", "exit", "オーバーキルダメージの値 (§18.13)",
               "overkill damage value (§18.13)", "R9.5", choices=(
                   _c("exit", "退場時の −HP (死亡後に受けたダメージも含む)",
                      "−HP at exit (damage after death included)"),
                   _c("death", "死亡した瞬間の −HP", "−HP at the moment of death"))),
    OptionSpec("turn0_dead", "act", "第0ターン中にHP 0以下の剣師 (§18.14)",
               "剣師 at HP ≤ 0 during turn 0 (§18.14)", "R6.1", choices=(
                   _c("act", "死んでいないので普通に行動する", "not dead yet: acts normally"),
                   _c("skip", "行動はすべてスキップ (対象にはなる)",
                      "its actions are skips (still a target)"))),
    OptionSpec("reflected_rider", "executor", "反射された吸血剣・強盗剣の「自分」 (§18.17)",
               "「自分」 of a reflected 吸血剣/強盗剣 (§18.17)", "R8.5", choices=(
                   _c("executor", "実行者のまま", "stays the executor"),
                   _c("reflector", "最後に反射した剣師 (反射元)",
                      "the last reflector (反射元)"))),
    OptionSpec("miscarriage", "spent", "流産で失敗したビルドの構築剣 (§18.18)",
               "構築 sword of a build failed by 流産 (§18.18)", "R14.7", choices=(
                   _c("spent", "消費される (リミで消滅)", "is spent (vanishes, リミ)"),
                   _c("kept", "元の位置に未使用で残る", "stays, unused, where it was"))),
    OptionSpec("build_order", "front", "複数ビルドの並び (§18.20)",
               "order of several builds (§18.20)", "R14.1", choices=(
                   _c("front", "新しい剣師が最前列", "the newest stands at the very front"),
                   _c("behind", "先にビルドされた剣師の後ろ (ビルドした剣師の直前)",
                      "behind earlier builds, just in front of the builder"))),
    OptionSpec("revival", "one", "1回の死亡で使う蘇生 (§21 D2)", "蘇生 per death (§21 D2)",
               "§11 蘇生", choices=(
                   _c("one", "1つだけ (ソウルで生き返れなくてもライフは使わない)",
                      "one only (a failed ソウル does not use ライフ)"),
                   _c("fallthrough", "ソウルでHPが1以上にならなければライフも発動",
                      "a ソウル that leaves HP ≤ 0 falls through to ライフ"))),
    OptionSpec("executing_sword", "frozen", "実行中の剣の参照 (§21 D7)",
               "the executing sword (§21 D7)", "R8.1", choices=(
                   _c("frozen", "コスト支払い時に確定 (破壊されても効果あり)",
                      "fixed at payment (works even if destroyed)"),
                   _c("live", "効果処理時に参照 (破壊されていれば効果なし)",
                      "read at effect time (no effect if destroyed)"))),
)

_DEFAULTS: dict[str, Any] = {o.key: o.default for o in OPTIONS}


@dataclass(frozen=True)
class Readings:
    """The options of one battle, read once (``kassen.core.options.read``) into named fields
    (each field is the option key it reads); the properties are the alternative readings
    the rule code asks about, named for what they mean."""

    reset: str
    status_phase: str
    negative: str
    overkill: str
    turn0: str
    budget: int
    hp_step: str
    simultaneous: str
    half_hp: str
    mp_costs: str
    no_next: str
    reserve: str
    stun_sword: str
    steal: str
    untagged_start: str
    overkill_value: str
    turn0_dead: str
    reflected_rider: str
    miscarriage: str
    build_order: str
    revival: str
    executing_sword: str

    @property
    def status_end(self) -> bool:
        """状態効果フェイズ after the action phase (Q3)."""
        return self.status_phase == "end"

    @property
    def heal_negative(self) -> bool:
        """Negative damage heals (Q4)."""
        return self.negative == "heal"

    @property
    def overkill_more(self) -> bool:
        """More overkill wins (Q5)."""
        return self.overkill == "more"

    @property
    def turn0_fast(self) -> bool:
        """Turn-0 AP = the number of active swords (Q6)."""
        return self.turn0 == "fast_once"

    @property
    def interleave(self) -> bool:
        """超同時 attacks one hit at a time (Q8)."""
        return self.simultaneous == "interleave"

    @property
    def half_ceil(self) -> bool:
        """HP ≤ ceil(maxHP / 2) is half (R4.3)."""
        return self.half_hp == "ceil"

    @property
    def no_next_blocked(self) -> bool:
        """A control sword with no next sword is not executable (R4.6)."""
        return self.no_next == "blocked"

    @property
    def reserve_always(self) -> bool:
        """予備AP acts even without an executable sword (R7.1)."""
        return self.reserve == "always"

    @property
    def stun_marks(self) -> bool:
        """The sword passed over by スタン becomes used (R8.1)."""
        return self.stun_sword == "used"

    @property
    def steal_keep(self) -> bool:
        """A stolen sword keeps its used flag (§12.3 強盗剣)."""
        return self.steal == "keep"

    @property
    def overkill_at_death(self) -> bool:
        """Overkill is −HP at the moment of death (§18.13)."""
        return self.overkill_value == "death"

    @property
    def turn0_dead_skip(self) -> bool:
        """In turn 0 a 剣師 at HP ≤ 0 only skips (§18.14)."""
        return self.turn0_dead == "skip"

    @property
    def rider_reflector(self) -> bool:
        """「自分」 of a reflected rider is the last reflector (§18.17)."""
        return self.reflected_rider == "reflector"

    @property
    def miscarriage_kept(self) -> bool:
        """A 構築 sword failed by 流産 stays (§18.18)."""
        return self.miscarriage == "kept"

    @property
    def build_behind(self) -> bool:
        """A new build stands just in front of its builder (§18.20)."""
        return self.build_order == "behind"

    @property
    def revival_fallthrough(self) -> bool:
        """A failed ソウル falls through to ライフ (§21 D2)."""
        return self.revival == "fallthrough"

    @property
    def live_sword(self) -> bool:
        """The executing sword is read at effect time (§21 D7)."""
        return self.executing_sword == "live"


_LAST: list[Any] = [None, None]
"""The options of the last call (a copy) and their readings: a bench or a tournament plays
battle after battle under the same options, and comparing two dicts costs a fraction of
the core's key for its shared readings (a tuple of every item, hashed)."""


def readings(options: dict[str, Any]) -> Readings:
    """A battle's readings; options a caller left out take their defaults."""
    last = _LAST
    if options == last[0]:
        return last[1]  # type: ignore[no-any-return]
    found = read(Readings, {**_DEFAULTS, **options} if len(options) < len(_DEFAULTS)
                 else options)
    last[0] = dict(options)
    last[1] = found
    return found
