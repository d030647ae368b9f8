"""The build lab's search: local search with restarts over legal builds, in rounds.

A round is a deterministic generation step: each of ``walkers`` walkers proposes
``neighbours`` candidates (one move each from its build, through the ruleset's
``search_move``; a walker that has not improved for ``stall`` rounds restarts from a fresh
``search_start`` build or from a few moves away from the best so far). Every proposal's
random numbers come from ``{seed}/r{round}/w{walker}/m{k}``, and a candidate's battles from
the field's schedule, so a round's answers do not depend on where or in what order they were
played. Candidates are played in racing stages (:mod:`kassen.lab.racing`; one stage for
deterministic rulesets); then each walker moves to its best candidate when that is at least
as good as where it stands.

Budgets: ``evaluations`` counts candidates (each played against the whole field; a build
already scored is never proposed again); ``seconds`` stops at the end of the first round that
ends after that time. Rounds are the unit either way, so a timed run is the same as the run
with ``evaluations`` equal to its reported count, on any number of workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kassen.core import options as options_mod
from kassen.core.problems import Problem, ProblemError
from kassen.core.rng import Rng
from kassen.lab import checks, evaluate
from kassen.lab.racing import TARGETS, Score, score, stages, survivors
from kassen.tournament.formats import Cancelled
from kassen.tournament.runners import Runner, chunks
from kassen.tournament.schedule import Tally

MAX_EVALUATIONS = checks.MAX_EVALUATIONS
MAX_SEEN = 1_000_000
"""Scored builds remembered so that none is proposed twice (a bound on memory)."""
TRIES = 16
"""Proposals a walker makes before giving up a slot (every neighbour already scored)."""
TASK_BATTLES = 64
"""A racing stage's task is cut by games into tasks of at most this many battles (or one game
against every field member and seating, when that is more), and the champion's field round
robin into ranges of this many battles, so a page's worker call stays small (issue 25)."""
FIELD_STAGE = 2048
"""Battles of the field's round robin between two answers (the page shows its progress)."""


@dataclass
class Settings:
    """What to search for and for how long."""

    target: str = "counter"
    games: int = 20
    """Seeds per seating and field member for random rulesets (K)."""
    evaluations: int | None = 1000
    seconds: float | None = None
    seed: str = "lab"
    walkers: int = 8
    neighbours: int = 4
    stall: int = 6
    goal: float = 0.5
    """The field's target win rate for ``balance``."""
    top: int = 10
    start: tuple[str, ...] = ()
    """Builds the walkers start from (else random ``search_start`` builds)."""


@dataclass
class Entry:
    """A scored candidate: its text, stats per field member and whether it played every
    seed (a candidate raced out keeps the estimate of the seeds it played)."""

    text: str
    stats: list[list[int]]
    score: Score
    full: bool
    evaluation: int

    def to_json(self, context: evaluate.Context, with_links: bool) -> dict[str, Any]:
        """As printed by ``search --json``: score, interval, stats and links per member."""
        out: dict[str, Any] = {
            "text": self.text, "score": round(self.score.value, 6),
            "low": round(self.score.low, 6), "high": round(self.score.high, 6),
            "evaluation": self.evaluation,
            "battles": sum(s[0] for s in self.stats), "wins": sum(s[1] for s in self.stats),
            "draws": sum(s[2] for s in self.stats),
            "members": [{"battles": b, "wins": w, "draws": d} for b, w, d in self.stats]}
        if with_links:
            for member, link in zip(out["members"], evaluate.links(context, self.text),
                                    strict=True):
                member["link"] = link
        return out


@dataclass
class Walker:
    """Where one walker stands."""

    build: Any = None
    text: str = ""
    value: float = float("-inf")
    stall: int = 10 ** 9


Tasks = list[tuple[str, int, int]]
"""A racing stage's work: ``(candidate text, first game, stop)`` each (or, for the field's
round robin, ``(None, first job, stop)``)."""
Answers = list[list[list[int]]]
"""Per task, ``[battles, wins, draws]`` per field member."""

Report = Callable[[int, int | None, list[Entry]], bool | None]
"""``report(evaluations, total or None, best entries)``; returning True cancels."""


@dataclass
class Search:
    """One search of builds of ``ruleset_id`` against ``field`` (texts)."""

    ruleset_id: str
    field: Sequence[str]
    options: dict[str, Any] | None
    settings: Settings
    runner: Runner = field(default_factory=Runner)

    stop: Callable[[], bool] | None = None
    """Asked between chunks of battles; True cancels the round under way (its battles are
    dropped, so a cancelled search holds whole rounds only)."""

    def __post_init__(self) -> None:
        s = self.settings
        if s.target not in TARGETS:
            raise ProblemError([_bad("target", f"one of {', '.join(TARGETS)}")])
        checks.check_settings(s)
        self.context, self.entrants = evaluate.make_context(
            self.ruleset_id, self.field, self.options, s.seed, balance=s.target == "balance")
        self.ruleset = self.entrants.ruleset
        self.opts, _ = options_mod.resolve(self.ruleset.options, self.options)
        if self.ruleset.search_start(Rng("probe"), self.opts) is None:
            raise ProblemError([_bad("ruleset", "a ruleset with search moves")])
        self.exact = not self.ruleset.random
        # K was checked above (1 to 10,000); a deterministic system plays each battle once
        self.games = 1 if self.exact else s.games
        if s.target == "champion":
            self.context = replace(self.context, games=self.games)
        self.starts = [self._parse_start(i, t) for i, t in enumerate(s.start, start=1)]
        self.walkers = [Walker() for _ in range(s.walkers)]
        self.seen: dict[str, float] = {}
        self.best: list[Entry] = []
        self.evaluations = 0
        self.rounds = 0
        self.rivals: list[float] = []
        self.field_played = 0
        self.field_total = 0

    def _parse_start(self, index: int, text: str) -> Any:
        build, problems = self.ruleset.parse(text, self.opts)
        if build is None:
            raise ProblemError([Problem(p.code, p.line, p.column, p.rule,
                                        {**p.args, "side": f"start {index}"}) for p in problems])
        return build

    # -- the rounds ---------------------------------------------------------------------
    def run(self, report: Report | None = None) -> dict[str, Any]:
        """Search until the budget is spent (or ``report`` cancels); the summary."""
        s = self.settings
        began = time.monotonic()
        self.prepare()
        cancelled = False
        while True:
            left = None if s.evaluations is None else s.evaluations - self.evaluations
            if left is not None and left <= 0:
                break
            if s.seconds is not None and self.rounds and time.monotonic() - began >= s.seconds:
                break
            try:
                if not self.round(left):
                    break  # nothing new to propose
            except Cancelled:
                cancelled = True
                break
            if report is not None and report(self.evaluations, s.evaluations, self.best):
                cancelled = True
                break
        return self.summary(cancelled)

    def prepare(self) -> None:
        """Play what the first round needs first: for ``champion``, the field's own round
        robin (once; see :meth:`field_steps`)."""
        self._drive(self.field_steps())

    def round(self, left: int | None) -> bool:
        """Propose, play (on the runner) and move once; False when no walker found a new
        build."""
        return bool(self._drive(self.steps(left)))

    def _drive(self, steps: Generator[Tasks, Answers, Any]) -> Any:
        """Play every stage of ``steps`` on the runner; what the coroutine returns."""
        try:
            tasks = next(steps)
            while True:
                tasks = steps.send(self._run_tasks(tasks))
        except StopIteration as finished:
            return finished.value

    def field_steps(self) -> Generator[Tasks, Answers, None]:
        """For ``champion``, the field's own round robin as a coroutine (like :meth:`steps`):
        it yields tasks ``(None, start, stop)``, ranges of the round robin's jobs, a stage of
        at most ``FIELD_STAGE`` battles at a time, and takes their tally entries; then sets
        each member's points rate (:attr:`rivals`). Nothing for other targets."""
        n = len(self.field)
        if self.settings.target != "champion" or self.rivals:
            return
        if n < 2:
            self.rivals = [0.0] * n
            return
        self.field_total = len(evaluate.field_schedule(self.context))
        tally = Tally()
        for stage in range(0, self.field_total, FIELD_STAGE):
            end = min(self.field_total, stage + FIELD_STAGE)
            answers = yield [(None, a, min(end, a + TASK_BATTLES))  # type: ignore[misc]
                             for a in range(stage, end, TASK_BATTLES)]
            for entries in answers:
                tally.add_entries(entries)  # type: ignore[arg-type]
            self.field_played = end
        rates = []
        for i in range(n):
            cells = [tally.get(i, j) for j in range(n) if j != i]
            games = sum(c[0] for c in cells if c)
            points = sum(c[1] + c[2] / 2 for c in cells if c)
            rates.append(points / games if games else 0.0)
        self.rivals = rates

    def steps(self, left: int | None) -> Generator[Tasks, Answers, bool]:
        """One round as a coroutine: yields each racing stage's tasks ``(text, first game,
        stop)`` and takes their answers (stats per field member, in task order), so any pool
        can play them (the page's workers do); returns False when nothing new was proposed."""
        proposals = self._propose(left)
        if not proposals:
            return False
        entries = yield from self._stages([text for _, text, _ in proposals])
        self.evaluations += len(entries)
        for (_, text, _), entry in zip(proposals, entries, strict=True):
            if len(self.seen) < MAX_SEEN:
                self.seen[text] = entry.score.value
            if entry.full:
                self._keep(entry)
        for w, walker in enumerate(self.walkers):
            mine = [(entry.score.value, build, text)
                    for (x, text, build), entry in zip(proposals, entries, strict=True)
                    if x == w]
            if not mine:
                walker.stall += 1
                continue
            value, build, text = max(mine, key=lambda m: m[0])
            restarting = walker.stall >= self.settings.stall
            if restarting or value >= walker.value:
                improved = restarting or value > walker.value
                walker.build, walker.text, walker.value = build, text, value
                walker.stall = 0 if improved else walker.stall + 1
            else:
                walker.stall += 1
        self.rounds += 1
        return True

    def _propose(self, left: int | None) -> list[tuple[int, str, Any]]:
        s = self.settings
        out: list[tuple[int, str, Any]] = []
        taken: set[str] = set()
        for w, walker in enumerate(self.walkers):
            restart = walker.stall >= s.stall
            for k in range(s.neighbours):
                if left is not None and len(out) >= left:
                    return out
                rng = Rng(f"{s.seed}/r{self.rounds}/w{w}/m{k}")
                for attempt in range(TRIES):
                    if restart:
                        build = self._restart(rng, w, k, attempt)
                    else:
                        build = self.ruleset.search_move(walker.build, rng, self.opts)
                    text = self.ruleset.export(build)
                    if text not in self.seen and text not in taken:
                        taken.add(text)
                        out.append((w, text, build))
                        break
        return out

    def _restart(self, rng: Rng, w: int, k: int, attempt: int) -> Any:
        """A walker's fresh build: its given start (first round), or half the time a few
        moves from the best so far, else a random start build."""
        if self.rounds == 0 and self.starts and k == 0 and attempt == 0:
            return self.starts[w % len(self.starts)]
        if self.best and rng.below(2):
            build = self.ruleset.parse(self.best[0].text, self.opts)[0]
            for _ in range(1 + rng.below(4)):
                build = self.ruleset.search_move(build, rng, self.opts)
            return build
        if self.starts and rng.below(2):
            build = self.starts[rng.below(len(self.starts))]
            return self.ruleset.search_move(build, rng, self.opts)
        return self.ruleset.search_start(rng, self.opts)

    def _stages(self, texts: list[str]) -> Generator[Tasks, Answers, list[Entry]]:
        """Play candidates in racing stages against the field (the leader so far races too)."""
        stats: list[list[list[int]]] = [[[0, 0, 0] for _ in self.field] for _ in texts]
        alive = list(range(len(texts)))
        played = 0
        scores: list[Score] = []
        per_game = len(self.field) * self.context.seatings
        step = max(1, TASK_BATTLES // per_game)
        for stop in stages(self.games):
            pieces = [(i, a, min(stop, a + step)) for i in alive for a in range(played, stop, step)]
            answers = yield [(texts[i], a, b) for i, a, b in pieces]
            if len(answers) != len(pieces):
                raise ProblemError([_bad("answers", f"{len(pieces)} answers")])
            for (i, _, _), answer in zip(pieces, answers, strict=True):
                stats[i] = [[a + b for a, b in zip(old, new, strict=True)]
                            for old, new in zip(stats[i], answer, strict=True)]
            played = stop
            scores = [self._score(st) for st in stats]
            if stop == self.games:
                break
            pool = [scores[i] for i in alive] + ([self.best[0].score] if self.best else [])
            keep = survivors(pool)
            alive = [i for i, kept in zip(alive, keep, strict=False) if kept]
        done = set(alive)
        return [Entry(text, stats[i], scores[i], i in done, self.evaluations + i + 1)
                for i, text in enumerate(texts)]

    def _run_tasks(self, tasks: Tasks) -> Answers:
        out: Answers = []
        runs = chunks(tasks, self.runner.workers)
        for answer in self.runner.map(evaluate.play_chunk, [(self.context, run) for run in runs]):
            out.extend(answer)
            if self.stop is not None and self.stop():
                raise Cancelled([])
        return out

    def _score(self, stats: list[list[int]]) -> Score:
        return score(self.settings.target, stats, exact=self.exact, rivals=self.rivals,
                     goal=self.settings.goal)

    def _keep(self, entry: Entry) -> None:
        """Enter a fully played candidate into the best-so-far table (best first; ties keep
        the earlier)."""
        self.best.append(entry)
        self.best.sort(key=lambda e: (-e.score.value, e.evaluation))
        del self.best[self.settings.top:]

    def summary(self, cancelled: bool = False, with_links: bool = True) -> dict[str, Any]:
        """The result: settings, counts and the best-so-far table with links."""
        s = self.settings
        out: dict[str, Any] = {
            "ruleset": self.ruleset_id, "target": s.target, "seed": self.context.seed,
            "games": self.games, "evaluations": self.evaluations, "rounds": self.rounds,
            "cancelled": cancelled, "field": list(self.context.field),
            "best": [e.to_json(self.context, with_links) for e in self.best]}
        if s.target == "balance":
            out["goal"] = s.goal
        if self.rivals:
            out["field_best"] = round(max(self.rivals), 6)
        return out


def _bad(field: str, reason: str) -> Problem:
    return Problem("core.record_schema", args={"field": field, "reason": reason})
