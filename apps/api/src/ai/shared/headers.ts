/** `X-Client-Trim: true`, `X-Internal-Humanise-Detection: true`. */
export const isTrue = (header: string | undefined): boolean => header?.trim().toLowerCase() === 'true';
