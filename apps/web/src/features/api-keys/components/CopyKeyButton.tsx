import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  p: 0,
  m: '-1px',
} as const;

/**
 * Spec §4 "Copy": 'Copied!' for 1.8 s ('Copy failed' for 2 s when the browser refuses). A button of its own (Tab,
 * Enter or Space), and a polite status beside it that screen readers announce ('Copied', 'Copy failed').
 */
export function CopyKeyButton({
  text,
  label,
  variant = 'contained',
}: {
  text: string;
  label: string;
  variant?: 'contained' | 'outlined';
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), state === 'copied' ? 1800 : 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <Button
        variant={variant}
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : label}
      </Button>
      <Box component="span" role="status" sx={visuallyHidden}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : ''}
      </Box>
    </>
  );
}
