import { useCallback, useSyncExternalStore } from 'react';
import type { EvidenceTaskUploads, EvidenceUploadsView } from '../../common/evidence';
import type { Api } from '../../common/ipc';
import { useApi } from './api-context';

/** A file refused before anything was kept, or an attach or paste main refused: shown on its task. */
export interface EvidenceProblem {
  readonly id: string;
  readonly taskId: string;
  readonly name: string | null;
  readonly message: string;
  /** A refusal of the service kept by main (dismissed there), or one this page holds. */
  readonly fromMain: boolean;
}

const NO_PROBLEMS: readonly EvidenceProblem[] = [];
const EMPTY: EvidenceUploadsView = { tasks: [], refusals: [], waitingBytes: 0 };
/** What this page holds of problems main answered at once; main keeps its refusals itself. */
const MAX_LOCAL = 20;

/**
 * One copy per page of the shown account's uploads (evidence:changed) and
 * of the refusals answered to this page's attaches: a task's row and its
 * view show the same, whichever the file was dropped on.
 */
function createEvidenceStore(api: Api) {
  let view = EMPTY;
  let local: EvidenceProblem[] = [];
  let nextId = 0;
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const l of [...listeners]) l();
  };
  const set = (next: EvidenceUploadsView) => {
    view = next;
    tell();
  };
  api.on('evidence:changed', set);
  void api.getEvidenceUploads().then((r) => r.ok && set(r.value));
  const note = (taskId: string, refused: readonly { name: string | null; message: string }[]) => {
    // A new attempt on the task replaces what the last one said.
    local = [
      ...local.filter((p) => p.taskId !== taskId),
      ...refused.map((r) => ({ ...r, id: `local-${nextId++}`, taskId, fromMain: false })),
    ].slice(-MAX_LOCAL);
    tell();
  };
  let snapshot = { view, local };
  return {
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    get: () => {
      if (snapshot.view !== view || snapshot.local !== local) snapshot = { view, local };
      return snapshot;
    },
    async attach(taskId: string, ask: () => ReturnType<Api['pasteEvidence']>) {
      const answer = await ask();
      if (answer.ok) note(taskId, answer.value.refused);
      else note(taskId, [{ name: null, message: answer.error.message }]);
    },
    note,
    dismiss(p: EvidenceProblem) {
      if (p.fromMain)
        void api.dismissEvidenceRefusal({ id: p.id }).then((r) => r.ok && set(r.value));
      else {
        local = local.filter((x) => x.id !== p.id);
        tell();
      }
    },
  };
}

type EvidenceStore = ReturnType<typeof createEvidenceStore>;
const stores = new WeakMap<Api, EvidenceStore>();
const storeOf = (api: Api): EvidenceStore => {
  let s = stores.get(api);
  if (!s) stores.set(api, (s = createEvidenceStore(api)));
  return s;
};

export interface TaskEvidence {
  readonly uploads: EvidenceTaskUploads | null;
  readonly problems: readonly EvidenceProblem[];
  /** Files dropped: their paths go to main, which checks and queues them. */
  attachFiles(files: readonly File[]): void;
  /** Ctrl/⌘+V: main reads the clipboard (files copied, or an image). */
  paste(): void;
  dismiss(problem: EvidenceProblem): void;
}

/** Everything of the shown account's evidence, for the rows: each task's uploads and problems. */
export function useEvidence(): {
  readonly uploadsOf: (taskId: string) => EvidenceTaskUploads | null;
  readonly problemsOf: (taskId: string) => readonly EvidenceProblem[];
  readonly attachFiles: (taskId: string, files: readonly File[]) => void;
  readonly dismiss: (problem: EvidenceProblem) => void;
} {
  const api = useApi();
  const store = storeOf(api);
  const { view, local } = useSyncExternalStore(store.subscribe, store.get);
  const attachFiles = useCallback(
    (taskId: string, files: readonly File[]) => {
      const paths = api.filePaths(files);
      if (paths.length === 0) return store.note(taskId, [{ name: null, message: NOT_FILES }]);
      void store.attach(taskId, () => api.attachEvidence({ taskId, paths }));
    },
    [api, store],
  );
  return {
    uploadsOf: (taskId) => view.tasks.find((t) => t.taskId === taskId) ?? null,
    problemsOf: (taskId) => {
      const problems = [
        ...view.refusals.filter((r) => r.taskId === taskId).map((r) => ({ ...r, fromMain: true })),
        ...local.filter((p) => p.taskId === taskId),
      ];
      // The same empty list each time: a row with nothing to say is not drawn again.
      return problems.length === 0 ? NO_PROBLEMS : problems;
    },
    attachFiles,
    dismiss: store.dismiss,
  };
}

/** One task's evidence, for its view. */
export function useTaskEvidence(taskId: string): TaskEvidence {
  const api = useApi();
  const all = useEvidence();
  const store = storeOf(api);
  return {
    uploads: all.uploadsOf(taskId),
    problems: all.problemsOf(taskId),
    attachFiles: (files) => all.attachFiles(taskId, files),
    paste: () => void store.attach(taskId, () => api.pasteEvidence({ taskId })),
    dismiss: all.dismiss,
  };
}

export const NOT_FILES =
  'Only files can be attached: drop files from your file manager (not text, links or folders).';
