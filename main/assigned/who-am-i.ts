import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { PersonView } from '../../common/views';
import type { ServiceReads } from '../reads/service-reads';
import type { AssignedKnown } from './assigned-view';

export interface WhoAmIDeps {
  readonly profileId: string;
  readonly authKind: 'api-key' | 'session';
  readonly organizationId: string | null;
  /** The member an API key's person chose on an earlier start, if any. */
  readonly memberId: string | null;
  readonly reads: ServiceReads;
  /** A chosen member who is gone from the organization: forget the choice and its list. */
  readonly forgetChoice: () => Promise<void>;
}

const bare = (id: string): PersonView => ({ id, name: null, email: null, role: null });

/**
 * Who "me" is: a session asks the service; a key's choice is checked against
 * the people once a run. Settles `k` (checked, me, and why a choice was dropped).
 */
export async function whoAmI(d: WhoAmIDeps, k: AssignedKnown): Promise<Result<PersonView | null>> {
  if (k.checked) return ok(k.me);
  const people = await d.reads.people();
  const peopleById = people.ok ? new Map(people.value.map((p) => [p.id, p])) : null;
  let memberId = d.memberId;
  if (d.authKind === 'session') {
    const mine = await d.reads.me();
    if (!mine.ok) return mine;
    memberId = mine.value.find((m) => m.organizationId === d.organizationId)?.memberId ?? null;
    if (!memberId)
      return err(appError('not_found', 'The service did not say which member you are here.'));
  } else if (!memberId && !people.ok) {
    // Nobody to choose from: the person cannot say who they are here.
    return people;
  } else if (memberId && peopleById && !peopleById.has(memberId)) {
    // Chosen on an earlier start, gone since (removed from the organization, or a typo'd key's org).
    await d.forgetChoice();
    k.message = `The member you chose (${memberId}) is no longer in this organization: choose yourself again.`;
    memberId = null;
  }
  k.checked = true;
  k.me = memberId ? (peopleById?.get(memberId) ?? bare(memberId)) : null;
  return ok(k.me);
}
