import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EngineSettings } from '@inkprint/config';
import { REPO_ROOT } from '../../config';

/**
 * The detector model version the detection cache is keyed by: `<engine setting>:<manifest version>`. A new model
 * (or another engine) therefore never answers from results of the old one.
 */
export function detectorModelVersion(engines: EngineSettings): string {
  if (engines.detectorEngine === 'heuristic') return 'heuristic';
  const manifest = path.join(engines.modelsDir ?? path.join(REPO_ROOT, 'models'), 'inkprint-detector.json');
  try {
    const version = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version?: unknown }).version;
    return `${engines.detectorEngine}:${String(version ?? 'unknown')}`;
  } catch {
    return `${engines.detectorEngine}:no-manifest`;
  }
}
