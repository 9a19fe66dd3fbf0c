// @ts-check
// The dev UI's calls to its server: JSON requests, and runs read as JSON lines while they stream.

/**
 * Posts JSON and reads the JSON answer.
 * @param {string} path
 * @param {unknown} body
 * @returns {Promise<any>} the answer; rejects with the server's error text
 */
export async function postJson(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? `HTTP ${response.status}`);
  return answer;
}

/**
 * Gets JSON.
 * @param {string} path
 * @returns {Promise<any>}
 */
export async function getJson(path) {
  const response = await fetch(path);
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? `HTTP ${response.status}`);
  return answer;
}

/**
 * Posts JSON and reads the streamed answer line by line (a run: its events, then its end).
 * @param {string} path
 * @param {unknown} body
 * @param {(line: any) => void} onLine called with each line's JSON, in order
 * @returns {Promise<void>} once the stream ended; rejects with the server's error text
 */
export async function streamLines(path, body, onLine) {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok || response.body === null) {
    const answer = await response.json().catch(() => ({}));
    throw new Error(answer.error ?? `HTTP ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line !== '') onLine(JSON.parse(line));
    }
  }
  if (buffered.trim() !== '') onLine(JSON.parse(buffered));
}
