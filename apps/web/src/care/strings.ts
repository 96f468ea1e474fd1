import type { QueueKind } from '@portal/domain';

// Every string the care console shows, in one place (issue 41): English here, Spanish in
// strings-es.ts, a table of the same shape (tsc fails on a missing key). Screens read `strings`,
// the live table: the language choice (language.ts) copies the chosen table into it and the
// console renders again, so a screen's `const t = strings.queue` stays the object it reads.

export const en = {
  appName: 'Care console',
  skipToContent: 'Skip to content',
  loading: 'Loading…',
  retry: 'Try again',
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save',
  genericError: 'Something went wrong. Try again in a moment.',
  networkError: 'The server could not be reached. Check the connection and try again.',
  notSet: 'Not set',

  signIn: {
    title: 'Care team sign-in',
    intro: 'Sign in with your care team account. A second factor is required.',
    email: 'Work email',
    password: 'Password',
    submit: 'Continue',
    wrongCredentials: 'The email or password is not right.',
    limited: 'Too many attempts. Wait a few minutes, then try again.',
    invalidInput: 'Enter your work email and password.',
    enrollTitle: 'Set up your authenticator',
    enrollIntro:
      'Scan the QR code with an authenticator app (such as 1Password, Google Authenticator or Authy), then enter the 6-digit code it shows.',
    qrAlt: 'QR code to add the care console to an authenticator app',
    manualSecret: 'Or enter this key by hand:',
    code: '6-digit code',
    codeHelp: 'From your authenticator app.',
    codeFormat: 'Enter the 6 digits from your authenticator app.',
    verifyTitle: 'Enter your code',
    verifyIntro: 'Open your authenticator app and enter the 6-digit code for the care console.',
    useRecovery: 'Use a recovery code instead',
    useCode: 'Use the authenticator app instead',
    recoveryCode: 'Recovery code',
    recoveryFormat: 'Enter a recovery code as printed: four groups of five letters and digits.',
    verify: 'Verify',
    invalidCode: 'That code is not right. Check the app and try again.',
    challengeExpired: 'That took too long. Sign in again with your password.',
    back: 'Back to password',
    recoveryLeft: (n: number) =>
      n === 0
        ? 'You have no recovery codes left.'
        : n === 1
          ? 'You have 1 recovery code left.'
          : `You have ${String(n)} recovery codes left.`,
    recoveryLow: (n: number) =>
      n === 0
        ? 'Only your authenticator app signs you in now: keep it safe.'
        : 'Keep the rest safe: when they run out, only your authenticator app signs you in.',
    codesTitle: 'Save your recovery codes',
    codesIntro:
      'Each code signs you in once if you lose your authenticator. They are shown only now: store them somewhere safe, such as a password manager.',
    copy: 'Copy codes',
    copied: 'Recovery codes copied.',
    download: 'Download as a file',
    saved: 'I have saved my recovery codes',
    continue: 'Continue to the queue',
  },

  layout: {
    nav: 'Care console navigation',
    queue: 'Queue',
    patients: 'Patients',
    providers: 'Providers',
    signOut: 'Sign out',
    openNav: 'Open navigation',
    roles: { care: 'Care team', admin: 'Administrator' } as Record<string, string>,
    sessionEnded: 'Your session ended. Sign in again.',
  },

  queue: {
    title: 'Queue',
    all: 'All',
    kinds: {
      side_effect: 'Side effect',
      id_verification: 'ID check',
      bulk_order: 'Bulk order',
      form_review: 'Form review',
      shipment: 'Shipment',
      renewal_failed: 'Renewal failed',
      no_weight: 'No weight',
    } satisfies Record<QueueKind, string>,
    filterLabel: 'Filter by kind',
    urgentOnly: 'Urgent only',
    search: 'Search by patient',
    searchHelp: 'Name or email',
    urgent: 'Urgent',
    columns: {
      urgent: 'Priority',
      kind: 'Kind',
      patient: 'Patient',
      title: 'Item',
      since: 'Waiting since',
      claim: 'Claimed',
    },
    gridLabel: 'Care queue',
    empty: 'Nothing is waiting. New items appear here as they come in.',
    onIt: (name: string) => `${name} is on it`,
    you: 'You',
    claimedBy: (message: string) => `${message}. Take it over?`,
    takeOver: 'Take over',
    open: 'Open',
    loaded: (total: number) =>
      total === 1 ? '1 item in the queue.' : `${String(total)} items in the queue.`,
    selected: (title: string, patient: string) => `Selected: ${title}, ${patient}.`,
    refresh: 'Refresh',
    refreshed: 'Queue refreshed.',
    help: 'Keyboard shortcuts',
    helpButton: 'Keyboard shortcuts (?)',
    shortcuts: [
      ['j / ↓', 'Next item'],
      ['k / ↑', 'Previous item'],
      ['Enter', 'Open the selected item (claims it)'],
      ['/', 'Search by patient'],
      ['r', 'Refresh the queue'],
      ['u', 'Urgent only on or off'],
      ['a', 'Approve or resolve the open item (on a patient page)'],
      ['d', 'Reject an ID check or decline a bulk order (on a patient page)'],
      ['m', 'Send the patient a message (on a patient page)'],
      ['Esc', 'Back to the queue from a patient page'],
      ['?', 'This help'],
    ] as const,
  },

  patients: {
    title: 'Patients',
    search: 'Search patients',
    searchHelp: 'Name or email',
    gridLabel: 'Patients',
    columns: { name: 'Name', email: 'Email', state: 'State', status: 'Status', since: 'Joined' },
    empty: 'No patient matches that search.',
    notFound: 'There is no patient with that id.',
    backToQueue: 'Back to the queue',
    age: (years: number) => `${String(years)} years`,
    noPlan: 'No active plan',
    sections: {
      profile: 'Profile & addresses',
      billing: 'Plan & billing',
      prescriptions: 'Prescriptions',
      weight: 'Weight',
      forms: 'Forms',
      id: 'ID documents',
      bulk: 'Bulk orders',
      messages: 'Messages',
      appointments: 'Appointments',
      audit: 'Audit trail',
    },
    sectionNav: 'Patient sections',
    nothing: 'Nothing here yet.',
  },

  record: {
    action: 'Action',
    actions: 'Actions',
    address: 'Address',
    addresses: 'Addresses',
    amount: 'Amount',
    charges: 'Charges',
    chartLabel: 'Weight over time in pounds; the table below lists each entry.',
    date: 'Date',
    dateOfBirth: 'Date of birth',
    defaultNotifyTitle: 'New message from your care team',
    email: 'Email',
    fields: 'Fields',
    invoices: 'Invoices',
    issued: 'Issued',
    kind: 'Kind',
    name: 'Name',
    nextBilling: 'Next billing',
    notYet: 'Not yet',
    number: 'Number',
    ordered: 'Ordered',
    patientSince: 'Patient since',
    phone: 'Phone',
    plan: 'Plan',
    plans: 'Plans',
    price: 'Price',
    provider: 'Provider',
    purpose: 'Purpose',
    queueItem: 'Queue item',
    read: 'Read',
    awaitingReview: 'Waiting for review',
    reviewedBy: (name: string, when: string) => `Reviewed by ${name}, ${when}`,
    record: 'Record',
    refunded: 'Refunded',
    release: 'Release',
    sent: 'Sent',
    shipment: 'Shipment',
    since: 'Since',
    source: 'Source',
    state: 'State',
    status: 'Status',
    subject: 'Subject',
    thisItem: ' (this item)',
    timeZone: 'Time zone',
    total: 'Total',
    type: 'Type',
    vials: 'Vials',
    visit: 'Visit',
    weight: 'Weight',
    weightLb: 'Weight (lb)',
    when: 'When',
    who: 'Who',
    written: 'written',
    question: (n: number) => `Question ${String(n)}`,
    pounds: (lb: number | null) => (lb === null ? '' : `${String(lb)} lb`),
  },

  actions: {
    done: 'Done.',
    alreadyDone: 'Someone else already did this. The queue has been refreshed.',
    approve: 'Approve',
    decline: 'Decline',
    reject: 'Reject',
    resolve: 'Mark as dealt with',
    markReviewed: 'Mark as reviewed',
    retryPayment: 'Retry the payment',
    retryDeclined: 'The card was declined again. Ask the patient to update their card.',
    retryNotDue: 'Nothing is due to retry: the plan changed or ended, or the attempts ran out.',
    refund: 'Refund',
    refundTitle: 'Refund a charge',
    refundAmount: 'Amount in dollars',
    refundReason: 'Reason',
    refundLeft: (money: string) => `Up to ${money} can be refunded.`,
    refundTooMuch: (money: string) => `At most ${money} is left to refund.`,
    refundAmountFormat: 'Enter an amount in dollars, such as 25 or 25.50.',
    refundPositive: 'Enter an amount above $0.00.',
    refundReasonRequired: 'Say why, in a few words (the patient does not see it).',
    refundSubmit: 'Refund',
    refundDone: 'Refund sent.',
    refundRefused: {
      notRefundable: 'This charge cannot be refunded (not paid, or paid by credits only).',
      exceedsCharge: 'That is more than what is left of the charge.',
      processorRefused: 'The processor refused the refund. Nothing was refunded.',
    } as Record<string, string>,
    idRejectTitle: 'Reject the ID check',
    idReason: 'Reason',
    idNote: 'Note to the patient (optional)',
    idReasons: {
      document_unreadable: 'Document unreadable',
      document_expired: 'Document expired',
      document_incomplete: 'Document incomplete',
      selfie_mismatch: 'Selfie does not match',
      selfie_unclear: 'Selfie unclear',
      other: 'Other',
    } as Record<string, string>,
    idImages: { front: 'Front of the ID', back: 'Back of the ID', selfie: 'Selfie' },
    idNoImage: 'Not uploaded, or deleted after a decision.',
    shipmentTitle: 'Update the shipment',
    shipmentStatus: 'New status',
    shipmentMessage: 'Message (optional)',
    shipmentLocation: 'Location (optional)',
    shipmentSubmit: 'Add event',
    messageTitle: 'Send a message',
    messageTemplate: 'Template',
    messageFreeText: 'Write it myself',
    messageSubject: 'Subject',
    messageBody: 'Message',
    messageSubmit: 'Send',
    messageRequired: 'Write a message.',
    notify: 'Also send a notification',
  },
} as const;

/** A table's shape: the same keys and functions, any words. */
export type Shape<T> = T extends (...args: infer A) => infer R
  ? (...args: A) => Shape<R>
  : T extends string
    ? string
    : { -readonly [K in keyof T]: Shape<T[K]> };

export type Strings = Shape<typeof en>;

/** `source` copied into `target` in place, so references to nested objects stay valid. */
export function copyInto<T extends object>(target: T, source: T): void {
  const into = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    const current = into[key];
    if (value && typeof value === 'object' && current && typeof current === 'object') {
      copyInto(current, value as object);
    } else {
      into[key] = value;
    }
  }
}

/** The live table every screen reads (English until a language is chosen). */
export const strings: Strings = cloneTable(en);

/** A deep copy of a table, to be the live one. */
export function cloneTable<T>(table: T): Shape<T> {
  if (typeof table === 'function' || table === null || typeof table !== 'object') {
    return table as Shape<T>;
  }
  const out: Record<string, unknown> = Array.isArray(table)
    ? ([] as unknown as Record<string, unknown>)
    : {};
  for (const [key, value] of Object.entries(table)) out[key] = cloneTable(value);
  return out as Shape<T>;
}
