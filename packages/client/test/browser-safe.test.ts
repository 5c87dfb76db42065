import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/* The built package must load in a browser: ES modules importing only each other and openapi-fetch. */
describe('the client’s build', () => {
  it('imports nothing but its own modules and openapi-fetch (no node: built-ins, no ws)', () => {
    const dist = join(__dirname, '..', 'dist');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    expect(files).toContain('index.js');
    const imports = files.flatMap((file) =>
      [...readFileSync(join(dist, file), 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)[^'";]*?from\s*['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]\s*\)|\bimport\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)].map(
        (match) => match[1] ?? match[2] ?? match[3] ?? match[4],
      ),
    );
    expect(imports.length).toBeGreaterThan(0);
    expect([...new Set(imports.filter((specifier) => !specifier?.startsWith('./')))]).toEqual(['openapi-fetch']);
  });
});
