"""Tournament links (issue 16): ``#t=`` carries a whole tournament, so opening it plays it again.

The payload (same framing as ``#m=``/``#b=`` in :mod:`kassen.core.links`) is
``{v, engine, ruleset, rv, format, seeds, seed, builds, options?}``: the engine and rules
versions that made it, the entrants' canonical build texts, the format, seeds per pairing K
(1 for a deterministic system, which plays each pairing once per seating), the master seed
and the options not at their default. Like a battle record (issue 25), a link of an earlier
rules version plays under that version's rules (``Ruleset.earlier_defaults``) with a note, or
is refused when this engine no longer plays them; a link made before links carried versions
(no ``rv``) is played under the current rules, with a note saying so.
:meth:`TournamentSpec.from_json` checks the shape of every field (``kassen.core.links`` calls it
for ``#t=``); :func:`kassen.tournament.formats.spec_entrants` then runs the checks the tournament
API already runs (the entrant count, the ruleset's validator on each build, K, the master seed,
the battle count), so a link cannot ask for more than the form can.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kassen.core.problems import Problem, ProblemError
from kassen.core.record import MAX_SEED, MAX_SIDE_TEXT, plain_options

TOURNAMENT_VERSION = 1
FORMATS = ("round-robin", "elimination", "matchup")


def _bad(name: str, reason: str) -> ProblemError:
    return ProblemError([Problem("core.record_schema",
                                 args={"field": f"tournament.{name}", "reason": reason})])


@dataclass(frozen=True)
class TournamentSpec:
    """What a tournament is: who plays, how, with which seeds."""

    ruleset: str
    format: str
    seeds: int
    seed: str
    builds: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    version: str = ""
    """The rules version that made the link ("": a link made before links carried one)."""
    engine: str = ""
    """The engine version that made the link ("": unknown)."""

    def to_json(self) -> dict[str, Any]:
        """The link payload (options only when some differ from the defaults)."""
        data: dict[str, Any] = {"v": TOURNAMENT_VERSION, "ruleset": self.ruleset,
                                "format": self.format, "seeds": self.seeds, "seed": self.seed,
                                "builds": list(self.builds)}
        if self.version:
            data["rv"] = self.version
        if self.engine:
            data["engine"] = self.engine
        if self.options:
            data["options"] = dict(self.options)
        return data

    @classmethod
    def from_json(cls, data: Any) -> TournamentSpec:
        """A spec from decoded JSON, or raise ProblemError naming the bad field. Only shapes
        are checked here (cheaply: the inflated size already bounds how many texts there are);
        :func:`kassen.tournament.formats.spec_entrants` runs the tournament API's checks."""
        if not isinstance(data, dict):
            raise _bad("link", "not an object")
        if data.get("v") != TOURNAMENT_VERSION:
            raise _bad("v", f"expected {TOURNAMENT_VERSION}")
        ruleset = data.get("ruleset")
        if not isinstance(ruleset, str) or not ruleset or len(ruleset) > MAX_SEED:
            raise _bad("ruleset", "expected a short non-empty string")
        if not isinstance(data.get("seed"), str):  # its length: tournament.master_seed
            raise _bad("seed", "expected text")
        if data.get("format") not in FORMATS:
            raise _bad("format", ", ".join(FORMATS))
        if type(data.get("seeds")) is not int:
            raise _bad("seeds", "expected a whole number")
        builds = data.get("builds")
        if not isinstance(builds, list):
            raise _bad("builds", "expected a list of build texts")
        if not all(isinstance(b, str) and len(b) <= MAX_SIDE_TEXT for b in builds):
            raise _bad("builds", f"expected texts of at most {MAX_SIDE_TEXT} characters")
        options = data.get("options", {})
        if not plain_options(options):
            raise _bad("options", "expected an object of plain values")
        versions = [data.get(key, "") for key in ("rv", "engine")]
        for key, value in zip(("rv", "engine"), versions, strict=True):
            if not isinstance(value, str) or len(value) > MAX_SEED:
                raise _bad(key, "expected a short version text")
        return cls(data["ruleset"], data["format"], data["seeds"], data["seed"],
                   list(builds), dict(options), *versions)
