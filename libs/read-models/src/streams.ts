import type { RecordedEvent } from '@inkprint/eventstore';

/** `account-<id>` → id; anything else → null. */
export function accountIdOfStream(streamId: string): string | null {
  return streamId.startsWith('account-') && streamId.length > 'account-'.length
    ? streamId.slice('account-'.length)
    : null;
}

/** The domain time of an event (`data.at`), falling back to the envelope's occurredAt. */
export function eventTime(event: RecordedEvent): Date {
  const at = (event.data as { at?: unknown }).at;
  return new Date(typeof at === 'string' ? at : event.metadata.occurredAt);
}
