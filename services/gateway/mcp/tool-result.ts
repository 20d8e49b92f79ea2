import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AuditClient } from '../../../shared/domain/common/audit-log';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../../../shared/logger';
import type { AuthenticatedTenant, GatewayDeps } from '../context';

/** What every tool of one request knows: the gateway's parts, the tenant and the MCP key asking. */
export interface McpToolContext {
  deps: GatewayDeps;
  tenant: AuthenticatedTenant;
  key: { keyId: string; prefix: string; scopes: readonly string[] };
  client: AuditClient;
  log: Logger;
  requestId: string;
}

/** A tool's answer: the value as indented JSON text (what agents read) and as structured content. */
export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

/** A tool's refusal in words, as the agent should read it. */
export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/**
 * Runs a tool body: an AppError (a validation naming the field, NOT_FOUND, a state refusal) becomes a
 * tool error with its code and message; anything else is logged and answered without its details, so
 * no stack trace or SQL reaches the agent.
 */
export async function guarded(
  ctx: McpToolContext,
  tool: string,
  body: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof AppError) {
      const issues = err.details.validationErrors?.map((i) => `${i.path}: ${i.message}`).join('; ');
      const text = issues && !err.message.includes(issues) ? `${err.message} (${issues})` : err.message;
      return toolError(`${err.apiErrorCode}: ${text}`);
    }
    ctx.log.error({ err, tool }, 'MCP tool failed');
    return toolError(`INTERNAL_ERROR: the tool failed; quote request id ${ctx.requestId} to support`);
  }
}
