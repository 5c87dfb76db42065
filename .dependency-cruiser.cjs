/**
 * Layer rules, checked in `pnpm test`: the domain is pure, adapters never reach into apps, and
 * only the composition root knows tsyringe.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'packages/domain/src imports nothing but itself: no node builtins, no npm packages, no adapters.',
      severity: 'error',
      from: { path: '^packages/domain/src/' },
      to: { pathNot: '^packages/domain/src/' },
    },
    {
      name: 'domain-testing-stays-in-domain',
      comment:
        "The in-memory adapters and contracts use the domain, the wire contract (a page is the wire's JSON text), the in-process signals (the embedded default's own, which need no fake: they are memory already) and the test runner only.",
      severity: 'error',
      from: { path: '^packages/domain/testing/' },
      to: { pathNot: ['^packages/domain/(src|testing)/', '^packages/contract/src/', '^packages/in-process/src/', '@jest/globals'] },
    },
    {
      name: 'contract-is-schemas-over-the-domain',
      comment: "The wire contract is zod schemas over the domain's rules and entities: no adapter, no app, no I/O. The domain never imports it.",
      severity: 'error',
      from: { path: '^packages/contract/src/' },
      to: { pathNot: ['^packages/(contract|domain)/src/', 'node_modules/.*zod/'] },
    },
    {
      name: 'adapters-do-not-import-apps',
      comment: "The client SDK's end-to-end tests start the API with its own test harness: the only exception.",
      severity: 'error',
      from: { path: '^packages/', pathNot: '^packages/client/test/' },
      to: { path: '^apps/' },
    },
    {
      name: 'adapters-do-not-import-each-other',
      comment: 'One package per technology: an adapter depends on the domain, the wire contract and its own library only.',
      severity: 'error',
      from: { path: '^packages/([^/]+)/src/', pathNot: '^packages/domain/' },
      to: { path: '^packages/([^/]+)/', pathNot: ['^packages/$1/', '^packages/domain/', '^packages/contract/'] },
    },
    {
      name: 'only-the-composition-root-knows-tsyringe',
      severity: 'error',
      from: { pathNot: '^apps/api/src/container\\.ts$' },
      to: { path: 'node_modules/.*tsyringe/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(packages|apps)/[^/]+/(dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
  },
};
