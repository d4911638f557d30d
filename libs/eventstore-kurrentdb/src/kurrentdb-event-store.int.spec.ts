import { describeWithService } from '@inkprint/testing';
import { eventStoreContract, type ContractSubject } from '@inkprint/eventstore/testing';
import { KurrentDbEventStore } from './kurrentdb-event-store';

describeWithService('kurrentdb', 'KurrentDbEventStore', (url) => {
  let subject: ContractSubject;
  beforeAll(() => {
    subject = {
      store: KurrentDbEventStore.connect(url),
      otherClients: [KurrentDbEventStore.connect(url), KurrentDbEventStore.connect(url)],
    };
  });
  afterAll(async () => {
    await Promise.all([subject.store, ...subject.otherClients].map((s) => s.close()));
  });
  eventStoreContract(() => subject);
});
