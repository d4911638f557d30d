/** Injection tokens of the platform's ports. */
export const DATABASE = Symbol('DATABASE');
/** The purgeable store of submitted text, cached results, rewrites and reports (`TextVault`, libs/text-vault). */
export const TEXT_VAULT = Symbol('TEXT_VAULT');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const PROJECTIONS = Symbol('PROJECTIONS');
export const PROJECTION_RUNNER = Symbol('PROJECTION_RUNNER');
export const JOB_BUS = Symbol('JOB_BUS');
export const DOMAIN_EVENT_RELAY = Symbol('DOMAIN_EVENT_RELAY');
/** Where consumers of the log outside a read-model transaction keep their place (`es_checkpoints`). */
export const CHECKPOINTS = Symbol('CHECKPOINTS');
/** The personal-data keys of the event store (crypto-shredding): erasing one forgets its subject. */
export const PERSONAL_DATA_KEYS = Symbol('PERSONAL_DATA_KEYS');
/** Read-your-writes: waits (bounded) for named projections to pass a log position (ReadModelFreshness). */
export const READ_MODEL_FRESHNESS = Symbol('READ_MODEL_FRESHNESS');
