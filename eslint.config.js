// Typed lint baseline (STYLE.md rule 9) and the architecture's boundaries (DESIGN.md section 4),
// shared by every workspace.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const repoRoot = import.meta.dirname;

// The boundary rules apply to the repository and, unchanged, to tools/lint-fixtures/, a
// miniature of the same layout whose files break each rule on purpose (tools/lint-rules.test.ts
// proves every rule bites). `eslint .` ignores the fixtures.
const FIXTURES = 'tools/lint-fixtures';
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**'];

/** Subfolders of `dir` (relative to the repository), read when the config loads. */
function folders(dir) {
  try {
    return readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** import-x/no-restricted-paths zones for one copy of the layout (`root` is '' or FIXTURES/). */
function zones(root, { testFile }) {
  const abs = (p) => path.join(repoRoot, root, p);
  const web = 'apps/web/src';
  const server = 'apps/server/src';

  // Web: a feature imports only itself, components/, lib/ and gql/ (npm packages and
  // @portal/domain live outside src/); its tests may also use src/test/.
  const features = folders(`${root}${web}/features`).map((feature) => ({
    target: `${root}${web}/features/${feature}/**`,
    from: [`${root}${web}/**`],
    except: [
      `features/${feature}/**`,
      'components/**',
      'lib/**',
      'gql/**',
      ...(testFile ? ['test/**'] : []),
    ].map((p) => abs(`${web}/${p}`)),
    message: `A feature imports only itself, components/, lib/ and gql/${
      testFile ? ' (and src/test/ from tests)' : ''
    }; move what two features share to components/ or lib/.`,
  }));
  const shared = {
    target: [`${root}${web}/components/**`, `${root}${web}/lib/**`],
    from: [`${root}${web}/features/**`, `${root}${web}/app/**`],
    message: 'components/ and lib/ are shared: they never import features/ or app/.',
  };

  // Server: a module's store (store.ts, *-store.ts) is imported only inside its module.
  const stores = folders(`${root}${server}/modules`).map((module) => ({
    target: [
      `${root}${server}/modules/!(${module})/**`,
      `${root}${server}/!(modules)/**`,
      `${root}${server}/*`,
      `${root}apps/server/!(src)/**`,
      `${root}apps/server/*`,
      `${root}bench/**`,
      `${root}e2e/**`,
    ],
    from: `${root}${server}/modules/${module}/{store,*-store}.ts`,
    message: `Only modules/${module}/ reads its store; other code calls its service.`,
  }));
  const compositionRoot = {
    target: `${root}${server}/modules`,
    from: `${root}${server}/@(services|app|compose-*).ts`,
    message: 'Modules receive their dependencies; they never import the composition or app.ts.',
  };
  const platform = {
    target: `${root}${server}/platform`,
    from: `${root}${server}/identity`,
    message: 'platform/ sits below identity/ and never imports it.',
  };

  // GraphQL: the kit (graphql/: builder, guards, payload helpers, the context's type) sits below
  // the modules and names none of them; the host (graphql-host/: context, schema assembly,
  // persisted operations, subscriptions) sits above them. In a module only its schema files
  // (schema.ts, schema-*.ts, *-schema.ts) speak GraphQL: services and stores throw AppError.
  const schemaFile = '!(schema|schema-*|*-schema).ts';
  const graphql = testFile
    ? []
    : [
        {
          target: `${root}${server}/modules/**/${schemaFile}`,
          from: [`${root}${server}/graphql`, `${root}${server}/graphql-host`],
          message:
            "Only a module's schema files speak GraphQL; services and stores throw AppError " +
            '(platform/errors.ts), which each edge maps.',
        },
        {
          target: `${root}${server}/graphql`,
          from: [`${root}${server}/modules`, `${root}${server}/graphql-host`],
          message:
            "graphql/ is the kit below the modules: it names no module (they add their services to the context's type).",
        },
        {
          target: [
            `${root}${server}/modules`,
            `${root}${server}/platform`,
            `${root}${server}/identity`,
            `${root}${server}/db`,
          ],
          from: `${root}${server}/graphql-host`,
          message: 'graphql-host/ sits above the modules; only app.ts and the composition use it.',
        },
      ];

  // Tables: each area's tables live in db/schema/<area>.ts (and the files TABLES_OF names);
  // its code imports only those and the shared catalogue. Tests and the demo seed read any.
  const tables = testFile
    ? []
    : [
        ...folders(`${root}${server}/modules`).map((module) => ({
          target: `${root}${server}/modules/${module}/**`,
          own: [module, ...(TABLES_OF[module] ?? [])],
        })),
        ...['identity', 'platform'].map((area) => ({
          target: `${root}${server}/${area}/**`,
          own: [area, ...(TABLES_OF[area] ?? [])],
        })),
      ].map(({ target, own }) => ({
        target,
        from: `${root}${server}/db/schema/**`,
        except: [abs(`${server}/db/schema/@(${[...own, ...SHARED_TABLES].join('|')}).ts`)],
        message: `This area reads only its own tables (db/schema/{${own.join(',')}}.ts) and the catalogue; another area's data comes through that area's service.`,
      }));
  return [...features, shared, ...stores, compositionRoot, platform, ...graphql, ...tables];
}

/** Table files an area owns beside db/schema/<area>.ts. */
const TABLES_OF = {
  customers: ['customer-actions'],
  platform: ['jobs', 'gateway'],
};
/** Reference data every area reads: treatments, their configurations, providers. */
const SHARED_TABLES = ['catalog'];

/** Audit rows are written only by the unit of work (platform/): no module names the table. */
const auditByUnitOfWork = {
  files: [
    'apps/server/src/{modules,identity}/**/*.ts',
    `${FIXTURES}/apps/server/src/{modules,identity}/**/*.ts`,
  ],
  ignores: TEST_FILES,
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: 'TemplateElement[value.raw=/\\baudit_log\\b/]',
        message:
          'Audit rows are written only by the unit of work (platform/unit-of-work.ts, platform/audit.ts).',
      },
      {
        selector: 'Literal[value=/\\baudit_log\\b/]',
        message:
          'Audit rows are written only by the unit of work (platform/unit-of-work.ts, platform/audit.ts).',
      },
    ],
  },
};

const restrictedPaths = (options) => [
  'error',
  { basePath: repoRoot, zones: ['', `${FIXTURES}/`].flatMap((root) => zones(root, options)) },
];

const DOMAIN_SOURCES = ['packages/domain/src/**', `${FIXTURES}/packages/domain/src/**`];
const purity = (what) => `packages/domain is pure (STYLE.md rule 1): ${what}`;
const domainPurity = {
  files: DOMAIN_SOURCES.map((dir) => `${dir}/*.{ts,tsx,js}`),
  rules: {
    'no-restricted-globals': [
      'error',
      { name: 'process', message: purity('no process.env; pass configuration in.') },
    ],
    'no-restricted-imports': [
      'error',
      {
        paths: builtinModules.map((name) => ({ name, message: purity('no Node modules.') })),
        patterns: [{ group: ['node:*'], message: purity('no Node modules.') }],
      },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: "MemberExpression[property.name='env'][object.property.name='process']",
        message: purity('no process.env; pass configuration in.'),
      },
      {
        selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
        message: purity('no Date.now(); take `now` as an argument.'),
      },
      {
        selector: "NewExpression[callee.name='Date'][arguments.length=0]",
        message: purity('no new Date() without an argument; take `now` as an argument.'),
      },
      {
        selector: "CallExpression[callee.name='Date']",
        message: purity('no Date(); take `now` as an argument.'),
      },
      {
        selector: "MemberExpression[object.name='Math'][property.name='random']",
        message: purity('no Math.random; take a random source as an argument.'),
      },
      {
        selector: 'ImportExpression[source.value=/^node:/]',
        message: purity('no Node modules.'),
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/web/src/gql/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      `${FIXTURES}/**`,
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.ts'],
        },
        tsconfigRootDir: repoRoot,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only', message: 'No .only in tests.' },
        { object: 'test', property: 'only', message: 'No .only in tests.' },
        { object: 'describe', property: 'only', message: 'No .only in tests.' },
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message:
            'No module mocks: the server and web suites share one module graph per worker ' +
            '(isolate: false), so a mock misses modules another file loaded first. Pass the ' +
            'dependency in, or fake it at its edge (fetch, the clock, the gateway).',
        })),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', `${FIXTURES}/apps/web/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import boundaries, on resolved paths (extensionless imports, workspace packages). Cycles are
  // dependency-cruiser's (`npm run cycles`, in `npm run lint`): its no-circular finds every
  // circle import-x/no-cycle found and the type-only ones it skipped, and the rule cost 15% of
  // the typed lint's time (TIMING=1).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without this import-x parses only .js dependencies and resolves no .ts import.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': restrictedPaths({ testFile: false }),
    },
  },
  {
    files: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': restrictedPaths({ testFile: true }) },
  },
  domainPurity,
  auditByUnitOfWork,
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
