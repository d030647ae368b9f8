"""The fixed battle set whose event digests guard behaviour-preserving work.

Per ruleset: every ordered pairing of the first four samples, 16 random legal pairings under
the default options (all on ``xo1:`` seeds; the samples and the random pairings again on
``mt1:`` seeds, the format fresh battles use since issue 29), and one battle per rule option
with that option moved off its default (its first other choice, ``not default`` for a bool,
``default ± 1`` within range for an int). Builds and seeds come from one seeded generator,
so the set is the same everywhere.
``python tests/digest_cases.py --write`` rewrites ``tests/digests/<ruleset>.json``; do that
only in a commit that changes events on purpose (a rule change), and say so in its message.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kassen.core import registry, session
from kassen.core.options import OptionSpec
from kassen.core.problems import ProblemError
from kassen.core.rng import Rng

HERE = Path(__file__).resolve().parent / "digests"
RANDOM_PAIRS = 16


def moved(spec: OptionSpec) -> Any:
    """A value other than the default for one option (None when there is none)."""
    if spec.kind == "bool":
        return not spec.default
    if spec.kind == "choice":
        others = [c.value for c in spec.choices if c.value != spec.default]
        return others[0] if others else None
    if spec.kind == "int":
        up = spec.default + 1
        if spec.maximum is None or up <= spec.maximum:
            return up
        down = spec.default - 1
        return down if spec.minimum is None or down >= spec.minimum else None
    return None


def cases(ruleset_id: str) -> Iterator[tuple[str, list[str], dict[str, Any], str]]:
    """(name, side texts, options, seed) of every battle in the set for one ruleset."""
    ruleset = registry.get(ruleset_id)
    samples = [s.text for s in ruleset.samples[:4]]
    for i, a in enumerate(samples):
        for j, b in enumerate(samples):
            yield f"sample{i}-{j}", [a, b], {}, f"xo1:digest-{i}-{j}"
    rng = Rng(f"xo1:digest-cases-{ruleset_id}")
    pairs: list[list[str]] = []
    while len(pairs) < RANDOM_PAIRS:
        a, b = ruleset.random_build(rng), ruleset.random_build(rng)
        if a is None or b is None:
            break
        pairs.append([a, b])
    for k, pair in enumerate(pairs):
        yield f"random{k}", pair, {}, f"xo1:digest-random-{k}"
    # the fresh-seed format (issue 29's mt1) must not move either: its links are out there
    for i, a in enumerate(samples):
        yield f"mt1-sample{i}", [a, samples[(i + 1) % len(samples)]], {}, f"mt1:digest-{i}"
    for k, pair in enumerate(pairs):
        yield f"mt1-random{k}", pair, {}, f"mt1:digest-random-{k}"
    for k, spec in enumerate(ruleset.options):
        value = moved(spec)
        if value is None:
            continue
        pair = pairs[k % len(pairs)] if pairs else samples[:2]
        # an option renamed since the digests were committed (issue 28) is named, and given,
        # by its first old key: the committed set stands, and each such case reads an alias
        key = spec.aliases[0] if spec.aliases else spec.key
        yield f"option-{key}", pair, {key: value}, f"xo1:digest-option-{k}"


def digests(ruleset_id: str) -> dict[str, str]:
    """Case name → event digest (or the problem codes when a case is not legal there)."""
    out: dict[str, str] = {}
    for name, sides, opts, seed in cases(ruleset_id):
        try:
            prepared = session.prepare(ruleset_id, sides, opts, seed)
        except ProblemError as err:
            out[name] = "problems:" + ",".join(p.code for p in err.problems)
            continue
        out[name] = session.event_digest(session.run(prepared).battle)
    return out


def path(ruleset_id: str) -> Path:
    """The committed digests of one ruleset."""
    return HERE / f"{ruleset_id}.json"


def main(argv: list[str]) -> int:
    """Print or (``--write``) rewrite the committed digests."""
    for rid in registry.ids():
        found = digests(rid)
        if "--write" in argv:
            path(rid).write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(rid, len(found), "battles")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
