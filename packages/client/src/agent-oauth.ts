// An in-memory OAuthClientProvider (the MCP SDK's interface) for the agent endpoint's OAuth 2.1 sign-in: a
// pre-registered public client (no secret: the endpoint's page publishes a client id and says anonymous dynamic
// registration is disabled), tokens and the PKCE verifier kept for the life of the process. The SDK does the protocol
// (discovery, PKCE S256, code exchange, refresh); this only stores what it hands over and passes the authorize URL to
// the caller, who opens it in a browser. An app that keeps tokens across runs writes its own provider.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export interface AgentOAuthOptions {
  /** The client id registered with the service for your app. */
  clientId: string;
  /** Where the authorization server sends the user back with `?code=…&state=…`. */
  redirectUrl: string;
  /** Opens the authorize URL for the user (a browser); the code then arrives at `redirectUrl`. */
  onAuthorizationUrl: (url: URL) => void | Promise<void>;
  /** Name shown on the consent page. Default `@laevitas-api/client`. */
  clientName?: string;
  /** Tokens from an earlier sign-in, to start from. */
  tokens?: OAuthTokens;
}

/** The provider plus what it holds, for an app that wants to persist the tokens itself. */
export interface AgentOAuthProvider extends OAuthClientProvider {
  /** The last authorize URL handed to `onAuthorizationUrl`. */
  readonly authorizationUrl: URL | undefined;
}

export function createAgentOAuthProvider(options: AgentOAuthOptions): AgentOAuthProvider {
  let tokens = options.tokens;
  let verifier: string | undefined;
  let authorizationUrl: URL | undefined;
  const metadata: OAuthClientMetadata = {
    client_name: options.clientName ?? '@laevitas-api/client',
    redirect_uris: [options.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  return {
    get redirectUrl() {
      return options.redirectUrl;
    },
    get clientMetadata() {
      return metadata;
    },
    get authorizationUrl() {
      return authorizationUrl;
    },
    clientInformation: (): OAuthClientInformationMixed => ({ client_id: options.clientId }),
    tokens: () => tokens,
    saveTokens(next) {
      tokens = next;
    },
    async redirectToAuthorization(url) {
      authorizationUrl = url;
      await options.onAuthorizationUrl(url);
    },
    saveCodeVerifier(next) {
      verifier = next;
    },
    codeVerifier() {
      if (verifier === undefined) throw new Error('agent OAuth: no PKCE code verifier saved; start the sign-in with authorizeAgent first');
      return verifier;
    },
  };
}
