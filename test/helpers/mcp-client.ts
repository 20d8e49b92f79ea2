import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

type Json = Record<string, any>;

/** An MCP agent as a real one connects: the SDK's own client over Streamable HTTP, with a bearer key. */
export async function mcpClient(url: string, key: string) {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return {
    client,
    async tools(): Promise<string[]> {
      return (await client.listTools()).tools.map((t) => t.name).sort();
    },
    /** A tool's answer: its text, the JSON in it (when it is JSON) and whether it is an error. */
    async call(name: string, args: Json = {}): Promise<{ isError: boolean; text: string; json: any }> {
      const result = (await client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        content: { type: string; text: string }[];
      };
      const text = result.content.map((c) => c.text).join('\n');
      let json: any;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { isError: result.isError === true, text, json };
    },
    close: () => client.close(),
  };
}

export type McpTestClient = Awaited<ReturnType<typeof mcpClient>>;
