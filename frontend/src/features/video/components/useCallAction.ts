import { useState } from 'react';
import { copy as text } from '../copy';

/** Runs one call API action at a time and keeps its failure as words for the user. */
export const useCallAction = () => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, failure: string = text.events.actionFailed) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (cause) {
      console.error(cause);
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
};
