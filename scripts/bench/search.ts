import type { Task } from '../../common/task';
import type { KnownTasks } from '../../common/views';
import { buildIndex, createSearcher } from '../../renderer/lib/search/search-index';
import { searchDocs } from '../../renderer/lib/search/search-sources';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { now, repeatPaired, shortOfRuns } from './repeat';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';
import { formatFigure } from './table';

export const SEARCH_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 5 },
  why: 'every keystroke in the filter searches every task known (5,000 here) by title, vendor or risk, assignee and id, ranks and groups them; the floor is the least any filter does: a plain Array.filter of the same tasks keeping those whose lower-cased title has every word typed, per keystroke. The ratio is what the other fields, ranking and grouping cost: 2.2–4.3× at load 7–8 (28 Nov), each keystroke 3–4 ms, a frame’s fifth.',
};

/** Tasks known: 250 vendors and risks of 20 task items each, as main would send them. */
export const KNOWN_TASKS = 5_000;
const PER_ENTITY = 20;
/** Typed one key at a time: every prefix is a search, as in the popup. */
const TYPED = 'laptop encrypt';
const CAP_MS = 30_000;

const WORDS = [
  ...['review', 'collect', 'confirm', 'approve', 'patch', 'upload', 'renew', 'audit', 'define'],
  ...['laptop', 'encryption', 'breach', 'contract', 'policy', 'report', 'access', 'vendor'],
  ...['SOC 2', 'pen-test', 'schedule', 'exception', 'retention', 'insurance', 'badge'],
];
const PEOPLE = ['Maya Chen', 'Daniel Okafor', 'Priya Raman', 'Tom Becker', 'Zoë Laurent'];

/** The same 5,000 tasks every run: titles of four words, assignees and names in turn. */
export function knownTasks(): KnownTasks {
  // A fixed seed: the same titles every run and every machine.
  let seed = 2_463_534_242;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  const lists: KnownTasks['lists'][number][] = [];
  for (let e = 0; e < KNOWN_TASKS / PER_ENTITY; e++) {
    const entityType = e % 2 === 0 ? 'vendor' : 'risk';
    const entityId = `${entityType === 'vendor' ? 'vnd' : 'rsk'}_${e.toString(36).padStart(8, '0')}`;
    const tasks: Task[] = [];
    for (let i = 0; i < PER_ENTITY; i++) {
      const n = e * PER_ENTITY + i;
      const word = () => WORDS[next() % WORDS.length];
      const person = PEOPLE[n % PEOPLE.length]!;
      tasks.push({
        id: `tski_${n.toString(36).padStart(10, '0')}`,
        title: `${word()} ${word()} ${word()} ${word()} ${n}`,
        status: 'todo',
        assignee: { id: `mem_${n % PEOPLE.length}`, user: { name: person } },
        warnings: [],
      });
    }
    lists.push({
      entity: { entityType, entityId, name: `Entity ${e}` },
      tasks,
      readAt: 0,
      more: false,
    });
  }
  return { lists, unread: 0, entitiesListed: true };
}

/**
 * Item 16: every keystroke of a query typed into the filter, searched over
 * 5,000 known tasks (the index built once, as the popup builds it when what
 * is known changes), against a plain Array.filter of the same tasks by the words in their title.
 */
export const searchKeys: Measurement = {
  item: 16,
  id: 'search-keys',
  title: 'Search, 5,000 tasks per keystroke',
  async run(ctx): Promise<BenchResult[]> {
    const known = knownTasks();
    const b0 = now();
    const index = buildIndex(searchDocs({ pinned: [], compliance: [], assigned: [], known }));
    const buildMs = now() - b0;
    const plain = known.lists.flatMap((l) => l.tasks);
    const prefixes = Array.from({ length: TYPED.length }, (_, i) => TYPED.slice(0, i + 1));
    let found = 0;
    let kept = 0;
    const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
    const samples = await repeatPaired(
      plan,
      async () => {
        // A searcher as the popup makes one when what is known changes: typing narrows its matches.
        const searcher = createSearcher(index);
        const t0 = now();
        for (const q of prefixes) found = searcher(q).length;
        return (now() - t0) / prefixes.length;
      },
      async () => {
        const t0 = now();
        for (const q of prefixes) {
          const words = q.toLowerCase().split(' ').filter(Boolean);
          kept = plain.filter((t) => {
            const title = (t.title ?? '').toLowerCase();
            return words.every((w) => title.includes(w));
          }).length;
        }
        return (now() - t0) / prefixes.length;
      },
    );
    if (found === 0 || kept === 0)
      throw new Error(`"${TYPED}" found nothing: the tasks are not as meant.`);
    const app = pairedFigure('search', 'ms', samples.app);
    const floor = pairedFigure('Array.filter by title', 'ms', samples.floor);
    return [
      {
        item: 16,
        id: 'search-keys',
        title: 'Search, 5,000 tasks per keystroke',
        app,
        floor,
        budget: judge(SEARCH_BUDGET, app, floor, shortOfRuns(app.summary.runs, ctx.runs, CAP_MS)),
        notes: [
          `per keystroke, the mean of typing "${TYPED}" one key at a time (${prefixes.length} searches a run) over ${index.size.toLocaleString('en')} tasks of ${known.lists.length} vendors and risks; the last found ${found} groups`,
          `information: the index built once in ${buildMs.toFixed(1)} ms (when what is known changes, not per key); a frame is 16.7 ms at 60 Hz, search took ${formatFigure(app)}`,
          'app and floor in turns, rotating which goes first, in this Node process (the renderer’s code, pure)',
        ],
      },
    ];
  },
};
