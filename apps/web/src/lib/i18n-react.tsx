import {
  Children,
  cloneElement,
  createContext,
  createElement,
  Fragment,
  isValidElement,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { I18n, TFunction, TOptions } from './i18n-core';

// The React side of the app's translator (i18n-core.ts), with react-i18next's call shapes:
// `const { t, i18n } = useTranslation()`, <I18nProvider i18n>, <Trans i18nKey components>.
// A component that translates renders again when the language changes or strings arrive.

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an <I18nProvider> above it');
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange);
      i18n.on('added', onChange);
      return () => {
        i18n.off('languageChanged', onChange);
        i18n.off('added', onChange);
      };
    },
    [i18n],
  );
  const revision = () => i18n.revision;
  useSyncExternalStore(subscribe, revision, revision);
  const language = i18n.language;
  // A new `t` per language, as react-i18next's: memos and effects that translate run again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `language` is what renews it
  const t = useMemo<TFunction>(() => (key, options) => i18n.t(key, options), [i18n, language]);
  return { t, i18n };
}

// The HTML elements a translation may name without a component (react-i18next's default).
const BASIC_ELEMENTS = new Set(['br', 'strong', 'i', 'p']);
const TAG = /<(\/?)([\w-]+)\s*(\/?)>/g;

interface Node {
  name: string;
  children: (Node | string)[];
}

/** The translation's text and tags as a tree; an unmatched closing tag is left as text. */
function parse(text: string): (Node | string)[] {
  const root: Node = { name: '', children: [] };
  const stack = [root];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, closing, name = '', selfClosing] = match;
    const top = stack[stack.length - 1]!;
    if (match.index > last) top.children.push(text.slice(last, match.index));
    last = match.index + whole.length;
    if (selfClosing) top.children.push({ name, children: [] });
    else if (!closing) {
      const node: Node = { name, children: [] };
      top.children.push(node);
      stack.push(node);
    } else if (stack.length > 1 && top.name === name) stack.pop();
    else top.children.push(whole);
  }
  if (last < text.length) stack[stack.length - 1]!.children.push(text.slice(last));
  return root.children;
}

function render(
  nodes: (Node | string)[],
  components: Record<string, ReactNode> | readonly ReactNode[],
): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    const inner = render(node.children, components);
    const component = (components as Record<string, ReactNode>)[node.name];
    if (isValidElement(component)) {
      const element = component as ReactElement<{ children?: ReactNode }>;
      return node.children.length > 0
        ? cloneElement(element, { key: index }, ...inner)
        : cloneElement(element, { key: index });
    }
    if (component === undefined && BASIC_ELEMENTS.has(node.name)) {
      return createElement(node.name, { key: index }, ...inner);
    }
    return <Fragment key={index}>{inner}</Fragment>;
  });
}

/**
 * A translation with elements in it: `<name>…</name>` takes `components.name`, `<1>…</1>` the
 * second of `children` (the English the key replaces), with the translated text inside.
 */
export function Trans({
  i18nKey,
  components,
  values,
  children,
}: {
  i18nKey: string;
  components?: Record<string, ReactNode>;
  values?: TOptions;
  children?: ReactNode;
}) {
  const { i18n } = useTranslation();
  if (!i18n.exists(i18nKey)) return <>{children}</>;
  const nodes = parse(i18n.t(i18nKey, values));
  return <>{render(nodes, components ?? Children.toArray(children))}</>;
}
