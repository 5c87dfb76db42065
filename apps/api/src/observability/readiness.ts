import type { Readiness } from '../app';

const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<T>((_resolve, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

const probe = async (check: () => Promise<unknown>): Promise<'up' | 'down'> => {
  try {
    await within(1_000, check());
    return 'up';
  } catch {
    return 'down'; // the answer itself is the report: /ready names what is down
  }
};

/** Runs every named probe at once, each bounded to a second. */
export function readinessOf(probes: Record<string, () => Promise<unknown>>): Readiness {
  return async () => {
    const names = Object.keys(probes);
    const states = await Promise.all(names.map((name) => probe(probes[name] ?? (async () => undefined))));
    return Object.fromEntries(names.map((name, i) => [name, states[i] ?? 'down']));
  };
}
