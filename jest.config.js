/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // Hooks that open PGlite and migrate it take seconds on a busy 2-core machine: the 5 s default is too tight there.
  testTimeout: 20_000,
  globalSetup: '<rootDir>/jest.global-setup.js',
  reporters: ['default', '<rootDir>/jest-skip-reporter.js'],
  roots: ['<rootDir>/packages', '<rootDir>/apps'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2023' }, module: { type: 'commonjs' } }],
  },
  // jose, oauth4webapi and file-type (with its own dependencies) ship only ES modules; everything else in node_modules is left alone.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(jose|oauth4webapi|file-type|strtok3|token-types|uint8array-extras|@tokenizer/inflate|@borewit/text-codec)/)'],
  moduleNameMapper: {
    '^@chat/domain/testing/contracts$': '<rootDir>/packages/domain/testing/contracts/index.ts',
    '^@chat/domain/testing$': '<rootDir>/packages/domain/testing/index.ts',
    '^@chat/postgres/testing$': '<rootDir>/packages/postgres/test/test-databases.ts',
    '^@chat/s3/testing$': '<rootDir>/packages/s3/test/s3-testing.ts',
    '^@chat/([a-z0-9-]+)$': '<rootDir>/packages/$1/src/index.ts',
    // The client package is ES modules, whose relative imports name the .js they compile to.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};
