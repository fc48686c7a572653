/**
 * Whom a background round reads for, in order: the account shown first
 * (unless its key was refused), then every other signed in, each with its
 * share of its address's background budget (the service counts per
 * address, so two accounts there have half each).
 */
export function roundOrder(input: {
  readonly shownId: string | null;
  readonly shownRefused: boolean;
  readonly signedInIds: readonly string[];
  readonly addressOf: (profileId: string) => string;
}): { readonly profileId: string; readonly isShown: boolean; readonly share: number }[] {
  const { shownId } = input;
  const ids = [
    ...(shownId && !input.shownRefused ? [shownId] : []),
    ...input.signedInIds.filter((id) => id !== shownId),
  ];
  const addresses = ids.map(input.addressOf);
  return ids.map((profileId, i) => ({
    profileId,
    isShown: profileId === shownId,
    share: 1 / addresses.filter((address) => address === addresses[i]).length,
  }));
}
