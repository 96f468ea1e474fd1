import {
  SIDE_EFFECT_CHECK_IN_V1,
  WM_INTAKE_V1,
  WM_INTAKE_V2,
  type FormDefinition,
  type QuestionnaireResponse,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../../test/render-with-services';
import type { FormResponse } from '../use-form-responses';
import { FormScreen } from './form-screen';
import { FALLBACK_APP_CONFIG, type AppConfig } from '../../../lib/config';

// The renderer against a fake data API: one page at a time, the branch rules of the domain,
// required answers checked before a save, resume at the page after the last saved one, and
// the check-in's urgent banner.

function definitionRow(definition: FormDefinition, kind: string) {
  return {
    id: `def-${definition.name}`,
    short_id: definition.name,
    url: definition.url,
    version: definition.version,
    kind,
    title: definition.title ?? definition.name,
    questionnaire: JSON.stringify(definition),
  };
}

function responseRow(
  definition: FormDefinition,
  overrides: Partial<FormResponse> & { items?: QuestionnaireResponse['item'] },
): FormResponse {
  const { items, ...rest } = overrides;
  return {
    id: 'resp-1',
    short_id: definition.name,
    questionnaire: `${definition.url}|${definition.version}`,
    status: 'in-progress',
    appointment_id: null,
    follow_up_id: null,
    last_page: null,
    resume_page: null,
    response: JSON.stringify({
      resourceType: 'QuestionnaireResponse',
      status: 'in-progress',
      item: items ?? [],
    }),
    definition: {
      id: 'd',
      version: definition.version,
      kind: 'intake',
      title: definition.title ?? '',
      questionnaire: JSON.stringify(definition),
    },
    outcome: null,
    ...rest,
  };
}

function renderForm(
  path: string,
  definition: FormDefinition,
  kind: string,
  answer: (operation: string, variables: Record<string, unknown>) => unknown,
  config?: AppConfig,
) {
  return renderWithServices([{ path: '/forms/:formId', element: <FormScreen /> }], {
    path,
    ...(config ? { config } : {}),
    answer: (operation, variables) => {
      if (operation === 'GetTypeformByShortId')
        return { getTypeformByShortId: definitionRow(definition, kind) };
      if (operation === 'FormPrefill')
        return {
          formPrefill: [
            {
              linkId: 'first-name',
              answer: JSON.stringify({ linkId: 'first-name', valueString: 'Alex' }),
            },
          ],
        };
      return answer(operation, variables);
    },
  });
}

describe('/forms/:formId (issue 15)', () => {
  it('prefills what the portal knows, refuses Next without a required answer, shows the pregnancy question only for female', async () => {
    const { calls } = renderForm('/forms/wm-intake', WM_INTAKE_V1, 'intake', (operation) => {
      if (operation === 'IntakeSearches') return { intakeSearches: [] };
      if (operation === 'UpsertIntakeForm')
        return {
          UpsertIntakeForm: {
            data: responseRow(WM_INTAKE_V1, { last_page: 'about-you' }),
            name: 'IntakeFormSaved',
            statusCode: 200,
          },
        };
      throw new Error(`unexpected ${operation}`);
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Weight management intake' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Alex');
    expect(screen.queryByRole('radiogroup', { name: /pregnant/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findAllByText('Please answer this question.')).toHaveLength(3);
    expect(calls.some((c) => c.operation === 'UpsertIntakeForm')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: /Last name/ }), 'Rivera');
    await userEvent.type(screen.getByLabelText(/Date of birth/), '1986-04-12');
    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    expect(screen.getByRole('radiogroup', { name: /pregnant/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Male' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    await screen.findByRole('heading', { level: 2, name: 'Height and weight' });
    const saved = calls.find((c) => c.operation === 'UpsertIntakeForm')?.variables;
    expect(saved).toMatchObject({
      form_short_id: 'wm-intake',
      page: 'about-you',
      answers: [
        { linkId: 'first-name', valueString: 'Alex' },
        { linkId: 'last-name', valueString: 'Rivera' },
        { linkId: 'dob', valueDate: '1986-04-12' },
        { linkId: 'sex', valueCoding: 'male' },
      ],
    });
  });

  it('resumes a saved response at the page after the last one saved, with its answers and the BMI', async () => {
    renderForm('/forms/wm-intake', WM_INTAKE_V1, 'intake', (operation) => {
      if (operation === 'IntakeSearches')
        return {
          intakeSearches: [
            responseRow(WM_INTAKE_V1, {
              last_page: 'about-you',
              resume_page: 'body',
              items: [
                {
                  linkId: 'body',
                  item: [
                    { linkId: 'height-ft', answer: [{ valueInteger: 5 }] },
                    { linkId: 'height-in', answer: [{ valueInteger: 10 }] },
                    { linkId: 'weight-lb', answer: [{ valueDecimal: 200 }] },
                  ],
                },
              ],
            }),
          ],
        };
      throw new Error(`unexpected ${operation}`);
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Height and weight' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Current weight/ })).toHaveValue('200');
    expect(screen.getByRole('textbox', { name: /BMI/ })).toHaveValue('28.7');
  });

  it('shows and checks an open response with the version it is pinned to, not the newest', async () => {
    // The newest version asks one more required question on the body page; the open response
    // was started on version 1, which does not.
    const newest: FormDefinition = {
      ...WM_INTAKE_V2,
      version: '3',
      item: WM_INTAKE_V2.item?.map((page) =>
        page.linkId === 'body'
          ? {
              ...page,
              item: [
                ...(page.item ?? []),
                { linkId: 'waist-in', text: 'Waist (inches)', type: 'integer', required: true },
              ],
            }
          : page,
      ),
    };
    const { calls } = renderForm('/forms/wm-intake', newest, 'intake', (operation) => {
      if (operation === 'IntakeSearches')
        return {
          intakeSearches: [
            responseRow(WM_INTAKE_V1, { last_page: 'about-you', resume_page: 'body' }),
          ],
        };
      if (operation === 'UpsertIntakeForm')
        return {
          UpsertIntakeForm: {
            data: responseRow(WM_INTAKE_V1, { last_page: 'body' }),
            name: 'IntakeFormSaved',
            statusCode: 200,
          },
        };
      throw new Error(`unexpected ${operation}`);
    });
    await screen.findByRole('heading', { level: 2, name: 'Height and weight' });
    expect(screen.queryByRole('textbox', { name: /Waist/ })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /Height \(feet\)/ }), '5');
    await userEvent.type(screen.getByRole('textbox', { name: /Height \(inches\)/ }), '10');
    await userEvent.type(screen.getByRole('textbox', { name: /Current weight/ }), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Medical history' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.operation === 'UpsertIntakeForm')?.variables).toMatchObject({
      page: 'body',
    });
  });

  it('a severe side effect shows the urgent banner once submitted', async () => {
    const { calls } = renderForm(
      '/forms/side-effect-check-in',
      SIDE_EFFECT_CHECK_IN_V1,
      'check_in',
      (operation) => {
        if (operation === 'IntakeSearches') return { intakeSearches: [] };
        if (operation === 'UpsertIntakeForm')
          return {
            UpsertIntakeForm: {
              data: responseRow(SIDE_EFFECT_CHECK_IN_V1, {}),
              name: 'IntakeFormSaved',
              statusCode: 200,
            },
          };
        if (operation === 'UpdateExistingForm')
          return {
            UpdateExistingForm: {
              data: responseRow(SIDE_EFFECT_CHECK_IN_V1, {
                status: 'completed',
                outcome: {
                  level: 'urgent',
                  rules: ['SE1'],
                  guidance: ['abdominal-pain'],
                  task: 'urgent',
                },
              }),
              name: 'IntakeFormSubmitted',
              statusCode: 200,
            },
          };
        throw new Error(`unexpected ${operation}`);
      },
    );
    await screen.findByRole('heading', { level: 2, name: 'How are you feeling?' });
    const groups = screen.getAllByRole('radiogroup');
    for (const group of groups) {
      await userEvent.click(group.querySelector('input[value="false"]') as HTMLElement);
    }
    await userEvent.click(
      screen
        .getByRole('radiogroup', { name: /stomach area/ })
        .querySelector('input[value="true"]') as HTMLElement,
    );
    await userEvent.click(await screen.findByRole('radio', { name: /Severe/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Get medical help now')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'UpdateExistingForm')?.variables).toMatchObject({
        id: 'resp-1',
        complete: true,
      }),
    );
  });

  it('an urgent check-in says what to do now before anything else, the care team number too; an earlier check-in does not end the form (issue 44)', async () => {
    const earlier = responseRow(SIDE_EFFECT_CHECK_IN_V1, {
      id: 'resp-0',
      status: 'completed',
      outcome: { level: 'none', rules: ['SE6'], guidance: [], task: null },
    });
    renderForm(
      '/forms/side-effect-check-in',
      SIDE_EFFECT_CHECK_IN_V1,
      'check_in',
      (operation) => {
        if (operation === 'IntakeSearches') return { intakeSearches: [earlier] };
        if (operation === 'UpsertIntakeForm')
          return {
            UpsertIntakeForm: {
              data: responseRow(SIDE_EFFECT_CHECK_IN_V1, {}),
              name: 'IntakeFormSaved',
              statusCode: 200,
            },
          };
        if (operation === 'UpdateExistingForm')
          return {
            UpdateExistingForm: {
              data: responseRow(SIDE_EFFECT_CHECK_IN_V1, {
                status: 'completed',
                outcome: { level: 'urgent', rules: ['SE1'], guidance: ['nausea'], task: 'urgent' },
              }),
              name: 'IntakeFormSubmitted',
              statusCode: 200,
            },
          };
        throw new Error(`unexpected ${operation}`);
      },
      { ...FALLBACK_APP_CONFIG, careTeamPhone: '+1 (555) 010-0100' },
    );
    // The earlier, completed check-in does not stand in for this one: the questions show.
    await screen.findByRole('heading', { level: 2, name: 'How are you feeling?' });
    for (const group of screen.getAllByRole('radiogroup')) {
      await userEvent.click(group.querySelector('input[value="false"]') as HTMLElement);
    }
    await userEvent.click(
      screen
        .getByRole('radiogroup', { name: /nausea/ })
        .querySelector('input[value="true"]') as HTMLElement,
    );
    await userEvent.click(await screen.findByRole('radio', { name: /Severe/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const urgent = await screen.findByRole('alert');
    expect(urgent).toHaveTextContent('Get medical help now');
    expect(within(urgent).getByRole('link', { name: 'Call 911' })).toHaveAttribute(
      'href',
      'tel:911',
    );
    expect(
      within(urgent).getByRole('link', { name: 'Call your care team: +1 (555) 010-0100' }),
    ).toHaveAttribute('href', 'tel:+15550100100');
    expect(urgent).toHaveFocus();
    // Before anything else: the page title, the thanks and the guidance all come after it.
    const title = screen.getByRole('heading', { level: 1 });
    const thanks = screen.getByText('Thank you, your answers are in');
    for (const after of [title, thanks, screen.getByText('What can help')]) {
      expect(urgent.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(screen.getAllByText('Get medical help now')).toHaveLength(1);
  });
});
