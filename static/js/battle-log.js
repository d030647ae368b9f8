// The battle log beside the board: the lines of steps 0..index, the current beat's marked.
// Kept cheap per step (issue 15: no main-thread task over 50 ms while stepping, seeking or
// jumping to the end): each step's lines are built once per battle and language, moved in
// and out of the list as the reader goes forward and back, and only the lines whose mark
// changes are touched; nothing here reads layout (battle.js scrolls, once per shown step).
// A long jump forward (End, a far seek, a language switch) puts in at once only the last
// SLICE lines or so, the ones in view, and fills the earlier steps in above them one slice a
// frame (the list says aria-busy meanwhile): a few hundred steps' lines laid out in one task
// ran for over 100 ms.

const SLICE = 100;    // about this many lines are put in per task
let built = [];       // built[i]: the <li> lines of step i, once made
let upTo = -1;        // the list holds the lines of steps 0..upTo but those of the gap
let gapLo = 0;        // steps gapLo..gapHi are not in the list yet (none when gapLo > gapHi)
let gapHi = -1;
let marked = [];      // the lines marked current
let filling = null;   // {log, of, filled} while the gap is being filled
let timer = 0;

/** Forget every line (a new battle, or another language): the next sync rebuilds. */
export function resetLog(log) {
  stopFill();
  built = [];
  upTo = -1;
  gapLo = 0;
  gapHi = -1;
  marked = [];
  log.replaceChildren();
  log.removeAttribute("aria-busy");
}

const inGap = (i) => i >= gapLo && i <= gapHi;

/** Make the list `log` hold the lines of steps 0..index (`linesOf(i)` makes step i's) and
 * mark those of steps first..index; the first marked line, or null. When the earlier steps
 * are still to come (a long jump), `filled()` is called once they are all in. */
export function syncLog(log, index, first, linesOf, filled = () => {}) {
  stopFill();
  const of = (i) => (built[i] ??= linesOf(i));
  if (upTo > index) cutAfter(log, index, of);
  // the current beat must be in at once: a gap reaching into it goes with the steps after it
  if (gapLo <= gapHi && gapHi >= first) cutAfter(log, gapLo - 1, of);
  if (upTo < index) {
    // the steps that go in now: back from index, at least the current beat, about SLICE lines
    let from = index;
    for (let lines = of(index).length; from > upTo + 1 && (from > first || lines < SLICE); ) {
      from--;
      lines += of(from).length;
    }
    if (from > upTo + 1 && gapLo <= gapHi) {
      // one gap at most: the steps after the old gap leave, to come back with the new one
      cutAfter(log, gapLo - 1, of);
    }
    if (from > upTo + 1) {
      if (gapLo > gapHi) gapLo = upTo + 1;
      gapHi = from - 1;
    }
    const more = document.createDocumentFragment();
    for (let i = from; i <= index; i++) more.append(...of(i));
    log.append(more);
    upTo = index;
  }
  const now = [];
  for (let i = first; i <= index; i++) now.push(...of(i));
  const keep = new Set(now);
  for (const li of marked) if (!keep.has(li)) li.classList.remove("current");
  for (const li of now) li.classList.add("current");
  marked = now;
  if (gapLo <= gapHi) {
    log.setAttribute("aria-busy", "true");
    filling = { log, of, filled };
    nextSlice();
  } else if (log.getAttribute("aria-busy") === "true") {
    log.setAttribute("aria-busy", "false");
  }
  return now[0] ?? null;
}

/** Take the lines of steps after `index` out of the list (those in it; the gap shrinks). */
function cutAfter(log, index, of) {
  let cut = null;
  for (let i = index + 1; i <= upTo && !cut; i++) if (!inGap(i) && of(i).length) cut = of(i)[0];
  if (cut) {
    const range = document.createRange();
    range.setStartBefore(cut);
    range.setEndAfter(log.lastChild);
    range.deleteContents();
  }
  upTo = index;
  gapHi = Math.min(gapHi, index);
}

function stopFill() {
  cancelAnimationFrame(timer);
  clearTimeout(timer);
  filling = null;
}

/** After the next frame, put in the gap's last SLICE lines or so (above the lines after). */
function nextSlice() {
  timer = requestAnimationFrame(() => { timer = setTimeout(fillSlice, 0); });
}

function fillSlice() {
  if (!filling) return;
  const { log, of, filled } = filling;
  let before = null;
  for (let i = gapHi + 1; i <= upTo && !before; i++) if (of(i).length) before = of(i)[0];
  let from = gapHi;
  for (let lines = of(from).length; from > gapLo && lines < SLICE; ) lines += of(--from).length;
  const more = document.createDocumentFragment();
  for (let i = from; i <= gapHi; i++) more.append(...of(i));
  log.insertBefore(more, before);
  gapHi = from - 1;
  if (gapLo <= gapHi) { nextSlice(); return; }
  filling = null;
  log.setAttribute("aria-busy", "false");
  filled();
}
