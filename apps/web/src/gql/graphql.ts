/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export const AvailabilityLabel = {
  Few: 'few',
  Many: 'many',
  Some: 'some'
} as const;

export type AvailabilityLabel = typeof AvailabilityLabel[keyof typeof AvailabilityLabel];
/** Spec 02 section 3, 9: the carriers with tracking links. */
export const Carrier = {
  Fedex: 'fedex',
  Ups: 'ups',
  Usps: 'usps'
} as const;

export type Carrier = typeof Carrier[keyof typeof Carrier];
/** Spec 01 section 3: a customer action is pending until it is complete. */
export const CustomerActionStatus = {
  Complete: 'complete',
  Pending: 'pending'
} as const;

export type CustomerActionStatus = typeof CustomerActionStatus[keyof typeof CustomerActionStatus];
/** Spec 01 section 3: customer notification statuses. */
export const CustomerNotificationStatus = {
  ActionCompleted: 'action_completed',
  Deleted: 'deleted',
  Read: 'read',
  RequiresAction: 'requires_action',
  Unread: 'unread'
} as const;

export type CustomerNotificationStatus = typeof CustomerNotificationStatus[keyof typeof CustomerNotificationStatus];
/** What the customer may set: read, or completed (stored as action_completed). */
export const CustomerNotificationStatusUpdate = {
  Completed: 'completed',
  Read: 'read'
} as const;

export type CustomerNotificationStatusUpdate = typeof CustomerNotificationStatusUpdate[keyof typeof CustomerNotificationStatusUpdate];
/** Spec 02 section 3: document categories; lab results are LabResult. */
export const FileCategory = {
  FormAttachment: 'FormAttachment',
  Identification: 'Identification',
  LabResult: 'LabResult'
} as const;

export type FileCategory = typeof FileCategory[keyof typeof FileCategory];
/** One answer: a question's linkId and one value (a multi-choice question gets one entry per option). */
export type FormAnswerInput = {
  linkId: string;
  /** A document uploaded through a signed upload URL. */
  valueAttachmentId?: string | null | undefined;
  valueBoolean?: boolean | null | undefined;
  /** The code of the chosen option. */
  valueCoding?: string | null | undefined;
  valueDate?: string | null | undefined;
  valueDecimal?: number | null | undefined;
  valueInteger?: number | null | undefined;
  valueString?: string | null | undefined;
};

/** INVOICE, or the HSA/FSA itemized receipt of the same invoice. */
export const InvoiceDocument = {
  HsaFsaReceipt: 'HSA_FSA_RECEIPT',
  Invoice: 'INVOICE'
} as const;

export type InvoiceDocument = typeof InvoiceDocument[keyof typeof InvoiceDocument];
/** Spec 02 section 2: the labs list sorts Newest or Oldest (by created_at). */
export const LabSortOrder = {
  Newest: 'newest',
  Oldest: 'oldest'
} as const;

export type LabSortOrder = typeof LabSortOrder[keyof typeof LabSortOrder];
/** Spec 02 section 4: prescription statuses, and those the order snackbar knows. */
export const PrescriptionStatus = {
  AwaitingPatientPickup: 'awaitingPatientPickup',
  Cancelled: 'cancelled',
  Delayed: 'delayed',
  Delivered: 'delivered',
  InProgress: 'inProgress',
  InTransit: 'inTransit',
  OutForDelivery: 'outForDelivery',
  Received: 'received',
  Shipped: 'shipped'
} as const;

export type PrescriptionStatus = typeof PrescriptionStatus[keyof typeof PrescriptionStatus];
/** Spec 02 section 3: where a referral is in its life. */
export const ReferralStatus = {
  CouponCodeGenerated: 'coupon_code_generated',
  Created: 'created',
  EmailSent: 'email_sent',
  Expired: 'expired',
  RefereeSignedUp: 'referee_signed_up',
  ReferralInvalid: 'referral_invalid',
  ReferrerDiscountApplied: 'referrer_discount_applied',
  ReferrerDiscountReceived: 'referrer_discount_received'
} as const;

export type ReferralStatus = typeof ReferralStatus[keyof typeof ReferralStatus];
/** Spec 02 section 4: the four tracker stages, in order. */
export const ShipmentStage = {
  Delivered: 'delivered',
  InProgress: 'inProgress',
  OutForDelivery: 'outForDelivery',
  Shipped: 'shipped'
} as const;

export type ShipmentStage = typeof ShipmentStage[keyof typeof ShipmentStage];
/** Spec 02 section 4: every shipment status the spec lists, as a code; an unknown carrier status is null and reads as In Progress. */
export const ShipmentStatus = {
  AddressException: 'address_exception',
  AwaitingPatientPickup: 'awaiting_patient_pickup',
  CancelledByCarrier: 'cancelled_by_carrier',
  Delayed: 'delayed',
  DelayedByCarrier: 'delayed_by_carrier',
  Delivered: 'delivered',
  DeliveryAttempted: 'delivery_attempted',
  Exception: 'exception',
  InProgress: 'in_progress',
  InTransit: 'in_transit',
  LabelCreated: 'label_created',
  OutForDelivery: 'out_for_delivery',
  PendingCustomerConfirmation: 'pending_customer_confirmation',
  Processed: 'processed',
  ReadyForApi: 'ready_for_api',
  ReadyForPdf: 'ready_for_pdf',
  ReadyForProcess: 'ready_for_process',
  ReturnToSender: 'return_to_sender',
  Shipped: 'shipped',
  WeatherDelay: 'weather_delay'
} as const;

export type ShipmentStatus = typeof ShipmentStatus[keyof typeof ShipmentStatus];
export const TrackerStepState = {
  Current: 'current',
  Done: 'done',
  Upcoming: 'upcoming'
} as const;

export type TrackerStepState = typeof TrackerStepState[keyof typeof TrackerStepState];
/** The categories a customer may upload to. */
export const UploadCategory = {
  FormAttachment: 'FormAttachment',
  Identification: 'Identification'
} as const;

export type UploadCategory = typeof UploadCategory[keyof typeof UploadCategory];
export type GetAccountModulesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetAccountModulesQuery = { sduiModules: { account: Array<string> } };

export type GetBillingAddressesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetBillingAddressesQuery = { customerPaymentSources: Array<{ payment_source_id: string, brand: string, mask: string, billing_address: { first_name: string | null, last_name: string | null, street_address1: string | null, street_address2: string | null, city: string | null, state_code: string | null, zip_code: string | null } }> };

export type GetNotificationPreferencesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetNotificationPreferencesQuery = { notificationPreferences: Array<{ category: string, channel: string, enabled: boolean, locked: boolean }> };

export type UpdateBillingAddressMutationVariables = Exact<{
  paymentSourceId: string;
  firstName: string;
  lastName: string;
  streetAddress1: string;
  streetAddress2?: string | null | undefined;
  city: string;
  stateCode: string;
  zipCode: string;
}>;


export type UpdateBillingAddressMutation = { updateBillingAddress: { statusCode: number, data: { payment_source_id: string, billing_address: { first_name: string | null, last_name: string | null, street_address1: string | null, street_address2: string | null, city: string | null, state_code: string | null, zip_code: string | null } } } };

export type UpdateGenderMutationVariables = Exact<{
  customerId: string;
  gender?: string | null | undefined;
}>;


export type UpdateGenderMutation = { updateGender: { statusCode: number, data: { id: string, gender: string | null } } };

export type UpdateNotificationPreferenceMutationVariables = Exact<{
  category: string;
  channel: string;
  enabled: boolean;
}>;


export type UpdateNotificationPreferenceMutation = { updateNotificationPreference: { category: string, channel: string, enabled: boolean, locked: boolean } };

export type UpdatePhoneMutationVariables = Exact<{
  customerId: string;
  phone: string;
}>;


export type UpdatePhoneMutation = { updatePhone: { statusCode: number, data: { id: string, phone: string | null } } };

export type UpdateShippingAddressMutationVariables = Exact<{
  addressId: string;
  firstName: string;
  lastName: string;
  streetAddress1: string;
  streetAddress2?: string | null | undefined;
  city: string;
  stateCode: string;
  zipCode: string;
}>;


export type UpdateShippingAddressMutation = { updateShippingAddress: { statusCode: number, data: { id: string, first_name: string | null, last_name: string | null, street_address1: string, street_address2: string | null, city: string, state: string, state_code: string, zip_code: string } } };

export type CheckTimeStillAvailableQueryVariables = Exact<{
  state: string;
  treatmentId: string;
  startTime: string;
  forReschedule?: boolean | null | undefined;
}>;


export type CheckTimeStillAvailableQuery = { checkTimeStillAvailable: Array<{ start: string, end: string, provider: { id: string } }> };

export type GetActiveTreatmentsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetActiveTreatmentsQuery = { activeTreatments: Array<{ id: string, shortId: string, displayName: string }> };

export type GetAppointmentCalendarFileQueryVariables = Exact<{
  appointmentId: string;
}>;


export type GetAppointmentCalendarFileQuery = { appointmentCalendarFile: { filename: string, method: string, content: string } | null };

export type GetAvailabilitySummaryQueryVariables = Exact<{
  state: string;
  treatmentId: string;
  startTime: string;
  endTime?: string | null | undefined;
  providerId?: string | null | undefined;
  forReschedule?: boolean | null | undefined;
  timeZone: string;
  firstDay?: boolean | null | undefined;
}>;


export type GetAvailabilitySummaryQuery = { availabilitySummary: { days: Array<{ date: string, label: AvailabilityLabel | null }>, firstDay: { date: string, slots: Array<{ start: string, end: string, providerId: string, providerName: string }> } | null } };

export type GetAvailableProvidersQueryVariables = Exact<{
  state: string;
  treatmentId: string;
  startTime: string;
  endTime?: string | null | undefined;
  forReschedule?: boolean | null | undefined;
  timeZone: string;
}>;


export type GetAvailableProvidersQuery = { availabilitySummary: { providers: Array<{ id: string, displayName: string }> } };

export type GetAvailableSlotsQueryVariables = Exact<{
  state: string;
  treatmentId: string;
  startTime: string;
  endTime?: string | null | undefined;
  providerId?: string | null | undefined;
  distinctStart?: boolean | null | undefined;
  forReschedule?: boolean | null | undefined;
  day?: string | null | undefined;
  timeZone?: string | null | undefined;
}>;


export type GetAvailableSlotsQuery = { availableSlots: Array<{ start: string, end: string, provider: { id: string, displayName: string } }> };

export type GetCustomerPreviousProvidersQueryVariables = Exact<{
  limit?: number | null | undefined;
}>;


export type GetCustomerPreviousProvidersQuery = { customerPreviousProviders: Array<{ provider_id: string, count: number, last_appointment_start: string, virtual_visit_link: string | null, profile_image: string | null, display_name: string }> };

export type GetDisplayTimeZoneQueryVariables = Exact<{ [key: string]: never; }>;


export type GetDisplayTimeZoneQuery = { displayTimeZone: { timeZone: string, chosen: boolean } | null };

export type GetFollowUpQueryVariables = Exact<{
  id: string;
}>;


export type GetFollowUpQuery = { followUp: { id: string, customer_id: string, treatment: { id: string, shortId: string, displayName: string } | null } | null };

export type GetRescheduleQueryVariables = Exact<{
  id: string;
}>;


export type GetRescheduleQuery = { reschedule: { id: string, customer_id: string, appointment_id: string | null, status: string } | null };

export type HoldAppointmentSlotMutationVariables = Exact<{
  providerId: string;
  treatmentShortId: string;
  start: string;
  end: string;
  appointmentId?: string | null | undefined;
}>;


export type HoldAppointmentSlotMutation = { holdAppointmentSlot: { id: string, providerId: string, start: string, end: string, expiresAt: string } };

export type ReleaseAppointmentHoldMutationVariables = Exact<{
  id: string;
}>;


export type ReleaseAppointmentHoldMutation = { releaseAppointmentHold: boolean };

export type RescheduleAppointmentV2MutationVariables = Exact<{
  appointmentId: string;
  providerId: string;
  start: string;
  end: string;
  holdId?: string | null | undefined;
}>;


export type RescheduleAppointmentV2Mutation = { rescheduleAppointmentV2: { statusCode: number, name: string, message: string, data: { id: string, start: string, end: string, provider: { id: string, displayName: string } | null } } };

export type ScheduleAdhocAppointmentV2MutationVariables = Exact<{
  providerId: string;
  treatmentShortId: string;
  start: string;
  end: string;
  origin?: string | null | undefined;
  followUpId?: string | null | undefined;
  vialCount?: number | null | undefined;
  subscriptionId?: string | null | undefined;
  holdId?: string | null | undefined;
}>;


export type ScheduleAdhocAppointmentV2Mutation = { scheduleAdhocAppointmentV2: { statusCode: number, name: string, message: string, data: { id: string, start: string, end: string } } };

export type SetDisplayTimeZoneMutationVariables = Exact<{
  timeZone: string;
  fromDevice?: boolean | null | undefined;
}>;


export type SetDisplayTimeZoneMutation = { setDisplayTimeZone: { statusCode: number, data: { timeZone: string, chosen: boolean } } };

export type UpdateRescheduleMutationVariables = Exact<{
  id: string;
  status: string;
}>;


export type UpdateRescheduleMutation = { updateRescheduleById: { statusCode: number, data: { id: string, status: string } } };

export type UpsertTosConsentMutationVariables = Exact<{
  customerId: string;
  tosStatus: string;
  marketingContentStatus: string;
}>;


export type UpsertTosConsentMutation = { upsertTosConsentAndMarketingPreference: { statusCode: number, data: { affected_rows: number } } };

export type CancelSubscriptionMutationVariables = Exact<{
  subscriptionId: string;
  reason: string;
  otherText?: string | null | undefined;
}>;


export type CancelSubscriptionMutation = { cancelSubscription: { subscriptionId: string, status: string, effectiveDate: string } };

export type ChangeCustomerSubscriptionMutationVariables = Exact<{
  existingSubscriptionId: string;
  newSubscriptionPlanType: string;
  newAddons?: Array<string> | string | null | undefined;
  newContractLength: number;
  isUpfrontPayment?: boolean | null | undefined;
  quoteId: string;
  quoteSignature: string;
}>;


export type ChangeCustomerSubscriptionMutation = { changeCustomerSubscription: { newContractId: string, newName: string, statusCode: number } };

export type GetCustomerSubscriptionQueryVariables = Exact<{
  subscriptionId: string;
}>;


export type GetCustomerSubscriptionQuery = { customerSubscription: { id: string, status: string, term: number, price: number, renewal_date: string | null, isUpfrontPayment: boolean, plan_type: string | null, item_price_id: string | null, treatment_id: string | null, addons: Array<string>, contract: { id: string, start_date: string, end_date: string, length: number, price: number, discount_amount: number, auto_renew: boolean, status: string } | null, payment_source: { payment_source_id: string, brand: string, mask: string, expiry_month: number, expiry_year: number, display_name: string, billing_address: { first_name: string | null, last_name: string | null, street_address1: string | null, street_address2: string | null, city: string | null, state: string | null, state_code: string | null, zip_code: string | null } } | null } | null };

export type GetInvoicePdfUrlQueryVariables = Exact<{
  invoiceId: string;
  document?: InvoiceDocument | null | undefined;
}>;


export type GetInvoicePdfUrlQuery = { invoicePdfUrl: { downloadUrl: string | null, errorMessage: string | null } };

export type GetInvoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetInvoicesQuery = { invoices: Array<{ id: string, number: string, description: string, date: string, total: number, status: string, subscription_id: string | null, updated_at: string }> };

export type GetLiteProgramPricingQueryVariables = Exact<{ [key: string]: never; }>;


export type GetLiteProgramPricingQuery = { liteProgramPricing: Array<{ plan_duration: number, plan_price: number, treatment_id: string | null, treatment_short_id: string | null }> };

export type GetCustomerPaymentSourcesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetCustomerPaymentSourcesQuery = { customerPaymentSources: Array<{ payment_source_id: string, brand: string, mask: string, expiry_month: number, expiry_year: number, subscription_ids: Array<string> }> };

export type GetSubscriptionPriceChangeQuoteQueryVariables = Exact<{
  existingSubscriptionId: string;
  newSubscriptionPlanType: string;
  newAddons?: Array<string> | string | null | undefined;
  newContractLength: number;
  isUpfrontPayment?: boolean | null | undefined;
}>;


export type GetSubscriptionPriceChangeQuoteQuery = { subscriptionPriceChangeQuote: { id: string, signature: string, expiresAt: string, newPrice: number, oldPrice: number, newBasePrice: number, proratedRefund: number, proratedCost: number, amountDue: number, creditCarried: number, referralCreditApplied: number, accountCreditApplied: number, newTermStart: string, newTermEnd: string, nextRenewal: string, subscriptionStatus: string, addonDetails: Array<{ sku: string, amount: number }>, couponDetails: Array<{ id: string, amount: number }>, paymentSource: { payment_source_id: string, brand: string, mask: string, expiry_month: number, expiry_year: number } | null } };

export type GetTreatmentConfigurationQueryVariables = Exact<{ [key: string]: never; }>;


export type GetTreatmentConfigurationQuery = { treatmentConfiguration: Array<{ Name: string, TreatmentShortId: string, ItemPriceId: string | null, TreatmentCategory: string }> };

export type GetTreatmentPricingMapQueryVariables = Exact<{
  itemPriceId: string;
}>;


export type GetTreatmentPricingMapQuery = { treatmentPricingMap: Array<{ item_price_id: string, plan_duration: number, plan_price: number, is_upfront_payment: boolean }> };

export type ReplacePaymentSourceMutationVariables = Exact<{
  oldPaymentSourceId?: string | null | undefined;
  paymentToken: string;
}>;


export type ReplacePaymentSourceMutation = { replacePaymentSource: { newPaymentSourceId: string, oldPaymentSourceId: string | null, subscriptionIds: Array<string>, statusCode: number } };

export type StartCardSetupMutationVariables = Exact<{ [key: string]: never; }>;


export type StartCardSetupMutation = { startCardSetup: { provider: string, setupId: string | null, clientSecret: string | null } };

export type BulkPayLaterLinkMutationVariables = Exact<{
  customerActionId: string;
}>;


export type BulkPayLaterLinkMutation = { bulkPayLaterLink: string };

export type CreateBulkAsyncAppointmentMutationVariables = Exact<{
  providerId: string;
  treatmentId: string;
}>;


export type CreateBulkAsyncAppointmentMutation = { createAsyncAppointment: { statusCode: number, data: { id: string } } };

export type CreateBulkSubscriptionMutationVariables = Exact<{
  treatmentShortId: string;
}>;


export type CreateBulkSubscriptionMutation = { createBulkSubscription: { newSubscriptionId: string } };

export type GetBulkActionQueryVariables = Exact<{
  id: string;
}>;


export type GetBulkActionQuery = { customerAction: { id: string, status: CustomerActionStatus, metadata: { vial_count: number | null }, action_type: { type_code: string } } | null };

export type GetBulkPaymentSourcesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetBulkPaymentSourcesQuery = { customerPaymentSources: Array<{ payment_source_id: string, brand: string, mask: string }> };

export type PurchaseBulkWithChargebeeMutationVariables = Exact<{
  customerActionId: string;
}>;


export type PurchaseBulkWithChargebeeMutation = { purchaseBulkWithChargebee: { data: { purchaseSucceeded: boolean, actionCompleted: boolean, reason: string | null, nextAction: { clientSecret: string, redirectUrl: string | null } | null } } };

export type SubmitBulkOrderMutationVariables = Exact<{
  vialCount?: number | null | undefined;
  treatmentShortId?: string | null | undefined;
}>;


export type SubmitBulkOrderMutation = { submitBulkOrder: { statusCode: number, data: { id: string, vialCount: number, encounter: string, status: string, asyncVisit: { providerId: string, treatmentId: string } | null } } };

export type FormPrefillQueryVariables = Exact<{
  short_id: string;
}>;


export type FormPrefillQuery = { formPrefill: Array<{ linkId: string, answer: string }> };

export type GetTypeformByShortIdQueryVariables = Exact<{
  short_id: string;
}>;


export type GetTypeformByShortIdQuery = { getTypeformByShortId: { id: string, short_id: string, url: string, version: string, kind: string, title: string, questionnaire: string } };

export type IdVerificationQueryVariables = Exact<{ [key: string]: never; }>;


export type IdVerificationQuery = { idVerification: { id: string, status: string, front_uploaded: boolean, back_uploaded: boolean, selfie_uploaded: boolean, rejection_reason: string | null, rejection_note: string | null, updated_at: string } | null };

export type InsertDocumentMutationVariables = Exact<{
  form_id: string;
  link_id: string;
  document_id: string;
}>;


export type InsertDocumentMutation = { InsertDocument: { name: string, statusCode: number, data: { id: string, short_id: string, questionnaire: string, status: string, appointment_id: string | null, follow_up_id: string | null, last_page: string | null, resume_page: string | null, response: string, definition: { id: string, version: string, kind: string, title: string, questionnaire: string }, outcome: { level: string, rules: Array<string>, guidance: Array<string>, task: string | null } | null } } };

export type IntakeSearchesQueryVariables = Exact<{
  short_id?: string | null | undefined;
  appointment_id?: string | null | undefined;
  follow_up_id?: string | null | undefined;
  status?: string | null | undefined;
}>;


export type IntakeSearchesQuery = { intakeSearches: Array<{ id: string, short_id: string, questionnaire: string, status: string, appointment_id: string | null, follow_up_id: string | null, last_page: string | null, resume_page: string | null, response: string, definition: { id: string, version: string, kind: string, title: string, questionnaire: string }, outcome: { level: string, rules: Array<string>, guidance: Array<string>, task: string | null } | null }> };

export type IntakeFormFieldsFragment = { id: string, short_id: string, questionnaire: string, status: string, appointment_id: string | null, follow_up_id: string | null, last_page: string | null, resume_page: string | null, response: string, definition: { id: string, version: string, kind: string, title: string, questionnaire: string }, outcome: { level: string, rules: Array<string>, guidance: Array<string>, task: string | null } | null };

export type RemoveDocumentMutationVariables = Exact<{
  form_id: string;
  link_id: string;
}>;


export type RemoveDocumentMutation = { RemoveDocument: { name: string, statusCode: number, data: { id: string, short_id: string, questionnaire: string, status: string, appointment_id: string | null, follow_up_id: string | null, last_page: string | null, resume_page: string | null, response: string, definition: { id: string, version: string, kind: string, title: string, questionnaire: string }, outcome: { level: string, rules: Array<string>, guidance: Array<string>, task: string | null } | null } } };

export type SignedUploadUrlQueryVariables = Exact<{
  category: UploadCategory;
  fileName: string;
}>;


export type SignedUploadUrlQuery = { signedUploadUrl: { uploadUrl: string | null, errorMessage: string | null } };

export type SubmitIdVerificationMutationVariables = Exact<{ [key: string]: never; }>;


export type SubmitIdVerificationMutation = { SubmitIdVerification: { name: string, statusCode: number, data: { id: string, status: string } } };

export type UpdateExistingFormMutationVariables = Exact<{
  id: string;
  page?: string | null | undefined;
  answers: Array<FormAnswerInput> | FormAnswerInput;
  complete?: boolean | null | undefined;
}>;


export type UpdateExistingFormMutation = { UpdateExistingForm: { name: string, statusCode: number, data: { id: string, short_id: string, questionnaire: string, status: string, appointment_id: string | null, follow_up_id: string | null, last_page: string | null, resume_page: string | null, response: string, definition: { id: string, version: string, kind: string, title: string, questionnaire: string }, outcome: { level: string, rules: Array<string>, guidance: Array<string>, task: string | null } | null } } };

export type UploadIdVerificationImageMutationVariables = Exact<{
  side: string;
  document_id: string;
}>;


export type UploadIdVerificationImageMutation = { UploadIdVerificationImage: { name: string, statusCode: number, data: { id: string, status: string } } };

export type UpsertIntakeFormMutationVariables = Exact<{
  form_short_id: string;
  appointment_id?: string | null | undefined;
  follow_up_id?: string | null | undefined;
  treatment_short_id?: string | null | undefined;
  page?: string | null | undefined;
  answers: Array<FormAnswerInput> | FormAnswerInput;
}>;


export type UpsertIntakeFormMutation = { UpsertIntakeForm: { name: string, statusCode: number, data: { id: string, short_id: string, questionnaire: string, status: string, appointment_id: string | null, follow_up_id: string | null, last_page: string | null, resume_page: string | null, response: string, definition: { id: string, version: string, kind: string, title: string, questionnaire: string }, outcome: { level: string, rules: Array<string>, guidance: Array<string>, task: string | null } | null } } };

export type GetSduiModulesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetSduiModulesQuery = { sduiModules: { home: Array<string> } };

export type GetLabOrdersQueryVariables = Exact<{
  sort: LabSortOrder;
}>;


export type GetLabOrdersQuery = { labOrders: Array<{ lab_order_id: string, document_id: string | null, document: { id: string, file_name: string, category: string, created_at: string } | null, order: { id: string, created_at: string, ordered_at: string, received_at: string | null, provider: { id: string, display_name: string } | null, treatment: { id: string, short_id: string, display_name: string } | null } }> };

export type GetSignedDownloadUrlQueryVariables = Exact<{
  fileName: string;
  category: FileCategory;
}>;


export type GetSignedDownloadUrlQuery = { signedDownloadUrl: { downloadUrl: string | null, errorMessage: string | null } };

export type GetDosingGuidePlansQueryVariables = Exact<{ [key: string]: never; }>;


export type GetDosingGuidePlansQuery = { activeTreatments: Array<{ id: string, shortId: string }>, treatmentConfiguration: Array<{ TreatmentShortId: string, TreatmentCategory: string }>, customer: { id: string, subscriptions: Array<{ id: string, treatment_id: string | null, subscription_items: Array<{ item_price_id: string }> }> } | null };

export type CreateReferralMutationVariables = Exact<{
  refereeEmail: string;
}>;


export type CreateReferralMutation = { createReferral: { message: string, name: string, statusCode: number, data: { id: string, status: ReferralStatus, refereeEmail: string } } };

export type GetReferralsQueryVariables = Exact<{
  referrerCustomerId?: string | null | undefined;
}>;


export type GetReferralsQuery = { referrals: Array<{ id: string, status: ReferralStatus, referrer_discount_remaining: number | null, refereeEmail: string, created_at: string }> };

export type GetMeasurementChangeFormsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetMeasurementChangeFormsQuery = { measurementChangeForms: Array<{ id: string, type: string, value: number, status: string, created_at: string }> };

export type InsertMeasurementChangeFormMutationVariables = Exact<{
  customerId: string;
  startingWeight: number;
  reason?: string | null | undefined;
}>;


export type InsertMeasurementChangeFormMutation = { InsertMeasurementChangeForm: { statusCode: number, data: { id: string, status: string } } };

export type GetAppointmentPresenceQueryVariables = Exact<{ [key: string]: never; }>;


export type GetAppointmentPresenceQuery = { appointmentsByCustomer: { upcoming: Array<{ id: string, appointment_requirements: Array<{ requirement_type: string, completed: boolean, link: string | null }> }>, previous: Array<{ id: string }>, async: Array<{ id: string, appointment_requirements: Array<{ requirement_type: string, completed: boolean, link: string | null }> }> } };

export type AppointmentPresenceFragment = { id: string, appointment_requirements: Array<{ requirement_type: string, completed: boolean, link: string | null }> };

export type GetAppointmentsByCustomerQueryVariables = Exact<{
  minDate?: string | null | undefined;
}>;


export type GetAppointmentsByCustomerQuery = { appointmentsByCustomer: { upcoming: Array<{ id: string, sequence: number, start: string, end: string, status: string, is_async: boolean, provider: { id: string, displayName: string, title: string | null, profileImage: string | null, virtualVisitLink: string | null } | null, treatment: { id: string, shortId: string, displayName: string } | null, encounter: { is_signed: boolean }, appointment_requirements: Array<{ requirement_type: string, completed: boolean, createdAt: string, link: string | null }> }>, previous: Array<{ id: string, sequence: number, start: string, end: string, status: string, is_async: boolean, provider: { id: string, displayName: string, title: string | null, profileImage: string | null, virtualVisitLink: string | null } | null, treatment: { id: string, shortId: string, displayName: string } | null, encounter: { is_signed: boolean }, appointment_requirements: Array<{ requirement_type: string, completed: boolean, createdAt: string, link: string | null }> }>, async: Array<{ id: string, sequence: number, start: string, end: string, status: string, is_async: boolean, provider: { id: string, displayName: string, title: string | null, profileImage: string | null, virtualVisitLink: string | null } | null, treatment: { id: string, shortId: string, displayName: string } | null, encounter: { is_signed: boolean }, appointment_requirements: Array<{ requirement_type: string, completed: boolean, createdAt: string, link: string | null }> }> } };

export type AppointmentCardFragment = { id: string, sequence: number, start: string, end: string, status: string, is_async: boolean, provider: { id: string, displayName: string, title: string | null, profileImage: string | null, virtualVisitLink: string | null } | null, treatment: { id: string, shortId: string, displayName: string } | null, encounter: { is_signed: boolean }, appointment_requirements: Array<{ requirement_type: string, completed: boolean, createdAt: string, link: string | null }> };

export type IsBulkEligibleQueryVariables = Exact<{
  treatmentShortId?: string | null | undefined;
}>;


export type IsBulkEligibleQuery = { isBulkEligible: { isBulkEligible: boolean, needsSyncEncounter: boolean, bulkOrderedTooRecently: boolean, hasRecentBulkAppointment: boolean, bulkAvailable: boolean } };

export type SideEffectCheckInsQueryVariables = Exact<{
  short_id?: string | null | undefined;
  status?: string | null | undefined;
}>;


export type SideEffectCheckInsQuery = { intakeSearches: Array<{ id: string, completed_at: string | null }> };

export type GetCorporateHealthQueryVariables = Exact<{ [key: string]: never; }>;


export type GetCorporateHealthQuery = { customer: { id: string, corporate_health: boolean } | null };

export type GetCustomerDataQueryVariables = Exact<{ [key: string]: never; }>;


export type GetCustomerDataQuery = { customer: { id: string, short_id: string, full_name: string, first_name: string, last_name: string, preferred_name: string | null, phone: string | null, dob: string | null, sex: string | null, gender: string | null, email: string, created_at: string, time_zone: string, shippingAddresses: Array<{ id: string, address_type: string, first_name: string | null, last_name: string | null, street_address1: string, street_address2: string | null, city: string, state: string, state_code: string, zip_code: string }>, tags: Array<{ name: string }>, contracts: Array<{ id: string, status: string }>, subscriptions: Array<{ id: string, status: string }> } | null };

export type GetFeatureFlagsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetFeatureFlagsQuery = { featureFlags: Array<{ name: string, enabled: boolean }> };

export type GetMessageReadStatesQueryVariables = Exact<{
  customerId: string;
}>;


export type GetMessageReadStatesQuery = { providerMessages: Array<{ id: string, read: boolean }> };

export type GetProviderMessageTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetProviderMessageTypesQuery = { providerMessageTypes: Array<{ id: string, type: string, description: string }> };

export type GetProviderMessagesQueryVariables = Exact<{
  customerId: string;
}>;


export type GetProviderMessagesQuery = { providerMessages: Array<{ id: string, type: string, read: boolean, read_on: string | null, displayTime: string, provider_name: string | null, provider_image: string | null, messageSections: Array<{ name: string, html: string }> }> };

export type ProviderMessagesChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ProviderMessagesChangedSubscription = { providerMessagesChanged: { change: string, id: string } };

export type UpdateProviderMessageReadMutationVariables = Exact<{
  messageId: string;
}>;


export type UpdateProviderMessageReadMutation = { updateProviderMessageRead: { data: { id: string, read: boolean, read_on: string | null } } };

export type GetContractExpirationBannerNotificationsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetContractExpirationBannerNotificationsQuery = { contractExpirationBannerNotifications: Array<{ contract_end_date: string | null, subscription_id: string | null, notification: { id: string, title: string, message: string | null, status: CustomerNotificationStatus } }> };

export type GetCustomerNotificationsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetCustomerNotificationsQuery = { customerNotifications: Array<{ id: string, type: string, title: string, message: string | null, description: string | null, severity: string, date: string, status: CustomerNotificationStatus, shortId: string | null, action: { label: string, url: string } | null }> };

export type NotificationFieldsFragment = { id: string, type: string, title: string, message: string | null, description: string | null, severity: string, date: string, status: CustomerNotificationStatus, shortId: string | null, action: { label: string, url: string } | null };

export type GetLabResultNotificationsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetLabResultNotificationsQuery = { labResultNotifications: Array<{ id: string, type: string, title: string, message: string | null, description: string | null, severity: string, date: string, status: CustomerNotificationStatus, shortId: string | null, action: { label: string, url: string } | null }> };

export type NotificationsChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type NotificationsChangedSubscription = { notificationsChanged: { change: string, id: string } };

export type UpdateCustomerNotificationStatusMutationVariables = Exact<{
  id: string;
  newStatus: CustomerNotificationStatusUpdate;
}>;


export type UpdateCustomerNotificationStatusMutation = { updateCustomerNotificationStatus: { data: { id: string, status: CustomerNotificationStatus } } };

export type GetPrescriptionsByCustomerQueryVariables = Exact<{
  customerId: string;
}>;


export type GetPrescriptionsByCustomerQuery = { prescriptionsByCustomer: Array<{ id: string, created_at: string, updated_at: string, show_tracker: boolean, status: { name: PrescriptionStatus, display_name: string }, customer: { full_name: string, dob: string | null }, provider: { id: string, display_name: string } | null, treatment: { id: string, display_name: string } | null, kit_snapshots: Array<{ id: string, catalog_name: string, kit_name: string, directions: string, quantity: number, strength: string, form: string, internal_type: string, refills: number, created_at: string, concentration_mg_per_ml: number | null, volume_ml: number | null, weekly_dose_mg: number | null, weekly_dose_units: number | null }>, media_assets: Array<{ src: string, alt_text: string, mime_type: string }>, runway: { doses_left: number, doses_taken: number, doses_total: number, refill_due_on: string, refill_must_ship_by: string, refill_urgent: boolean, runs_out_on: string } | null, shipping_status: { id: string, carrier: Carrier, tracking_number: string | null, tracking_url: string | null, shipped_at: string | null, delivered_at: string | null, stage: ShipmentStage, status: ShipmentStatus | null, warning: boolean, stalled_days: number | null, steps: Array<{ stage: ShipmentStage, state: TrackerStepState }>, events: Array<{ id: string, label: string, source: string, status: ShipmentStatus | null, raw_status: string, stage: ShipmentStage, warning: boolean, message: string | null, location: string | null, occurred_at: string }> } | null }> };

export type PrescriptionViewFragment = { id: string, created_at: string, updated_at: string, show_tracker: boolean, status: { name: PrescriptionStatus, display_name: string }, customer: { full_name: string, dob: string | null }, provider: { id: string, display_name: string } | null, treatment: { id: string, display_name: string } | null, kit_snapshots: Array<{ id: string, catalog_name: string, kit_name: string, directions: string, quantity: number, strength: string, form: string, internal_type: string, refills: number, created_at: string, concentration_mg_per_ml: number | null, volume_ml: number | null, weekly_dose_mg: number | null, weekly_dose_units: number | null }>, media_assets: Array<{ src: string, alt_text: string, mime_type: string }>, runway: { doses_left: number, doses_taken: number, doses_total: number, refill_due_on: string, refill_must_ship_by: string, refill_urgent: boolean, runs_out_on: string } | null, shipping_status: { id: string, carrier: Carrier, tracking_number: string | null, tracking_url: string | null, shipped_at: string | null, delivered_at: string | null, stage: ShipmentStage, status: ShipmentStatus | null, warning: boolean, stalled_days: number | null, steps: Array<{ stage: ShipmentStage, state: TrackerStepState }>, events: Array<{ id: string, label: string, source: string, status: ShipmentStatus | null, raw_status: string, stage: ShipmentStage, warning: boolean, message: string | null, location: string | null, occurred_at: string }> } | null };

export type ShipmentViewFragment = { id: string, carrier: Carrier, tracking_number: string | null, tracking_url: string | null, shipped_at: string | null, delivered_at: string | null, stage: ShipmentStage, status: ShipmentStatus | null, warning: boolean, stalled_days: number | null, steps: Array<{ stage: ShipmentStage, state: TrackerStepState }>, events: Array<{ id: string, label: string, source: string, status: ShipmentStatus | null, raw_status: string, stage: ShipmentStage, warning: boolean, message: string | null, location: string | null, occurred_at: string }> };

export type TreatmentRecordsChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type TreatmentRecordsChangedSubscription = { customerChanged: { reason: string } };

export type GetCustomerMeasurementsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetCustomerMeasurementsQuery = { getCustomerMeasurements: Array<{ id: string, type: string, value: number, unit: string, source: string, recorded_at: string }> };

export type ImportWeightDataMutationVariables = Exact<{
  weightData: string;
}>;


export type ImportWeightDataMutation = { importWeightData: { recorded: number, skipped: number, already_recorded: number } };

export type InsertCustomerMeasurementMutationVariables = Exact<{
  customerId: string;
  type: string;
  value: number;
  unit: string;
  recordedAt: string;
}>;


export type InsertCustomerMeasurementMutation = { InsertCustomerMeasurement: { statusCode: number, data: Array<{ id: string }> } };

export type UpdateWeightMeasurementMutationVariables = Exact<{
  id: string;
  newWeight: number;
}>;


export type UpdateWeightMeasurementMutation = { updateWeightMeasurement: { statusCode: number, data: { id: string, value: number } } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const IntakeFormFieldsFragmentDoc = new TypedDocumentString(`
    fragment IntakeFormFields on IntakeForm {
  id
  short_id
  questionnaire
  status
  appointment_id
  follow_up_id
  last_page
  resume_page
  response
  definition {
    id
    version
    kind
    title
    questionnaire
  }
  outcome {
    level
    rules
    guidance
    task
  }
}
    `, {"fragmentName":"IntakeFormFields"}) as unknown as TypedDocumentString<IntakeFormFieldsFragment, unknown>;
export const AppointmentPresenceFragmentDoc = new TypedDocumentString(`
    fragment AppointmentPresence on Appointment {
  id
  appointment_requirements {
    requirement_type
    completed
    link
  }
}
    `, {"fragmentName":"AppointmentPresence"}) as unknown as TypedDocumentString<AppointmentPresenceFragment, unknown>;
export const AppointmentCardFragmentDoc = new TypedDocumentString(`
    fragment AppointmentCard on Appointment {
  id
  sequence
  start
  end
  status
  is_async
  provider {
    id
    displayName
    title
    profileImage
    virtualVisitLink
  }
  treatment {
    id
    shortId
    displayName
  }
  encounter {
    is_signed
  }
  appointment_requirements {
    requirement_type
    completed
    createdAt
    link
  }
}
    `, {"fragmentName":"AppointmentCard"}) as unknown as TypedDocumentString<AppointmentCardFragment, unknown>;
export const NotificationFieldsFragmentDoc = new TypedDocumentString(`
    fragment NotificationFields on CustomerNotification {
  id
  type
  title
  message
  description
  severity
  date
  status
  shortId
  action {
    label
    url
  }
}
    `, {"fragmentName":"NotificationFields"}) as unknown as TypedDocumentString<NotificationFieldsFragment, unknown>;
export const ShipmentViewFragmentDoc = new TypedDocumentString(`
    fragment ShipmentView on Shipment {
  id
  carrier
  tracking_number
  tracking_url
  shipped_at
  delivered_at
  stage
  status
  warning
  stalled_days
  steps {
    stage
    state
  }
  events {
    id
    label
    source
    status
    raw_status
    stage
    warning
    message
    location
    occurred_at
  }
}
    `, {"fragmentName":"ShipmentView"}) as unknown as TypedDocumentString<ShipmentViewFragment, unknown>;
export const PrescriptionViewFragmentDoc = new TypedDocumentString(`
    fragment PrescriptionView on Prescription {
  id
  created_at
  updated_at
  show_tracker
  status {
    name
    display_name
  }
  customer {
    full_name
    dob
  }
  provider {
    id
    display_name
  }
  treatment {
    id
    display_name
  }
  kit_snapshots {
    id
    catalog_name
    kit_name
    directions
    quantity
    strength
    form
    internal_type
    refills
    created_at
    concentration_mg_per_ml
    volume_ml
    weekly_dose_mg
    weekly_dose_units
  }
  media_assets {
    src
    alt_text
    mime_type
  }
  runway {
    doses_left
    doses_taken
    doses_total
    refill_due_on
    refill_must_ship_by
    refill_urgent
    runs_out_on
  }
  shipping_status {
    ...ShipmentView
  }
}
    fragment ShipmentView on Shipment {
  id
  carrier
  tracking_number
  tracking_url
  shipped_at
  delivered_at
  stage
  status
  warning
  stalled_days
  steps {
    stage
    state
  }
  events {
    id
    label
    source
    status
    raw_status
    stage
    warning
    message
    location
    occurred_at
  }
}`, {"fragmentName":"PrescriptionView"}) as unknown as TypedDocumentString<PrescriptionViewFragment, unknown>;
export const GetAccountModulesDocument = new TypedDocumentString(`
    query GetAccountModules {
  sduiModules {
    account
  }
}
    `, {"hash":"sha256:48b618ebd4dd4466fc0d7db1b459f7f63ba5bd0eb2f2796663608834eab8cea3"}) as unknown as TypedDocumentString<GetAccountModulesQuery, GetAccountModulesQueryVariables>;
export const GetBillingAddressesDocument = new TypedDocumentString(`
    query GetBillingAddresses {
  customerPaymentSources {
    payment_source_id
    brand
    mask
    billing_address {
      first_name
      last_name
      street_address1
      street_address2
      city
      state_code
      zip_code
    }
  }
}
    `, {"hash":"sha256:91c63186cbaf84bd52dbbada87b056e2fec7daeade45f494fcbafa5aab03aee1"}) as unknown as TypedDocumentString<GetBillingAddressesQuery, GetBillingAddressesQueryVariables>;
export const GetNotificationPreferencesDocument = new TypedDocumentString(`
    query GetNotificationPreferences {
  notificationPreferences {
    category
    channel
    enabled
    locked
  }
}
    `, {"hash":"sha256:0255ec37375da4f464a46a5382957c1e30af6d37659af9c83020653d33a725d7"}) as unknown as TypedDocumentString<GetNotificationPreferencesQuery, GetNotificationPreferencesQueryVariables>;
export const UpdateBillingAddressDocument = new TypedDocumentString(`
    mutation UpdateBillingAddress($paymentSourceId: ID!, $firstName: String!, $lastName: String!, $streetAddress1: String!, $streetAddress2: String, $city: String!, $stateCode: String!, $zipCode: String!) {
  updateBillingAddress(
    paymentSourceId: $paymentSourceId
    firstName: $firstName
    lastName: $lastName
    streetAddress1: $streetAddress1
    streetAddress2: $streetAddress2
    city: $city
    stateCode: $stateCode
    zipCode: $zipCode
  ) {
    data {
      payment_source_id
      billing_address {
        first_name
        last_name
        street_address1
        street_address2
        city
        state_code
        zip_code
      }
    }
    statusCode
  }
}
    `, {"hash":"sha256:f02dbc0f14880e72893e90043b8b1c567ad036eaec933a89251f8036144d0528"}) as unknown as TypedDocumentString<UpdateBillingAddressMutation, UpdateBillingAddressMutationVariables>;
export const UpdateGenderDocument = new TypedDocumentString(`
    mutation UpdateGender($customerId: ID!, $gender: String) {
  updateGender(customerId: $customerId, gender: $gender) {
    data {
      id
      gender
    }
    statusCode
  }
}
    `, {"hash":"sha256:09e79adc19ab528ffe0b57f2ca927d6f0003286c18ef3ce5957f55c192b9dd42"}) as unknown as TypedDocumentString<UpdateGenderMutation, UpdateGenderMutationVariables>;
export const UpdateNotificationPreferenceDocument = new TypedDocumentString(`
    mutation UpdateNotificationPreference($category: String!, $channel: String!, $enabled: Boolean!) {
  updateNotificationPreference(
    category: $category
    channel: $channel
    enabled: $enabled
  ) {
    category
    channel
    enabled
    locked
  }
}
    `, {"hash":"sha256:7dba42f066370295ea16929968f4632b325b5e8dcdfde1678e15444041e4e0bc"}) as unknown as TypedDocumentString<UpdateNotificationPreferenceMutation, UpdateNotificationPreferenceMutationVariables>;
export const UpdatePhoneDocument = new TypedDocumentString(`
    mutation UpdatePhone($customerId: ID!, $phone: String!) {
  updatePhone(customerId: $customerId, phone: $phone) {
    data {
      id
      phone
    }
    statusCode
  }
}
    `, {"hash":"sha256:eae4d4c460e73255850c87a1b2c75bb5fd76fd1d3ddfada80520dc19c2c96969"}) as unknown as TypedDocumentString<UpdatePhoneMutation, UpdatePhoneMutationVariables>;
export const UpdateShippingAddressDocument = new TypedDocumentString(`
    mutation UpdateShippingAddress($addressId: ID!, $firstName: String!, $lastName: String!, $streetAddress1: String!, $streetAddress2: String, $city: String!, $stateCode: String!, $zipCode: String!) {
  updateShippingAddress(
    addressId: $addressId
    firstName: $firstName
    lastName: $lastName
    streetAddress1: $streetAddress1
    streetAddress2: $streetAddress2
    city: $city
    stateCode: $stateCode
    zipCode: $zipCode
  ) {
    data {
      id
      first_name
      last_name
      street_address1
      street_address2
      city
      state
      state_code
      zip_code
    }
    statusCode
  }
}
    `, {"hash":"sha256:78fa62fed8ebfa8b7c4cb62258cc659e1eb2580c5796ebf0df4a0bd3ad51d00e"}) as unknown as TypedDocumentString<UpdateShippingAddressMutation, UpdateShippingAddressMutationVariables>;
export const CheckTimeStillAvailableDocument = new TypedDocumentString(`
    query CheckTimeStillAvailable($state: String!, $treatmentId: ID!, $startTime: DateTime!, $forReschedule: Boolean) {
  checkTimeStillAvailable(
    state: $state
    treatmentId: $treatmentId
    startTime: $startTime
    forReschedule: $forReschedule
  ) {
    start
    end
    provider {
      id
    }
  }
}
    `, {"hash":"sha256:05bf5bab8b72b0dc34f18e8f676e3d3cd58581a76eeeea1ccc50b3aac882f5dd"}) as unknown as TypedDocumentString<CheckTimeStillAvailableQuery, CheckTimeStillAvailableQueryVariables>;
export const GetActiveTreatmentsDocument = new TypedDocumentString(`
    query GetActiveTreatments {
  activeTreatments {
    id
    shortId
    displayName
  }
}
    `, {"hash":"sha256:aecd9f982ed52baf74c6d9dcfcf52f6e4ffd5c72e2a78a3094e89ea5ac730b2e"}) as unknown as TypedDocumentString<GetActiveTreatmentsQuery, GetActiveTreatmentsQueryVariables>;
export const GetAppointmentCalendarFileDocument = new TypedDocumentString(`
    query GetAppointmentCalendarFile($appointmentId: ID!) {
  appointmentCalendarFile(appointmentId: $appointmentId) {
    filename
    method
    content
  }
}
    `, {"hash":"sha256:64710a07c02967a7fc4dcc43f5fc537c0356adead74138787e493583aa4ed804"}) as unknown as TypedDocumentString<GetAppointmentCalendarFileQuery, GetAppointmentCalendarFileQueryVariables>;
export const GetAvailabilitySummaryDocument = new TypedDocumentString(`
    query GetAvailabilitySummary($state: String!, $treatmentId: ID!, $startTime: DateTime!, $endTime: DateTime, $providerId: ID, $forReschedule: Boolean, $timeZone: String!, $firstDay: Boolean) {
  availabilitySummary(
    state: $state
    treatmentId: $treatmentId
    startTime: $startTime
    endTime: $endTime
    providerId: $providerId
    forReschedule: $forReschedule
    timeZone: $timeZone
    firstDay: $firstDay
  ) {
    days {
      date
      label
    }
    firstDay {
      date
      slots {
        start
        end
        providerId
        providerName
      }
    }
  }
}
    `, {"hash":"sha256:91f0f0c417154d72cf4523817f5108dab9f357b67b258040ed0dda6e2f7dcaa0"}) as unknown as TypedDocumentString<GetAvailabilitySummaryQuery, GetAvailabilitySummaryQueryVariables>;
export const GetAvailableProvidersDocument = new TypedDocumentString(`
    query GetAvailableProviders($state: String!, $treatmentId: ID!, $startTime: DateTime!, $endTime: DateTime, $forReschedule: Boolean, $timeZone: String!) {
  availabilitySummary(
    state: $state
    treatmentId: $treatmentId
    startTime: $startTime
    endTime: $endTime
    forReschedule: $forReschedule
    timeZone: $timeZone
  ) {
    providers {
      id
      displayName
    }
  }
}
    `, {"hash":"sha256:d34214117c40e2fe7aeb307af81e0c572f3abdd66aa10fafbf8e38af3c92471a"}) as unknown as TypedDocumentString<GetAvailableProvidersQuery, GetAvailableProvidersQueryVariables>;
export const GetAvailableSlotsDocument = new TypedDocumentString(`
    query GetAvailableSlots($state: String!, $treatmentId: ID!, $startTime: DateTime!, $endTime: DateTime, $providerId: ID, $distinctStart: Boolean, $forReschedule: Boolean, $day: String, $timeZone: String) {
  availableSlots(
    state: $state
    treatmentId: $treatmentId
    startTime: $startTime
    endTime: $endTime
    providerId: $providerId
    distinctStart: $distinctStart
    forReschedule: $forReschedule
    day: $day
    timeZone: $timeZone
  ) {
    start
    end
    provider {
      id
      displayName
    }
  }
}
    `, {"hash":"sha256:3964911698e51ada0ee4f1c2fbc94bab3d8745efbaf4022696147e10fceddb11"}) as unknown as TypedDocumentString<GetAvailableSlotsQuery, GetAvailableSlotsQueryVariables>;
export const GetCustomerPreviousProvidersDocument = new TypedDocumentString(`
    query GetCustomerPreviousProviders($limit: Int = 5) {
  customerPreviousProviders(limit: $limit) {
    provider_id
    count
    last_appointment_start
    virtual_visit_link
    profile_image
    display_name
  }
}
    `, {"hash":"sha256:8bf4534bfcba9a514e830ebab8863d4a3d1750cfd3315550a64f9801daade013"}) as unknown as TypedDocumentString<GetCustomerPreviousProvidersQuery, GetCustomerPreviousProvidersQueryVariables>;
export const GetDisplayTimeZoneDocument = new TypedDocumentString(`
    query GetDisplayTimeZone {
  displayTimeZone {
    timeZone
    chosen
  }
}
    `, {"hash":"sha256:a95c6b27e9d00d8eee50886bf4ae7968eb8ecf97862cc1a1703f17e11cabe42b"}) as unknown as TypedDocumentString<GetDisplayTimeZoneQuery, GetDisplayTimeZoneQueryVariables>;
export const GetFollowUpDocument = new TypedDocumentString(`
    query GetFollowUp($id: ID!) {
  followUp(id: $id) {
    id
    customer_id
    treatment {
      id
      shortId
      displayName
    }
  }
}
    `, {"hash":"sha256:ffe6dc22e99f4fab49c10d50a4a02c2f7ccaf34e9ddea1e0d78c9bcadcf4f156"}) as unknown as TypedDocumentString<GetFollowUpQuery, GetFollowUpQueryVariables>;
export const GetRescheduleDocument = new TypedDocumentString(`
    query GetReschedule($id: ID!) {
  reschedule(id: $id) {
    id
    customer_id
    appointment_id
    status
  }
}
    `, {"hash":"sha256:f4b6c5bc7ef503affc73085a5135f5ba104b9de1a92d6d0162f4e96d7b0bac14"}) as unknown as TypedDocumentString<GetRescheduleQuery, GetRescheduleQueryVariables>;
export const HoldAppointmentSlotDocument = new TypedDocumentString(`
    mutation HoldAppointmentSlot($providerId: ID!, $treatmentShortId: String!, $start: DateTime!, $end: DateTime!, $appointmentId: ID) {
  holdAppointmentSlot(
    providerId: $providerId
    treatmentShortId: $treatmentShortId
    start: $start
    end: $end
    appointmentId: $appointmentId
  ) {
    id
    providerId
    start
    end
    expiresAt
  }
}
    `, {"hash":"sha256:71ab7d35e41a87accc6e3415c2d6e48a415bf2b8e39491a5975c8aabfac0ca74"}) as unknown as TypedDocumentString<HoldAppointmentSlotMutation, HoldAppointmentSlotMutationVariables>;
export const ReleaseAppointmentHoldDocument = new TypedDocumentString(`
    mutation ReleaseAppointmentHold($id: ID!) {
  releaseAppointmentHold(id: $id)
}
    `, {"hash":"sha256:46d302b0c49c6b8da7a625982e238f0a7580639269228ca9da627284c07b868c"}) as unknown as TypedDocumentString<ReleaseAppointmentHoldMutation, ReleaseAppointmentHoldMutationVariables>;
export const RescheduleAppointmentV2Document = new TypedDocumentString(`
    mutation RescheduleAppointmentV2($appointmentId: ID!, $providerId: ID!, $start: DateTime!, $end: DateTime!, $holdId: ID) {
  rescheduleAppointmentV2(
    appointmentId: $appointmentId
    providerId: $providerId
    start: $start
    end: $end
    holdId: $holdId
  ) {
    statusCode
    name
    message
    data {
      id
      start
      end
      provider {
        id
        displayName
      }
    }
  }
}
    `, {"hash":"sha256:1e33459981f438e11bb43bbe1e92a12e1cf500a00120c6583c09cd187c836c79"}) as unknown as TypedDocumentString<RescheduleAppointmentV2Mutation, RescheduleAppointmentV2MutationVariables>;
export const ScheduleAdhocAppointmentV2Document = new TypedDocumentString(`
    mutation ScheduleAdhocAppointmentV2($providerId: ID!, $treatmentShortId: String!, $start: DateTime!, $end: DateTime!, $origin: String, $followUpId: ID, $vialCount: Int, $subscriptionId: ID, $holdId: ID) {
  scheduleAdhocAppointmentV2(
    providerId: $providerId
    treatmentShortId: $treatmentShortId
    start: $start
    end: $end
    origin: $origin
    followUpId: $followUpId
    vialCount: $vialCount
    subscriptionId: $subscriptionId
    holdId: $holdId
  ) {
    statusCode
    name
    message
    data {
      id
      start
      end
    }
  }
}
    `, {"hash":"sha256:862cad800a04820c6b102a14fa508f6368ee4938ba77ca7c42847545ab0616ca"}) as unknown as TypedDocumentString<ScheduleAdhocAppointmentV2Mutation, ScheduleAdhocAppointmentV2MutationVariables>;
export const SetDisplayTimeZoneDocument = new TypedDocumentString(`
    mutation SetDisplayTimeZone($timeZone: String!, $fromDevice: Boolean) {
  setDisplayTimeZone(timeZone: $timeZone, fromDevice: $fromDevice) {
    statusCode
    data {
      timeZone
      chosen
    }
  }
}
    `, {"hash":"sha256:6d3f75e23c3d6f3d9479f9dc6f05d896dc66457d04720662c3aa4ae6e19973c9"}) as unknown as TypedDocumentString<SetDisplayTimeZoneMutation, SetDisplayTimeZoneMutationVariables>;
export const UpdateRescheduleDocument = new TypedDocumentString(`
    mutation UpdateReschedule($id: ID!, $status: String!) {
  updateRescheduleById(id: $id, status: $status) {
    statusCode
    data {
      id
      status
    }
  }
}
    `, {"hash":"sha256:3438e512849de4ddc10339adc6c454559474f9972b0ac94989af2725dbb3b355"}) as unknown as TypedDocumentString<UpdateRescheduleMutation, UpdateRescheduleMutationVariables>;
export const UpsertTosConsentDocument = new TypedDocumentString(`
    mutation UpsertTosConsent($customerId: ID!, $tosStatus: String!, $marketingContentStatus: String!) {
  upsertTosConsentAndMarketingPreference(
    customerId: $customerId
    tosStatus: $tosStatus
    marketingContentStatus: $marketingContentStatus
  ) {
    statusCode
    data {
      affected_rows
    }
  }
}
    `, {"hash":"sha256:f1da62101ac372a87f2227d65a7f2c2a8955e533378083fc82d56a828f313108"}) as unknown as TypedDocumentString<UpsertTosConsentMutation, UpsertTosConsentMutationVariables>;
export const CancelSubscriptionDocument = new TypedDocumentString(`
    mutation CancelSubscription($subscriptionId: ID!, $reason: String!, $otherText: String) {
  cancelSubscription(
    subscriptionId: $subscriptionId
    reason: $reason
    otherText: $otherText
  ) {
    subscriptionId
    status
    effectiveDate
  }
}
    `, {"hash":"sha256:cdb0344d2108bd1d0b53a8482c5ea826f9f82f7dea993ee8b9ec21a6af2c8b36"}) as unknown as TypedDocumentString<CancelSubscriptionMutation, CancelSubscriptionMutationVariables>;
export const ChangeCustomerSubscriptionDocument = new TypedDocumentString(`
    mutation ChangeCustomerSubscription($existingSubscriptionId: ID!, $newSubscriptionPlanType: String!, $newAddons: [String!], $newContractLength: Int!, $isUpfrontPayment: Boolean, $quoteId: ID!, $quoteSignature: String!) {
  changeCustomerSubscription(
    existingSubscriptionId: $existingSubscriptionId
    newSubscriptionPlanType: $newSubscriptionPlanType
    newAddons: $newAddons
    newContractLength: $newContractLength
    isUpfrontPayment: $isUpfrontPayment
    quoteId: $quoteId
    quoteSignature: $quoteSignature
  ) {
    newContractId
    newName
    statusCode
  }
}
    `, {"hash":"sha256:425c056fd1b6f489a5bb0e7dbdf6d565a0e545187dc0c5e6bdbf0508fcb02255"}) as unknown as TypedDocumentString<ChangeCustomerSubscriptionMutation, ChangeCustomerSubscriptionMutationVariables>;
export const GetCustomerSubscriptionDocument = new TypedDocumentString(`
    query GetCustomerSubscription($subscriptionId: ID!) {
  customerSubscription(subscriptionId: $subscriptionId) {
    id
    status
    term
    price
    renewal_date
    isUpfrontPayment
    plan_type
    item_price_id
    treatment_id
    addons
    contract {
      id
      start_date
      end_date
      length
      price
      discount_amount
      auto_renew
      status
    }
    payment_source {
      payment_source_id
      brand
      mask
      expiry_month
      expiry_year
      display_name
      billing_address {
        first_name
        last_name
        street_address1
        street_address2
        city
        state
        state_code
        zip_code
      }
    }
  }
}
    `, {"hash":"sha256:830b1bd6f3c1c9904b336372cb6f9378e6d444b159d78f599454847eb6d3c5b8"}) as unknown as TypedDocumentString<GetCustomerSubscriptionQuery, GetCustomerSubscriptionQueryVariables>;
export const GetInvoicePdfUrlDocument = new TypedDocumentString(`
    query GetInvoicePdfUrl($invoiceId: ID!, $document: InvoiceDocument) {
  invoicePdfUrl(invoiceId: $invoiceId, document: $document) {
    downloadUrl
    errorMessage
  }
}
    `, {"hash":"sha256:f9f1fecd2ffa9092c5a88815b9fcbcecf355df8fa042808851ab98ec19cf520a"}) as unknown as TypedDocumentString<GetInvoicePdfUrlQuery, GetInvoicePdfUrlQueryVariables>;
export const GetInvoicesDocument = new TypedDocumentString(`
    query GetInvoices {
  invoices {
    id
    number
    description
    date
    total
    status
    subscription_id
    updated_at
  }
}
    `, {"hash":"sha256:899905133c4245cdecbd1266a5e2808f82dbeb6bd211ee7b9b98af7fa666d758"}) as unknown as TypedDocumentString<GetInvoicesQuery, GetInvoicesQueryVariables>;
export const GetLiteProgramPricingDocument = new TypedDocumentString(`
    query GetLiteProgramPricing {
  liteProgramPricing {
    plan_duration
    plan_price
    treatment_id
    treatment_short_id
  }
}
    `, {"hash":"sha256:0f434bce4bbc1ea16f7b53728d68178a440ebe325f9cc32e35cc55748f70b91a"}) as unknown as TypedDocumentString<GetLiteProgramPricingQuery, GetLiteProgramPricingQueryVariables>;
export const GetCustomerPaymentSourcesDocument = new TypedDocumentString(`
    query GetCustomerPaymentSources {
  customerPaymentSources {
    payment_source_id
    brand
    mask
    expiry_month
    expiry_year
    subscription_ids
  }
}
    `, {"hash":"sha256:4e7645929d9041194c47d38514050676c9b63d9e3165eff4370993ab4bed415d"}) as unknown as TypedDocumentString<GetCustomerPaymentSourcesQuery, GetCustomerPaymentSourcesQueryVariables>;
export const GetSubscriptionPriceChangeQuoteDocument = new TypedDocumentString(`
    query GetSubscriptionPriceChangeQuote($existingSubscriptionId: ID!, $newSubscriptionPlanType: String!, $newAddons: [String!], $newContractLength: Int!, $isUpfrontPayment: Boolean) {
  subscriptionPriceChangeQuote(
    existingSubscriptionId: $existingSubscriptionId
    newSubscriptionPlanType: $newSubscriptionPlanType
    newAddons: $newAddons
    newContractLength: $newContractLength
    isUpfrontPayment: $isUpfrontPayment
  ) {
    id
    signature
    expiresAt
    newPrice
    oldPrice
    newBasePrice
    proratedRefund
    proratedCost
    amountDue
    creditCarried
    referralCreditApplied
    accountCreditApplied
    newTermStart
    newTermEnd
    nextRenewal
    subscriptionStatus
    addonDetails {
      sku
      amount
    }
    couponDetails {
      id
      amount
    }
    paymentSource {
      payment_source_id
      brand
      mask
      expiry_month
      expiry_year
    }
  }
}
    `, {"hash":"sha256:530049ae93576dfb8557aa56f23f7220d7c085c2d828e31c4981612c08129d0c"}) as unknown as TypedDocumentString<GetSubscriptionPriceChangeQuoteQuery, GetSubscriptionPriceChangeQuoteQueryVariables>;
export const GetTreatmentConfigurationDocument = new TypedDocumentString(`
    query GetTreatmentConfiguration {
  treatmentConfiguration {
    Name
    TreatmentShortId
    ItemPriceId
    TreatmentCategory
  }
}
    `, {"hash":"sha256:ea9527bbfa7daffff0a6b6b0186c8659b8fb9b4e333ee23d6190c86a8730a795"}) as unknown as TypedDocumentString<GetTreatmentConfigurationQuery, GetTreatmentConfigurationQueryVariables>;
export const GetTreatmentPricingMapDocument = new TypedDocumentString(`
    query GetTreatmentPricingMap($itemPriceId: String!) {
  treatmentPricingMap(itemPriceId: $itemPriceId) {
    item_price_id
    plan_duration
    plan_price
    is_upfront_payment
  }
}
    `, {"hash":"sha256:d0bf27b71747961eb852b882b1d965330c5cc55e3c405c1166bd1870e5da11c8"}) as unknown as TypedDocumentString<GetTreatmentPricingMapQuery, GetTreatmentPricingMapQueryVariables>;
export const ReplacePaymentSourceDocument = new TypedDocumentString(`
    mutation ReplacePaymentSource($oldPaymentSourceId: ID, $paymentToken: String!) {
  replacePaymentSource(
    oldPaymentSourceId: $oldPaymentSourceId
    paymentToken: $paymentToken
  ) {
    newPaymentSourceId
    oldPaymentSourceId
    subscriptionIds
    statusCode
  }
}
    `, {"hash":"sha256:88b568cf735495884e7c4030132a317b5bbf2522c611f94995f6eaeb420fb966"}) as unknown as TypedDocumentString<ReplacePaymentSourceMutation, ReplacePaymentSourceMutationVariables>;
export const StartCardSetupDocument = new TypedDocumentString(`
    mutation StartCardSetup {
  startCardSetup {
    provider
    setupId
    clientSecret
  }
}
    `, {"hash":"sha256:25be1be18ec5b7d5d447e4b3a0275f36f5877f6899075e2fecd4dd34b4918b1f"}) as unknown as TypedDocumentString<StartCardSetupMutation, StartCardSetupMutationVariables>;
export const BulkPayLaterLinkDocument = new TypedDocumentString(`
    mutation BulkPayLaterLink($customerActionId: ID!) {
  bulkPayLaterLink(customerActionId: $customerActionId)
}
    `, {"hash":"sha256:edd2c683b3b520d543e81c4d103d99e2d1c1a7ad9eb74e30ec43a7932db02494"}) as unknown as TypedDocumentString<BulkPayLaterLinkMutation, BulkPayLaterLinkMutationVariables>;
export const CreateBulkAsyncAppointmentDocument = new TypedDocumentString(`
    mutation CreateBulkAsyncAppointment($providerId: ID!, $treatmentId: ID!) {
  createAsyncAppointment(providerId: $providerId, treatmentId: $treatmentId) {
    statusCode
    data {
      id
    }
  }
}
    `, {"hash":"sha256:a80d59b5fac00c40ad7b977442c76ce15253347ee3fbf09434424d0198ce37df"}) as unknown as TypedDocumentString<CreateBulkAsyncAppointmentMutation, CreateBulkAsyncAppointmentMutationVariables>;
export const CreateBulkSubscriptionDocument = new TypedDocumentString(`
    mutation CreateBulkSubscription($treatmentShortId: String!) {
  createBulkSubscription(treatmentShortId: $treatmentShortId) {
    newSubscriptionId
  }
}
    `, {"hash":"sha256:99396306f58e7f9bb9efe0f8e6998362102772d4d1dfeabb8240f9b2c8e02e63"}) as unknown as TypedDocumentString<CreateBulkSubscriptionMutation, CreateBulkSubscriptionMutationVariables>;
export const GetBulkActionDocument = new TypedDocumentString(`
    query GetBulkAction($id: ID!) {
  customerAction(id: $id) {
    id
    status
    metadata {
      vial_count
    }
    action_type {
      type_code
    }
  }
}
    `, {"hash":"sha256:8194a8cf63aabe9e02f09c03bfc440aea9495e7adbd3a6fb970496c27b312aab"}) as unknown as TypedDocumentString<GetBulkActionQuery, GetBulkActionQueryVariables>;
export const GetBulkPaymentSourcesDocument = new TypedDocumentString(`
    query GetBulkPaymentSources {
  customerPaymentSources {
    payment_source_id
    brand
    mask
  }
}
    `, {"hash":"sha256:044479f676d4aeddecaeecd0243a41d54ddd8d6b4d13247eea87090823e0ad8f"}) as unknown as TypedDocumentString<GetBulkPaymentSourcesQuery, GetBulkPaymentSourcesQueryVariables>;
export const PurchaseBulkWithChargebeeDocument = new TypedDocumentString(`
    mutation PurchaseBulkWithChargebee($customerActionId: ID!) {
  purchaseBulkWithChargebee(customerActionId: $customerActionId) {
    data {
      purchaseSucceeded
      actionCompleted
      reason
      nextAction {
        clientSecret
        redirectUrl
      }
    }
  }
}
    `, {"hash":"sha256:286e6d2e218c084560bc8243e1cb6f1132567c32e554cc78854c6e34d9cc41df"}) as unknown as TypedDocumentString<PurchaseBulkWithChargebeeMutation, PurchaseBulkWithChargebeeMutationVariables>;
export const SubmitBulkOrderDocument = new TypedDocumentString(`
    mutation SubmitBulkOrder($vialCount: Int, $treatmentShortId: String) {
  submitBulkOrder(vialCount: $vialCount, treatmentShortId: $treatmentShortId) {
    statusCode
    data {
      id
      vialCount
      encounter
      status
      asyncVisit {
        providerId
        treatmentId
      }
    }
  }
}
    `, {"hash":"sha256:a31512e40cf902ea8b61c7754ea081f80ca9354688cbe523895344a0aaa756c1"}) as unknown as TypedDocumentString<SubmitBulkOrderMutation, SubmitBulkOrderMutationVariables>;
export const FormPrefillDocument = new TypedDocumentString(`
    query FormPrefill($short_id: String!) {
  formPrefill(short_id: $short_id) {
    linkId
    answer
  }
}
    `, {"hash":"sha256:698e4bc4f9d8cc560ef7ae90695bb4d9f66893cba732a0af79d4e43c12365cfd"}) as unknown as TypedDocumentString<FormPrefillQuery, FormPrefillQueryVariables>;
export const GetTypeformByShortIdDocument = new TypedDocumentString(`
    query GetTypeformByShortId($short_id: String!) {
  getTypeformByShortId(short_id: $short_id) {
    id
    short_id
    url
    version
    kind
    title
    questionnaire
  }
}
    `, {"hash":"sha256:9cc12ce807059e2408db9424ffc7b087452e3fd1b2a9e19a33aea8b75bfd5be8"}) as unknown as TypedDocumentString<GetTypeformByShortIdQuery, GetTypeformByShortIdQueryVariables>;
export const IdVerificationDocument = new TypedDocumentString(`
    query IdVerification {
  idVerification {
    id
    status
    front_uploaded
    back_uploaded
    selfie_uploaded
    rejection_reason
    rejection_note
    updated_at
  }
}
    `, {"hash":"sha256:c968bb95714020cc120b1470b7d97f7410a9714f441554bbd964f5c1c853a682"}) as unknown as TypedDocumentString<IdVerificationQuery, IdVerificationQueryVariables>;
export const InsertDocumentDocument = new TypedDocumentString(`
    mutation InsertDocument($form_id: ID!, $link_id: String!, $document_id: ID!) {
  InsertDocument(form_id: $form_id, link_id: $link_id, document_id: $document_id) {
    data {
      ...IntakeFormFields
    }
    name
    statusCode
  }
}
    fragment IntakeFormFields on IntakeForm {
  id
  short_id
  questionnaire
  status
  appointment_id
  follow_up_id
  last_page
  resume_page
  response
  definition {
    id
    version
    kind
    title
    questionnaire
  }
  outcome {
    level
    rules
    guidance
    task
  }
}`, {"hash":"sha256:152ec1359b1687ed589b29569401d09134ced0f7d6f8160bb45ca11e5c4e4be2"}) as unknown as TypedDocumentString<InsertDocumentMutation, InsertDocumentMutationVariables>;
export const IntakeSearchesDocument = new TypedDocumentString(`
    query IntakeSearches($short_id: String, $appointment_id: ID, $follow_up_id: ID, $status: String) {
  intakeSearches(
    short_id: $short_id
    appointment_id: $appointment_id
    follow_up_id: $follow_up_id
    status: $status
  ) {
    ...IntakeFormFields
  }
}
    fragment IntakeFormFields on IntakeForm {
  id
  short_id
  questionnaire
  status
  appointment_id
  follow_up_id
  last_page
  resume_page
  response
  definition {
    id
    version
    kind
    title
    questionnaire
  }
  outcome {
    level
    rules
    guidance
    task
  }
}`, {"hash":"sha256:064dd93b9b8ac380f9f3ac5a136e403b6dc1f4011b81f935cb117cd3ace6306c"}) as unknown as TypedDocumentString<IntakeSearchesQuery, IntakeSearchesQueryVariables>;
export const RemoveDocumentDocument = new TypedDocumentString(`
    mutation RemoveDocument($form_id: ID!, $link_id: String!) {
  RemoveDocument(form_id: $form_id, link_id: $link_id) {
    data {
      ...IntakeFormFields
    }
    name
    statusCode
  }
}
    fragment IntakeFormFields on IntakeForm {
  id
  short_id
  questionnaire
  status
  appointment_id
  follow_up_id
  last_page
  resume_page
  response
  definition {
    id
    version
    kind
    title
    questionnaire
  }
  outcome {
    level
    rules
    guidance
    task
  }
}`, {"hash":"sha256:a2d80ab1532ae3ae3d44533765dc49410ab4f574f2ec8a8ca8a0022302729b95"}) as unknown as TypedDocumentString<RemoveDocumentMutation, RemoveDocumentMutationVariables>;
export const SignedUploadUrlDocument = new TypedDocumentString(`
    query SignedUploadUrl($category: UploadCategory!, $fileName: String!) {
  signedUploadUrl(category: $category, fileName: $fileName) {
    uploadUrl
    errorMessage
  }
}
    `, {"hash":"sha256:95dcd619497041a84e4a7370f8552afb31c01ad34a2db0f833840e1edf55c9c6"}) as unknown as TypedDocumentString<SignedUploadUrlQuery, SignedUploadUrlQueryVariables>;
export const SubmitIdVerificationDocument = new TypedDocumentString(`
    mutation SubmitIdVerification {
  SubmitIdVerification {
    data {
      id
      status
    }
    name
    statusCode
  }
}
    `, {"hash":"sha256:b68a0f2edc6a38404143ea772e161741d6d4fdc392503409430452d4d85ff895"}) as unknown as TypedDocumentString<SubmitIdVerificationMutation, SubmitIdVerificationMutationVariables>;
export const UpdateExistingFormDocument = new TypedDocumentString(`
    mutation UpdateExistingForm($id: ID!, $page: String, $answers: [FormAnswerInput!]!, $complete: Boolean) {
  UpdateExistingForm(id: $id, page: $page, answers: $answers, complete: $complete) {
    data {
      ...IntakeFormFields
    }
    name
    statusCode
  }
}
    fragment IntakeFormFields on IntakeForm {
  id
  short_id
  questionnaire
  status
  appointment_id
  follow_up_id
  last_page
  resume_page
  response
  definition {
    id
    version
    kind
    title
    questionnaire
  }
  outcome {
    level
    rules
    guidance
    task
  }
}`, {"hash":"sha256:418561fc71d9a250883dd6488b2bb0ba81518e7b856bf5c26ae29ff58b0b5ba9"}) as unknown as TypedDocumentString<UpdateExistingFormMutation, UpdateExistingFormMutationVariables>;
export const UploadIdVerificationImageDocument = new TypedDocumentString(`
    mutation UploadIdVerificationImage($side: String!, $document_id: ID!) {
  UploadIdVerificationImage(side: $side, document_id: $document_id) {
    data {
      id
      status
    }
    name
    statusCode
  }
}
    `, {"hash":"sha256:aae7e2757ef036e9097887b0be92c02da0a69d0d523e670bcfdd317f9e7cdd63"}) as unknown as TypedDocumentString<UploadIdVerificationImageMutation, UploadIdVerificationImageMutationVariables>;
export const UpsertIntakeFormDocument = new TypedDocumentString(`
    mutation UpsertIntakeForm($form_short_id: String!, $appointment_id: ID, $follow_up_id: ID, $treatment_short_id: String, $page: String, $answers: [FormAnswerInput!]!) {
  UpsertIntakeForm(
    form_short_id: $form_short_id
    appointment_id: $appointment_id
    follow_up_id: $follow_up_id
    treatment_short_id: $treatment_short_id
    page: $page
    answers: $answers
  ) {
    data {
      ...IntakeFormFields
    }
    name
    statusCode
  }
}
    fragment IntakeFormFields on IntakeForm {
  id
  short_id
  questionnaire
  status
  appointment_id
  follow_up_id
  last_page
  resume_page
  response
  definition {
    id
    version
    kind
    title
    questionnaire
  }
  outcome {
    level
    rules
    guidance
    task
  }
}`, {"hash":"sha256:0552fa007f30e1f35ee4c1a63cf3a0040edee6c1dc296f1504fcfcb0ec360ae1"}) as unknown as TypedDocumentString<UpsertIntakeFormMutation, UpsertIntakeFormMutationVariables>;
export const GetSduiModulesDocument = new TypedDocumentString(`
    query GetSduiModules {
  sduiModules {
    home
  }
}
    `, {"hash":"sha256:e7355301cde8260a046a23b3f5d57236dc1fff46a5ead4fbf3b48f83f88b3c50"}) as unknown as TypedDocumentString<GetSduiModulesQuery, GetSduiModulesQueryVariables>;
export const GetLabOrdersDocument = new TypedDocumentString(`
    query GetLabOrders($sort: LabSortOrder!) {
  labOrders(category: LabResult, sort: $sort) {
    lab_order_id
    document_id
    document {
      id
      file_name
      category
      created_at
    }
    order {
      id
      created_at
      ordered_at
      received_at
      provider {
        id
        display_name
      }
      treatment {
        id
        short_id
        display_name
      }
    }
  }
}
    `, {"hash":"sha256:73fe3b9356302d909fa1444680e70d4b28bbcc40f9deea41424d28577b9224a9"}) as unknown as TypedDocumentString<GetLabOrdersQuery, GetLabOrdersQueryVariables>;
export const GetSignedDownloadUrlDocument = new TypedDocumentString(`
    query GetSignedDownloadUrl($fileName: String!, $category: FileCategory!) {
  signedDownloadUrl(fileName: $fileName, category: $category) {
    downloadUrl
    errorMessage
  }
}
    `, {"hash":"sha256:fc6e0812d2b3d7f4d39d72a0a9fa49d13c33670668e2b052b93c6f34fb62bbc4"}) as unknown as TypedDocumentString<GetSignedDownloadUrlQuery, GetSignedDownloadUrlQueryVariables>;
export const GetDosingGuidePlansDocument = new TypedDocumentString(`
    query GetDosingGuidePlans {
  activeTreatments {
    id
    shortId
  }
  treatmentConfiguration {
    TreatmentShortId
    TreatmentCategory
  }
  customer {
    id
    subscriptions {
      id
      treatment_id
      subscription_items {
        item_price_id
      }
    }
  }
}
    `, {"hash":"sha256:c4b1042ce76aa5fc19c6514946343141f2f180cb5de3bab6c4a5eb9ee0f6611d"}) as unknown as TypedDocumentString<GetDosingGuidePlansQuery, GetDosingGuidePlansQueryVariables>;
export const CreateReferralDocument = new TypedDocumentString(`
    mutation CreateReferral($refereeEmail: String!) {
  createReferral(refereeEmail: $refereeEmail) {
    data {
      id
      status
      refereeEmail
    }
    message
    name
    statusCode
  }
}
    `, {"hash":"sha256:eacef2a71aef3ad56eb3cfa1d042560144d6df0ca14cca0b96f685bbe5af887b"}) as unknown as TypedDocumentString<CreateReferralMutation, CreateReferralMutationVariables>;
export const GetReferralsDocument = new TypedDocumentString(`
    query GetReferrals($referrerCustomerId: ID) {
  referrals(referrerCustomerId: $referrerCustomerId) {
    id
    status
    referrer_discount_remaining
    refereeEmail
    created_at
  }
}
    `, {"hash":"sha256:ad1c2be30fc7034aefc55e1d2f86ddec33a80e8c95d1593364660d4703ef76a3"}) as unknown as TypedDocumentString<GetReferralsQuery, GetReferralsQueryVariables>;
export const GetMeasurementChangeFormsDocument = new TypedDocumentString(`
    query GetMeasurementChangeForms {
  measurementChangeForms {
    id
    type
    value
    status
    created_at
  }
}
    `, {"hash":"sha256:8c503b77ad7a49f9eaed181c2cff94bdb2b30069ec6302c06751e9b9880a7f58"}) as unknown as TypedDocumentString<GetMeasurementChangeFormsQuery, GetMeasurementChangeFormsQueryVariables>;
export const InsertMeasurementChangeFormDocument = new TypedDocumentString(`
    mutation InsertMeasurementChangeForm($customerId: ID!, $startingWeight: Int!, $reason: String) {
  InsertMeasurementChangeForm(
    customerId: $customerId
    startingWeight: $startingWeight
    reason: $reason
  ) {
    statusCode
    data {
      id
      status
    }
  }
}
    `, {"hash":"sha256:bf506be5b83f0cc6a14a39593abf4406983741e79721ea4a2d334e7c123b6fe2"}) as unknown as TypedDocumentString<InsertMeasurementChangeFormMutation, InsertMeasurementChangeFormMutationVariables>;
export const GetAppointmentPresenceDocument = new TypedDocumentString(`
    query GetAppointmentPresence {
  appointmentsByCustomer {
    upcoming {
      ...AppointmentPresence
    }
    previous {
      id
    }
    async {
      ...AppointmentPresence
    }
  }
}
    fragment AppointmentPresence on Appointment {
  id
  appointment_requirements {
    requirement_type
    completed
    link
  }
}`, {"hash":"sha256:311173336b57cfc6bb9ae4513badf5c26bc157361e786fa32bd3dd73991a336e"}) as unknown as TypedDocumentString<GetAppointmentPresenceQuery, GetAppointmentPresenceQueryVariables>;
export const GetAppointmentsByCustomerDocument = new TypedDocumentString(`
    query GetAppointmentsByCustomer($minDate: DateTime) {
  appointmentsByCustomer(minDate: $minDate) {
    upcoming {
      ...AppointmentCard
    }
    previous {
      ...AppointmentCard
    }
    async {
      ...AppointmentCard
    }
  }
}
    fragment AppointmentCard on Appointment {
  id
  sequence
  start
  end
  status
  is_async
  provider {
    id
    displayName
    title
    profileImage
    virtualVisitLink
  }
  treatment {
    id
    shortId
    displayName
  }
  encounter {
    is_signed
  }
  appointment_requirements {
    requirement_type
    completed
    createdAt
    link
  }
}`, {"hash":"sha256:94050f5e82551e1c682f51d97b45b2e97019d5b704bdfcc815b8494722ab52a2"}) as unknown as TypedDocumentString<GetAppointmentsByCustomerQuery, GetAppointmentsByCustomerQueryVariables>;
export const IsBulkEligibleDocument = new TypedDocumentString(`
    query IsBulkEligible($treatmentShortId: String) {
  isBulkEligible(treatmentShortId: $treatmentShortId) {
    isBulkEligible
    needsSyncEncounter
    bulkOrderedTooRecently
    hasRecentBulkAppointment
    bulkAvailable
  }
}
    `, {"hash":"sha256:df98a18aaa3f0b183c474b7605aed8fc0dc60b06cdf357d5b98c5d5c830d29ee"}) as unknown as TypedDocumentString<IsBulkEligibleQuery, IsBulkEligibleQueryVariables>;
export const SideEffectCheckInsDocument = new TypedDocumentString(`
    query SideEffectCheckIns($short_id: String, $status: String) {
  intakeSearches(short_id: $short_id, status: $status) {
    id
    completed_at
  }
}
    `, {"hash":"sha256:30cf2eed8c35c04e3e112fe71feb82596418acbad8b70f64abdf3848dcf5df3b"}) as unknown as TypedDocumentString<SideEffectCheckInsQuery, SideEffectCheckInsQueryVariables>;
export const GetCorporateHealthDocument = new TypedDocumentString(`
    query GetCorporateHealth {
  customer {
    id
    corporate_health
  }
}
    `, {"hash":"sha256:146a609765436025ba150ba1b223812febbbcfa677003418b3152cb5bb8e1c42"}) as unknown as TypedDocumentString<GetCorporateHealthQuery, GetCorporateHealthQueryVariables>;
export const GetCustomerDataDocument = new TypedDocumentString(`
    query GetCustomerData {
  customer {
    id
    short_id
    full_name
    first_name
    last_name
    preferred_name
    phone
    dob
    sex
    gender
    email
    created_at
    time_zone
    shippingAddresses {
      id
      address_type
      first_name
      last_name
      street_address1
      street_address2
      city
      state
      state_code
      zip_code
    }
    tags {
      name
    }
    contracts {
      id
      status
    }
    subscriptions {
      id
      status
    }
  }
}
    `, {"hash":"sha256:d6e20b1845b4f5a94affd5799c2ba22a4e30fc66146572e6bf1cbf8533be1de2"}) as unknown as TypedDocumentString<GetCustomerDataQuery, GetCustomerDataQueryVariables>;
export const GetFeatureFlagsDocument = new TypedDocumentString(`
    query GetFeatureFlags {
  featureFlags {
    name
    enabled
  }
}
    `, {"hash":"sha256:92cc44d577c8abd79fdb879c566d42a6a881523072ba1cacbbfdbba984f526e5"}) as unknown as TypedDocumentString<GetFeatureFlagsQuery, GetFeatureFlagsQueryVariables>;
export const GetMessageReadStatesDocument = new TypedDocumentString(`
    query GetMessageReadStates($customerId: ID!) {
  providerMessages(customerId: $customerId) {
    id
    read
  }
}
    `, {"hash":"sha256:0aad1bd193a4075e648d0a77674be48ad2f040950270b1fe5fd183eea4c2eea8"}) as unknown as TypedDocumentString<GetMessageReadStatesQuery, GetMessageReadStatesQueryVariables>;
export const GetProviderMessageTypesDocument = new TypedDocumentString(`
    query GetProviderMessageTypes {
  providerMessageTypes {
    id
    type
    description
  }
}
    `, {"hash":"sha256:ac391ebb30241f32b2e9bd5db8e80608d3eec98b2e035f051ac0503fca5c7ea0"}) as unknown as TypedDocumentString<GetProviderMessageTypesQuery, GetProviderMessageTypesQueryVariables>;
export const GetProviderMessagesDocument = new TypedDocumentString(`
    query GetProviderMessages($customerId: ID!) {
  providerMessages(customerId: $customerId) {
    id
    type
    read
    read_on
    displayTime
    provider_name
    provider_image
    messageSections {
      name
      html
    }
  }
}
    `, {"hash":"sha256:944d081631a351c8e69a94ca80e2ab60d9dfd2dc48d92b6912311a06de6f45b5"}) as unknown as TypedDocumentString<GetProviderMessagesQuery, GetProviderMessagesQueryVariables>;
export const ProviderMessagesChangedDocument = new TypedDocumentString(`
    subscription ProviderMessagesChanged {
  providerMessagesChanged {
    change
    id
  }
}
    `, {"hash":"sha256:fda4a93a9b5f6b21244b64a73fb2b3164cac77b39b74d06546802f94991823cc"}) as unknown as TypedDocumentString<ProviderMessagesChangedSubscription, ProviderMessagesChangedSubscriptionVariables>;
export const UpdateProviderMessageReadDocument = new TypedDocumentString(`
    mutation UpdateProviderMessageRead($messageId: ID!) {
  updateProviderMessageRead(messageId: $messageId) {
    data {
      id
      read
      read_on
    }
  }
}
    `, {"hash":"sha256:78b8a7003c1317fc61c348a9353dafcfb9f91f426946e204bd648a0fe42394dc"}) as unknown as TypedDocumentString<UpdateProviderMessageReadMutation, UpdateProviderMessageReadMutationVariables>;
export const GetContractExpirationBannerNotificationsDocument = new TypedDocumentString(`
    query GetContractExpirationBannerNotifications {
  contractExpirationBannerNotifications {
    contract_end_date
    subscription_id
    notification {
      id
      title
      message
      status
    }
  }
}
    `, {"hash":"sha256:4d986660ded755dce3290691186b8e4cbe4c48924305a828fa6f0850a92ed6f1"}) as unknown as TypedDocumentString<GetContractExpirationBannerNotificationsQuery, GetContractExpirationBannerNotificationsQueryVariables>;
export const GetCustomerNotificationsDocument = new TypedDocumentString(`
    query GetCustomerNotifications {
  customerNotifications {
    ...NotificationFields
  }
}
    fragment NotificationFields on CustomerNotification {
  id
  type
  title
  message
  description
  severity
  date
  status
  shortId
  action {
    label
    url
  }
}`, {"hash":"sha256:3de2950425c0192710553a4bfd4274f03a1c75dadd1b1f9a769efcf11dc5c4e8"}) as unknown as TypedDocumentString<GetCustomerNotificationsQuery, GetCustomerNotificationsQueryVariables>;
export const GetLabResultNotificationsDocument = new TypedDocumentString(`
    query GetLabResultNotifications {
  labResultNotifications {
    ...NotificationFields
  }
}
    fragment NotificationFields on CustomerNotification {
  id
  type
  title
  message
  description
  severity
  date
  status
  shortId
  action {
    label
    url
  }
}`, {"hash":"sha256:b530c1b0204cbbbdf381097d533f3f00e75c30639087caef4da18af4b03799c1"}) as unknown as TypedDocumentString<GetLabResultNotificationsQuery, GetLabResultNotificationsQueryVariables>;
export const NotificationsChangedDocument = new TypedDocumentString(`
    subscription NotificationsChanged {
  notificationsChanged {
    change
    id
  }
}
    `, {"hash":"sha256:3d573f45246a05cab9620a11d737c63e30c9052eeeedeceb4a4795a8b9f295c2"}) as unknown as TypedDocumentString<NotificationsChangedSubscription, NotificationsChangedSubscriptionVariables>;
export const UpdateCustomerNotificationStatusDocument = new TypedDocumentString(`
    mutation UpdateCustomerNotificationStatus($id: ID!, $newStatus: CustomerNotificationStatusUpdate!) {
  updateCustomerNotificationStatus(id: $id, newStatus: $newStatus) {
    data {
      id
      status
    }
  }
}
    `, {"hash":"sha256:bea4937b61e97795f9557a8602d37235f031953f374a48c44a659a698de31e15"}) as unknown as TypedDocumentString<UpdateCustomerNotificationStatusMutation, UpdateCustomerNotificationStatusMutationVariables>;
export const GetPrescriptionsByCustomerDocument = new TypedDocumentString(`
    query GetPrescriptionsByCustomer($customerId: ID!) {
  prescriptionsByCustomer(customerId: $customerId) {
    ...PrescriptionView
  }
}
    fragment PrescriptionView on Prescription {
  id
  created_at
  updated_at
  show_tracker
  status {
    name
    display_name
  }
  customer {
    full_name
    dob
  }
  provider {
    id
    display_name
  }
  treatment {
    id
    display_name
  }
  kit_snapshots {
    id
    catalog_name
    kit_name
    directions
    quantity
    strength
    form
    internal_type
    refills
    created_at
    concentration_mg_per_ml
    volume_ml
    weekly_dose_mg
    weekly_dose_units
  }
  media_assets {
    src
    alt_text
    mime_type
  }
  runway {
    doses_left
    doses_taken
    doses_total
    refill_due_on
    refill_must_ship_by
    refill_urgent
    runs_out_on
  }
  shipping_status {
    ...ShipmentView
  }
}
fragment ShipmentView on Shipment {
  id
  carrier
  tracking_number
  tracking_url
  shipped_at
  delivered_at
  stage
  status
  warning
  stalled_days
  steps {
    stage
    state
  }
  events {
    id
    label
    source
    status
    raw_status
    stage
    warning
    message
    location
    occurred_at
  }
}`, {"hash":"sha256:39ed2322d7293a74cdf72132c364628c1b874ecb562208453379d2df5edc122c"}) as unknown as TypedDocumentString<GetPrescriptionsByCustomerQuery, GetPrescriptionsByCustomerQueryVariables>;
export const TreatmentRecordsChangedDocument = new TypedDocumentString(`
    subscription TreatmentRecordsChanged {
  customerChanged {
    reason
  }
}
    `, {"hash":"sha256:5c683bec545fb18c3f88267352f82cf9ff30d968583cacf45936d307a6e1a079"}) as unknown as TypedDocumentString<TreatmentRecordsChangedSubscription, TreatmentRecordsChangedSubscriptionVariables>;
export const GetCustomerMeasurementsDocument = new TypedDocumentString(`
    query GetCustomerMeasurements {
  getCustomerMeasurements {
    id
    type
    value
    unit
    source
    recorded_at
  }
}
    `, {"hash":"sha256:5cb2ca115711fe1f9068538f21bb9ac2d0569a7de8374eb5c45d17ee97d517a9"}) as unknown as TypedDocumentString<GetCustomerMeasurementsQuery, GetCustomerMeasurementsQueryVariables>;
export const ImportWeightDataDocument = new TypedDocumentString(`
    mutation ImportWeightData($weightData: String!) {
  importWeightData(weightData: $weightData) {
    recorded
    skipped
    already_recorded
  }
}
    `, {"hash":"sha256:05278316c51c74ba9c88bdb8f33e0bc5c60f3ba6720613b13c7554e0ad5a4665"}) as unknown as TypedDocumentString<ImportWeightDataMutation, ImportWeightDataMutationVariables>;
export const InsertCustomerMeasurementDocument = new TypedDocumentString(`
    mutation InsertCustomerMeasurement($customerId: ID!, $type: String!, $value: Int!, $unit: String!, $recordedAt: Date!) {
  InsertCustomerMeasurement(
    customerId: $customerId
    type: $type
    value: $value
    unit: $unit
    recorded_at: $recordedAt
  ) {
    statusCode
    data {
      id
    }
  }
}
    `, {"hash":"sha256:f6b287041b3cfb93208b7f9ab2a133b61a2485be0747ffacdcd357ab52d6c885"}) as unknown as TypedDocumentString<InsertCustomerMeasurementMutation, InsertCustomerMeasurementMutationVariables>;
export const UpdateWeightMeasurementDocument = new TypedDocumentString(`
    mutation UpdateWeightMeasurement($id: ID!, $newWeight: Int!) {
  updateWeightMeasurement(id: $id, newWeight: $newWeight) {
    statusCode
    data {
      id
      value
    }
  }
}
    `, {"hash":"sha256:18323958f9a6bb4206dcb87ebc97d3c0502eb9c1c7ee2ebd560d8386786d3fde"}) as unknown as TypedDocumentString<UpdateWeightMeasurementMutation, UpdateWeightMeasurementMutationVariables>;