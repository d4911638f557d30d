import type { ResendOtpRequest, CodeSentResponse } from '@inkprint/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/resend-otp`: Sends a new code (refused for 120 s after the last one). */
export const resendOtp = (body: ResendOtpRequest) =>
  api.request<CodeSentResponse>('/auth/resend-otp', { method: 'POST', body, retries: 0 });

export const useResendOtp = () => useMutation({ mutationFn: resendOtp });
