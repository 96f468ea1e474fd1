import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { prefetchableScreen } from './prefetch-home';

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
