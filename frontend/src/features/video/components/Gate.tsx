import type { PropsWithChildren } from 'react';
import { useCallStateHooks, type OwnCapability } from '@stream-io/video-react-sdk';

/** Renders its children only while the local member holds every listed capability (docs/product-spec.md, point 6). */
export const Gate = ({ can, children }: PropsWithChildren<{ can: OwnCapability[] }>) => {
  const { useHasPermissions } = useCallStateHooks();
  return useHasPermissions(...can) ? <>{children}</> : null;
};
