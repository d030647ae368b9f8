// The battle log beside the board: the lines of steps 0..index, the current beat's marked.
// Kept cheap per step (issue 15: no main-thread task over 50 ms while stepping, seeking or
// jumping to the end): each step's lines are built once per battle and language, moved in
// and out of the list as the reader goes forward and back, and only the lines whose mark
// changes are touched; nothing here reads layout (battle.js scrolls, once per shown step).

let built = [];       // built[i]: the <li> lines of step i, once made
let upTo = -1;        // the list holds the lines of steps 0..upTo
let marked = [];      // the lines marked current

/** Forget every line (a new battle, or another language): the next sync rebuilds. */
export function resetLog(log) {
  built = [];
  upTo = -1;
  marked = [];
  log.replaceChildren();
}

/** Make the list `log` hold the lines of steps 0..index (`linesOf(i)` makes step i's) and
 * mark those of steps first..index; the first marked line, or null. */
export function syncLog(log, index, first, linesOf) {
  const of = (i) => (built[i] ??= linesOf(i));
  if (upTo > index) {
    const cut = firstLine(index + 1, upTo, of);
    if (cut) {
      const range = document.createRange();
      range.setStartBefore(cut);
      range.setEndAfter(log.lastChild);
      log.setAttribute("aria-busy", "true");
      range.deleteContents();
      log.setAttribute("aria-busy", "false");
    }
    upTo = index;
  }
  if (upTo < index) {
    const more = document.createDocumentFragment();
    for (let i = upTo + 1; i <= index; i++) more.append(...of(i));
    log.append(more);
    upTo = index;
  }
  const now = [];
  for (let i = first; i <= index; i++) now.push(...of(i));
  const keep = new Set(now);
  for (const li of marked) if (!keep.has(li)) li.classList.remove("current");
  for (const li of now) li.classList.add("current");
  marked = now;
  return now[0] ?? null;
}

/** The first line of steps from..to (steps may have none), or null. */
function firstLine(from, to, of) {
  for (let i = from; i <= to; i++) if (of(i).length) return of(i)[0];
  return null;
}
