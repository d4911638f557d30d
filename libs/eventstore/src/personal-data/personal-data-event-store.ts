import { randomUUID } from 'node:crypto';
import type { NewEvent, RecordedEvent } from '../port/event-envelope';
import type { AppendOptions, AppendResult, EventStore, ReadStreamOptions } from '../port/event-store';
import { ERASED, fieldContext, isSealed, openField, sealField } from './field-cipher';
import type { PersonalDataKeys } from './personal-data-keys';
import { readStreams } from '../command-handling';

/** Whose personal data an event carries, and in which top-level fields of its data. */
export interface PersonalDataOfEvent {
  subject: string;
  fields: readonly string[];
}

/** Decides, from the stream and the event alone, which fields are personal data (a pure function of the domain). */
export type PersonalDataPolicy = (
  streamId: string,
  event: { type: string; data: unknown },
) => PersonalDataOfEvent | undefined;

/** Recorded in the event's metadata next to the sealed fields. */
export interface PersonalDataMetadata {
  subject: string;
  fields: string[];
  /** Set on read when the subject's key was destroyed: the fields read as ERASED. */
  erased?: boolean;
}

/**
 * Crypto-shredding around any event store: the personal fields the policy names are sealed (AES-256-GCM, one key per
 * subject) before they reach the immutable log, and opened again on every read. Erasing a subject's key makes those
 * fields read as ERASED everywhere, in every past event, while the events themselves (and every projection rebuilt
 * from them) stay intact. Events without personal data pass through untouched; events written before this existed
 * (plain values, no metadata) read as they are.
 *
 * Upcasters of the inner store run on sealed values: an upcaster must not rewrite a personal field.
 */
export class PersonalDataEventStore implements EventStore {
  constructor(
    /** The store that holds the sealed events (what the domain-event relay publishes). */
    readonly inner: EventStore,
    /** The subjects' keys: `keys.erase(subject)` forgets a subject. */
    readonly keys: PersonalDataKeys,
    private readonly policy: PersonalDataPolicy,
  ) {}

  async appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const sealed = await Promise.all(events.map((event) => this.seal(streamId, event)));
    return this.inner.appendToStream(streamId, sealed, options);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStream(streamId, options));
  }

  async readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]> {
    const streams = await readStreams(this.inner, streamIds);
    return Promise.all(streams.map((events) => this.openAll(events)));
  }

  streamVersion(streamId: string): Promise<number> {
    return this.inner.streamVersion(streamId);
  }

  async readAll(fromPosition: bigint, limit: number): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(fromPosition, limit));
  }

  countAfter(fromPosition: bigint): Promise<number> {
    return this.inner.countAfter(fromPosition);
  }

  isAfter(position: bigint, checkpoint: bigint): Promise<boolean> {
    return this.inner.isAfter(position, checkpoint);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async seal(streamId: string, event: NewEvent): Promise<NewEvent> {
    const personal = this.policy(streamId, event);
    if (!personal || !isRecord(event.data)) return event;
    const fields = personal.fields.filter(
      (field) => event.data && (event.data as Record<string, unknown>)[field] !== undefined,
    );
    if (fields.length === 0) return event;
    const key = await this.keys.keyForWriting(personal.subject);
    const id = event.id ?? randomUUID();
    const data: Record<string, unknown> = { ...event.data };
    for (const field of fields) data[field] = sealField(key, data[field], fieldContext(personal.subject, id, field));
    const metadata: PersonalDataMetadata = { subject: personal.subject, fields };
    return { ...event, id, data, metadata: { ...event.metadata, personalData: metadata } };
  }

  private async openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const keys = new Map<string, Buffer | null>();
    const out: RecordedEvent[] = [];
    for (const event of events) {
      const personal = personalDataOf(event);
      if (!personal || !isRecord(event.data)) {
        out.push(event);
        continue;
      }
      if (!keys.has(personal.subject)) keys.set(personal.subject, await this.keys.keyForReading(personal.subject));
      const key = keys.get(personal.subject) ?? null;
      const data: Record<string, unknown> = { ...event.data };
      for (const field of personal.fields) {
        const value = data[field];
        if (!isSealed(value)) continue;
        data[field] = key ? openField(key, value, fieldContext(personal.subject, event.id, field)) : ERASED;
      }
      const metadata = key ? event.metadata : { ...event.metadata, personalData: { ...personal, erased: true } };
      out.push({ ...event, data, metadata });
    }
    return out;
  }
}

export function personalDataOf(event: RecordedEvent): PersonalDataMetadata | undefined {
  const value = event.metadata.personalData;
  if (!isRecord(value) || typeof value.subject !== 'string' || !Array.isArray(value.fields)) return undefined;
  return value as unknown as PersonalDataMetadata;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
