// エリア戦闘 (skirmish) battle view: areas with moving tokens, initiative, phase/step track,
// 2D10 rolls against their target numbers, HP/MP bars, statuses, かばう.
// Everything comes from the step's `view` and `events`; text only through el()/textContent.
import "./words.js";

export const css = "static/js/rulesets/skirmish/view.css";
/** What a step's `turn` counts here: a round (§5). */
export const turnWord = { ja: "ラウンド", en: "Round" };

// Catalogue names come from the engine with the battle (battle.glossary: ability / item by
// id, status by its Japanese name, each [ja, en]); the page never re-types them.
let glossary = {};
const TRACK = [["SP"], ["IP"], ["TP", ["RS", "MS"]], ["EP"]];
const reduced = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

const ABILITY = "ability";
const ITEM = "item";
const nm = (group, id, lang) => {
  const pair = glossary[group]?.[id];
  if (!pair) return id;
  return lang === "ja" ? pair[0] : pair[1];
};
const statusName = (ja, lang) => (lang === "ja" ? ja : glossary.status?.[ja]?.[1] ?? ja);

/** Display names with a number for duplicates ("ゴブリン 1", "ゴブリン 2"). */
function displayNames(battle) {
  if (battle._skNames) return battle._skNames;
  const names = battle.names || {};
  const count = {};
  for (const n of Object.values(names)) count[n] = (count[n] || 0) + 1;
  const seen = {};
  const out = {};
  for (const [id, n] of Object.entries(names)) {
    seen[n] = (seen[n] || 0) + 1;
    out[id] = count[n] > 1 ? `${n} ${seen[n]}` : n;
  }
  battle._skNames = out;
  return out;
}

function bar(kind, value, max, label) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (100 * value) / max)) : 0;
  const node = label.el("div", { class: `sk-bar sk-${kind}${kind === "hp" && pct <= 25 ? " low" : ""}`,
    role: "meter", "aria-label": `${kind.toUpperCase()} ${value}/${max}`, "aria-valuemin": 0,
    "aria-valuemax": max, "aria-valuenow": value }, label.el("span"));
  node.firstChild.style.width = `${pct}%`;
  return node;
}

function statusBadges(m, ctx) {
  return Object.entries(m.statuses || {}).map(([name, left]) => ctx.el("span", {
    class: `sk-status${left < 0 ? " perm" : ""}`,
    title: left < 0 ? name : `${name} ${ctx.t("sk.left")} ${left}`,
    text: left < 0 ? statusName(name, ctx.lang) : `${statusName(name, ctx.lang)} ${left}R`,
  }));
}

// -- rolls ------------------------------------------------------------------------------------
const dice = (ctx, faces) => ctx.el("span", { class: "sk-dice", "aria-label": `2D10 ${faces.join("+")}` },
  faces.map((f) => ctx.el("span", { class: `sk-die${f === 10 ? " ten" : f === 1 ? " one" : ""}`, text: String(f) })));

function rollRow(e, ctx, names) {
  const v = e.values || {};
  const who = (id) => names[id] ?? id ?? "";
  const { el, t } = ctx;
  const verdict = (good, key) => el("strong", { class: `sk-verdict ${good ? "good" : "bad"}`, text: t(key) });
  switch (e.kind) {
    case "hit_check": {
      const key = v.crit ? "sk.crit" : v.fumble ? "sk.fumble" : v.hit ? "sk.hit" : "sk.miss";
      return el("li", { class: "sk-roll", dataset: { kind: "hit_check" } },
        el("span", { class: "sk-roll-what", text: `${t("sk.hitCheck")} ${who(e.actor)} → ${who(e.target)}` }),
        dice(ctx, v.dice || []), el("span", { text: `+${v.bonus} =` }),
        el("strong", { class: "sk-total", text: String(v.total) }),
        el("span", { class: "sk-need", text: `${t("sk.target")} ${v.need}` }), verdict(v.hit, key));
    }
    case "damage":
      return el("li", { class: "sk-roll", dataset: { kind: "damage" } },
        el("span", { class: "sk-roll-what", text: `${t("sk.damage")} → ${who(e.target)}` }),
        dice(ctx, v.dice || []), el("span", { text: `+${v.atk} = ${v.power} − ${v.defence} =` }),
        el("strong", { class: "sk-total", text: String(v.amount) }),
        el("span", { class: "sk-need", text: `HP ${v.hp}` }));
    case "heal":
      return el("li", { class: "sk-roll", dataset: { kind: "heal" } },
        el("span", { class: "sk-roll-what", text: `${t("sk.heal")} → ${who(e.target)}` }),
        dice(ctx, v.dice || []), el("strong", { class: "sk-total", text: `+${v.amount}` }),
        el("span", { class: "sk-need", text: `HP ${v.hp}` }));
    case "disengage":
    case "sleep_check": {
      const win = e.kind === "disengage" ? !v.blocked : v.success;
      return el("li", { class: "sk-roll", dataset: { kind: e.kind } },
        el("span", { class: "sk-roll-what", text: `${t(`sk.${e.kind}`)} ${who(e.actor)} / ${who(e.target)}` }),
        dice(ctx, v.active_dice || []), el("strong", { class: "sk-total", text: String(v.active) }),
        el("span", { text: t("sk.vs") }),
        dice(ctx, v.passive_dice || []), el("strong", { class: "sk-total", text: String(v.passive) }),
        verdict(win, e.kind === "disengage" ? (v.blocked ? "sk.blocked" : "sk.away") : (v.success ? "sk.slept" : "sk.resisted")));
    }
    case "tie_roll":
      return el("li", { class: "sk-roll", dataset: { kind: "tie_roll" } },
        el("span", { class: "sk-roll-what", text: t("sk.tie") }),
        (v.units || []).map((id, i) => el("span", { class: "sk-tie" }, `${who(id)} `,
          el("span", { class: "sk-die", text: String(v.rolls?.[i] ?? "?") }))));
    default:
      return null;
  }
}

// -- the board --------------------------------------------------------------------------------
function track(step, ctx) {
  const phase = step.phase;
  const item = (code, sub) => {
    const lit = code === phase || (sub && sub.includes(phase));
    return ctx.el("li", { class: `sk-ph${lit ? " lit" : ""}`, "aria-current": lit ? "step" : null,
      title: ctx.t(`sk.ph.${code}`) },
    ctx.el("span", { class: "sk-code", text: code }),
    ctx.el("span", { class: "sk-phname", text: ctx.t(`sk.ph.${code}`) }),
    sub ? ctx.el("ol", { class: "sk-sub" }, sub.map((s) => item(s))) : null);
  };
  return ctx.el("ol", { class: "sk-track", "aria-label": ctx.t("phase") }, TRACK.map(([c, sub]) => item(c, sub)));
}

function initiative(view, ctx, names) {
  return ctx.el("ol", { class: "sk-init", "aria-label": ctx.t("sk.initiative") },
    (view.initiative || []).map((u) => {
      const acting = view.actor === u.id;
      const state = acting ? "acting" : u.acted ? "acted" : u.can_act ? "unacted" : "waiting";
      return ctx.el("li", { class: `sk-ini ${state} side-${u.id.split(".")[0]}`, dataset: { id: u.id, state } },
        ctx.el("span", { class: "sk-mark", "aria-hidden": "true", text: { acting: "▶", acted: "✓", unacted: "○", waiting: "…" }[state] }),
        ctx.el("span", { class: "sk-ini-name", text: names[u.id] ?? u.id }),
        ctx.el("span", { class: "sk-ini-val", text: String(u.ini) }),
        ctx.el("span", { class: "visually-hidden", text: ctx.t(`sk.${state}`) }));
    }));
}

function token(m, ctx, names) {
  return ctx.el("li", { class: `sk-token side-${m.id.split(".")[0]}`, dataset: { id: m.id } },
    ctx.el("span", { class: "sk-tname", text: names[m.id] ?? m.name }),
    bar("hp", m.hp, m.max_hp, ctx),
    ctx.el("span", { class: "sk-marks" }));
}

function build(board, view, ctx, names) {
  const map = view.map || { kind: "line", width: (view.areas || []).length, height: 1 };
  const areas = ctx.el("div", { class: `sk-map sk-${map.kind}`, role: "list", "aria-label": ctx.t("sk.map") },
    (view.areas || []).map((a) => ctx.el("section", { class: "sk-area", role: "listitem", dataset: { area: a.area } },
      ctx.el("h4", { class: "sk-alabel", text: `${ctx.t("sk.area")} ${a.area}` }),
      ctx.el("ul", { class: "sk-tokens" }))),
    ctx.el("section", { class: "sk-area sk-out", role: "listitem", dataset: { area: "-" } },
      ctx.el("h4", { class: "sk-alabel", text: ctx.t("sk.out") }), ctx.el("ul", { class: "sk-tokens" })));
  areas.style.setProperty("--cols", String(map.width || 1));
  const root = ctx.el("div", { class: "sk", dataset: { lang: ctx.lang } },
    ctx.el("div", { class: "sk-head" },
      ctx.el("span", { class: "sk-round" }), ctx.el("div", { class: "sk-trackbox" })),
    ctx.el("div", { class: "sk-initbox" }),
    areas,
    ctx.el("ol", { class: "sk-rolls", "aria-label": ctx.t("sk.rolls") }),
    ctx.el("div", { class: "sk-roster" }));
  for (const side of view.sides || []) {
    for (const m of side.members || []) areas.querySelector('[data-area="-"] ul').append(token(m, ctx, names));
  }
  ctx.fill(board, root);
  return root;
}

function rosterSide(side, i, view, ctx, names) {
  return ctx.el("section", { class: `sk-side side-${i}` },
    ctx.el("h3", { text: ctx.t(i === 0 ? "sk.pcs" : "sk.enemies") }),
    (side.members || []).map((m) => ctx.el("div", {
      class: `sk-member${m.able ? "" : " down"}${view.actor === m.id ? " acting" : ""}`, dataset: { id: m.id } },
    ctx.el("div", { class: "sk-mname" }, ctx.el("span", { text: names[m.id] ?? m.name }),
      ctx.el("span", { class: "sk-where", text: m.exited ? ctx.t("sk.out") : `${ctx.t("sk.area")} ${m.area}` })),
    ctx.el("div", { class: "sk-num", text: `HP ${m.hp}/${m.max_hp}` }), bar("hp", m.hp, m.max_hp, ctx),
    m.max_mp > 0 ? [ctx.el("div", { class: "sk-num", text: `MP ${m.mp}/${m.max_mp}` }), bar("mp", m.mp, m.max_mp, ctx)] : null,
    ctx.el("div", { class: "sk-statuses" }, statusBadges(m, ctx)))));
}

/** Slide the tokens that moved from where they were last drawn (FLIP), at the next frame:
 * the battle view lays the page out once after every change of a step, and the frame finds
 * it laid out, so measuring there costs nothing (measuring here cost a layout of the page
 * before and one after the move; issue 15). Several steps in one frame slide from the first
 * one's places. The places before are read now: nothing has changed yet in this step. */
function slideLater(root, tokens) {
  if (root.kassenSlide) cancelAnimationFrame(root.kassenSlide.frame);
  const before = root.kassenSlide?.before
    ?? new Map([...tokens].map(([id, n]) => [id, n.getBoundingClientRect()]));
  const frame = requestAnimationFrame(() => {
    root.kassenSlide = null;
    for (const [id, n] of tokens) {
      const old = before.get(id);
      const now = n.getBoundingClientRect();
      if (!old || (old.left === now.left && old.top === now.top) || !old.width) continue;
      n.classList.add("sk-jump");
      n.style.transform = `translate(${old.left - now.left}px, ${old.top - now.top}px)`;
      void n.offsetWidth;
      n.classList.remove("sk-jump");
      n.style.transform = "";
    }
  });
  root.kassenSlide = { before, frame };
}

/** Draw step `step` on `board` (tokens persist between steps so their moves animate). */
export function render(board, step, ctx) {
  glossary = ctx.battle?.glossary || {};
  // on the final state nobody is acting any more
  const final = ctx.battle && !ctx.battle.pending && ctx.index >= ctx.battle.steps.length - 1;
  const view = final && step?.view ? { ...step.view, actor: null } : step?.view;
  if (!view) { ctx.fill(board); return; }
  const names = displayNames(ctx.battle);
  let root = board.querySelector(":scope > .sk");
  let fresh = false;
  if (!root || root._battle !== ctx.battle || root.dataset.lang !== ctx.lang) {
    root = build(board, view, ctx, names);
    root._battle = ctx.battle;
    fresh = true;
  }
  const members = new Map((view.sides || []).flatMap((s) => s.members || []).map((m) => [m.id, m]));
  ctx.fill(root.querySelector(".sk-round"), `${ctx.t("sk.round")} ${view.round ?? step.turn ?? ""}`);
  ctx.fill(root.querySelector(".sk-trackbox"), track(step, ctx));
  ctx.fill(root.querySelector(".sk-initbox"), initiative(view, ctx, names));

  // tokens: FLIP so a move between areas slides (off under reduced motion)
  const tokens = new Map([...root.querySelectorAll(".sk-token")].map((n) => [n.dataset.id, n]));
  if (!fresh && !reduced()) slideLater(root, tokens);
  const placed = new Set();
  for (const a of view.areas || []) {
    const list = root.querySelector(`.sk-area[data-area="${CSS.escape(a.area)}"] .sk-tokens`);
    if (!list) continue;
    for (const id of a.members) {
      const n = tokens.get(id);
      if (n && n.parentNode !== list) list.append(n);
      placed.add(id);
    }
  }
  const out = root.querySelector('.sk-area[data-area="-"] .sk-tokens');
  for (const [id, n] of tokens) if (!placed.has(id) && n.parentNode !== out) out.append(n);
  root.querySelector(".sk-out").hidden = out.children.length === 0;

  const covers = new Map();
  const hurt = new Map();
  for (const e of step.events || []) {
    if (e.kind === "cover") covers.set(e.actor, e.target);
    if (e.kind === "damage") hurt.set(e.target, (hurt.get(e.target) || 0) + (e.values?.amount || 0));
  }
  for (const [id, n] of tokens) {
    const m = members.get(id);
    if (!m) continue;
    n.classList.toggle("down", !m.able);
    n.classList.toggle("acting", view.actor === id);
    n.classList.toggle("covering", covers.has(id));
    n.classList.toggle("asleep", Object.hasOwn(m.statuses || {}, "睡眠"));
    n.setAttribute("aria-label", `${names[id] ?? m.name} HP ${m.hp}/${m.max_hp}${covers.has(id) ? ` ${ctx.t("sk.cover")}` : ""}`);
    n.replaceChild(bar("hp", m.hp, m.max_hp, ctx), n.querySelector(".sk-bar"));
    const marks = [];
    if (covers.has(id)) {
      marks.push(ctx.el("span", { class: "sk-cover", title: `${ctx.t("sk.cover")} → ${names[covers.get(id)] ?? ""}`,
        text: `🛡 ${ctx.t("sk.cover")}` }));
    }
    if (hurt.has(id)) marks.push(ctx.el("span", { class: "sk-float", "aria-hidden": "true", text: `−${hurt.get(id)}` }));
    marks.push(...statusBadges(m, ctx));
    ctx.fill(n.querySelector(".sk-marks"), marks);
  }

  const rolls = (step.events || []).map((e) => rollRow(e, ctx, names)).filter(Boolean);
  ctx.fill(root.querySelector(".sk-rolls"), rolls.length ? rolls
    : ctx.el("li", { class: "sk-roll none muted", text: ctx.t("sk.noRoll") }));
  ctx.fill(root.querySelector(".sk-roster"), (view.sides || []).map((s, i) => rosterSide(s, i, view, ctx, names)));
}

// -- decisions (used by decide.js) ------------------------------------------------------------
/** A readable label for one of the engine's option strings (`move:2`, `skill:…:target`, …). */
export function optionLabel(option, pending, ctx) {
  glossary = ctx.battle?.glossary || glossary;
  const names = ctx.battle ? displayNames(ctx.battle) : {};
  const who = (id) => names[id] ?? id;
  const L = ctx.lang;
  const ja = L === "ja";
  const c = pending.context || {};
  const s = String(option);
  const p = s.split(":");
  if (["cover", "guard", "obstruct"].includes(pending.kind)) {
    const yes = s === "yes";
    if (pending.kind === "cover") {
      return ja ? (yes ? `${who(c.unit)}が${who(c.protect)}をかばう` : "かばわない")
        : (yes ? `${who(c.unit)} covers ${who(c.protect)}` : "do not cover");
    }
    if (pending.kind === "guard") return ja ? (yes ? `${who(c.unit)}が《ガード》を使う` : "ガードしない") : (yes ? `${who(c.unit)} uses 《Guard》` : "no Guard");
    return ja ? (yes ? `${who(c.unit)}が${who(c.mover)}の移動を妨害` : "妨害しない") : (yes ? `${who(c.unit)} obstructs ${who(c.mover)}` : "do not obstruct");
  }
  if (pending.kind === "representative") return who(s);
  if (pending.kind === "pick") return s === "done" ? (ja ? "対象の選択を終える" : "done choosing") : `→ ${who(s)}`;
  switch (p[0]) {
    case "none": return ja ? "何もしない" : "do nothing";
    case "move": return ja ? `エリア${p[1]}へ移動` : `move to area ${p[1]}`;
    case "escape": return ja ? "戦場から離脱" : "escape the battle";
    case "attack": return `${nm(ABILITY, "attack", L)} → ${who(p[1])}`;
    case "wake": return ja ? `${who(p[1])}を起こす` : `wake ${who(p[1])}`;
    case "item": return `${nm(ITEM, p[1], L)} → ${who(p[2])}`;
    case "skill": {
      const a = `《${nm(ABILITY, p[1], L)}》`;
      if (p.length === 2) return `${a} ${ja ? "（対象を選ぶ）" : "(choose targets)"}`;
      if (p[2] === "area") return `${a} ${ja ? `エリア${p[3]}` : `area ${p[3]}`}`;
      if (p[2] === "dir") return `${a} ${ja ? `エリア${p[3]}の方向` : `towards area ${p[3]}`}`;
      return `${a} → ${who(p[2])}`;
    }
    default: return s;
  }
}

/** The question the pending decision asks, in words. */
export function decisionTitle(pending, ctx) {
  glossary = ctx.battle?.glossary || glossary;
  const names = ctx.battle ? displayNames(ctx.battle) : {};
  const c = pending.context || {};
  const ja = ctx.lang === "ja";
  const who = (id) => names[id] ?? id ?? "";
  switch (pending.kind) {
    case "rs": return ja ? `${who(c.actor)}のレディステップ（RS）` : `${who(c.actor)}: ready step (RS)`;
    case "ms": return ja ? `${who(c.actor)}のメインステップ（MS）` : `${who(c.actor)}: main step (MS)`;
    case "cover": return ja ? `${who(c.user)}の攻撃：${who(c.unit)}は${who(c.protect)}をかばう？` : `${who(c.user)} attacks: does ${who(c.unit)} cover ${who(c.protect)}?`;
    case "guard": return ja ? `${who(c.user)}の攻撃：${who(c.unit)}は《ガード》する？` : `${who(c.user)} attacks: does ${who(c.unit)} use 《Guard》?`;
    case "obstruct": return ja ? `${who(c.mover)}が移動：${who(c.unit)}は妨害する？` : `${who(c.mover)} moves: does ${who(c.unit)} obstruct?`;
    case "pick": return ja ? `${who(c.actor)}の《${nm(ABILITY, c.ability, "ja")}》の対象` : `targets of ${who(c.actor)}'s 《${nm(ABILITY, c.ability, "en")}》`;
    case "representative": return ja ? "離脱判定の代表者" : "representative for the disengage check";
    default: return pending.kind;
  }
}
