/**
 * A text frame that goes to many sockets (a signal, an event of the fan-out): its WebSocket frame
 * is encoded once, on first use, and the same bytes are written to each. ws would frame the text
 * again for every socket it is sent on (its length, a header, a send's options and buffered entries,
 * the text copied out at the write): for a presence change heard by 500 sockets that is 500 times
 * the garbage, and a storm of identifies, each announced to everyone online, leaves V8's heap grown
 * by it (bench/RESULTS.md, session 17).
 */
export class SharedFrame {
  private encoded: Buffer | undefined;

  constructor(readonly text: string) {}

  /** The whole frame as it goes on the wire: encoded at the first call, the same Buffer after. */
  get bytes(): Buffer {
    return (this.encoded ??= encodeTextFrame(this.text));
  }
}

/** FIN and the text opcode (RFC 6455, 5.2): every frame here is a whole text message. */
const FIN_TEXT = 0x81;

/**
 * A final, unmasked text frame (a server's: RFC 6455, 5.1) carrying `text` whole, without
 * extensions (the gateway's sockets use none: no permessage-deflate).
 */
export function encodeTextFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const headerLength = length < 126 ? 2 : length < 0x10000 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN_TEXT;
  if (length < 126) frame[1] = length;
  else if (length < 0x10000) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, headerLength, 'utf8');
  return frame;
}
