import { useEffect, useState } from 'react';
import { RESEND_COOLDOWN_S } from '../rules';

/** Seconds left before a new code may be asked for, and a way to start the wait (120 s, or what the server says). */
export function useCooldown(initialSeconds = 0): [number, (seconds?: number) => void] {
  const [until, setUntil] = useState(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, now]);
  return [
    Math.max(0, (until - now) / 1000),
    (seconds = RESEND_COOLDOWN_S) => {
      setNow(Date.now());
      setUntil(Date.now() + seconds * 1000);
    },
  ];
}
