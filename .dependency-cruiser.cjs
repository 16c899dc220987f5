/**
 * Import rules of shared/GUIDE.md, checked by `npm test` (lint step): no cycles, web features never
 * import each other or the app shell, shared web code never imports a feature, server modules never
 * import another module's repository, http/ or the composition root, db/ imports no module, the
 * command line goes through services, web and server meet only in the contract, and the web app
 * takes the contract's values from its entry points (docs/architecture.md, "Layers").
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'web-features-isolated',
      comment: 'A web feature does not import another feature; shared code moves to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'server-repositories-private',
      comment:
        "A server module (or platform module) never imports another one's repository; it asks that module's " +
        'service, or calls the function its owner exposes over a transaction (docs/decisions/0022).',
      severity: 'error',
      from: { path: '^apps/server/src/(?:modules|platform)/([^/]+)/' },
      to: {
        path: '^apps/server/src/(?:modules|platform)/[^/]+/[^/]*\\.repository\\.ts$',
        pathNot: '^apps/server/src/(?:modules|platform)/$1/',
      },
    },
    {
      name: 'server-modules-point-down',
      comment:
        'Modules and platform modules never import http/ or the composition root (app.ts, compose.ts, main.ts) ' +
        'or the command line: handler types and Deps live in core/ (docs/architecture.md, "Layers").',
      severity: 'error',
      from: { path: '^apps/server/src/(?:modules|platform)/' },
      to: { path: '^apps/server/src/(?:http/|cli/|app\\.ts$|compose\\.ts$|main\\.ts$)' },
    },
    {
      name: 'server-core-at-the-bottom',
      comment:
        'core/ (caller, errors, handler types, Deps) is imported by every layer and imports none above it but types.',
      severity: 'error',
      from: { path: '^apps/server/src/core/' },
      to: {
        path: '^apps/server/src/(?:http|modules|platform|cli|repositories)/|^apps/server/src/(?:app|compose|main)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-db-below-modules',
      comment: 'db/ (schema, migrations, dialect, prepared queries) is below the repositories: it imports no module.',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: {
        path: '^apps/server/src/(?:modules|platform|http|cli|repositories|core)/|^apps/server/src/(?:app|compose|main)\\.ts$',
      },
    },
    {
      name: 'server-cli-through-services',
      comment:
        "The command line (cli/) builds the services through compose.ts or calls modules' services; it never imports " +
        "a module's repository or http/ (its own demo repository under cli/demo is its own).",
      severity: 'error',
      from: { path: '^apps/server/src/cli/' },
      to: { path: '^apps/server/src/(?:modules|platform)/.*\\.repository\\.ts$|^apps/server/src/http/' },
    },
    {
      name: 'web-features-below-app',
      comment:
        'A web feature does not import the app shell (src/app/: router, layout, providers); the shell imports features.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-below-features',
      comment: 'Shared web code (components/, lib/) never imports a feature; what two features share moves down.',
      severity: 'error',
      from: { path: '^apps/web/src/(?:components|lib)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-server-apart',
      comment: 'The web app and the server meet only in the contract.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-web-apart',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-contract-entry-points',
      comment:
        "The web app takes values from the contract's entry points (constants, messages, fields, phone, card-rules, " +
        'endpoints/<domain>), so that a screen bundles only the schemas it uses; the index, which holds every ' +
        'endpoint\'s schemas, is for types only (bench/README.md, "First load").',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^packages/contract/src/index\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-standalone',
      comment: 'The contract imports neither app.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|data)/|^apps/server/dist-' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
