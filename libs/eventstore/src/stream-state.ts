import type { Decider, Event } from '@inkprint/domain-kernel';
import type { RecordedEvent } from './port/event-envelope';

/** What folding a stream needs of a decider: its initial state and how an event moves the state on. */
export type StateDecider<S, E extends Event> = Pick<Decider<S, never, E>, 'initialState' | 'evolve'>;

/** A stream's folded state and the stream version it was folded up to. */
export interface StreamState<S> {
  state: S;
  version: number;
}

/** A recorded event as a decider's `evolve` sees it: its type and data. */
export function toDomainEvent<E extends Event>(e: RecordedEvent): E {
  return { type: e.type, data: e.data } as unknown as E;
}
