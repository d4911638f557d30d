export * from './daily-usage.projection';
export * from './daily-usage.query';
