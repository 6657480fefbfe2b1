export { SafeguardingProvider } from './SafeguardingProvider';
export { SuspendedBanner } from './components/SuspendedBanner';
export { SuspendButton } from './components/SuspendButton';
export { coordinatorSafeguardingPages } from './routes';
