/**
 * An outside store's value in a component, the same on the server and in the hydrating render
 * (`serverValue`: what the prerendered HTML shows), then the store's own from right after mount.
 * Not React's useSyncExternalStore: its server snapshot is React's alone (Preact, which runs the
 * islands, reads the live value while hydrating and leaves the server's attributes in place).
 */
import { useEffect, useState } from 'react';

export function useExternalStore<T>(subscribe: (onChange: () => void) => () => void, read: () => T, serverValue: T): T {
  const [value, setValue] = useState<T>(serverValue);
  useEffect(() => {
    const update = () => setValue(() => read());
    update();
    return subscribe(update);
  }, [subscribe, read]);
  return value;
}
