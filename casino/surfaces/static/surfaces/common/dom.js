// Building the pages' elements: one element builder and one way to replace what a node shows.
// Plain ES module, no build step, shared by the tablet, the pit board, the cage and the
// workbench.

/** Whether ``child`` is something to show: null, undefined and false stand for "nothing". */
const present = (child) => child !== null && child !== undefined && child !== false;

/**
 * ``<tag>`` with ``attrs`` and ``children``. An attribute whose value is null, undefined or
 * false is left out; ``class`` is the class name; ``data-*``, ``aria-*`` and ``role`` are set as
 * attributes; ``on<event>`` adds a listener; anything else is set as the element's property
 * (``type``, ``value``, ``disabled``, ``tabIndex``…). Children may be nodes, text, numbers or
 * arrays of them; null, undefined and false are left out, never written as words.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (!present(value)) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role") node.setAttribute(key, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node[key] = value;
  }
  node.append(...nodes(children));
  return node;
}

/** Replaces ``node``'s children with ``children``, as ``el`` takes them: null, undefined and
 *  false are left out (``replaceChildren`` alone would write them as the words "null"…). */
export function show(node, ...children) {
  node.replaceChildren(...nodes(children));
  return node;
}

function nodes(children) {
  return children.flat(Infinity).filter(present).map((child) => (child instanceof Node ? child : document.createTextNode(String(child))));
}

/**
 * Makes ``parent``'s children exactly ``nodes``, in that order, moving or removing only what
 * differs: a child already in its place is left untouched, so a field being typed in keeps its
 * value, its focus and its caret, and a tap on it is not lost to a redraw.
 */
export function keepChildren(parent, nodes) {
  nodes.forEach((node, index) => {
    const current = parent.childNodes[index];
    if (current !== node) parent.insertBefore(node, current || null);
  });
  while (parent.childNodes.length > nodes.length) parent.lastChild.remove();
  return parent;
}

/**
 * The nodes of a keyed list, each made again only when its item changed. ``kept`` (a Map the
 * page keeps) holds each key's node with the signature it was made from; ``make(item, old)``
 * builds an item's node (``old``, its previous node if any, to carry over what the user was
 * typing); ``signature(item)`` is what makes an item changed (its JSON by default), and
 * ``refresh(node, item)`` updates a kept node in place for what the signature leaves out.
 * Keys no longer listed are forgotten.
 */
export function keyedNodes(kept, items, { key, make, signature = JSON.stringify, refresh = null }) {
  const listed = new Set();
  const nodes = items.map((item) => {
    const id = key(item);
    listed.add(id);
    const mark = signature(item);
    const old = kept.get(id);
    if (old && old.mark === mark) {
      if (refresh) refresh(old.node, item);
      return old.node;
    }
    const node = make(item, old?.node ?? null);
    kept.set(id, { node, mark });
    return node;
  });
  for (const id of [...kept.keys()]) if (!listed.has(id)) kept.delete(id);
  return nodes;
}

/**
 * Makes ``handler`` take ``form``'s submissions (the browser's own submission is prevented),
 * one at a time, and then lets its ``[data-needs-script]`` buttons be tapped. The page serves
 * those buttons disabled: the form is on screen before its module has run, and a tap then would
 * submit it as plain HTML, reloading the page with its fields in the address and doing nothing
 * asked. While ``handler`` runs they are disabled again and a second submission is dropped: two
 * quick taps send once.
 */
export function takeSubmissions(form, handler) {
  const buttons = [...form.querySelectorAll("[data-needs-script]")];
  let busy = false;
  const ready = (yes) => buttons.forEach((button) => (button.disabled = !yes));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    ready(false);
    try {
      await handler(event);
    } finally {
      busy = false;
      ready(true);
    }
  });
  ready(true);
}
