import type { DatasourceStatus } from '@app/contracts';
import type { Datasource } from '@app/db';

export type HealthState = 'healthy' | 'failing' | 'stale' | 'never_crawled' | 'inactive';

type HealthFields = Pick<Datasource, 'config' | 'isActive' | 'consecutiveFailures' | 'lastSuccessAt'>;

/** Same rule as the crawler's: config.check_interval, else daily for crawl_frequency 'daily', else an hour. */
function intervalSeconds(datasource: HealthFields): number {
  const config = (datasource.config ?? {}) as Record<string, unknown>;
  const interval = Number(config.check_interval);
  if (Number.isFinite(interval) && interval >= 60) return interval;
  return config.crawl_frequency === 'daily' ? 86_400 : 3_600;
}

/**
 * A source's state for the admin: 'healthy' only while its last success is recent (within two
 * intervals plus an hour); an old success is 'stale', never shown as fresh.
 */
export function healthStateOf(datasource: HealthFields, now: Date): HealthState {
  if (!datasource.isActive) return 'inactive';
  if (datasource.consecutiveFailures > 0) return 'failing';
  if (!datasource.lastSuccessAt) return 'never_crawled';
  const freshFor = (2 * intervalSeconds(datasource) + 3600) * 1000;
  return now.getTime() - datasource.lastSuccessAt.getTime() > freshFor ? 'stale' : 'healthy';
}

const STATUS_OF: Record<HealthState, DatasourceStatus> = {
  inactive: 'disabled',
  never_crawled: 'pending',
  healthy: 'normal',
  stale: 'stale',
  failing: 'failing',
};

/** The admin list's status word for a source: its health state, in the spec's words where it has them. */
export function datasourceStatusOf(datasource: HealthFields, now: Date): DatasourceStatus {
  return STATUS_OF[healthStateOf(datasource, now)];
}
