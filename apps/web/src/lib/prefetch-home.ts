import { DEFAULT_TIME_ZONE } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import type { GraphqlClient } from './api/graphql-client';
import { lazyWithReload } from './chunk-reload';
import { loadScreenCatalogues } from './i18n-app';

// Issue 16: while the customer types on sign-in, fetch home's chunks, the full catalogue and the
// font weights home uses, so "Log in" paints home without waiting on the network. The route
// table registers what home loads (app/lazy-screens.ts); features call prefetchHome().

/** What home's data prefetch needs (features/home/home-queries.ts). */
export interface HomeDataServices {
  graphql: GraphqlClient;
  queryClient: QueryClient;
}

interface HomeQueries {
  prefetchHomeQueries: (services: HomeDataServices) => void;
}

let loaders: readonly (() => Promise<unknown>)[] = [];
let queriesLoader: (() => Promise<HomeQueries>) | undefined;
/** The registration prefetchHome last ran for. */
let prefetched: readonly (() => Promise<unknown>)[] | undefined;

/**
 * Home's chunks, and the module that asks for home's data (see prefetchHomeData). Answers a
 * function that puts the previous registration back (tests).
 */
export function registerHomePrefetch(
  list: readonly (() => Promise<unknown>)[],
  loadQueries?: () => Promise<HomeQueries>,
): () => void {
  const previous = { loaders, queriesLoader };
  loaders = list;
  queriesLoader = loadQueries;
  return () => {
    loaders = previous.loaders;
    queriesLoader = previous.queriesLoader;
  };
}

/** Once per page (per registration); a failure is forgotten (the load after sign-in reports it). */
export function prefetchHome(): void {
  if (prefetched === loaders) return;
  prefetched = loaders;
  for (const load of loaders) load().catch(() => undefined);
  loadHomeQueries().catch(() => undefined);
  if (typeof document !== 'undefined' && 'fonts' in document) {
    for (const weight of [500, 600, 700]) {
      document.fonts.load(`${weight} 1rem Inter`).catch(() => undefined);
    }
  }
  whenIdle(warmIntl);
}

/**
 * The page's first Intl formatters: the first one with a time zone loads the browser's zone data
 * (measured in Chromium 156: 20–50 ms for the first Intl formatter of any kind, ~5 ms more for
 * the first time zone; later ones well under a millisecond). Home's first render formats dates in
 * the customer's zone and money in dollars, so without this the cost lands between "Log in" and
 * the greeting (issue 16: 18–19 ms in @date-fns/tz's tzOffset, from a profile of that window).
 */
function warmIntl(): void {
  try {
    new Intl.DateTimeFormat('en-US', {
      timeZone: DEFAULT_TIME_ZONE,
      timeZoneName: 'longOffset',
    }).format(new Date());
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(0);
  } catch {
    // A browser without the zone data formats as before, when home renders.
  }
}

/** While the customer types: when the page is idle, else on the next task. */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 0);
}

/** A route screen whose chunk (and the full catalogue) can be fetched before it renders. */
export interface PrefetchableScreen<P extends object> {
  (props: P): ReactElement;
  displayName: string;
  /** Fetches the chunk and the catalogues; a failure is forgotten (the render reports it). */
  preload: () => Promise<unknown>;
}

/**
 * Like React.lazy, but a screen whose chunk is already in renders at once. React.lazy suspends
 * on its first render even when the chunk was prefetched, and React then holds the commit that
 * reveals it for up to 300 ms after the fallback it showed (its fallback throttle): that cost
 * the first home ~300 ms after Log in (issue 16). A chunk that fails to load reloads the page
 * (spec 01 §4), as lazyWithReload does for every screen.
 */
export function prefetchableScreen<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  // The sign-in page's own pieces need only translation.json, which the entry carries.
  { catalogues = true }: { catalogues?: boolean } = {},
): PrefetchableScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let prefetching: Promise<unknown> | undefined;
  const fetchScreen = async () => {
    const [module] = await Promise.all([
      load(),
      catalogues ? loadScreenCatalogues() : Promise.resolve(),
    ]);
    loaded = module[name];
    return loaded;
  };
  const preload = () => {
    prefetching ??= fetchScreen().catch((error: unknown) => {
      prefetching = undefined;
      throw error;
    });
    return prefetching;
  };
  // Before the chunk is in, an ordinary lazy screen (its failure goes to the error boundary).
  // Its load sets `loaded` first, so the retry after it renders the screen itself: the lazy
  // one never mounts, and the element type stays the same from then on.
  const Lazy = lazy(lazyWithReload(async () => ({ default: await fetchScreen() })));
  function Screen(props: P): ReactElement {
    return createElement(loaded ?? Lazy, props);
  }
  Screen.displayName = name;
  Screen.preload = preload;
  return Screen;
}

let homeQueries: HomeQueries | undefined;
let homeQueriesLoad: Promise<HomeQueries> | undefined;

/** The module that asks for home's data; fetched while the customer types (prefetchHome). */
function loadHomeQueries(): Promise<HomeQueries> {
  if (!queriesLoader) return Promise.reject(new Error('home queries not registered'));
  homeQueriesLoad ??= queriesLoader().then(
    (module) => (homeQueries = module),
    (error: unknown) => {
      homeQueriesLoad = undefined;
      throw error;
    },
  );
  return homeQueriesLoad;
}

/**
 * Issue 16: asks for everything the first home reads, all at once, the moment a sign-in's
 * access token exists (SessionManager.onSignedIn), before the shell renders. Synchronous when
 * the module is already in, so the requests leave before React's render of the new session.
 */
export function prefetchHomeData(services: HomeDataServices): void {
  if (homeQueries) {
    homeQueries.prefetchHomeQueries(services);
    return;
  }
  loadHomeQueries().then(
    (module) => module.prefetchHomeQueries(services),
    () => undefined,
  );
}
