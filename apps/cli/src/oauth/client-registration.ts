import { type ApiClient } from '@cw/api-client';
import type { CredentialsStore, RegisteredClient } from '../config/credentials-store';
import { oauthError } from './oauth-tokens';
import { listenOnLoopback, type LoopbackReceiver } from './loopback-receiver';

export const CLIENT_NAME = 'cw command-line client';
/** The server deletes a client that signed no one in within 24 h; one this old is not reused. */
const UNUSED_CLIENT_REUSE_MS = 12 * 60 * 60 * 1000;

export interface ReadyClient {
  client: RegisteredClient;
  receiver: LoopbackReceiver;
}

function reusable(client: RegisteredClient | undefined, url: string): client is RegisteredClient {
  if (!client || client.url !== url) return false;
  return client.signed_in || Date.now() - Date.parse(client.registered_at) < UNUSED_CLIENT_REUSE_MS;
}

/**
 * The profile's public client and a receiver listening on its redirect URI. The server compares
 * redirect URIs exactly (port included), so the client is registered once per profile with the
 * port it got then, and again only when that port is taken or the client may have been deleted.
 */
export async function readyClient(
  api: ApiClient,
  store: CredentialsStore,
  profile: string,
  url: string,
  note: (text: string) => void,
): Promise<ReadyClient> {
  const known = await store.getClient(profile);
  if (reusable(known, url)) {
    const receiver = await listenOnLoopback(Number(new URL(known.redirect_uri).port)).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES') throw error;
        note(`Port ${new URL(known.redirect_uri).port} is in use; registering cw again.`);
        return undefined;
      },
    );
    if (receiver) return { client: known, receiver };
  }
  const receiver = await listenOnLoopback(0);
  try {
    const answer = await api.POST('/api/oauth/register', {
      body: {
        client_name: CLIENT_NAME,
        redirect_uris: [receiver.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
    });
    if (!answer.response.ok || !answer.data)
      throw oauthError('the client registration', answer.response.status, answer.error);
    const client: RegisteredClient = {
      url,
      client_id: answer.data.client_id,
      redirect_uri: receiver.redirectUri,
      registered_at: new Date().toISOString(),
      signed_in: false,
    };
    await store.saveClient(profile, client);
    return { client, receiver };
  } catch (error) {
    receiver.close();
    throw error;
  }
}
