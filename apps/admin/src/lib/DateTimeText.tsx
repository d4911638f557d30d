import Box from '@mui/material/Box';
import { formatDateTime } from './format';

/**
 * '26 Nov 2026, 06:10 UTC' that may break between the date and the time but never inside either: narrow columns
 * take two lines instead of pushing the table wider than its card.
 */
export function DateTimeText({ iso, empty }: { iso: string | null | undefined; empty?: string }) {
  if (!iso) return <>{empty ?? formatDateTime(iso)}</>;
  const text = formatDateTime(iso);
  const [date, time] = text.split(', ');
  if (!time) return <>{text}</>;
  return (
    <time dateTime={iso}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {date},
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {time}
      </Box>
    </time>
  );
}
