import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, subDays } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import { GraphqlRequestError } from '../api/graphql-client';
import { renderWithServices, type Answer } from '../../test/render-with-services';
import { WeightEditDialog, type WeightEntryToEdit } from './weight-edit-dialog';

// The weight edit dialog (spec 02 §2, §5): the shared zod schema's messages, the save, C110 on
// a failed save, one step at a time with back going one step, and "Is this right?".

const today = format(new Date(), 'yyyy-MM-dd');

interface Row {
  id: string;
  type: string;
  value: number;
  unit: string;
  source: string;
  recorded_at: string;
}
const weight = (id: string, day: string, hundredths: number): Row => ({
  id,
  type: 'weight',
  value: hundredths,
  unit: 'hundredthsOfAPound',
  source: 'manual',
  recorded_at: day,
});

function render(
  rows: Row[],
  { fail = false, entry }: { fail?: boolean; entry?: WeightEntryToEdit } = {},
) {
  const onClose = vi.fn();
  const answer: Answer = (operation, variables) => {
    if (operation === 'GetCustomerMeasurements') return { getCustomerMeasurements: rows };
    if (operation === 'InsertCustomerMeasurement' || operation === 'UpdateWeightMeasurement') {
      if (fail) throw new GraphqlRequestError('C110', 'failed');
      return operation === 'InsertCustomerMeasurement'
        ? { InsertCustomerMeasurement: { statusCode: 200, data: [{ id: 'new' }] } }
        : {
            updateWeightMeasurement: {
              statusCode: 200,
              data: { id: variables.id, value: variables.newWeight },
            },
          };
    }
    throw new Error(`unexpected ${operation}`);
  };
  const view = renderWithServices(
    [{ path: '/', element: <WeightEditDialog open onClose={onClose} entry={entry} /> }],
    { answer },
  );
  return { ...view, onClose };
}

const saves = (calls: { operation: string; variables: Record<string, unknown> }[]) =>
  calls.filter(
    (c) => c.operation !== 'GetCustomerMeasurements' && c.operation !== 'GetCustomerData',
  );

describe('the weight edit dialog', () => {
  it.each([['49.99'], ['1400.01'], ['abc'], ['']])(
    'refuses %j with the schema message and saves nothing',
    async (typed) => {
      const { calls } = render([]);
      const input = await screen.findByLabelText("Today's weight (lb)");
      if (typed) await userEvent.type(input, typed);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Please enter a weight from 50 to 1400 lb.')).toBeVisible();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(saves(calls)).toEqual([]);
    },
  );

  it("saves today's weight in hundredths of a pound and confirms", async () => {
    const { calls } = render([weight('w1', '2026-01-02', 18_200)]);
    await userEvent.type(await screen.findByLabelText("Today's weight (lb)"), '180.55');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Saved' })).toBeVisible();
    expect(saves(calls)).toEqual([
      {
        operation: 'InsertCustomerMeasurement',
        variables: {
          customerId: 'c1',
          type: 'weight',
          value: 18_055,
          unit: 'hundredthsOfAPound',
          recordedAt: today,
        },
      },
    ]);
  });

  it("changes today's entry when there is one, rather than adding a second", async () => {
    const { calls } = render([weight('w-today', today, 18_000)]);
    await screen.findByLabelText("Today's weight (lb)");
    // Wait for the entries, so the dialog knows today's.
    await waitFor(() =>
      expect(calls.some((c) => c.operation === 'GetCustomerMeasurements')).toBe(true),
    );
    await userEvent.type(screen.getByLabelText("Today's weight (lb)"), '179');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Saved' })).toBeVisible();
    expect(saves(calls)).toEqual([
      { operation: 'UpdateWeightMeasurement', variables: { id: 'w-today', newWeight: 17_900 } },
    ]);
  });

  it('a failed save shows C110 and stays on the step', async () => {
    render([], { fail: true });
    await userEvent.type(await screen.findByLabelText("Today's weight (lb)"), '180');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("We couldn't complete this change. Please try again."),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Log your weight' })).toBeVisible();
  });

  it('goes one step at a time: input, options, edit; back goes one step', async () => {
    const { calls } = render([
      weight('w1', '2026-01-02', 18_200),
      weight('w2', '2026-01-09', 18_100),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit an earlier entry' }));
    expect(
      screen.getByRole('dialog', { name: 'Which entry would you like to change?' }),
    ).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: /01\/02\/2026/ }));
    const field = screen.getByLabelText('Weight (lb)');
    expect(field).toHaveValue('182');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      screen.getByRole('dialog', { name: 'Which entry would you like to change?' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /01\/09\/2026/ }));
    await userEvent.clear(screen.getByLabelText('Weight (lb)'));
    await userEvent.type(screen.getByLabelText('Weight (lb)'), '180.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Saved' })).toBeVisible();
    expect(saves(calls)).toEqual([
      { operation: 'UpdateWeightMeasurement', variables: { id: 'w2', newWeight: 18_050 } },
    ]);
  });

  it('opens on an entry when given one (the weight page)', async () => {
    render([weight('w1', '2026-01-02', 18_200)], {
      entry: { id: 'w1', date: '2026-01-02', lb: 182 },
    });
    expect(await screen.findByLabelText('Weight (lb)')).toHaveValue('182');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      screen.getByRole('dialog', { name: 'Which entry would you like to change?' }),
    ).toBeVisible();
  });

  it('asks "Is this right?" before saving an entry far from the others', async () => {
    const yesterday = format(subDays(new Date(), 1), 'yyyy-MM-dd');
    const { calls } = render([weight('w1', yesterday, 20_000)]);
    await waitFor(() =>
      expect(calls.some((c) => c.operation === 'GetCustomerMeasurements')).toBe(true),
    );
    await userEvent.type(await screen.findByLabelText("Today's weight (lb)"), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Is this right?' })).toBeVisible();
    expect(saves(calls)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText("Today's weight (lb)")).toHaveValue('150');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, save it' }));
    expect(await screen.findByRole('dialog', { name: 'Saved' })).toBeVisible();
    expect(saves(calls)).toHaveLength(1);
  });
});
