import type { UseCasePorts, UseCases } from '@chat/domain';

/** A symbol that remembers what it stands for, so resolving it is type-checked. */
export type Token<T> = symbol & { readonly __type?: T };

const token = <T>(name: string): Token<T> => Symbol(name);

/** What the composition root registers: the adapters a deployment (or a test) plugs in, and the use cases built on them. */
export const TOKENS = {
  Adapters: token<UseCasePorts>('Adapters'),
  UseCases: token<UseCases>('UseCases'),
} as const;
