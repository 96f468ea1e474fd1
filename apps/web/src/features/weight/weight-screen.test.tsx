import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GraphqlRequestError } from '../../lib/api/graphql-client';
import { CUSTOMER, renderWithServices, type Answer } from '../../test/render-with-services';
import { WeightScreen } from './weight-screen';

// The weight page (spec 02 §2, §5; issue 13): stats by the domain rules, the entries, treatment
// events with accessible text, C111 on a failed load, and Edit opening the dialog on /weight.

const row = (id: string, type: string, value: number, day: string) => ({
  id,
  type,
  value,
  unit: type === 'height' ? 'inches' : 'hundredthsOfAPound',
  source: 'manual',
  recorded_at: day,
});

const ROWS = [
  row('h', 'height', 70, '2026-07-01'),
  row('g', 'goal_weight', 18_000, '2026-07-01'),
  row('s', 'starting_weight', 22_000, '2026-07-01'),
  row('w1', 'weight', 21_000, '2026-08-01'),
  row('w2', 'weight', 20_500, '2026-09-01'),
  row('w3', 'weight', 20_000, '2026-10-01'),
];

const rx = (id: string, day: string, dose: number | null) => ({
  id,
  created_at: `${day}T15:00:00Z`,
  treatment: { id: 't', display_name: 'Semaglutide' },
  kit_snapshots: [{ id: `k${id}`, weekly_dose_mg: dose }],
});

function render({
  rows = ROWS,
  prescriptions = [
    rx('p1', '2026-08-01', 0.25),
    rx('p2', '2026-09-01', 0.25),
    rx('p3', '2026-09-15', 0.5),
  ],
  failLoad = false,
  changeForms = [],
  save = () => ({ statusCode: 200, data: [] }),
}: {
  rows?: unknown[];
  prescriptions?: unknown[];
  failLoad?: boolean;
  changeForms?: unknown[];
  save?: (operation: string, variables: Record<string, unknown>) => unknown;
} = {}) {
  const answer: Answer = (operation, variables) => {
    if (operation === 'GetMeasurementChangeForms') return { measurementChangeForms: changeForms };
    if (operation === 'InsertCustomerMeasurement' || operation === 'InsertMeasurementChangeForm')
      return { [operation]: save(operation, variables) };
    if (operation === 'GetCustomerMeasurements') {
      if (failLoad) throw new GraphqlRequestError('C111', 'failed');
      return { getCustomerMeasurements: rows };
    }
    if (operation === 'GetPrescriptionsByCustomer')
      return { prescriptionsByCustomer: prescriptions };
    throw new Error(`unexpected ${operation}`);
  };
  return renderWithServices([{ path: '/weight', element: <WeightScreen /> }], {
    path: '/weight',
    answer,
    customer: CUSTOMER,
  });
}

const stat = (label: string) =>
  screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent;

describe('/weight', () => {
  it('shows BMI, progress, total lost and the entries, newest first', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Weight', level: 1 })).toBeVisible();
    expect(stat('Current')).toBe('200 lb');
    expect(stat('Goal')).toBe('180 lb');
    expect(stat('Start')).toBe('220 lb');
    // 200 lb at 5 ft 10 in: 28.7; (220 − 200) / (220 − 180) = 50%; floor(220 − 200) = 20.
    expect(stat('BMI')).toBe('28.7');
    expect(stat('Progress to goal')).toBe('50%');
    expect(stat('Total lost')).toBe('20 lb');
    const entries = within(screen.getByRole('heading', { name: 'Entries' }).parentElement!);
    expect(entries.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '200 lb10/01/2026Edit',
      '205 lb09/01/2026Edit',
      '210 lb08/01/2026Edit',
    ]);
  });

  it('marks the start of treatment and the dose change, with text and a legend', async () => {
    render();
    const chart = await screen.findByRole('img', { name: 'Your weight over time' });
    const events = await screen.findByTestId('weight-treatment-events');
    expect(chart).toHaveAttribute('aria-describedby', 'weight-treatment-events');
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '08/01/2026: Semaglutide started at 0.25 mg a week',
      '09/15/2026: Semaglutide dose changed from 0.25 mg to 0.5 mg a week',
    ]);
    expect(screen.getByText(/Dashed lines mark your treatment/)).toBeVisible();
    // 210 lb at the start of treatment, 200 now: 4.8% of body weight.
    expect(stat('Body weight lost since treatment began')).toBe('4.8%');
  });

  it('without dosed prescriptions there are no treatment marks', async () => {
    render({ prescriptions: [rx('p1', '2026-08-01', null)] });
    await screen.findByRole('img', { name: 'Your weight over time' });
    expect(screen.queryByTestId('weight-treatment-events')).toBeNull();
    expect(screen.queryByText('Body weight lost since treatment began')).toBeNull();
  });

  it('a failed load shows C111', async () => {
    render({ failLoad: true });
    expect(
      await screen.findByText("We couldn't load your weight data. Please refresh and try again."),
    ).toBeVisible();
  });

  it('with no weights, says so', async () => {
    render({ rows: [] });
    expect(await screen.findByText(/No weights yet/)).toBeVisible();
  });

  it('Log weight and Edit open the weight dialog here, on /weight', async () => {
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Log weight' }));
    expect(await screen.findByRole('dialog', { name: 'Log your weight' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/weight');
    expect(router.state.location.search).toBe('?editWeight=true');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('');

    // The closing dialog keeps the page hidden from the accessibility tree until it is gone.
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit the entry of 09/01/2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit the entry of 09/01/2026' });
    expect(within(dialog).getByLabelText('Weight (lb)')).toHaveValue('205');
    expect(router.state.location.pathname).toBe('/weight');
  });
});

describe('/weight: goal, height and starting weight (issue 44)', () => {
  const goals = () => screen.findByRole('region', { name: 'Your goal and measurements' });

  it('sets the goal weight; out of bounds it says so and sends nothing', async () => {
    const { calls } = render({ rows: ROWS.filter((r) => r.type !== 'goal_weight') });
    await userEvent.click(await within(await goals()).findByRole('button', { name: 'Set goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your goal weight' });
    const field = within(dialog).getByLabelText('Goal weight (lb)');
    await userEvent.type(field, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter a weight from 50 to 1400 lb.')).toBeVisible();
    expect(calls.some((c) => c.operation === 'InsertCustomerMeasurement')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '175.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your goal weight is saved.')).toBeVisible();
    expect(calls.find((c) => c.operation === 'InsertCustomerMeasurement')?.variables).toMatchObject(
      {
        customerId: CUSTOMER.id,
        type: 'goal_weight',
        value: 17_550,
        unit: 'hundredthsOfAPound',
      },
    );
  });

  it('sets the height in feet and inches, stored in inches; an unchanged one saves nothing', async () => {
    const { calls } = render();
    expect(await within(await goals()).findByText('5 ft 10 in')).toBeVisible();
    await userEvent.click(within(await goals()).getByRole('button', { name: 'Change height' }));
    let dialog = await screen.findByRole('dialog', { name: 'Your height' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(calls.some((c) => c.operation === 'InsertCustomerMeasurement')).toBe(false);

    await userEvent.click(within(await goals()).getByRole('button', { name: 'Change height' }));
    dialog = await screen.findByRole('dialog', { name: 'Your height' });
    await userEvent.clear(within(dialog).getByLabelText('Inches'));
    await userEvent.type(within(dialog).getByLabelText('Inches'), '14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid height.');
    await userEvent.clear(within(dialog).getByLabelText('Inches'));
    await userEvent.type(within(dialog).getByLabelText('Inches'), '11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your height is saved.')).toBeVisible();
    expect(calls.find((c) => c.operation === 'InsertCustomerMeasurement')?.variables).toMatchObject(
      {
        type: 'height',
        value: 71,
        unit: 'inches',
      },
    );
  });

  it('asks the provider team to change the starting weight, and shows the request waiting', async () => {
    const { calls } = render();
    await userEvent.click(
      await within(await goals()).findByRole('button', { name: 'Ask to change' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change your starting weight' });
    expect(dialog).toHaveTextContent('Only your provider team changes a starting weight.');
    await userEvent.clear(within(dialog).getByLabelText('Starting weight (lb)'));
    await userEvent.type(within(dialog).getByLabelText('Starting weight (lb)'), '224');
    await userEvent.type(within(dialog).getByLabelText(/Why it should change/), 'Scale was off');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Sent to your provider team/)).toBeVisible();
    expect(calls.find((c) => c.operation === 'InsertMeasurementChangeForm')?.variables).toEqual({
      customerId: CUSTOMER.id,
      startingWeight: 22_400,
      reason: 'Scale was off',
    });
    // Nothing was written to the measurements themselves: only the team changes a start.
    expect(calls.some((c) => c.operation === 'InsertCustomerMeasurement')).toBe(false);
  });

  it('a waiting request disables a second one; a failed save shows C110', async () => {
    render({
      changeForms: [
        {
          id: 'f1',
          type: 'starting_weight',
          value: 22_400,
          status: 'pending',
          created_at: '2026-10-02T00:00:00Z',
        },
      ],
      save: () => {
        throw new GraphqlRequestError('C110', 'failed');
      },
    });
    expect(
      await within(await goals()).findByText('Your request for 224 lb is with your provider team.'),
    ).toBeVisible();
    expect(within(await goals()).getByRole('button', { name: 'Ask to change' })).toBeDisabled();
    await userEvent.click(within(await goals()).getByRole('button', { name: 'Change goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your goal weight' });
    await userEvent.clear(within(dialog).getByLabelText('Goal weight (lb)'));
    await userEvent.type(within(dialog).getByLabelText('Goal weight (lb)'), '170');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("We couldn't complete this change. Please try again."),
    ).toBeVisible();
  });
});
