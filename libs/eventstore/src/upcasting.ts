import type { RecordedEvent } from './port/event-envelope';

/** Turns an event stored under schema version `fromVersion` into version `fromVersion + 1`. */
export type Upcast = (data: unknown, event: RecordedEvent) => unknown;

/** Upcasters per event type and schema version, applied on every read so consumers only see current schemas. */
export class Upcasters {
  private readonly steps = new Map<string, Map<number, Upcast>>();

  register(eventType: string, fromVersion: number, upcast: Upcast): this {
    const byVersion = this.steps.get(eventType) ?? new Map<number, Upcast>();
    if (byVersion.has(fromVersion)) throw new Error(`Upcaster for ${eventType} v${fromVersion} already registered`);
    byVersion.set(fromVersion, upcast);
    this.steps.set(eventType, byVersion);
    return this;
  }

  apply(event: RecordedEvent): RecordedEvent {
    const byVersion = this.steps.get(event.type);
    if (!byVersion) return event;
    let current = event;
    for (
      let step = byVersion.get(current.metadata.schemaVersion);
      step;
      step = byVersion.get(current.metadata.schemaVersion)
    ) {
      const schemaVersion = current.metadata.schemaVersion + 1;
      current = { ...current, data: step(current.data, current), metadata: { ...current.metadata, schemaVersion } };
    }
    return current;
  }
}
