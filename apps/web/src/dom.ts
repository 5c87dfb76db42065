import { linkSegments } from './links.js';
import { timeLabel } from './times.js';

/**
 * Builds DOM nodes from tags, properties and children. Strings become text nodes, never markup:
 * nothing a person typed (a message, a name) can reach the page as HTML.
 */
type Child = Node | string | false | null | undefined;
type Props = Record<string, string | number | boolean | ((event: Event) => void) | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, ''), value);
    else if (name === 'className') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

/** The element with this id, which the page's HTML must have. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page lacks #${id}`);
  return element as T;
}

/** A message's text as text nodes and links (http and https only), opened in a new tab that cannot reach back to this one. */
export function textWithLinks(content: string): (Node | string)[] {
  return linkSegments(content).map((segment) =>
    segment.kind === 'text' ? segment.text : h('a', { href: segment.href, target: '_blank', rel: 'noopener noreferrer' }, segment.text),
  );
}

/** A `<time>` for an ISO instant: short words in view ("Yesterday 14:03"), the full date-time as its title. */
export function timeElement(iso: string, now = new Date()): HTMLTimeElement {
  const label = timeLabel(new Date(iso), now);
  return h('time', { datetime: iso, title: label.title }, label.text);
}

/** Writes every `<time>` under `root` again: what was "14:03" becomes "Yesterday 14:03" after midnight. */
export function refreshTimes(root: ParentNode, now = new Date()): void {
  for (const time of root.querySelectorAll('time[datetime]')) {
    const label = timeLabel(new Date(time.getAttribute('datetime') ?? ''), now);
    if (time.textContent !== label.text) time.textContent = label.text;
    time.setAttribute('title', label.title);
  }
}
