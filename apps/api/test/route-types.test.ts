import { CreateChannel, fail, SendMessage } from '@chat/domain';
import { param, reply, route } from '../src/http/route';

/*
 * What the compiler holds a route to (`pnpm test` typechecks this file: each directive below fails
 * the run if its refusal goes away): it answers only with the error kinds its use case declares, and
 * it is mounted claims-only exactly when its use case checks the session in its own statement.
 */
describe('a route, its use case and its auth mode', () => {
  const base = {
    method: 'post',
    path: '/x',
    operationId: 'x',
    summary: 'x',
    tag: 'x',
    success: { status: 201, description: 'x' },
  } as const;

  it('refuses a reply of a kind the use case does not declare', () => {
    const refused = route({
      ...base,
      auth: 'session',
      useCase: CreateChannel,
      // @ts-expect-error 'InviteNotFound' is not one of CreateChannel's error kinds
      handle: async () => reply(fail({ kind: 'InviteNotFound' }), 201, () => undefined),
    });
    expect(refused.errors).toEqual(['ValidationFailed', 'ServerNotFound', 'NotAMember', 'NotTheOwner', 'QuotaExceeded']);
  });

  it('accepts a reply of a declared kind, and carries the error to the edge', async () => {
    const accepted = route({ ...base, auth: 'session', useCase: CreateChannel, handle: async () => reply(fail({ kind: 'NotTheOwner' }), 201, () => undefined) });
    await expect(accepted.handle({} as never)).resolves.toEqual({ error: { kind: 'NotTheOwner' } });
  });

  it('mounts claims-only only a use case that checks the session itself', () => {
    const hot = route({ ...base, auth: 'claims-checked-in-the-statement', useCase: SendMessage, handle: async () => ({ status: 201 }) });
    expect(hot.auth).toBe('claims-checked-in-the-statement');
    // CreateChannel does not check the session: mounted claims-only it would accept revoked tokens.
    // @ts-expect-error CreateChannel is not mountable with 'claims-checked-in-the-statement'
    route({ ...base, auth: 'claims-checked-in-the-statement', useCase: CreateChannel, handle: async () => ({ status: 201 }) });
    // And a use case that checks it needs no second check before it.
    // @ts-expect-error SendMessage is mounted with 'claims-checked-in-the-statement' only
    route({ ...base, auth: 'session', useCase: SendMessage, handle: async () => ({ status: 201 }) });
  });

  it('gives a public route no actor', async () => {
    const open = route({
      ...base,
      auth: 'public',
      useCase: CreateChannel,
      handle: async ({ actor }) => {
        // @ts-expect-error a public route's actor is undefined, not an Actor
        const userId: string = actor.userId;
        return { status: 201, body: userId };
      },
    });
    await expect(open.handle({ actor: undefined } as never)).rejects.toThrow(TypeError);
  });
});

describe('param', () => {
  it('reads a named path parameter, and throws on a name the path does not have', () => {
    expect(param({ serverId: '42' }, 'serverId')).toBe('42');
    expect(() => param({ serverId: '42' }, 'severId')).toThrow('the route has no path parameter :severId');
  });
});
