/**
 * What is wrong with a credential, if anything: a key or token must be a non-empty string; HTTP basic
 * takes `{ username, password }` with a non-empty username (or `'user:password'` text).
 * @param credential - the credential given (configured or provided by the host)
 * @returns what was expected, or undefined when it can be used
 */
export function credentialProblem(credential: unknown): string | undefined {
  if (typeof credential === 'string') return credential.trim() === '' ? 'a non-empty key or token' : undefined;
  if (typeof credential === 'object' && credential !== null) {
    const { username, password } = credential as { username?: unknown; password?: unknown };
    if (typeof username === 'string' && username !== '' && typeof password === 'string') return undefined;
    return '{ username, password } with a non-empty username and a password string';
  }
  return 'a non-empty key or token, or { username, password }';
}

/**
 * A credential as it may be shown in an error: never its secret.
 * @param credential - the credential
 * @returns a safe description
 */
export function redacted(credential: unknown): unknown {
  if (typeof credential === 'string') return credential.trim() === '' ? credential : '(a string)';
  if (typeof credential === 'object' && credential !== null) {
    const { username } = credential as { username?: unknown };
    return { username: typeof username === 'string' && username !== '' ? '(a string)' : username, password: '(hidden)' };
  }
  return credential;
}
