import type { CaptureChoices, CaptureSource } from '../../../common/capture';
import { displayText } from '../../../common/display-text';
import { CAPTURE_MODES, CAPTURE_MODE_LABELS } from '../../lib/capture-model';
import type { CaptureMode } from '../../lib/capture-model';
import { StatusLine } from '../primitives/Lines';
import { Notice } from '../primitives/Notice';

const HINTS: Readonly<Record<CaptureMode, string>> = {
  screen: 'Choose the screen to capture. Task Tray steps aside while it is taken.',
  window: 'Choose the window to capture. Task Tray steps aside while it is taken.',
  region:
    'Choose the screen; then drag over the part to keep. Nothing is sent before you attach it.',
};

/** The chooser: whole screen, a window or a region, then the source, each with its picture. */
export function CaptureChooser(props: {
  readonly choices: CaptureChoices | null;
  readonly mode: CaptureMode;
  /** The source being captured now: the others wait. */
  readonly taking: string | null;
  readonly onMode: (mode: CaptureMode) => void;
  readonly onPick: (source: CaptureSource) => void;
  readonly onAsk: () => void;
  readonly onOpenSettings: () => void;
}) {
  const { choices, mode, taking } = props;
  if (!choices) return <StatusLine>Looking at your screens…</StatusLine>;
  if (choices.kind === 'blocked') {
    const { block } = choices;
    const act = block.kind === 'ask' ? props.onAsk : props.onOpenSettings;
    return (
      <div className="capture__block">
        <Notice
          tone={block.kind === 'ask' ? 'info' : 'warning'}
          role="status"
          title={block.heading}
        >
          <p>{block.body}</p>
        </Notice>
        {block.action && (
          <div className="form__actions">
            <button type="button" className="button button--primary" onClick={act}>
              {block.action}
            </button>
          </div>
        )}
      </div>
    );
  }
  const sources = mode === 'window' ? choices.windows : choices.screens;
  return (
    <>
      <div className="segmented capture__modes" role="radiogroup" aria-label="What to capture">
        {CAPTURE_MODES.map((m) => (
          <label key={m} className="segmented__option">
            <input
              type="radio"
              name="capture-mode"
              checked={mode === m}
              onChange={() => props.onMode(m)}
            />
            <span>{CAPTURE_MODE_LABELS[m]}</span>
          </label>
        ))}
      </div>
      <p className="muted capture__hint">{HINTS[mode]}</p>
      {sources.length === 0 && (
        <StatusLine>
          {mode === 'window' ? 'No other window is open.' : 'No screen found.'}
        </StatusLine>
      )}
      <ul className="capture__sources" aria-label={mode === 'window' ? 'Windows' : 'Screens'}>
        {sources.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              className="capture__source"
              disabled={taking !== null}
              aria-busy={taking === s.id}
              onClick={() => props.onPick(s)}
            >
              {s.thumbnail ? (
                <img src={s.thumbnail} alt="" className="capture__thumb" />
              ) : (
                <span className="capture__thumb capture__thumb--none" />
              )}
              <span className="capture__source-name">
                {taking === s.id ? 'Capturing…' : displayText(s.name)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
