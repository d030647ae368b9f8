// Keyboard shortcuts of the battle view. They work wherever the focus is, except inside text
// fields: after a click on a button Space still toggles play (Enter still presses the
// button), and after a choice in a select Space and the arrows still play and step.
const TEXT_TYPES = new Set(["text", "search", "number", "email", "url", "password", "tel"]);
let chosen = null;  // a select the reader just chose in (its keys are ours until it is left)

function isTextField(node) {
  if (!node) return false;
  if (node.isContentEditable || node.tagName === "TEXTAREA") return true;
  return node.tagName === "INPUT" && TEXT_TYPES.has(node.type || "text");
}

/** Whether a key pressed on `node` may be used by the battle view. */
function ours(node, key) {
  if (isTextField(node)) return false;
  if (node?.closest?.(".decide-options") && /^(Arrow|Home|End)/.test(key)) return false;  // the options' own
  if (node?.tagName === "SELECT") return node === chosen;
  if (node?.tagName === "INPUT" && ["checkbox", "radio"].includes(node.type)) return key !== " ";
  if (node?.tagName === "INPUT" && node.type === "range") return !key.startsWith("Arrow");
  return true;
}

/** Wire the shortcuts to the viewer's actions. */
export function initKeys(a) {
  document.addEventListener("change", (e) => { if (e.target?.tagName === "SELECT") chosen = e.target; });
  document.addEventListener("focusin", (e) => { if (e.target !== chosen) chosen = null; });
  document.addEventListener("mousedown", (e) => { if (e.target === chosen) chosen = null; });
  const keys = {
    " ": a.toggle, ArrowRight: () => a.step(1), ArrowLeft: () => a.step(-1),
    PageUp: () => a.stepTurn(-1), PageDown: () => a.stepTurn(1), "[": () => a.stepTurn(-1),
    "]": () => a.stepTurn(1), ".": a.endOfTurn, Home: a.first, End: a.last,
    "+": () => a.faster(1), "-": () => a.faster(-1), "?": a.why,
  };
  document.addEventListener("keydown", (e) => {
    if (!a.active() || e.altKey || e.ctrlKey || e.metaKey || !keys[e.key]) return;
    if (e.target?.closest?.("#why-panel") && e.key !== "?") return;  // its own keys
    if (!ours(e.target, e.key)) return;
    if (document.getElementById("viewer")?.hidden) return;
    e.preventDefault();
    keys[e.key]();
  });
}
