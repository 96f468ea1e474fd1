/** Spec 01 §7: mutation responses carry data, message, name and statusCode. */
export interface Payload<T> {
  data: T;
  message: string;
  name: string;
  statusCode: number;
}

/** The spec's success envelope around a mutation's data. */
export const ok = <T>(name: string, message: string, data: T): Payload<T> => ({
  data,
  message,
  name,
  statusCode: 200,
});
