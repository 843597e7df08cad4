/** A message that goes after MESSAGE_TIMEOUT_MS; `onExpire` runs as it goes. */
import { useEffect, useState } from 'react';
import { MESSAGE_TIMEOUT_MS } from '../../engine/forms/index.ts';

export function useTimedNotice<T>(onExpire?: () => void) {
  const [notice, setNotice] = useState<T | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      setNotice(null);
      onExpire?.();
    }, MESSAGE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [notice, onExpire]);
  return [notice, setNotice] as const;
}
