/**
 * Plays the user's browser for the desktop login: follows the provider's redirects (with a cookie jar) until
 * the provider sends it to the loopback redirect URI, then requests that URI, as a browser would. The test
 * provider picks the user from `login_hint`.
 */
export function createSystemBrowser(user: string): { open(url: string): Promise<void>; visited: string[] } {
  const visited: string[] = [];
  return {
    visited,
    async open(start: string) {
      const first = new URL(start);
      first.searchParams.set('login_hint', user);
      let url = first;
      const jar = new Map<string, string>();
      for (let hop = 0; hop < 15; hop++) {
        visited.push(url.href);
        const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
        const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        for (const set of response.headers.getSetCookie()) {
          const pair = set.split(';')[0] ?? '';
          jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
        }
        const location = response.headers.get('location');
        if (location === null) return;
        url = new URL(location, url);
      }
    },
  };
}
