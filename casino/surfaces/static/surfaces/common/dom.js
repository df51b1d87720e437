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
