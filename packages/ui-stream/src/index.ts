/**
 * @toolcraft/ui-stream: toolcraft agent runs in the frontends users have: the Vercel AI SDK's UI
 * message stream (`useChat`), with approvals, and AG-UI events (CopilotKit, Microsoft Agent Framework).
 * @packageDocumentation
 */
export { toUIMessageStream } from './ui-message/to-ui-message-stream.js';
export { toUIMessageStreamResponse, uiMessageStreamHeaders } from './ui-message/to-ui-message-stream-response.js';
export type { UIMessageStreamResponseOptions } from './ui-message/to-ui-message-stream-response.js';
export type { UIMessageStreamOptions } from './ui-message/ui-message-stream-options.js';
export { approvalsFromUIMessages } from './ui-message/approvals-from-ui-messages.js';
export { toAGUIEvents } from './ag-ui/to-ag-ui-events.js';
export type { AGUIEventsOptions } from './ag-ui/ag-ui-options.js';
export { toAGUIResponse } from './ag-ui/to-ag-ui-response.js';
export type { AGUIResponseOptions } from './ag-ui/to-ag-ui-response.js';
export { applyAGUIResume } from './ag-ui/apply-ag-ui-resume.js';
export { agUIInterruptReasons } from './ag-ui/ag-ui-interrupt.js';
export type { AppliedAnswer } from './shared/applied-answer.js';
export { InvalidUIMessagesError } from './errors/invalid-ui-messages-error.js';
export { maskedErrorText } from './shared/masked-error.js';
