// A pool of engine workers for tournaments. The page's own engine worker is the first member;
// the others start on demand. Jobs are handed out in small slices sized so that one slice takes
// about SLICE_MS, so progress is smooth and a cancel is honoured within one slice.
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
   * Play `jobs` (arrays from a plan) with `play(api, slice)` → results. `onAnswer(answer)`
   * gets each slice's whole answer (for what it carries beside `results`); `onProgress(done,
   * total)` follows; `cancelled()` is checked before each slice. Resolves to
   * `{results, cancelled}`; on cancel it resolves at once (slices in flight finish unheard).
   */
  run(jobs, play, { onAnswer = () => {}, onProgress = () => {}, cancelled = () => false, offset = 0, total = jobs.length } = {}) {
    const results = [];
    let next = 0;
    let done = offset;
    let perJob = null;  // measured ms per battle
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (value) => { if (!settled) { settled = true; resolve(value); } };
      const active = new Set();
      const pump = (member) => {
        if (settled) return;
        if (cancelled()) { finish({ results, cancelled: true }); return; }
        if (next >= jobs.length) {
          if (active.size === 0) finish({ results, cancelled: false });
          return;
        }
        const count = perJob ? Math.max(1, Math.min(MAX_SLICE, Math.round(SLICE_MS / perJob))) : 2;
        const slice = jobs.slice(next, next + count);
        next += slice.length;
        active.add(member);
        const started = performance.now();
        member.busy = play(member.api, slice).then((answer) => {
          member.busy = null;
          active.delete(member);
          if (settled) return;
          if (!answer.ok) throw new Error(answer.problems?.[0]?.message || "worker failed");
          const ms = (performance.now() - started) / slice.length;
          perJob = perJob === null ? ms : 0.7 * perJob + 0.3 * ms;
          for (const r of answer.results) results.push(r);
          onAnswer(answer);
          done += slice.length;
          onProgress(done, total);
          pump(member);
        }).catch((error) => {
          member.busy = null;
          active.delete(member);
          if (!settled) { settled = true; reject(error); }
        });
      };
      for (const member of this.members) pump(member);
      if (jobs.length === 0) finish({ results, cancelled: false });
      this.cancelNow = () => finish({ results, cancelled: true });
    });
  }

  /** Stop the current run now (its promise resolves with `cancelled: true`). */
  cancel() {
    this.cancelNow?.();
  }
}
