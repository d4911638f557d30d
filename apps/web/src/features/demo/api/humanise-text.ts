import { useMutation } from '@tanstack/react-query';
import { HumaniseResponse } from '@inkprint/contracts/ai/humanisation';
import type { Tone } from '@inkprint/contracts/ai/modes';
import { api } from '../../../lib/api-client';

/** `POST /ai/humanise`: the rewrite and the detector's evaluation of it. */
export function humaniseText(input: { text: string; tone: Tone; clientTrim: boolean; attempt?: number }) {
  return api.request('/ai/humanise', {
    schema: HumaniseResponse,
    method: 'POST',
    // attempt: 0 the first rewrite, 1, 2 … each 'Regenerate' (another rewrite, whichever worker takes it).
    body: { text: input.text, tone: input.tone, ...(input.attempt ? { attempt: input.attempt } : {}) },
    guest: true,
    headers: input.clientTrim ? { 'X-Client-Trim': 'true' } : {},
  });
}

/** A rewrite as a mutation: the demo reads its pending state. */
export const useHumaniseText = () => useMutation({ mutationFn: humaniseText });
