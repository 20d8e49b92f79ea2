/**
 * The layering of ARCHITECTURE.md, checked by `npm run lint:deps` (part of `npm test`). Inside shared/,
 * dependencies run one way: base (top-level files, types, crypto, rate-limit, net) ← db ← repos ←
 * storage/processors/payouts/mail/cache ← domain ← imports ← use-cases; temporal sits beside, on base, and tracing on
 * temporal. tooling/ (local PostgreSQL and Temporal) is outside the layers: no deployed process loads it.
 * Paths are relative to the directory depcruise runs in (the repository root; test/unit/layering.test.ts
 * runs it on fixture trees with the same folder names).
 */
const BASE = '^shared/([^/]+\\.ts$|types/|crypto/|rate-limit/|net/)';
const ABOVE_DB =
  '^shared/(repos|storage|processors|payouts|mail|cache|temporal|tracing|domain|imports|use-cases)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes load order fragile and the layers meaningless; type-only imports count too.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-not-to-services',
      comment: 'shared/ is the library every service and activity uses; it must never reach back into them.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(services|activities)/' },
    },
    {
      name: 'production-not-to-tooling',
      comment:
        'tooling/ starts local PostgreSQL and Temporal for the launcher, tests, benchmarks and dev scripts; the processes a deployment runs (gateway, worker, sftp server), their activities and workflows, and the shared library under them never load it.',
      severity: 'error',
      from: { path: '^(shared|activities|workflows)/|^services/(gateway|worker|sftp)/' },
      to: { path: '^tooling/' },
    },
    {
      name: 'shared-to-workflows-only-from-temporal',
      comment: 'Only the typed Temporal client code (shared/temporal) may name workflow functions.',
      severity: 'error',
      from: { path: '^shared/', pathNot: '^shared/temporal/' },
      to: { path: '^workflows/' },
    },
    {
      name: 'workflows-only-from-temporal',
      comment:
        'Services, activities, scripts and clients start and signal workflows through shared/temporal, never by importing them (the benchmarks measure raw Temporal starts and may).',
      severity: 'error',
      from: { pathNot: '^(shared|workflows|bench)/' },
      to: { path: '^workflows/' },
    },
    {
      name: 'base-not-up',
      comment:
        'Base files (errors, validation, config, types, crypto, ...) are imported by every layer, so import none.',
      severity: 'error',
      from: { path: BASE },
      to: { path: `^shared/db/|${ABOVE_DB}` },
    },
    {
      name: 'db-not-up',
      comment:
        'shared/db (knex, errors, notify, migrations) sits under the repos and knows nothing above it.',
      severity: 'error',
      from: { path: '^shared/db/' },
      to: { path: ABOVE_DB },
    },
    {
      name: 'repos-only-base-and-db',
      comment:
        'Repos are plain SQL over base types and shared/db; rules, caches and workflows are built on them.',
      severity: 'error',
      from: { path: '^shared/repos/' },
      to: { path: '^shared/(domain|cache|imports|use-cases|temporal|storage|processors|payouts|mail)/' },
    },
    {
      name: 'cache-not-up',
      comment: 'The caches read through repos; the domain uses the caches, never the other way round.',
      severity: 'error',
      from: { path: '^shared/cache/' },
      to: { path: '^shared/(domain|imports|use-cases|temporal)/' },
    },
    {
      name: 'domain-not-to-orchestration',
      comment:
        "The domain commits facts; starting or signalling workflows after the commit is the use-cases' job.",
      severity: 'error',
      from: { path: '^shared/domain/' },
      to: { path: '^shared/(temporal|imports|use-cases)/' },
    },
    {
      name: 'imports-not-to-orchestration',
      comment:
        'Import jobs apply rows through the domain; the workflow around them is started by a use-case.',
      severity: 'error',
      from: { path: '^shared/imports/' },
      to: { path: '^shared/(use-cases|temporal)/' },
    },
    {
      name: 'services-not-to-repos',
      comment: 'Services and activities go through use-cases and the domain; repos only as `import type`.',
      severity: 'error',
      from: { path: '^(services|activities)/' },
      to: { path: '^shared/repos/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'handlers-not-to-temporal',
      comment: 'Routes and resolvers call use-cases, which start or signal workflows after their commit.',
      severity: 'error',
      from: { path: '^services/gateway/(routes|graphql|mcp)/' },
      to: { path: '^shared/temporal/' },
    },
    {
      name: 'routes-not-to-routes',
      comment:
        'Each route file stands alone; what two share lives in a *.schema.ts, the domain or a use-case.',
      severity: 'error',
      from: { path: '^services/gateway/routes/[^/]+\\.routes\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'browser-library-standalone',
      comment:
        "The browser library is one bundle for merchants' pages: it may not pull in server code or packages (shared/contract, the API's dependency-free value lists, is not server code).",
      severity: 'error',
      from: { path: '^clients/browser/src/' },
      to: { pathNot: ['^clients/browser/src/', '^shared/contract/'] },
    },
    {
      name: 'browser-widget-drawing-on-demand',
      comment:
        "The widget's drawing code (clients/browser/src/widget-drawing) is a second script the library loads when a page first shows the widget: the library may name its types, never import its code, which would put it back into every page's script.",
      severity: 'error',
      from: { path: '^clients/browser/src/', pathNot: '^clients/browser/src/widget-drawing/' },
      to: { path: '^clients/browser/src/widget-drawing/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'admin-portal-standalone',
      comment:
        "The admin portal runs in the browser and talks to /admin/api only: its own files, the API's value lists (shared/contract), Preact and uPlot, no server code (the generated GraphQL types also name a types-only package).",
      severity: 'error',
      from: { path: '^clients/admin/src/' },
      to: {
        pathNot: [
          '^clients/admin/src/',
          '^shared/contract/',
          '^node_modules/(preact|uplot)/',
          '^(node_modules/)?@graphql-typed-document-node/core(/|$)',
        ],
      },
    },
    {
      name: 'contract-standalone',
      comment:
        "shared/contract holds the API's closed value lists for the server and the browser clients alike: it imports nothing (no package, no Node built-in, no other project file), so a client bundle that imports it gets nothing server-side.",
      severity: 'error',
      from: { path: '^shared/contract/' },
      to: { pathNot: '^shared/contract/' },
    },
    {
      name: 'sdk-standalone',
      comment:
        'The server SDK is published as its own package with no runtime dependencies: its own files and Node built-ins only, no server code.',
      severity: 'error',
      from: { path: '^clients/sdk/' },
      to: { pathNot: ['^clients/sdk/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'workflows-deterministic',
      comment: 'Workflow code is replayed: at run time only @temporalio/workflow and sibling workflows.',
      severity: 'error',
      from: { path: '^workflows/', pathNot: '^workflows/tracing\\.interceptors\\.ts$' },
      to: {
        pathNot: ['^workflows/', '^node_modules/@temporalio/workflow/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'workflow-interceptors-deterministic',
      comment:
        "Tracing's workflow interceptors run in the workflow sandbox too: besides @temporalio/workflow only Temporal's OpenTelemetry package (made for the sandbox) and the OpenTelemetry API.",
      severity: 'error',
      from: { path: '^workflows/tracing\\.interceptors\\.ts$' },
      to: {
        pathNot: [
          '^node_modules/@temporalio/workflow/',
          '^node_modules/@temporalio/interceptors-opentelemetry/lib/workflow/',
          '^node_modules/@opentelemetry/api/',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    // Type-only imports are dependencies too (for cycles and layers); TypeScript would drop them.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // node_modules stays in the graph (not followed), so workflows-deterministic sees packages too.
    exclude: { path: '^(dist|\\.data|\\.tools|clients/sdk/dist)/' },
    moduleSystems: ['es6', 'cjs'],
  },
};
