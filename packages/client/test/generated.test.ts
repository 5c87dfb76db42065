import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(__dirname, '..');
const GENERATED = ['openapi.json', 'asyncapi.json', 'src/generated/api.ts', 'src/generated/events.ts'];

/** `generate.mjs --check`, on the package's own files or on those under `dir`. */
function check(dir?: string) {
  const args = [join(root, 'scripts', 'generate.mjs'), '--check', ...(dir ? ['--in', dir] : [])];
  const { status, stdout, stderr } = spawnSync(process.execPath, args, { encoding: 'utf8' });
  return { status, output: `${stdout}${stderr}` };
}

/* The checked-in API documents and the types made from them must be what the API describes now: CI fails on drift. */
describe('the client’s generated types', () => {
  it('match the API’s OpenAPI and AsyncAPI documents (regenerate with `pnpm generate:client`)', () => {
    const { status, output } = check();
    expect({ status, output: output.trim() }).toEqual({ status: 0, output: `the client types match the API: ${GENERATED.join(', ')}` });
  });

  describe('are found stale when one of them differs from what the API gives', () => {
    let copy: string;
    beforeEach(() => {
      copy = mkdtempSync(join(tmpdir(), 'chat-client-generated-'));
      for (const file of GENERATED) {
        mkdirSync(dirname(join(copy, file)), { recursive: true });
        cpSync(join(root, file), join(copy, file));
      }
    });
    afterEach(() => rmSync(copy, { recursive: true, force: true }));

    const edits: [string, (text: string) => string][] = [
      ['openapi.json', (text) => text.replace('"Message": {', '"Message": {\n"description": "hand-edited",')],
      ['asyncapi.json', (text) => text.replace('"title": "server.deleted"', '"title": "server.gone"')],
      ['src/generated/api.ts', (text) => text.replace('content: string;', 'content: string | number;')],
      ['src/generated/events.ts', (text) => text.replace(/^ {4}"server\.deleted": .*$/m, '')],
    ];
    it.each(edits)('%s', (file, edit) => {
      const text = readFileSync(join(copy, file), 'utf8');
      expect(edit(text)).not.toEqual(text);
      writeFileSync(join(copy, file), edit(text));
      expect(check(copy)).toEqual({ status: 1, output: `out of date with the API: ${file}; run \`pnpm generate:client\`\n` });
    });
  });
});
