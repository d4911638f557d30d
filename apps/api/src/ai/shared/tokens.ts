/** The purgeable store of submitted text, cached results, rewrites and reports (`TextVault`, libs/text-vault). */
export const TEXT_VAULT = Symbol('TEXT_VAULT');
/** The detector model version answers are cached under (the manifest's version; null when no manifest). */
export const MODEL_VERSION = Symbol('MODEL_VERSION');
