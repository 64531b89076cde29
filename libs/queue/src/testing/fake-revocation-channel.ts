import type {
  CredentialRevocation,
  CredentialRevocationChannel,
} from '../revocation/credential-revocation.channel';

/**
 * A revocation channel for unit tests of caches built on it: `announce` delivers a revocation
 * to the subscriber, `setVouches` says whether the channel vouches for cached values.
 */
export function fakeRevocationChannel(): {
  channel: CredentialRevocationChannel;
  announce: (revocation: CredentialRevocation) => void;
  setVouches: (vouches: boolean) => void;
} {
  let vouches = true;
  let listener: (revocation: CredentialRevocation) => void = () => undefined;
  const channel = {
    subscribe: (subscriber: (revocation: CredentialRevocation) => void) => {
      listener = subscriber;
      return Promise.resolve();
    },
    vouchesFor: () => vouches,
  } as unknown as CredentialRevocationChannel;
  return {
    channel,
    announce: (revocation) => listener(revocation),
    setVouches: (value) => (vouches = value),
  };
}
