import { useEffect, useState } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

/** Follows the operating system's light/dark preference, live. */
export function useColorScheme(): 'light' | 'dark' {
  const [dark, setDark] = useState(() => globalThis.matchMedia?.(QUERY).matches ?? false);
  useEffect(() => {
    const media = globalThis.matchMedia?.(QUERY);
    if (!media) return;
    const onChange = (event: MediaQueryListEvent) => setDark(event.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return dark ? 'dark' : 'light';
}
