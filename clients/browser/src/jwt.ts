/**
 * The `user` claim of a user JWT, read without verifying (the gateway verifies): lets `init` and
 * `widget` take the account and user ids from the token when the page does not repeat them.
 */
export function jwtUser(jwt: string): { id?: string; accountId?: string } {
  try {
    const part = jwt.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(part), (c) => c.charCodeAt(0));
    const user = (JSON.parse(new TextDecoder().decode(bytes)) as { user?: unknown }).user;
    if (user && typeof user === 'object') {
      const { id, accountId } = user as Record<string, unknown>;
      return {
        id: typeof id === 'string' ? id : undefined,
        accountId: typeof accountId === 'string' ? accountId : undefined,
      };
    }
  } catch {
    // Not a JWT: the call goes out without ids and is refused with a clear message.
  }
  return {};
}
