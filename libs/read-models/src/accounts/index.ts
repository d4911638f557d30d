export * from './users.projection';
export * from './users.query';
export * from './invites.projection';
export * from './invites.query';
export * from './audit-timeline.projection';
export * from './audit-timeline.query';
