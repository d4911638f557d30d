import { randomUUID } from 'node:crypto';
import { PersonalDataEventStore, type PersonalDataPolicy } from '../personal-data/personal-data-event-store';
import { ERASED } from '../personal-data/field-cipher';
import { eventStoreContract } from '../testing/event-store-contract';
import { InMemoryEventStore } from './in-memory-event-store';
import { InMemoryPersonalDataKeys } from './in-memory-personal-data-keys';

describe('InMemoryEventStore', () => {
  // One process, one store: "other clients" share it, as connections share one database.
  const store = new InMemoryEventStore();
  eventStoreContract(() => ({ store, otherClients: [store, store] }));

  it('orders the log by append, so isAfter compares positions', async () => {
    const s = new InMemoryEventStore();
    const a = await s.appendToStream('a', [{ type: 'A', data: {} }], { expectedVersion: 'no_stream' });
    const b = await s.appendToStream('b', [{ type: 'B', data: {} }], { expectedVersion: 'no_stream' });
    expect(await s.isAfter(b.lastPosition, a.lastPosition)).toBe(true);
    expect(await s.isAfter(a.lastPosition, b.lastPosition)).toBe(false);
    expect(await s.isAfter(a.lastPosition, a.lastPosition)).toBe(false);
  });

  it('hands out copies: changing what was read never changes the log', async () => {
    const s = new InMemoryEventStore();
    await s.appendToStream('x', [{ type: 'X', data: { n: 1 } }], { expectedVersion: 'no_stream' });
    const [read] = await s.readStream('x');
    (read.data as { n: number }).n = 2;
    expect((await s.readStream('x'))[0].data).toEqual({ n: 1 });
  });
});

describe('InMemoryPersonalDataKeys under the sealing store', () => {
  const policy: PersonalDataPolicy = (streamId) =>
    streamId.startsWith('person-') ? { subject: streamId, fields: ['email'] } : undefined;

  it('forgets a subject for good once its key is erased', async () => {
    const keys = new InMemoryPersonalDataKeys();
    const store = new PersonalDataEventStore(new InMemoryEventStore(), keys, policy);
    const stream = `person-${randomUUID()}`;
    await store.appendToStream(stream, [{ type: 'PersonRegistered', data: { email: 'ada@example.com' } }], {
      expectedVersion: 'no_stream',
    });
    expect((await store.readStream(stream))[0].data).toEqual({ email: 'ada@example.com' });
    expect(await keys.erase(stream)).toBe(true);
    expect((await store.readStream(stream))[0].data).toEqual({ email: ERASED });
    await expect(
      store.appendToStream(stream, [{ type: 'PersonRegistered', data: { email: 'x@example.com' } }], {
        expectedVersion: 1,
      }),
    ).rejects.toThrow(/erased/);
  });
});
