import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../test/render-with-services';
import { WeightChart } from './weight-chart';

const dates = ['2026-08-01', '2026-08-15', '2026-09-01', '2026-09-20'].map(
  (d) => new Date(`${d}T12:00:00`),
);

function render(goal: number | null) {
  return renderWithServices(
    [
      {
        path: '/weight',
        element: (
          <WeightChart
            dates={dates}
            weights={[210, 207, 205, 200]}
            trend={[210, 208.5, 207.3, 205.5]}
            goal={goal}
            events={[
              {
                date: '2026-08-01',
                kind: 'start',
                treatment: 'Semaglutide',
                doseMg: 0.25,
                previousDoseMg: null,
              },
              {
                date: '2026-09-15',
                kind: 'dose_change',
                treatment: 'Semaglutide',
                doseMg: 0.5,
                previousDoseMg: 0.25,
              },
            ]}
          />
        ),
      },
    ],
    { path: '/weight', answer: () => ({}) },
  );
}

describe('weight chart (spec 02 §2, drawn as SVG: issue 46)', () => {
  it('draws a mark per entry, the goal line and each treatment mark with its label', async () => {
    render(190);
    const drawing = await screen.findByTestId('weight-chart-drawing');
    expect(drawing.querySelectorAll('.weight-chart-mark')).toHaveLength(4);
    expect(drawing.querySelectorAll('.weight-chart-goal')).toHaveLength(1);
    const events = [...drawing.querySelectorAll('.weight-chart-event')].map((g) => g.textContent);
    expect(events).toEqual(['Start', '0.5 mg']);
    // The legend names the three lines.
    expect(drawing.textContent).toContain('Weight');
    expect(drawing.textContent).toContain('7-day trend');
    expect(drawing.textContent).toContain('Goal');
    // Lower weights are drawn lower: the last mark sits below the first.
    const marks = [...drawing.querySelectorAll('.weight-chart-mark')];
    const cy = (i: number) => Number(marks[i]?.getAttribute('cy'));
    expect(cy(3)).toBeGreaterThan(cy(0));
  });

  it('is drawn at its container’s measured width from the start, never at a guess', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
    // Every width the chart's <svg> is ever committed at (added, or its width changed).
    const widths = new Set<string>();
    const watcher = new MutationObserver((records) => {
      for (const record of records) {
        // A width changed after the <svg> was added: the one it had (the callback runs later,
        // when the element already shows the newest).
        if (record.type === 'attributes' && record.target instanceof SVGSVGElement) {
          widths.add(record.oldValue ?? '');
        }
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const svg of node.matches('svg') ? [node] : node.querySelectorAll('svg')) {
            widths.add(svg.getAttribute('width') ?? '');
          }
        }
      }
    });
    watcher.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['width'],
    });
    render(190);
    const drawing = await screen.findByTestId('weight-chart-drawing');
    await vi.waitFor(() => expect(drawing.querySelector('svg')).not.toBeNull());
    watcher.disconnect();
    expect([...widths]).toEqual(['390']);
  });

  it('labels the time axis as Intl does in English ("Aug 15")', async () => {
    render(190);
    const drawing = await screen.findByTestId('weight-chart-drawing');
    // The axis labels sit under the plot (y = 290); the weight labels are left of it.
    const labels = [...drawing.querySelectorAll('svg text[y="290"]')].map((t) => t.textContent);
    const intl = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' });
    const everyDay = new Set<string>();
    for (let day = new Date('2026-07-31T12:00:00'); day <= dates[3]!;) {
      everyDay.add(intl.format(day));
      day = new Date(day.getTime() + 86_400_000);
    }
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(everyDay).toContain(label);
  });

  it('has no goal line or legend entry without a goal', async () => {
    render(null);
    const drawing = await screen.findByTestId('weight-chart-drawing');
    expect(drawing.querySelectorAll('.weight-chart-goal')).toHaveLength(0);
    expect(drawing.textContent).not.toContain('Goal');
  });

  it('shows the nearest entry’s date and values under the pointer', async () => {
    render(190);
    const drawing = await screen.findByTestId('weight-chart-drawing');
    const svg = drawing.querySelector('svg')!;
    const last = drawing.querySelectorAll('.weight-chart-mark')[3]!;
    fireEvent.pointerMove(svg, { clientX: Number(last.getAttribute('cx')) });
    expect(await screen.findByText('09/20/2026')).toBeInTheDocument();
    expect(screen.getByText('Weight: 200 lb')).toBeInTheDocument();
    expect(screen.getByText('7-day trend: 205.5 lb')).toBeInTheDocument();
    fireEvent.pointerLeave(svg);
    expect(screen.queryByText('09/20/2026')).not.toBeInTheDocument();
  });
});
