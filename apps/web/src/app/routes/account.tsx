import AccountPage from '../../features/auth/components/AccountPage';
import { UsageMeters } from '../../features/demo/components/UsageMeters';
import { usePlanLimits } from '../../lib/plan-limits';

/** `/account`: the account page with the demo's usage meters (today's requests per tool, the reset countdown). */
export default function AccountRoute() {
  const { requests } = usePlanLimits();
  return <AccountPage usage={<UsageMeters requests={requests} />} />;
}
