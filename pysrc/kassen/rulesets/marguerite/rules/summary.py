"""The log budget (constants.py): past it a battle keeps playing by the same rules, and what is
left of each turn is logged as one summarised beat.

While summarising, the battle writes to a :class:`Tally` instead of its recorder: the same
calls, but nothing is kept beyond counts (swords executed per 剣師, skips, deaths), so memory
stays bounded however long the lists and the turns grow. At the end of the turn (or before
the judgement, or at a hard cap) :func:`write` puts one ``summary`` beat into the real
recorder: a note the first time (why, and that the rules are unchanged), the counts of the
span, and per 剣師 the swords executed by count and the HP before and after.
"""

from __future__ import annotations

from typing import Any

from kassen.core.deferred import row_values
from kassen.core.events import Event, Recorder, Step
from kassen.rulesets.marguerite.model import State

RULE = "caps.log_budget"
"""The rule id of the summary events (the log budget of constants.py)."""

_NOTHING = Event(0, 0, "", "", None, None, {}, None, None)


class Tally(Recorder):
    """A recorder that keeps counts only; it continues the real one's numbering."""

    __slots__ = ("_beat", "actions0", "acts", "deaths", "extra", "hp0", "main", "seq0", "skips")

    def __init__(self, main: Recorder, st: State) -> None:
        super().__init__(None, first_index=main.step_count, first_seq=main.event_count,
                         turn=main.turn)
        self.main = main
        self.seq0 = main.event_count
        self.extra = 0  # events of fast-forwarded periods (runs.py)
        self.acts: dict[str, dict[str, int]] = {}
        self.skips: dict[str, int] = {}
        self.deaths: dict[str, int] = {}
        self.actions0 = st.actions
        self.hp0 = {f.id: f.hp for side in st.members for f in side}
        self._beat = Step(main.step_count, main.turn, "summary", "summary")

    @property
    def count(self) -> int:
        """The event number reached by the beats actually played."""
        return self.event_count

    @property
    def played(self) -> int:
        """Events of the beats actually played (the work the hard caps bound)."""
        return self.event_count - self.seq0

    @property
    def span(self) -> int:
        """Events folded into this tally so far, fast-forwarded ones included."""
        return self.event_count - self.seq0 + self.extra

    def step(self, phase: str, kind: str) -> Step:
        """Beats are not kept while summarising."""
        return self._beat

    def add_row(self, kind: str, actor: str | None, target: str | None, rule: str | None,
                row: tuple[Any, ...], cause: str | None = None) -> None:
        """A row's event counted as :meth:`add` counts it (core.events.Recorder.add_row)."""
        self.add(kind, actor, target, rule, row_values(row), cause)

    def step_row(self, phase: str, kind: str, e_kind: str, actor: str | None,
                 target: str | None, rule: str | None, row: tuple[Any, ...],
                 cause: str | None = None) -> None:
        """No beat is kept; the event is counted as :meth:`add_row` counts it."""
        self.add(e_kind, actor, target, rule, row_values(row), cause)

    def add_rows(self, kind: str, actor: str | None, target: str | None, rule: str | None,
                 rows: list[tuple[Any, ...]], cause: str | None = None) -> None:
        """Each row's event counted as :meth:`add_row` counts it."""
        for row in rows:
            self.add(kind, actor, target, rule, row_values(row), cause)

    def add(self, kind: str, actor: str | None, target: str | None, rule: str | None,
            values: dict[str, Any], cause: str | None = None) -> Event:
        """Count the event (``emit`` comes here too); keep what the summary reports."""
        self.event_count += 1
        if kind == "act" and actor is not None:
            per = self.acts.setdefault(actor, {})
            code = values["sword"]
            per[code] = per.get(code, 0) + 1
        elif kind == "skip" and actor is not None:
            self.skips[actor] = self.skips.get(actor, 0) + values.get("times", 1)
        elif kind == "death" and actor is not None:
            self.deaths[actor] = self.deaths.get(actor, 0) + 1
        return _NOTHING

    def close(self) -> int:
        """Nothing is open; returns :attr:`step_count` as :meth:`Recorder.close` does."""
        return self.step_count


def begin(rec: Recorder, st: State) -> Tally:
    """Start summarising: close the open beat (its view is the state now) and count on."""
    rec.close()
    return Tally(rec, st)


def write(tally: Tally, st: State, why: str, limit: int, first: bool) -> Recorder:
    """Write the summary beat of a tally into the real recorder and return that recorder."""
    rec = tally.main
    rec.turn = st.turn
    st.phase = "summary"
    st.folded += tally.span
    st.work_events += tally.played
    rec.step("summary", "summary")
    if first:
        rec.emit("log_summarised", rule=RULE, budget=why, limit=limit)
    rec.emit("summary", rule=RULE, counter=st.turn, actions=st.actions - tally.actions0,
             events=tally.span)
    for side in st.members:
        for f in side:
            acts = tally.acts.get(f.id, {})
            skips = tally.skips.get(f.id, 0)
            deaths = tally.deaths.get(f.id, 0)
            hp0 = tally.hp0.get(f.id, f.maxhp)
            if not (acts or skips or deaths) and hp0 == f.hp:
                continue
            executed = sorted(acts.items(), key=lambda kv: (-kv[1], kv[0]))
            rec.emit("summary_member", f.id, rule=RULE, executed=[[c, n] for c, n in executed],
                     acts=sum(acts.values()), skips=skips, deaths=deaths, hp_from=hp0, hp=f.hp,
                     exited=f.exited)
    return rec
