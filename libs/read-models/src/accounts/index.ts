export * from './streams';
export * from './users.projection';
export * from './invites.projection';
export * from './recent-activity.projection';
export * from './audit-timeline.projection';
export * from './accounts-read-model';
export * from './daily-usage.projection';
