import type { FormDefinition, QuestionnaireResponseItemAnswer } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../test/render-with-services';
import { FormScreen } from './form-screen/form-screen';

// The upload control on a form, against a fake data API and a fake upload endpoint: a chosen
// file is uploaded through a signed URL and attached; progress, then what is attached; a file
// of the wrong type or too large is refused (before uploading, or by the server); Remove takes
// the file off on the server.

const LABS: FormDefinition = {
  resourceType: 'Questionnaire',
  url: 'https://portal.example/fhir/Questionnaire/labs',
  version: '1',
  name: 'labs',
  title: 'Lab results',
  status: 'active',
  item: [
    {
      linkId: 'labs-page',
      text: 'Your labs',
      type: 'group',
      item: [{ linkId: 'recent-labs', text: 'Recent lab results', type: 'attachment' }],
    },
  ],
};
const DOCUMENT_ID = '7b0d6f8e-1c52-4bb5-9a59-6a0f1f0f4c11';
const UPLOAD_URL = 'http://portal.test/files/upload/FormAttachment/x?signature=s';

function view(answer: QuestionnaireResponseItemAnswer[] | null) {
  return {
    id: 'resp-1',
    short_id: 'labs',
    questionnaire: `${LABS.url}|1`,
    status: 'in-progress',
    appointment_id: null,
    follow_up_id: null,
    last_page: null,
    resume_page: 'labs-page',
    response: JSON.stringify({
      resourceType: 'QuestionnaireResponse',
      status: 'in-progress',
      item: answer ? [{ linkId: 'labs-page', item: [{ linkId: 'recent-labs', answer }] }] : [],
    }),
    definition: {
      id: 'def-labs',
      version: '1',
      kind: 'intake',
      title: 'Lab results',
      questionnaire: JSON.stringify(LABS),
    },
    outcome: null,
  };
}
const payload = (name: string, answer: QuestionnaireResponseItemAnswer[] | null) => ({
  [name]: { data: view(answer), name: 'ok', statusCode: 200 },
});
const ATTACHED = [
  {
    valueAttachment: {
      id: DOCUMENT_ID,
      contentType: 'application/pdf',
      size: 2048,
      title: '1700000000000-labs.pdf',
    },
  },
];

/** The form screen with the upload endpoint answering `put` (a pending promise holds it). */
function renderUpload(put: () => Promise<Response>) {
  const fetchMock = vi.fn((url: string) =>
    url === UPLOAD_URL ? put() : Promise.resolve(new Response(null, { status: 204 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  const rendered = renderWithServices([{ path: '/forms/:formId', element: <FormScreen /> }], {
    path: '/forms/labs',
    answer: (operation) => {
      switch (operation) {
        case 'GetTypeformByShortId':
          return {
            getTypeformByShortId: {
              id: 'def-labs',
              short_id: 'labs',
              url: LABS.url,
              version: '1',
              kind: 'intake',
              title: 'Lab results',
              questionnaire: JSON.stringify(LABS),
            },
          };
        case 'FormPrefill':
          return { formPrefill: [] };
        case 'IntakeSearches':
          return { intakeSearches: [] };
        case 'UpsertIntakeForm':
          return payload('UpsertIntakeForm', null);
        case 'SignedUploadUrl':
          return { signedUploadUrl: { uploadUrl: UPLOAD_URL, errorMessage: null } };
        case 'InsertDocument':
          return payload('InsertDocument', ATTACHED);
        case 'RemoveDocument':
          return payload('RemoveDocument', null);
        default:
          throw new Error(`unexpected ${operation}`);
      }
    },
  });
  return { ...rendered, fetchMock };
}

const pdf = () => new File(['%PDF-1.4'], 'labs.pdf', { type: 'application/pdf' });
const chooser = () => screen.getByTestId('attachment-recent-labs');
const status = () => screen.getByText(/Uploading|Attached|No file attached|Removing/);

describe('the upload control (issue 15)', () => {
  it('uploads a chosen file, shows progress then the file, and Remove takes it off', async () => {
    let release: (response: Response) => void = () => undefined;
    const { calls, fetchMock } = renderUpload(
      () => new Promise<Response>((resolve) => (release = resolve)),
    );
    const button = await screen.findByRole('button', { name: /Choose a file/ });
    expect(status()).toHaveTextContent('No file attached.');

    await userEvent.upload(chooser(), pdf());
    expect(await screen.findByText('Uploading the file…')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(UPLOAD_URL, expect.anything()));
    release(Response.json({ id: DOCUMENT_ID }, { status: 201 }));

    expect(await screen.findByText('Attached: labs.pdf (2 KB)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Choose another file/ })).toBeEnabled();
    expect(calls.find((c) => c.operation === 'InsertDocument')?.variables).toEqual({
      form_id: 'resp-1',
      link_id: 'recent-labs',
      document_id: DOCUMENT_ID,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove the file' }));
    expect(await screen.findByText('No file attached.')).toBeInTheDocument();
    expect(calls.find((c) => c.operation === 'RemoveDocument')?.variables).toEqual({
      form_id: 'resp-1',
      link_id: 'recent-labs',
    });
    expect(screen.queryByRole('button', { name: 'Remove the file' })).toBeNull();
  });

  it('refuses a file that is not an image or PDF, or is over 10 MB, before uploading', async () => {
    const { calls, fetchMock } = renderUpload(() =>
      Promise.resolve(Response.json({ id: DOCUMENT_ID }, { status: 201 })),
    );
    await screen.findByRole('button', { name: /Choose a file/ });
    // A picker set to "all files" lets any file through; the control refuses it.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(chooser(), new File(['<html>'], 'page.html', { type: 'text/html' }));
    expect(await screen.findByText('Images and PDF files only.')).toBeInTheDocument();

    const big = pdf();
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(chooser(), big);
    expect(await screen.findByText('The file is larger than 10 MB.')).toBeInTheDocument();
    expect(screen.queryByText('Images and PDF files only.')).toBeNull();
    expect(status()).toHaveTextContent('No file attached.');
    expect(fetchMock).not.toHaveBeenCalledWith(UPLOAD_URL, expect.anything());
    expect(calls.some((c) => c.operation === 'InsertDocument')).toBe(false);
  });

  it('shows the server refusing a file it judged by its bytes', async () => {
    const { calls } = renderUpload(() =>
      Promise.resolve(Response.json({ error: 'unsupported' }, { status: 415 })),
    );
    await screen.findByRole('button', { name: /Choose a file/ });
    await userEvent.upload(chooser(), pdf());
    expect(await screen.findByText('Images and PDF files only.')).toBeInTheDocument();
    expect(status()).toHaveTextContent('No file attached.');
    expect(calls.some((c) => c.operation === 'InsertDocument')).toBe(false);
  });
});
