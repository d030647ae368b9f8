// サイコロバトル (dice) battle view: the four dice, both sheets with the chosen slot lit,
// LP bars with zone marks, VP / stars / stardust / 奥義星, the stun gauge, flags, the range
// track, the attack-right decision, and a breakdown of every damage number.
// Everything comes from the step's `view` and the events of the current turn; the sheets'
// slot contents come from the battle record's canonical sheet texts.
import { SLOTS, SPECIAL_SLOTS, ougiOf, parseSheet, short, term } from "./terms.js";
import { boardFor, part } from "../../views/parts.js";

// Catalogue names in English come from the engine (battle.glossary.term: ja → [ja, en]).
let glossary = {};
/** A catalogue name in the page's language (derivation suffixes ・渡 kept as ·渡). */
function nm(ja, lang) {
  if (lang !== "en" || !ja) return ja;
  const [base, ...derivs] = String(ja).split("・");
  const en = glossary[base]?.[1];
  return en ? [en, ...derivs].join("·") : ja;
}
/** A long English word with soft hyphens, so a narrow cell breaks it as "Exhaus-tion"
 * rather than anywhere ("Exhau / stion"). */
const soft = (text) => String(text ?? "").replace(/[A-Za-z]{6,}/g, (w) => `${w.slice(0, Math.ceil(w.length / 2))}\u00ad${w.slice(Math.ceil(w.length / 2))}`);
/** "star=攻2倍/3/2" style text with its ability name translated. */
const nmStar = (text, lang) => text.replace(/^(★|奥義 |ougi )([^/]+)/, (_, mark, name) => mark + nm(name, lang));

export const css = "static/js/rulesets/dice/view.css";

const COLOURS = ["R", "B", "Y", "G"];
// Demerit abilities of the catalogue (§18.5), only to tint demerit squares on the board.
// TODO: take this from an engine catalogue export once there is one (see the report).
const DEMERITS = new Set(["空振り", "躓き", "硬直", "隙", "無防備", "動揺", "消耗", "星崩れ", "後退", "散漫"]);
const ZONE_MARKS = [[4000, "中盤"], [1000, "終盤"]];
const PIPS = { 1: [5], 2: [3, 7], 3: [3, 5, 7], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };
const sheetCache = new WeakMap();

/** The two sheets of a battle answer (parsed from the record's canonical texts). */
function sheetsOf(battle) {
  if (!sheetCache.has(battle)) {
    let record = battle.record;
    if (typeof record === "string") {
      try { record = JSON.parse(record); } catch { record = {}; }
    }
    const texts = record?.sides || [];
    sheetCache.set(battle, [0, 1].map((i) => parseSheet(typeof texts[i] === "string" ? texts[i] : "")));
  }
  return sheetCache.get(battle);
}

/** Steps of the current turn up to (and including) the current one. */
function turnSoFar(battle, index) {
  const steps = battle.steps;
  const turn = steps[index]?.turn;
  let first = index;
  while (first > 0 && steps[first - 1].turn === turn) first -= 1;
  return steps.slice(first, index + 1);
}

const pct = (value, scale) => `${Math.max(0, Math.min(100, (100 * value) / scale))}%`;

function withWidth(node, width) { node.style.width = width; return node; }
function withLeft(node, left) { node.style.left = left; return node; }

function die(el, colour, value, rolling, lang) {
  const face = el("div", { class: "face", "aria-hidden": "true" },
    Array.from({ length: 9 }, (_, i) => el("span", { class: PIPS[value]?.includes(i + 1) ? "pip on" : "pip" })));
  return el("div", { class: `dice-die die-${colour}${rolling ? " rolling" : ""}`, role: "img",
    "aria-label": `${term(colour, lang)} ${value ?? "—"}`, dataset: { colour, value: value ?? "" } },
  face, el("span", { class: "die-label", text: `${short(colour, lang)} ${value ?? "—"}` }));
}

function diceTray(el, view, step, lang) {
  const rolling = (step.events || []).some((e) => e.kind === "dice");
  return el("div", { class: "dice-tray", role: "group", "aria-label": term("dice", lang) },
    COLOURS.map((c) => die(el, c, view.dice?.[c], rolling, lang)));
}

function rangeTrack(el, view, members, lang) {
  // Before the first range roll the engine says "-": no range yet (it read "間合い NaN").
  const number = view.range === null || view.range === "" ? NaN : Number(view.range);
  const current = Number.isFinite(number) ? number : null;
  const favs = members.map((m) => Number(m.sheet?.fav));
  const cells = [];
  for (let r = 2; r <= 12; r += 1) {
    const value = r / 2;
    const marks = members.flatMap((m, i) => (favs[i] === value
      ? [el("span", { class: `fav fav-${m.colour}`, title: `${term("fav", lang)}: ${m.name}`, text: "▲" })] : []));
    cells.push(el("li", { class: `rcell${Number.isInteger(value) ? "" : " half"}${current === value ? " here" : ""}`,
      "aria-current": current === value ? "true" : null, dataset: { range: String(value) } },
    el("span", { class: "rnum", text: Number.isInteger(value) ? String(value) : "·" }), marks));
  }
  return el("div", { class: "dice-range" },
    el("div", { class: "range-head" },
      el("strong", { text: `${term("range", lang)} ${current ?? "—"}` }),
      el("span", { class: "cross-x", text: `${term("crossRange", lang)} X = ${view.cross_x ?? "—"}` })),
    el("ol", { class: "range-track", "aria-label": term("range", lang) }, cells));
}

function decisionPanel(el, view, members, decided, lang) {
  const d = decided ? view.decision : null;
  const name = (i) => members[i]?.name ?? "?";
  const nameOfId = (id) => members.find((m) => m.id === id)?.name ?? id;
  if (!d) {
    return el("div", { class: "dice-decision pending" },
      el("strong", { text: term("decision", lang) }), el("span", { class: "muted", text: ` ${term("notYet", lang)}` }));
  }
  const speedDiff = Math.abs((d.speed?.[0] ?? 0) - (d.speed?.[1] ?? 0));
  const row = (key, pair) => el("tr", { class: d.by === key ? "decides" : "", dataset: { by: key } },
    el("th", { scope: "row" }, el("span", { text: short(key, lang) })),
    el("td", { class: `c-${members[0]?.colour}`, text: String(pair?.[0] ?? "") }),
    el("td", { class: `c-${members[1]?.colour}`, text: String(pair?.[1] ?? "") }));
  let outcome;
  const attackers = (d.attackers || []).map(nameOfId);
  if (!attackers.length) outcome = term("nobody", lang);
  else if (d.cross) outcome = `${term(d.by === "forced" ? "forced" : "cross", lang)}: ${attackers.join(" → ")}`;
  else outcome = lang === "en" ? `${attackers[0]} attacks` : `${attackers[0]}の攻撃`;
  if (d.passed) outcome += ` (${term("passed", lang)})`;
  return el("div", { class: "dice-decision", dataset: { by: d.by ?? "" } },
    el("table", {},
      el("caption", { text: term("decision", lang) }),
      el("thead", {}, el("tr", {}, el("td"), el("th", { scope: "col", text: name(0) }),
        el("th", { scope: "col", text: name(1) }))),
      el("tbody", {},
        row("absolute", d.abs), row("right", d.right),
        row("speed", d.speed))),
    el("p", { class: "outcome" },
      el("span", { class: "by", text: `${term("decidedBy", lang)}: ${term(d.by, lang)}` }),
      el("span", { class: "note", text: ` (${short("speed", lang)} ${short("diff", lang)} ${speedDiff} ${speedDiff > d.x ? ">" : "≤"} X ${d.x})` }),
      el("strong", { class: "who", text: ` ⇒ ${outcome}` })));
}

function lpBar(el, m, sheet, lang) {
  const scale = Math.max(6000, m.lp_start || 0);
  const main = Math.max(0, m.lp_main ?? m.lp);
  const ex = Math.max(0, m.lp_ex ?? 0);
  const bar = el("div", { class: `lpbar${m.lp <= 1000 ? " low" : ""}`, role: "meter", "aria-label": `LP ${m.name}`,
    "aria-valuemin": 0, "aria-valuemax": m.lp_start, "aria-valuenow": m.lp, dataset: { lp: String(m.lp) } },
  withWidth(el("span", { class: "lp-main" }), pct(main, scale)),
  withWidth(el("span", { class: "lp-ex" }), pct(ex, scale)),
  ZONE_MARKS.map(([at, zone]) => withLeft(el("i", { class: "zone-mark", title: `${zone} ≤ ${at}` }), pct(at, scale))),
  m.sheet?.line ? withLeft(el("i", { class: `line-mark${m.line_used ? " used" : ""}`, title: `${term("line", lang)} ${m.sheet.line}` }), pct(m.sheet.line, scale)) : null);
  const zones = el("div", { class: "zone-labels", "aria-hidden": "true" },
    [["序盤", 6000, 4000], ["中盤", 4000, 1000], ["終盤", 1000, 0]].map(([z, hi, lo]) => {
      const span = el("span", { class: `zl${m.zone === z ? " now" : ""}`, text: nm(z, lang), title: z });
      span.style.left = pct(lo, scale);
      span.style.width = pct(hi - lo, scale);
      return span;
    }));
  return el("div", { class: "lp" },
    el("div", { class: "lp-text" },
      el("strong", { class: "lp-value", text: `LP ${m.lp}` }),
      el("span", { class: "muted", text: ` / ${m.lp_start} (${short("lpMain", lang)} ${m.lp_main} + ${term("lpEx", lang)} ${m.lp_ex})` })),
    bar, zones);
}

function stunGauge(el, m, lang) {
  const max = Math.max(0, Math.min(20, m.stun_gauge_max || 0));
  const cells = Array.from({ length: max }, (_, i) => el("span", { class: i < m.stun_gauge ? "g on" : "g" }));
  return el("div", { class: "stun" },
    el("span", { class: "k", text: term("stunGauge", lang) }),
    el("span", { class: "gauge", role: "meter", "aria-label": term("stunGauge", lang), "aria-valuemin": 0,
      "aria-valuemax": m.stun_gauge_max, "aria-valuenow": m.stun_gauge }, cells),
    el("span", { class: "v", text: `${m.stun_gauge}/${m.stun_gauge_max}` }),
    m.stunned ? el("span", { class: "badge stunned", text: `${term("stun", lang)} ${short("stunLeft", lang)}${m.stun_left}` }) : null);
}

function counters(el, m, sheet, lang) {
  const ougi = ougiOf(sheet);
  const item = (key, value, cls = "") => el("div", { class: `ctr ${cls}`, dataset: { k: key } },
    el("dt", { text: term(key, lang) }), el("dd", { text: String(value) }));
  return el("dl", { class: "counters" },
    item("vp", m.vp),
    item("stars", `★${m.stars}`),
    item("stardust", `${m.stardust}/10`),
    item("ougiStars", ougi ? `${m.ougi_stars}/${ougi.stars}${m.ougi_available ? "" : " ✓"}` : String(m.ougi_stars),
      ougi && m.ougi_available && m.ougi_stars >= ougi.stars ? "ready" : ""),
    item("zone", `${nm(m.zone, lang) ?? "—"}${m.zone_active ? ` (${short("zoneActive", lang)})` : ""}`));
}

function flagBadges(el, m, lang) {
  const flags = m.flags || [];
  if (!flags.length) return null;
  return el("ul", { class: "flags", "aria-label": term("flags", lang) },
    flags.map((f) => el("li", { class: `badge flag-${f.kind}${f.effective ? "" : " pending"}`,
      title: `${term(f.kind, lang)}${f.effective ? "" : " (next turn)"}`, text: `${nm(f.name, lang)}(${f.remaining})` })));
}

/** The turn's values into the kept `node`: only what changed is drawn again, and its "more"
 * disclosure stays (a <details> put in anew lays the whole page out again, issue 15). */
function turnValues(el, node, tv, lang) {
  const sel = `${short(tv.selected_colour, lang === "en" ? "en" : "ja")} ${tv.selected}`;
  const main = [["n", tv.n], ["s", tv.s], ["selected", sel], ["five", tv.five], ["speed", tv.speed]];
  const more = [["right", tv.right], ["absolute", tv.abs], ["atkMult", tv.atk_mult], ["defMult", tv.def_mult],
    ["atkCorr", tv.atk_corr], ["defCorr", tv.def_corr], ["dmgMult", tv.dmg_mult], ["takenMult", tv.taken_mult],
    ["threshold", tv.threshold], ["combo", tv.coef]];
  const dl = (pairs) => el("dl", { class: "tv" }, pairs.map(([k, v]) =>
    el("div", { dataset: { k } }, el("dt", { text: term(k, lang) }), el("dd", { text: String(v) }))));
  const marks = [tv.ougi && term("ougi", lang), tv.on_square && term("onSquare", lang),
    tv.guarded && term("guarded", lang), tv.misfired && term("misfired", lang)].filter(Boolean);
  part(node, 0, JSON.stringify(main), () => dl(main));
  part(node, 1, JSON.stringify(marks), () => (marks.length
    ? el("div", {}, marks.map((t) => el("span", { class: "badge mark", text: t }))) : null));
  const details = part(node, 2, "", () => el("details", { class: "more" }, el("summary", { text: term("values", lang) })));
  part(details, 0, JSON.stringify(more), () => dl(more));
}

function board(el, m, sheet, tv, columns, specialFired, lang) {
  const chosen = tv?.source?.kind === "slot" ? tv.source.slot : null;
  const cells = SLOTS.map((n) => {
    const s = sheet.slots[n] || {};
    const isChosen = n === chosen;
    const demerit = DEMERITS.has(s.normal);
    const starText = nmStar(s.star.replace(/^star=/i, "★").replace(/^ougi=/i, lang === "en" ? "ougi " : "奥義 "), lang);
    const cls = ["slot", demerit && "demerit", isChosen && "chosen",
      isChosen && columns.has("normal") && "lit-normal", isChosen && columns.has("demerit") && "lit-normal",
      isChosen && (columns.has("star") || columns.has("ougi")) && "lit-star"].filter(Boolean).join(" ");
    return el("li", { class: cls, dataset: { slot: String(n) }, "aria-current": isChosen ? "true" : null,
      title: [nm(s.normal, lang), starText, s.based ? term("based", lang) : ""].filter(Boolean).join(" ") || "—" },
    el("span", { class: "no", text: String(n) }),
    el("span", { class: "nc", text: soft(nm(s.normal, lang)) || "·" }),
    el("span", { class: "sc", text: soft(starText) || "·" }),
    s.based ? el("span", { class: "bd", title: term("based", lang), text: "B" }) : null);
  });
  const specials = SPECIAL_SLOTS.map((n) => el("li", {
    class: `sp${tv?.s === n ? " chosen" : ""}${tv?.s === n && specialFired ? " fired" : ""}`,
    dataset: { special: String(n) }, "aria-current": tv?.s === n ? "true" : null },
  el("span", { class: "no", text: String(n) }), el("span", { class: "nc", text: soft(nm(sheet.specials[n], lang)) || "·" })));
  const src = tv?.source;
  const other = src && ["line", "trigger"].includes(src.kind)
    ? el("p", { class: "source badge mark", text: `${term(src.kind, lang)}: ${nm(src.name, lang)}` }) : null;
  return el("div", { class: "sheet" },
    el("h4", { text: `${term("sheet", lang)}${chosen ? ` — ${short("slot", lang)} ${chosen}` : ""}` }),
    el("div", { class: "legend muted", text: `${short("normal", lang)} / ${short("star", lang)}` }),
    el("ol", { class: "slots", "aria-label": term("sheet", lang) }, cells), other,
    el("h4", { text: term("special", lang) }),
    el("ol", { class: "specials", "aria-label": term("special", lang) }, specials));
}

const pick = (m, names) => JSON.stringify(names.map((k) => m[k]));

/** One side's card (kept between steps: its parts are redrawn when what they show changed). */
function card(node, m, i, sheet, ctx, turnEvents, stepHits) {
  const { el, lang } = ctx;
  const tv = m.turn_values;
  const columns = [...new Set(turnEvents.filter((e) => e.kind === "ability" && e.actor === m.id).map((e) => e.values?.column))];
  const specialFired = turnEvents.some((e) => e.kind === "special" && e.actor === m.id && e.values?.exerted);
  const taken = stepHits.filter((e) => e.target === m.id);
  const s = m.sheet || {};
  node.className = `dice-char member side-${m.colour}${m.stunned ? " is-stunned" : ""}`;
  node.setAttribute("aria-label", m.name);
  Object.assign(node.dataset, { side: String(i), member: m.id });
  const header = part(node, 0, "", () => el("header", {},
    el("span", { class: `colour c-${m.colour}`, text: term(m.colour === "red" ? "R" : "B", lang) }),
    el("h3", { text: m.name }),
    el("span", { class: "muted small", text: [nm(s.type, lang), `${short("fav", lang)} ${s.fav}`, `${short("crossRange", lang)} ${s.cross}`,
      `${short("specialDie", lang)} ${short(s.special, lang)}`, `${short("selectedDie", lang)} ${short(s.selected, lang)}`]
      .filter(Boolean).join(" · ") })));
  for (const old of node.querySelectorAll(":scope > .float-dmg")) old.remove();
  header.after(...taken.map((e) => el("span", { class: "float-dmg", "aria-hidden": "true", text: `−${e.values?.damage}` })));
  part(node, 1, pick(m, ["lp", "lp_main", "lp_ex", "lp_start", "zone", "line_used"]), () => lpBar(el, m, sheet, lang));
  part(node, 2, pick(m, ["vp", "stars", "stardust", "ougi_stars", "ougi_available", "zone", "zone_active"]),
    () => counters(el, m, sheet, lang));
  part(node, 3, pick(m, ["stun_gauge", "stun_gauge_max", "stunned", "stun_left"]), () => stunGauge(el, m, lang));
  part(node, 4, pick(m, ["flags"]), () => flagBadges(el, m, lang));
  const values = part(node, 5, tv ? "tv" : "", () => (tv ? el("div", { class: "turn-values" }) : null));
  if (tv) turnValues(el, values, tv, lang);
  part(node, 6, JSON.stringify([tv?.source, tv?.s, columns, specialFired]),
    () => board(el, m, sheet, tv, new Set(columns), specialFired, lang));
}

// Words of the sums' term labels (battle.sum_labels: label → {ja, en}; core.sums).
let sumWords = {};
const SUM_OPS = { "=": "", "+": " + ", "-": " − ", "*": " × ", "/": " ÷ ", "//": " ÷ ", "ceil/": " ÷ ", max: " max ", min: " min " };

/** The numbers a hit explains (values.sums: damage, stun gauge), one row per part. */
function breakdownTable(el, v, lang) {
  const word = (label) => sumWords[label]?.[lang] ?? "…";
  const num = (x) => (Array.isArray(x) ? fold(x) : typeof x === "string" ? x.split("/").reduce((a, b) => a / b) : x);
  const fold = (terms) => terms.reduce((acc, [op, , x]) => {
    if (op === "note") return acc;
    if (op === "floor") return Math.floor(acc);
    if (op === "ceil") return Math.ceil(acc);
    if (op === "round") return Math.floor(acc + 0.5);
    const y = num(x);
    return { "=": y, "+": acc + y, "-": acc - y, "*": acc * y, "/": acc / y, "//": Math.floor(acc / y),
      "ceil/": Math.ceil(acc / y), max: Math.max(acc, y), min: Math.min(acc, y) }[op];
  }, 0);
  // rounded for display (1094.8, 0.38): the exact sum is the engine's, in the why panel
  const dec = (x) => String(Number(Number(x).toFixed(2)));
  const chip = (k, text, rule) => el("span", { class: "num", dataset: { k, ...(rule ? { rule } : {}) }, title: word(k) },
    el("small", { text: word(k) }), text === "" ? null : el("b", { text }));
  // el() flattens one level of children: every part list below is flat. The terms fold left
  // to right, so a sum followed by a product is bracketed: (8 + 21 + 0) × 2
  const inline = (terms, deep) => {
    let out = [];
    let summed = false;
    for (const [op, label, x, rule] of terms) {
      if (["floor", "ceil", "round", "note"].includes(op)) { out.push(" → ", chip(label, op === "note" ? String(x) : "", rule)); continue; }
      if (summed && ["*", "/", "//", "ceil/"].includes(op)) { out = ["(", ...out, ")"]; summed = false; }
      summed ||= op === "+" || op === "-";
      const part = Array.isArray(x) && deep ? [" (", ...inline(x, true), ")"] : [];
      out.push(SUM_OPS[op] ?? ` ${op} `, chip(label, dec(num(x)), rule), ...part);
    }
    return out;
  };
  const rows = (key, terms, top) => [
    el("p", { class: top ? "" : "sub" }, el("strong", { text: `${top ? term(key, lang) : word(key)} ` }),
      chip(key, dec(top ? v[key] : fold(terms))), " = ", inline(terms, !top)),
    ...(top ? terms.filter((t) => Array.isArray(t[2])).flatMap((t) => rows(t[1], t[2], false)) : [])];
  return el("div", { class: "breakdown" }, Object.entries(v.sums || {}).flatMap(([key, terms]) => rows(key, terms, true)));
}

function hitRow(el, e, names, lang) {
  const v = e.values || {};
  return el("li", {}, el("details", { class: "dice-hit", dataset: { seq: String(e.seq) } },
    el("summary", {},
      el("span", { text: `${names[e.actor] ?? e.actor} → ${names[e.target] ?? e.target} ` }),
      el("strong", { class: "dmg", text: String(v.damage) }),
      el("span", { text: ` ${short("damage", lang)}${v.cross ? ` · ${short("cross", lang)}` : ""}${v.index ? ` · +${v.index}` : ""} · ${term("breakdown", lang)}` })),
    v.sums ? breakdownTable(el, v, lang) : null));
}

/** The turn's hits in `slot` of `host`, one row per hit kept while the hit is in the turn
 * shown (the step's own hits marked new). */
function hitsPanel(el, host, slot, hits, names, currentSeqs, lang) {
  const panel = part(host, slot, hits.length ? "hits" : "", () => (hits.length
    ? el("section", { class: "dice-hits", "aria-label": term("hits", lang) }, el("h4", { text: term("hits", lang) }), el("ol"))
    : null));
  if (!hits.length) return;
  const list = panel.querySelector("ol");
  const rows = (list.kassenHits ??= new Map());
  const seqs = new Set(hits.map((e) => e.seq));
  for (const [seq, row] of rows) if (!seqs.has(seq)) { row.remove(); rows.delete(seq); }
  for (const e of hits) if (!rows.has(e.seq)) { rows.set(e.seq, hitRow(el, e, names, lang)); list.append(rows.get(e.seq)); }
  for (const [seq, row] of rows) row.firstChild.classList.toggle("new", currentSeqs.has(seq));
}

/** Draw one step of a dice battle. */
export function render(host, step, ctx) {
  const { battle, index, lang, el, fill } = ctx;
  glossary = battle?.glossary?.term || {};
  sumWords = battle?.sum_labels || {};
  const view = step?.view;
  if (!view?.sides) { fill(host, el("p", { class: "muted", text: "—" })); return; }
  const members = view.sides.map((s) => s.members?.[0]).filter(Boolean);
  const sheets = sheetsOf(battle);
  const soFar = turnSoFar(battle, index);
  const turnEvents = soFar.flatMap((s) => s.events || []);
  const decided = soFar.some((s) => s.kind === "decision" || (s.events || []).some((e) => e.kind.startsWith("decision")));
  const hits = turnEvents.filter((e) => e.kind === "hit");
  const stepHits = (step.events || []).filter((e) => e.kind === "hit");
  const names = Object.fromEntries(members.map((m) => [m.id, m.name]));
  boardFor(host, battle, lang);
  const table = part(host, 0, "", () => el("section", { class: "dice-table" }));
  table.setAttribute("aria-label", `${term("turn", lang)} ${view.turn}`);
  const rolling = (step.events || []).some((e) => e.kind === "dice");
  // a roll animates again at every step that rolls
  part(table, 0, JSON.stringify([view.dice, rolling && index]), () => diceTray(el, view, step, lang));
  part(table, 1, JSON.stringify([view.range, view.cross_x]), () => rangeTrack(el, view, members, lang));
  part(table, 2, JSON.stringify(decided ? view.decision : null), () => decisionPanel(el, view, members, decided, lang));
  members.forEach((m, i) => card(part(host, i + 1, "", () => el("section")), m, i, sheets[i] || parseSheet(""), ctx,
    turnEvents, stepHits));
  hitsPanel(el, host, members.length + 1, hits, names, new Set(stepHits.map((e) => e.seq)), lang);
}
