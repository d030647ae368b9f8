// The build lab's best-so-far table (static/js/lab.js): scores that read as results — a win
// rate with its 95 % Wilson interval ("4/8 = 50 % [22–78 %]"), a champion's margin over the
// field's best, a balance as the distance from its goal — and each build as a compact line-up
// with the whole text on demand.
import { el, fill } from "./dom.js";
import { t } from "./i18n.js";

const Z95 = 1.959964;

/** The Wilson score interval of `successes` in `trials` (as kassen.tournament.stats.wilson). */
export function wilson(successes, trials, z = Z95) {
  if (trials <= 0) return [0, 1];
  const p = successes / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const pc = (x) => `${Math.round(x * 100)} %`;
const count = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

/** "4/8 = 50 % [22–78 %]" (no interval for a deterministic system, whose rate is exact). */
export function rateText(successes, trials, exact) {
  const rate = trials ? successes / trials : 0;
  const head = `${count(successes)}/${trials} = ${pc(rate)}`;
  if (exact) return head;
  const [low, high] = wilson(successes, trials);
  return `${head} [${Math.round(low * 100)}–${Math.round(high * 100)} %]`;
}

const points = (x) => `${(x * 100).toFixed(1)} pt`;

/** A row's score in words: the rate it is about, then what the target makes of it. */
export function scoreText(row, target, goal = 0.5) {
  const exact = row.low === row.high;
  if (target === "balance") {
    const party = row.battles - row.wins - row.draws;
    return `${t("labParty")} ${rateText(party, row.battles, exact)} · ${points(Math.abs(row.score))} ${t("labFromGoal").replace("{goal}", pc(goal))}`;
  }
  const own = rateText(row.wins + row.draws / 2, row.battles, exact);
  if (target !== "champion") return own;
  return `${own} · ${row.score >= 0 ? "+" : "−"}${points(Math.abs(row.score))} ${t("labOverBest")}`;
}

/** A build's line-up in one short line: its name, or its members counted ("ゴブリン×3 · オーガ×2"). */
export function lineUp(text) {
  const trimmed = String(text).trim();
  if (!trimmed.includes("\n") && trimmed.length <= 60) return trimmed;
  const named = /^\s*name\s*[:：]\s*(.+)$/im.exec(trimmed);
  if (named) return named[1].trim();
  const counts = new Map();
  for (const piece of trimmed.split(/\n|;/)) {
    const name = piece.trim().replace(/^@/, "").split(/[\s:=：/]/)[0];
    if (name && name !== "---") counts.set(name, (counts.get(name) || 0) + 1);
  }
  return [...counts].map(([name, n]) => (n > 1 ? `${name}×${n}` : name)).join(" · ");
}

/** Draw the table: one row a candidate, the score in words, the line-up with its text on
 * demand, "use" buttons, and links to a battle against each field member once it ended. */
export function drawBest(table, best, target, { withLinks = false, goal = 0.5 } = {}) {
  const head = el("tr", {}, ["#", "labScore", "labBuild", "labUse"].map((key) =>
    el("th", { scope: "col", text: key === "#" ? "#" : t(key) })));
  const rows = best.map((row, index) => {
    const use = [0, 1].map((side) => el("button", {
      type: "button", class: "lab-use", "data-side": String(side), "data-row": String(index),
      text: t(side === 0 ? "labUseA" : "labUseB") }));
    const links = withLinks ? row.members.map((member, m) => el("a", {
      href: member.link, class: "lab-link", text: `${t("labVs")} ${m + 1}`,
      title: `${member.wins}/${member.battles}` })) : [];
    const record = `${t("labRecord")} ${row.wins}/${row.draws}/${row.battles}`;
    return el("tr", { "data-row": String(index) }, [
      el("td", { class: "lab-rank", text: String(index + 1) }),
      el("td", { class: "lab-score" }, el("span", { class: "lab-rate", text: scoreText(row, target, goal) }),
        el("span", { class: "muted lab-record", text: record })),
      el("td", { class: "lab-build" }, [
        el("details", { class: "lab-more" }, el("summary", { class: "lab-lineup", text: lineUp(row.text) }),
          el("pre", { class: "lab-text", text: row.text })),
        links.length ? el("div", { class: "lab-links" }, links) : null].filter(Boolean)),
      el("td", { class: "lab-uses" }, use),
    ]);
  });
  fill(table, el("thead", {}, [head]), el("tbody", {}, rows));
}
