// The staff API's input schemas live in @portal/domain (schemas/staff.ts); the service still
// names its input types from here.
export type { CreateNotificationInput, PostMessageInput } from '@portal/domain';
