"""Battle state of マーガレット2011α: plain, deep-copyable objects with __slots__ (§2).

A :class:`Build` is what a build text describes (an entrant). A :class:`Fencer` (剣師) and its
:class:`Sword` instances change during battle; :class:`State` holds everything mutable, so a
snapshot is one ``copy.deepcopy``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kassen.rulesets.marguerite.catalogue import SWORDS

STATUS_KEYS = ("stun", "sleep", "venom", "poison", "miscarriage", "reflect", "guard", "soul",
               "life", "push", "quick", "slow", "taunt")
"""The slots of :attr:`Fencer.st` (a count per status, §11), in the order of the rows of the
status catalogue (which checks it): the hot paths test ``f.st[STUN]``, an integer slot."""
STUN, SLEEP, VENOM, POISON, MISCARRY, REFLECT, GUARD, SOUL, LIFE, PUSH, QUICK, SLOW, TAUNT = (
    range(13))
STATUS_COUNT = len(STATUS_KEYS)


@dataclass(frozen=True)
class Build:
    """One entrant as written: name, HP/攻/防/速 and swords (catalogue indexes, in order)."""

    name: str
    hp: int
    atk: int
    def_: int
    spd: int
    swords: tuple[int, ...]


class Sword:
    """A sword instance (剣) in a 剣師's list: its catalogue row, used flag and enchantments."""

    __slots__ = ("danger", "gone", "limited", "poison", "shift", "sid", "stun", "used", "whole")

    def __init__(self, sid: int) -> None:
        self.sid = sid            # catalogue index (SWORDS)
        self.used = False         # 使用済み
        self.gone = False         # destroyed or vanished (リミ): no longer in any list
        self.shift = 0            # net ＜遅滞起動＞ − ＜早期起動＞ (D19)
        self.stun = 0             # ＜スタン与え＞ stacks
        self.poison = 0           # ＜毒与え＞ stacks
        self.whole = False        # ＜全体化＞
        self.limited = False      # ＜リミテッド＞
        self.danger = False       # ＜危殆起動＞

    def copy(self) -> Sword:
        """A copy with the same enchantments, 未使用 (R15.5, §13)."""
        s = Sword(self.sid)
        s.shift = self.shift
        s.stun = self.stun
        s.poison = self.poison
        s.whole = self.whole
        s.limited = self.limited
        s.danger = self.danger
        return s

    def become(self, other: Sword) -> None:
        """Turn into the same sword as ``other``, keeping the used flag (R15.4, 共鳴剣)."""
        self.sid = other.sid
        self.shift = other.shift
        self.stun = other.stun
        self.poison = other.poison
        self.whole = other.whole
        self.limited = other.limited
        self.danger = other.danger

    def enchants(self) -> dict[str, int]:
        """The enchantments as a small dict (for the view)."""
        out: dict[str, int] = {}
        if self.stun:
            out["stun"] = self.stun
        if self.poison:
            out["poison"] = self.poison
        if self.whole:
            out["whole"] = 1
        if self.limited:
            out["limited"] = 1
        if self.shift < 0:
            out["early"] = -self.shift
        if self.shift > 0:
            out["late"] = self.shift
        if self.danger:
            out["danger"] = 1
        return out

    def is_limited(self) -> bool:
        """Whether executing it makes it vanish (<リミ> or ＜リミテッド＞, R4.4)."""
        return self.limited or SWORDS[self.sid].limited


_new = object.__new__


def unused_swords(sids: Iterable[int]) -> list[Sword]:
    """``[Sword(sid) for sid in sids]``: a 剣師's list at its entry, made without a call per
    sword (a battle's set-up makes a few per 剣師). The values are :meth:`Sword.__init__`'s
    (a test checks they agree)."""
    out: list[Sword] = []
    append = out.append
    for sid in sids:
        s = _new(Sword)
        s.sid = sid
        s.used = False
        s.gone = False
        s.shift = 0
        s.stun = 0
        s.poison = 0
        s.whole = False
        s.limited = False
        s.danger = False
        append(s)
    return out


class Fencer:
    """A 剣師 (R2.1)."""

    __slots__ = ("ap", "atk", "atk0", "built", "dead", "death_hp", "def0", "def_", "exited",
                 "free", "hp", "id", "maxhp", "mp", "name", "overkill", "reserve", "side",
                 "spd", "spd0", "st", "swords")

    def __init__(self, fid: str, side: int, name: str, hp: int, atk: int, def_: int,
                 spd: int, swords: list[Sword], built: bool = False) -> None:
        self.id = fid
        self.side = side
        self.name = name
        self.hp = hp
        self.maxhp = hp
        self.atk = self.atk0 = atk
        self.def_ = self.def0 = def_
        self.spd = self.spd0 = spd
        self.mp = 0
        self.reserve = 0          # 予備AP
        self.ap = 0
        self.st = [0] * STATUS_COUNT
        self.swords = swords
        self.free = 0             # every sword before this index is 使用済み (find's hint)
        self.dead = False
        self.exited = False
        self.built = built
        self.overkill = 0
        self.death_hp = 0         # HP at the latest death (§18.13 alternative)


class State:
    """Everything that changes during a battle."""

    __slots__ = (
        "actions",
        "counts",
        "executing",
        "folded",
        "grown",
        "last",
        "lines",
        "members",
        "over",
        "peak_swords",
        "peak_total",
        "pending",
        "phase",
        "reason",
        "scan",
        "summary",
        "summary_logged",
        "turn",
        "turn0",
        "winner",
        "work",
        "work_events",
    )

    def __init__(self) -> None:
        self.turn = 0                          # ターン数
        self.phase = "start"
        self.turn0 = True                      # inside turn 0 (D1: the phase, not the counter)
        self.lines: list[list[Fencer]] = [[], []]     # parties, front first (R2.3)
        self.members: list[list[Fencer]] = [[], []]   # order of entry (design 4.1)
        self.counts = [0, 0]                   # 剣師 created per side (member ids)
        self.actions = 0
        self.executing: dict[str, Sword] = {}  # fencer id → the sword executing in this beat
        self.over = False
        self.winner: int | None = None
        self.reason = ""
        self.last = -1                         # turn of the last played turn
        self.pending = False                   # someone died since the last 事象確定
        # the log budget (constants.py): why the log is summarised ("" = it is not), whether the
        # note saying so is written, a list or party ever past it, events folded into
        # summaries; the work of summarised beats (hard caps bound it): sword slots walked
        self.summary = ""
        self.summary_logged = False
        self.grown = ""                        # "swords"/"fencers": a list or party past it
        self.folded = 0
        self.scan = 0
        self.work = 0                          # 行動処理 played while summarised
        self.work_events = 0                   # events of those (fast-forwards excluded)
        self.peak_swords = 0                   # the longest list an add or a steal made
        self.peak_total = 0                    # the most swords held, counted at those adds


def swords_held(st: State) -> int:
    """Swords in every 剣師's list, exited ones included (what MAX_BATTLE_SWORDS bounds)."""
    return sum(len(f.swords) for side in st.members for f in side)


def enlist(st: State, side: int, name: str, hp: int, atk: int, def_: int, spd: int,
           swords: tuple[int, ...], built: bool) -> Fencer:
    """A new 剣師 of ``side`` with the next member id, registered in order of entry (design
    4.1); the caller puts it into its line (set-up, or 構築 §12.8)."""
    fid = f"{side}.{st.counts[side]}"
    st.counts[side] += 1
    fencer = Fencer(fid, side, name, hp, atk, def_, spd, unused_swords(swords), built)
    st.members[side].append(fencer)
    return fencer
