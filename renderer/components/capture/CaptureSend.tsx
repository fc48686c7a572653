import { useState } from 'react';
import type { CaptureRegion, CaptureTaken } from '../../../common/capture';
import { MAX_EVIDENCE_DESCRIPTION } from '../../../common/evidence';
import { useApi } from '../../hooks/api-context';
import { captureSizeWords, regionChosen } from '../../lib/capture-model';
import { ProblemLine } from '../primitives/Lines';
import { CaptureTaskPicker } from './CaptureTaskPicker';
import { RegionPreview } from './RegionPreview';

/**
 * The capture as it will be sent, before anything is: its picture (and, for
 * a region, the part dragged over it), the task it goes to, what it shows.
 * Attach sends it; Cancel forgets it.
 */
export function CaptureSend(props: {
  readonly taken: CaptureTaken;
  /** A region: the person drags over the picture first. */
  readonly region: boolean;
  readonly onCancel: () => void;
  readonly onSent: (taskTitle: string) => void;
}) {
  const api = useApi();
  const { taken } = props;
  const [taskId, setTaskId] = useState(taken.defaultTaskId);
  const [description, setDescription] = useState('');
  const [region, setRegion] = useState<CaptureRegion | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const needsRegion = props.region && !regionChosen(region, taken);

  const send = async () => {
    if (!taskId) return;
    setSending(true);
    setProblem(null);
    const r = await api.attachCapture({
      id: taken.id,
      taskId,
      ...(description.trim() ? { description } : {}),
      ...(props.region && region ? { region } : {}),
    });
    setSending(false);
    if (!r.ok) return setProblem(r.error.message);
    const refused = r.value.refused[0];
    if (refused) return setProblem(refused.message);
    props.onSent(taken.tasks.find((t) => t.id === taskId)?.title ?? 'the task');
  };

  return (
    <form
      className="capture__send"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <RegionPreview
        src={taken.preview}
        dragging={props.region}
        region={region}
        onRegion={setRegion}
      />
      <p className="muted capture__facts">
        {taken.name} · {captureSizeWords(taken.width, taken.height, taken.size)}
        {props.region &&
          (region ? ' · the part you dragged over is sent' : ' · drag over the part to keep')}
      </p>
      <CaptureTaskPicker tasks={taken.tasks} value={taskId} onChoose={setTaskId} />
      <label className="field">
        <span className="field__label">What it shows (optional)</span>
        <textarea
          className="input capture__description"
          rows={2}
          maxLength={MAX_EVIDENCE_DESCRIPTION}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      {problem && <ProblemLine>{problem}</ProblemLine>}
      <div className="form__actions">
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={!taskId || needsRegion || sending}
        >
          {sending ? 'Attaching…' : 'Attach'}
        </button>
      </div>
    </form>
  );
}
