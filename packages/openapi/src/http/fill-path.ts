/** A path segment that URL parsing takes as `.` or `..` (WHATWG URL: `%2e` counts as a dot). */
const dotSegment = /^(?:\.|%2e){1,2}$/i;

/**
 * Puts a path parameter's value into the path, percent-encoded (`/`, `?`, `#` included), so it stays
 * one segment. A value that would make a `.` or `..` segment (which URL parsing collapses, so the
 * request would go to another endpoint: `/users/me/posts/..` is `/users/me/`) or an empty segment
 * is refused.
 * @param path - the path so far, with `{name}` where the value goes
 * @param name - the parameter's name
 * @param value - the value, as text
 * @returns the path with the value in it
 * @throws Error for the model: the value cannot be a path segment
 */
export function fillPath(path: string, name: string, value: string): string {
  const encoded = encodeURIComponent(value);
  const filled = path.split(`{${name}}`).join(encoded);
  const segments = filled.split('/');
  const template = path.split('/');
  segments.forEach((segment, index) => {
    if (!template[index]?.includes(`{${name}}`)) return;
    if (dotSegment.test(segment) || segment === '')
      throw new Error(
        `the path parameter '${name}' cannot be ${JSON.stringify(value)}: it would make the path segment ${JSON.stringify(segment)}, ` +
          'which changes which endpoint is called; give the value itself (an id, a name).',
      );
  });
  return filled;
}
