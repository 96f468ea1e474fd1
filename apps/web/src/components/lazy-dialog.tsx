import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { lazyWithReload } from '../lib/chunk-reload';

// Issue 46: a dialog a screen opens on demand is its own chunk, fetched when it first opens,
// so the screen's first load carries neither the dialog nor the form libraries it brings.

/** `name` of the module `load` imports, as a lazy component (a failed chunk reloads the page). */
export function lazyComponent<K extends string, P>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(lazyWithReload(async () => ({ default: (await load())[name] })));
}

/**
 * Renders `children` (a lazy dialog) from the first time `open` is true, and keeps it mounted
 * after, so its closing transition plays; nothing is shown while its chunk loads.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
