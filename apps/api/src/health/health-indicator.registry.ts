import { Injectable } from '@nestjs/common';
import type { HealthCheckResult, HealthIndicator } from './health-indicator';

/** healthy: no check is down; degraded: at least one check is degraded (still serving, an operator is needed). */
export type HealthReport = Readonly<{
  healthy: boolean;
  degraded?: boolean;
  checks: Record<string, HealthCheckResult>;
}>;

/**
 * Checks registered by the modules that own a dependency (the platform module registers its database and bus).
 * Register from a provider's constructor or onModuleInit: `registry.register({ name: 'database', check: () => ... })`.
 */
@Injectable()
export class HealthIndicatorRegistry {
  private readonly indicators = new Map<string, HealthIndicator>();

  /** A check that takes longer than this counts as down, so /health answers even when a dependency hangs. */
  timeoutMs = 3000;

  register(indicator: HealthIndicator): void {
    if (this.indicators.has(indicator.name))
      throw new Error(`Health indicator "${indicator.name}" is already registered`);
    this.indicators.set(indicator.name, indicator);
  }

  unregister(name: string): void {
    this.indicators.delete(name);
  }

  names(): string[] {
    return [...this.indicators.keys()];
  }

  async report(): Promise<HealthReport> {
    const entries = await Promise.all(
      [...this.indicators.values()].map(async (indicator) => [indicator.name, await this.run(indicator)] as const),
    );
    const checks = Object.fromEntries(entries);
    const degraded = entries.some(([, result]) => result.status === 'degraded');
    return {
      healthy: entries.every(([, result]) => result.status !== 'down'),
      ...(degraded ? { degraded } : {}),
      checks,
    };
  }

  private async run(indicator: HealthIndicator): Promise<HealthCheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      const details = (await Promise.race([indicator.check(), timeout])) ?? {};
      if (details.status === 'down') return { ...details, status: 'down' };
      if (details.status === 'degraded') return { ...details, status: 'degraded' };
      return { ...details, status: 'up' };
    } catch (error) {
      return { status: 'down', error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }
}
