export * from './recent-activity.projection';
export * from './recent-activity.query';
