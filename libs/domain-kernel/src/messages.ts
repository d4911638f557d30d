/** A domain event or command: a type tag and its data. Metadata is added by the infrastructure. */
export type Message<Type extends string = string, Data extends object = object> = Readonly<{
  type: Type;
  data: Readonly<Data>;
}>;

export type Event<Type extends string = string, Data extends object = object> = Message<Type, Data>;
export type Command<Type extends string = string, Data extends object = object> = Message<Type, Data>;

/** Ensures a switch over a union is exhaustive. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

/** A refusal by a decider: a catalogue code and the spec's message. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
