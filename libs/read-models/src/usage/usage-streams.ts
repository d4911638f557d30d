export interface UsageStream {
  feature: 'detector' | 'humaniser';
  day: string;
  kind: 'account' | 'guest' | 'client';
  id: string;
}

const USAGE_STREAM = /^usage-(detector|humaniser)-(\d{4}-\d{2}-\d{2})-(account|guest|client)-(.+)$/;

/** Parses `usage-<feature>-<day>-<kind>-<id>` (see usageStreamId in @inkprint/plans-domain). */
export function parseUsageStream(streamId: string): UsageStream | null {
  const m = USAGE_STREAM.exec(streamId);
  return m ? { feature: m[1] as UsageStream['feature'], day: m[2], kind: m[3] as UsageStream['kind'], id: m[4] } : null;
}
