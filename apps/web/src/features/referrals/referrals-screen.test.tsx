import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GraphqlRequestError } from '../../lib/api/graphql-client';
import { renderWithServices, type Answer } from '../../test/render-with-services';
import { ReferralsScreen } from './referrals-screen';

type Row = { status: string; referrer_discount_remaining: number | null; refereeEmail: string };

const row = (refereeEmail: string, status: string, remaining: number | null = null): Row => ({
  status,
  referrer_discount_remaining: remaining,
  refereeEmail,
});

function render(initial: Row[], onCreate?: (email: string) => unknown) {
  const rows = [...initial];
  const answer: Answer = (operation, variables) => {
    if (operation === 'GetReferrals') {
      return {
        referrals: rows.map((r, i) => ({ ...r, id: `r${i}`, created_at: '2026-11-01T00:00:00Z' })),
      };
    }
    if (operation === 'CreateReferral') {
      const email = String(variables.refereeEmail);
      const custom = onCreate?.(email);
      if (custom instanceof Error) throw custom;
      rows.unshift(row(email, 'email_sent'));
      return {
        createReferral: {
          data: { id: `new-${email}`, status: 'email_sent', refereeEmail: email },
          message: 'Invitation sent.',
          name: 'ReferralCreated',
          statusCode: 200,
        },
      };
    }
    throw new Error(`unexpected ${operation}`);
  };
  return renderWithServices([{ path: '/referrals', element: <ReferralsScreen /> }], {
    path: '/referrals',
    answer,
  });
}

const stat = (label: string) =>
  screen.getByRole('heading', { name: label }).parentElement?.textContent?.replace(label, '');

describe('/referrals (spec 02 §2, §4, §5)', () => {
  it('shows the credit total and the pending and completed counts by the state rules', async () => {
    render([
      row('a@example.com', 'email_sent'),
      row('b@example.com', 'referrer_discount_received', 3000),
      row('c@example.com', 'referrer_discount_received', 0),
    ]);
    expect(screen.getByLabelText('Loading your referrals')).toHaveAttribute('aria-busy', 'true');
    // $20 used of the partly used one + $50 for the completed one.
    await waitFor(() => expect(stat('Credit earned')).toBe('$70.00'));
    expect(stat('Pending')).toBe('2');
    expect(stat('Completed')).toBe('1');
    const invitations = within(screen.getByRole('region', { name: 'Your invitations' }));
    expect(invitations.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'a@example.comPending',
      'b@example.comCredit in use',
      'c@example.comCompleted',
    ]);
  });

  it('the empty state, and the FAQ in four sections', async () => {
    render([]);
    expect(await screen.findByText(/haven't invited anyone yet/)).toBeInTheDocument();
    const faq = screen.getByRole('region', { name: 'Questions and answers' });
    expect(within(faq).getAllByRole('button')).toHaveLength(4);
  });

  it('Enter, Tab, space and commas make chips; invalid and own emails are marked and not sent', async () => {
    const { calls } = render([]);
    await screen.findByText(/haven't invited anyone yet/);
    const input = screen.getByLabelText("Friends' email addresses");
    await userEvent.type(input, 'one@example.com{Enter}');
    await userEvent.type(input, 'bad-address ');
    await userEvent.type(input, 'alex@example.com, two@example.com');
    await userEvent.tab();
    const chips = within(screen.getByRole('list', { name: 'Emails to invite' }));
    expect(chips.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'one@example.com',
      'bad-address',
      'alex@example.com',
      'two@example.com',
    ]);
    expect(screen.getByText('bad-address: Email invalid')).toBeInTheDocument();
    expect(
      screen.getByText('alex@example.com: A subscription under the email provided already exist.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(stat('Pending')).toBe('2'));
    expect(calls.filter((c) => c.operation === 'CreateReferral').map((c) => c.variables)).toEqual([
      { refereeEmail: 'one@example.com' },
      { refereeEmail: 'two@example.com' },
    ]);
    // The sent ones leave the field; the marked ones stay to be fixed.
    expect(chips.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'bad-address',
      'alex@example.com',
    ]);
  });

  it('a failed send keeps the chip and shows R102; a duplicate says so', async () => {
    render([], (email) =>
      email === 'dup@example.com'
        ? new GraphqlRequestError('R102', 'dup', [
            { message: 'dup', extensions: { code: 'R102', reason: 'duplicate' } as never },
          ])
        : new GraphqlRequestError('R102', 'boom'),
    );
    await screen.findByText(/haven't invited anyone yet/);
    const input = screen.getByLabelText("Friends' email addresses");
    await userEvent.type(input, 'dup@example.com,down@example.com{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(
      await screen.findByText("dup@example.com: You've already invited this friend."),
    ).toBeInTheDocument();
    expect(
      screen.getByText('down@example.com: Not sent yet. Please try again.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("We couldn't send your referrals. Please try again."),
    ).toBeInTheDocument();
  });

  it('a failed load shows R101', async () => {
    renderWithServices([{ path: '/referrals', element: <ReferralsScreen /> }], {
      path: '/referrals',
      answer: () => {
        throw new GraphqlRequestError('R101', 'down');
      },
    });
    expect(
      await screen.findByText("We couldn't load your referrals. Please refresh and try again."),
    ).toBeInTheDocument();
  });
});
