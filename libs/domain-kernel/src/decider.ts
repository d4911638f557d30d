import type { Command, Event } from './messages';

/** Pure business logic of one stream type. */
export interface Decider<State, C extends Command, E extends Event> {
  initialState(): State;
  decide(command: C, state: State): E[];
  evolve(state: State, event: E): State;
}
