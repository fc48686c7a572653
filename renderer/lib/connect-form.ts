import type { ConnectField } from './connect-guidance';

export interface ConnectFormValues {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly organizationId: string;
}

export type ConnectFormErrors = Partial<Record<ConnectField, string>>;

/** Where plain http is allowed (main's rule too): this computer. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The checks a person can fix before anything is sent. Main checks again
 * (it trusts nothing from the renderer); these only save a round trip and
 * put the message next to the field.
 */
export function validateConnectForm(v: ConnectFormValues): ConnectFormErrors {
  const errors: ConnectFormErrors = {};
  const base = v.baseUrl.trim();
  if (!base) errors.baseUrl = 'Enter the address of the service, like https://api.example.com.';
  else {
    let url: URL | null;
    try {
      url = new URL(base);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      errors.baseUrl = 'That is not a web address. It starts with https://.';
    else if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname))
      errors.baseUrl =
        'Use https:// for the service: plain http would send your key unencrypted. http:// is for this computer only (localhost).';
  }
  if (!v.apiKey.trim()) errors.apiKey = 'Enter an API key.';
  const org = v.organizationId.trim();
  if (org && !/^org_[A-Za-z0-9]+$/.test(org))
    errors.organizationId =
      'An organization id looks like “org_…”. Leave it empty to use the key’s own.';
  return errors;
}
