// The build lab's helpers around the search (static/js/lab.js): a default field that separates
// candidates (the system's samples, not just the two sides), and "counter this build" on a
// finished battle (the winner's build becomes the field of a counter search).
import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { currentBattle, onShow } from "./battle.js";
import { currentRuleset } from "./setup.js";

let fieldSystem = null;  // the system the field's builds belong to

/** The system's samples as the field when the system changes (another system's builds are
 * never a field of this one); a field the reader wrote for this system stays. */
function defaultField(setField) {
  const system = currentRuleset()?.id ?? null;
  if (system === fieldSystem && $("lab-field").value.trim()) return;
  fieldSystem = system;
  setField((currentRuleset()?.samples || []).map((s) => s.text));
}

/** The build to counter in the battle on screen: the winner's (side 2's after a draw). */
function buildToCounter(battle) {
  const sides = battle?.record?.sides || [];
  const winner = battle?.result?.winner;
  return sides[winner === 0 || winner === 1 ? winner : 1] ?? null;
}

/** Wire the helpers: `setField(texts)` and `start()` of the lab. */
export function initLabHelpers({ setField, start }) {
  defaultField(setField);
  $("ruleset").addEventListener("kassen:ruleset", () => defaultField(setField));
  const button = $("lab-counter");
  onShow(() => {
    const battle = currentBattle();
    button.hidden = !battle || Boolean(battle.pending) || !battle.result || !buildToCounter(battle);
  });
  button.addEventListener("click", () => {
    const text = buildToCounter(currentBattle());
    if (!text) return;
    setField([text]);
    $("lab-target").value = "counter";
    $("lab").scrollIntoView({ block: "start", behavior: "smooth" });
    $("lab-progress-text").value = t("labCounterOf");
    start();
  });
}
