/**
 * A tiny DOM builder, shared by the HUD and the screens. Text is always set as text nodes, never
 * parsed as HTML: names, rooms and chat come from the network and files, and must render literally.
 */
import { spacesAround } from './i18n/spacing';

type Child = Node | string | number | null | undefined | false;
type Props = {
  className?: string;
  testId?: string;
  onClick?: (e: MouseEvent) => void;
  attrs?: Record<string, string>;
};

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.className) el.className = props.className;
  if (props.testId) el.dataset['testid'] = props.testId;
  const onClick = props.onClick;
  if (onClick) el.addEventListener('click', (e) => onClick(e as MouseEvent));
  for (const [k, v] of Object.entries(props.attrs ?? {})) el.setAttribute(k, v);
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return el;
}

export function clear(el: Element): void {
  while (el.firstChild) el.firstChild.remove();
}

/**
 * Fills a translated template's `{name}` placeholders with nodes (e.g. coloured player names), so
 * the word order stays the catalog's in every language. Everything else becomes text nodes.
 */
export function fillTemplate(template: string, nodes: Record<string, Node>): Node[] {
  const out: Node[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    const node = nodes[m[1]!];
    if (!node) continue;
    // Chinese templates carry no spaces around placeholders; a Latin name gets one (i18n/spacing.ts).
    const { lead, trail } = spacesAround(template[m.index - 1], node.textContent ?? '', template[m.index + m[0].length]);
    const text = template.slice(last, m.index) + lead;
    if (text) out.push(document.createTextNode(text));
    out.push(node);
    if (trail) out.push(document.createTextNode(trail));
    last = m.index + m[0].length;
  }
  if (last < template.length) out.push(document.createTextNode(template.slice(last)));
  return out;
}

/**
 * Greys `button` out and gives the reason (`why`) on hover and keyboard focus, or makes it usable
 * again (null). It stays focusable (aria-disabled, not `disabled`) so a keyboard player can reach
 * the reason too; clicks on a blocked button are swallowed before its own handler runs.
 */
export function setBlocked(button: HTMLButtonElement, why: string | null): void {
  if (!button.dataset['blockable']) {
    button.dataset['blockable'] = '1';
    button.addEventListener('click', (e) => {
      if (button.getAttribute('aria-disabled') === 'true') e.stopImmediatePropagation();
    }, { capture: true });
  }
  if (why === null) {
    button.removeAttribute('aria-disabled');
    button.removeAttribute('title');
    delete button.dataset['why'];
    return;
  }
  button.setAttribute('aria-disabled', 'true');
  button.title = why;
  button.dataset['why'] = why;
}
