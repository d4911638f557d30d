import { useMutation } from '@tanstack/react-query';
import { DetectResponse } from '@inkprint/contracts/ai/detection';
import type { DetectionMode } from '@inkprint/contracts/ai/modes';
import { api } from '../../../lib/api-client';

/** `POST /ai/detect?mode=`: X-Client-Trim tells the API the text was trimmed to the plan's limit by the client. */
export function detectText(input: { text: string; mode: DetectionMode; clientTrim: boolean }) {
  return api.request('/ai/detect', {
    schema: DetectResponse,
    method: 'POST',
    query: { mode: input.mode },
    body: { text: input.text },
    guest: true,
    headers: input.clientTrim ? { 'X-Client-Trim': 'true' } : {},
  });
}

/** A detection as a mutation: the demo reads its pending state. */
export const useDetectText = () => useMutation({ mutationFn: detectText });
