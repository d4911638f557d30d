import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { quoteIdentifier } from '@inkprint/eventstore-postgresql';

/**
 * An entity's table in the schema the projection writes (the live one, or a rebuild's shadow): for the set-based
 * statements that apply a whole batch in one round trip.
 */
export function tableIn<T extends object>(em: EntityManager, entity: EntitySchema<T>): string {
  const schema = em.schema;
  if (!schema) throw new Error(`No schema on this EntityManager for table ${entity.meta.tableName}`);
  return `${quoteIdentifier(schema)}.${quoteIdentifier(entity.meta.tableName)}`;
}
