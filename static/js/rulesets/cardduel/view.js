// The card duel (魔法学園カード対戦) table: per participant the hand (face up only for the
// viewing side), deck and discard, the card set face down, HP or MP and costumes; the field with
// owners; advantage counters; the step track B1–B9 (A1–A5 for the original procedure); round and
// battle counters; the last damage check and happenings. Also readable labels for the duel's
// decisions (describeOption / describeRequest) for the person-play panel.
//
// Hidden information: a card the viewing side cannot see is drawn as a back and its code never
// enters the DOM (no text, no attribute). "All cards open" (for replays) shows everything.
import { el, fill } from "../../dom.js";
import { t } from "../../i18n.js";
import { RED, STATUS, STEPS, SUIT, cardText, costumeOf, isJoker, rankOf, useGlossary, word } from "./words.js";

export { cardText } from "./words.js";
export { decisionContext, decisionTitle, describeOption, describeRequest, optionLabel } from "./decide.js";
export const css = "static/js/rulesets/cardduel/view.css";
/** What a step's `turn` counts here: a battle of the match (§5). */
export const turnWord = { ja: "バトル", en: "Battle" };


/** A small CSS card: face up (code) or a back (code null: nothing about the card in the DOM). */
function card(code, { cls = "", lang = "ja", label = null } = {}) {
  if (!code) {
    return el("span", { class: `cd-card back ${cls}`.trim(), role: "img", "aria-label": label || word(lang, "back") });
  }
  const joker = isJoker(code);
  const colour = joker ? "joker" : RED.has(code[0]) ? "red" : "black";
  return el("span", { class: `cd-card face ${colour} ${cls}`.trim(), role: "img", dataset: { card: code },
    "aria-label": label ? `${cardText(code)} ${label}` : cardText(code) },
  el("span", { class: "rank", "aria-hidden": "true", text: joker ? "JK" : rankOf(code) }),
  el("span", { class: "suit", "aria-hidden": "true", text: joker ? "★" : SUIT[code[0]] }));
}

// -- state kept between renders -------------------------------------------------------------
const prefs = { side: null, open: false };
let last = { battle: null, index: -1 };
let current = null; // {board, step, ctx} of the last render, for re-rendering on a control change

/** The side a person plays in `battle` (they see their own cards), else the kept choice or 0. */
function defaultSide(battle, kept) {
  const policies = battle?.record?.policies;
  if (Array.isArray(policies)) {
    const person = policies.findIndex((p) => p === null);
    if (person >= 0) return person;
  }
  return kept ?? 0;
}

function rerender(focusId) {
  if (!current) return;
  render(current.board, current.step, { ...current.ctx, rerender: true });
  if (focusId) document.getElementById(focusId)?.focus();
}

// -- pieces ------------------------------------------------------------------------------------
function sideName(lang, side) {
  const key = side === 0 ? "sideA" : "sideB";
  const name = t(key);
  return name === key ? word(lang, "sideN", { n: side + 1 }) : name;
}

function controls(lang, view, locked = false) {
  const select = el("select", { id: "cd-viewer-side", onchange: (e) => {
    prefs.side = Number(e.target.value);
    rerender("cd-viewer-side");
  } }, [0, 1].map((s) => el("option", { value: String(s), text: sideName(lang, s) })));
  select.value = String(prefs.side);
  const open = el("input", { type: "checkbox", id: "cd-open", onchange: (e) => {
    prefs.open = e.target.checked;
    rerender("cd-open");
  } });
  open.checked = prefs.open;
  const proc = view.procedure === "original";
  return el("div", { class: "cd-bar" },
    locked ? null : el("span", { class: "cd-ctl" }, el("label", { for: "cd-viewer-side", text: word(lang, "viewing") }), select),
    locked ? null : el("span", { class: "cd-ctl" }, open, el("label", { for: "cd-open", text: word(lang, "allOpen") })),
    el("span", { class: "cd-counters" },
      el("span", { class: "cd-counter", dataset: { counter: "battle" } },
        word(lang, proc ? "battleA" : "battle"), " ", el("b", { text: String(view.battle ?? 0) })),
      el("span", { class: "cd-counter", dataset: { counter: "round" } },
        word(lang, proc ? "roundA" : "round"), " ", el("b", { text: String(view.round ?? 0) }))));
}

function track(lang, view) {
  const steps = STEPS[view.procedure === "original" ? "original" : "revised"];
  let lit = view.phase;
  if (lit === "storm") lit = steps === STEPS.original ? "A2" : "B6";
  const name = steps.includes(lit) ? `${lit} ${word(lang, lit)}` : word(lang, view.phase ?? "");
  return el("div", { class: "cd-track-wrap" },
    el("ol", { class: "cd-track", "aria-label": word(lang, "steps") }, steps.map((s) => el("li", {
      dataset: { step: s }, title: word(lang, s), "aria-current": s === lit ? "step" : null,
    }, el("span", { class: "cd-step-id", text: s }), el("span", { class: "cd-step-name", text: word(lang, s) })))),
    el("p", { class: "cd-step-now", "aria-live": "polite" },
      view.phase === "storm" ? el("span", { class: "cd-storm-tag", text: word(lang, "storm") }) : null, name));
}

function meter(cls, value, max, label) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (100 * value) / max)) : 0;
  const bar = el("div", { class: `cd-meter ${cls}${pct <= 25 ? " low" : ""}`, role: "meter", "aria-label": label,
    "aria-valuemin": 0, "aria-valuemax": Math.max(max, value), "aria-valuenow": value }, el("span"));
  bar.firstChild.style.width = `${pct}%`;
  return bar;
}

function lostCostumes(start, now) {
  const left = [...now];
  const lost = [];
  for (const c of start) {
    const i = left.indexOf(c);
    if (i >= 0) left.splice(i, 1);
    else lost.push(c);
  }
  return lost;
}

function costumeChip(lang, key, lost = false) {
  const c = costumeOf(key);
  const title = lang === "en" ? `${c.en} (${c.ja}): MP +${c.mp} / ${c.cards} cards` : `${c.ja}: MP+${c.mp} / 手札+${c.cards}`;
  return el("span", { class: `cd-costume${lost ? " lost" : ""}`, title, dataset: { costume: key } },
    lang === "en" ? c.en : c.ja, el("small", { text: ` ${c.mp}/${c.cards}` }));
}

function sourceWord(lang, source) {
  return word(lang, { hand: "fromHand", deck: "fromDeck", field: "fromField" }[source] || source);
}

function memberPanel(m, side, env) {
  const { lang, view, prev, shown, animate, events, startView } = env;
  const visible = shown(side);
  const warrior = m.role === "warrior";
  const pm = prev?.sides?.[side]?.members?.find((x) => x.id === m.id);
  const parts = [];
  const statuses = Object.keys(m.statuses || {});
  parts.push(el("div", { class: "cd-who" },
    el("span", { class: "cd-name", text: m.name }),
    el("span", { class: `cd-role ${m.role}`, text: word(lang, m.role) }),
    el("span", { class: "cd-stats", text: `${word(lang, "th")} ${m.threshold}${m.fav?.length ? ` ${m.fav.map((s) => SUIT[s]).join("")}` : ""}`,
      title: word(lang, "thTitle") }),
    statuses.map((s) => el("span", { class: "badge cd-status", text: STATUS[s]?.[lang] ?? s }))));

  const res = el("div", { class: "cd-res" });
  if (warrior) {
    res.append(el("span", { class: "cd-num", dataset: { hp: String(m.hp) } }, "HP ", el("b", { text: String(m.hp) }), `/${m.max_hp}`),
      meter("hp", m.hp, m.max_hp, "HP"),
      el("span", { class: `cd-right${m.right ? "" : " off"}`, text: word(lang, m.right ? "right" : "noRight") }));
    if (animate && pm && pm.hp > m.hp) res.append(el("span", { class: "cd-float", "aria-hidden": "true", text: `−${pm.hp - m.hp}` }));
  } else {
    res.append(el("span", { class: "cd-num", dataset: { mp: String(m.mp), maxMp: String(m.max_mp) } },
      "MP ", el("b", { text: String(m.mp) }), `/${m.max_mp}`),
    meter("mp", m.mp, m.max_mp, "MP"));
    if (animate && pm && pm.mp !== m.mp) {
      const d = m.mp - pm.mp;
      res.append(el("span", { class: `cd-float${d > 0 ? " up" : ""}`, "aria-hidden": "true", text: d > 0 ? `+${d}` : `−${-d}` }));
    }
  }
  parts.push(res);
  if (!warrior) {
    const startM = startView?.sides?.[side]?.members?.find((x) => x.id === m.id);
    const lost = lostCostumes(startM?.costumes || [], m.costumes || []);
    parts.push(el("div", { class: "cd-costumes", "aria-label": word(lang, "costumes") },
      el("span", { class: "cd-label", text: word(lang, "costumes") }),
      (m.costumes || []).map((c) => costumeChip(lang, c)),
      lost.map((c) => costumeChip(lang, c, true))));
  }

  // zones: deck, discard, the face-down card, the revealed card of this step
  const zones = el("div", { class: "cd-zones" });
  zones.append(el("div", { class: "cd-zone cd-deck", dataset: { deck: String(m.deck_count) } },
    el("span", { class: "cd-label", text: word(lang, "deck") }),
    el("span", { class: "cd-stack", "aria-hidden": "true" }, card(null, { lang })),
    el("b", { class: "cd-count", text: String(m.deck_count) })));
  const discard = m.discard || [];
  zones.append(el("div", { class: "cd-zone cd-discard", dataset: { discard: String(discard.length) } },
    el("span", { class: "cd-label", text: word(lang, "discard") }),
    discard.length ? card(discard[discard.length - 1], { lang, cls: "mini" }) : null,
    el("b", { class: "cd-count", text: String(discard.length) })));
  const down = (view.face_down || []).filter((f) => f.member === m.id);
  const wasDown = new Set((prev?.face_down || []).filter((f) => f.member === m.id).map((f) => f.source));
  for (const f of down) {
    const seen = prefs.open || (visible && f.source !== "deck");
    zones.append(el("div", { class: "cd-zone cd-set", dataset: { set: f.source } },
      el("span", { class: "cd-label", text: word(lang, "set") }),
      card(seen ? f.card : null, { lang, cls: `down${animate && !wasDown.has(f.source) ? " enter" : ""}` }),
      el("small", { text: f.source === "deck" && !prefs.open ? word(lang, "blind") : sourceWord(lang, f.source) })));
  }
  // revealed this step: the attack (played) or the enchant card (events)
  const played = (view.played || []).find((p) => p && p.member === m.id);
  if (warrior && played) {
    const flip = animate && events.some((e) => e.kind === "attack_reveal" && e.actor === m.id);
    const verdict = played.card === null || played.outcome === "none" ? "passed" : played.outcome === "ok" ? "valid" : "invalid";
    zones.append(el("div", { class: `cd-zone cd-played ${verdict}`, dataset: { outcome: played.outcome ?? "none" } },
      el("span", { class: "cd-label", text: word(lang, "attack") }),
      played.card ? card(played.card, { lang, cls: flip ? "flip" : "" }) : null,
      el("small", { class: "cd-verdict", text: `${verdict === "valid" ? "✓ " : verdict === "invalid" ? "✗ " : ""}${word(lang, verdict)}${played.card ? ` · ${word(lang, "value")} ${played.value}` : ""}` })));
  }
  for (const e of events) {
    if (e.actor !== m.id || !["enchant_on", "enchant_off", "enchant_placed"].includes(e.kind)) continue;
    const v = e.values || {};
    const verdict = v.duplicate ? "duplicate" : e.kind === "enchant_on" || v.valid ? "valid" : "invalid";
    zones.append(el("div", { class: `cd-zone cd-played ${verdict}`, dataset: { outcome: verdict } },
      el("span", { class: "cd-label", text: word(lang, "enchant") }),
      v.card ? card(v.card, { lang, cls: animate ? "flip" : "" }) : null,
      el("small", { class: "cd-verdict", text: `${verdict === "valid" ? "✓ " : verdict === "invalid" ? "✗ " : "! "}${word(lang, verdict)}` })));
  }
  parts.push(zones);

  // the hand
  const hand = m.hand || [];
  const count = m.hand_count ?? hand.length;
  const handBox = el("div", { class: `cd-hand${visible || prefs.open ? " open" : " hidden"}`,
    dataset: { member: m.id, count: String(count) }, "aria-label": `${m.name} ${word(lang, "hand")} ${count}` });
  if (visible || prefs.open) {
    for (const [i, c] of hand.entries()) {
      const ok = m.hand_valid?.[i] ?? true;
      handBox.append(card(c, { lang, cls: ok ? "" : "weak", label: ok ? "" : word(lang, "invalid") }));
    }
  } else {
    for (let i = 0; i < count; i += 1) handBox.append(card(null, { lang }));
  }
  parts.push(el("div", { class: "cd-hand-row" },
    el("span", { class: "cd-label", text: `${word(lang, "hand")} ${count}` }), handBox));

  // "member" is the generic participant-panel class (e2e/test_page.py counts them)
  return el("article", { class: `cd-member member ${m.role}${statuses.includes("気絶") ? " fainted" : ""}`,
    dataset: { member: m.id }, "aria-label": m.name }, parts);
}

function sidePanel(side, env) {
  const { lang, view, prev, animate } = env;
  const s = view.sides[side];
  const adv = s.advantage ?? 0;
  const gained = animate && prev && (prev.sides?.[side]?.advantage ?? 0) < adv;
  const viewing = side === prefs.side;
  return el("section", { class: `cd-side${viewing ? " viewing" : ""}`, dataset: { side: String(side) },
    "aria-label": sideName(lang, side) },
  el("header", { class: "cd-side-head" },
    el("h3", { text: sideName(lang, side) }),
    el("span", { class: `cd-adv${gained ? " gain" : ""}`, dataset: { adv: String(adv) },
      title: word(lang, "adv") },
    el("span", { class: "cd-label", text: word(lang, "adv") }), el("b", { text: String(adv) }),
    el("span", { class: "cd-pips", "aria-hidden": "true" }, Array.from({ length: Math.min(adv, 10) }, () => el("i")))),
    el("span", { class: "cd-dealt", text: `${word(lang, "dealt")} ${s.damage_dealt ?? 0}` })),
  el("div", { class: "cd-members" }, s.members.map((m) => memberPanel(m, side, env))));
}

function fieldPanel(env) {
  const { lang, view, names, prev, animate } = env;
  const before = prev?.field?.length ?? 0;
  const playedCards = new Set((view.played || []).filter(Boolean).map((p) => p.card));
  const lanes = [0, 1].map((team) => {
    const cards = view.field.map((f, i) => ({ ...f, i })).filter((f) => f.team === team);
    return el("div", { class: "cd-lane", dataset: { team: String(team) } },
      el("span", { class: "cd-label", text: word(lang, "fieldOf", { side: sideName(lang, team) }) }),
      el("ul", { class: "cd-field-cards" }, cards.length ? cards.map((f) => {
        // validity against the owner: attack and storm cards, and (original procedure) enchant
        // cards, which stay whether valid or not; happening cards skip the tests (§5.3.2 b)
        const ok = f.valid ?? null;
        const kind = f.kind === "storm" ? "stormCard" : f.kind;
        const fresh = animate && f.i >= before;
        return el("li", { class: `cd-fcard ${f.kind}${f.used ? " used" : ""}${playedCards.has(f.card) ? " hot" : ""}`,
          dataset: { card: f.card, owner: f.owner } },
        card(f.card, { lang, cls: fresh ? "flip" : "" }),
        ok === null ? null : el("span", { class: `cd-valid ${ok ? "ok" : "bad"}`, dataset: { valid: String(ok) },
          title: word(lang, ok ? "valid" : "invalid"), "aria-label": word(lang, ok ? "valid" : "invalid"), text: ok ? "✓" : "✗" }),
        el("span", { class: "cd-owner", text: names[f.owner] ?? f.owner }),
        el("span", { class: "cd-kind", text: word(lang, kind) }),
        f.used ? el("span", { class: "cd-kind cd-used", text: word(lang, "used") }) : null);
      }) : el("li", { class: "muted cd-empty", text: word(lang, "emptyField") })));
  });
  return el("section", { class: "cd-field", "aria-label": word(lang, "field") }, lanes);
}

function happeningsPanel(env, step) {
  const { lang, view, prev, names, animate } = env;
  const now = view.happenings || [];
  const before = prev?.happenings || [];
  const isPrefix = before.length <= now.length && before.every((h, i) => JSON.stringify(h) === JSON.stringify(now[i]));
  const fresh = isPrefix ? now.slice(before.length) : now;
  const out = [];
  for (const h of fresh) {
    if (h.kind === "emotion") {
      out.push(el("div", { class: `cd-banner emotion${animate ? " pop" : ""}`, dataset: { happening: "emotion" } },
        el("strong", { text: word(lang, "emotion") }), ` ${names[h.member] ?? h.member} `, card(h.card, { lang, cls: "mini" })));
    } else if (h.kind === "storm") {
      out.push(el("div", { class: `cd-banner storm${animate ? " pop" : ""}`, dataset: { happening: "storm" } },
        el("strong", { text: word(lang, "stormOn") })));
    }
  }
  if (view.storm && (view.phase === "storm" || fresh.some((h) => h.kind === "storm"))) {
    const S = view.storm.S ?? 0;
    const prevS = prev?.storm?.S;
    out.push(el("div", { class: "cd-banner storm pool", dataset: { pool: String(S) } },
      el("span", { text: `${word(lang, "storm")} — ${word(lang, "pool")} ` }), el("b", { text: `S = ${S}` }),
      el("span", { class: "cd-pool", "aria-hidden": "true" }, Array.from({ length: Math.min(S, 30) }, () => el("i"))),
      animate && typeof prevS === "number" && prevS !== S ? el("span", { class: "cd-float", "aria-hidden": "true", text: `${S - prevS > 0 ? "+" : "−"}${Math.abs(S - prevS)}` }) : null));
  }
  if (view.last_damage && step.kind === "last_damage") {
    const d = view.last_damage;
    out.push(el("div", { class: `cd-banner damage${animate ? " pop" : ""}`, dataset: { damage: d.damage.join(":") } },
      el("strong", { text: word(lang, "lastDamage") }),
      ` ${word(lang, "adv")} ${d.adv.join(" : ")} → `,
      el("b", { text: `${lang === "en" ? "damage" : "ダメージ"} ${d.damage.join(" : ")}` })));
  }
  if (view.over) {
    const who = view.winner === 0 || view.winner === 1 ? word(lang, "winner", { side: sideName(lang, view.winner) }) : word(lang, "draw");
    out.push(el("div", { class: "cd-banner over" }, el("strong", { text: word(lang, "over") }), ` ${who}`));
  }
  const chips = now.length ? el("p", { class: "cd-happened" },
    el("span", { class: "cd-label", text: word(lang, "happenings") }),
    now.map((h) => el("span", { class: `cd-chip ${h.kind}`, text: h.kind === "emotion"
      ? `${lang === "en" ? "Emotion" : "エモーション"}: ${names[h.member] ?? h.member} ${cardText(h.card)}` : word(lang, "storm") }))) : null;
  return el("div", { class: "cd-news", "aria-live": "polite" }, out, chips);
}

// -- render ------------------------------------------------------------------------------------
/** Draw the table for one step. */
export function render(board, step, ctx) {
  const lang = ctx.lang === "en" ? "en" : "ja";
  const battle = ctx.battle;
  useGlossary(battle?.glossary);
  const view = step?.view;
  if (!view?.sides) { fill(board); return; }
  if (!ctx.rerender && last.battle !== battle) prefs.side = defaultSide(battle, prefs.side);
  const locked = Number.isInteger(battle?.game?.viewer);  // a game between people: own hand only
  if (locked) { prefs.side = battle.game.viewer; prefs.open = false; }
  const animate = !ctx.rerender && last.battle === battle && ctx.index === last.index + 1;
  const prev = ctx.index > 0 ? battle?.steps?.[ctx.index - 1]?.view : null;
  current = { board, step, ctx: { ...ctx, rerender: false } };
  if (!ctx.rerender) last = { battle, index: ctx.index };
  const names = {};
  for (const s of view.sides) for (const m of s.members) names[m.id] = m.name;
  const env = { lang, view, prev, names, animate, events: step.events || [],
    startView: battle?.steps?.[0]?.view, shown: (side) => side === prefs.side };
  const order = prefs.side === 1 ? [0, 1] : [1, 0]; // the viewing side sits at the bottom
  fill(board, el("div", { class: "cd", dataset: { viewing: String(prefs.side), open: String(prefs.open),
    phase: String(view.phase ?? "") } },
  controls(lang, view, locked), track(lang, view), happeningsPanel(env, step),
  el("div", { class: "cd-table" }, sidePanel(order[0], env), fieldPanel(env), sidePanel(order[1], env))));
}
