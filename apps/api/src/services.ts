import type { UseCases } from '@chat/domain';

/** Everything the HTTP app drives: the domain's use-case catalogue (`createUseCases`), built once per app. */
export type AppServices = UseCases;
