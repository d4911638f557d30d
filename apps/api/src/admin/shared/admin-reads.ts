import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@inkprint/domain-kernel';
import type { ReadModelFreshness } from '@inkprint/projections';
import { ReadModels } from '@inkprint/read-models';
import { READ_MODEL_FRESHNESS } from '../../platform/tokens';

/** The projections the admin console reads (libs/read-models: accounts/, ai/ and usage/). */
export const ADMIN_PROJECTIONS = ['users', 'invites', 'recent_activity', 'audit_timeline', 'daily_usage'] as const;
export type AdminProjection = (typeof ADMIN_PROJECTIONS)[number];

export const accountNotFound = () => new DomainError('ACCOUNT_NOT_FOUND', 'Account not found.', 404);

/**
 * The admin read models, read fresh: after a command, wait for the projections to pass the position it wrote
 * (read-your-writes); for a plain read, wait for them to reach the end of the log, so fresh sign-ups show. Both
 * waits are bounded: a lagging projection answers from what it has.
 */
@Injectable()
export class AdminReads {
  constructor(
    readonly read: ReadModels,
    @Inject(READ_MODEL_FRESHNESS) private readonly freshness: ReadModelFreshness,
  ) {}

  async caughtUp(projections: readonly AdminProjection[]): Promise<ReadModels> {
    await this.freshness.waitForHead(projections);
    return this.read;
  }

  async after(position: bigint | null, projections: readonly AdminProjection[]): Promise<ReadModels> {
    await this.freshness.waitForPosition(projections, position);
    return this.read;
  }
}
