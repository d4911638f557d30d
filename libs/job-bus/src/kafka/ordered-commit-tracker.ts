/**
 * Jobs of one partition finish out of order; Kafka commits are a single "everything before this offset is done"
 * number. This tracker commits `offset + 1` only when every tracked offset up to it is done, one commit at a time.
 */
export class OrderedCommitTracker {
  private readonly partitions = new Map<
    string,
    { pending: Array<{ offset: bigint; done: boolean }>; chain: Promise<void> }
  >();

  constructor(private readonly commit: (topic: string, partition: number, offset: string) => Promise<void>) {}

  /** Registers an offset (in fetch order); call the returned function when its job is finished. */
  track(topic: string, partition: number, offset: string): () => void {
    const key = `${topic}\u0000${partition}`;
    let state = this.partitions.get(key);
    if (!state) {
      state = { pending: [], chain: Promise.resolve() };
      this.partitions.set(key, state);
    }
    const entry = { offset: BigInt(offset), done: false };
    state.pending.push(entry);
    const s = state;
    return () => {
      entry.done = true;
      let committable: bigint | undefined;
      while (s.pending.length > 0 && s.pending[0].done) committable = s.pending.shift()!.offset;
      if (committable !== undefined) {
        const next = (committable + 1n).toString();
        s.chain = s.chain.then(() => this.commit(topic, partition, next));
      }
    };
  }

  /** Resolves when every commit issued so far has completed. */
  async flushed(): Promise<void> {
    await Promise.all([...this.partitions.values()].map((s) => s.chain));
  }
}
