/** SecretStorage key of the token for one service (by origin, so a trailing path or slash does not matter). */
export function secretKeyFor(serviceUrl: string): string {
  let origin = serviceUrl.trim();
  try {
    origin = new URL(origin).origin;
  } catch {
    // Not a URL: key by the text as typed; signing in refuses it anyway.
  }
  return `wsc.token:${origin}`;
}
