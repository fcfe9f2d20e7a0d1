export * from './catalog';
export * from './customers';
export * from './platform';
export * from './commerce';
export * from './tickets';
export * from './wallet';
export * from './staff';
export * from './pricing';
