// No circle of files anywhere, type-only imports included (issue 38), the repository's only cycle
// check (ESLint's import-x/no-cycle skipped `import type` and was dropped, issue 46), and a circle of types is still a circle of meaning (a service that names
// the GraphQL context that names the service). `npm run lint` runs this; tools/lint-rules.test.ts
// proves it bites on tools/lint-fixtures.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file never reaches itself through its imports, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'care-console-apart',
      severity: 'error',
      comment:
        "The care console (apps/web/src/care, issue 41) is its own page's code: nothing of the " +
        "customer's app imports it, so no customer page can load it.",
      from: { path: '^apps/web/src/(?!care/)' },
      to: { path: '^apps/web/src/care/' },
    },
    {
      name: 'care-console-imports',
      severity: 'error',
      comment:
        'The care console builds on the shared pieces only (components, lib, the theme, ' +
        "@portal/domain), never on the customer's features or app shell.",
      from: { path: '^apps/web/src/care/' },
      to: {
        path: '^apps/web/src/',
        pathNot: '^apps/web/src/(?:care/|components/|lib/|app/theme[.]ts$)',
      },
    },
  ],
  options: {
    // Count `import type` and type-only specifiers as the dependencies they are.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // tools/lint-fixtures breaks the rule on purpose; tools/lint-rules.test.ts cruises it alone.
    exclude: {
      path: [
        'node_modules',
        '/dist/',
        'apps/web/src/gql/',
        '/test-results/',
        'tools/lint-fixtures',
      ],
    },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    // Workspace packages are resolved through node_modules' links to their sources.
    preserveSymlinks: false,
  },
};
