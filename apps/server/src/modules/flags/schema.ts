import { builder } from '../../graphql/builder';
import type { FlagService } from './service';

declare module '../../graphql/context' {
  interface Services {
    flags: FlagService;
  }
}

const FeatureFlag = builder.objectRef<{ name: string; enabled: boolean }>('FeatureFlag').implement({
  fields: (t) => ({ name: t.exposeString('name'), enabled: t.exposeBoolean('enabled') }),
});

builder.queryField('featureFlags', (t) =>
  t.field({
    type: [FeatureFlag],
    description: 'Every flag the spec names, as it applies to the signed-in customer.',
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) =>
      ctx.services.flags.namedFlagsFor(ctx.viewer?.customerId ?? null),
  }),
);
