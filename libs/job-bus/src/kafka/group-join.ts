import type { Consumer } from 'kafkajs';

/** Resolves when the consumer has joined its group (partitions assigned), so nothing published after is missed. */
export function waitForGroupJoin(consumer: Consumer, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      remove();
      reject(new Error(`Kafka consumer did not join its group within ${timeoutMs} ms`));
    }, timeoutMs);
    const remove = consumer.on(consumer.events.GROUP_JOIN, () => {
      clearTimeout(timer);
      remove();
      resolve();
    });
  });
}
