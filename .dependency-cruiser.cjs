/**
 * The layout as rules (`npm run lint` runs them after ESLint): a feature of the SPA stands alone, shared
 * folders serve everyone and import no feature, components/ import nothing of lib/ (lib/ may use them), nothing imports in a circle, and production code never
 * imports a test helper. In functions/, arrows run down only: handlers (http, events, schedules) use the modules
 * (one folder per aggregate, e.g. members, mentorships, safeguarding/blocks) and lib, the plumbing; a module is used
 * through its one public face, its index.ts; lib imports no module and no handler; a module never imports lib/http (it
 * refuses with DomainError, which the HTTP layer answers); repositories import only other
 * repositories, item types, other modules' faces and the AWS plumbing, never a service. Test files may reach further
 * (a feature's test may use the app's composition, a handler's test may mock a module's file).
 */
const FEATURE = '^frontend/src/features/';
const SHARED_SPA_FOLDERS = '^frontend/src/(components|config|lib|pages)/';
const TEST_FILE = '\\.test\\.tsx?$';
const HANDLERS = '^functions/src/(http|events|schedules)/';
/** functions/src's folders that are not a domain module: the handlers and the plumbing. */
const NOT_MODULES = '(http|events|schedules|lib)/';
/**
 * A domain module's folder: a top folder of functions/src, or one level deeper where a folder groups modules
 * (safeguarding/blocks). The mentorship's life cycle (lifecycle/) is a top folder of its own: it uses mentorships,
 * sessions and safeguarding, so it stands beside them, not inside one of them.
 */
const MODULE = '^functions/src/(safeguarding/[^/]+(?=/)|[^/]+)/';
const MODULE_FACE = `^functions/src/(?!${NOT_MODULES})(safeguarding/[^/]+|[^/]+)/index\\.ts$`;
/** A repository: a module's repository.ts or <something>-repository.ts. */
const REPOSITORY = `^functions/src/(?!${NOT_MODULES})[^.]*repository\\.ts$`;
/**
 * What a repository may import inside functions/src: other repositories, item types, other modules' faces (for their
 * items and repositories; the life cycle's face is all services), and the plumbing.
 */
const BELOW_REPOSITORIES = [
  REPOSITORY,
  `^functions/src/(?!${NOT_MODULES})[^.]*/item\\.ts$`,
  `^functions/src/(?!${NOT_MODULES}|lifecycle/)(safeguarding/[^/]+|[^/]+)/index\\.ts$`,
  '^functions/src/lib/(dynamo|env|powertools|aws-clients|s3)\\.ts$',
];

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
      name: 'component-imports-lib',
      severity: 'error',
      comment: 'The arrow between the SPA\'s shared folders points one way: components/ are what a page is drawn with (props in, markup out) and know no session, no API and no slot; lib/ (the session, the API, Stream, slots) may draw with them. A component that needs lib is wired in app/ or lives in lib/.',
      from: { path: '^frontend/src/components/', pathNot: TEST_FILE },
      to: { path: '^frontend/src/lib/' },
    },
    {
      name: 'lib-imports-handler',
      severity: 'error',
      comment: 'functions/src/lib serves the handlers (http, events, schedules) and never imports one: what two handlers share moves down into lib.',
      from: { path: '^functions/src/lib/' },
      to: { path: HANDLERS },
    },
    {
      name: 'lib-imports-module',
      severity: 'error',
      comment: 'functions/src/lib is plumbing (HTTP and event middlewares, DynamoDB, mail sending, schedules, Stream\'s server client, AWS clients): it knows no aggregate. What needs one belongs in that module.',
      from: { path: '^functions/src/lib/' },
      to: { path: '^functions/src/', pathNot: ['^functions/src/lib/', HANDLERS] },
    },
    {
      name: 'handler-imports-module-internals',
      severity: 'error',
      comment: 'A handler (http, events, schedules) uses a module through its public face, its index.ts, never one of its files.',
      from: { path: HANDLERS, pathNot: TEST_FILE },
      to: { path: `^functions/src/(?!${NOT_MODULES})`, pathNot: MODULE_FACE },
    },
    {
      name: 'module-imports-module-internals',
      severity: 'error',
      comment: 'A module uses another module only through its index.ts; its own files it imports directly.',
      from: { path: `${MODULE}`, pathNot: [`^functions/src/${NOT_MODULES}`, TEST_FILE] },
      to: { path: `^functions/src/(?!${NOT_MODULES})`, pathNot: [`^functions/src/$1/`, MODULE_FACE] },
    },
    {
      name: 'repository-imports-upward',
      severity: 'error',
      comment: 'A repository stores and reads items: it imports other repositories, item types (members/item.ts), other modules\' faces and the AWS plumbing, never a service, a view or a handler. A rule it needs is passed in or moves down.',
      from: { path: REPOSITORY, pathNot: TEST_FILE },
      to: { path: '^functions/src/', pathNot: BELOW_REPOSITORIES },
    },
    {
      name: 'stream-stand-in-internals',
      severity: 'error',
      comment: 'The local Stream stand-in is used through its one public face, infra/local/stream/index.ts; its own files import each other directly.',
      from: { path: '^(infra/local|test|scripts)/', pathNot: '^infra/local/stream/' },
      to: { path: '^infra/local/stream/', pathNot: '^infra/local/stream/index\\.ts$' },
    },
    {
      name: 'module-imports-http',
      severity: 'error',
      comment: 'A domain module knows nothing of HTTP: it refuses with DomainError (lib/domain-error.ts), whose code the HTTP layer (lib/http) maps to a status and the documented error shape. Who is calling is lib/auth/identity.ts.',
      from: { path: `^functions/src/(?!${NOT_MODULES})`, pathNot: TEST_FILE },
      to: { path: '^functions/src/lib/http/' },
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
