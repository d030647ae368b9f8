"""§8 Targeting: the targets of one use from the main step's answer, chosen one at a time
where the rule lets the user choose (n体, 任意, エリア(任意), 貫通; §16 D3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kassen.core.rules import implements
from kassen.rulesets.skirmish.catalogue import ALL, ANY, AREA, AREA_ANY, ONE, Ability, N
from kassen.rulesets.skirmish.constants import MAX_PICKS
from kassen.rulesets.skirmish.model import Unit
from kassen.rulesets.skirmish.rules import actions

if TYPE_CHECKING:
    from kassen.rulesets.skirmish.table import SkirmishTable


def pick(t: SkirmishTable, u: Unit, ability: Ability, pool: list[Unit], limit: int,
         picked: list[Unit], scope: str, may_skip: bool) -> list[Unit]:
    """D3: choose up to ``limit`` of ``pool`` one at a time (``done`` ends the choice)."""
    chosen: list[Unit] = []
    for _ in range(min(limit, MAX_PICKS)):
        taken = [o.id for o in chosen]  # by id: a unit's == compares every field
        left = [o for o in pool if o.id not in taken]
        if not left:
            break
        options = [o.id for o in left]
        if chosen or picked or may_skip:
            options.append("done")
        answer = t.ask(u.side, "pick", options, actor=u.id, ability=ability.id, scope=scope,
                       picked=[o.id for o in picked + chosen])
        if answer == "done":
            break
        chosen.append(t.unit(answer))
    return chosen


@implements("§8")
def targets_for(t: SkirmishTable, u: Unit, ability: Ability, args: list[str]) -> list[Unit]:
    """The targets of an ability use from the MS answer's arguments (§8)."""
    if ability.target == ONE:
        return [t.unit(args[0])]
    if ability.target in (N, ANY):
        pool = actions.candidates(t, u, u.pos, ability)
        limit = ability.n if ability.target == N else len(pool)
        return pick(t, u, ability, pool, limit, [], "any", False)
    if ability.target == ALL:
        return actions.candidates(t, u, u.pos, ability)
    if ability.target in (AREA, AREA_ANY):
        area = t.map.parse_label(args[1])
        if ability.target == AREA:
            return actions.in_area(t, u, area, ability,
                                   with_user=actions.area_takes_user(t, ability))
        pool = actions.in_area(t, u, area, ability)
        return pick(t, u, ability, pool, len(pool), [], args[1], False)
    aim = t.map.parse_label(args[1])
    cells = t.map.line(u.pos, aim, actions.reach_of(u, ability))
    pools = actions.pierce_targets(t, u, cells, ability)
    chosen: list[Unit] = []
    for index, (cell, pool) in enumerate(zip(cells, pools, strict=False)):
        rest = any(pools[index + 1:])
        chosen += pick(t, u, ability, pool, ability.n, chosen, t.map.label(cell), rest)
    return chosen
