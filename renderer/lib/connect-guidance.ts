import type { AppError } from '../../common/result';

export type ConnectField = 'baseUrl' | 'apiKey' | 'organizationId';

export interface ConnectGuidance {
  /** The notice's title: what became of the connection. */
  readonly title: string;
  /** What happened, in the service's or main's own words. */
  readonly message: string;
  /** What to do about it. */
  readonly hint: string;
  /** The field most likely at fault, to mark and focus. */
  readonly field: ConnectField | null;
}

/**
 * Each way a first connection can fail says what to do next. The message
 * comes from main (it never holds the key); the hint is ours.
 */
export function connectGuidance(error: AppError): ConnectGuidance {
  const guidance = advice(error);
  return {
    // The service knew the key and said what it may not do: no "could not connect" above that.
    title:
      error.kind === 'forbidden' && guidance.field === 'apiKey'
        ? 'This key may not change tasks'
        : 'Could not connect',
    ...guidance,
  };
}

function advice(error: AppError): Omit<ConnectGuidance, 'title'> {
  const message = error.message;
  switch (error.kind) {
    case 'unauthorized':
      return {
        message,
        hint: 'If in doubt, create a new key in the web app under Settings → API keys and paste it here.',
        field: 'apiKey',
      };
    case 'forbidden':
      // The key works, for another organization: the id typed is what to fix.
      if (/organization id/i.test(message))
        return {
          message,
          hint: 'Correct the organization id, or leave it empty.',
          field: 'organizationId',
        };
      return {
        message,
        hint: 'The service knows this key, but it lacks the scopes named above. In the web app, create a key with them and paste it here.',
        field: 'apiKey',
      };
    case 'not_found':
      return {
        message,
        hint: 'Nothing answered at that address as the service would. Check the base URL: it is the address of the API, without “/v1”.',
        field: 'baseUrl',
      };
    case 'bad_response':
      return {
        message,
        hint: 'Something answered, but not the task service. Check the base URL.',
        field: 'baseUrl',
      };
    case 'network':
      return {
        message,
        hint: 'Check the base URL and your internet connection, then try again.',
        field: 'baseUrl',
      };
    case 'timeout':
      return {
        message,
        hint: 'The service took too long to answer. Check your connection and try again.',
        field: 'baseUrl',
      };
    case 'rate_limited': {
      const secs = error.retryAfterMs ? Math.ceil(error.retryAfterMs / 1000) : null;
      return {
        message,
        hint: secs ? `Wait ${secs} s, then try again.` : 'Wait a minute, then try again.',
        field: null,
      };
    }
    case 'server':
      return {
        message,
        hint: 'The service had a problem of its own. Try again in a little while.',
        field: null,
      };
    case 'keychain_unavailable':
      return {
        message,
        hint: 'Task Tray keeps keys only in the system keychain. On Linux, install and unlock gnome-keyring or KWallet, then try again.',
        field: null,
      };
    case 'invalid':
    case 'bad_input':
      return {
        message,
        hint: 'Correct the highlighted field and try again.',
        field: guessField(message),
      };
    default:
      return { message, hint: 'Try again. If it keeps happening, restart Task Tray.', field: null };
  }
}

/** Main's validation messages name what they are about ("Enter an API key.", "…organization id…"). */
function guessField(message: string): ConnectField | null {
  const m = message.toLowerCase();
  if (m.includes('organization')) return 'organizationId';
  // Before "key": the address messages explain themselves with the key ("would send your key unencrypted").
  if (/\b(url|address|https?)\b|https?:\/\//.test(m)) return 'baseUrl';
  if (m.includes('key')) return 'apiKey';
  return null;
}
