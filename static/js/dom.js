// Tiny DOM helpers. Text always goes in through textContent, never innerHTML.

/** Create an element with attributes and children (strings become text nodes). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Shorthand for document.getElementById. */
export const $ = (id) => document.getElementById(id);

/** Replace all children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
}
