import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The read-model tables (one schema: `read_model` in the API) as the queries see them. Every query takes this and
 * reads through a fresh EntityManager fork, so no identity map survives between calls and each answer is read from
 * the tables. The queries sit beside the projection that writes their rows: `<room>/<name>.query.ts`.
 */
export class ReadModels {
  constructor(
    private readonly root: EntityManager,
    readonly schema = 'read_model',
  ) {}

  em(): EntityManager {
    return this.root.fork({ schema: this.schema, clear: true });
  }
}
