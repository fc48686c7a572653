import { StatusLine } from './primitives/Lines';

/** The whole window while still loading (its refusal is in LoadProblem.tsx). */
export function LoadingScreen({ label }: { readonly label: string }) {
  return (
    <main className="app app--center" aria-busy="true">
      <StatusLine>{label}</StatusLine>
    </main>
  );
}
