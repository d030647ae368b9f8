// Copy text to the clipboard and say so beside the button that was pressed (not in a status
// line out of view). When the clipboard refuses, the text itself is shown there to copy by hand.
import { el } from "./dom.js";
import { t } from "./i18n.js";

const timers = new WeakMap();

/** The feedback <output> right after `button` (made on first use). */
function noteFor(button) {
  let note = button.nextElementSibling;
  if (!note?.classList.contains("copy-note")) {
    note = el("output", { class: "copy-note", "aria-live": "polite" });
    button.after(note);
  }
  return note;
}

/** Say something beside `button` (a problem when `failed`). */
export function showNote(button, text, failed = false) {
  const note = noteFor(button);
  clearTimeout(timers.get(button));
  note.classList.toggle("failed", failed);
  note.textContent = text;
}

/** Copy `text`; `done` is the message shown on success. Returns whether the clipboard took it. */
export async function copyWithFeedback(button, text, done = t("copied")) {
  const note = noteFor(button);
  window.kassenLastCopy = text;  // for tests and the curious
  clearTimeout(timers.get(button));
  note.classList.remove("failed");
  try {
    await navigator.clipboard.writeText(text);
    note.textContent = `✓ ${done}`;
    timers.set(button, setTimeout(() => { note.textContent = ""; }, 4000));
    return true;
  } catch {
    note.classList.add("failed");
    note.textContent = `${t("shareFailed")} ${text}`;
    return false;
  }
}
