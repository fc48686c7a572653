import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EvidenceUploadsView } from '../../common/evidence';
import type { AppCoreOptions } from '../../main/app/core-options';
import type { DemoServer } from '../../main/demo/server';
import { createCoreHarness } from './app-core';
import type { CoreHarness } from './app-core';
import { unwrap } from './result';
import { whenState } from './wait-for';

/** A compliance task of the seed, Maya's, and her member and user ids. */
export const EVIDENCE_TASK = 'tsk_n1access7review';
export const MAYA = 'mem_n1maya7q2c';
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
/** A file the service takes as a PNG, of `size` bytes. */
export const png = (size: number): Buffer =>
  Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length, 7)]);

/** The app, signed in to the reference service with a key, Maya chosen as "me". */
export async function evidenceApp(
  dir: string,
  service: string,
  server: DemoServer,
  extra: Partial<AppCoreOptions> = {},
): Promise<CoreHarness> {
  const h = createCoreHarness(dir, service, {
    outbox: { backoff: { baseMs: 60_000, maxMs: 60_000 } },
    ...extra,
  });
  await h.core.start();
  unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
  unwrap(await h.call('setMe', { memberId: MAYA }));
  return h;
}

export const writeIn = async (dir: string, name: string, bytes: Buffer | string) => {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
};

export const uploadViews = (h: CoreHarness): EvidenceUploadsView[] =>
  h.events
    .filter((e) => e.event === 'evidence:changed')
    .map((e) => e.payload as EvidenceUploadsView);

/** Every upload of the shown account has landed or been given up. */
export const whenNoneWaiting = (h: CoreHarness): Promise<void> =>
  whenState(h.core, () => {
    const last = uploadViews(h).at(-1);
    return last?.tasks.length === 0 && last.waitingBytes === 0;
  });
