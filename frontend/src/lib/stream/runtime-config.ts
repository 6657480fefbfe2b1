import type { RuntimeConfig } from '@mentoring/shared';
import { loadRuntimeConfig as loadConfig } from '@/config/runtime-config';

export { resetRuntimeConfig } from '@/config/runtime-config';

/** /config.json, or null when it cannot be read (the connection then simply stays not connected). */
export const loadRuntimeConfig = () => loadConfig().catch(() => null);

/** Only a local stage without credentials says false; a deployed stage always has its secret. */
export const streamConfigured = (config: RuntimeConfig | null) => config?.stream?.configured !== false;

/** The chat client's options: on a local stage without Stream credentials, the stand-in's address (its documented `baseURL`). */
export const streamChatOptions = (config: RuntimeConfig | null) => (config?.stream?.baseUrl ? { baseURL: config.stream.baseUrl } : undefined);

/** The video client's options: on the stand-in, its coordinator (`baseURL`) and location hint (`locationHintUrl`), both documented options. */
export const streamVideoOptions = (config: RuntimeConfig | null) =>
  config?.stream?.baseUrl ? { baseURL: `${config.stream.baseUrl}/video`, locationHintUrl: `${config.stream.baseUrl}/video/location-hint` } : undefined;
