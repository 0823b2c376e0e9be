export * from './roles.js';
export * from './errors.js';
export * from './http.js';
export * from './identity.js';
export * from './dashboard.js';
export * from './health.js';
export * from './routes.js';
export * from './rpc.js';
