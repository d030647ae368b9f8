// Keyed parts of a board that stays in the page from one step to the next (issue 15): each
// part is drawn from a few inputs, its key; when the key is the one drawn last time the part
// is left as it is, so a step lays out (and animates) only the parts whose inputs changed,
// instead of the whole board. A view names its parts and their keys itself.

/** The node in `slot` of `parent`: kept when drawn from `key` last time, else `make()` (null
 * keeps an empty place) put in its place. A parent's slots are first drawn in order. */
export function part(parent, slot, key, make) {
  const parts = (parent.kassenParts ??= []);
  const old = parts[slot];
  if (old && old.key === key && old.node.parentNode === parent) return old.node;
  const node = make() ?? document.createComment("");
  if (old?.node.parentNode === parent) old.node.replaceWith(node);
  else parent.append(node);
  parts[slot] = { key, node };
  return node;
}

/** `host`'s board for `battle` in `lang` stays when it is still the one drawn for them;
 * otherwise `host` is emptied and its parts forgotten. True when the board is fresh. */
export function boardFor(host, battle, lang) {
  const same = host.kassenBoard?.battle === battle && host.kassenBoard.lang === lang
    && host.firstChild === host.kassenParts?.[0]?.node;
  if (same) return false;
  host.replaceChildren();
  host.kassenParts = [];
  host.kassenBoard = { battle, lang };
  return true;
}
