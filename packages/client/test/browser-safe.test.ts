import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/* The built package must load in a browser: ES modules importing only each other (files of the build) and openapi-fetch. */
describe('the client’s build', () => {
  it('imports nothing but its own modules and openapi-fetch (no node: built-ins, no ws)', () => {
    const dist = join(__dirname, '..', 'dist');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    expect(files).toContain('index.js');
    const imports = files.flatMap((file) =>
      [...readFileSync(join(dist, file), 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)[^'";]*?from\s*['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]\s*\)|\bimport\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)].map(
        (match) => ({ file, specifier: match[1] ?? match[2] ?? match[3] ?? match[4] ?? '' }),
      ),
    );
    const isRelative = ({ specifier }: { specifier: string }) => specifier.startsWith('./') || specifier.startsWith('../');
    expect(imports.length).toBeGreaterThan(0);
    expect([...new Set(imports.filter((i) => !isRelative(i)).map(({ specifier }) => specifier))]).toEqual(['openapi-fetch']);
    // Its own modules: files of the build, never a way out of it.
    const outside = imports.filter(isRelative).filter(({ file, specifier }) => {
      const target = join(dist, dirname(file), specifier);
      return relative(dist, target).startsWith('..') || !existsSync(target);
    });
    expect(outside).toEqual([]);
  });
});
