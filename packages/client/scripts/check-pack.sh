#!/usr/bin/env bash
# The SDK as someone outside this repository gets it: `npm pack` (which builds it afresh), then the
# tarball installed into an empty project with ws, @types/ws and TypeScript from the npm registry,
# and two small programs type-checked under `strict`: one on Node with `ws`, one in a browser with
# the DOM's own WebSocket (bundler resolution). Exits non-zero when any step fails.
#   bash packages/client/scripts/check-pack.sh
set -euo pipefail
package="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$package/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/chat-client-pack.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The versions this repository builds and tests with, so the check is the same on every run.
typescript="$(node -p "require('$repo/node_modules/typescript/package.json').version")"
ws="$(node -p "require('$package/package.json').devDependencies.ws")"
types_ws="$(node -p "require('$package/package.json').devDependencies['@types/ws']")"

echo "check-pack: npm pack"
tarball="$(cd "$package" && npm pack --silent --pack-destination "$work" | tail -n1)"
echo "check-pack: $tarball ($(tar -tzf "$work/$tarball" | wc -l) files)"

mkdir "$work/app"
cd "$work/app"
cat > package.json <<'JSON'
{ "name": "chat-client-pack-check", "private": true, "type": "module" }
JSON
echo "check-pack: npm install the tarball, ws@$ws, @types/ws@$types_ws, typescript@$typescript"
npm install --no-audit --no-fund --loglevel=error "$work/$tarball" "ws@$ws" "@types/ws@$types_ws" "typescript@$typescript"

# On Node, with ws: the SDK README's examples, as written.
cat > node.ts <<'TS'
import { ChatApiError, connect, createBot, createRestClient, ok, type Message } from '@chat/client';
import WebSocket from 'ws';

const baseUrl = 'http://localhost:3000';
const rest = createRestClient({ baseUrl, token: 'a token' });
const gateway = connect({ baseUrl, token: 'a token', WebSocket });
gateway.on('message.created', (message: Message) => console.log(message.content));
gateway.on('closed', ({ code }) => console.log(code));

const bot = createBot({ baseUrl, clientId: 'id', clientSecret: 'secret', WebSocket });
bot.gateway.on('ready', ({ user }) => console.log(user.username));
export async function main(): Promise<void> {
  try {
    const server = await ok(rest.POST('/api/servers', { body: { name: 'Team' } }));
    await ok(bot.rest.POST('/api/channels/{channelId}/messages', { params: { path: { channelId: server.defaultChannelId } }, body: { content: 'hi' } }));
  } catch (error) {
    if (error instanceof ChatApiError) console.log(error.status, error.code);
  } finally {
    bot.close();
    gateway.close();
  }
}
TS
cat > tsconfig.node.json <<'JSON'
{
  "compilerOptions": {
    "strict": true, "noEmit": true, "target": "ES2022", "lib": ["ES2022"],
    "module": "NodeNext", "moduleResolution": "NodeNext", "types": ["node"], "skipLibCheck": false
  },
  "files": ["node.ts"]
}
JSON

# In a browser, with the DOM's WebSocket, resolved as a bundler does.
cat > browser.ts <<'TS'
import { connect, createRestClient, ok } from '@chat/client';

const rest = createRestClient({ baseUrl: location.origin, token: () => sessionStorage.getItem('token') ?? undefined });
const gateway = connect({ baseUrl: location.origin, token: 'a token', WebSocket });
gateway.on('message.created', ({ content }) => document.body.append(content));
export const servers = ok(rest.GET('/api/users/@me/servers'));
TS
cat > tsconfig.browser.json <<'JSON'
{
  "compilerOptions": {
    "strict": true, "noEmit": true, "target": "ES2022", "lib": ["ES2022", "DOM"],
    "module": "ESNext", "moduleResolution": "Bundler", "types": [], "skipLibCheck": false
  },
  "files": ["browser.ts"]
}
JSON

echo "check-pack: tsc, Node with ws"
npx --no-install tsc -p tsconfig.node.json
echo "check-pack: tsc, browser with the DOM's WebSocket"
npx --no-install tsc -p tsconfig.browser.json
echo "check-pack: node imports it"
node --input-type=module -e "import { connect, createBot, createRestClient } from '@chat/client'; for (const f of [connect, createBot, createRestClient]) if (typeof f !== 'function') process.exit(1);"
echo "check-pack: ok"
