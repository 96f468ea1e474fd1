/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query GetAccountModules {\n  sduiModules {\n    account\n  }\n}\n": typeof types.GetAccountModulesDocument,
    "query GetBillingAddresses {\n  customerPaymentSources {\n    payment_source_id\n    brand\n    mask\n    billing_address {\n      first_name\n      last_name\n      street_address1\n      street_address2\n      city\n      state_code\n      zip_code\n    }\n  }\n}\n": typeof types.GetBillingAddressesDocument,
    "query GetNotificationPreferences {\n  notificationPreferences {\n    category\n    channel\n    enabled\n    locked\n  }\n}\n": typeof types.GetNotificationPreferencesDocument,
    "mutation UpdateBillingAddress(\n  $paymentSourceId: ID!\n  $firstName: String!\n  $lastName: String!\n  $streetAddress1: String!\n  $streetAddress2: String\n  $city: String!\n  $stateCode: String!\n  $zipCode: String!\n) {\n  updateBillingAddress(\n    paymentSourceId: $paymentSourceId\n    firstName: $firstName\n    lastName: $lastName\n    streetAddress1: $streetAddress1\n    streetAddress2: $streetAddress2\n    city: $city\n    stateCode: $stateCode\n    zipCode: $zipCode\n  ) {\n    data {\n      payment_source_id\n      billing_address {\n        first_name\n        last_name\n        street_address1\n        street_address2\n        city\n        state_code\n        zip_code\n      }\n    }\n    statusCode\n  }\n}\n": typeof types.UpdateBillingAddressDocument,
    "mutation UpdateGender($customerId: ID!, $gender: String) {\n  updateGender(customerId: $customerId, gender: $gender) {\n    data {\n      id\n      gender\n    }\n    statusCode\n  }\n}\n": typeof types.UpdateGenderDocument,
    "mutation UpdateNotificationPreference($category: String!, $channel: String!, $enabled: Boolean!) {\n  updateNotificationPreference(category: $category, channel: $channel, enabled: $enabled) {\n    category\n    channel\n    enabled\n    locked\n  }\n}\n": typeof types.UpdateNotificationPreferenceDocument,
    "mutation UpdatePhone($customerId: ID!, $phone: String!) {\n  updatePhone(customerId: $customerId, phone: $phone) {\n    data {\n      id\n      phone\n    }\n    statusCode\n  }\n}\n": typeof types.UpdatePhoneDocument,
    "mutation UpdateShippingAddress(\n  $addressId: ID!\n  $firstName: String!\n  $lastName: String!\n  $streetAddress1: String!\n  $streetAddress2: String\n  $city: String!\n  $stateCode: String!\n  $zipCode: String!\n) {\n  updateShippingAddress(\n    addressId: $addressId\n    firstName: $firstName\n    lastName: $lastName\n    streetAddress1: $streetAddress1\n    streetAddress2: $streetAddress2\n    city: $city\n    stateCode: $stateCode\n    zipCode: $zipCode\n  ) {\n    data {\n      id\n      first_name\n      last_name\n      street_address1\n      street_address2\n      city\n      state\n      state_code\n      zip_code\n    }\n    statusCode\n  }\n}\n": typeof types.UpdateShippingAddressDocument,
    "query CheckTimeStillAvailable(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $forReschedule: Boolean\n) {\n  checkTimeStillAvailable(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    forReschedule: $forReschedule\n  ) {\n    start\n    end\n    provider {\n      id\n    }\n  }\n}\n": typeof types.CheckTimeStillAvailableDocument,
    "query GetActiveTreatments {\n  activeTreatments {\n    id\n    shortId\n    displayName\n  }\n}\n": typeof types.GetActiveTreatmentsDocument,
    "query GetAppointmentCalendarFile($appointmentId: ID!) {\n  appointmentCalendarFile(appointmentId: $appointmentId) {\n    filename\n    method\n    content\n  }\n}\n": typeof types.GetAppointmentCalendarFileDocument,
    "query GetAvailabilitySummary(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $endTime: DateTime\n  $providerId: ID\n  $forReschedule: Boolean\n  $timeZone: String!\n  $firstDay: Boolean\n) {\n  availabilitySummary(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    endTime: $endTime\n    providerId: $providerId\n    forReschedule: $forReschedule\n    timeZone: $timeZone\n    firstDay: $firstDay\n  ) {\n    days {\n      date\n      label\n    }\n    firstDay {\n      date\n      slots {\n        start\n        end\n        providerId\n        providerName\n      }\n    }\n  }\n}\n": typeof types.GetAvailabilitySummaryDocument,
    "query GetAvailableProviders(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $endTime: DateTime\n  $forReschedule: Boolean\n  $timeZone: String!\n) {\n  availabilitySummary(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    endTime: $endTime\n    forReschedule: $forReschedule\n    timeZone: $timeZone\n  ) {\n    providers {\n      id\n      displayName\n    }\n  }\n}\n": typeof types.GetAvailableProvidersDocument,
    "query GetAvailableSlots(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $endTime: DateTime\n  $providerId: ID\n  $distinctStart: Boolean\n  $forReschedule: Boolean\n  $day: String\n  $timeZone: String\n) {\n  availableSlots(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    endTime: $endTime\n    providerId: $providerId\n    distinctStart: $distinctStart\n    forReschedule: $forReschedule\n    day: $day\n    timeZone: $timeZone\n  ) {\n    start\n    end\n    provider {\n      id\n      displayName\n    }\n  }\n}\n": typeof types.GetAvailableSlotsDocument,
    "query GetCustomerPreviousProviders($limit: Int = 5) {\n  customerPreviousProviders(limit: $limit) {\n    provider_id\n    count\n    last_appointment_start\n    virtual_visit_link\n    profile_image\n    display_name\n  }\n}\n": typeof types.GetCustomerPreviousProvidersDocument,
    "query GetDisplayTimeZone {\n  displayTimeZone {\n    timeZone\n    chosen\n  }\n}\n": typeof types.GetDisplayTimeZoneDocument,
    "query GetFollowUp($id: ID!) {\n  followUp(id: $id) {\n    id\n    customer_id\n    treatment {\n      id\n      shortId\n      displayName\n    }\n  }\n}\n": typeof types.GetFollowUpDocument,
    "query GetReschedule($id: ID!) {\n  reschedule(id: $id) {\n    id\n    customer_id\n    appointment_id\n    status\n  }\n}\n": typeof types.GetRescheduleDocument,
    "mutation HoldAppointmentSlot(\n  $providerId: ID!\n  $treatmentShortId: String!\n  $start: DateTime!\n  $end: DateTime!\n  $appointmentId: ID\n) {\n  holdAppointmentSlot(\n    providerId: $providerId\n    treatmentShortId: $treatmentShortId\n    start: $start\n    end: $end\n    appointmentId: $appointmentId\n  ) {\n    id\n    providerId\n    start\n    end\n    expiresAt\n  }\n}\n": typeof types.HoldAppointmentSlotDocument,
    "mutation ReleaseAppointmentHold($id: ID!) {\n  releaseAppointmentHold(id: $id)\n}\n": typeof types.ReleaseAppointmentHoldDocument,
    "mutation RescheduleAppointmentV2(\n  $appointmentId: ID!\n  $providerId: ID!\n  $start: DateTime!\n  $end: DateTime!\n  $holdId: ID\n) {\n  rescheduleAppointmentV2(\n    appointmentId: $appointmentId\n    providerId: $providerId\n    start: $start\n    end: $end\n    holdId: $holdId\n  ) {\n    statusCode\n    name\n    message\n    data {\n      id\n      start\n      end\n      provider {\n        id\n        displayName\n      }\n    }\n  }\n}\n": typeof types.RescheduleAppointmentV2Document,
    "mutation ScheduleAdhocAppointmentV2(\n  $providerId: ID!\n  $treatmentShortId: String!\n  $start: DateTime!\n  $end: DateTime!\n  $origin: String\n  $followUpId: ID\n  $vialCount: Int\n  $subscriptionId: ID\n  $holdId: ID\n) {\n  scheduleAdhocAppointmentV2(\n    providerId: $providerId\n    treatmentShortId: $treatmentShortId\n    start: $start\n    end: $end\n    origin: $origin\n    followUpId: $followUpId\n    vialCount: $vialCount\n    subscriptionId: $subscriptionId\n    holdId: $holdId\n  ) {\n    statusCode\n    name\n    message\n    data {\n      id\n      start\n      end\n    }\n  }\n}\n": typeof types.ScheduleAdhocAppointmentV2Document,
    "mutation SetDisplayTimeZone($timeZone: String!, $fromDevice: Boolean) {\n  setDisplayTimeZone(timeZone: $timeZone, fromDevice: $fromDevice) {\n    statusCode\n    data {\n      timeZone\n      chosen\n    }\n  }\n}\n": typeof types.SetDisplayTimeZoneDocument,
    "mutation UpdateReschedule($id: ID!, $status: String!) {\n  updateRescheduleById(id: $id, status: $status) {\n    statusCode\n    data {\n      id\n      status\n    }\n  }\n}\n": typeof types.UpdateRescheduleDocument,
    "mutation UpsertTosConsent($customerId: ID!, $tosStatus: String!, $marketingContentStatus: String!) {\n  upsertTosConsentAndMarketingPreference(\n    customerId: $customerId\n    tosStatus: $tosStatus\n    marketingContentStatus: $marketingContentStatus\n  ) {\n    statusCode\n    data {\n      affected_rows\n    }\n  }\n}\n": typeof types.UpsertTosConsentDocument,
    "mutation CancelSubscription($subscriptionId: ID!, $reason: String!, $otherText: String) {\n  cancelSubscription(subscriptionId: $subscriptionId, reason: $reason, otherText: $otherText) {\n    subscriptionId\n    status\n    effectiveDate\n  }\n}\n": typeof types.CancelSubscriptionDocument,
    "mutation ChangeCustomerSubscription(\n  $existingSubscriptionId: ID!\n  $newSubscriptionPlanType: String!\n  $newAddons: [String!]\n  $newContractLength: Int!\n  $isUpfrontPayment: Boolean\n  $quoteId: ID!\n  $quoteSignature: String!\n) {\n  changeCustomerSubscription(\n    existingSubscriptionId: $existingSubscriptionId\n    newSubscriptionPlanType: $newSubscriptionPlanType\n    newAddons: $newAddons\n    newContractLength: $newContractLength\n    isUpfrontPayment: $isUpfrontPayment\n    quoteId: $quoteId\n    quoteSignature: $quoteSignature\n  ) {\n    newContractId\n    newName\n    statusCode\n  }\n}\n": typeof types.ChangeCustomerSubscriptionDocument,
    "query GetCustomerSubscription($subscriptionId: ID!) {\n  customerSubscription(subscriptionId: $subscriptionId) {\n    id\n    status\n    term\n    price\n    renewal_date\n    isUpfrontPayment\n    plan_type\n    item_price_id\n    treatment_id\n    addons\n    contract {\n      id\n      start_date\n      end_date\n      length\n      price\n      discount_amount\n      auto_renew\n      status\n    }\n    payment_source {\n      payment_source_id\n      brand\n      mask\n      expiry_month\n      expiry_year\n      display_name\n      billing_address {\n        first_name\n        last_name\n        street_address1\n        street_address2\n        city\n        state\n        state_code\n        zip_code\n      }\n    }\n  }\n}\n": typeof types.GetCustomerSubscriptionDocument,
    "query GetInvoicePdfUrl($invoiceId: ID!, $document: InvoiceDocument) {\n  invoicePdfUrl(invoiceId: $invoiceId, document: $document) {\n    downloadUrl\n    errorMessage\n  }\n}\n": typeof types.GetInvoicePdfUrlDocument,
    "query GetInvoices {\n  invoices {\n    id\n    number\n    description\n    date\n    total\n    status\n    subscription_id\n    updated_at\n  }\n}\n": typeof types.GetInvoicesDocument,
    "query GetLiteProgramPricing {\n  liteProgramPricing {\n    plan_duration\n    plan_price\n    treatment_id\n    treatment_short_id\n  }\n}\n": typeof types.GetLiteProgramPricingDocument,
    "query GetCustomerPaymentSources {\n  customerPaymentSources {\n    payment_source_id\n    brand\n    mask\n    expiry_month\n    expiry_year\n    subscription_ids\n  }\n}\n": typeof types.GetCustomerPaymentSourcesDocument,
    "query GetSubscriptionPriceChangeQuote(\n  $existingSubscriptionId: ID!\n  $newSubscriptionPlanType: String!\n  $newAddons: [String!]\n  $newContractLength: Int!\n  $isUpfrontPayment: Boolean\n) {\n  subscriptionPriceChangeQuote(\n    existingSubscriptionId: $existingSubscriptionId\n    newSubscriptionPlanType: $newSubscriptionPlanType\n    newAddons: $newAddons\n    newContractLength: $newContractLength\n    isUpfrontPayment: $isUpfrontPayment\n  ) {\n    id\n    signature\n    expiresAt\n    newPrice\n    oldPrice\n    newBasePrice\n    proratedRefund\n    proratedCost\n    amountDue\n    creditCarried\n    referralCreditApplied\n    accountCreditApplied\n    newTermStart\n    newTermEnd\n    nextRenewal\n    subscriptionStatus\n    addonDetails {\n      sku\n      amount\n    }\n    couponDetails {\n      id\n      amount\n    }\n    paymentSource {\n      payment_source_id\n      brand\n      mask\n      expiry_month\n      expiry_year\n    }\n  }\n}\n": typeof types.GetSubscriptionPriceChangeQuoteDocument,
    "query GetTreatmentConfiguration {\n  treatmentConfiguration {\n    Name\n    TreatmentShortId\n    ItemPriceId\n    TreatmentCategory\n  }\n}\n": typeof types.GetTreatmentConfigurationDocument,
    "query GetTreatmentPricingMap($itemPriceId: String!) {\n  treatmentPricingMap(itemPriceId: $itemPriceId) {\n    item_price_id\n    plan_duration\n    plan_price\n    is_upfront_payment\n  }\n}\n": typeof types.GetTreatmentPricingMapDocument,
    "mutation ReplacePaymentSource($oldPaymentSourceId: ID, $paymentToken: String!) {\n  replacePaymentSource(oldPaymentSourceId: $oldPaymentSourceId, paymentToken: $paymentToken) {\n    newPaymentSourceId\n    oldPaymentSourceId\n    subscriptionIds\n    statusCode\n  }\n}\n": typeof types.ReplacePaymentSourceDocument,
    "mutation StartCardSetup {\n  startCardSetup {\n    provider\n    setupId\n    clientSecret\n  }\n}\n": typeof types.StartCardSetupDocument,
    "mutation BulkPayLaterLink($customerActionId: ID!) {\n  bulkPayLaterLink(customerActionId: $customerActionId)\n}\n": typeof types.BulkPayLaterLinkDocument,
    "mutation CreateBulkAsyncAppointment($providerId: ID!, $treatmentId: ID!) {\n  createAsyncAppointment(providerId: $providerId, treatmentId: $treatmentId) {\n    statusCode\n    data {\n      id\n    }\n  }\n}\n": typeof types.CreateBulkAsyncAppointmentDocument,
    "mutation CreateBulkSubscription($treatmentShortId: String!) {\n  createBulkSubscription(treatmentShortId: $treatmentShortId) {\n    newSubscriptionId\n  }\n}\n": typeof types.CreateBulkSubscriptionDocument,
    "query GetBulkAction($id: ID!) {\n  customerAction(id: $id) {\n    id\n    status\n    metadata {\n      vial_count\n    }\n    action_type {\n      type_code\n    }\n  }\n}\n": typeof types.GetBulkActionDocument,
    "query GetBulkPaymentSources {\n  customerPaymentSources {\n    payment_source_id\n    brand\n    mask\n  }\n}\n": typeof types.GetBulkPaymentSourcesDocument,
    "mutation PurchaseBulkWithChargebee($customerActionId: ID!) {\n  purchaseBulkWithChargebee(customerActionId: $customerActionId) {\n    data {\n      purchaseSucceeded\n      actionCompleted\n      reason\n      nextAction {\n        clientSecret\n        redirectUrl\n      }\n    }\n  }\n}\n": typeof types.PurchaseBulkWithChargebeeDocument,
    "mutation SubmitBulkOrder($vialCount: Int, $treatmentShortId: String) {\n  submitBulkOrder(vialCount: $vialCount, treatmentShortId: $treatmentShortId) {\n    statusCode\n    data {\n      id\n      vialCount\n      encounter\n      status\n      asyncVisit {\n        providerId\n        treatmentId\n      }\n    }\n  }\n}\n": typeof types.SubmitBulkOrderDocument,
    "query FormPrefill($short_id: String!) {\n  formPrefill(short_id: $short_id) {\n    linkId\n    answer\n  }\n}\n": typeof types.FormPrefillDocument,
    "query GetTypeformByShortId($short_id: String!) {\n  getTypeformByShortId(short_id: $short_id) {\n    id\n    short_id\n    url\n    version\n    kind\n    title\n    questionnaire\n  }\n}\n": typeof types.GetTypeformByShortIdDocument,
    "query IdVerification {\n  idVerification {\n    id\n    status\n    front_uploaded\n    back_uploaded\n    selfie_uploaded\n    rejection_reason\n    rejection_note\n    updated_at\n  }\n}\n": typeof types.IdVerificationDocument,
    "mutation InsertDocument($form_id: ID!, $link_id: String!, $document_id: ID!) {\n  InsertDocument(form_id: $form_id, link_id: $link_id, document_id: $document_id) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n": typeof types.InsertDocumentDocument,
    "query IntakeSearches($short_id: String, $appointment_id: ID, $follow_up_id: ID, $status: String) {\n  intakeSearches(\n    short_id: $short_id\n    appointment_id: $appointment_id\n    follow_up_id: $follow_up_id\n    status: $status\n  ) {\n    ...IntakeFormFields\n  }\n}\n\nfragment IntakeFormFields on IntakeForm {\n  id\n  short_id\n  questionnaire\n  status\n  appointment_id\n  follow_up_id\n  last_page\n  resume_page\n  response\n  definition {\n    id\n    version\n    kind\n    title\n    questionnaire\n  }\n  outcome {\n    level\n    rules\n    guidance\n    task\n  }\n}\n": typeof types.IntakeSearchesDocument,
    "mutation RemoveDocument($form_id: ID!, $link_id: String!) {\n  RemoveDocument(form_id: $form_id, link_id: $link_id) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n": typeof types.RemoveDocumentDocument,
    "query SignedUploadUrl($category: UploadCategory!, $fileName: String!) {\n  signedUploadUrl(category: $category, fileName: $fileName) {\n    uploadUrl\n    errorMessage\n  }\n}\n": typeof types.SignedUploadUrlDocument,
    "mutation SubmitIdVerification {\n  SubmitIdVerification {\n    data {\n      id\n      status\n    }\n    name\n    statusCode\n  }\n}\n": typeof types.SubmitIdVerificationDocument,
    "mutation UpdateExistingForm(\n  $id: ID!\n  $page: String\n  $answers: [FormAnswerInput!]!\n  $complete: Boolean\n) {\n  UpdateExistingForm(id: $id, page: $page, answers: $answers, complete: $complete) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n": typeof types.UpdateExistingFormDocument,
    "mutation UploadIdVerificationImage($side: String!, $document_id: ID!) {\n  UploadIdVerificationImage(side: $side, document_id: $document_id) {\n    data {\n      id\n      status\n    }\n    name\n    statusCode\n  }\n}\n": typeof types.UploadIdVerificationImageDocument,
    "mutation UpsertIntakeForm(\n  $form_short_id: String!\n  $appointment_id: ID\n  $follow_up_id: ID\n  $treatment_short_id: String\n  $page: String\n  $answers: [FormAnswerInput!]!\n) {\n  UpsertIntakeForm(\n    form_short_id: $form_short_id\n    appointment_id: $appointment_id\n    follow_up_id: $follow_up_id\n    treatment_short_id: $treatment_short_id\n    page: $page\n    answers: $answers\n  ) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n": typeof types.UpsertIntakeFormDocument,
    "query GetSduiModules {\n  sduiModules {\n    home\n  }\n}\n": typeof types.GetSduiModulesDocument,
    "query GetLabOrders($sort: LabSortOrder!) {\n  labOrders(category: LabResult, sort: $sort) {\n    lab_order_id\n    document_id\n    document {\n      id\n      file_name\n      category\n      created_at\n    }\n    order {\n      id\n      created_at\n      ordered_at\n      received_at\n      provider {\n        id\n        display_name\n      }\n      treatment {\n        id\n        short_id\n        display_name\n      }\n    }\n  }\n}\n": typeof types.GetLabOrdersDocument,
    "query GetSignedDownloadUrl($fileName: String!, $category: FileCategory!) {\n  signedDownloadUrl(fileName: $fileName, category: $category) {\n    downloadUrl\n    errorMessage\n  }\n}\n": typeof types.GetSignedDownloadUrlDocument,
    "query GetDosingGuidePlans {\n  activeTreatments {\n    id\n    shortId\n  }\n  treatmentConfiguration {\n    TreatmentShortId\n    TreatmentCategory\n  }\n  customer {\n    id\n    subscriptions {\n      id\n      treatment_id\n      subscription_items {\n        item_price_id\n      }\n    }\n  }\n}\n": typeof types.GetDosingGuidePlansDocument,
    "mutation CreateReferral($refereeEmail: String!) {\n  createReferral(refereeEmail: $refereeEmail) {\n    data {\n      id\n      status\n      refereeEmail\n    }\n    message\n    name\n    statusCode\n  }\n}\n": typeof types.CreateReferralDocument,
    "query GetReferrals($referrerCustomerId: ID) {\n  referrals(referrerCustomerId: $referrerCustomerId) {\n    id\n    status\n    referrer_discount_remaining\n    refereeEmail\n    created_at\n  }\n}\n": typeof types.GetReferralsDocument,
    "query GetMeasurementChangeForms {\n  measurementChangeForms {\n    id\n    type\n    value\n    status\n    created_at\n  }\n}\n": typeof types.GetMeasurementChangeFormsDocument,
    "mutation InsertMeasurementChangeForm($customerId: ID!, $startingWeight: Int!, $reason: String) {\n  InsertMeasurementChangeForm(\n    customerId: $customerId\n    startingWeight: $startingWeight\n    reason: $reason\n  ) {\n    statusCode\n    data {\n      id\n      status\n    }\n  }\n}\n": typeof types.InsertMeasurementChangeFormDocument,
    "query GetAppointmentPresence {\n  appointmentsByCustomer {\n    upcoming {\n      ...AppointmentPresence\n    }\n    previous {\n      id\n    }\n    async {\n      ...AppointmentPresence\n    }\n  }\n}\n\nfragment AppointmentPresence on Appointment {\n  id\n  appointment_requirements {\n    requirement_type\n    completed\n    link\n  }\n}\n": typeof types.GetAppointmentPresenceDocument,
    "query GetAppointmentsByCustomer($minDate: DateTime) {\n  appointmentsByCustomer(minDate: $minDate) {\n    upcoming {\n      ...AppointmentCard\n    }\n    previous {\n      ...AppointmentCard\n    }\n    async {\n      ...AppointmentCard\n    }\n  }\n}\n\nfragment AppointmentCard on Appointment {\n  id\n  sequence\n  start\n  end\n  status\n  is_async\n  provider {\n    id\n    displayName\n    title\n    profileImage\n    virtualVisitLink\n  }\n  treatment {\n    id\n    shortId\n    displayName\n  }\n  encounter {\n    is_signed\n  }\n  appointment_requirements {\n    requirement_type\n    completed\n    createdAt\n    link\n  }\n}\n": typeof types.GetAppointmentsByCustomerDocument,
    "query IsBulkEligible($treatmentShortId: String) {\n  isBulkEligible(treatmentShortId: $treatmentShortId) {\n    isBulkEligible\n    needsSyncEncounter\n    bulkOrderedTooRecently\n    hasRecentBulkAppointment\n    bulkAvailable\n  }\n}\n": typeof types.IsBulkEligibleDocument,
    "query SideEffectCheckIns($short_id: String, $status: String) {\n  intakeSearches(short_id: $short_id, status: $status) {\n    id\n    completed_at\n  }\n}\n": typeof types.SideEffectCheckInsDocument,
    "query GetCorporateHealth {\n  customer {\n    id\n    corporate_health\n  }\n}\n": typeof types.GetCorporateHealthDocument,
    "query GetCustomerData {\n  customer {\n    id\n    short_id\n    full_name\n    first_name\n    last_name\n    preferred_name\n    phone\n    dob\n    sex\n    gender\n    email\n    created_at\n    time_zone\n    shippingAddresses {\n      id\n      address_type\n      first_name\n      last_name\n      street_address1\n      street_address2\n      city\n      state\n      state_code\n      zip_code\n    }\n    tags {\n      name\n    }\n    contracts {\n      id\n      status\n    }\n    subscriptions {\n      id\n      status\n    }\n  }\n}\n": typeof types.GetCustomerDataDocument,
    "query GetFeatureFlags {\n  featureFlags {\n    name\n    enabled\n  }\n}\n": typeof types.GetFeatureFlagsDocument,
    "query GetMessageReadStates($customerId: ID!) {\n  providerMessages(customerId: $customerId) {\n    id\n    read\n  }\n}\n": typeof types.GetMessageReadStatesDocument,
    "query GetProviderMessageTypes {\n  providerMessageTypes {\n    id\n    type\n    description\n  }\n}\n": typeof types.GetProviderMessageTypesDocument,
    "query GetProviderMessages($customerId: ID!) {\n  providerMessages(customerId: $customerId) {\n    id\n    type\n    read\n    read_on\n    displayTime\n    provider_name\n    provider_image\n    messageSections {\n      name\n      html\n    }\n  }\n}\n": typeof types.GetProviderMessagesDocument,
    "subscription ProviderMessagesChanged {\n  providerMessagesChanged {\n    change\n    id\n  }\n}\n": typeof types.ProviderMessagesChangedDocument,
    "mutation UpdateProviderMessageRead($messageId: ID!) {\n  updateProviderMessageRead(messageId: $messageId) {\n    data {\n      id\n      read\n      read_on\n    }\n  }\n}\n": typeof types.UpdateProviderMessageReadDocument,
    "query GetContractExpirationBannerNotifications {\n  contractExpirationBannerNotifications {\n    contract_end_date\n    subscription_id\n    notification {\n      id\n      title\n      message\n      status\n    }\n  }\n}\n": typeof types.GetContractExpirationBannerNotificationsDocument,
    "query GetCustomerNotifications {\n  customerNotifications {\n    ...NotificationFields\n  }\n}\n\nfragment NotificationFields on CustomerNotification {\n  id\n  type\n  title\n  message\n  description\n  severity\n  date\n  status\n  shortId\n  action {\n    label\n    url\n  }\n}\n": typeof types.GetCustomerNotificationsDocument,
    "query GetLabResultNotifications {\n  labResultNotifications {\n    ...NotificationFields\n  }\n}\n": typeof types.GetLabResultNotificationsDocument,
    "subscription NotificationsChanged {\n  notificationsChanged {\n    change\n    id\n  }\n}\n": typeof types.NotificationsChangedDocument,
    "mutation UpdateCustomerNotificationStatus($id: ID!, $newStatus: CustomerNotificationStatusUpdate!) {\n  updateCustomerNotificationStatus(id: $id, newStatus: $newStatus) {\n    data {\n      id\n      status\n    }\n  }\n}\n": typeof types.UpdateCustomerNotificationStatusDocument,
    "query GetPrescriptionsByCustomer($customerId: ID!) {\n  prescriptionsByCustomer(customerId: $customerId) {\n    ...PrescriptionView\n  }\n}\n\nfragment PrescriptionView on Prescription {\n  id\n  created_at\n  updated_at\n  show_tracker\n  status {\n    name\n    display_name\n  }\n  customer {\n    full_name\n    dob\n  }\n  provider {\n    id\n    display_name\n  }\n  treatment {\n    id\n    display_name\n  }\n  kit_snapshots {\n    id\n    catalog_name\n    kit_name\n    directions\n    quantity\n    strength\n    form\n    internal_type\n    refills\n    created_at\n    concentration_mg_per_ml\n    volume_ml\n    weekly_dose_mg\n    weekly_dose_units\n  }\n  media_assets {\n    src\n    alt_text\n    mime_type\n  }\n  runway {\n    doses_left\n    doses_taken\n    doses_total\n    refill_due_on\n    refill_must_ship_by\n    refill_urgent\n    runs_out_on\n  }\n  shipping_status {\n    ...ShipmentView\n  }\n}\n\nfragment ShipmentView on Shipment {\n  id\n  carrier\n  tracking_number\n  tracking_url\n  shipped_at\n  delivered_at\n  stage\n  status\n  warning\n  stalled_days\n  steps {\n    stage\n    state\n  }\n  events {\n    id\n    label\n    source\n    status\n    raw_status\n    stage\n    warning\n    message\n    location\n    occurred_at\n  }\n}\n": typeof types.GetPrescriptionsByCustomerDocument,
    "subscription TreatmentRecordsChanged {\n  customerChanged {\n    reason\n  }\n}\n": typeof types.TreatmentRecordsChangedDocument,
    "query GetCustomerMeasurements {\n  getCustomerMeasurements {\n    id\n    type\n    value\n    unit\n    source\n    recorded_at\n  }\n}\n": typeof types.GetCustomerMeasurementsDocument,
    "mutation ImportWeightData($weightData: String!) {\n  importWeightData(weightData: $weightData) {\n    recorded\n    skipped\n    already_recorded\n  }\n}\n": typeof types.ImportWeightDataDocument,
    "mutation InsertCustomerMeasurement(\n  $customerId: ID!\n  $type: String!\n  $value: Int!\n  $unit: String!\n  $recordedAt: Date!\n) {\n  InsertCustomerMeasurement(\n    customerId: $customerId\n    type: $type\n    value: $value\n    unit: $unit\n    recorded_at: $recordedAt\n  ) {\n    statusCode\n    data {\n      id\n    }\n  }\n}\n": typeof types.InsertCustomerMeasurementDocument,
    "mutation UpdateWeightMeasurement($id: ID!, $newWeight: Int!) {\n  updateWeightMeasurement(id: $id, newWeight: $newWeight) {\n    statusCode\n    data {\n      id\n      value\n    }\n  }\n}\n": typeof types.UpdateWeightMeasurementDocument,
};
const documents: Documents = {
    "query GetAccountModules {\n  sduiModules {\n    account\n  }\n}\n": types.GetAccountModulesDocument,
    "query GetBillingAddresses {\n  customerPaymentSources {\n    payment_source_id\n    brand\n    mask\n    billing_address {\n      first_name\n      last_name\n      street_address1\n      street_address2\n      city\n      state_code\n      zip_code\n    }\n  }\n}\n": types.GetBillingAddressesDocument,
    "query GetNotificationPreferences {\n  notificationPreferences {\n    category\n    channel\n    enabled\n    locked\n  }\n}\n": types.GetNotificationPreferencesDocument,
    "mutation UpdateBillingAddress(\n  $paymentSourceId: ID!\n  $firstName: String!\n  $lastName: String!\n  $streetAddress1: String!\n  $streetAddress2: String\n  $city: String!\n  $stateCode: String!\n  $zipCode: String!\n) {\n  updateBillingAddress(\n    paymentSourceId: $paymentSourceId\n    firstName: $firstName\n    lastName: $lastName\n    streetAddress1: $streetAddress1\n    streetAddress2: $streetAddress2\n    city: $city\n    stateCode: $stateCode\n    zipCode: $zipCode\n  ) {\n    data {\n      payment_source_id\n      billing_address {\n        first_name\n        last_name\n        street_address1\n        street_address2\n        city\n        state_code\n        zip_code\n      }\n    }\n    statusCode\n  }\n}\n": types.UpdateBillingAddressDocument,
    "mutation UpdateGender($customerId: ID!, $gender: String) {\n  updateGender(customerId: $customerId, gender: $gender) {\n    data {\n      id\n      gender\n    }\n    statusCode\n  }\n}\n": types.UpdateGenderDocument,
    "mutation UpdateNotificationPreference($category: String!, $channel: String!, $enabled: Boolean!) {\n  updateNotificationPreference(category: $category, channel: $channel, enabled: $enabled) {\n    category\n    channel\n    enabled\n    locked\n  }\n}\n": types.UpdateNotificationPreferenceDocument,
    "mutation UpdatePhone($customerId: ID!, $phone: String!) {\n  updatePhone(customerId: $customerId, phone: $phone) {\n    data {\n      id\n      phone\n    }\n    statusCode\n  }\n}\n": types.UpdatePhoneDocument,
    "mutation UpdateShippingAddress(\n  $addressId: ID!\n  $firstName: String!\n  $lastName: String!\n  $streetAddress1: String!\n  $streetAddress2: String\n  $city: String!\n  $stateCode: String!\n  $zipCode: String!\n) {\n  updateShippingAddress(\n    addressId: $addressId\n    firstName: $firstName\n    lastName: $lastName\n    streetAddress1: $streetAddress1\n    streetAddress2: $streetAddress2\n    city: $city\n    stateCode: $stateCode\n    zipCode: $zipCode\n  ) {\n    data {\n      id\n      first_name\n      last_name\n      street_address1\n      street_address2\n      city\n      state\n      state_code\n      zip_code\n    }\n    statusCode\n  }\n}\n": types.UpdateShippingAddressDocument,
    "query CheckTimeStillAvailable(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $forReschedule: Boolean\n) {\n  checkTimeStillAvailable(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    forReschedule: $forReschedule\n  ) {\n    start\n    end\n    provider {\n      id\n    }\n  }\n}\n": types.CheckTimeStillAvailableDocument,
    "query GetActiveTreatments {\n  activeTreatments {\n    id\n    shortId\n    displayName\n  }\n}\n": types.GetActiveTreatmentsDocument,
    "query GetAppointmentCalendarFile($appointmentId: ID!) {\n  appointmentCalendarFile(appointmentId: $appointmentId) {\n    filename\n    method\n    content\n  }\n}\n": types.GetAppointmentCalendarFileDocument,
    "query GetAvailabilitySummary(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $endTime: DateTime\n  $providerId: ID\n  $forReschedule: Boolean\n  $timeZone: String!\n  $firstDay: Boolean\n) {\n  availabilitySummary(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    endTime: $endTime\n    providerId: $providerId\n    forReschedule: $forReschedule\n    timeZone: $timeZone\n    firstDay: $firstDay\n  ) {\n    days {\n      date\n      label\n    }\n    firstDay {\n      date\n      slots {\n        start\n        end\n        providerId\n        providerName\n      }\n    }\n  }\n}\n": types.GetAvailabilitySummaryDocument,
    "query GetAvailableProviders(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $endTime: DateTime\n  $forReschedule: Boolean\n  $timeZone: String!\n) {\n  availabilitySummary(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    endTime: $endTime\n    forReschedule: $forReschedule\n    timeZone: $timeZone\n  ) {\n    providers {\n      id\n      displayName\n    }\n  }\n}\n": types.GetAvailableProvidersDocument,
    "query GetAvailableSlots(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $endTime: DateTime\n  $providerId: ID\n  $distinctStart: Boolean\n  $forReschedule: Boolean\n  $day: String\n  $timeZone: String\n) {\n  availableSlots(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    endTime: $endTime\n    providerId: $providerId\n    distinctStart: $distinctStart\n    forReschedule: $forReschedule\n    day: $day\n    timeZone: $timeZone\n  ) {\n    start\n    end\n    provider {\n      id\n      displayName\n    }\n  }\n}\n": types.GetAvailableSlotsDocument,
    "query GetCustomerPreviousProviders($limit: Int = 5) {\n  customerPreviousProviders(limit: $limit) {\n    provider_id\n    count\n    last_appointment_start\n    virtual_visit_link\n    profile_image\n    display_name\n  }\n}\n": types.GetCustomerPreviousProvidersDocument,
    "query GetDisplayTimeZone {\n  displayTimeZone {\n    timeZone\n    chosen\n  }\n}\n": types.GetDisplayTimeZoneDocument,
    "query GetFollowUp($id: ID!) {\n  followUp(id: $id) {\n    id\n    customer_id\n    treatment {\n      id\n      shortId\n      displayName\n    }\n  }\n}\n": types.GetFollowUpDocument,
    "query GetReschedule($id: ID!) {\n  reschedule(id: $id) {\n    id\n    customer_id\n    appointment_id\n    status\n  }\n}\n": types.GetRescheduleDocument,
    "mutation HoldAppointmentSlot(\n  $providerId: ID!\n  $treatmentShortId: String!\n  $start: DateTime!\n  $end: DateTime!\n  $appointmentId: ID\n) {\n  holdAppointmentSlot(\n    providerId: $providerId\n    treatmentShortId: $treatmentShortId\n    start: $start\n    end: $end\n    appointmentId: $appointmentId\n  ) {\n    id\n    providerId\n    start\n    end\n    expiresAt\n  }\n}\n": types.HoldAppointmentSlotDocument,
    "mutation ReleaseAppointmentHold($id: ID!) {\n  releaseAppointmentHold(id: $id)\n}\n": types.ReleaseAppointmentHoldDocument,
    "mutation RescheduleAppointmentV2(\n  $appointmentId: ID!\n  $providerId: ID!\n  $start: DateTime!\n  $end: DateTime!\n  $holdId: ID\n) {\n  rescheduleAppointmentV2(\n    appointmentId: $appointmentId\n    providerId: $providerId\n    start: $start\n    end: $end\n    holdId: $holdId\n  ) {\n    statusCode\n    name\n    message\n    data {\n      id\n      start\n      end\n      provider {\n        id\n        displayName\n      }\n    }\n  }\n}\n": types.RescheduleAppointmentV2Document,
    "mutation ScheduleAdhocAppointmentV2(\n  $providerId: ID!\n  $treatmentShortId: String!\n  $start: DateTime!\n  $end: DateTime!\n  $origin: String\n  $followUpId: ID\n  $vialCount: Int\n  $subscriptionId: ID\n  $holdId: ID\n) {\n  scheduleAdhocAppointmentV2(\n    providerId: $providerId\n    treatmentShortId: $treatmentShortId\n    start: $start\n    end: $end\n    origin: $origin\n    followUpId: $followUpId\n    vialCount: $vialCount\n    subscriptionId: $subscriptionId\n    holdId: $holdId\n  ) {\n    statusCode\n    name\n    message\n    data {\n      id\n      start\n      end\n    }\n  }\n}\n": types.ScheduleAdhocAppointmentV2Document,
    "mutation SetDisplayTimeZone($timeZone: String!, $fromDevice: Boolean) {\n  setDisplayTimeZone(timeZone: $timeZone, fromDevice: $fromDevice) {\n    statusCode\n    data {\n      timeZone\n      chosen\n    }\n  }\n}\n": types.SetDisplayTimeZoneDocument,
    "mutation UpdateReschedule($id: ID!, $status: String!) {\n  updateRescheduleById(id: $id, status: $status) {\n    statusCode\n    data {\n      id\n      status\n    }\n  }\n}\n": types.UpdateRescheduleDocument,
    "mutation UpsertTosConsent($customerId: ID!, $tosStatus: String!, $marketingContentStatus: String!) {\n  upsertTosConsentAndMarketingPreference(\n    customerId: $customerId\n    tosStatus: $tosStatus\n    marketingContentStatus: $marketingContentStatus\n  ) {\n    statusCode\n    data {\n      affected_rows\n    }\n  }\n}\n": types.UpsertTosConsentDocument,
    "mutation CancelSubscription($subscriptionId: ID!, $reason: String!, $otherText: String) {\n  cancelSubscription(subscriptionId: $subscriptionId, reason: $reason, otherText: $otherText) {\n    subscriptionId\n    status\n    effectiveDate\n  }\n}\n": types.CancelSubscriptionDocument,
    "mutation ChangeCustomerSubscription(\n  $existingSubscriptionId: ID!\n  $newSubscriptionPlanType: String!\n  $newAddons: [String!]\n  $newContractLength: Int!\n  $isUpfrontPayment: Boolean\n  $quoteId: ID!\n  $quoteSignature: String!\n) {\n  changeCustomerSubscription(\n    existingSubscriptionId: $existingSubscriptionId\n    newSubscriptionPlanType: $newSubscriptionPlanType\n    newAddons: $newAddons\n    newContractLength: $newContractLength\n    isUpfrontPayment: $isUpfrontPayment\n    quoteId: $quoteId\n    quoteSignature: $quoteSignature\n  ) {\n    newContractId\n    newName\n    statusCode\n  }\n}\n": types.ChangeCustomerSubscriptionDocument,
    "query GetCustomerSubscription($subscriptionId: ID!) {\n  customerSubscription(subscriptionId: $subscriptionId) {\n    id\n    status\n    term\n    price\n    renewal_date\n    isUpfrontPayment\n    plan_type\n    item_price_id\n    treatment_id\n    addons\n    contract {\n      id\n      start_date\n      end_date\n      length\n      price\n      discount_amount\n      auto_renew\n      status\n    }\n    payment_source {\n      payment_source_id\n      brand\n      mask\n      expiry_month\n      expiry_year\n      display_name\n      billing_address {\n        first_name\n        last_name\n        street_address1\n        street_address2\n        city\n        state\n        state_code\n        zip_code\n      }\n    }\n  }\n}\n": types.GetCustomerSubscriptionDocument,
    "query GetInvoicePdfUrl($invoiceId: ID!, $document: InvoiceDocument) {\n  invoicePdfUrl(invoiceId: $invoiceId, document: $document) {\n    downloadUrl\n    errorMessage\n  }\n}\n": types.GetInvoicePdfUrlDocument,
    "query GetInvoices {\n  invoices {\n    id\n    number\n    description\n    date\n    total\n    status\n    subscription_id\n    updated_at\n  }\n}\n": types.GetInvoicesDocument,
    "query GetLiteProgramPricing {\n  liteProgramPricing {\n    plan_duration\n    plan_price\n    treatment_id\n    treatment_short_id\n  }\n}\n": types.GetLiteProgramPricingDocument,
    "query GetCustomerPaymentSources {\n  customerPaymentSources {\n    payment_source_id\n    brand\n    mask\n    expiry_month\n    expiry_year\n    subscription_ids\n  }\n}\n": types.GetCustomerPaymentSourcesDocument,
    "query GetSubscriptionPriceChangeQuote(\n  $existingSubscriptionId: ID!\n  $newSubscriptionPlanType: String!\n  $newAddons: [String!]\n  $newContractLength: Int!\n  $isUpfrontPayment: Boolean\n) {\n  subscriptionPriceChangeQuote(\n    existingSubscriptionId: $existingSubscriptionId\n    newSubscriptionPlanType: $newSubscriptionPlanType\n    newAddons: $newAddons\n    newContractLength: $newContractLength\n    isUpfrontPayment: $isUpfrontPayment\n  ) {\n    id\n    signature\n    expiresAt\n    newPrice\n    oldPrice\n    newBasePrice\n    proratedRefund\n    proratedCost\n    amountDue\n    creditCarried\n    referralCreditApplied\n    accountCreditApplied\n    newTermStart\n    newTermEnd\n    nextRenewal\n    subscriptionStatus\n    addonDetails {\n      sku\n      amount\n    }\n    couponDetails {\n      id\n      amount\n    }\n    paymentSource {\n      payment_source_id\n      brand\n      mask\n      expiry_month\n      expiry_year\n    }\n  }\n}\n": types.GetSubscriptionPriceChangeQuoteDocument,
    "query GetTreatmentConfiguration {\n  treatmentConfiguration {\n    Name\n    TreatmentShortId\n    ItemPriceId\n    TreatmentCategory\n  }\n}\n": types.GetTreatmentConfigurationDocument,
    "query GetTreatmentPricingMap($itemPriceId: String!) {\n  treatmentPricingMap(itemPriceId: $itemPriceId) {\n    item_price_id\n    plan_duration\n    plan_price\n    is_upfront_payment\n  }\n}\n": types.GetTreatmentPricingMapDocument,
    "mutation ReplacePaymentSource($oldPaymentSourceId: ID, $paymentToken: String!) {\n  replacePaymentSource(oldPaymentSourceId: $oldPaymentSourceId, paymentToken: $paymentToken) {\n    newPaymentSourceId\n    oldPaymentSourceId\n    subscriptionIds\n    statusCode\n  }\n}\n": types.ReplacePaymentSourceDocument,
    "mutation StartCardSetup {\n  startCardSetup {\n    provider\n    setupId\n    clientSecret\n  }\n}\n": types.StartCardSetupDocument,
    "mutation BulkPayLaterLink($customerActionId: ID!) {\n  bulkPayLaterLink(customerActionId: $customerActionId)\n}\n": types.BulkPayLaterLinkDocument,
    "mutation CreateBulkAsyncAppointment($providerId: ID!, $treatmentId: ID!) {\n  createAsyncAppointment(providerId: $providerId, treatmentId: $treatmentId) {\n    statusCode\n    data {\n      id\n    }\n  }\n}\n": types.CreateBulkAsyncAppointmentDocument,
    "mutation CreateBulkSubscription($treatmentShortId: String!) {\n  createBulkSubscription(treatmentShortId: $treatmentShortId) {\n    newSubscriptionId\n  }\n}\n": types.CreateBulkSubscriptionDocument,
    "query GetBulkAction($id: ID!) {\n  customerAction(id: $id) {\n    id\n    status\n    metadata {\n      vial_count\n    }\n    action_type {\n      type_code\n    }\n  }\n}\n": types.GetBulkActionDocument,
    "query GetBulkPaymentSources {\n  customerPaymentSources {\n    payment_source_id\n    brand\n    mask\n  }\n}\n": types.GetBulkPaymentSourcesDocument,
    "mutation PurchaseBulkWithChargebee($customerActionId: ID!) {\n  purchaseBulkWithChargebee(customerActionId: $customerActionId) {\n    data {\n      purchaseSucceeded\n      actionCompleted\n      reason\n      nextAction {\n        clientSecret\n        redirectUrl\n      }\n    }\n  }\n}\n": types.PurchaseBulkWithChargebeeDocument,
    "mutation SubmitBulkOrder($vialCount: Int, $treatmentShortId: String) {\n  submitBulkOrder(vialCount: $vialCount, treatmentShortId: $treatmentShortId) {\n    statusCode\n    data {\n      id\n      vialCount\n      encounter\n      status\n      asyncVisit {\n        providerId\n        treatmentId\n      }\n    }\n  }\n}\n": types.SubmitBulkOrderDocument,
    "query FormPrefill($short_id: String!) {\n  formPrefill(short_id: $short_id) {\n    linkId\n    answer\n  }\n}\n": types.FormPrefillDocument,
    "query GetTypeformByShortId($short_id: String!) {\n  getTypeformByShortId(short_id: $short_id) {\n    id\n    short_id\n    url\n    version\n    kind\n    title\n    questionnaire\n  }\n}\n": types.GetTypeformByShortIdDocument,
    "query IdVerification {\n  idVerification {\n    id\n    status\n    front_uploaded\n    back_uploaded\n    selfie_uploaded\n    rejection_reason\n    rejection_note\n    updated_at\n  }\n}\n": types.IdVerificationDocument,
    "mutation InsertDocument($form_id: ID!, $link_id: String!, $document_id: ID!) {\n  InsertDocument(form_id: $form_id, link_id: $link_id, document_id: $document_id) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n": types.InsertDocumentDocument,
    "query IntakeSearches($short_id: String, $appointment_id: ID, $follow_up_id: ID, $status: String) {\n  intakeSearches(\n    short_id: $short_id\n    appointment_id: $appointment_id\n    follow_up_id: $follow_up_id\n    status: $status\n  ) {\n    ...IntakeFormFields\n  }\n}\n\nfragment IntakeFormFields on IntakeForm {\n  id\n  short_id\n  questionnaire\n  status\n  appointment_id\n  follow_up_id\n  last_page\n  resume_page\n  response\n  definition {\n    id\n    version\n    kind\n    title\n    questionnaire\n  }\n  outcome {\n    level\n    rules\n    guidance\n    task\n  }\n}\n": types.IntakeSearchesDocument,
    "mutation RemoveDocument($form_id: ID!, $link_id: String!) {\n  RemoveDocument(form_id: $form_id, link_id: $link_id) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n": types.RemoveDocumentDocument,
    "query SignedUploadUrl($category: UploadCategory!, $fileName: String!) {\n  signedUploadUrl(category: $category, fileName: $fileName) {\n    uploadUrl\n    errorMessage\n  }\n}\n": types.SignedUploadUrlDocument,
    "mutation SubmitIdVerification {\n  SubmitIdVerification {\n    data {\n      id\n      status\n    }\n    name\n    statusCode\n  }\n}\n": types.SubmitIdVerificationDocument,
    "mutation UpdateExistingForm(\n  $id: ID!\n  $page: String\n  $answers: [FormAnswerInput!]!\n  $complete: Boolean\n) {\n  UpdateExistingForm(id: $id, page: $page, answers: $answers, complete: $complete) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n": types.UpdateExistingFormDocument,
    "mutation UploadIdVerificationImage($side: String!, $document_id: ID!) {\n  UploadIdVerificationImage(side: $side, document_id: $document_id) {\n    data {\n      id\n      status\n    }\n    name\n    statusCode\n  }\n}\n": types.UploadIdVerificationImageDocument,
    "mutation UpsertIntakeForm(\n  $form_short_id: String!\n  $appointment_id: ID\n  $follow_up_id: ID\n  $treatment_short_id: String\n  $page: String\n  $answers: [FormAnswerInput!]!\n) {\n  UpsertIntakeForm(\n    form_short_id: $form_short_id\n    appointment_id: $appointment_id\n    follow_up_id: $follow_up_id\n    treatment_short_id: $treatment_short_id\n    page: $page\n    answers: $answers\n  ) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n": types.UpsertIntakeFormDocument,
    "query GetSduiModules {\n  sduiModules {\n    home\n  }\n}\n": types.GetSduiModulesDocument,
    "query GetLabOrders($sort: LabSortOrder!) {\n  labOrders(category: LabResult, sort: $sort) {\n    lab_order_id\n    document_id\n    document {\n      id\n      file_name\n      category\n      created_at\n    }\n    order {\n      id\n      created_at\n      ordered_at\n      received_at\n      provider {\n        id\n        display_name\n      }\n      treatment {\n        id\n        short_id\n        display_name\n      }\n    }\n  }\n}\n": types.GetLabOrdersDocument,
    "query GetSignedDownloadUrl($fileName: String!, $category: FileCategory!) {\n  signedDownloadUrl(fileName: $fileName, category: $category) {\n    downloadUrl\n    errorMessage\n  }\n}\n": types.GetSignedDownloadUrlDocument,
    "query GetDosingGuidePlans {\n  activeTreatments {\n    id\n    shortId\n  }\n  treatmentConfiguration {\n    TreatmentShortId\n    TreatmentCategory\n  }\n  customer {\n    id\n    subscriptions {\n      id\n      treatment_id\n      subscription_items {\n        item_price_id\n      }\n    }\n  }\n}\n": types.GetDosingGuidePlansDocument,
    "mutation CreateReferral($refereeEmail: String!) {\n  createReferral(refereeEmail: $refereeEmail) {\n    data {\n      id\n      status\n      refereeEmail\n    }\n    message\n    name\n    statusCode\n  }\n}\n": types.CreateReferralDocument,
    "query GetReferrals($referrerCustomerId: ID) {\n  referrals(referrerCustomerId: $referrerCustomerId) {\n    id\n    status\n    referrer_discount_remaining\n    refereeEmail\n    created_at\n  }\n}\n": types.GetReferralsDocument,
    "query GetMeasurementChangeForms {\n  measurementChangeForms {\n    id\n    type\n    value\n    status\n    created_at\n  }\n}\n": types.GetMeasurementChangeFormsDocument,
    "mutation InsertMeasurementChangeForm($customerId: ID!, $startingWeight: Int!, $reason: String) {\n  InsertMeasurementChangeForm(\n    customerId: $customerId\n    startingWeight: $startingWeight\n    reason: $reason\n  ) {\n    statusCode\n    data {\n      id\n      status\n    }\n  }\n}\n": types.InsertMeasurementChangeFormDocument,
    "query GetAppointmentPresence {\n  appointmentsByCustomer {\n    upcoming {\n      ...AppointmentPresence\n    }\n    previous {\n      id\n    }\n    async {\n      ...AppointmentPresence\n    }\n  }\n}\n\nfragment AppointmentPresence on Appointment {\n  id\n  appointment_requirements {\n    requirement_type\n    completed\n    link\n  }\n}\n": types.GetAppointmentPresenceDocument,
    "query GetAppointmentsByCustomer($minDate: DateTime) {\n  appointmentsByCustomer(minDate: $minDate) {\n    upcoming {\n      ...AppointmentCard\n    }\n    previous {\n      ...AppointmentCard\n    }\n    async {\n      ...AppointmentCard\n    }\n  }\n}\n\nfragment AppointmentCard on Appointment {\n  id\n  sequence\n  start\n  end\n  status\n  is_async\n  provider {\n    id\n    displayName\n    title\n    profileImage\n    virtualVisitLink\n  }\n  treatment {\n    id\n    shortId\n    displayName\n  }\n  encounter {\n    is_signed\n  }\n  appointment_requirements {\n    requirement_type\n    completed\n    createdAt\n    link\n  }\n}\n": types.GetAppointmentsByCustomerDocument,
    "query IsBulkEligible($treatmentShortId: String) {\n  isBulkEligible(treatmentShortId: $treatmentShortId) {\n    isBulkEligible\n    needsSyncEncounter\n    bulkOrderedTooRecently\n    hasRecentBulkAppointment\n    bulkAvailable\n  }\n}\n": types.IsBulkEligibleDocument,
    "query SideEffectCheckIns($short_id: String, $status: String) {\n  intakeSearches(short_id: $short_id, status: $status) {\n    id\n    completed_at\n  }\n}\n": types.SideEffectCheckInsDocument,
    "query GetCorporateHealth {\n  customer {\n    id\n    corporate_health\n  }\n}\n": types.GetCorporateHealthDocument,
    "query GetCustomerData {\n  customer {\n    id\n    short_id\n    full_name\n    first_name\n    last_name\n    preferred_name\n    phone\n    dob\n    sex\n    gender\n    email\n    created_at\n    time_zone\n    shippingAddresses {\n      id\n      address_type\n      first_name\n      last_name\n      street_address1\n      street_address2\n      city\n      state\n      state_code\n      zip_code\n    }\n    tags {\n      name\n    }\n    contracts {\n      id\n      status\n    }\n    subscriptions {\n      id\n      status\n    }\n  }\n}\n": types.GetCustomerDataDocument,
    "query GetFeatureFlags {\n  featureFlags {\n    name\n    enabled\n  }\n}\n": types.GetFeatureFlagsDocument,
    "query GetMessageReadStates($customerId: ID!) {\n  providerMessages(customerId: $customerId) {\n    id\n    read\n  }\n}\n": types.GetMessageReadStatesDocument,
    "query GetProviderMessageTypes {\n  providerMessageTypes {\n    id\n    type\n    description\n  }\n}\n": types.GetProviderMessageTypesDocument,
    "query GetProviderMessages($customerId: ID!) {\n  providerMessages(customerId: $customerId) {\n    id\n    type\n    read\n    read_on\n    displayTime\n    provider_name\n    provider_image\n    messageSections {\n      name\n      html\n    }\n  }\n}\n": types.GetProviderMessagesDocument,
    "subscription ProviderMessagesChanged {\n  providerMessagesChanged {\n    change\n    id\n  }\n}\n": types.ProviderMessagesChangedDocument,
    "mutation UpdateProviderMessageRead($messageId: ID!) {\n  updateProviderMessageRead(messageId: $messageId) {\n    data {\n      id\n      read\n      read_on\n    }\n  }\n}\n": types.UpdateProviderMessageReadDocument,
    "query GetContractExpirationBannerNotifications {\n  contractExpirationBannerNotifications {\n    contract_end_date\n    subscription_id\n    notification {\n      id\n      title\n      message\n      status\n    }\n  }\n}\n": types.GetContractExpirationBannerNotificationsDocument,
    "query GetCustomerNotifications {\n  customerNotifications {\n    ...NotificationFields\n  }\n}\n\nfragment NotificationFields on CustomerNotification {\n  id\n  type\n  title\n  message\n  description\n  severity\n  date\n  status\n  shortId\n  action {\n    label\n    url\n  }\n}\n": types.GetCustomerNotificationsDocument,
    "query GetLabResultNotifications {\n  labResultNotifications {\n    ...NotificationFields\n  }\n}\n": types.GetLabResultNotificationsDocument,
    "subscription NotificationsChanged {\n  notificationsChanged {\n    change\n    id\n  }\n}\n": types.NotificationsChangedDocument,
    "mutation UpdateCustomerNotificationStatus($id: ID!, $newStatus: CustomerNotificationStatusUpdate!) {\n  updateCustomerNotificationStatus(id: $id, newStatus: $newStatus) {\n    data {\n      id\n      status\n    }\n  }\n}\n": types.UpdateCustomerNotificationStatusDocument,
    "query GetPrescriptionsByCustomer($customerId: ID!) {\n  prescriptionsByCustomer(customerId: $customerId) {\n    ...PrescriptionView\n  }\n}\n\nfragment PrescriptionView on Prescription {\n  id\n  created_at\n  updated_at\n  show_tracker\n  status {\n    name\n    display_name\n  }\n  customer {\n    full_name\n    dob\n  }\n  provider {\n    id\n    display_name\n  }\n  treatment {\n    id\n    display_name\n  }\n  kit_snapshots {\n    id\n    catalog_name\n    kit_name\n    directions\n    quantity\n    strength\n    form\n    internal_type\n    refills\n    created_at\n    concentration_mg_per_ml\n    volume_ml\n    weekly_dose_mg\n    weekly_dose_units\n  }\n  media_assets {\n    src\n    alt_text\n    mime_type\n  }\n  runway {\n    doses_left\n    doses_taken\n    doses_total\n    refill_due_on\n    refill_must_ship_by\n    refill_urgent\n    runs_out_on\n  }\n  shipping_status {\n    ...ShipmentView\n  }\n}\n\nfragment ShipmentView on Shipment {\n  id\n  carrier\n  tracking_number\n  tracking_url\n  shipped_at\n  delivered_at\n  stage\n  status\n  warning\n  stalled_days\n  steps {\n    stage\n    state\n  }\n  events {\n    id\n    label\n    source\n    status\n    raw_status\n    stage\n    warning\n    message\n    location\n    occurred_at\n  }\n}\n": types.GetPrescriptionsByCustomerDocument,
    "subscription TreatmentRecordsChanged {\n  customerChanged {\n    reason\n  }\n}\n": types.TreatmentRecordsChangedDocument,
    "query GetCustomerMeasurements {\n  getCustomerMeasurements {\n    id\n    type\n    value\n    unit\n    source\n    recorded_at\n  }\n}\n": types.GetCustomerMeasurementsDocument,
    "mutation ImportWeightData($weightData: String!) {\n  importWeightData(weightData: $weightData) {\n    recorded\n    skipped\n    already_recorded\n  }\n}\n": types.ImportWeightDataDocument,
    "mutation InsertCustomerMeasurement(\n  $customerId: ID!\n  $type: String!\n  $value: Int!\n  $unit: String!\n  $recordedAt: Date!\n) {\n  InsertCustomerMeasurement(\n    customerId: $customerId\n    type: $type\n    value: $value\n    unit: $unit\n    recorded_at: $recordedAt\n  ) {\n    statusCode\n    data {\n      id\n    }\n  }\n}\n": types.InsertCustomerMeasurementDocument,
    "mutation UpdateWeightMeasurement($id: ID!, $newWeight: Int!) {\n  updateWeightMeasurement(id: $id, newWeight: $newWeight) {\n    statusCode\n    data {\n      id\n      value\n    }\n  }\n}\n": types.UpdateWeightMeasurementDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetAccountModules {\n  sduiModules {\n    account\n  }\n}\n"): typeof import('./graphql').GetAccountModulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetBillingAddresses {\n  customerPaymentSources {\n    payment_source_id\n    brand\n    mask\n    billing_address {\n      first_name\n      last_name\n      street_address1\n      street_address2\n      city\n      state_code\n      zip_code\n    }\n  }\n}\n"): typeof import('./graphql').GetBillingAddressesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetNotificationPreferences {\n  notificationPreferences {\n    category\n    channel\n    enabled\n    locked\n  }\n}\n"): typeof import('./graphql').GetNotificationPreferencesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateBillingAddress(\n  $paymentSourceId: ID!\n  $firstName: String!\n  $lastName: String!\n  $streetAddress1: String!\n  $streetAddress2: String\n  $city: String!\n  $stateCode: String!\n  $zipCode: String!\n) {\n  updateBillingAddress(\n    paymentSourceId: $paymentSourceId\n    firstName: $firstName\n    lastName: $lastName\n    streetAddress1: $streetAddress1\n    streetAddress2: $streetAddress2\n    city: $city\n    stateCode: $stateCode\n    zipCode: $zipCode\n  ) {\n    data {\n      payment_source_id\n      billing_address {\n        first_name\n        last_name\n        street_address1\n        street_address2\n        city\n        state_code\n        zip_code\n      }\n    }\n    statusCode\n  }\n}\n"): typeof import('./graphql').UpdateBillingAddressDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateGender($customerId: ID!, $gender: String) {\n  updateGender(customerId: $customerId, gender: $gender) {\n    data {\n      id\n      gender\n    }\n    statusCode\n  }\n}\n"): typeof import('./graphql').UpdateGenderDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateNotificationPreference($category: String!, $channel: String!, $enabled: Boolean!) {\n  updateNotificationPreference(category: $category, channel: $channel, enabled: $enabled) {\n    category\n    channel\n    enabled\n    locked\n  }\n}\n"): typeof import('./graphql').UpdateNotificationPreferenceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdatePhone($customerId: ID!, $phone: String!) {\n  updatePhone(customerId: $customerId, phone: $phone) {\n    data {\n      id\n      phone\n    }\n    statusCode\n  }\n}\n"): typeof import('./graphql').UpdatePhoneDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateShippingAddress(\n  $addressId: ID!\n  $firstName: String!\n  $lastName: String!\n  $streetAddress1: String!\n  $streetAddress2: String\n  $city: String!\n  $stateCode: String!\n  $zipCode: String!\n) {\n  updateShippingAddress(\n    addressId: $addressId\n    firstName: $firstName\n    lastName: $lastName\n    streetAddress1: $streetAddress1\n    streetAddress2: $streetAddress2\n    city: $city\n    stateCode: $stateCode\n    zipCode: $zipCode\n  ) {\n    data {\n      id\n      first_name\n      last_name\n      street_address1\n      street_address2\n      city\n      state\n      state_code\n      zip_code\n    }\n    statusCode\n  }\n}\n"): typeof import('./graphql').UpdateShippingAddressDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CheckTimeStillAvailable(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $forReschedule: Boolean\n) {\n  checkTimeStillAvailable(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    forReschedule: $forReschedule\n  ) {\n    start\n    end\n    provider {\n      id\n    }\n  }\n}\n"): typeof import('./graphql').CheckTimeStillAvailableDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetActiveTreatments {\n  activeTreatments {\n    id\n    shortId\n    displayName\n  }\n}\n"): typeof import('./graphql').GetActiveTreatmentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetAppointmentCalendarFile($appointmentId: ID!) {\n  appointmentCalendarFile(appointmentId: $appointmentId) {\n    filename\n    method\n    content\n  }\n}\n"): typeof import('./graphql').GetAppointmentCalendarFileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetAvailabilitySummary(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $endTime: DateTime\n  $providerId: ID\n  $forReschedule: Boolean\n  $timeZone: String!\n  $firstDay: Boolean\n) {\n  availabilitySummary(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    endTime: $endTime\n    providerId: $providerId\n    forReschedule: $forReschedule\n    timeZone: $timeZone\n    firstDay: $firstDay\n  ) {\n    days {\n      date\n      label\n    }\n    firstDay {\n      date\n      slots {\n        start\n        end\n        providerId\n        providerName\n      }\n    }\n  }\n}\n"): typeof import('./graphql').GetAvailabilitySummaryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetAvailableProviders(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $endTime: DateTime\n  $forReschedule: Boolean\n  $timeZone: String!\n) {\n  availabilitySummary(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    endTime: $endTime\n    forReschedule: $forReschedule\n    timeZone: $timeZone\n  ) {\n    providers {\n      id\n      displayName\n    }\n  }\n}\n"): typeof import('./graphql').GetAvailableProvidersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetAvailableSlots(\n  $state: String!\n  $treatmentId: ID!\n  $startTime: DateTime!\n  $endTime: DateTime\n  $providerId: ID\n  $distinctStart: Boolean\n  $forReschedule: Boolean\n  $day: String\n  $timeZone: String\n) {\n  availableSlots(\n    state: $state\n    treatmentId: $treatmentId\n    startTime: $startTime\n    endTime: $endTime\n    providerId: $providerId\n    distinctStart: $distinctStart\n    forReschedule: $forReschedule\n    day: $day\n    timeZone: $timeZone\n  ) {\n    start\n    end\n    provider {\n      id\n      displayName\n    }\n  }\n}\n"): typeof import('./graphql').GetAvailableSlotsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetCustomerPreviousProviders($limit: Int = 5) {\n  customerPreviousProviders(limit: $limit) {\n    provider_id\n    count\n    last_appointment_start\n    virtual_visit_link\n    profile_image\n    display_name\n  }\n}\n"): typeof import('./graphql').GetCustomerPreviousProvidersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetDisplayTimeZone {\n  displayTimeZone {\n    timeZone\n    chosen\n  }\n}\n"): typeof import('./graphql').GetDisplayTimeZoneDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetFollowUp($id: ID!) {\n  followUp(id: $id) {\n    id\n    customer_id\n    treatment {\n      id\n      shortId\n      displayName\n    }\n  }\n}\n"): typeof import('./graphql').GetFollowUpDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetReschedule($id: ID!) {\n  reschedule(id: $id) {\n    id\n    customer_id\n    appointment_id\n    status\n  }\n}\n"): typeof import('./graphql').GetRescheduleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation HoldAppointmentSlot(\n  $providerId: ID!\n  $treatmentShortId: String!\n  $start: DateTime!\n  $end: DateTime!\n  $appointmentId: ID\n) {\n  holdAppointmentSlot(\n    providerId: $providerId\n    treatmentShortId: $treatmentShortId\n    start: $start\n    end: $end\n    appointmentId: $appointmentId\n  ) {\n    id\n    providerId\n    start\n    end\n    expiresAt\n  }\n}\n"): typeof import('./graphql').HoldAppointmentSlotDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ReleaseAppointmentHold($id: ID!) {\n  releaseAppointmentHold(id: $id)\n}\n"): typeof import('./graphql').ReleaseAppointmentHoldDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RescheduleAppointmentV2(\n  $appointmentId: ID!\n  $providerId: ID!\n  $start: DateTime!\n  $end: DateTime!\n  $holdId: ID\n) {\n  rescheduleAppointmentV2(\n    appointmentId: $appointmentId\n    providerId: $providerId\n    start: $start\n    end: $end\n    holdId: $holdId\n  ) {\n    statusCode\n    name\n    message\n    data {\n      id\n      start\n      end\n      provider {\n        id\n        displayName\n      }\n    }\n  }\n}\n"): typeof import('./graphql').RescheduleAppointmentV2Document;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ScheduleAdhocAppointmentV2(\n  $providerId: ID!\n  $treatmentShortId: String!\n  $start: DateTime!\n  $end: DateTime!\n  $origin: String\n  $followUpId: ID\n  $vialCount: Int\n  $subscriptionId: ID\n  $holdId: ID\n) {\n  scheduleAdhocAppointmentV2(\n    providerId: $providerId\n    treatmentShortId: $treatmentShortId\n    start: $start\n    end: $end\n    origin: $origin\n    followUpId: $followUpId\n    vialCount: $vialCount\n    subscriptionId: $subscriptionId\n    holdId: $holdId\n  ) {\n    statusCode\n    name\n    message\n    data {\n      id\n      start\n      end\n    }\n  }\n}\n"): typeof import('./graphql').ScheduleAdhocAppointmentV2Document;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetDisplayTimeZone($timeZone: String!, $fromDevice: Boolean) {\n  setDisplayTimeZone(timeZone: $timeZone, fromDevice: $fromDevice) {\n    statusCode\n    data {\n      timeZone\n      chosen\n    }\n  }\n}\n"): typeof import('./graphql').SetDisplayTimeZoneDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateReschedule($id: ID!, $status: String!) {\n  updateRescheduleById(id: $id, status: $status) {\n    statusCode\n    data {\n      id\n      status\n    }\n  }\n}\n"): typeof import('./graphql').UpdateRescheduleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpsertTosConsent($customerId: ID!, $tosStatus: String!, $marketingContentStatus: String!) {\n  upsertTosConsentAndMarketingPreference(\n    customerId: $customerId\n    tosStatus: $tosStatus\n    marketingContentStatus: $marketingContentStatus\n  ) {\n    statusCode\n    data {\n      affected_rows\n    }\n  }\n}\n"): typeof import('./graphql').UpsertTosConsentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CancelSubscription($subscriptionId: ID!, $reason: String!, $otherText: String) {\n  cancelSubscription(subscriptionId: $subscriptionId, reason: $reason, otherText: $otherText) {\n    subscriptionId\n    status\n    effectiveDate\n  }\n}\n"): typeof import('./graphql').CancelSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ChangeCustomerSubscription(\n  $existingSubscriptionId: ID!\n  $newSubscriptionPlanType: String!\n  $newAddons: [String!]\n  $newContractLength: Int!\n  $isUpfrontPayment: Boolean\n  $quoteId: ID!\n  $quoteSignature: String!\n) {\n  changeCustomerSubscription(\n    existingSubscriptionId: $existingSubscriptionId\n    newSubscriptionPlanType: $newSubscriptionPlanType\n    newAddons: $newAddons\n    newContractLength: $newContractLength\n    isUpfrontPayment: $isUpfrontPayment\n    quoteId: $quoteId\n    quoteSignature: $quoteSignature\n  ) {\n    newContractId\n    newName\n    statusCode\n  }\n}\n"): typeof import('./graphql').ChangeCustomerSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetCustomerSubscription($subscriptionId: ID!) {\n  customerSubscription(subscriptionId: $subscriptionId) {\n    id\n    status\n    term\n    price\n    renewal_date\n    isUpfrontPayment\n    plan_type\n    item_price_id\n    treatment_id\n    addons\n    contract {\n      id\n      start_date\n      end_date\n      length\n      price\n      discount_amount\n      auto_renew\n      status\n    }\n    payment_source {\n      payment_source_id\n      brand\n      mask\n      expiry_month\n      expiry_year\n      display_name\n      billing_address {\n        first_name\n        last_name\n        street_address1\n        street_address2\n        city\n        state\n        state_code\n        zip_code\n      }\n    }\n  }\n}\n"): typeof import('./graphql').GetCustomerSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetInvoicePdfUrl($invoiceId: ID!, $document: InvoiceDocument) {\n  invoicePdfUrl(invoiceId: $invoiceId, document: $document) {\n    downloadUrl\n    errorMessage\n  }\n}\n"): typeof import('./graphql').GetInvoicePdfUrlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetInvoices {\n  invoices {\n    id\n    number\n    description\n    date\n    total\n    status\n    subscription_id\n    updated_at\n  }\n}\n"): typeof import('./graphql').GetInvoicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetLiteProgramPricing {\n  liteProgramPricing {\n    plan_duration\n    plan_price\n    treatment_id\n    treatment_short_id\n  }\n}\n"): typeof import('./graphql').GetLiteProgramPricingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetCustomerPaymentSources {\n  customerPaymentSources {\n    payment_source_id\n    brand\n    mask\n    expiry_month\n    expiry_year\n    subscription_ids\n  }\n}\n"): typeof import('./graphql').GetCustomerPaymentSourcesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetSubscriptionPriceChangeQuote(\n  $existingSubscriptionId: ID!\n  $newSubscriptionPlanType: String!\n  $newAddons: [String!]\n  $newContractLength: Int!\n  $isUpfrontPayment: Boolean\n) {\n  subscriptionPriceChangeQuote(\n    existingSubscriptionId: $existingSubscriptionId\n    newSubscriptionPlanType: $newSubscriptionPlanType\n    newAddons: $newAddons\n    newContractLength: $newContractLength\n    isUpfrontPayment: $isUpfrontPayment\n  ) {\n    id\n    signature\n    expiresAt\n    newPrice\n    oldPrice\n    newBasePrice\n    proratedRefund\n    proratedCost\n    amountDue\n    creditCarried\n    referralCreditApplied\n    accountCreditApplied\n    newTermStart\n    newTermEnd\n    nextRenewal\n    subscriptionStatus\n    addonDetails {\n      sku\n      amount\n    }\n    couponDetails {\n      id\n      amount\n    }\n    paymentSource {\n      payment_source_id\n      brand\n      mask\n      expiry_month\n      expiry_year\n    }\n  }\n}\n"): typeof import('./graphql').GetSubscriptionPriceChangeQuoteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetTreatmentConfiguration {\n  treatmentConfiguration {\n    Name\n    TreatmentShortId\n    ItemPriceId\n    TreatmentCategory\n  }\n}\n"): typeof import('./graphql').GetTreatmentConfigurationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetTreatmentPricingMap($itemPriceId: String!) {\n  treatmentPricingMap(itemPriceId: $itemPriceId) {\n    item_price_id\n    plan_duration\n    plan_price\n    is_upfront_payment\n  }\n}\n"): typeof import('./graphql').GetTreatmentPricingMapDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ReplacePaymentSource($oldPaymentSourceId: ID, $paymentToken: String!) {\n  replacePaymentSource(oldPaymentSourceId: $oldPaymentSourceId, paymentToken: $paymentToken) {\n    newPaymentSourceId\n    oldPaymentSourceId\n    subscriptionIds\n    statusCode\n  }\n}\n"): typeof import('./graphql').ReplacePaymentSourceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation StartCardSetup {\n  startCardSetup {\n    provider\n    setupId\n    clientSecret\n  }\n}\n"): typeof import('./graphql').StartCardSetupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation BulkPayLaterLink($customerActionId: ID!) {\n  bulkPayLaterLink(customerActionId: $customerActionId)\n}\n"): typeof import('./graphql').BulkPayLaterLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateBulkAsyncAppointment($providerId: ID!, $treatmentId: ID!) {\n  createAsyncAppointment(providerId: $providerId, treatmentId: $treatmentId) {\n    statusCode\n    data {\n      id\n    }\n  }\n}\n"): typeof import('./graphql').CreateBulkAsyncAppointmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateBulkSubscription($treatmentShortId: String!) {\n  createBulkSubscription(treatmentShortId: $treatmentShortId) {\n    newSubscriptionId\n  }\n}\n"): typeof import('./graphql').CreateBulkSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetBulkAction($id: ID!) {\n  customerAction(id: $id) {\n    id\n    status\n    metadata {\n      vial_count\n    }\n    action_type {\n      type_code\n    }\n  }\n}\n"): typeof import('./graphql').GetBulkActionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetBulkPaymentSources {\n  customerPaymentSources {\n    payment_source_id\n    brand\n    mask\n  }\n}\n"): typeof import('./graphql').GetBulkPaymentSourcesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation PurchaseBulkWithChargebee($customerActionId: ID!) {\n  purchaseBulkWithChargebee(customerActionId: $customerActionId) {\n    data {\n      purchaseSucceeded\n      actionCompleted\n      reason\n      nextAction {\n        clientSecret\n        redirectUrl\n      }\n    }\n  }\n}\n"): typeof import('./graphql').PurchaseBulkWithChargebeeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SubmitBulkOrder($vialCount: Int, $treatmentShortId: String) {\n  submitBulkOrder(vialCount: $vialCount, treatmentShortId: $treatmentShortId) {\n    statusCode\n    data {\n      id\n      vialCount\n      encounter\n      status\n      asyncVisit {\n        providerId\n        treatmentId\n      }\n    }\n  }\n}\n"): typeof import('./graphql').SubmitBulkOrderDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query FormPrefill($short_id: String!) {\n  formPrefill(short_id: $short_id) {\n    linkId\n    answer\n  }\n}\n"): typeof import('./graphql').FormPrefillDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetTypeformByShortId($short_id: String!) {\n  getTypeformByShortId(short_id: $short_id) {\n    id\n    short_id\n    url\n    version\n    kind\n    title\n    questionnaire\n  }\n}\n"): typeof import('./graphql').GetTypeformByShortIdDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query IdVerification {\n  idVerification {\n    id\n    status\n    front_uploaded\n    back_uploaded\n    selfie_uploaded\n    rejection_reason\n    rejection_note\n    updated_at\n  }\n}\n"): typeof import('./graphql').IdVerificationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation InsertDocument($form_id: ID!, $link_id: String!, $document_id: ID!) {\n  InsertDocument(form_id: $form_id, link_id: $link_id, document_id: $document_id) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n"): typeof import('./graphql').InsertDocumentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query IntakeSearches($short_id: String, $appointment_id: ID, $follow_up_id: ID, $status: String) {\n  intakeSearches(\n    short_id: $short_id\n    appointment_id: $appointment_id\n    follow_up_id: $follow_up_id\n    status: $status\n  ) {\n    ...IntakeFormFields\n  }\n}\n\nfragment IntakeFormFields on IntakeForm {\n  id\n  short_id\n  questionnaire\n  status\n  appointment_id\n  follow_up_id\n  last_page\n  resume_page\n  response\n  definition {\n    id\n    version\n    kind\n    title\n    questionnaire\n  }\n  outcome {\n    level\n    rules\n    guidance\n    task\n  }\n}\n"): typeof import('./graphql').IntakeSearchesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RemoveDocument($form_id: ID!, $link_id: String!) {\n  RemoveDocument(form_id: $form_id, link_id: $link_id) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n"): typeof import('./graphql').RemoveDocumentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SignedUploadUrl($category: UploadCategory!, $fileName: String!) {\n  signedUploadUrl(category: $category, fileName: $fileName) {\n    uploadUrl\n    errorMessage\n  }\n}\n"): typeof import('./graphql').SignedUploadUrlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SubmitIdVerification {\n  SubmitIdVerification {\n    data {\n      id\n      status\n    }\n    name\n    statusCode\n  }\n}\n"): typeof import('./graphql').SubmitIdVerificationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateExistingForm(\n  $id: ID!\n  $page: String\n  $answers: [FormAnswerInput!]!\n  $complete: Boolean\n) {\n  UpdateExistingForm(id: $id, page: $page, answers: $answers, complete: $complete) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n"): typeof import('./graphql').UpdateExistingFormDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UploadIdVerificationImage($side: String!, $document_id: ID!) {\n  UploadIdVerificationImage(side: $side, document_id: $document_id) {\n    data {\n      id\n      status\n    }\n    name\n    statusCode\n  }\n}\n"): typeof import('./graphql').UploadIdVerificationImageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpsertIntakeForm(\n  $form_short_id: String!\n  $appointment_id: ID\n  $follow_up_id: ID\n  $treatment_short_id: String\n  $page: String\n  $answers: [FormAnswerInput!]!\n) {\n  UpsertIntakeForm(\n    form_short_id: $form_short_id\n    appointment_id: $appointment_id\n    follow_up_id: $follow_up_id\n    treatment_short_id: $treatment_short_id\n    page: $page\n    answers: $answers\n  ) {\n    data {\n      ...IntakeFormFields\n    }\n    name\n    statusCode\n  }\n}\n"): typeof import('./graphql').UpsertIntakeFormDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetSduiModules {\n  sduiModules {\n    home\n  }\n}\n"): typeof import('./graphql').GetSduiModulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetLabOrders($sort: LabSortOrder!) {\n  labOrders(category: LabResult, sort: $sort) {\n    lab_order_id\n    document_id\n    document {\n      id\n      file_name\n      category\n      created_at\n    }\n    order {\n      id\n      created_at\n      ordered_at\n      received_at\n      provider {\n        id\n        display_name\n      }\n      treatment {\n        id\n        short_id\n        display_name\n      }\n    }\n  }\n}\n"): typeof import('./graphql').GetLabOrdersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetSignedDownloadUrl($fileName: String!, $category: FileCategory!) {\n  signedDownloadUrl(fileName: $fileName, category: $category) {\n    downloadUrl\n    errorMessage\n  }\n}\n"): typeof import('./graphql').GetSignedDownloadUrlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetDosingGuidePlans {\n  activeTreatments {\n    id\n    shortId\n  }\n  treatmentConfiguration {\n    TreatmentShortId\n    TreatmentCategory\n  }\n  customer {\n    id\n    subscriptions {\n      id\n      treatment_id\n      subscription_items {\n        item_price_id\n      }\n    }\n  }\n}\n"): typeof import('./graphql').GetDosingGuidePlansDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateReferral($refereeEmail: String!) {\n  createReferral(refereeEmail: $refereeEmail) {\n    data {\n      id\n      status\n      refereeEmail\n    }\n    message\n    name\n    statusCode\n  }\n}\n"): typeof import('./graphql').CreateReferralDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetReferrals($referrerCustomerId: ID) {\n  referrals(referrerCustomerId: $referrerCustomerId) {\n    id\n    status\n    referrer_discount_remaining\n    refereeEmail\n    created_at\n  }\n}\n"): typeof import('./graphql').GetReferralsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetMeasurementChangeForms {\n  measurementChangeForms {\n    id\n    type\n    value\n    status\n    created_at\n  }\n}\n"): typeof import('./graphql').GetMeasurementChangeFormsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation InsertMeasurementChangeForm($customerId: ID!, $startingWeight: Int!, $reason: String) {\n  InsertMeasurementChangeForm(\n    customerId: $customerId\n    startingWeight: $startingWeight\n    reason: $reason\n  ) {\n    statusCode\n    data {\n      id\n      status\n    }\n  }\n}\n"): typeof import('./graphql').InsertMeasurementChangeFormDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetAppointmentPresence {\n  appointmentsByCustomer {\n    upcoming {\n      ...AppointmentPresence\n    }\n    previous {\n      id\n    }\n    async {\n      ...AppointmentPresence\n    }\n  }\n}\n\nfragment AppointmentPresence on Appointment {\n  id\n  appointment_requirements {\n    requirement_type\n    completed\n    link\n  }\n}\n"): typeof import('./graphql').GetAppointmentPresenceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetAppointmentsByCustomer($minDate: DateTime) {\n  appointmentsByCustomer(minDate: $minDate) {\n    upcoming {\n      ...AppointmentCard\n    }\n    previous {\n      ...AppointmentCard\n    }\n    async {\n      ...AppointmentCard\n    }\n  }\n}\n\nfragment AppointmentCard on Appointment {\n  id\n  sequence\n  start\n  end\n  status\n  is_async\n  provider {\n    id\n    displayName\n    title\n    profileImage\n    virtualVisitLink\n  }\n  treatment {\n    id\n    shortId\n    displayName\n  }\n  encounter {\n    is_signed\n  }\n  appointment_requirements {\n    requirement_type\n    completed\n    createdAt\n    link\n  }\n}\n"): typeof import('./graphql').GetAppointmentsByCustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query IsBulkEligible($treatmentShortId: String) {\n  isBulkEligible(treatmentShortId: $treatmentShortId) {\n    isBulkEligible\n    needsSyncEncounter\n    bulkOrderedTooRecently\n    hasRecentBulkAppointment\n    bulkAvailable\n  }\n}\n"): typeof import('./graphql').IsBulkEligibleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SideEffectCheckIns($short_id: String, $status: String) {\n  intakeSearches(short_id: $short_id, status: $status) {\n    id\n    completed_at\n  }\n}\n"): typeof import('./graphql').SideEffectCheckInsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetCorporateHealth {\n  customer {\n    id\n    corporate_health\n  }\n}\n"): typeof import('./graphql').GetCorporateHealthDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetCustomerData {\n  customer {\n    id\n    short_id\n    full_name\n    first_name\n    last_name\n    preferred_name\n    phone\n    dob\n    sex\n    gender\n    email\n    created_at\n    time_zone\n    shippingAddresses {\n      id\n      address_type\n      first_name\n      last_name\n      street_address1\n      street_address2\n      city\n      state\n      state_code\n      zip_code\n    }\n    tags {\n      name\n    }\n    contracts {\n      id\n      status\n    }\n    subscriptions {\n      id\n      status\n    }\n  }\n}\n"): typeof import('./graphql').GetCustomerDataDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetFeatureFlags {\n  featureFlags {\n    name\n    enabled\n  }\n}\n"): typeof import('./graphql').GetFeatureFlagsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetMessageReadStates($customerId: ID!) {\n  providerMessages(customerId: $customerId) {\n    id\n    read\n  }\n}\n"): typeof import('./graphql').GetMessageReadStatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetProviderMessageTypes {\n  providerMessageTypes {\n    id\n    type\n    description\n  }\n}\n"): typeof import('./graphql').GetProviderMessageTypesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetProviderMessages($customerId: ID!) {\n  providerMessages(customerId: $customerId) {\n    id\n    type\n    read\n    read_on\n    displayTime\n    provider_name\n    provider_image\n    messageSections {\n      name\n      html\n    }\n  }\n}\n"): typeof import('./graphql').GetProviderMessagesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription ProviderMessagesChanged {\n  providerMessagesChanged {\n    change\n    id\n  }\n}\n"): typeof import('./graphql').ProviderMessagesChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProviderMessageRead($messageId: ID!) {\n  updateProviderMessageRead(messageId: $messageId) {\n    data {\n      id\n      read\n      read_on\n    }\n  }\n}\n"): typeof import('./graphql').UpdateProviderMessageReadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetContractExpirationBannerNotifications {\n  contractExpirationBannerNotifications {\n    contract_end_date\n    subscription_id\n    notification {\n      id\n      title\n      message\n      status\n    }\n  }\n}\n"): typeof import('./graphql').GetContractExpirationBannerNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetCustomerNotifications {\n  customerNotifications {\n    ...NotificationFields\n  }\n}\n\nfragment NotificationFields on CustomerNotification {\n  id\n  type\n  title\n  message\n  description\n  severity\n  date\n  status\n  shortId\n  action {\n    label\n    url\n  }\n}\n"): typeof import('./graphql').GetCustomerNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetLabResultNotifications {\n  labResultNotifications {\n    ...NotificationFields\n  }\n}\n"): typeof import('./graphql').GetLabResultNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription NotificationsChanged {\n  notificationsChanged {\n    change\n    id\n  }\n}\n"): typeof import('./graphql').NotificationsChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateCustomerNotificationStatus($id: ID!, $newStatus: CustomerNotificationStatusUpdate!) {\n  updateCustomerNotificationStatus(id: $id, newStatus: $newStatus) {\n    data {\n      id\n      status\n    }\n  }\n}\n"): typeof import('./graphql').UpdateCustomerNotificationStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetPrescriptionsByCustomer($customerId: ID!) {\n  prescriptionsByCustomer(customerId: $customerId) {\n    ...PrescriptionView\n  }\n}\n\nfragment PrescriptionView on Prescription {\n  id\n  created_at\n  updated_at\n  show_tracker\n  status {\n    name\n    display_name\n  }\n  customer {\n    full_name\n    dob\n  }\n  provider {\n    id\n    display_name\n  }\n  treatment {\n    id\n    display_name\n  }\n  kit_snapshots {\n    id\n    catalog_name\n    kit_name\n    directions\n    quantity\n    strength\n    form\n    internal_type\n    refills\n    created_at\n    concentration_mg_per_ml\n    volume_ml\n    weekly_dose_mg\n    weekly_dose_units\n  }\n  media_assets {\n    src\n    alt_text\n    mime_type\n  }\n  runway {\n    doses_left\n    doses_taken\n    doses_total\n    refill_due_on\n    refill_must_ship_by\n    refill_urgent\n    runs_out_on\n  }\n  shipping_status {\n    ...ShipmentView\n  }\n}\n\nfragment ShipmentView on Shipment {\n  id\n  carrier\n  tracking_number\n  tracking_url\n  shipped_at\n  delivered_at\n  stage\n  status\n  warning\n  stalled_days\n  steps {\n    stage\n    state\n  }\n  events {\n    id\n    label\n    source\n    status\n    raw_status\n    stage\n    warning\n    message\n    location\n    occurred_at\n  }\n}\n"): typeof import('./graphql').GetPrescriptionsByCustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription TreatmentRecordsChanged {\n  customerChanged {\n    reason\n  }\n}\n"): typeof import('./graphql').TreatmentRecordsChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetCustomerMeasurements {\n  getCustomerMeasurements {\n    id\n    type\n    value\n    unit\n    source\n    recorded_at\n  }\n}\n"): typeof import('./graphql').GetCustomerMeasurementsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ImportWeightData($weightData: String!) {\n  importWeightData(weightData: $weightData) {\n    recorded\n    skipped\n    already_recorded\n  }\n}\n"): typeof import('./graphql').ImportWeightDataDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation InsertCustomerMeasurement(\n  $customerId: ID!\n  $type: String!\n  $value: Int!\n  $unit: String!\n  $recordedAt: Date!\n) {\n  InsertCustomerMeasurement(\n    customerId: $customerId\n    type: $type\n    value: $value\n    unit: $unit\n    recorded_at: $recordedAt\n  ) {\n    statusCode\n    data {\n      id\n    }\n  }\n}\n"): typeof import('./graphql').InsertCustomerMeasurementDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateWeightMeasurement($id: ID!, $newWeight: Int!) {\n  updateWeightMeasurement(id: $id, newWeight: $newWeight) {\n    statusCode\n    data {\n      id\n      value\n    }\n  }\n}\n"): typeof import('./graphql').UpdateWeightMeasurementDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
