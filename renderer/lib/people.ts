import { displayText } from '../../common/display-text';
import type { PersonView } from '../../common/views';

/** Roles the web app does not offer as assignees (SERVICE.md): the rest (owner, admin, custom) are. */
const NOT_ASSIGNABLE = new Set(['employee', 'contractor', 'auditor']);

const rolesOf = (person: PersonView): string[] =>
  (person.role ?? '')
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .filter((r) => r !== '');

/**
 * Whether the web app would offer this member as an assignee: any role
 * besides employee, contractor and auditor (a member may hold several,
 * "owner,admin"). A member whose role the service did not say is offered:
 * the service has the last word and refuses with its reason.
 */
export function isAssignable(person: PersonView): boolean {
  const roles = rolesOf(person);
  return roles.length === 0 || roles.some((r) => !NOT_ASSIGNABLE.has(r));
}

/** Why the web app does not offer this member, in words ("an auditor"); null when it does. */
export function whyNotAssignable(person: PersonView): string | null {
  if (isAssignable(person)) return null;
  const roles = rolesOf(person).map((r) => (/^[aeiou]/.test(r) ? `an ${r}` : `a ${r}`));
  return roles.length <= 1
    ? (roles[0] ?? '')
    : `${roles.slice(0, -1).join(', ')} and ${roles[roles.length - 1]}`;
}

/** What a search of the organization's people that found no one says (the picker, Who are you?). */
export const noOneFound = (query: string): string =>
  query.trim()
    ? `Nobody in the organization matches “${query.trim()}”.`
    : 'The service listed nobody in the organization.';

/** What the task view and the rows say of a task with no assignee: one word everywhere. */
export const NO_ASSIGNEE = 'Unassigned';

/** A person's name as the picker lists it: the name, else the email, else the member id. */
/** A member as shown: without bidi or invisible controls that could make one name pass for another. */
export const personName = (p: PersonView): string =>
  displayText(p.name?.trim() || p.email?.trim() || p.id);

/** Members whose name or email contains every word of the query, in name order. */
export function searchPeople(people: readonly PersonView[], query: string): PersonView[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return people
    .filter((p) => {
      const hay = `${p.name ?? ''} ${p.email ?? ''}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    })
    .sort((a, b) => personName(a).localeCompare(personName(b)));
}
