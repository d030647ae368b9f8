// One cancellable run on the worker pool at a time (a tournament, a build-lab search): the
// section's busy state, booting the workers, how the run ended (done, cancelled, failed with
// its problems shown) and Cancel, which stops the pool within one slice. tournament.js and
// lab.js each keep one.
import { $, el, fill } from "./dom.js";
import { t } from "./i18n.js";

export class PoolRun {
  /** `ids`: {section, start, cancel, text (the progress line), summary (where problems go),
   * reveal (optional: shown with the problems)}; `failState`: the section's state after a run
   * that failed; `settleOnCancel`: Cancel ends the busy state at once, not when the run
   * unwinds. */
  constructor(pool, ids, { failState = "failed", settleOnCancel = false } = {}) {
    this.pool = pool;
    this.ids = ids;
    this.failState = failState;
    this.settleOnCancel = settleOnCancel;
    this.state = null;  // the run in progress: {cancelled, started}
  }

  get running() { return this.state !== null; }

  setRunning(on, state = on ? "running" : "idle") {
    const section = $(this.ids.section);
    section.dataset.state = state;
    section.setAttribute("aria-busy", String(on));
    $(this.ids.start).disabled = on;
    $(this.ids.cancel).disabled = !on;
  }

  /** An engine answer's problems (or an error's message) as an alert in the summary. */
  showProblems(answer) {
    fill($(this.ids.summary), el("div", { class: "notice", role: "alert" },
      (answer.problems || [{ message: String(answer) }]).map((p) =>
        el("div", { text: p.line ? `${p.line}:${p.column}: ${p.message}` : p.message }))));
    if (this.ids.reveal) $(this.ids.reveal).hidden = false;
  }

  /** Run `body(state)` once the pool's workers are up; it returns the section's final state
   * ("done", "cancelled") or nothing after showing a problem. Throwing "cancelled" (or any
   * error after Cancel) ends the run as cancelled. `before()` (clearing the last results)
   * runs first, before the workers boot. */
  async start(body, before = async () => {}) {
    if (this.state) return;
    const state = { cancelled: false, started: performance.now() };
    this.state = state;
    this.setRunning(true);
    let final = this.failState;
    try {
      await before();
      await this.pool.idle();
      $(this.ids.text).value = t("tBooting");
      await this.pool.warm();
      if (state.cancelled) throw new Error("cancelled");
      state.started = performance.now();
      final = (await body(state)) ?? this.failState;
    } catch (error) {
      if (state.cancelled || String(error?.message) === "cancelled") {
        $(this.ids.text).value = t("tCancelled");
        final = "cancelled";
      } else {
        console.error(error);
        this.showProblems({ problems: [{ message: String(error?.message || error) }] });
      }
    } finally {
      this.state = null;
      this.setRunning(false, final);
    }
  }

  /** Stop the run in progress: the pool hands out no more slices. */
  cancel() {
    if (!this.state) return;
    this.state.cancelled = true;
    this.pool.cancel();
    $(this.ids.text).value = t("tCancelled");
    if (this.settleOnCancel) this.setRunning(false, "cancelled");
  }
}
