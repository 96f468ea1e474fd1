import type { ObjectRef, SchemaTypes } from '@pothos/core';
import { builder } from './builder';
import type { Payload } from './payload';

type Types =
  typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T extends SchemaTypes> ? T : never;

/** Spec 01 §7: a mutation's response type — its data and the envelope's message, name, status. */
export function payloadType<Shape>(name: string, data: ObjectRef<Types, Shape>) {
  return builder.objectRef<Payload<Shape>>(name).implement({
    fields: (t) => ({
      // p.data is the ref's own Shape; Pothos' conditional resolver type cannot see that
      // through a generic, hence the cast (checked where each payload is built with ok()).
      data: t.field({ type: data, resolve: (p) => p.data as never }),
      message: t.exposeString('message'),
      name: t.exposeString('name'),
      statusCode: t.exposeInt('statusCode'),
    }),
  });
}
