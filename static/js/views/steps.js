// Shared by every battle view: step names (from the engine's catalogues), beats (steps that
// change nothing on the board play with the next one), and the generic member panels for a
// ruleset without a view of its own.
import { el, fill } from "../dom.js";

const IGNORED = new Set(["phase", "turn0"]);  // a phase marker moving alone changes nothing

function boardKey(view) {
  if (!view || typeof view !== "object") return "";
  return JSON.stringify(Object.entries(view).filter(([k]) => !IGNORED.has(k)));
}

/** merged[i] is true when step i leaves the board as it was (only its phase marker moves):
 * playback and stepping then show it together with the next step, as one beat. The last
 * step always ends a beat; the first always starts one. */
export function beatsOf(steps) {
  const keys = steps.map((s) => boardKey(s.view));
  return steps.map((_, i) => i > 0 && i < steps.length - 1 && keys[i] === keys[i - 1]);
}

/** A step's name in the page's language, as the engine's catalogue gives it. */
export const stepLabel = (step, lang) => step?.label?.[lang] ?? step?.label?.ja ?? "";

/** What a step's `turn` counts: a view may name it (the card duel's turn is a battle). */
export function turnWord(view, lang) {
  const own = view?.turnWord?.[lang];
  return own ?? (lang === "en" ? "Turn" : "ターン");
}

const SKIP = new Set(["id", "name", "hp", "max_hp", "statuses"]);
const isScalar = (v) => ["string", "number", "boolean"].includes(typeof v);

function memberView(m) {
  const parts = [el("div", { class: "name", text: m.name ?? m.id ?? "?" })];
  if (typeof m.hp === "number" && typeof m.max_hp === "number" && m.max_hp > 0) {
    const pct = Math.max(0, Math.min(100, (100 * m.hp) / m.max_hp));
    const bar = el("div", { class: `hpbar${pct <= 25 ? " low" : ""}`, role: "meter",
      "aria-label": "HP", "aria-valuemin": 0, "aria-valuemax": m.max_hp, "aria-valuenow": m.hp },
    el("span"));
    bar.firstChild.style.width = `${pct}%`;
    parts.push(el("div", { class: "hp", text: `HP ${m.hp}/${m.max_hp}` }), bar);
  } else if (typeof m.hp === "number") {
    parts.push(el("div", { class: "hp", text: `HP ${m.hp}` }));
  }
  const fields = Object.entries(m).filter(([k, v]) => !SKIP.has(k) && isScalar(v));
  if (fields.length) {
    parts.push(el("dl", { class: "fields" },
      fields.map(([k, v]) => el("div", {}, el("dt", { text: k }), el("dd", { text: String(v) })))));
  }
  const statuses = Object.entries(m.statuses || {});
  if (statuses.length) {
    parts.push(el("div", { class: "statuses" },
      statuses.map(([name, count]) => el("span", { class: "badge", text: count > 1 ? `${name}×${count}` : name }))));
  }
  return el("div", { class: `member${m.exited ? " exited" : ""}` }, parts);
}

/** The generic board of a ruleset without a view of its own (no page code at all): one panel
 * per side with its members as the step's view (or the battle's sides) gives them. */
export function genericBoard(board, step, t, battle = null) {
  const sides = step?.view?.sides || battle?.sides || [];
  fill(board, sides.map((side, i) => el("section", { class: "side-view", "aria-label": `${i + 1}` },
    el("h3", { text: t(i === 0 ? "sideA" : "sideB") }),
    (side.members || []).map(memberView))));
}
