import { GUEST_RETRY_CODES } from '@inkprint/contracts';
import { GUEST_RETRY } from './guest-retry';

it('repeats the contracts guest-retry codes exactly', () => {
  expect([...GUEST_RETRY].sort()).toEqual([...GUEST_RETRY_CODES].sort());
});
