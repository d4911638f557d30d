/** The purgeable vault is the platform's (the same database; an erasure forgets what it holds of an account). */
export { TEXT_VAULT } from '../../platform/tokens';
/** The detector model version answers are cached under (the manifest's version; null when no manifest). */
export const MODEL_VERSION = Symbol('MODEL_VERSION');
