// The build lab's helpers around the search (static/js/lab.js): a default field that separates
// candidates (the system's samples, not just the two sides), and "counter this build" on a
// finished battle (the winner's build becomes the field of a counter search).
import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { currentBattle, onShow } from "./battle.js";
import { currentRuleset } from "./setup.js";

let lastDefault = null;  // the field text the lab put in itself (replaced when the system changes)

/** The system's samples as the field, unless the reader wrote a field of their own. */
function defaultField(setField, field) {
  const now = $("lab-field").value.trim();
  if (now && now !== lastDefault) return;
  const samples = (currentRuleset()?.samples || []).map((s) => s.text);
  setField(samples);
  lastDefault = $("lab-field").value.trim();
  void field;
}

/** The build to counter in the battle on screen: the winner's (side 2's after a draw). */
function buildToCounter(battle) {
  const sides = battle?.record?.sides || [];
  const winner = battle?.result?.winner;
  return sides[winner === 0 || winner === 1 ? winner : 1] ?? null;
}

/** Wire the helpers: `setField(texts)`, `field()` and `start()` of the lab. */
export function initLabHelpers({ setField, field, start }) {
  defaultField(setField, field);
  $("ruleset").addEventListener("kassen:ruleset", () => defaultField(setField, field));
  const button = $("lab-counter");
  onShow(() => {
    const battle = currentBattle();
    button.hidden = !battle || Boolean(battle.pending) || !battle.result || !buildToCounter(battle);
  });
  button.addEventListener("click", () => {
    const text = buildToCounter(currentBattle());
    if (!text) return;
    setField([text]);
    lastDefault = null;
    $("lab-target").value = "counter";
    $("lab").scrollIntoView({ block: "start", behavior: "smooth" });
    $("lab-progress-text").value = t("labCounterOf");
    start();
  });
}
