// @ts-check
// The dev UI: the agent's tools with their schemas and forms, a streamed chat, cards for the calls a
// paused run waits on, and each run's timeline, RunState and session.
import { getJson, postJson, streamLines } from './api.js';
import { h, readChecked, schemaForm, showErrors } from './schema-form.js';
import { drawTimeline, timelineLegend } from './timeline.js';

/** @type {Map<string, any>} the tools' schemas by name */
const schemas = new Map();
let sessionId = newId('session');
/** @type {string | undefined} the run streaming now */
let activeRun;

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

function newId(/** @type {string} */ prefix) {
  return `${prefix}-${crypto.randomUUID()}`;
}

/** @param {unknown} value */
const pretty = (value) => JSON.stringify(value, null, 2);

// ---- tools --------------------------------------------------------------------------------------

/** @param {any} tool */
function toolCard(tool) {
  const form = schemaForm(tool.inputSchema);
  const errors = /** @type {HTMLElement} */ (h('ul', { class: 'errors', 'data-test': 'errors' }));
  errors.hidden = true;
  const result = h('div', { class: 'result', 'data-test': 'result' });
  const call = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit' }, ['Call']));
  // A tool a run would ask a person about first: the page asks before calling it.
  const confirm = tool.approval ? approvalConfirm(tool) : undefined;
  const formElement = h('form', { 'data-test': 'tool-form' }, [form.element, errors, ...(confirm ? [confirm.element] : []), call]);
  /** @param {unknown} value */
  const send = async (value) => {
    call.disabled = true;
    try {
      const answer = await postJson('/api/tools/call', { name: tool.name, arguments: value, ...(confirm ? { confirmed: true } : {}) });
      result.className = `result${answer.isError ? ' error' : ''}`;
      result.replaceChildren(
        h('div', { class: 'muted' }, [`${answer.isError ? 'error' : 'result'} in ${answer.durationMs} ms`]),
        h('pre', {}, [answer.content]),
      );
    } catch (error) {
      showErrors(errors, [/** @type {Error} */ (error).message]);
    } finally {
      call.disabled = false;
    }
  };
  formElement.addEventListener('submit', (event) => {
    event.preventDefault();
    const checked = readChecked(tool.inputSchema, form);
    showErrors(errors, checked.errors);
    if (checked.errors.length > 0) return;
    if (confirm) confirm.ask(() => send(checked.value), call);
    else void send(checked.value);
  });
  const schemaViews = [h('details', {}, [h('summary', {}, ['JSON Schema (toolcraft)']), h('pre', {}, [pretty(tool.inputSchema)])])];
  for (const [provider, sent] of Object.entries(tool.providers ?? {}))
    schemaViews.push(h('details', {}, [h('summary', {}, [`sent to ${provider}`]), h('pre', {}, [pretty(sent)])]));
  return h('details', { class: 'tool', 'data-tool': tool.name }, [
    h('summary', {}, [
      h('span', { class: 'name' }, [tool.name]),
      ...(tool.approval ? [' ', h('span', { class: 'badge', 'data-test': 'approval-badge' }, ['needs approval'])] : []),
      ' ',
      h('span', { class: 'muted' }, [tool.description.split('\n')[0] ?? '']),
    ]),
    h('div', { class: 'body' }, [...schemaViews, formElement, result]),
  ]);
}

/**
 * The confirm step of a tool that needs approval in a run: the form calls the tool directly, so the
 * page says so and calls it only on "Call anyway".
 * @param {any} tool
 */
function approvalConfirm(tool) {
  const yes = h('button', { type: 'button', class: 'danger', 'data-test': 'confirm-call' }, ['Call anyway']);
  const no = h('button', { type: 'button', class: 'secondary', 'data-test': 'cancel-call' }, ['Cancel']);
  const element = h('div', { class: 'card', 'data-test': 'confirm' }, [
    h('h3', {}, [`${tool.name} needs approval in a run`]),
    h('div', {}, [
      `(${tool.approval.because}${tool.approval.need === 'sometimes' ? ', for some calls' : ''}). This form calls it directly: nobody is asked.`,
    ]),
    h('div', { class: 'actions' }, [yes, no]),
  ]);
  element.hidden = true;
  /** @type {(() => void) | undefined} */
  let pending;
  /** @type {HTMLButtonElement | undefined} */
  let button;
  const close = () => {
    element.hidden = true;
    pending = undefined;
    if (button) button.disabled = false;
  };
  yes.addEventListener('click', () => {
    const run = pending;
    close();
    run?.();
  });
  no.addEventListener('click', close);
  return {
    element,
    /**
     * @param {() => void} run calls the tool
     * @param {HTMLButtonElement} call the form's button, disabled while it asks
     */
    ask(run, call) {
      pending = run;
      button = call;
      call.disabled = true;
      element.hidden = false;
    },
  };
}

// ---- chat ---------------------------------------------------------------------------------------

/**
 * @param {string} kind
 * @param {string} text
 */
function say(kind, text) {
  const line = h('div', { class: `message ${kind}` }, [text]);
  $('chat-log').append(line);
  $('chat-log').scrollTop = $('chat-log').scrollHeight;
  return line;
}

/** Reads a streamed run into the chat, and draws its timeline when it ends. */
function runReader(/** @type {string} */ title) {
  /** @type {HTMLElement | undefined} */
  let bubble;
  return (/** @type {any} */ line) => {
    if (line.kind === 'event') {
      const event = line.event;
      if (event.parentRunId !== undefined) return;
      if (event.type === 'text_delta') {
        bubble ??= say('assistant', '');
        bubble.dataset.test = 'assistant';
        bubble.textContent += event.delta;
      } else if (event.type === 'message') bubble = undefined;
      else if (event.type === 'tool_call_started') say('event', `→ ${event.toolName} ${event.arguments}`);
      else if (event.type === 'tool_call_completed' && !event.result.paused) say('event', `← ${event.toolName}: ${event.result.content}`);
      else if (event.type === 'handoff') say('event', `handoff to ${event.to}`);
    } else if (line.kind === 'done') {
      showRun(title, line);
      showInterruptions(line.runId, line.interruptions);
    } else if (line.kind === 'failed') {
      say('failure', `The run failed: ${line.error}`);
      showRun(title, line);
    }
  };
}

/**
 * Streams one run (a new message, or a resume) into the chat.
 * @param {string} path
 * @param {Record<string, unknown>} body
 * @param {string} runId
 * @param {string} title
 */
async function streamRun(path, body, runId, title) {
  activeRun = runId;
  setBusy(true);
  try {
    await streamLines(path, body, runReader(title));
  } catch (error) {
    say('failure', /** @type {Error} */ (error).message);
  } finally {
    activeRun = undefined;
    setBusy(false);
  }
}

function setBusy(/** @type {boolean} */ busy) {
  /** @type {HTMLButtonElement} */ ($('chat-send')).disabled = busy;
  /** @type {HTMLButtonElement} */ ($('chat-stop')).disabled = !busy;
}

// ---- interruptions ------------------------------------------------------------------------------

/**
 * Shows a card per waiting call; once each has an answer, the run resumes.
 * @param {string} runId
 * @param {any[]} interruptions
 */
function showInterruptions(runId, interruptions) {
  const container = $('interruptions');
  container.replaceChildren();
  if (interruptions.length === 0) return;
  /** @type {Map<string, unknown>} */
  const decisions = new Map();
  const decide = (/** @type {any} */ item, /** @type {HTMLElement} */ card, /** @type {object} */ decision) => {
    decisions.set(item.callId, { callId: item.callId, ...decision });
    card.classList.add('answered');
    for (const control of card.querySelectorAll('button, input, textarea, select'))
      /** @type {HTMLInputElement} */ (control).disabled = true;
    if (decisions.size === interruptions.length) {
      container.replaceChildren();
      void streamRun('/api/runs/resume', { runId, decisions: [...decisions.values()] }, runId, 'resumed');
    }
  };
  for (const item of interruptions) container.append(interruptionCard(item, decide));
}

/**
 * @param {any} item
 * @param {(item: any, card: HTMLElement, decision: object) => void} decide
 */
function interruptionCard(item, decide) {
  const errors = /** @type {HTMLElement} */ (h('ul', { class: 'errors', 'data-test': 'errors' }));
  errors.hidden = true;
  const card = h('div', { class: 'card', 'data-test': `card-${item.kind}`, 'data-call': item.callId }, []);
  if (item.kind === 'approval') {
    const schema = schemas.get(item.toolName) ?? {};
    let initial;
    try {
      initial = JSON.parse(item.arguments);
    } catch {
      initial = {};
    }
    const form = schemaForm(schema, initial);
    const reason = /** @type {HTMLInputElement} */ (h('input', { placeholder: 'reason (for the model)', 'data-test': 'reason' }));
    const approve = h('button', { type: 'button', 'data-test': 'approve' }, ['Approve']);
    const reject = h('button', { type: 'button', class: 'danger', 'data-test': 'reject' }, ['Reject']);
    approve.addEventListener('click', () => {
      const checked = readChecked(schema, form);
      showErrors(errors, checked.errors);
      if (checked.errors.length === 0) decide(item, card, { action: 'approve', arguments: checked.value });
    });
    reject.addEventListener('click', () => decide(item, card, { action: 'reject', reason: reason.value }));
    card.append(
      h('h3', {}, [`Approve ${item.toolName}?${item.inDoubt ? ' (it may have run already)' : ''}`]),
      h('div', { class: 'muted' }, ['Edit the arguments if needed: they are checked by the tool’s schema.']),
      form.element,
      errors,
      h('div', { class: 'actions' }, [approve, reject, reason]),
    );
  } else if (item.kind === 'credential') {
    const secret = /** @type {HTMLInputElement} */ (
      h('input', { type: 'password', autocomplete: 'off', placeholder: item.request?.key ?? 'credential', 'data-test': 'credential' })
    );
    const provide = h('button', { type: 'button', 'data-test': 'provide' }, ['Provide']);
    provide.addEventListener('click', () => {
      if (secret.value === '') return showErrors(errors, ['Enter the credential.']);
      const credential = secret.value;
      secret.value = '';
      decide(item, card, { action: 'credential', credential });
    });
    card.append(
      h('h3', {}, [`${item.toolName} needs a credential`]),
      h('div', { class: 'muted' }, [
        item.request?.description ?? `'${item.request?.key}'`,
        item.request?.scheme ? ` (${item.request.scheme})` : '',
      ]),
      errors,
      h('div', { class: 'actions' }, [secret, provide]),
    );
  } else {
    const value = /** @type {HTMLTextAreaElement} */ (h('textarea', { placeholder: 'the result (JSON or text)', 'data-test': 'value' }));
    const send = h('button', { type: 'button', 'data-test': 'resolve' }, ['Send result']);
    send.addEventListener('click', () => {
      let result;
      try {
        result = JSON.parse(value.value);
      } catch {
        result = value.value;
      }
      decide(item, card, { action: 'resolve', value: result });
    });
    card.append(
      h('h3', {}, [`${item.toolName} is run by you`]),
      h('pre', {}, [item.arguments]),
      value,
      h('div', { class: 'actions' }, [send]),
    );
  }
  return card;
}

// ---- runs ---------------------------------------------------------------------------------------

/**
 * Adds a run's timeline, RunState and result to the runs panel.
 * @param {string} title
 * @param {any} line the run's last line (`done` or `failed`)
 */
function showRun(title, line) {
  const runs = $('runs');
  if (runs.querySelector('p.muted')) runs.replaceChildren();
  if (document.querySelector('#runs-panel .legend') === null) $('runs-title').after(timelineLegend());
  const status = line.kind === 'failed' ? 'failed' : line.stopReason;
  const parts = [h('h3', {}, [`${title} · ${status} · `, h('code', {}, [line.runId ?? ''])]), drawTimeline(line.timeline ?? [])];
  if (line.runState !== undefined)
    parts.push(h('details', {}, [h('summary', {}, ['RunState']), h('pre', { 'data-test': 'run-state' }, [pretty(line.runState)])]));
  runs.prepend(h('div', { class: 'run', 'data-test': 'run', 'data-status': status }, parts));
  if (line.session !== undefined) $('session-state').textContent = pretty(line.session);
}

// ---- start --------------------------------------------------------------------------------------

async function start() {
  $('session-id').textContent = sessionId;
  const described = await getJson('/api/agent');
  const agent = described.agent;
  $('agent-info').textContent =
    agent === null
      ? 'a tool registry (no agent to chat with)'
      : `agent ${agent.name}${agent.provider ? ` · ${agent.provider}` : ''}${agent.modelId ? ` ${agent.modelId}` : ''}`;
  for (const tool of described.tools) schemas.set(tool.name, tool.inputSchema);
  $('tools').replaceChildren(...described.tools.map(toolCard));
  if (agent === null) $('chat-panel').hidden = true;
  $('chat-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = /** @type {HTMLInputElement} */ ($('chat-input'));
    const text = input.value.trim();
    if (text === '' || activeRun !== undefined) return;
    input.value = '';
    say('user', text);
    $('interruptions').replaceChildren();
    const runId = newId('run');
    void streamRun('/api/chat', { text, sessionId, runId }, runId, 'run');
  });
  $('chat-stop').addEventListener('click', () => {
    if (activeRun !== undefined) void postJson('/api/runs/abort', { runId: activeRun });
  });
  $('new-session').addEventListener('click', async () => {
    sessionId = newId('session');
    $('session-id').textContent = sessionId;
    $('chat-log').replaceChildren();
    $('interruptions').replaceChildren();
    $('session-state').textContent = pretty(await postJson('/api/session', { sessionId }));
  });
  document.body.dataset.ready = 'true';
}

start().catch((error) => {
  $('agent-info').textContent = `The dev UI could not start: ${error.message}`;
});
