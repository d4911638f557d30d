import Box from '@mui/material/Box';
import { AI_COLOR, HUMAN_COLOR, ProbabilityBar } from '../../../components/ui/ProbabilityBar';

/** The AI and Human probability bars of section 3. */
export function ProbabilityBars({ aiPercent, humanPercent }: { aiPercent: number; humanPercent: number }) {
  return (
    <Box>
      <ProbabilityBar label="AI probability" value={aiPercent} color={AI_COLOR} />
      <ProbabilityBar label="Human probability" value={humanPercent} color={HUMAN_COLOR} />
    </Box>
  );
}
