// Issue 16: while the customer types on sign-in, fetch home's chunks, the full catalogue and the
// font weights home uses, so "Log in" paints home without waiting on the network. The route
// table registers what home loads (app/lazy-screens.ts); features call prefetchHome().

let loaders: readonly (() => Promise<unknown>)[] = [];
let prefetched = false;

export function registerHomePrefetch(list: readonly (() => Promise<unknown>)[]): void {
  loaders = list;
}

/** Once per page; a failure is forgotten here (the real load after sign-in reports it). */
export function prefetchHome(): void {
  if (prefetched) return;
  prefetched = true;
  for (const load of loaders) load().catch(() => undefined);
  if (typeof document !== 'undefined' && 'fonts' in document) {
    for (const weight of [500, 600, 700]) {
      document.fonts.load(`${weight} 1rem Inter`).catch(() => undefined);
    }
  }
}
