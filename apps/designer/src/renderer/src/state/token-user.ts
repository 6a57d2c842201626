const NAME_CLAIMS = ['preferred_username', 'name', 'email', 'sub'] as const;

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}

/**
 * Who is signed in, for display only: the first name-like claim of a JWT access token. The token is not
 * verified here (the service does that on every call) and nothing is decided from it; an opaque token simply
 * has no name to show.
 */
export function tokenUserName(token: string | undefined): string | undefined {
  const payload = token?.split('.')[1];
  if (payload === undefined || payload === '') return undefined;
  try {
    const claims = decodeSegment(payload);
    if (typeof claims !== 'object' || claims === null) return undefined;
    for (const claim of NAME_CLAIMS) {
      const value = (claims as Record<string, unknown>)[claim];
      if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 80);
    }
    return undefined;
  } catch {
    return undefined;
  }
}
