import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevTarget } from '../api/dev-target.js';
import { chatAgent } from '../api/dev-target.js';
import { applyDecisions } from '../api/apply-decisions.js';
import { callTool } from '../api/call-tool.js';
import { describeAgent } from '../api/describe-agent.js';
import type { RunStore } from '../api/run-store.js';
import { sessionView } from '../api/session-view.js';
import { streamRun } from '../api/stream-run.js';
import { DevtoolsRequestError } from '../errors/devtools-request-error.js';
import { readJsonBody, stringField } from './read-json-body.js';
import { sendJson } from './send.js';

const sessionKey = (sessionId: string) => ({ appName: 'toolcraft-dev', userId: 'developer', sessionId });
const idPattern = /^[A-Za-z0-9._:-]{1,128}$/;

function checkedId(body: Record<string, unknown>, field: string): string {
  const value = stringField(body, field);
  if (!idPattern.test(value)) throw new DevtoolsRequestError(400, `'${field}' should be 1 to 128 letters, digits or . _ : -`);
  return value;
}

/**
 * Answers one request to `/api/...`.
 * @param request - the request
 * @param response - the response
 * @param target - what the dev UI serves
 * @param runs - its runs
 * @returns whether the path was an API path
 * @throws DevtoolsRequestError for a request that cannot be answered
 * @internal
 */
export async function handleApi(request: IncomingMessage, response: ServerResponse, target: DevTarget, runs: RunStore): Promise<boolean> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const route = `${request.method ?? 'GET'} ${path}`;
  const closed = new AbortController();
  response.on('close', () => closed.abort());
  switch (route) {
    case 'GET /api/agent':
      sendJson(response, 200, describeAgent(target));
      return true;
    case 'POST /api/tools/call': {
      const body = await readJsonBody(request);
      const confirmed = body.confirmed === true;
      sendJson(response, 200, await callTool(target, stringField(body, 'name'), body.arguments ?? {}, confirmed, closed.signal));
      return true;
    }
    case 'POST /api/chat': {
      const body = await readJsonBody(request);
      const agent = chatAgent(target);
      const text = stringField(body, 'text');
      const sessionId = checkedId(body, 'sessionId');
      const runId = checkedId(body, 'runId');
      const session = target.sessions.open(sessionKey(sessionId));
      const signal = runs.start(runId, sessionId);
      await streamRun(response, agent.stream(text, { runId, session, signal }), runs, runId, session);
      return true;
    }
    case 'POST /api/runs/resume': {
      const body = await readJsonBody(request);
      const agent = chatAgent(target);
      const runId = checkedId(body, 'runId');
      const { state, sessionId } = runs.paused(runId);
      applyDecisions(state, body.decisions);
      const session = target.sessions.open(sessionKey(sessionId));
      const signal = runs.start(runId, sessionId);
      await streamRun(response, agent.stream(state, { session, signal }), runs, runId, session);
      return true;
    }
    case 'POST /api/runs/abort': {
      const body = await readJsonBody(request);
      sendJson(response, 200, { aborted: runs.abort(checkedId(body, 'runId')) });
      return true;
    }
    case 'POST /api/session': {
      const body = await readJsonBody(request);
      sendJson(response, 200, await sessionView(target.sessions.open(sessionKey(checkedId(body, 'sessionId')))));
      return true;
    }
    default:
      if (path.startsWith('/api/')) throw new DevtoolsRequestError(404, `no such API: ${route}.`);
      return false;
  }
}
