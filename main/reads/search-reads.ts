import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { READ_REST_AT_ONCE } from '../../common/views';
import type { KnownTasks } from '../../common/views';
import type { TaskReads } from './task-reads';

const NOT_CONNECTED = appError('not_connected', 'Connect to the service first.');

/**
 * Search's side of the reads: what main has read of the shown account's
 * task items, and reading more of them when the person asks. The service has
 * no search of its own: search looks only in what was read.
 */
export function createSearchReads(
  reads: Pick<TaskReads, 'entities' | 'entityTasks' | 'known' | 'shownProfile'>,
) {
  let running: Promise<Result<KnownTasks>> | null = null;

  const readRest = async (profileId: string): Promise<Result<KnownTasks>> => {
    if (!reads.known.snapshot(profileId).entitiesListed) {
      const listed = await reads.entities();
      if (!listed.ok) return listed;
    }
    let read = 0;
    for (const entity of reads.known.unread(profileId).slice(0, READ_REST_AT_ONCE)) {
      const answer = await reads.entityTasks(entity);
      // What was read before a refusal is kept and shown; a refusal of the first says why.
      if (!answer.ok) return read > 0 ? ok(reads.known.snapshot(profileId)) : answer;
      read += 1;
    }
    return reads.shownProfile() === profileId
      ? ok(reads.known.snapshot(profileId))
      : err(NOT_CONNECTED);
  };

  return {
    /** What the shown account's search may look in, read nothing. */
    known(): Result<KnownTasks> {
      const id = reads.shownProfile();
      return id ? ok(reads.known.snapshot(id)) : err(NOT_CONNECTED);
    },
    /**
     * Lists the vendors and risks if they never were, then reads the next
     * READ_REST_AT_ONCE of those unread, as Browse would, one after another.
     * A second ask while one runs joins it.
     */
    readRest(): Promise<Result<KnownTasks>> {
      const id = reads.shownProfile();
      if (!id) return Promise.resolve(err(NOT_CONNECTED));
      running ??= readRest(id).finally(() => {
        running = null;
      });
      return running;
    },
  };
}
export type SearchReads = ReturnType<typeof createSearchReads>;
