/**
 * Builds an element: attributes from our own constants (or encoded URLs), children as text nodes.
 * Data values only ever become text (textContent, input values), never HTML.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string | null | false)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const name in attributes) element.setAttribute(name, attributes[name]!);
  for (const child of children) if (child) element.append(child);
  return element;
}
