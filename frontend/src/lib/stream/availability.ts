import { useEffect, useState } from 'react';
import { loadRuntimeConfig, streamConfigured } from './runtime-config';

/** 'unknown' until /config.json answers; 'missing' on a local stage without Stream credentials. */
export const useStreamAvailability = () => {
  const [availability, setAvailability] = useState<'unknown' | 'configured' | 'missing'>('unknown');
  useEffect(() => {
    let active = true;
    void loadRuntimeConfig().then((config) => {
      if (active) setAvailability(streamConfigured(config) ? 'configured' : 'missing');
    });
    return () => {
      active = false;
    };
  }, []);
  return availability;
};
