import type { RecordedEvent } from '@inkprint/eventstore';
import { toKafkaMessage } from './domain-event-message';

describe('domain event message', () => {
  const event: RecordedEvent = {
    id: '0b5f4a52-64a4-4d0e-9c43-1f6a3e5d2b10',
    type: 'DetectionCompleted',
    data: { detectionId: 'd-1', score: 0.91 },
    metadata: {
      correlationId: 'c-1',
      causationId: null,
      actor: { type: 'user', id: 'u-1' },
      occurredAt: '2026-11-21T05:00:00.000Z',
      schemaVersion: 2,
    },
    streamId: 'detection-d-1',
    streamVersion: 3,
    globalPosition: 9007199254740993n,
    recordedAt: '2026-11-21T05:00:00.120Z',
  };

  it('keys by stream id, carries the envelope as JSON with the position as a string, and sets the headers', () => {
    const message = toKafkaMessage(event);
    expect(message.key).toBe('detection-d-1');
    expect(JSON.parse(message.value)).toEqual({
      id: event.id,
      type: 'DetectionCompleted',
      streamId: 'detection-d-1',
      streamVersion: 3,
      globalPosition: '9007199254740993',
      data: { detectionId: 'd-1', score: 0.91 },
      metadata: event.metadata,
      schemaVersion: 2,
      recordedAt: '2026-11-21T05:00:00.120Z',
    });
    expect(message.headers).toEqual({
      'event-id': event.id,
      'event-type': 'DetectionCompleted',
      'schema-version': '2',
      'correlation-id': 'c-1',
      'content-type': 'application/json',
    });
  });
});
