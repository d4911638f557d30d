import { API_KEY_NAME_MAX, API_KEY_PLANS, API_KEY_SCOPES, type ApiKeyScope, type Plan } from '@inkprint/contracts';

export const SCOPE_LABELS: Record<ApiKeyScope, { label: string; hint: string }> = {
  detect: { label: 'Detect', hint: 'POST /ai/detect and file imports' },
  humanise: { label: 'Humanise', hint: 'POST /ai/humanise' },
  reports: { label: 'Reports', hint: 'POST /ai/report' },
};

export interface ApiKeyDraft {
  name: string;
  scopes: ApiKeyScope[];
  /** As typed; empty = no cap (the plan's limit). */
  dailyCap: string;
}

export const emptyDraft = (): ApiKeyDraft => ({ name: '', scopes: ['detect'], dailyCap: '' });

/** Whether an account on `plan` may hold keys (Basic, Pro, Enterprise). */
export const planHasApiKeys = (plan: Plan | null): boolean => plan !== null && API_KEY_PLANS.includes(plan.slug);

/** The highest cap a key may have on `plan`: its daily limit, included (issue 43 item 7); null: any. */
export const maxDailyCap = (plan: Plan | null): number | null =>
  plan?.dailyLimit === null || plan === null ? null : plan.dailyLimit;

/** Per-field messages before sending (the API checks the same and answers VALIDATION_ERROR). */
export function draftErrors(draft: ApiKeyDraft, plan: Plan | null): Partial<Record<keyof ApiKeyDraft, string>> {
  const errors: Partial<Record<keyof ApiKeyDraft, string>> = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Name the key.';
  else if (name.length > API_KEY_NAME_MAX) errors.name = `A key's name must be at most ${API_KEY_NAME_MAX} characters.`;
  if (draft.scopes.length === 0) errors.scopes = 'Choose at least one scope.';
  if (draft.dailyCap.trim() !== '') {
    const cap = Number(draft.dailyCap);
    const max = maxDailyCap(plan);
    if (!Number.isInteger(cap) || cap < 1) errors.dailyCap = 'The daily cap is a whole number of requests.';
    else if (max !== null && cap > max)
      errors.dailyCap = `The daily cap must be at most your plan's daily limit of ${max} requests.`;
  }
  return errors;
}

/** The request a valid draft sends. */
export const draftRequest = (draft: ApiKeyDraft) => ({
  name: draft.name.trim(),
  scopes: API_KEY_SCOPES.filter((scope) => draft.scopes.includes(scope)),
  ...(draft.dailyCap.trim() ? { dailyCap: Number(draft.dailyCap) } : {}),
});

/** The curl line the page shows under a new key (its own origin as the API base when none is configured). */
export const curlExample = (apiBase: string, key: string) =>
  `curl -s '${apiBase}/ai/detect?mode=fast' \\\n  -H 'Authorization: Bearer ${key}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"text": "Paste the text to check here."}'`;
