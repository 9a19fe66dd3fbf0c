import type { Interrupt } from '@ag-ui/core';
import type { Interruption } from '@toolcraft/core';

/** The `reason` of each kind of toolcraft interruption, as AG-UI interrupts carry it. */
export const agUIInterruptReasons = {
  approval: 'tool_approval',
  result: 'tool_result',
  credential: 'credential',
} as const;

/** What an approval interrupt's resume payload may say (`{ approved, arguments?, reason? }`). */
const approvalAnswerSchema = {
  type: 'object',
  properties: {
    approved: { type: 'boolean' },
    arguments: { type: 'object', description: 'Edited arguments; checked by the tool when the call runs.' },
    reason: { type: 'string', description: 'Why it was rejected, for the model.' },
  },
  required: ['approved'],
};

/**
 * The AG-UI interrupt of a call a paused run waits on: its `id` is the call's id (what a resume
 * entry answers), `toolCallId` the call when this stream showed it.
 * @param item - the interruption
 * @param shown - whether the stream sent the call's `TOOL_CALL_START`
 * @returns the interrupt
 * @internal
 */
export function toAGUIInterrupt(item: Interruption, shown: boolean): Interrupt {
  const metadata = { toolName: item.toolName, arguments: item.arguments, agentName: item.agentName };
  const base = { id: item.callId, reason: agUIInterruptReasons[item.kind], ...(shown ? { toolCallId: item.callId } : {}) };
  switch (item.kind) {
    case 'approval':
      return {
        ...base,
        message: `Approve the call of ${item.toolName}?`,
        responseSchema: approvalAnswerSchema,
        metadata: { ...metadata, ...(item.inDoubt === true ? { inDoubt: true } : {}) },
      };
    case 'result':
      return { ...base, message: `The result of ${item.toolName}, run by the client.`, metadata };
    case 'credential':
      return {
        ...base,
        message: item.request.description ?? `A credential '${item.request.key}' for ${item.toolName}.`,
        metadata: { ...metadata, key: item.request.key, ...(item.request.scheme === undefined ? {} : { scheme: item.request.scheme }) },
      };
  }
}
