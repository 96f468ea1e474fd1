import { FEATURE_FLAGS } from '@portal/domain';
import { builder } from '../../graphql/builder';

const FeatureFlag = builder.objectRef<{ name: string; enabled: boolean }>('FeatureFlag').implement({
  fields: (t) => ({ name: t.exposeString('name'), enabled: t.exposeBoolean('enabled') }),
});

builder.queryField('featureFlags', (t) =>
  t.field({
    type: [FeatureFlag],
    description: 'Every flag the spec names, as it applies to the signed-in customer.',
    authScopes: { customer: true },
    resolve: async (_root, _args, ctx) => {
      const values = await ctx.services.flags.flagsFor(ctx.viewer?.customerId ?? null);
      return Object.values(FEATURE_FLAGS).map((name) => ({
        name,
        enabled: values.get(name) ?? false,
      }));
    },
  }),
);
