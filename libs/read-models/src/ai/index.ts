export * from './recent-activity.projection';
export * from './recent-activity.query';
export * from './user-batches.projection';
export * from './user-batches.query';
