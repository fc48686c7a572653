/**
 * Whether a rejected webContents.loadURL() means the sign-in page could not be reached.
 * Electron rejects with ERR_ABORTED (errno -3) when the page replaces itself before its
 * first load finishes: a script redirect, common on sign-in pages (to an identity
 * provider, or to the organization once a session exists). The window is fine then and
 * the next page is loading; closing it would end the sign-in half-way.
 * Electron's rejection carries `code` (the net error name) and `errno` (its number).
 */
export function pageUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return true;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return !(code === 'ERR_ABORTED' || errno === -3);
}
