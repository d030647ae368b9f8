// マーガレット2011α (marguerite) battle view: each party as a line, front first (a built 剣師
// steps in at the front); per 剣師 HP bar against max HP, 攻/防/速, MP, AP and 予備AP, statuses as
// counted badges, the sword list as chips (code, used or unused, enchantments, リミ, activation
// turn) with the executing sword lit; exited 剣師 in a tray (they count for the overkill judge);
// the turn counter and the phase track (行動回数決定 → 状態効果 → 行動, turn 0 marked).
//
// The beats of a step come from its events: damage / healing numbers floating up from the 剣師
// hit, reflection (an arrow from the reflector back to the attacker), guard halving (a shield
// with ½), statuses gained (pop) and lost (fade), death, exit and a new 剣師 stepping in. All of
// it is CSS and turned off under prefers-reduced-motion (marguerite.css).
import { el, fill } from "../../dom.js";
import { ENCHANT, ENCHANT_EN, KINDS, PHASES, REASON_KEY, enchantName, isBad, kindName, statusLabel, statusName, useGlossary,
  word } from "./words.js";

export const css = "static/js/rulesets/marguerite/view.css";

const FLOAT_CAP = 5;

// -- state kept between renders ----------------------------------------------------------------
let last = { battle: null, index: -1 };
let legendOpen = false;

// -- helpers -----------------------------------------------------------------------------------
const pct = (value, max) => (max > 0 ? Math.max(0, Math.min(100, (100 * value) / max)) : 0);

/** Every 剣師 of a view by id: {m, side, where: "line" | "exited", pos}. */
function index(view) {
  const out = new Map();
  (view?.sides || []).forEach((s, side) => {
    (s.members || []).forEach((m, pos) => out.set(m.id, { m, side, where: "line", pos }));
    (s.exited || []).forEach((m, pos) => out.set(m.id, { m, side, where: "exited", pos }));
  });
  return out;
}

/** The beats of a step per 剣師 id, read from its events. */
function beats(events, prevIdx) {
  const by = new Map();
  const of = (id) => {
    if (!by.has(id)) by.set(id, { floats: [], gained: new Map(), lost: new Set(), guard: [], reflect: [],
      reflected: [], died: false, exited: false, built: false, revived: false });
    return by.get(id);
  };
  for (const e of events || []) {
    const v = e.values || {};
    switch (e.kind) {
      case "damage": of(e.target).floats.push({ kind: "damage", amount: v.amount, text: `−${v.amount}` }); break;
      case "poison": of(e.target).floats.push({ kind: "poison", amount: v.amount, text: `−${v.amount}` }); break;
      case "heal": case "hp_up": of(e.target).floats.push({ kind: "heal", amount: v.amount, text: `+${v.amount}` }); break;
      case "hp_set": {
        const before = prevIdx.get(e.target)?.m?.hp;
        const d = typeof before === "number" ? v.hp - before : null;
        of(e.target).floats.push({ kind: "heal", amount: d ?? v.hp, text: d === null ? `=${v.hp}` : `+${d}` });
        break;
      }
      case "mp_damage": of(e.target).floats.push({ kind: "mp", amount: v.amount, text: `MP−${v.amount}` }); break;
      case "mp": of(e.target).floats.push({ kind: "mp-up", amount: v.amount, text: `MP+${v.amount}` }); break;
      case "status_gain": {
        const b = of(e.target);
        const ja = statusName(v.status);
        b.gained.set(ja, (b.gained.get(ja) || 0) + (v.n ?? 1));
        break;
      }
      case "status_lost": of(e.target).lost.add(statusName(v.status)); break;
      case "guard": of(e.actor).guard.push({ before: v.before, amount: v.amount, attacker: e.target }); break;
      case "reflect":
        of(e.actor).reflect.push({ to: e.target });
        of(e.target).reflected.push({ from: e.actor });
        break;
      case "death": of(e.actor).died = true; break;
      case "exit": of(e.actor).exited = true; break;
      case "revive": of(e.actor).revived = true; break;
      case "build": of(e.target).built = true; break;
      default: break;
    }
  }
  return by;
}

function signed(d) {
  return d > 0 ? `+${d}` : `−${-d}`;
}

// -- pieces ------------------------------------------------------------------------------------
function hpBar(lang, m, before) {
  const now = pct(m.hp, m.max_hp);
  const was = typeof before === "number" ? pct(before, m.max_hp) : now;
  const fill_ = el("span", { class: "mg-hp-fill" });
  fill_.style.width = `${now}%`;
  const trail = el("span", { class: `mg-hp-trail${was > now ? " go" : ""}` });
  trail.style.setProperty("--from", `${was}%`);
  trail.style.setProperty("--to", `${now}%`);
  trail.style.width = `${was > now ? now : 0}%`;
  return el("div", { class: `mg-hpbar${now <= 25 ? " low" : ""}${m.hp <= 0 ? " zero" : ""}`, role: "meter",
    "aria-label": `HP ${m.hp}/${m.max_hp}`, "aria-valuemin": 0, "aria-valuemax": Math.max(m.max_hp, m.hp),
    "aria-valuenow": m.hp, dataset: { pct: String(Math.round(now)) } }, trail, fill_);
}

function statBox(lang, key, value, before) {
  const changed = typeof before === "number" && before !== value;
  return el("span", { class: `mg-stat${changed ? (value > before ? " up" : " down") : ""}`,
    dataset: { stat: key, value: String(value) }, title: changed ? `${before} → ${value}` : null },
  el("span", { class: "mg-k", text: word(lang, key) }), el("b", { text: String(value) }),
  changed ? el("span", { class: "mg-delta", "aria-hidden": "true", text: value > before ? "▲" : "▼" }) : null);
}

function badges(lang, statuses, prevStatuses, beat) {
  const now = statuses || {};
  const before = prevStatuses || {};
  const out = Object.entries(now).map(([ja, n]) => {
    const was = before[ja] ?? 0;
    const pop = beat?.gained?.has(ja) || n > was;
    const drop = !pop && n < was;
    return el("span", { class: `mg-status${isBad(ja) ? " bad" : ""}${pop ? " pop" : ""}${drop ? " drop" : ""}`,
      dataset: { status: ja, count: String(n) }, title: ja },
    statusLabel(lang, ja), n > 1 || ja !== "挑発" ? el("b", { text: `×${n}` }) : null);
  });
  for (const [ja, was] of Object.entries(before)) {
    if (now[ja]) continue;
    out.push(el("span", { class: `mg-status lost${isBad(ja) ? " bad" : ""}`, dataset: { status: ja, count: "0", lost: String(was) },
      title: ja }, statusLabel(lang, ja), el("b", { text: "×0" })));
  }
  return el("div", { class: "mg-statuses", role: "group", "aria-label": word(lang, "statuses") },
    out.length ? out : el("span", { class: "mg-none", text: "—" }));
}

function swordChip(lang, s, turn, i) {
  const kind = KINDS[s.kind] ?? "attack";
  const marks = Object.entries(s.enchants || {}).map(([k, n]) => {
    const [ja, en] = [enchantName("ja", k), enchantName("en", k)];
    return el("span", { class: `mg-ench e-${k}`, dataset: { enchant: k, count: String(n) },
      title: lang === "en" ? `${en}${n > 1 ? ` ×${n}` : ""}` : `${ja}${n > 1 ? `×${n}` : ""}` },
    (lang === "en" ? ENCHANT_EN : ENCHANT)[k] ?? k, n > 1 ? el("sup", { text: String(n) }) : null);
  });
  const waiting = typeof turn === "number" && s.start > turn;
  const parts = [s.name, kindName(lang, s.kind), word(lang, "start", { n: s.start }),
    word(lang, s.used ? "used" : "unused"), s.limited ? word(lang, "limited") : null,
    ...Object.keys(s.enchants || {}).map((k) => enchantName(lang, k)),
    s.executing ? word(lang, "executing") : null, s.count > 1 ? word(lang, "run", { n: s.count }) : null].filter(Boolean);
  return el("li", { class: `mg-sword k-${kind}${s.used ? " used" : ""}${s.executing ? " exec" : ""}${waiting ? " waiting" : ""}${s.limited ? " limited" : ""}${s.count > 1 ? " run" : ""}`,
    dataset: { code: s.code, used: String(Boolean(s.used)), executing: String(Boolean(s.executing)),
      start: String(s.start), limited: String(Boolean(s.limited)), pos: String(i), ...(s.count > 1 ? { count: String(s.count) } : {}) },
    title: parts.join(" · "), "aria-label": parts.join(" ") },
  el("span", { class: "mg-code", "aria-hidden": "true", lang: "ja", text: s.code }),  // the build's own letter
  marks.length ? el("span", { class: "mg-marks", "aria-hidden": "true" }, marks) : null,
  s.limited ? el("span", { class: "mg-limi", "aria-hidden": "true", text: word(lang, "limiLetter") }) : null,
  el("span", { class: "mg-start", "aria-hidden": "true", text: String(s.start) }),
  s.count > 1 ? el("span", { class: "mg-count", "aria-hidden": "true", text: `×${s.count}` }) : null);
}

/** Where a vanished executing sword was in the previous list (or -1): the first place where
 * taking a sword of that code out of the previous list leaves the current one (linear: the
 * place lies between the common suffix and the end of the common prefix). Lists drawn as
 * counted runs (past the log budget) do not say where inside a run a sword was: -1. */
function vanishedAt(prevSwords, swords, code) {
  if (!prevSwords || prevSwords.length !== swords.length + 1) return -1;
  if ([prevSwords, swords].some((list) => list.some((s) => s.count > 1 || s.more))) return -1;
  let prefix = 0;
  while (prefix < swords.length && prevSwords[prefix].code === swords[prefix].code) prefix += 1;
  let from = swords.length;
  while (from > 0 && prevSwords[from].code === swords[from - 1].code) from -= 1;
  for (let i = from; i <= prefix; i += 1) if (prevSwords[i].code === code) return i;
  return -1;
}

function swordList(lang, m, prevM, turn) {
  let at = 0; // a chip's place in the list (a counted chip stands for `count` swords)
  const chips = (m.swords || []).map((s) => {
    if (s.more) return el("li", { class: "mg-more", dataset: { more: String(s.more) }, text: word(lang, "moreSwords", { n: s.more }) });
    const chip = swordChip(lang, s, turn, at);
    at += s.count || 1;
    return chip;
  });
  const ex = m.executing;
  if (ex && ex.vanished) {
    const ghost = el("li", { class: "mg-sword exec vanished", dataset: { code: ex.code, executing: "true", vanished: "true" },
      title: `${ex.name} · ${word(lang, "executing")} · ${word(lang, "vanished")}`,
      "aria-label": `${ex.name} ${word(lang, "executing")} ${word(lang, "vanished")}` },
    el("span", { class: "mg-code", "aria-hidden": "true", lang: "ja", text: ex.code }));
    const at = vanishedAt(prevM?.swords, m.swords || [], ex.code);
    chips.splice(at < 0 ? 0 : at, 0, ghost);
  }
  return el("ol", { class: "mg-swords", "aria-label": word(lang, "swords") },
    chips.length ? chips : el("li", { class: "mg-none", text: word(lang, "noSwords") }));
}

function floats(lang, beat) {
  if (!beat?.floats?.length) return null;
  const shown = beat.floats.slice(0, FLOAT_CAP);
  const rest = beat.floats.slice(FLOAT_CAP);
  const nodes = shown.map((f, i) => {
    const node = el("span", { class: `mg-float ${f.kind}`, dataset: { kind: f.kind, amount: String(f.amount) },
      text: f.text });
    node.style.setProperty("--i", String(i));
    return node;
  });
  if (rest.length) {
    const hp = rest.filter((f) => f.kind !== "mp" && f.kind !== "mp-up")
      .reduce((a, f) => a + (f.kind === "heal" ? f.amount : -f.amount), 0);
    const node = el("span", { class: "mg-float more", dataset: { kind: "more", count: String(rest.length) },
      text: `${word(lang, "more", { n: rest.length })} (${word(lang, "sum")} ${signed(hp)})` });
    node.style.setProperty("--i", String(shown.length));
    nodes.push(node);
  }
  return el("div", { class: "mg-floats", "aria-hidden": "true" }, nodes);
}

function beatTags(lang, beat, names) {
  if (!beat) return null;
  const tags = [];
  for (const g of beat.guard) {
    tags.push(el("span", { class: "mg-tag mg-guard", dataset: { before: String(g.before), amount: String(g.amount) },
      title: `${word(lang, "guard")}: ${g.before} → ${g.amount}` },
    el("span", { class: "mg-shield", "aria-hidden": "true", text: "½" }),
    el("span", { text: `${g.before}→${g.amount}` })));
  }
  for (const r of beat.reflect) {
    tags.push(el("span", { class: "mg-tag mg-reflect", dataset: { to: r.to } },
      el("span", { class: "mg-bounce", "aria-hidden": "true", text: "↩" }),
      `${word(lang, "reflect")} → ${names[r.to] ?? r.to}`));
  }
  if (beat.revived) tags.push(el("span", { class: "mg-tag mg-revive", text: word(lang, "revive") }));
  if (beat.built) tags.push(el("span", { class: "mg-tag mg-built", text: word(lang, "enter") }));
  return tags.length ? el("div", { class: "mg-tags" }, tags) : null;
}

function memberCard(lang, m, pos, env) {
  const { prevIdx, beat, names, turn, animate } = env;
  const prev = prevIdx.get(m.id);
  const pm = prev?.where === "line" ? prev.m : null;
  const entering = !prev && prevIdx.size > 0;
  const cls = ["mg-member", "member", m.dead ? "dead" : "", m.built ? "built" : "",
    entering ? "enter" : "", beat?.reflect?.length ? "reflecting" : "", beat?.reflected?.length ? "reflected" : "",
    beat?.floats?.some((f) => f.kind === "damage" || f.kind === "poison") ? "hit" : "",
    beat?.died ? "dying" : "", animate ? "live" : ""].filter(Boolean).join(" ");
  const posText = pos === 0 ? word(lang, "front") : word(lang, "pos", { n: pos + 1 });
  return el("article", { class: cls, dataset: { member: m.id, pos: String(pos), hp: String(m.hp),
    maxHp: String(m.max_hp), dead: String(Boolean(m.dead)) }, "aria-label": `${m.name} (${posText})` },
  el("header", { class: "mg-who" },
    el("span", { class: `mg-pos${pos === 0 ? " front" : ""}`, text: posText }),
    el("span", { class: "mg-name", text: m.name }),
    m.built ? el("span", { class: "mg-flag built", text: word(lang, "built") }) : null,
    m.dead ? el("span", { class: "mg-flag dead", text: word(lang, "dead") }) : null),
  el("div", { class: "mg-hprow" },
    el("span", { class: `mg-hpnum${m.hp <= 0 ? " zero" : ""}`, dataset: { hp: String(m.hp) } },
      "HP ", el("b", { text: String(m.hp) }), `/${m.max_hp}`),
    hpBar(lang, m, pm?.hp),
    floats(lang, beat)),
  el("div", { class: "mg-stats" },
    statBox(lang, "atk", m.atk, pm?.atk), statBox(lang, "def", m.def, pm?.def), statBox(lang, "spd", m.spd, pm?.spd),
    el("span", { class: "mg-res", dataset: { mp: String(m.mp) } }, el("span", { class: "mg-k", text: "MP" }), el("b", { text: String(m.mp) })),
    el("span", { class: "mg-res", dataset: { ap: String(m.ap) } }, el("span", { class: "mg-k", text: "AP" }), el("b", { text: String(m.ap) }),
      el("span", { class: "mg-pips", "aria-hidden": "true" }, Array.from({ length: Math.min(Math.max(m.ap, 0), 8) }, () => el("i")))),
    el("span", { class: "mg-res", dataset: { reserve: String(m.reserve) } },
      el("span", { class: "mg-k", text: word(lang, "reserve") }), el("b", { text: String(m.reserve) }))),
  badges(lang, m.statuses, pm?.statuses ?? prev?.m?.statuses, beat),
  swordList(lang, m, pm, turn),
  beatTags(lang, beat, names));
}

function exitedCard(lang, m, env) {
  const { prevIdx, beat } = env;
  const fresh = prevIdx.size > 0 && prevIdx.get(m.id)?.where !== "exited";
  return el("li", { class: `mg-gone member exited${fresh ? " fresh" : ""}`, dataset: { member: m.id, hp: String(m.hp),
    overkill: String(m.overkill ?? 0) }, title: `${m.name}: HP ${m.hp}/${m.max_hp}, ${word(lang, "overkill")} ${m.overkill ?? 0}` },
  el("span", { class: "mg-name", text: m.name }),
  el("span", { class: "mg-gone-hp", text: `HP ${m.hp}/${m.max_hp}` }),
  el("span", { class: "mg-ok", text: `${word(lang, "overkill")} ${m.overkill ?? 0}` }),
  floats(lang, beat));
}

function party(lang, side, s, env) {
  const line = s.members || [];
  const gone = s.exited || [];
  return el("section", { class: `mg-party side-${side}`, dataset: { side: String(side) },
    "aria-label": word(lang, "party", { n: side + 1 }) },
  el("header", { class: "mg-party-head" },
    el("h3", { text: word(lang, "party", { n: side + 1 }) }),
    line.length ? null : el("span", { class: "mg-flag dead", text: word(lang, "wiped") })),
  el("div", { class: "mg-line" }, line.map((m, pos) => memberCard(lang, m, pos,
    { ...env, beat: env.beats.get(m.id) }))),
  gone.length ? el("div", { class: "mg-exited" },
    el("span", { class: "mg-k", text: word(lang, "exitedTray") }),
    el("ul", {}, gone.map((m) => exitedCard(lang, m, { ...env, beat: env.beats.get(m.id) })))) : null);
}

function track(lang, view, step) {
  const phase = step?.phase ?? view.phase;
  const turn0 = (view.turn ?? step?.turn) === 0 && (step?.turn ?? 0) === 0;
  // a summarised turn (past the log budget, caps.py) is one beat, shown beside the track
  const extra = ["death_check", "judge", "summary"].includes(phase) ? phase : null;
  return el("div", { class: `mg-bar${turn0 ? " turn0" : ""}` },
    el("span", { class: "mg-turn", dataset: { turn: String(view.turn) } },
      el("span", { class: "mg-k", text: word(lang, "turn") }), el("b", { text: String(view.turn) }),
      turn0 ? el("span", { class: "mg-turn0", text: word(lang, "turn0") }) : null),
    el("ol", { class: "mg-track", "aria-label": word(lang, "phases") },
      PHASES.map((p) => el("li", { dataset: { phase: p }, class: turn0 && p === "status" ? "skipped" : null,
        title: turn0 && p === "status" ? word(lang, "noStatus") : `${word("ja", p)}${lang === "en" ? ` (${word("en", p)})` : ""}`,
        "aria-current": p === phase ? "step" : null }, word(lang, p))),
      extra ? el("li", { class: "extra", dataset: { phase: extra }, "aria-current": "step" }, word(lang, extra)) : null));
}

function legend(lang) {
  const chip = (cls, code, extra = null) => el("span", { class: `mg-sword k-attack ${cls}`.trim(), "aria-hidden": "true" },
    el("span", { class: "mg-code", lang: "ja", text: code }), extra);
  const item = (node, text) => el("li", {}, node, el("span", { text }));
  const box = el("details", { class: "mg-legend", ontoggle: (e) => { legendOpen = e.target.open; } },
    el("summary", { text: word(lang, "legend") }),
    el("ul", {},
      item(chip("", "斬"), word(lang, "unused")),
      item(chip("used", "斬"), word(lang, "used")),
      item(chip("exec", "斬"), word(lang, "executing")),
      item(chip("waiting", "舞", el("span", { class: "mg-start", text: "3" })), `${word(lang, "notYet")} · ${word(lang, "startNum")}`),
      item(chip("limited", "鏡", el("span", { class: "mg-limi", text: word(lang, "limiLetter") })), word(lang, "limiMark")),
      item(chip("run", "怒", el("span", { class: "mg-count", text: "×3" })), word(lang, "runMark")),
      item(el("span", { class: "mg-marks static", "aria-hidden": "true" },
        Object.entries(lang === "en" ? ENCHANT_EN : ENCHANT).map(([k, mark]) => el("span", { class: `mg-ench e-${k}`, text: mark }))),
      `${word(lang, "enchMarks")}: ${Object.entries(ENCHANT).map(([k, m]) => `${m}=${enchantName(lang, k)}`).join(" ")}`),
      item(el("span", { class: "mg-kinds", "aria-hidden": "true" }, KINDS.slice(1).map((k) =>
        el("span", { class: `mg-sword k-${k} tiny` }))),
      `${word(lang, "kinds")}: ${KINDS.slice(1).map((_, i) => kindName(lang, i + 1)).join(" / ")}`)));
  box.open = legendOpen;
  return box;
}

function judgementOf(battle, upto) {
  const steps = battle?.steps || [];
  for (let i = Math.min(upto, steps.length - 1); i >= 0; i -= 1) {
    const e = (steps[i].events || []).find((x) => x.kind === "judgement" || x.kind === "aborted");
    if (e) return e;
  }
  return null;
}

/** The result in words: "全滅 — パーティ2の勝ち (HP合計 0 対 10)". */
export function describeResult(battle, lang = "ja", upto = Infinity) {
  const r = battle?.result;
  if (!r) return "";
  const reason = word(lang, REASON_KEY[r.reason] ?? r.reason ?? "");
  const who = r.winner === 0 || r.winner === 1 ? word(lang, "wins", { n: r.winner + 1 }) : word(lang, "noWinner");
  const j = judgementOf(battle, upto === Infinity ? (battle.steps?.length ?? 1) - 1 : upto);
  let detail = "";
  if (j?.kind === "judgement") {
    const v = j.values || {};
    const measure = word(lang, v.measure === "overkill" ? "okTotal" : "hpTotal");
    detail = ` (${measure} ${v.total0} ${word(lang, "vs")} ${v.total1}${v.push0 || v.push1 ? `, ${word(lang, "pushes")} ${v.push0} ${word(lang, "vs")} ${v.push1}` : ""})`;
  }
  if (r.winner !== 0 && r.winner !== 1 && r.reason === "draw") return `${reason}${detail}`;  // not "引き分け — 勝者なし"
  return `${reason} — ${who}${detail}`;
}

function resultLine(lang, view, battle, index_) {
  if (!view.over) return null;
  const reason = battle?.result?.reason ?? view.reason ?? "";
  return el("p", { class: "mg-result", role: "status", dataset: { reason, winner: String(view.winner ?? "") } },
    el("strong", { text: `${word(lang, "result")}: ` }), describeResult(battle, lang, index_));
}

function reflectBanner(lang, events, names) {
  const hops = (events || []).filter((e) => e.kind === "reflect");
  if (!hops.length) return null;
  return el("div", { class: "mg-beats" }, hops.slice(0, 4).map((e) => el("span", { class: "mg-arrow",
    dataset: { from: e.actor, to: e.target } },
  el("b", { text: names[e.actor] ?? e.actor }),
  el("span", { class: "mg-arrow-line", "aria-hidden": "true" }, el("i")),
  el("span", { class: "mg-k", text: word(lang, "reflect") }),
  el("b", { text: names[e.target] ?? e.target }))));
}

// -- render ------------------------------------------------------------------------------------
/** Draw the two party lines for one step. */
export function render(board, step, ctx) {
  const lang = ctx.lang === "en" ? "en" : "ja";
  const battle = ctx.battle;
  useGlossary(battle?.glossary);
  const view = step?.view;
  if (!view?.sides) { fill(board); return; }
  const animate = last.battle === battle && ctx.index === last.index + 1;
  last = { battle, index: ctx.index };
  const prevView = ctx.index > 0 ? battle?.steps?.[ctx.index - 1]?.view : null;
  const prevIdx = index(prevView);
  const names = { ...(battle?.names || {}) };
  for (const { m } of index(view).values()) names[m.id] = m.name;
  const env = { prevIdx, beats: beats(step.events, prevIdx), names, turn: view.turn, animate };
  fill(board, el("div", { class: `mg${animate ? " stepping" : ""}`, dataset: { turn: String(view.turn),
    phase: String(step.phase ?? view.phase ?? ""), step: String(ctx.index) } },
  track(lang, view, step),
  legend(lang),
  resultLine(lang, view, battle, ctx.index),
  reflectBanner(lang, step.events, names),
  el("div", { class: "mg-field" }, view.sides.map((s, side) => party(lang, side, s, env)))));
}

/** For battle.js's result line. */
export const resultText = (battle, lang) => describeResult(battle, lang);
