import { builder } from '../../graphql/builder';
import { requireCustomer } from '../../graphql/guards';
import type { SduiLists } from './service';
import type { SduiService } from './service';

declare module '../../graphql/context' {
  interface Services {
    sdui: SduiService;
  }
}

const SduiModules = builder.objectRef<SduiLists>('SduiModules').implement({
  description:
    'Server-driven module lists, in order. The web still applies the spec 01 section 2 rules ' +
    '(appointments hidden with none, weightTracker when not allowed, referrals when eligible).',
  fields: (t) => ({
    home: t.exposeStringList('home'),
    account: t.exposeStringList('account'),
  }),
});

builder.queryField('sduiModules', (t) =>
  t.field({
    type: SduiModules,
    description:
      "GetSduiModules: the customer's own lists, else the default lists, else the spec's " +
      'built-in lists.',
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) => ctx.services.sdui.listsFor(requireCustomer(ctx)),
  }),
);
