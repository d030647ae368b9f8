// Saved builds in localStorage, one store per ruleset under "kassen.builds.<ruleset>":
//   {"kassen": "builds", "version": 1, "ruleset": "<id>", "builds": [{"name", "text", "saved"}]}
// Anything else found under that key (corrupted JSON, another app's data, a wrong shape) is
// never overwritten: it is reported, kept, and can be exported as is; saving then goes to
// "kassen.builds.<ruleset>.recovered" until the user clears the bad entry.

const PREFIX = "kassen.builds.";
const MAX_BUILDS = 500;
const MAX_TEXT = 20_000;

const keyOf = (ruleset) => `${PREFIX}${ruleset}`;

function storage() {
  try { return window.localStorage; } catch { return null; }
}

/** Check a parsed store; returns a reason string when it is not ours, or null. */
function problemWith(data, ruleset) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "not an object";
  if (data.kassen !== "builds" || data.version !== 1) return "not a Kassen build store (version 1)";
  if (data.ruleset !== ruleset) return `belongs to another system (${String(data.ruleset).slice(0, 40)})`;
  if (!Array.isArray(data.builds) || data.builds.length > MAX_BUILDS) return "no valid build list";
  for (const b of data.builds) {
    if (!b || typeof b.name !== "string" || typeof b.text !== "string" || b.text.length > MAX_TEXT) {
      return "a build entry has the wrong shape";
    }
  }
  return null;
}

/**
 * Read the store of `ruleset`: `{builds, problem, raw, key}`. `problem` is null when the store
 * is ours (or empty); otherwise `raw` holds the untouched text and `builds` come from the
 * recovery key.
 */
export function readStore(ruleset) {
  const store = storage();
  if (!store) return { builds: [], problem: "localStorage is not available", raw: null, key: null };
  const key = keyOf(ruleset);
  let raw;
  try { raw = store.getItem(key); } catch (error) {
    return { builds: [], problem: String(error), raw: null, key: null };
  }
  if (raw === null) return { builds: [], problem: null, raw: null, key };
  let data = null;
  let problem = null;
  try { data = JSON.parse(raw); } catch { problem = "not valid JSON"; }
  problem = problem || problemWith(data, ruleset);
  if (!problem) return { builds: data.builds.map((b) => ({ name: b.name, text: b.text, saved: b.saved })), problem: null, raw: null, key };
  // keep the bad entry; use the recovery key for our own saves
  const recoveryKey = `${key}.recovered`;
  let builds = [];
  try {
    const rec = JSON.parse(store.getItem(recoveryKey) || "null");
    if (rec && !problemWith(rec, ruleset)) builds = rec.builds;
  } catch { /* the recovery store is ours; if it is broken too, start empty */ }
  return { builds, problem, raw, key: recoveryKey };
}

function write(ruleset, key, builds) {
  const store = storage();
  if (!store || !key) throw new Error("localStorage is not available");
  store.setItem(key, JSON.stringify({ kassen: "builds", version: 1, ruleset, builds }));
}

/** Save (or replace, by name) one build. Returns the new list. */
export function saveBuild(ruleset, name, text) {
  const { builds, key } = readStore(ruleset);
  const clean = { name: String(name).slice(0, 200), text: String(text).slice(0, MAX_TEXT), saved: new Date().toISOString() };
  const list = builds.filter((b) => b.name !== clean.name);
  list.push(clean);
  if (list.length > MAX_BUILDS) throw new Error(`at most ${MAX_BUILDS} saved builds`);
  write(ruleset, key, list);
  return list;
}

/** Delete a build by name. Returns the new list. */
export function deleteBuild(ruleset, name) {
  const { builds, key } = readStore(ruleset);
  const list = builds.filter((b) => b.name !== name);
  write(ruleset, key, list);
  return list;
}

/** The export file's text: our store, plus the untouched bad entry when there is one. */
export function exportText(ruleset) {
  const { builds, problem, raw } = readStore(ruleset);
  const out = { kassen: "builds", version: 1, ruleset, builds };
  if (problem) out.unreadable = { problem, raw };
  return JSON.stringify(out, null, 1);
}

/** Import a file's text (our export format, or a plain list of {name, text}); merges by name. */
export function importText(ruleset, text) {
  let data;
  try { data = JSON.parse(text); } catch { throw new Error("not valid JSON"); }
  const list = Array.isArray(data) ? data : data?.builds;
  if (!Array.isArray(list)) throw new Error("no build list in this file");
  if (!Array.isArray(data) && data.ruleset && data.ruleset !== ruleset) {
    throw new Error(`these builds are for ${String(data.ruleset).slice(0, 40)}`);
  }
  let count = 0;
  for (const b of list) {
    if (b && typeof b.name === "string" && typeof b.text === "string" && b.text.length <= MAX_TEXT) {
      saveBuild(ruleset, b.name, b.text);
      count += 1;
    }
  }
  return count;
}

/** Forget the unreadable entry (after the user exported it). */
export function discardUnreadable(ruleset) {
  const store = storage();
  const key = keyOf(ruleset);
  const recovered = store.getItem(`${key}.recovered`);
  store.removeItem(key);
  if (recovered !== null) {
    store.setItem(key, recovered);
    store.removeItem(`${key}.recovered`);
  }
}
