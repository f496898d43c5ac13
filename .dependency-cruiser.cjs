// Module boundaries (docs/ARCHITECTURE.md "Module map") as dependency-cruiser rules, run by tests/unit/tooling/modules.test.ts
// (and by hand: `npx depcruise core server actions renderer components studio tools schemas tests`). Type-only imports
// count (tsPreCompilationDeps). The table-ownership check (which module writes which table) is not about imports:
// it stays in tools/modules/graph.ts with its map in tools/modules/rules.ts.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere (type-only imports count too).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'actions-not-renderer',
      comment: 'actions/ (the verbs) never import the interpreter (renderer/) or components/.',
      severity: 'error',
      from: { path: '^actions/' },
      to: { path: '^(renderer|components)/' },
    },
    {
      name: 'actions-api-is-the-client',
      comment: 'actions/api/ is the HTTP client only: it imports nothing but itself, the stores and the contract types.',
      severity: 'error',
      from: { path: '^actions/api/' },
      to: { dependencyTypesNot: ['npm', 'core', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: ['^(actions/api|actions/stores|schemas/types|core)/', '\\.json$'] },
    },
    {
      name: 'server-not-browser',
      comment: 'server/ never imports the browser side.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(renderer|components|actions|studio)/' },
    },
    {
      name: 'core-is-pure',
      comment: 'core/ (pointer, conditions: the evaluator the browser, the first view, the server and the checker share) imports nothing of the app.',
      severity: 'error',
      from: { path: '^core/' },
      to: { dependencyTypesNot: ['npm', 'core', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: '^core/' },
    },
    {
      name: 'server-module-through-index',
      comment: "A server module reaches another only through its index.ts (its public surface); infrastructure (lib/, db/) anywhere; server/*.ts (the composition root) wires everything; workflows have their own rule.",
      severity: 'error',
      from: { path: '^server/([^/]+)/', pathNot: ['^server/db/', '^server/[^/]+/schema\\.ts$'] },
      to: { path: '^server/[^/]+/', pathNot: ['^server/$1/', '^server/(lib|db)/', '^server/[^/]+/index\\.ts$', '^server/workflows/'] },
    },
    {
      name: 'schema-is-tables',
      comment: "A module's schema.ts declares its tables only: it imports drizzle, the contract types and other modules' schema.ts (the tables its foreign keys point at), nothing else of the app.",
      severity: 'error',
      from: { path: '^server/[^/]+/schema\\.ts$' },
      to: { dependencyTypesNot: ['npm', 'core', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: ['^server/[^/]+/schema\\.ts$', '^server/lib/contract\\.ts$', '^schemas/types/'] },
    },
    {
      name: 'server-db-through-index',
      comment: "server/db/ (the database wiring) reaches a module through its index.ts, or its schema.ts and seed.ts (its tables for drizzle, its seed data).",
      severity: 'error',
      from: { path: '^server/db/' },
      to: { path: '^server/[^/]+/', pathNot: ['^server/(lib|db)/', '^server/[^/]+/(index|schema|seed)\\.ts$'] },
    },
    {
      name: 'workflows-from-routes',
      comment: 'server/workflows/ is entered from the HTTP edge: a routes.ts (any module, any depth) may import any workflow file, others only its index.ts.',
      severity: 'error',
      from: { path: '^server/[^/]+/', pathNot: ['^server/workflows/', '/routes\\.ts$'] },
      to: { path: '^server/workflows/', pathNot: '^server/workflows/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr)/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // `import.meta.glob` is Vite's, not an import; JSON documents are data
    moduleSystems: ['es6', 'cjs'],
  },
};
