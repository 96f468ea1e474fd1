import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { DEFAULT_TIME_ZONE } from '@portal/domain';
import { describe, expect, it, vi } from 'vitest';
import { prefetchableScreen, prefetchHome, registerHomePrefetch } from './prefetch-home';

const OriginalDateTimeFormat = Intl.DateTimeFormat;
const OriginalNumberFormat = Intl.NumberFormat;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Greeting({ name }: { name: string }) {
  return <h1>Hi, {name}</h1>;
}

function renderInSuspense(element: React.ReactNode) {
  const fallbacks: number[] = [];
  function Fallback() {
    fallbacks.push(1);
    return <p>loading</p>;
  }
  const view = render(<Suspense fallback={<Fallback />}>{element}</Suspense>);
  return { ...view, fallbacks };
}

describe('prefetchableScreen (issue 16)', () => {
  it('renders a prefetched screen in its first render, without a fallback', async () => {
    const Screen = prefetchableScreen(() => Promise.resolve({ Greeting }), 'Greeting');
    await Screen.preload();

    const { fallbacks } = renderInSuspense(<Screen name="Alex" />);

    // No waiting: the heading is there in the first commit.
    expect(screen.getByRole('heading', { name: 'Hi, Alex' })).toBeInTheDocument();
    expect(fallbacks).toHaveLength(0);
  });

  it('suspends like React.lazy when the chunk is not in yet, then shows the screen', async () => {
    const chunk = deferred<{ Greeting: typeof Greeting }>();
    const Screen = prefetchableScreen(() => chunk.promise, 'Greeting');

    const { fallbacks } = renderInSuspense(<Screen name="Alex" />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(fallbacks.length).toBeGreaterThan(0);

    await act(async () => {
      chunk.resolve({ Greeting });
      await chunk.promise;
    });
    expect(await screen.findByRole('heading', { name: 'Hi, Alex' })).toBeInTheDocument();
  });

  it('forgets a failed prefetch, so the next one loads the chunk again', async () => {
    let attempts = 0;
    const Screen = prefetchableScreen(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new Error('network down'))
        : Promise.resolve({ Greeting });
    }, 'Greeting');

    await expect(Screen.preload()).rejects.toThrow('network down');
    await Screen.preload();
    expect(attempts).toBe(2);

    const { fallbacks } = renderInSuspense(<Screen name="Alex" />);
    expect(screen.getByRole('heading', { name: 'Hi, Alex' })).toBeInTheDocument();
    expect(fallbacks).toHaveLength(0);
  });
});

describe('prefetchHome warms Intl while the customer types (issue 16)', () => {
  it('makes the time-zone and currency formatters home uses first, once the page is idle', async () => {
    const zones: (string | undefined)[] = [];
    const currencies: (string | undefined)[] = [];
    const dates = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      zones.push(args[1]?.timeZone);
      return new OriginalDateTimeFormat(...args);
    });
    const numbers = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof Intl.NumberFormat>
    ) {
      currencies.push(args[1]?.currency);
      return new OriginalNumberFormat(...args);
    });
    const restore = registerHomePrefetch([]);
    try {
      prefetchHome();
      // Not during the keystroke: only when the page is next idle.
      expect(zones).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(zones).toEqual([DEFAULT_TIME_ZONE]);
      expect(currencies).toEqual(['USD']);
    } finally {
      restore();
      dates.mockRestore();
      numbers.mockRestore();
    }
  });
});
