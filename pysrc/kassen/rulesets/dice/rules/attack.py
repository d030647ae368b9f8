"""Steps 11–13 of the turn (§5): the range, the attack-right decision and the attacks (§9,
§10, §11, §19), and the knockout that ends the battle after step 13 (§17.1)."""

from __future__ import annotations

from typing import Any

from kassen.core.rules import implements
from kassen.rulesets.dice.catalogue import ON_HIT_NAMES
from kassen.rulesets.dice.model import Termination
from kassen.rulesets.dice.model.state import ONE
from kassen.rulesets.dice.rules import formulas as fm
from kassen.rulesets.dice.table import ID, DiceTable
from kassen.rulesets.dice.view import decision_info

FIRST_HIT = ("+", "first_hit", 1)
MOST_EXTRA = ("min", "max_extra_hits", fm.MAX_EXTRA)
NEGATED = ("*", "negated", 0, "A16")
HEAVY = ("-", "heavy", 1)


@implements("§11.3")
def range_start(t: DiceTable) -> None:
    """Step 11: on the first turn, the initial range (§11.3), then the queued shifts (D8)."""
    st = t.state
    if st.r2 is not None:
        return
    tv = st.tv
    if t.readings.square_initial_range:
        d0, d1 = tv[0].range_die, tv[1].range_die
    else:
        d0, d1 = tv[0].own, tv[1].own
    if d0 == d1:
        st.r2 = t.sheets[0].fav + t.sheets[1].fav
    else:
        st.r2 = 2 * t.sheets[0 if d0 > d1 else 1].fav
    t.rec.emit("range_set", rule="§11.3", range=fm.range_text(st.r2), dice=[d0, d1])
    queued, st.queued = st.queued, []
    for c, amount, away in queued:
        t.shift_range(c, amount, away_from_fav=away)


@implements("§9.2")
def decide(t: DiceTable) -> tuple[list[int], bool]:
    """Step 12: who attacks (§9.2): forced cross, absolute right, right, speed, else cross.
    Returns the attackers in order and whether it is a cross."""
    st = t.state
    tv0, tv1 = st.tv
    readings = t.readings
    x = st.cross_x
    abs0, abs1 = tv0.abs, tv1.abs
    right0, right1 = tv0.right, tv1.right
    speed0, speed1 = tv0.speed, tv1.speed
    winner: int | None = None
    forced = tv0.force_cross or tv1.force_cross
    if forced and readings.forced_cross == "absolute_first":
        forced = abs0 == abs1
    if forced:
        by = "forced"
    elif abs0 != abs1:
        by, winner = "absolute", 0 if abs0 > abs1 else 1
    elif right0 != right1:
        by, winner = "right", 0 if right0 > right1 else 1
    elif abs(speed0 - speed1) > x or (
            readings.speed_margin == "at_least" and speed0 != speed1 and abs(speed0 - speed1) == x):
        by, winner = "speed", 0 if speed0 > speed1 else 1
    else:
        by = "cross"
    c0, c1 = st.chars
    recovered_wait = not readings.recover_attacks
    stunned = (c0.stunned or (tv0.recovered and recovered_wait),
               c1.stunned or (tv1.recovered and recovered_wait))
    passed = False
    if winner is not None:
        attackers = [winner]
        if stunned[winner]:
            passed = readings.stunned_winner == "pass"
            attackers = [1 - winner] if passed and not stunned[1 - winner] else []
        cross = False
    else:
        attackers = [c for c in t.order() if not stunned[c]]
        cross = True
    # the state keeps the decision for the view (decision_info); the event adds the sum of X
    st.decision = decision = (abs0, abs1, right0, right1, speed0, speed1, x, passed, by, cross,
                              winner, tuple(attackers), 0 if st.colour[0] == "red" else 1)
    if attackers:
        t.rec.add_lazy("decision_cross" if len(attackers) == 2 else "decision",
                       ID[attackers[0]], ID[1 - attackers[0]], "§9.2", _decision_values,
                       (t.x_terms, decision))
    else:
        t.rec.add_lazy("decision_none", None, None, "§9.2", _decision_values,
                       (t.x_terms, decision))
    return attackers, cross


def _decision_values(x_terms: tuple[Any, ...], decision: tuple[Any, ...]) -> dict[str, Any]:
    """The decision event's values: the sum of X (§4.5), then :func:`decision_info` (made
    when read)."""
    return {"sums": {"x": x_terms}, **decision_info(*decision)}


@implements("§10.1", "§9.4")
def attacks(t: DiceTable, attackers: list[int], cross: bool) -> None:
    """Step 13: each attacker's sequence of hits (§10.1); later hits stop at a knockout. In a
    cross, each side's extra hits follow its own first hit, or (``cross_extra_hits =
    after_first_strikes``, §9.4, A39) come after both first strikes."""
    if cross and len(attackers) == 2 and t.readings.cross_extra_hits == "after_first_strikes":
        first, second = attackers
        hits = [first_strike(t, a, cross) for a in attackers]
        if hits[0] > 1:
            t.rec.step("attack", "attack")
            ta, ca = t.state.tv[first], t.state.chars[first]
            if ca.lp <= 0 or ta.stiff:
                # §9.4 protects only the second attacker; the first was hit meanwhile
                t.rec.emit("hits_skipped", ID[first], ID[second], rule="§9.4",
                           skipped=hits[0] - 1)
            else:
                extra_hits(t, first, hits[0], cross)
        extra_hits(t, second, hits[1], cross)
        return
    for a in attackers:
        hits = first_strike(t, a, cross)
        if hits > 1:
            extra_hits(t, a, hits, cross)


@implements("§10.1")
def first_strike(t: DiceTable, a: int, cross: bool) -> int:
    """Open attacker ``a``'s sequence (§10.1): its number of hits, then its first hit.
    Returns the number of hits."""
    tv = t.state.tv
    d = 1 - a
    ta = tv[a]
    speed, opponent = ta.speed, tv[d].speed
    diff = speed - opponent
    threshold = ta.threshold
    hits = 1 + fm.extra_hits(diff, threshold)
    rec = t.rec
    rec.step("attack", "attack")
    rec.add_lazy("attack", ID[a], ID[d], "§10.1", _attack_values,
                 (hits, diff, threshold, cross, speed, opponent))
    hit(t, a, d, 0, cross)
    return hits


def _attack_values(hits: int, diff: int, threshold: int, cross: bool, speed: int,
                   opponent: int) -> dict[str, Any]:
    """The attack event's values (§10.1): the number of hits and its sum from the speed
    difference and the combo threshold (made when read)."""
    sums = {"diff": (("=", "speed", speed), ("-", "opponent_speed", opponent)),
            "hits": (("=", "diff", diff), ("//", "threshold", threshold, "§10.1"),
                     fm.AT_LEAST_ZERO, MOST_EXTRA, FIRST_HIT)}
    return {"hits": hits, "diff": diff, "threshold": threshold, "cross": cross, "sums": sums}


@implements("§10.5")
def extra_hits(t: DiceTable, a: int, hits: int, cross: bool) -> None:
    """Attacker ``a``'s hits after its first, each with its own N for comboCoef^N; they stop
    once the defender's LP is at 0 or below (§10.5)."""
    d = 1 - a
    defender = t.state.chars[d]
    for n in range(1, hits):
        if defender.lp_main + defender.lp_ex <= 0:  # LP (§16.1)
            t.rec.emit("hits_skipped", ID[a], ID[d], rule="§10.5", skipped=hits - n)
            break
        hit(t, a, d, n, cross)


@implements("§19", "§16.1", "§12.2", "§12.5")
def hit(t: DiceTable, a: int, d: int, n: int, cross: bool) -> None:
    """Hit ``n`` of attacker ``a`` on ``d``: damage (§19), EX LP first (§16.1), stun gauge
    (§12.2) or stun shortening (§12.5), then on-hit effects."""
    readings = t.readings
    st = t.state
    ta, td = st.tv[a], st.tv[d]
    sa, sd = t.sheets[a], t.sheets[d]
    ca, cd = st.chars[a], st.chars[d]
    first = n == 0
    r2 = st.r2
    assert r2 is not None
    a_red = 0 if (cross or td.on_square or cd.stunned) else td.own
    d_red = 0 if ta.on_square else ta.own
    parry = (0, 1)
    negate = False
    if td.parry and (td.parry == "all" or first):
        if readings.parry == "negate_first":
            negate = td.hits_taken == 0
        else:
            # D24: half own attack power, no range or combo; 攻撃低減値 from the attacker
            own_red = 0 if (cross or ta.on_square or ca.stunned) else ta.own
            power = (sd.atk + td.five + cd.stars) * max(0, td.atk_mult.at(first)) * (10 - own_red)
            pn, pd = td.atk_corr.at(first)
            parry = (power * pn, 2 * pd)
    atk_mult, def_mult = ta.atk_mult, td.def_mult
    atk_corr, def_corr, dmg_mult, taken_mult = ta.atk_corr, td.def_corr, ta.dmg_mult, td.taken_mult
    if first:
        # the first hit adds the 単 modifiers (D5); a factor none touched is its every-hit value
        atk_mult, def_mult = atk_mult.every + atk_mult.first, def_mult.every + def_mult.first
        atk_corr = atk_corr.every if atk_corr.first is ONE else atk_corr.at(True)
        def_corr = def_corr.every if def_corr.first is ONE else def_corr.at(True)
        dmg_mult = dmg_mult.every if dmg_mult.first is ONE else dmg_mult.at(True)
        taken_mult = taken_mult.every if taken_mult.first is ONE else taken_mult.at(True)
        combo = ONE
    else:
        atk_mult, def_mult = atk_mult.every, def_mult.every
        atk_corr, def_corr = atk_corr.every, def_corr.every
        dmg_mult, taken_mult = dmg_mult.every, taken_mult.every
        coef_n, coef_d = ta.coef
        combo = (coef_n ** n, coef_d ** n)
    # the attacker's numbers, then the defender's, then the 防御倍率 floor
    factors = (sa.atk, ta.five, ca.stars, atk_mult, a_red, atk_corr,
               fm.RANGE_FACTORS[r2], t.fav_factors[a][r2], combo,
               sd.defence, td.five, cd.stars, def_mult, d_red, def_corr,
               parry, dmg_mult, taken_mult, readings.def_mult_floor, t.exact, t.half_up)
    dmg = 0 if negate else fm.damage_value(*factors)
    td.hits_taken += 1
    from_ex = min(cd.lp_ex, dmg)
    cd.lp_ex -= from_ex
    cd.lp_main -= dmg - from_ex
    connects = dmg > 0 or readings.zero_damage_connects
    gauge_change = 0
    gauge_sum: tuple[Any, ...] | None = None
    if dmg > 0:
        td.took_damage = True
    if connects:
        if cd.stunned:
            td.shorten += fm.stun_shortening(dmg, readings.zero_damage_digits == "one")
        elif dmg > 0 or readings.zero_damage_digits == "none":
            # §12.2: a connecting 0-damage hit (D18) moves no gauge, 重撃 included
            heavy = bool(ta.on_hit) and any(row.heavy and (first or not single)
                                            for row, single in ta.on_hit)
            digits = fm.gauge_loss(dmg)
            loss = digits + (1 if heavy else 0)
            lost = None
            if readings.gauge_loss == "turn":
                # only the largest hit of the turn counts: charge what exceeds the rest
                lost = td.gauge_lost
                loss, td.gauge_lost = max(0, loss - lost), max(loss, lost)
            gauge_change = -loss
            gauge_sum = (cd.gauge, digits, heavy, lost)
            cd.gauge = max(0, cd.gauge + gauge_change)
    t.rec.add_lazy("hit", ID[a], ID[d], "§19", _hit_values,
                   (n, dmg, cd.lp_main + cd.lp_ex, cd.gauge, gauge_change, cross, r2, factors,
                    negate, gauge_sum))
    if connects and ta.on_hit:
        on_hit_effects(t, a, d, first)


def _hit_values(n: int, dmg: int, lp: int, gauge: int, gauge_change: int, cross: bool, r2: int,
                factors: tuple[Any, ...], negated: bool,
                gauge_sum: tuple[int, int, bool, int | None] | None) -> dict[str, Any]:
    """The hit event's values (§19, §12.2): the damage from its factors (those of
    :func:`formulas.damage_value`), negated (A16) or not, and the gauge's sum from the gauge
    before, the digits lost, 重撃 and what this turn's hits took already (``gauge_loss =
    turn``; None otherwise), None when the gauge did not move (made when read)."""
    terms = fm.damage_terms(*factors)
    if negated:
        terms += (NEGATED,)
    sums: dict[str, Any] = {"damage": terms}
    if gauge_sum is not None:
        before, digits, heavy, lost = gauge_sum
        gauge_terms: tuple[Any, ...] = (("=", "gauge_before", before),
                                        ("-", "gauge_digits", digits, "§12.2"))
        if heavy:
            gauge_terms += (HEAVY,)
        if lost is not None:
            gauge_terms += (("+", "lost_this_turn", lost), ("min", "gauge_before", before))
        sums["gauge"] = (*gauge_terms, fm.AT_LEAST_ZERO)
    return {"index": n, "damage": dmg, "lp": lp, "gauge": gauge, "gauge_change": gauge_change,
            "cross": cross, "range": fm.RANGE_TEXTS[r2], "sums": sums}


@implements("§1.6")
def on_hit_effects(t: DiceTable, a: int, d: int, first: bool) -> None:
    """The armed rows' ``on_hit`` (打ち上げ raises 浮き, 叩き落とし turns 浮き into ダウン);
    one that acts marks every on-hit ability of the turn exerted (§1.6)."""
    ta = t.state.tv[a]
    for row, single in ta.on_hit:
        if single and not first:
            continue
        if not row.on_hit(t, a, d):
            continue
        for act in ta.acts:
            if act.effect in ON_HIT_NAMES:
                act.exerted = True


@implements("§17.1", "§17.2")
def knockout(t: DiceTable) -> None:
    """After step 13, an LP at 0 or below ends the battle (§17.1, both down: §17.2)."""
    lp = [t.lp(0), t.lp(1)]
    if lp[0] <= 0 and lp[1] <= 0:
        if t.readings.double_ko == "higher_lp" and lp[0] != lp[1]:
            t.finish(0 if lp[0] > lp[1] else 1, Termination.DOUBLE_KNOCKOUT_LP, "§17.1")
        else:
            t.finish(None, Termination.DOUBLE_KNOCKOUT, "§17.1")
    else:
        t.finish(1 if lp[0] <= 0 else 0, Termination.KNOCKOUT, "§17.1")
