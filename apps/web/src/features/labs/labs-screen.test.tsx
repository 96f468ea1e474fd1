import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { labOrder, renderWithTreatment } from '../../test/treatment-test-server';
import { LabsScreen } from './labs-screen';

const NEWEST = labOrder('lipid-panel-and-a1c.pdf', '2026-02-20T18:00:00Z');
const OLDEST = labOrder('comprehensive-metabolic-panel.pdf', '2025-11-10T18:00:00Z');

const render = (fixtures: Parameters<typeof renderWithTreatment>[2]) =>
  renderWithTreatment('/labs', <LabsScreen />, fixtures);

const titles = () =>
  screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

let clicked: { href: string; download: string }[] = [];

beforeEach(() => {
  clicked = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:lab'),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download });
  });
});

describe('/labs (spec 02 §2)', () => {
  it('has breadcrumbs from My Account', async () => {
    render({ labs: [NEWEST] });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'My Account' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(crumbs).getByText('Lab results')).toHaveAttribute('aria-current', 'page');
  });

  it('shows a skeleton, then the lab results newest first; Oldest asks the server for the other order', async () => {
    const { calls } = render({ labs: [NEWEST, OLDEST] });
    expect(screen.getByLabelText('Loading your lab results')).toHaveAttribute('aria-busy', 'true');
    await screen.findByRole('heading', { name: 'Lipid panel and a1c' });
    expect(titles()).toEqual(['Lipid panel and a1c', 'Comprehensive metabolic panel']);
    expect(screen.getByRole('button', { name: 'Newest' })).toHaveAttribute('aria-pressed', 'true');
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByText(/Received 02\/20\/2026/)).toBeInTheDocument();
    expect(within(first).getByText(/Ordered by Dr. Priya Natarajan/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Oldest' }));
    await waitFor(() =>
      expect(titles()).toEqual(['Comprehensive metabolic panel', 'Lipid panel and a1c']),
    );
    expect(
      calls.filter((c) => c.operation === 'GetLabOrders').map((c) => c.variables.sort),
    ).toEqual(['newest', 'oldest']);
  });

  it('has one download button per lab, which fetches a signed URL and downloads the file', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response(new Blob(['%PDF-1.4']), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { calls } = render({ labs: [NEWEST, OLDEST] });
    await screen.findByRole('heading', { name: 'Lipid panel and a1c' });
    expect(screen.getAllByRole('button', { name: /^Download / })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Download Lipid panel and a1c' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(calls.find((c) => c.operation === 'GetSignedDownloadUrl')?.variables).toEqual({
      fileName: 'lipid-panel-and-a1c.pdf',
      category: 'LabResult',
    });
    expect(fetchMock).toHaveBeenCalledWith(
      'http://localhost/files/download/lipid-panel-and-a1c.pdf?signature=x',
      expect.anything(),
    );
    expect(clicked[0]).toEqual({ href: 'blob:lab', download: 'lipid-panel-and-a1c.pdf' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows C105 when the signed URL answer carries an errorMessage', async () => {
    render({ labs: [NEWEST], signedUrl: { downloadUrl: null, errorMessage: 'File not found.' } });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download Lipid panel and a1c' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't download your lab results");
    expect(alert).toHaveTextContent('C105');
    expect(clicked).toEqual([]);
  });

  it('shows C105 when the download itself fails (an expired or refused URL)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 403 }))),
    );
    render({ labs: [NEWEST] });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download Lipid panel and a1c' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('C105');
    expect(clicked).toEqual([]);
  });

  it('shows C106 (order history), not the download code C105, when the lab list fails to load', async () => {
    render({ labsError: 'INTERNAL_SERVER_ERROR' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent("We couldn't load your order history");
    expect(alert).toHaveTextContent('C106');
    expect(alert).not.toHaveTextContent('C105');
  });

  it('shows the empty state with one action when there are no lab results', async () => {
    render({ labs: [] });
    expect(await screen.findByText(/You don't have any lab results yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Oldest' })).toBeNull();
  });
});
