export * from './errors';
export * from './feedback';
export * from './routes';
export * from './tables';
export * from './messages';
export * from './config';
export * from './video';
