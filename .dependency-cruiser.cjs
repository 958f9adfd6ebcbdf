/**
 * The direction of dependencies: http -> domain -> ports <- adapters, wired only by the composition root
 * (src/main.ts, src/container.ts and its builders in src/composition/). A rule broken here fails `npm test`.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-stays-pure',
      comment: 'The domain knows no framework, database, provider SDK, metrics library, HTTP layer or adapter.',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^src/(http|adapters|cli|config|workers|composition)/|^src/(main|container)\\.ts$|node_modules/(fastify|@fastify|kysely|pg|ioredis|bullmq|ai|@ai-sdk|pino|prom-client|jose|yaml)/',
      },
    },
    {
      name: 'domain-uses-no-io-builtins',
      comment: 'No files, sockets or databases from the domain; it reaches the world through ports.',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|child_process|sqlite|dns|worker_threads|cluster)$' },
    },
    {
      name: 'ports-are-interfaces',
      comment: 'Ports depend on nothing but each other.',
      severity: 'error',
      from: { path: '^src/ports/' },
      to: { path: '^src/(domain|http|adapters|cli|config|workers|composition)/|^src/(main|container)\\.ts$' },
    },
    {
      name: 'http-does-not-reach-adapters',
      comment: 'Routes call domain services; they never touch a database or provider directly.',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/(adapters|cli|workers|composition)/|^src/(main|container)\\.ts$|node_modules/(kysely|pg|ioredis|bullmq|ai|@ai-sdk|prom-client)/' },
    },
    {
      name: 'adapters-do-not-reach-up',
      comment: 'Adapters implement ports; they do not call the HTTP layer, the CLI or the composition root.',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^src/(http|cli|workers|composition)/|^src/(main|container)\\.ts$' },
    },
    {
      name: 'cli-goes-through-services',
      comment: 'CLI commands call the same domain services as the routes.',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: '^src/(http|adapters|workers|composition)/|^src/(main|container)\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'production-code-does-not-import-tests',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.test\\.ts$' },
      to: { path: '^test/|\\.test\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
