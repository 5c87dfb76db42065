import { CreateChannel, fail } from '@chat/domain';
import { reply, route } from '../src/http/route';

/*
 * A route answers only with the error kinds its use case declares: the compiler holds it to that
 * (`pnpm test` typechecks this file: the directive below fails the run if the refusal goes away),
 * and the OpenAPI document lists exactly those kinds' problems.
 */
describe('a route and its error kinds', () => {
  const base = {
    method: 'post',
    path: '/x',
    operationId: 'x',
    summary: 'x',
    tag: 'x',
    auth: true,
    success: { status: 201, description: 'x' },
    errors: CreateChannel.errors,
  } as const;

  it('refuses, at compile time, a reply of a kind the use case does not declare', () => {
    const refused = route({
      ...base,
      // @ts-expect-error 'InviteNotFound' is not one of CreateChannel's error kinds
      handle: async () => reply(fail({ kind: 'InviteNotFound' }), 201, () => undefined),
    });
    expect(refused.errors).toEqual(['ValidationFailed', 'ServerNotFound', 'NotAMember', 'NotTheOwner']);
  });

  it('accepts a reply of a declared kind, and carries the error to the edge', async () => {
    const accepted = route({ ...base, handle: async () => reply(fail({ kind: 'NotTheOwner' }), 201, () => undefined) });
    await expect(accepted.handle({} as never)).resolves.toEqual({ error: { kind: 'NotTheOwner' } });
  });
});
