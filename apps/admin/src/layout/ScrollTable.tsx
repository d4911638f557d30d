import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * Scroll shadows: an edge darkens while more of the table lies beyond it, and clears once scrolled to that end (the
 * white covers move with the content, the shadows stay with the box). On a phone the columns of a wide table are then
 * visibly cut off rather than silently missing.
 */
export const scrollCueSx = {
  overflowX: 'auto',
  background: [
    'linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left center / 40px 100% no-repeat local',
    'linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right center / 40px 100% no-repeat local',
    'radial-gradient(farthest-side at 0 50%, rgba(20,33,61,0.22), rgba(20,33,61,0)) left center / 14px 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, rgba(20,33,61,0.22), rgba(20,33,61,0)) right center / 14px 100% no-repeat scroll',
  ].join(', '),
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

/**
 * A table's scroll box: scroll shadows, and focusable by keyboard (a named region) so that the arrow keys can scroll
 * a table wider than the screen (axe: scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={scrollCueSx}>
      {children}
    </TableContainer>
  );
}
