// A pool of engine workers for tournaments. The page's own engine worker is the first member;
// the others start on demand. Jobs are handed out as ranges of job numbers (a worker works out
// the jobs themselves), in slices sized so that one takes about SLICE_MS: progress is smooth
// and a cancel is honoured within one slice.
import { startWorker } from "./engine.js";

const SLICE_MS = 120;
const MAX_SLICE = 256;
const MAX_POOL = 8;

/** Pool size from the machine: navigator.hardwareConcurrency (at least 1, at most 8). */
export const poolSize = () => Math.max(1, Math.min(MAX_POOL, navigator.hardwareConcurrency || 1));

export class Pool {
  /** `first`: the page's engine API (already booted). */
  constructor(first, size = poolSize()) {
    this.size = size;
    this.members = [{ api: first, busy: null }];
    this.starting = null;
  }

  /** Boot the other workers (once); resolves when every member answers. */
  warm() {
    if (!this.starting) {
      const extra = Array.from({ length: this.size - 1 }, () => startWorker()
        .then((api) => { this.members.push({ api, busy: null }); })
        .catch((error) => console.warn("pool worker did not start:", error)));
      this.starting = Promise.all(extra);
    }
    return this.starting;
  }

  /** Wait until no slice from an earlier (cancelled) run is still in flight. */
  async idle() {
    await Promise.all(this.members.map((m) => m.busy).filter(Boolean));
  }

  /**
   * Play jobs 0 to `count` - 1 with `play(api, start, stop)` → an answer, a slice at a time.
   * `onAnswer(answer)` gets each slice's answer, then `onProgress(done, total)` (with `offset`
   * battles already done out of `total`); `cancelled()` is checked before each slice.
   * Resolves to `{cancelled}`; on cancel at once (slices in flight finish unheard).
   */
  run(count, play, { onAnswer = () => {}, onProgress = () => {}, cancelled = () => false, offset = 0, total = count } = {}) {
    let next = 0;
    let done = offset;
    let perJob = null;  // measured ms per battle
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (value) => { if (!settled) { settled = true; resolve(value); } };
      const active = new Set();
      const pump = (member) => {
        if (settled) return;
        if (cancelled()) { finish({ cancelled: true }); return; }
        if (next >= count) {
          if (active.size === 0) finish({ cancelled: false });
          return;
        }
        const size = perJob ? Math.max(1, Math.min(MAX_SLICE, Math.round(SLICE_MS / perJob))) : 2;
        const start = next;
        const stop = Math.min(count, start + size);
        next = stop;
        active.add(member);
        const started = performance.now();
        member.busy = play(member.api, start, stop).then((answer) => {
          member.busy = null;
          active.delete(member);
          if (settled) return;
          if (!answer.ok) throw new Error(answer.problems?.[0]?.message || "worker failed");
          const ms = (performance.now() - started) / (stop - start);
          perJob = perJob === null ? ms : 0.7 * perJob + 0.3 * ms;
          onAnswer(answer);
          done += stop - start;
          onProgress(done, total);
          pump(member);
        }).catch((error) => {
          member.busy = null;
          active.delete(member);
          if (!settled) { settled = true; reject(error); }
        });
      };
      for (const member of this.members) pump(member);
      if (count === 0) finish({ cancelled: false });
      this.cancelNow = () => finish({ cancelled: true });
    });
  }

  /** Stop the current run now (its promise resolves with `cancelled: true`). */
  cancel() {
    this.cancelNow?.();
  }
}
