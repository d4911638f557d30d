import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { formatDateTime } from '../lib/format';
import type { AdminDataProvider } from '../providers/data-provider';

interface ProjectionStatus {
  name: string;
  lag: number;
  updatedAt: string | null;
}

/**
 * Projection lag and the domain-event relay, as `GET /admin/health` reports them (events not yet applied per read model;
 * events the relay has published). The relay is only there in the Kafka mode.
 */
export function PipelineHealth() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const health = useQuery({ queryKey: ['admin', 'health'], queryFn: () => dataProvider.getHealth(), retry: false });
  if (!health.data) return null;
  const projections = (health.data.projections?.projections ?? []) as ProjectionStatus[];
  const relay = health.data.domainEventRelay as { published?: number; status?: string } | undefined;
  return (
    <Card variant="outlined" component="section" aria-labelledby="pipeline-health">
      <CardContent>
        <Typography variant="h6" component="h2" id="pipeline-health" gutterBottom>
          Projections and relay
        </Typography>
        <Typography variant="body2" component="ul" sx={{ m: 0, pl: 2.5 }}>
          {projections.map((p) => (
            <li key={p.name}>
              <code>{p.name}</code>: {p.lag === 0 ? 'up to date' : `${p.lag} events behind`}
              {p.updatedAt ? ` (last applied ${formatDateTime(p.updatedAt)})` : ''}
            </li>
          ))}
          <li>
            Domain-event relay:{' '}
            {relay
              ? `${relay.status === 'down' ? 'down' : 'up'}, ${relay.published ?? 0} events published`
              : 'off (in-process job bus, no Kafka)'}
          </li>
        </Typography>
      </CardContent>
    </Card>
  );
}
