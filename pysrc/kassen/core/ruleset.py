"""The interface every rule system implements, and the battle base class.

A ruleset parses, validates and exports builds in its own notation, describes its options and
samples, and starts a :class:`Battle` from a :class:`Setup`. A battle advances one *turn* at a
time (the unit of snapshots: a turn, a round, a duel battle), writing events to its recorder.
All mutable battle state lives in ``self.state`` so that :meth:`Battle.snapshot` can copy it.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar, Generic, NotRequired, Protocol, TypeAlias, TypedDict, TypeVar

from kassen.core.decisions import Decider, Policy
from kassen.core.events import Recorder
from kassen.core.moments import ABORTED, Moment
from kassen.core.options import OptionSpec
from kassen.core.problems import Problem
from kassen.core.rng import Rng

MAX_BUILD_TEXT = 4000
"""No build text longer than this is even parsed (refused at once with a message)."""

JSONScalar: TypeAlias = str | int | float | bool | None
JSONValue: TypeAlias = "JSONScalar | Sequence[JSONValue] | Mapping[str, JSONValue]"  # recursive
"""Plain JSON data (event values, views, recorded choices), its arrays and objects read as
sequences and mappings, so a ``list[int]`` or a ``dict[str, str]`` is one."""
JSONObject: TypeAlias = dict[str, "JSONValue"]
Options: TypeAlias = dict[str, object]
"""Option values by key as :func:`kassen.core.options.resolve` gives them (each of its
option's own type)."""
Glossary: TypeAlias = Mapping[str, Mapping[str, Sequence["JSONValue"]]]
"""Catalogue names for the page: ``{group: {key: [ja, en, …]}}``."""

BuildT = TypeVar("BuildT")
"""A ruleset's parsed build: opaque to the core, which only hands it back to the ruleset."""
StateT = TypeVar("StateT")
"""A battle's mutable state (deep-copyable plain objects); opaque to the core."""

Snapshot: TypeAlias = tuple[StateT, tuple[int, ...], int, int, int, int]
"""A battle at a turn start: state, generator, decider cursor, step count, event count, turn."""


class SampleJSON(TypedDict):
    """A sample as ``rulesets --json`` lists it (the CLI adds how to take it)."""

    name: str
    text: str
    note_ja: str
    note_en: str
    at: NotRequired[str]
    one_line: NotRequired[str]


class Description(TypedDict):
    """A ruleset as ``rulesets --json`` and the page's system list describe it."""

    id: str
    version: str
    name_ja: str
    name_en: str
    random: bool
    sides: int
    symmetric: bool
    hidden_information: bool
    options: list[JSONObject]
    samples: list[SampleJSON]
    pairing: list[int]
    policies: list[str]
    policy_labels: dict[str, dict[str, str]]


class TableLink(Protocol[StateT]):
    """What a battle keeps in step on its table (:class:`kassen.core.table.Table`)."""

    state: StateT
    rec: Recorder


@dataclass(frozen=True)
class Sample:
    """A sample build shipped with a ruleset."""

    name: str
    text: str
    note_ja: str = ""
    note_en: str = ""

    def to_json(self) -> SampleJSON:
        """As listed by ``rulesets --json``."""
        return {"name": self.name, "text": self.text, "note_ja": self.note_ja,
                "note_en": self.note_en}


@dataclass(frozen=True)
class Result:
    """How a battle ended: ``winner`` is a side index or None (draw / aborted); ``reason`` a
    member of the ruleset's ``terminations`` (a StrEnum, so it is also its text) or
    ``aborted``."""

    winner: int | None
    reason: str
    turn: int
    detail: JSONObject = field(default_factory=dict)

    def to_json(self) -> JSONObject:
        """The ``result`` object of ``battle --json``."""
        out: JSONObject = {"winner": self.winner, "reason": self.reason, "turn": self.turn}
        if self.detail:
            out["detail"] = self.detail
        return out


@dataclass
class Setup(Generic[BuildT]):
    """Everything a battle is a pure function of (a record, with builds parsed)."""

    builds: list[BuildT]
    options: Options
    seed: str
    choices: list[JSONValue] = field(default_factory=list)
    policies: list[str | None] = field(default_factory=list)


class Battle(ABC, Generic[BuildT, StateT]):
    """A running battle. Subclasses set ``self.state`` and implement the abstract methods."""

    state: StateT
    table: TableLink[StateT] | None = None
    """What the rule functions act on (:mod:`kassen.core.table`); its ``state`` is kept
    pointing at ``self.state`` when a snapshot is restored."""

    def __init__(self, setup: Setup[BuildT], ruleset: Ruleset[BuildT, StateT]) -> None:
        self.setup = setup
        self.ruleset = ruleset
        self.options = setup.options
        self.rng = Rng(setup.seed)
        names = setup.policies
        policies: list[Policy | None] = [
            ruleset.policy(name) if name else None for name in names
        ] if any(names) else [None] * len(names)
        self.decider = Decider(setup.choices, policies, self.rng, "policy")
        self.rec = Recorder()
        for policy in policies:
            bind = getattr(policy, "bind", None)
            if bind is not None:
                bind(self)

    @property
    def rec(self) -> Recorder:
        """The recorder events go to. The driver and the bench hand a battle another one (a
        re-simulated turn, a bare run), so setting it sets the table's too: rule functions
        write to ``t.rec``."""
        return self._rec

    @rec.setter
    def rec(self, value: Recorder) -> None:
        self._rec = value
        if self.table is not None:
            self.table.rec = value

    # -- what a ruleset implements --------------------------------------------------------
    @property
    @abstractmethod
    def finished(self) -> bool:
        """Whether the battle has ended."""

    @property
    @abstractmethod
    def turn(self) -> int:
        """The current turn counter (as the rules count turns)."""

    @abstractmethod
    def play_turn(self) -> None:
        """Simulate one turn, emitting its steps and events to ``self.rec``."""

    @abstractmethod
    def result(self) -> Result:
        """The result (only meaningful once finished)."""

    @abstractmethod
    def members(self) -> list[dict[str, list[JSONObject]]]:
        """Per side ``{"members": [...]}`` with final values, in order of entry (design 4.1)."""

    @abstractmethod
    def view(self) -> JSONObject:
        """The page's picture of the current state (JSON data)."""

    def names(self) -> dict[str, str]:
        """Member id → display name, for rendering events."""
        out: dict[str, str] = {}
        for side in self.members():
            for m in side["members"]:
                if "id" in m:
                    out[str(m["id"])] = str(m["name"])
        return out

    aborted: str | None = None
    """The safety cap that stopped the battle, if one did (result reason ``aborted``)."""

    def abort(self, cap: str) -> None:
        """Stop at a safety cap: logged as an event, and the result becomes ``aborted``."""
        self.aborted = cap
        self.rec.step("end", "aborted")
        self.rec.emit("aborted", rule="cap", cap=cap)
        self.rec.close()

    def final_result(self) -> Result:
        """The result, or ``aborted`` when a safety cap stopped the battle."""
        if self.aborted is not None:
            return Result(None, ABORTED, self.turn, {"cap": self.aborted})
        return self.result()

    # -- snapshots ---------------------------------------------------------------------------
    def snapshot(self) -> Snapshot[StateT]:
        """A copy of everything that can change, taken at a turn start."""
        return (copy.deepcopy(self.state), self.rng.getstate(), self.decider.getstate(),
                self.rec.step_count, self.rec.event_count, self.rec.turn)

    def restore(self, snap: Snapshot[StateT], *, truncate: bool = True) -> None:
        """Return to a snapshot; with ``truncate``, recorded steps after it are dropped."""
        state, rng_state, decider_state, steps, events, turn = snap
        self.state = copy.deepcopy(state)
        if self.table is not None:
            self.table.state = self.state
        self.rng.setstate(rng_state)
        self.decider.setstate(decider_state)
        if truncate:
            self.rec.truncate(steps, events)
        self.rec.turn = turn

    @staticmethod
    def snapshot_position(snap: Snapshot[object]) -> tuple[int, int, int]:
        """(step count, event count, turn) at which a snapshot was taken."""
        return snap[3], snap[4], snap[5]


class Ruleset(ABC, Generic[BuildT, StateT]):
    """One rule system, over its build type and its battles' state type. Instances are found
    or registered by :mod:`kassen.core.registry`."""

    id: ClassVar[str]
    version: ClassVar[str]
    name_ja: ClassVar[str]
    name_en: ClassVar[str]
    order: ClassVar[int] = 1000
    """Where the system stands in the lists the page and the CLI show (the registry sorts by
    it, then by id); one without a declared place comes after those with one."""
    random: ClassVar[bool] = True
    """Whether battles draw random numbers (deterministic systems play a pairing once)."""
    sides: ClassVar[int] = 2
    symmetric: ClassVar[bool] = False
    """Whether swapping the sides never changes the outcome (tournaments then play one
    seating per pairing instead of both)."""
    hidden_information: ClassVar[bool] = False
    """Whether a side holds what the other may not see (a hand of cards): the page then shows
    each person only their own, and says that a game link carries everything (issue 30)."""
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    samples: ClassVar[tuple[Sample, ...]] = ()
    first_pairing: ClassVar[tuple[int, int]] = (0, 1)
    """The samples (indexes) the page's editors start with: a battle that shows the system."""
    same_rules: ClassVar[tuple[str, ...]] = ()
    """Earlier versions whose records play exactly as this version does (replayed with a
    note); records of any other version are refused unless :attr:`earlier_defaults` names
    them."""
    earlier_defaults: ClassVar[Mapping[str, Mapping[str, JSONValue]]] = {}
    """Earlier versions whose records still replay as they did, each with the option values
    that reproduce that version's rules where its records carry none: an option added since
    (set to the value that keeps the old reading) or one whose default moved. A record of
    such a version replays with these values under its own (replayed with a note)."""
    event_moments: ClassVar[Mapping[str, Moment]] = {}
    """Which of this ruleset's event kinds are one of the moments every ruleset shares
    (:class:`kassen.core.moments.Moment`): kind → moment."""
    terminations: ClassVar[type[StrEnum] | None] = None
    """How this ruleset's battles end: ``Result.reason`` is a member (or ``aborted``)."""
    cites_named_entries: ClassVar[bool] = False
    """Whether its events cite a rule as a section with the entry's name (``§11 スタン``);
    otherwise such a citation means the section (``scripts/rule_markers.py``)."""
    cites_lettered_entries: ClassVar[bool] = False
    """Whether its events cite a rule as a section with a lettered id (``§7 A1-b``, one id);
    otherwise ``§18.1 N8`` is two ids, ``§18.1`` and ``N8``."""
    policy_labels: ClassVar[dict[str, tuple[str, str]]] = {}
    """Japanese and English names of the built-in AI policies, for the page's picker."""
    max_turns: ClassVar[int] = 10_000
    """Driver safety cap on turns; rulesets have their own, tighter caps."""
    max_steps: ClassVar[int] = 200_000
    """Driver safety cap on steps."""

    @abstractmethod
    def parse(self, text: str, options: Options) -> tuple[BuildT | None, list[Problem]]:
        """Parse and validate one side's text; a build, or None with located problems."""

    @abstractmethod
    def export(self, build: BuildT) -> str:
        """The canonical text of a build: ``parse(export(b)) == b``."""

    @abstractmethod
    def new_battle(self, setup: Setup[BuildT]) -> Battle[BuildT, StateT]:
        """A battle at its start."""

    def random_build(self, rng: Rng) -> str | None:
        """A random legal build text (for benchmarks, fuzzing and property tests)."""
        return None

    def search_start(self, rng: Rng, options: Options) -> BuildT | None:
        """A random legal build under ``options`` where the build lab's search starts (or
        restarts); None when this ruleset has no search moves."""
        return None

    def search_move(self, build: BuildT, rng: Rng, options: Options) -> BuildT:
        """A legal build one move away from ``build`` under ``options`` (build lab). Only
        called when :meth:`search_start` gives builds."""
        raise NotImplementedError

    def sample_text(self, name: str) -> str:
        """The text of the sample called ``name`` (KeyError when there is none)."""
        for sample in self.samples:
            if sample.name == name:
                return sample.text
        raise KeyError(name)

    def bench_lineups(self) -> Sequence[tuple[str, ...]]:
        """The fixed line-ups (side texts) the speed benchmark plays over many seeds.

        Empty means "random legal build pairs" (deterministic systems, where every pairing
        plays once). Random systems name their specification's sample pairings here.
        """
        return ()

    def policy_names(self) -> Sequence[str]:
        """Names of the built-in AI policies (empty for systems with no decisions)."""
        return ()

    def policy(self, name: str) -> Policy | None:
        """The AI policy called ``name``."""
        return None

    def describe(self) -> Description:
        """The entry of ``rulesets --json``."""
        return {
            "id": self.id,
            "version": self.version,
            "name_ja": self.name_ja,
            "name_en": self.name_en,
            "random": self.random,
            "sides": self.sides,
            "symmetric": self.symmetric,
            "hidden_information": self.hidden_information,
            "options": [o.to_json() for o in self.options],
            "samples": [s.to_json() for s in self.samples],
            "pairing": list(self.first_pairing),
            "policies": list(self.policy_names()),
            "policy_labels": {name: {"ja": ja, "en": en}
                              for name, (ja, en) in self.policy_labels.items()},
        }

    def text(self) -> Mapping[str, Mapping[str, str]]:
        """The ruleset's text catalogue, ``{"ja": {...}, "en": {...}}``: problem messages
        (``<key>`` of ``<id>.<key>`` codes), ``event.<kind>`` templates, ``step.…`` and
        ``reason.…`` labels. The registry registers it under namespace ``id`` once, when it
        loads or is given the ruleset; importing a ruleset registers nothing. Empty: the
        ruleset has no text of its own (or, until it moves to this hook, registers it
        itself)."""
        return {}

    def glossary(self) -> Glossary:
        """Catalogue names the page's board shows (``{group: {key: [ja, en]}}``), sent with
        every battle so the page never re-types them; empty when the views need none. The
        shared chart reads the group ``chart``: ``life`` names what it plots (HP when absent)."""
        return {}

    def render_values(self, event_values: JSONObject, lang: str) -> JSONObject:
        """Values of an event as the text templates want them (e.g. localized names)."""
        return event_values
