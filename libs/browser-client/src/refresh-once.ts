/**
 * The refresh-once rule of both apps' HTTP clients (spec §5): a 401 refreshes the session once, and 401s that arrive
 * while a refresh is running wait for that same refresh instead of starting their own (a refresh token works once,
 * so a second refresh would sign the user out). Returns the function to call on a 401; it resolves whether the
 * refresh worked.
 */
export function refreshOnce(refresh: () => Promise<boolean>): () => Promise<boolean> {
  let running: Promise<boolean> | null = null;
  return () => {
    running ??= refresh()
      .catch(() => false)
      .finally(() => {
        running = null;
      });
    return running;
  };
}
