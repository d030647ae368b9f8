// Tournament links and reports (issue 16): "Share tournament" copies the #t= link of the form's
// tournament; opening one fills the form and plays it in the worker pool, as a normal run;
// "Download report" saves the finished table as one self-contained HTML file, made by the
// engine (kassen.tournament.report), byte-identical to `python -m kassen tournament … --report`.
import { $ } from "./dom.js";
import { lang, t } from "./i18n.js";
import { copyWithFeedback, showNote } from "./copy.js";
import { download } from "./files.js";
import { lastTable, request, startTournament } from "./tournament.js";

let api = null;
let pageUrl = null;  // fragment -> the page's absolute URL with it

function problemText(answer) {
  const p = answer.problems?.[0];
  return p ? (p.line ? `${p.line}:${p.column}: ${p.message}` : p.message) : String(answer);
}

async function share(button) {
  const answer = await api.tournamentLink(request());
  if (!answer.ok) { showNote(button, problemText(answer), true); return; }
  window.kassenLastTournamentShare = pageUrl(answer.link);
  await copyWithFeedback(button, window.kassenLastTournamentShare, t("linkCopied"));
}

async function report(button) {
  const table = lastTable();
  if (!table?.request) return;
  const answer = await api.tournamentReport(table.request, table, pageUrl(""), lang());
  if (!answer.ok) { showNote(button, problemText(answer), true); return; }
  download(`kassen-${table.request.ruleset}-${table.format}-report.html`, answer.html, "text/html");
}

/** Put a #t= link's tournament (checked by the engine) into the form and play it.
 * `applySetup(spec)` selects its system and options in the set-up. */
export async function openTournament(spec, applySetup) {
  applySetup(spec);
  const multi = spec.builds.some((text) => text.includes("\n"));
  $("t-builds").value = spec.builds.join(multi ? "\n---\n" : "\n");
  $("t-format").value = spec.format;
  $("t-seeds").value = String(spec.seeds);
  $("t-seed").value = spec.seed;
  $("t-progress-text").value = t("tFromLink");
  $("tournament").scrollIntoView({ block: "start" });
  await startTournament();
}

/** Wire the buttons to a ready engine; `toUrl(fragment)` makes the page's absolute URL. */
export function initTournamentShare(engineApi, toUrl) {
  api = engineApi;
  pageUrl = toUrl;
  $("t-share").disabled = false;
  $("t-share").addEventListener("click", (e) => share(e.currentTarget));
  $("t-report").addEventListener("click", (e) => report(e.currentTarget));
}
