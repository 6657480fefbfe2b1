export * from './programme';
export * from './profile';
export * from './reference';
export * from './matching';
export * from './time';
