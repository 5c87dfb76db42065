import { WebSocket as WsWebSocket } from 'ws';
import { connect, type GatewayOptions } from '@chat/client';

/*
 * `ws`'s WebSocket is what a user on Node 20 passes: it must be taken as it is, under `strict`, with
 * no cast (`pnpm test` typechecks this file; the package's own pack check does the same for the
 * browser's WebSocket, in a project of its own).
 */
describe('the WebSocket option', () => {
  it("takes ws's WebSocket class as it is", () => {
    const options: GatewayOptions = { baseUrl: 'http://127.0.0.1:9', token: 'a token', WebSocket: WsWebSocket, reconnect: { minDelayMs: 60_000 } };
    const gateway = connect(options);
    const closed: number[] = [];
    gateway.on('closed', ({ code }) => closed.push(code));
    gateway.close();
    expect({ WebSocket: options.WebSocket, closed }).toEqual({ WebSocket: WsWebSocket, closed: [1000] });
  });
});
