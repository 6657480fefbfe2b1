export * from './programme';
export * from './profile';
export * from './reference';
export * from './mentorship';
export * from './mentorship-calls';
export * from './matching';
export * from './time';
export * from './sessions';
