// The tournament view: round robin, single elimination or one match-up's win rate, played by
// a pool of engine workers in small slices; progress, time left, cancel; sortable standings,
// a win-rate heatmap whose cells open their battle; CSV/JSON export.
import { $, el, fill } from "./dom.js";
import { t } from "./i18n.js";
import { Pool } from "./pool.js";
import { PoolRun } from "./pool-run.js";
import { download } from "./files.js";

const RENDER_BUDGET_MS = 12;  // render big tables in chunks: no main-thread task over 50 ms
let api = null;
let pool = null;
let context = null;  // {ruleset: () => id, options: () => {...}, samples: () => [...], saved: () => [...]}
let runner = null;   // the run in progress (PoolRun)
let last = null;     // the last finished table (with its request)
let sort = { key: "rank", dir: 1 };

const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));
const pct = (r) => (r?.rate === null || r?.rate === undefined ? "—" : `${Math.round(r.rate * 100)}%`);
const interval = (r) => (r?.rate === null || r?.rate === undefined ? "" : `${Math.round(r.low * 100)}–${Math.round(r.high * 100)}%`);

const SEPARATOR = /^[ \t]*---[ \t]*$/m;

/** The builds in the box: one per line, or, when a line `---` is present, between such lines
 * (for systems whose builds take several lines). */
export function parseBuildList(text) {
  const parts = SEPARATOR.test(text) ? text.split(new RegExp(SEPARATOR.source, "gm")) : text.split("\n");
  return parts.map((part) => part.trim()).filter(Boolean);
}

const builds = () => parseBuildList($("t-builds").value);

function appendBuilds(more) {
  const all = builds().concat(more.map((text) => text.trim()).filter(Boolean));
  $("t-builds").value = all.some((text) => text.includes("\n")) ? all.join("\n---\n") : all.join("\n");
}

function progress(done, total, started) {
  const bar = $("t-progress");
  bar.max = Math.max(1, total);
  bar.value = done;
  const elapsed = (performance.now() - started) / 1000;
  const left = done > 0 ? Math.max(0, (elapsed / done) * (total - done)) : null;
  const eta = left === null ? "" : ` · ${t("tLeft")} ${left < 60 ? `${Math.ceil(left)} s` : `${Math.ceil(left / 60)} min`}`;
  $("t-progress-text").value = `${done}/${total} ${t("tBattles")}${eta} · ${pool.members.length} ${t("tPool")}`;
  window.kassenTournament = { done, total, elapsed };
}

const showProblems = (answer) => runner.showProblems(answer);

/** Open a battle link in the battle view (also when it is already the current fragment).
 * One listener on the results serves every link (a 100-build matrix has 9,900). */
function openLink(event) {
  const link = event.target.closest?.("a[href^='#']");
  if (link && link.getAttribute("href") === location.hash) {
    event.preventDefault();
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  }
}

// -- standings ---------------------------------------------------------------------------------

const COLUMNS = [
  ["rank", "rank", (r) => r.rank],
  ["name", "name", (r) => r.name],
  ["played", "played", (r) => r.played],
  ["wins", "wins", (r) => r.wins],
  ["draws", "draws", (r) => r.draws],
  ["losses", "losses", (r) => r.losses],
  ["points", "points", (r) => r.points],
  ["win_rate", "winRate", (r) => r.win_rate?.rate ?? -1],
];

function renderStandings() {
  const table = $("t-standings");
  if (!last?.standings) { fill(table); return; }
  const getter = COLUMNS.find((c) => c[0] === sort.key)[2];
  const rows = [...last.standings].sort((a, b) => {
    const [x, y] = [getter(a), getter(b)];
    const order = typeof x === "string" ? x.localeCompare(y) : x - y;
    return sort.dir * order || a.rank - b.rank;
  });
  const head = el("tr", {}, COLUMNS.map(([key, label]) => {
    const th = el("th", { scope: "col", "aria-sort": sort.key === key ? (sort.dir > 0 ? "ascending" : "descending") : "none" },
      el("button", { type: "button", class: "sort", dataset: { key }, text: t(label),
        onclick: () => { sort = { key, dir: sort.key === key ? -sort.dir : (key === "name" || key === "rank" ? 1 : -1) }; renderStandings(); } }));
    return th;
  }));
  fill(table, el("caption", { text: t("tStandingsCaption") }), el("thead", {}, head),
    el("tbody", {}, rows.map((r) => el("tr", {},
      el("td", { text: r.rank }), el("th", { scope: "row", text: r.name, title: r.text }),
      el("td", { text: r.played }), el("td", { text: r.wins }), el("td", { text: r.draws }),
      el("td", { text: r.losses }), el("td", { text: r.points }),
      el("td", { text: `${pct(r.win_rate)} (${interval(r.win_rate)})` })))));
  const focused = table.querySelector(`button[data-key="${sort.key}"]`);
  if (document.activeElement?.classList?.contains("sort")) focused?.focus();
}

// -- matrix (heatmap) --------------------------------------------------------------------------

function heat(cell, rate) {
  if (rate === null || rate === undefined) return;
  cell.style.backgroundColor = `hsl(${Math.round(rate * 120)}, 65%, 82%)`;
}

async function renderMatrix(token) {
  const table = $("t-matrix");
  const { names, matrix } = last;
  fill(table, el("caption", { text: t("tMatrixCaption") }),
    el("thead", {}, el("tr", {}, el("td"), names.map((name, j) =>
      el("th", { scope: "col", title: name, "aria-label": name, text: String(j + 1) })))));
  table.style.setProperty("--columns", String(names.length));
  const body = el("tbody");
  table.append(body);
  let started = performance.now();
  for (let i = 0; i < names.length; i += 1) {
    const row = el("tr", {}, el("th", { scope: "row", text: `${i + 1}. ${names[i]}` }));
    for (let j = 0; j < names.length; j += 1) {
      const c = matrix[i][j];
      if (!c) { row.append(el("td", { class: "diag" })); continue; }
      const label = `${names[i]} vs ${names[j]}: ${pct(c.win_rate)} (${c.wins}-${c.draws}-${c.losses}) — ${t("tOpen")}`;
      const td = el("td", {}, el("a", { href: c.link, "aria-label": label, title: label,
        dataset: { row: i, col: j }, text: pct(c.win_rate).replace("%", "") }));
      heat(td, c.win_rate?.rate);
      row.append(td);
    }
    body.append(row);
    if (performance.now() - started > RENDER_BUDGET_MS) {
      await yieldToPage();
      if (token !== renderToken) return;
      started = performance.now();
    }
  }
}
let renderToken = 0;

/** Empty the standings and the matrix a slice of rows at a time: dropping a 10,000-cell
 * table at once is one long main-thread task (measured at 70 ms while the pool is busy). */
async function clearTables() {
  for (const table of [$("t-matrix"), $("t-standings")]) {
    for (const body of [...table.tBodies]) {
      while (body.lastChild) {
        const started = performance.now();
        while (body.lastChild && performance.now() - started < RENDER_BUDGET_MS) body.lastChild.remove();
        await yieldToPage();
      }
    }
    fill(table);
  }
}

// -- elimination and match-up summaries ------------------------------------------------------

function renderElimination(table) {
  const name = (i) => (i === null || i === undefined ? "—" : table.names[i]);
  fill($("t-summary"),
    el("p", { class: "champion" }, el("strong", { text: `${t("tChampion")}: ` }), name(table.champion)),
    table.rounds.map((round) => el("section", { class: "round" },
      el("h3", { text: `${t("tRound")} ${round.round}` }),
      el("ul", {}, round.matches.map((m) => el("li", {},
        m.bye ? `${name(m.winner)} (${t("tBye")})`
          : [el("a", { href: m.link, text: `${name(m.a)} ${m.score[0]}–${m.score[1]} ${name(m.b)}` }),
            ` → ${name(m.winner)}${m.tiebreak_by_seed ? ` (${t("tTiebreak")})` : ""}`]))))));
}

function renderMatchup(table) {
  const row = (label, value) => el("div", {}, el("dt", { text: label }), el("dd", { text: value }));
  const rate = (r) => `${pct(r)} (${interval(r)}, ${r.count}/${table.battles})`;
  const [a, b] = table.names;
  fill($("t-summary"), el("h3", { class: "matchup-title", text: `${a} ${t("tVs")} ${b}` }),
    el("dl", { class: "matchup" },
    row(`${a} — ${t("wins")}`, rate(table.win)),
    row(t("draws"), rate(table.draw)),
    row(`${b} — ${t("wins")}`, rate(table.loss)),
    row(t("tMedianTurns"), String(table.median_turns ?? "—")),
    row(t("tReasons"), Object.entries(table.reasons).map(([k, v]) => `${k} ${v}`).join(", ")),
    table.watched_percentile !== undefined ? row(t("tWatched"), `${Math.round(table.watched_percentile * 100)}%`) : null),
  table.first_link ? el("p", {}, el("a", { href: table.first_link, text: t("tOpen") })) : null);
}

/** Cells name the job whose battle they open (`job`); the links came with the battles. */
function withLinks(table, links) {
  if (!links) return table;
  for (const line of table.matrix || []) {
    for (const cell of line) if (cell && cell.link === undefined) cell.link = links.get(cell.job);
  }
  return table;
}

/** Draw a finished table (again after a language switch; the one shown goes first, in slices). */
async function showTable(table) {
  renderToken += 1;
  const token = renderToken;
  last = table;
  await clearTables();
  if (token !== renderToken) return;
  $("t-results").hidden = false;
  const isRoundRobin = table.format === "round-robin";
  $("t-csv-standings").hidden = !isRoundRobin;
  $("t-csv-matrix").hidden = !isRoundRobin;
  if (!isRoundRobin) {
    if (table.format === "elimination") renderElimination(table);
    else renderMatchup(table);
    return;
  }
  fill($("t-summary"));
  sort = { key: "rank", dir: 1 };
  renderStandings();
  await yieldToPage();
  if (token === renderToken) await renderMatrix(token);
}

// -- running -------------------------------------------------------------------------------------

/** The tournament request the form describes (also what "Share tournament" links). */
export function request() {
  const format = $("t-format").value;
  const list = builds();
  const watched = window.kassen?.currentBattle?.()?.result?.turn;
  return { ruleset: context.ruleset(), builds: format === "matchup" ? list.slice(0, 2) : list,
    options: context.options(), seeds: Math.max(1, Math.min(10000, Number($("t-seeds").value) || 1)),
    seed: $("t-seed").value.trim() || "kassen", format,
    ...(format === "matchup" && Number.isInteger(watched) ? { watched_turns: watched } : {}) };
}

/** Play jobs 0 to `count` - 1 of `work` (`{format, round?, links?}`) in the pool. The slices'
 * tallies are gathered in `into.tally` (the engine merges them), match-up results in
 * `into.results`, pairings' battle links in `into.links` (job number → link). */
async function play(count, work, req, state, into, { offset = 0, total = count } = {}) {
  return pool.run(count, (worker, start, stop) => worker.tournamentPlay(req, { ...work, start, stop }), {
    onAnswer: (answer) => {
      for (const entry of answer.tally) into.tally.push(entry);
      for (const result of answer.results || []) into.results.push(result);
      for (const [index, link] of answer.links || []) into.links.set(index, link);
    },
    onProgress: (done, all) => progress(done, all, state.started),
    cancelled: () => state.cancelled, offset, total });
}

/** Run the tournament the form describes. Resolves when finished, failed or cancelled. */
export async function startTournament() {
  if (!runner || runner.running || !api) return;
  const req = request();
  await runner.start((state) => playTournament(req, state), async () => {
    renderToken += 1;
    last = null;
    await clearTables();
    $("t-results").hidden = true;
  });
}

/** The tournament itself, on a booted pool; "done", or nothing after a problem. */
async function playTournament(req, state) {
  const into = { tally: [], results: [], links: new Map() };
  let table;
  if (req.format === "elimination") {
    for (;;) {
      const step = await api.eliminationNext(req, into.tally);
      if (!step.ok) { showProblems(step); return undefined; }
      if (step.done) { table = step; break; }
      const work = { format: "elimination", round: step.round };
      const out = await play(step.count, work, req, state, into, { offset: step.played, total: step.total });
      if (out.cancelled) throw new Error("cancelled");
    }
  } else {
    const matchup = req.format === "matchup";
    const plan = await (matchup ? api.matchupPlan(req) : api.tournamentPlan(req));
    if (!plan.ok) { showProblems(plan); return undefined; }
    progress(0, plan.total, state.started);
    const out = await play(plan.total, { format: req.format, links: !matchup }, req, state, into);
    if (out.cancelled) throw new Error("cancelled");
    table = await (matchup ? api.matchupTable(req, into.results) : api.tournamentTable(req, into.tally));
    if (!table.ok) { showProblems(table); return undefined; }
    table.format = req.format;
    withLinks(table, into.links);
  }
  table.request = req;
  table.seconds = (performance.now() - state.started) / 1000;
  $("t-progress-text").value = `${t("tDone")} · ${table.battles} ${t("tBattles")} · ${table.seconds.toFixed(1)} s · ${pool.members.length} ${t("tPool")}`;
  await yieldToPage();  // the big answer was parsed in this task: draw in the next ones
  await showTable(table);
  window.kassenTournamentDone = { battles: table.battles, seconds: table.seconds, workers: pool.members.length };
  return "done";
}

/** Stop the run in progress (the pool stops handing out slices at once). */
export const cancelTournament = () => runner?.cancel();

// -- export ----------------------------------------------------------------------------------------

function withoutLinks(table) {
  return { ...table, matrix: table.matrix.map((line) => line.map((c) => (c ? { ...c, link: undefined } : c))) };
}

async function exportCsv(which) {
  if (last?.format !== "round-robin") return;
  const answer = await api.tableCsv(withoutLinks(last));
  if (!answer.ok) { showProblems(answer); return; }
  download(`kassen-${last.request.ruleset}-${which}.csv`, answer[which], "text/csv");
}

function exportJson() {
  if (!last) return;
  download(`kassen-${last.request.ruleset}-${last.format}.json`, JSON.stringify(last, null, 1), "application/json");
}

/** Wire the view to a ready engine. */
export function initTournament(engineApi, ctx) {
  api = engineApi;
  context = ctx;
  pool = new Pool(engineApi);
  runner = new PoolRun(pool, { section: "tournament", start: "t-start", cancel: "t-cancel",
    text: "t-progress-text", summary: "t-summary", reveal: "t-results" });
  window.kassenPool = pool;
  $("t-start").disabled = false;
  $("t-results").addEventListener("click", openLink);
  $("t-start").addEventListener("click", startTournament);
  $("t-cancel").addEventListener("click", cancelTournament);
  $("t-add-samples").addEventListener("click", () => appendBuilds(ctx.samples().map((s) => s.text)));
  $("t-add-saved").addEventListener("click", () => appendBuilds(ctx.saved().map((b) => b.text)));
  $("t-csv-standings").addEventListener("click", () => exportCsv("standings"));
  $("t-csv-matrix").addEventListener("click", () => exportCsv("matrix"));
  $("t-json").addEventListener("click", exportJson);
}

/** Re-render language-dependent parts. */
export function relabelTournament() {
  if (!last) return;
  showTable(last);
}

export const lastTable = () => last;
