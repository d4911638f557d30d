import type { Projection } from '@inkprint/eventstore';

/**
 * Read models the API keeps up to date. Feature modules of later issues (accounts, usage, detections...) add theirs
 * here; each one's entities are registered with MikroORM when the database opens.
 */
export function platformProjections(): Projection[] {
  return [];
}
