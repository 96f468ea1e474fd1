import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHeadingFocusOnRouteChange } from './route-focus';

function Layout() {
  useHeadingFocusOnRouteChange();
  return (
    <>
      <a href="#main">Skip to main content</a>
      <nav>
        <Link to="/">Home</Link>
        <Link to="/messages">Messages</Link>
        <Link to="/slow">Slow</Link>
        <Link to="/dialog">Dialog</Link>
      </nav>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** A screen that shows its heading only after loading, as the lazily loaded screens do. */
function Slow() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? (
    <>
      <h1>Slow page</h1>
      <input aria-label="Search" />
    </>
  ) : (
    <p>Loading…</p>
  );
}

/** A screen that opens a dialog with focus inside it at once (the booking dialogs). */
function WithDialog() {
  return (
    <>
      <h1>Behind the dialog</h1>
      <div role="dialog" aria-label="Choose">
        <button autoFocus>Inside</button>
      </div>
    </>
  );
}

/** Redirects on load, before the person has done anything. */
function Redirect() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/messages', { replace: true });
  }, [navigate]);
  return null;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { index: true, element: <h1>Home page</h1> },
          { path: 'messages', element: <h1>Messages page</h1> },
          { path: 'slow', element: <Slow /> },
          { path: 'dialog', element: <WithDialog /> },
          { path: 'redirect', element: <Redirect /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('focus after a route change (WCAG 2.4.3; issue 9)', () => {
  it('stays where the browser put it on the first load', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it('stays put through a redirect on load, before any input', async () => {
    renderAt('/redirect');
    expect(await screen.findByRole('heading', { name: 'Messages page' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it('moves to the new page heading after following a link', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(await screen.findByRole('link', { name: 'Messages' }));
    const heading = await screen.findByRole('heading', { name: 'Messages page' });
    expect(heading).toHaveFocus();
    // Focusable by script only: not a new tab stop.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('moves there with the keyboard too, and tabbing goes on from the heading', async () => {
    const user = userEvent.setup();
    renderAt('/');
    screen.getByRole('link', { name: 'Slow' }).focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Slow page' });
    expect(heading).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('waits for a heading that appears after loading', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(screen.getByRole('link', { name: 'Slow' }));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toHaveFocus();
  });

  it('leaves focus alone when the person moved on before the heading appeared', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(screen.getByRole('link', { name: 'Slow' }));
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    await user.click(skip);
    skip.focus();
    await screen.findByRole('heading', { name: 'Slow page' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(skip).toHaveFocus();
  });

  it('keeps focus in a dialog the new page opens', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(screen.getByRole('link', { name: 'Dialog' }));
    await screen.findByRole('heading', { name: 'Behind the dialog' });
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus();
  });

  it('does nothing when only the hash changes (the skip link)', async () => {
    const user = userEvent.setup();
    const router = renderAt('/messages');
    const heading = await screen.findByRole('heading', { name: 'Messages page' });
    await user.click(screen.getByRole('link', { name: 'Skip to main content' }));
    await act(() => router.navigate('/messages#main'));
    expect(heading).not.toHaveFocus();
  });
});
