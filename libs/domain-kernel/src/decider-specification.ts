import { isDeepStrictEqual } from 'node:util';
import type { Decider } from './decider';
import type { Command, Event } from './messages';
import { DomainError } from './messages';

/**
 * Given/when/then for deciders (pure, framework-free):
 *   spec.given([...events]).when(command).then([...events])
 *   spec.given([...events]).when(command).thenThrows('CODE')
 * Throws an Error describing the difference, so it works under any test runner.
 */
export function deciderSpecification<S, C extends Command, E extends Event>(decider: Decider<S, C, E>) {
  return {
    given(events: readonly E[] = []) {
      return {
        when(command: C) {
          const run = (): E[] => {
            const state = events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
            return decider.decide(command, state);
          };
          return {
            then(expected: readonly E[]): void {
              const actual = run();
              if (!isDeepStrictEqual(actual, expected)) {
                throw new Error(
                  `${command.type}: expected events\n${JSON.stringify(expected, null, 2)}\nbut got\n${JSON.stringify(actual, null, 2)}`,
                );
              }
            },
            thenThrows(code: string, details?: Record<string, unknown>): DomainError {
              let actual: E[];
              try {
                actual = run();
              } catch (error) {
                if (!(error instanceof DomainError)) throw error;
                if (error.code !== code)
                  throw new Error(`${command.type}: expected refusal ${code} but got ${error.code} (${error.message})`);
                if (details && !Object.entries(details).every(([k, v]) => isDeepStrictEqual(error.details[k], v))) {
                  throw new Error(
                    `${command.type}: refusal ${code} details ${JSON.stringify(error.details)} do not include ${JSON.stringify(details)}`,
                  );
                }
                return error;
              }
              throw new Error(`${command.type}: expected refusal ${code} but got events ${JSON.stringify(actual)}`);
            },
          };
        },
      };
    },
  };
}
