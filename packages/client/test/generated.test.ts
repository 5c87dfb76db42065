import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/* The checked-in OpenAPI document and types must be what the API describes now: CI fails on drift. */
describe('the client’s generated types', () => {
  it('match the API’s OpenAPI document (regenerate with `pnpm generate:client`)', () => {
    const script = join(__dirname, '..', 'scripts', 'generate.mjs');
    const output = execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(output).toContain('the client types match the API');
  });
});
