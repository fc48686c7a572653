import { STATUS_LABELS, TASK_STATUSES } from '../../common/task';

/**
 * The floor of every renderer timing: React and ReactDOM alone drawing plain
 * rows, built beside index.html (floor-build.ts). `rows.html?rows=N&list=M`:
 *  - N rows, each a focusable `li[data-task-id]` with its status pill
 *    (`pill pill--<status>`) and a title, as the popup's rows have; the
 *    `tasks-painted` mark set the way the popup sets it (item 2, item 6);
 *  - the window's focus and visibilitychange handled by React: a render, and
 *    the first row focused when nothing has focus (item 10);
 *  - keys 1–5 on a row set its status, a click on its button the next one
 *    (through Node and back when the bench has bound `__benchPut`, item 4):
 *    one row re-rendered (items 11 and 4);
 *  - a button "Assigned to me" drawing a list of M rows (item 9).
 * The measurements time this page with the same in-page scripts as the popup.
 */
export const FLOOR_ROWS_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Floor rows</title></head>
  <body><div id="root"></div><script type="module" src="./rows.jsx"></script></body>
</html>
`;

export const floorRowsMain =
  (): string => `import { useEffect, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
const STATUSES = ${JSON.stringify(TASK_STATUSES)};
const LABELS = ${JSON.stringify(STATUS_LABELS)};
const query = new URLSearchParams(location.search);
const count = Number(query.get('rows') ?? 50);
const listed = Number(query.get('list') ?? 0);
const id = (i) => 'tski_floor' + i;
const start = Array.from({ length: count }, (_, i) => STATUSES[i % STATUSES.length]);
// With the bench's binding, a click goes to Node and back (a bare PUT between), as the popup's goes to main.
const onNext = (i, status) =>
  window.__benchPut ? window.__benchPut(JSON.stringify({ i, status })) : window.__floorSetStatus(i, status);
function Row({ i, status }) {
  return (
    <li tabIndex={0} data-task-id={id(i)}>
      <span className={'pill pill--' + status}>{LABELS[status]}</span>
      <span className="title">Task number {i + 1} of the floor</span>
      <button type="button" onClick={() => onNext(i, STATUSES[(STATUSES.indexOf(status) + 1) % STATUSES.length])}>
        Next
      </button>
    </li>
  );
}
function App() {
  const [statuses, setStatuses] = useState(start);
  const [screen, setScreen] = useState('home');
  const [, setShown] = useState(0);
  const onStatus = (i, status) => setStatuses((s) => s.map((x, j) => (j === i ? status : x)));
  window.__floorSetStatus = onStatus;
  useLayoutEffect(() => {
    requestAnimationFrame(() =>
      scheduler.postTask(() => performance.mark('tasks-painted'), { priority: 'user-blocking' }),
    );
  }, []);
  useEffect(() => {
    const shown = () => setShown((n) => n + 1);
    const focus = () => {
      shown();
      if (document.activeElement === null || document.activeElement === document.body)
        document.querySelector('li[data-task-id]')?.focus({ preventScroll: true });
    };
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('focus', focus);
    return () => {
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('focus', focus);
    };
  }, []);
  const onKeyDown = (e) => {
    const row = e.target.closest('li[data-task-id]');
    const n = /^[1-5]$/.test(e.key) ? Number(e.key) : 0;
    if (!row || n === 0) return;
    e.preventDefault();
    onStatus(Number(row.dataset.taskId.slice(10)), STATUSES[n - 1]);
  };
  if (screen === 'assigned')
    return (
      <ul aria-label="Tasks assigned to me">
        {Array.from({ length: listed }, (_, i) => <Row key={i} i={i} status={statuses[i % count] ?? STATUSES[0]} />)}
      </ul>
    );
  return (
    <main>
      <button type="button" onClick={() => setScreen('assigned')}>Assigned to me</button>
      <ul aria-label="Tasks" onKeyDown={onKeyDown}>
        {statuses.map((status, i) => <Row key={i} i={i} status={status} />)}
      </ul>
    </main>
  );
}
createRoot(document.getElementById('root')).render(<App />);
`;

/** The floor page's address on its server, with `rows` rows and `list` in its second list. */
export const floorRowsUrl = (site: string, rows: number, list = 0): string =>
  `${site.replace(/\/?$/, '/')}rows.html?rows=${rows}&list=${list}`;
