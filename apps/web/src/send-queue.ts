/**
 * The page's messages go to the API one at a time, in the order the person sent them. The API numbers
 * a message (its snowflake, which every page sorts by) when it takes the request: two on their way at
 * once may be taken, and so shown to everyone, the other way round (the second over a connection
 * already open, the first waiting for one). A send that fails lets the next one go.
 */
export type SendQueue = <T>(send: () => Promise<T>) => Promise<T>;

export function createSendQueue(): SendQueue {
  let last: Promise<unknown> = Promise.resolve();
  return (send) => {
    const next = last.then(send);
    last = next.catch(() => undefined);
    return next;
  };
}
