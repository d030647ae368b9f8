// A small SVG chart under the board: each side's HP (or the word the ruleset gives for its
// life: battle.glossary.chart.life, [ja, en], Ruleset.glossary) over the battle's
// steps, MP dashed where a side has an MP maximum, turn marks, the current step; a click
// seeks. Lines stop at the current step unless the reader asked to see results at once.
const NS = "http://www.w3.org/2000/svg";
const W = 1000;
const H = 100;
const cache = new WeakMap();

function svg(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

const sum = (members, key) => members.reduce((a, m) => a + (typeof m[key] === "number" ? Math.max(0, m[key]) : 0), 0);

/** Per side: hp[i], mp[i] (or null), and their scales, from every step's view. */
function series(battle) {
  if (cache.has(battle)) return cache.get(battle);
  const sides = [0, 1].map((s) => {
    const hp = [];
    const mp = [];
    let hpMax = 0;
    let mpMax = 0;
    for (const step of battle.steps) {
      const members = step.view?.sides?.[s]?.members || [];
      hp.push(sum(members, "hp"));
      mp.push(sum(members, "mp"));
      hpMax = Math.max(hpMax, sum(members, "max_hp"), hp.at(-1));
      mpMax = Math.max(mpMax, sum(members, "max_mp"));
    }
    return { hp, hpMax, mp: mpMax > 0 ? mp : null, mpMax };
  });
  const turns = [];
  battle.steps.forEach((s, i) => { if (i > 0 && s.turn !== battle.steps[i - 1].turn) turns.push(i); });
  const out = { sides, turns, n: battle.steps.length };
  cache.set(battle, out);
  return out;
}

const x = (i, n) => (n > 1 ? (i * W) / (n - 1) : 0);
const y = (v, max) => (max > 0 ? H - 6 - (Math.max(0, Math.min(v, max)) * (H - 12)) / max : H - 6);

function path(values, max, upto, n) {
  let d = "";
  for (let i = 0; i <= upto; i++) d += `${i ? "L" : "M"}${x(i, n).toFixed(1)} ${y(values[i], max).toFixed(1)}`;
  return d;
}

/** Draw (or redraw) the chart for step `index` into `box`; `onSeek(i)` on a click. */
export function drawChart(box, battle, index, { spoil, onSeek, t, lang }) {
  if (!box) return;
  const data = series(battle);
  if (!data.sides.some((s) => s.hpMax > 0)) { box.hidden = true; return; }
  box.hidden = false;
  const upto = spoil ? data.n - 1 : index;
  const hpWord = battle.glossary?.chart?.life?.[lang === "en" ? 1 : 0] ?? "HP";
  let chart = box.querySelector("svg");
  if (!chart || chart.dataset.battle !== battle.digest) {
    chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", class: "chart",
      "aria-hidden": "true" });
    chart.dataset.battle = battle.digest ?? "";
    chart.addEventListener("click", (e) => {
      const r = chart.getBoundingClientRect();
      const n = series(battle).n;
      onSeek(Math.round(((e.clientX - r.left) / Math.max(1, r.width)) * (n - 1)));
    });
    box.replaceChildren(chart, document.createElement("p"));
  }
  const parts = [];
  for (const i of data.turns) {
    parts.push(svg("line", { x1: x(i, data.n), x2: x(i, data.n), y1: 0, y2: H, class: "turn-mark" }));
  }
  data.sides.forEach((s, k) => {
    parts.push(svg("path", { d: path(s.hp, s.hpMax, upto, data.n), class: `hp-line s${k}` }));
    if (s.mp) parts.push(svg("path", { d: path(s.mp, s.mpMax, upto, data.n), class: `mp-line s${k}` }));
  });
  parts.push(svg("line", { x1: x(index, data.n), x2: x(index, data.n), y1: 0, y2: H, class: "cursor" }));
  chart.replaceChildren(...parts);
  const legend = box.querySelector("p");
  legend.className = "chart-legend muted";
  const sw = (k) => Object.assign(document.createElement("span"), { className: `sw sw${k}` });
  const mp = data.sides.some((s) => s.mp) ? (lang === "en" ? " · MP dashed" : " · MPは点線") : "";
  legend.replaceChildren(`${hpWord}: `, sw(0), ` ${t("sideA")}  `, sw(1), ` ${t("sideB")}${mp} · `,
    lang === "en" ? "click to jump" : "クリックで移動");
}
