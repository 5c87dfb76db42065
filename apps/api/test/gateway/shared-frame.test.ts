import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { encodeTextFrame, SharedFrame } from '../../src/gateway/shared-frame';

/** A text of `bytes` UTF-8 bytes, with two-byte characters in it. */
const textOf = (bytes: number) => 'é'.repeat(Math.floor(bytes / 4)) + 'x'.repeat(bytes - 2 * Math.floor(bytes / 4));

describe('a frame encoded once for many sockets', () => {
  let server: Server;
  let url: string;
  /** The socket under the one WebSocket the server accepted, and that WebSocket. */
  let accepted: Promise<{ stream: Duplex; socket: WebSocket }>;

  beforeEach(async () => {
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
    server = createServer();
    accepted = new Promise((resolve) => {
      server.on('upgrade', (req, stream: Duplex, head) => wss.handleUpgrade(req, stream, head, (socket) => resolve({ stream, socket })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is read by a WebSocket client as the text, at every length form (7-bit, 16-bit, 64-bit), in order with what ws sends on the same socket', async () => {
    const client = new WebSocket(url);
    const received: string[] = [];
    const texts = [0, 1, 125, 126, 127, 65_535, 65_536, 70_001].map(textOf);
    const all = new Promise<void>((resolve) =>
      client.on('message', (data: Buffer) => {
        received.push(data.toString());
        if (received.length === texts.length + 1) resolve();
      }),
    );
    const { stream, socket } = await accepted;

    socket.send('through ws');
    for (const text of texts) stream.write(encodeTextFrame(text));
    await all;
    client.close();

    expect(received).toEqual(['through ws', ...texts]);
  });

  it('is encoded at its first use only: the same bytes for every socket', () => {
    const frame = new SharedFrame('{"op":"dispatch"}');

    expect(frame.bytes).toBe(frame.bytes);
    expect(frame.bytes.toString('utf8', 2)).toBe(frame.text);
  });
});
