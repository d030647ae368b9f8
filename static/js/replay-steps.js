// A replay file's steps read back (issue 16): the inverse of kassen.replay.steps.encode_steps
// (see there: steps patch the step before, events the last event of their kind, log lines
// said before are numbers, labels are given once per phase and kind, step numbers not at
// all). No DOM: tests/test_replay_html.py runs this under Node against the Python encoder.

/** A patch applied to a value: [v] is v, [] removes a key, an object patches by key. */
export function applyPatch(old, change) {
  if (Array.isArray(change)) return change[0];
  const out = Array.isArray(old) ? old.slice() : { ...old };
  for (const [key, sub] of Object.entries(change)) {
    if (Array.isArray(sub) && sub.length === 0 && !Array.isArray(out)) delete out[key];
    else out[key] = applyPatch(out[key], sub);
  }
  return out;
}

const labelKey = (step) => JSON.stringify([step.phase ?? null, step.kind ?? null]);
const seqOf = (event) => (Number.isInteger(event?.seq) ? event.seq : null);

/** What an event is expected to be: the last of its kind, one seq on, its step's turn and phase. */
function expected(last, step, seq) {
  const base = { ...last };
  if ("seq" in base && seq !== null) base.seq = seq + 1;
  for (const key of ["turn", "phase"]) if (key in base && key in step) base[key] = step[key];
  return base;
}

/** The steps of a replay file, each its own copy (a view may keep state on them). */
export function decodeSteps(encoded) {
  const bare = [];
  for (const [i, change] of encoded.steps.entries()) bare.push(i === 0 ? change : applyPatch(bare[i - 1], change));
  const last = {};
  const lines = [];
  let seq = null;
  return bare.map((lean, i) => {
    const step = structuredClone(lean);
    if (encoded.counted && "index" in step) step.index = i;
    if (encoded.labels && "label" in step) step.label = structuredClone(encoded.labels[labelKey(step)]);
    const items = encoded.events[i];
    if (items === null) delete step.events;
    else {
      step.events = items.map((item) => {
        const event = item.length === 1 ? item[0] : applyPatch(expected(last[item[0]], step, seq), item[1]);
        if (typeof event?.kind === "string") last[event.kind] = event;
        seq = seqOf(event);
        return structuredClone(event);
      });
    }
    const text = encoded.texts[i];
    if (text === null) delete step.text;
    else if (Array.isArray(text)) step.text = text[0];
    else {
      step.text = {};
      for (const [lang, coded] of Object.entries(text)) {
        step.text[lang] = coded.map((line) => {
          if (typeof line !== "string") return lines[line];
          lines.push(line);
          return line;
        });
      }
    }
    return step;
  });
}

/** The text kassen.replay.steps.pack packed: strings are themselves, a pair of numbers
 * (d, n) the n characters that began d before. */
export function unpack(tokens) {
  const parts = [];
  let length = 0;
  let text = "";
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k];
    if (typeof token === "string") {
      parts.push(token);
      length += token.length;
      continue;
    }
    if (parts.length) { text += parts.join(""); parts.length = 0; }
    const begin = length - token;
    const count = tokens[++k];
    text += text.slice(begin, begin + count);
    length += count;
  }
  return text + parts.join("");
}
