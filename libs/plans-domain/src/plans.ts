// The plan catalogue is public (spec §9) and lives in @inkprint/contracts; the domain uses it from there.
export {
  accountPlan,
  ASSIGNABLE_PLAN_SLUGS,
  DEFAULT_ACCOUNT_PLAN,
  GUEST_PLAN,
  isAssignablePlanSlug,
  isPlanSlug,
  JOB_PRIORITIES,
  maxChars,
  PLAN_SLUGS,
  PLANS,
  planBySlug,
  USAGE_FEATURES,
  type JobPriority,
  type Plan,
  type PlanSlug,
  type UsageFeature,
} from '@inkprint/contracts';
