import { newDataKey } from '../personal-data/field-cipher';
import { PersonalDataErasedError, type PersonalDataKeys } from '../personal-data/personal-data-keys';

/** Personal-data keys in memory (handler tests): one key per subject, destroyed for good by erase(). */
export class InMemoryPersonalDataKeys implements PersonalDataKeys {
  private readonly keys = new Map<string, Buffer | null>();

  async keyForWriting(subject: string): Promise<Buffer> {
    const key = this.keys.get(subject);
    if (key === null) throw new PersonalDataErasedError(subject);
    if (key) return key;
    const fresh = newDataKey();
    this.keys.set(subject, fresh);
    return fresh;
  }

  async keyForReading(subject: string): Promise<Buffer | null> {
    return this.keys.get(subject) ?? null;
  }

  async erase(subject: string): Promise<boolean> {
    const had = Boolean(this.keys.get(subject));
    this.keys.set(subject, null);
    return had;
  }

  async isErased(subject: string): Promise<boolean> {
    return this.keys.get(subject) === null;
  }
}
