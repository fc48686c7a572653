import '../../styles/capture.css';
import { useEffect, useRef, useState } from 'react';
import type { CaptureChoices, CaptureSource, CaptureTaken } from '../../../common/capture';
import type { AppError } from '../../../common/result';
import { useApi } from '../../hooks/api-context';
import { useEscape } from '../../hooks/use-escape';
import { useFirstFocus } from '../../hooks/use-first-focus';
import { useMain } from '../../hooks/use-main';
import type { CaptureMode } from '../../lib/capture-model';
import { ScreenHeader } from '../primitives/ScreenHeader';
import { ProblemLine } from '../primitives/Lines';
import { CaptureChooser } from './CaptureChooser';
import { CaptureSend } from './CaptureSend';

/**
 * Another account shown (a switch from the tray, a sign-out): the capture was
 * meant for the one before, so the screen leaves (docs/ARCHITECTURE.md,
 * invariant 9). Here rather than in App's list of account screens: the
 * first screen's bundle has no byte to spare. Main forgets the capture too.
 */
function useLeavesWithAccount(leave: () => void): void {
  const a = useMain('account').state;
  const shown = a.phase === 'ready' && a.value.state === 'connected' ? a.value.profile.id : null;
  const [opened] = useState(shown);
  useEffect(() => {
    if (shown !== opened) leave();
  }, [shown, opened, leave]);
}

type Step =
  | { readonly kind: 'choose' }
  | { readonly kind: 'taking'; readonly source: CaptureSource }
  | { readonly kind: 'send'; readonly taken: CaptureTaken; readonly region: boolean }
  | { readonly kind: 'sent'; readonly name: string; readonly task: string };

/**
 * "Capture evidence…": choose a screen, a window or a region; see the
 * capture; choose the task (the one used last first) and say what it
 * shows; send it, or cancel and nothing of it is kept. Main captures,
 * keeps and sends; this screen only shows and asks.
 */
export function CaptureScreen(props: { readonly onBack: () => void }) {
  const api = useApi();
  const [mode, setMode] = useState<CaptureMode>('screen');
  const [choices, setChoices] = useState<CaptureChoices | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<AppError | null>(null);
  const main = useRef<HTMLElement>(null);
  // The capture shown but not sent: forgotten in main when the screen goes, however it goes.
  const held = useRef<string | null>(null);

  const load = (ask?: true) =>
    void api.getCaptureChoices(ask ? { ask } : undefined).then((r) => {
      setProblem(r.ok ? null : r.error);
      if (r.ok) setChoices(r.value);
    });
  useEffect(() => {
    load();
    return () => {
      if (held.current) void api.cancelCapture({ id: held.current });
    };
    // Once, as the screen opens: the person asks again with the buttons.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const forget = () => {
    if (held.current) void api.cancelCapture({ id: held.current });
    held.current = null;
    setProblem(null);
    setStep({ kind: 'choose' });
  };
  useEscape(step.kind === 'send' ? forget : props.onBack);
  useLeavesWithAccount(props.onBack);
  useFirstFocus(
    main,
    '.capture__source, .capture__task[aria-checked="true"]',
    `${step.kind}:${choices?.kind}`,
  );

  const take = async (source: CaptureSource) => {
    setProblem(null);
    setStep({ kind: 'taking', source });
    const r = await api.takeCapture({ sourceId: source.id });
    if (!r.ok) {
      setProblem(r.error);
      setStep({ kind: 'choose' });
      return;
    }
    held.current = r.value.id;
    setStep({ kind: 'send', taken: r.value, region: mode === 'region' });
  };

  const title =
    step.kind === 'send'
      ? 'Send the capture'
      : step.kind === 'sent'
        ? 'Capture sent'
        : 'Capture evidence';
  return (
    <div className="app">
      <ScreenHeader
        back={
          step.kind === 'send'
            ? { label: 'Cancel, and choose again', onClick: forget }
            : { label: 'Back to tasks', onClick: props.onBack }
        }
      >
        {title}
      </ScreenHeader>
      <main className="capture" ref={main}>
        {problem && <ProblemLine>{problem.message}</ProblemLine>}
        {(step.kind === 'choose' || step.kind === 'taking') && (
          <CaptureChooser
            choices={choices}
            mode={mode}
            taking={step.kind === 'taking' ? step.source.id : null}
            onMode={setMode}
            onPick={(s) => void take(s)}
            onAsk={() => load(true)}
            onOpenSettings={() => void api.openCaptureSettings()}
          />
        )}
        {step.kind === 'send' && (
          <CaptureSend
            taken={step.taken}
            region={step.region}
            onCancel={forget}
            onSent={(task) => {
              held.current = null;
              setStep({ kind: 'sent', name: step.taken.name, task });
            }}
          />
        )}
        {step.kind === 'sent' && (
          <div className="capture__sent" role="status">
            <p>
              “{step.name}” is on its way to “{step.task}”. Its upload shows in the task’s view.
            </p>
            <div className="form__actions">
              <button type="button" className="button" onClick={forget}>
                Capture another
              </button>
              <button type="button" className="button button--primary" onClick={props.onBack}>
                Done
              </button>
            </div>
          </div>
        )}
      </main>
    </div>
  );
}
