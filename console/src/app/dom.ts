// Building the page from DOM nodes only: no HTML strings are ever parsed from data (the console sets no
// innerHTML), so text from runs, agents or models can never become markup. The CSP forbids inline styles
// and scripts; classes style everything.

export type Child = Node | string | number | null | undefined | false | readonly Child[];
type Listener = (event: Event) => void;
export type Attributes = Record<string, string | number | boolean | null | undefined | Listener>;

function applyAttributes(element: Element, attributes: Attributes | null | undefined): void {
  if (!attributes) return;
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') {
      element.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === 'style') {
      throw new Error('inline styles are refused by the console\'s Content-Security-Policy: use a class');
    } else {
      element.setAttribute(name === 'className' ? 'class' : name, value === true ? '' : String(value));
    }
  }
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, ...(child as readonly Child[]));
    else parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: `h('button', { type: 'button', onClick: … }, 'Run')`. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes?: Attributes | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  applyAttributes(element, attributes);
  append(element, ...children);
  return element;
}

/** An SVG element, for charts. */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes?: Attributes | null, ...children: Child[]): SVGElementTagNameMap[K] {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag);
  applyAttributes(element, attributes);
  append(element, ...children);
  return element;
}

/** Replaces an element's children. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

let nextId = 0;
/** A document-unique id, for label/aria references. */
export function uniqueId(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}
