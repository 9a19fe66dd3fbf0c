// The client of the conformance suite's client scenarios (@modelcontextprotocol/conformance 0.1.13):
// `conformance client --command "node <tsx> everything-client.ts"` runs it with the scenario's server URL
// as its argument and the scenario in MCP_CONFORMANCE_SCENARIO. It uses McpToolset as an application
// would: connect (OAuth through the SDK's providers), list the tools, call the one the scenario expects.
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { AgentEnvironment, ToolRegistry } from '@toolcraft/core';
import { McpToolset, type McpHttpToolsetOptions } from '@toolcraft/mcp';

/** An OAuth client of the authorization-code flow whose user agrees at once: it follows the authorization URL and keeps the code. */
class AgreeingOAuthProvider implements OAuthClientProvider {
  private client?: OAuthClientInformationMixed;
  private saved?: OAuthTokens;
  private verifier?: string;
  private code?: string;
  readonly redirectUrl = 'http://localhost:3000/callback';
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'toolcraft-conformance',
    redirect_uris: ['http://localhost:3000/callback'],
  };
  constructor(readonly clientMetadataUrl?: string) {}
  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client;
  }
  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.client = information;
  }
  tokens(): OAuthTokens | undefined {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL): Promise<void> {
    const answer = await fetch(url, { redirect: 'manual' });
    const location = answer.headers.get('location');
    const code = location === null ? null : new URL(location).searchParams.get('code');
    if (code === null) throw new Error(`the authorization server did not redirect with a code (${answer.status})`);
    this.code = code;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no code verifier saved');
    return this.verifier;
  }
  authorizationCode(): Promise<string> {
    return this.code === undefined ? Promise.reject(new Error('no authorization code')) : Promise.resolve(this.code);
  }
}

function context(): Record<string, string> {
  return JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, string>;
}

function options(scenario: string): McpHttpToolsetOptions {
  if (scenario === 'elicitation-sep1034-client-defaults' || scenario === 'elicitation-defaults')
    // Accepts with no values: the requested schema's defaults are filled in.
    return { elicitation: () => ({ action: 'accept', content: {} }) };
  if (scenario === 'auth/client-credentials-basic') {
    const { client_id, client_secret } = context();
    return { authProvider: new ClientCredentialsProvider({ clientId: client_id!, clientSecret: client_secret! }) };
  }
  if (scenario === 'auth/client-credentials-jwt') {
    const { client_id, private_key_pem, signing_algorithm } = context();
    return {
      authProvider: new PrivateKeyJwtProvider({
        clientId: client_id!,
        privateKey: private_key_pem!,
        algorithm: signing_algorithm ?? 'ES256',
      }),
    };
  }
  if (scenario.startsWith('auth/')) {
    const provider = new AgreeingOAuthProvider(
      scenario === 'auth/basic-cimd' ? 'https://conformance-test.local/client-metadata.json' : undefined,
    );
    if (scenario === 'auth/pre-registration') {
      const { client_id, client_secret } = context();
      provider.saveClientInformation({ client_id: client_id!, client_secret: client_secret!, redirect_uris: [provider.redirectUrl] });
    }
    return { authProvider: provider, authorizationCode: () => provider.authorizationCode() };
  }
  return {};
}

const calls: Record<string, Record<string, unknown>> = {
  add_numbers: { a: 2, b: 3 },
  test_client_elicitation_defaults: {},
  test_reconnection: {},
  'test-tool': {},
};

async function main(): Promise<void> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const toolset = McpToolset.http(process.argv[2]!, { ...options(scenario), requestTimeoutMs: 20_000, onWarning: () => undefined });
  try {
    const tools = await toolset.getTools();
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(...tools) });
    for (const tool of tools) {
      const args = calls[tool.name];
      if (args === undefined) continue;
      const result = await environment.executeTool({ name: tool.name, arguments: args });
      if (result.isError) throw new Error(result.content);
    }
  } finally {
    await toolset.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
