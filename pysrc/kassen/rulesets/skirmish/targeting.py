"""§8 Targeting: the targets of one use from the main step's answer, chosen one at a time
where the rule lets the user choose (n体, 任意, エリア(任意), 貫通; §16 D3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.rulesets.skirmish import actions
from kassen.rulesets.skirmish.catalogue import ALL, ANY, AREA, AREA_ANY, ONE, Ability, N
from kassen.rulesets.skirmish.constants import MAX_PICKS
from kassen.rulesets.skirmish.model import Unit

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.engine import SkirmishBattle


def pick(b: SkirmishBattle, u: Unit, ability: Ability, pool: list[Unit], limit: int,
         picked: list[Unit], scope: str, may_skip: bool) -> list[Unit]:
    """D3: choose up to ``limit`` of ``pool`` one at a time (``done`` ends the choice)."""
    chosen: list[Unit] = []
    for _ in range(min(limit, MAX_PICKS)):
        left = [t for t in pool if t not in chosen]
        if not left:
            break
        options = [t.id for t in left]
        if chosen or picked or may_skip:
            options.append("done")
        answer = b.ask(u.side, "pick", options, actor=u.id, ability=ability.id, scope=scope,
                       picked=[t.id for t in picked + chosen])
        if answer == "done":
            break
        chosen.append(b.unit(answer))
    return chosen


def targets_for(b: SkirmishBattle, u: Unit, ability: Ability, args: list[str]) -> list[Unit]:
    """The targets of an ability use from the MS answer's arguments (§8)."""
    if ability.target == ONE:
        return [b.unit(args[0])]
    if ability.target in (N, ANY):
        pool = actions.candidates(b, u, u.pos, ability)
        limit = ability.n if ability.target == N else len(pool)
        return pick(b, u, ability, pool, limit, [], "any", False)
    if ability.target == ALL:
        return actions.candidates(b, u, u.pos, ability)
    if ability.target in (AREA, AREA_ANY):
        area = b.map.parse_label(args[1])
        if ability.target == AREA:
            return actions.in_area(b, u, area, ability,
                                   with_user=actions.area_takes_user(b, ability))
        pool = actions.in_area(b, u, area, ability)
        return pick(b, u, ability, pool, len(pool), [], args[1], False)
    aim = b.map.parse_label(args[1])
    cells = b.map.line(u.pos, aim, actions.reach_of(u, ability))
    pools = actions.pierce_targets(b, u, cells, ability)
    chosen: list[Unit] = []
    for index, (cell, pool) in enumerate(zip(cells, pools, strict=False)):
        rest = any(pools[index + 1:])
        chosen += pick(b, u, ability, pool, ability.n, chosen, b.map.label(cell), rest)
    return chosen
