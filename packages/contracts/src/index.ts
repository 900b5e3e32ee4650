export * from './api.ts';
export * from './auth.ts';
export * from './constants.ts';
export * from './fields.ts';
export * from './language.ts';
export * from './messages.ts';
export * from './routes.ts';
export * from './toast-text.ts';
