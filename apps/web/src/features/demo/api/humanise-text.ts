import type { HumaniseResponse } from '@inkprint/contracts';
import type { Tone } from '@inkprint/contracts/ai/modes';
import { api } from '../../../lib/api-client';
import { withGuestId } from './guest-body';

/** `POST /ai/humanise`: the rewrite and the detector's evaluation of it. */
export function humaniseText(input: { text: string; tone: Tone; clientTrim: boolean }) {
  return api.request<HumaniseResponse>('/ai/humanise', {
    method: 'POST',
    body: withGuestId({ text: input.text, tone: input.tone }),
    guest: true,
    headers: input.clientTrim ? { 'X-Client-Trim': 'true' } : {},
  });
}
