"""Steps 4–9 of the turn (§5): zone, selection, 奥義 pre-step, demerit squares, special and
slot abilities (§7, §8, §15.5, §16.2). Each function acts for one side ``c``."""

from __future__ import annotations

from kassen.core.rules import implements
from kassen.rulesets.dice import catalogue as cat
from kassen.rulesets.dice import constants as k
from kassen.rulesets.dice.catalogue import ABILITY_BY_JA
from kassen.rulesets.dice.catalogue_conditions import apply_demerit
from kassen.rulesets.dice.model import Ability, Act
from kassen.rulesets.dice.table import ID, DiceTable


@implements("§16.2")
def zone(t: DiceTable, c: int) -> None:
    """Step 4: the zone from LP now (§16.2); its passive is active if the zone matches."""
    ch = t.state.chars[c]
    lp = ch.lp_main + ch.lp_ex  # LP (§16.1)
    hi, lo = t.zone_bounds
    name = "序盤" if lp > hi else "中盤" if lp > lo else "終盤"
    ch.zone = name
    placed = t.sheets[c].zone
    active = placed is not None and placed[0] == name
    if active != ch.zone_active or t.state.turn == 1:
        t.rec.add("zone", ID[c], None, "§16.2", {"zone": name, "active": active,
                                                 "passive": placed[1] if placed else ""})
    ch.zone_active = active
    if active:
        on_zone = t.kits[c].on_zone
        if on_zone is not None:
            on_zone(t, c, k.ZONES.index(name))


@implements("§7.1")
def select(t: DiceTable, c: int) -> None:
    """Step 5: this turn's source (§7.1): stunned → none; else line → trigger → slot N."""
    sheet = t.sheets[c]
    ch = t.state.chars[c]
    tv = t.state.tv[c]
    src = tv.source
    line = sheet.line
    if ch.stunned:
        if (t.readings.line_while_stunned == "lost" and line is not None
                and not ch.line_used and ch.lp_main + ch.lp_ex <= line[0]):
            ch.line_used = True  # D30 alternative: the line passes while stunned
        t.rec.add("select", ID[c], None, "§7.1", {"source": "stunned", "slot": 0, "name": ""})
        return
    if line is not None and not ch.line_used and ch.lp_main + ch.lp_ex <= line[0]:  # LP (§16.1)
        ch.line_used = True
        src.kind, src.name = "line", line[1].label
    elif (sheet.trigger is not None and t.has_flag(1 - c, t.trigger_rows[c])
          and tv.vp0 >= 1 + t.kits[c].trigger_vp):
        src.kind, src.name = "trigger", sheet.trigger[1].label
    else:
        n = tv.n
        normal = t.kits[c].slots[n].normal  # type: ignore[union-attr]
        src.kind, src.slot = "slot", n
        src.name = normal.label if normal else ""
    t.rec.add("select", ID[c], None, "§7.1", {"source": src.kind, "slot": src.slot,
                                              "name": src.name})


@implements("§15.5")
def ougi_prestep(t: DiceTable, c: int) -> None:
    """Step 6: a 奥義 that activates clears bad flags and gives absAtkRight +1 (§15.5)."""
    tv = t.state.tv[c]
    ch = t.state.chars[c]
    if tv.source.kind != "slot":
        return
    ougi = t.kits[c].slots[tv.n].ougi  # type: ignore[union-attr]
    if ougi is None or not ch.ougi_available or ch.ougi_stars < ougi.stars:
        return
    tv.ougi = True
    tv.abs += 1
    t.rec.emit("ougi", ID[c], rule="§15.5", name=ougi.name, x=ch.ougi_stars)
    kinds = ("bad", "demerit") if t.readings.demerit_flags_are_bad else ("bad",)
    t.remove_flags(c, kinds, "奥義")


@implements("§8", "§8.3")
def demerit_square(t: DiceTable, c: int) -> None:
    """Step 7: the penalties of a demerit square (§8), unless デメリットガード pays (§8.3)."""
    tv = t.state.tv[c]
    kit = t.kits[c]
    if not kit.squares[tv.n]:
        return
    if not (tv.source.kind == "slot"
            or (t.state.chars[c].stunned and t.readings.stunned_square_penalty)):
        return
    if kit.demerit_guard and tv.vp0 >= 1:
        tv.guarded = True
        tv.vp_guard += 1
        t.rec.emit("demerit_guard", ID[c], rule="§8.3", slot=tv.n)
        return
    tv.on_square = True
    tv.right -= 1
    tv.def_corr.zero()
    tv.range_die = 0
    t.rec.emit("demerit_square", ID[c], rule="§8.1", slot=tv.n)
    t.remove_flags(c, ("good",), "demerit_square")


@implements("§18.2")
def special(t: DiceTable, c: int) -> None:
    """Step 8: the special ability of face S (§18.2); only 復帰 acts while stunned."""
    tv = t.state.tv[c]
    name = t.sheets[c].specials[tv.s - 1]
    if not name:
        return
    entry = cat.SPECIAL_BY_JA[name]
    if t.state.chars[c].stunned and not entry.while_stunned:
        return
    if t.vp_blocked(c, entry.vp):
        t.rec.emit("blocked", ID[c], rule="§7.6", name=name, why="vp")
        return
    exerted = entry.on_special(t, c, False)  # type: ignore[misc]
    tv.acts.append(Act(name, entry.vp, 0, exerted))
    t.rec.add("special", ID[c], None, "§18.2", {"name": name, "face": tv.s,
                                                "exerted": exerted})


@implements("§7.2")
def slot_abilities(t: DiceTable, c: int) -> None:
    """Step 9: 奥義 / star / normal / demerit / line / trigger ability of the source (§7.2)."""
    tv = t.state.tv[c]
    src = tv.source
    sheet = t.sheets[c]
    ch = t.state.chars[c]
    if src.kind == "none":
        return
    if src.kind == "line":
        activate(t, c, sheet.line[1], "line")  # type: ignore[index]
        return
    if src.kind == "trigger":
        activate(t, c, sheet.trigger[1], "trigger", extra=1)  # type: ignore[index]
        return
    slot = t.kits[c].slots[src.slot]
    assert slot is not None
    normal = slot.normal
    if tv.ougi:
        ougi = slot.ougi
        assert ougi is not None
        if tv.misfired and t.readings.misfire_ougi:
            # the 奥義 does not act and stays on the board; step 6 effects are locked in
            t.rec.emit("blocked", ID[c], rule="§7.7", name=ougi.name, why="misfire")
            return
        cat.OUGI_BY_JA[ougi.name].on_ougi(t, c, ch.ougi_stars)  # type: ignore[misc]
        tv.ougi_used = True
        t.rec.emit("ability", ID[c], rule="§15.5", name=ougi.name, column="ougi")
        if slot.based and normal is not None:
            activate(t, c, normal, "normal")
        return
    star = slot.star
    star_on = star is not None and ch.stars > star.need
    if star_on and t.readings.star_column == "if_empty" and normal is not None:
        star_on = False
    if star_on and star is not None:
        if tv.misfired:
            t.rec.emit("blocked", ID[c], rule="§7.7", name=star.ability.label,
                       why="misfire")
            if slot.based and normal is not None:
                activate(t, c, normal, "normal")
            return
        if (slot.based and normal is not None and t.readings.based_vp == "pair"
                and (star_vp := ABILITY_BY_JA[star.ability.name].vp) > 0
                and (normal_vp := ABILITY_BY_JA[normal.name].vp) > 0
                and t.vp_blocked(c, max(star_vp, normal_vp))):
            # §14.2: a based pair that both use VP needs the larger VP, else neither acts
            t.rec.emit("blocked", ID[c], rule="§14.2", name=star.ability.label,
                       why="vp")
            t.rec.emit("blocked", ID[c], rule="§14.2", name=normal.label, why="vp")
            return
        if not t.vp_blocked(c, ABILITY_BY_JA[star.ability.name].vp):
            if t.readings.star_spend == "at_use":
                t.lose_stars(c, star.use, "star_ability")
            else:
                tv.stars_due = star.use
            activate(t, c, star.ability, "star")
            if slot.based and normal is not None:
                activate(t, c, normal, "normal")
            return
        t.rec.emit("blocked", ID[c], rule="D11", name=star.ability.label, why="vp")
        if not t.readings.star_vp_fallback and not slot.based:
            return
    if normal is not None:
        activate(t, c, normal, "demerit" if t.kits[c].squares[src.slot] else "normal")


@implements("§7.8")
def activate(t: DiceTable, c: int, ability: Ability, column: str, extra: int = 0) -> None:
    """Activate one ability atomically (§7.8): VP gate, misfire, effect, derivations."""
    tv = t.state.tv[c]
    name = ability.label
    if tv.misfired:
        t.rec.emit("blocked", ID[c], rule="§7.7", name=name, why="misfire")
        return
    entry = ABILITY_BY_JA[ability.name]
    if t.vp_blocked(c, entry.vp + extra):
        t.rec.emit("blocked", ID[c], rule="§7.6", name=name, why="vp")
        return
    single = "単" in ability.derivations
    row = entry.flag
    if row is not None:
        if tv.guarded and t.readings.demerit_guard == "all":
            t.rec.emit("blocked", ID[c], rule="§8.3", name=name, why="guard")
            return
        t.rec.emit("ability", ID[c], rule="§18.5", name=name, column=column)
        apply_demerit(t, c, row)
        t.set_flag(c, row, 1)
        return
    on_activate = entry.on_activate
    exerted = on_activate(t, c, single) if on_activate is not None else False
    if entry.on_hit is not None:
        tv.on_hit.append((entry, single))  # exerted only when a hit connects
    derivations = ability.derivations
    if derivations:
        if "渡" in derivations:
            tv.right -= 1
            exerted = True
        if "開" in derivations:
            tv.def_corr.zero()
            exerted = True
    tv.acts.append(Act(name, entry.vp, extra, exerted, ability.name, single))
    t.rec.add("ability", ID[c], None, "§18.1", {"name": name, "column": column})

