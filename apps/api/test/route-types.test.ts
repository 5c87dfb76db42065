import { fail } from '@chat/domain';
import { createTestWorld } from '@chat/domain/testing';
import { param, reply, route } from '../src/http/route';
import { ROUTED_USE_CASES } from '../src/http/use-case-classes';

/*
 * What the compiler holds a route to (`pnpm test` typechecks this file: each directive below fails
 * the run if its refusal goes away): it names its use case by its key in the catalogue, its handler
 * is given that use case alone, it answers only with the error kinds the use case declares, and it is
 * mounted claims-only exactly when its use case checks the session in its own statement.
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
      useCase: 'createChannel',
      // @ts-expect-error 'InviteNotFound' is not one of CreateChannel's error kinds
      handle: async () => reply(fail({ kind: 'InviteNotFound' }), 201, () => undefined),
    });
    expect(refused.errors).toEqual(['ValidationFailed', 'ServerNotFound', 'NotAMember', 'MissingPermission', 'QuotaExceeded', 'RoleHierarchy']);
  });

  it('accepts a reply of a declared kind, and carries the error to the edge', async () => {
    const accepted = route({ ...base, auth: 'session', useCase: 'createChannel', handle: async () => reply(fail({ kind: 'QuotaExceeded', quota: 'channelsPerServer', max: 1 }), 201, () => undefined) });
    await expect(accepted.handle({} as never)).resolves.toEqual({ error: { kind: 'QuotaExceeded', quota: 'channelsPerServer', max: 1 } });
  });

  it('mounts claims-only only a use case that checks the session itself', () => {
    const hot = route({ ...base, auth: 'claims-checked-in-the-statement', useCase: 'sendMessage', handle: async () => ({ status: 201 }) });
    expect(hot.auth).toBe('claims-checked-in-the-statement');
    // CreateChannel does not check the session: mounted claims-only it would accept revoked tokens.
    // @ts-expect-error CreateChannel is not mountable with 'claims-checked-in-the-statement'
    route({ ...base, auth: 'claims-checked-in-the-statement', useCase: 'createChannel', handle: async () => ({ status: 201 }) });
    // And a use case that checks it needs no second check before it.
    // @ts-expect-error SendMessage is mounted with 'claims-checked-in-the-statement' only
    route({ ...base, auth: 'session', useCase: 'sendMessage', handle: async () => ({ status: 201 }) });
  });

  it("hands a handler its own use case and nothing else: a claims-only route cannot reach one that skips the session check", async () => {
    const sent = { ok: true, value: 'sent' } as const;
    const hot = route({
      ...base,
      auth: 'claims-checked-in-the-statement',
      useCase: 'sendMessage',
      handle: async (ctx) => {
        // The probe of #26: a handler that calls listMyServers would answer a revoked token.
        // @ts-expect-error the handler is given no bag of use cases, only its own
        void ctx.listMyServers;
        // @ts-expect-error the use case it is given is SendMessage, which has no listMyServers
        void ctx.useCase.listMyServers;
        await ctx.useCase.execute(ctx.actor, 'c1', { content: 'hi' });
        return { status: 201 };
      },
    });
    expect(hot.useCase).toBe('sendMessage');
    const calls: unknown[][] = [];
    const useCase = { execute: async (...args: unknown[]) => (calls.push(args), sent) };
    await expect(hot.handle({ actor: { userId: 'u1' }, useCase } as never)).resolves.toEqual({ status: 201 });
    expect(calls).toEqual([[{ userId: 'u1' }, 'c1', { content: 'hi' }]]);
  });

  it('names only a use case of the catalogue that a route may drive', () => {
    // Neither has a class a route could take its errors from: a table naming one fails as it loads.
    // @ts-expect-error 'sendMessages' is no key of the catalogue
    expect(() => route({ ...base, auth: 'session', useCase: 'sendMessages', handle: async () => ({ status: 201 }) })).toThrow(TypeError);
    // @ts-expect-error 'authenticate' is in the catalogue but no route's use case: the edge runs it
    expect(() => route({ ...base, auth: 'session', useCase: 'authenticate', handle: async () => ({ status: 201 }) })).toThrow(TypeError);
  });

  it("takes each key's class from the same catalogue the app drives", () => {
    const catalogue = new Map<string, unknown>(Object.entries(createTestWorld()));
    const strays = Object.entries(ROUTED_USE_CASES)
      .filter(([key, useCase]) => !(catalogue.get(key) instanceof useCase))
      .map(([key]) => key);
    expect(strays).toEqual([]);
  });

  it('gives a public route no actor', async () => {
    const open = route({
      ...base,
      auth: 'public',
      useCase: 'createChannel',
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
