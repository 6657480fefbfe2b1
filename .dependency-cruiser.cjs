/**
 * The layout as rules (`npm run lint` runs them after ESLint): a feature of the SPA stands alone, shared
 * folders serve everyone and import no feature, nothing imports in a circle, and production code never
 * imports a test helper. In functions/, arrows run down only: handlers (http, events, schedules) use lib;
 * lib never imports a handler; repositories import only other repositories, the item types under them and
 * the AWS plumbing, never a service. Test files may reach further (a feature's test may use the app's composition).
 */
const FEATURE = '^frontend/src/features/';
const SHARED_SPA_FOLDERS = '^frontend/src/(components|config|lib|pages)/';
const TEST_FILE = '\\.test\\.tsx?$';
const HANDLERS = '^functions/src/(http|events|schedules)/';
/** What a repository may import inside functions/src: its siblings, the aggregates' item types, and the plumbing. */
const BELOW_REPOSITORIES = '^functions/src/lib/(repositories/|members/item\\.ts$|(dynamo|env|powertools|aws-clients|s3)\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other (lazily or not) cannot be read, tested or split apart alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-imports-feature',
      severity: 'error',
      comment: 'A feature does not import another feature: the app composes them (slots in app/feature-slots.tsx), or what both need moves to a shared folder.',
      from: { path: `${FEATURE}([^/]+)/` },
      to: { path: FEATURE, pathNot: `${FEATURE}$1/` },
    },
    {
      name: 'feature-imports-app',
      severity: 'error',
      comment: 'A feature does not import the app that composes it.',
      from: { path: FEATURE, pathNot: TEST_FILE },
      to: { path: '^frontend/src/app/' },
    },
    {
      name: 'shared-folder-imports-feature',
      severity: 'error',
      comment: 'Shared folders (components, config, lib, pages) import no feature and no app.',
      from: { path: SHARED_SPA_FOLDERS, pathNot: TEST_FILE },
      to: { path: [FEATURE, '^frontend/src/app/'] },
    },
    {
      name: 'lib-imports-handler',
      severity: 'error',
      comment: 'functions/src/lib serves the handlers (http, events, schedules) and never imports one: what two handlers share moves down into lib.',
      from: { path: '^functions/src/lib/' },
      to: { path: HANDLERS },
    },
    {
      name: 'repository-imports-upward',
      severity: 'error',
      comment: 'A repository stores and reads items: it imports other repositories, the item types (lib/members/item.ts) and the AWS plumbing, never a service, a view or a handler. A rule it needs is passed in or moves down.',
      from: { path: '^functions/src/lib/repositories/', pathNot: TEST_FILE },
      to: { path: '^functions/src/', pathNot: BELOW_REPOSITORIES },
    },
    {
      name: 'production-imports-test-helper',
      severity: 'error',
      comment: 'Test helpers live in frontend/testing, functions/testing and test/, and only tests use them.',
      from: { path: '^(frontend/src|functions/src|shared/src|infra/lib|infra/local)/', pathNot: TEST_FILE },
      to: { path: '^(frontend/testing|functions/testing|test)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|cdk\\.out)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    skipAnalysisNotInRules: true,
  },
};
