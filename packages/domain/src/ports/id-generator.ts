import type { Id } from '../ids';

/** Hands out ids that are unique across replicas and increase with time. */
export interface IdGenerator {
  next(): Id;
}
