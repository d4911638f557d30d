import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/**
 * The frame both demo results share (the detector's and the humaniser's): the summary (heading row, figures, notes),
 * a wrapping row of actions, then the details below them (the sentence map, the changes).
 */
export function ResultFrame({
  testId,
  summary,
  actions,
  actionsGap = 2,
  details,
}: {
  testId: string;
  summary: ReactNode;
  actions: ReactNode;
  /** Space above the actions (theme units). */
  actionsGap?: number;
  details?: ReactNode;
}) {
  return (
    <Box data-testid={testId}>
      {summary}
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: actionsGap }}>
        {actions}
      </Stack>
      {details}
    </Box>
  );
}

/** A bordered, scrolling block of the text (the shaded sentences, the word-level changes), reachable by keyboard. */
export function TextRegion({
  label,
  testId,
  focusable = false,
  sx,
  children,
}: {
  label: string;
  testId?: string;
  /** Tab stop of its own (the changes: nothing inside them takes focus). */
  focusable?: boolean;
  /** Styles of its own added to the frame's (the changes' colours). */
  sx?: Record<string, unknown>;
  children: ReactNode;
}) {
  return (
    <Box
      data-testid={testId}
      tabIndex={focusable ? 0 : undefined}
      role="region"
      aria-label={label}
      sx={{
        mt: 1,
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        lineHeight: 1.8,
        maxHeight: 320,
        overflowY: 'auto',
        overflowWrap: 'anywhere',
        ...sx,
      }}
    >
      {children}
    </Box>
  );
}
