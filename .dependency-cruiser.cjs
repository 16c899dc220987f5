/**
 * Import rules of shared/GUIDE.md, checked by `npm test` (lint step): no cycles, web features never
 * import each other, server modules never import another module's repository, web and server meet
 * only in the contract, and the web app takes the contract's values from its entry points.
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
      comment: "A server module never imports another module's repository; it asks that module's service.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/([^/]+)/.*\\.repository\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
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
    exclude: { path: '(^|/)(dist|node_modules|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
