import { useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import type { CaptureRegion } from '../../../common/capture';
import { pointIn, regionBetween } from '../../lib/capture-model';
import type { Point } from '../../lib/capture-model';

const pct = (n: number) => `${(n * 100).toFixed(3)}%`;

/**
 * The capture's picture; for a region, the rectangle the person drags over
 * it (the rest dimmed). Fractions of the picture: main crops its full-size
 * capture with them, so the preview's smaller size loses nothing.
 */
export function RegionPreview(props: {
  readonly src: string;
  readonly dragging: boolean;
  readonly region: CaptureRegion | null;
  readonly onRegion: (region: CaptureRegion) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [from, setFrom] = useState<Point | null>(null);
  const at = (e: PointerEvent<HTMLDivElement>) =>
    pointIn(box.current!.getBoundingClientRect(), e.clientX, e.clientY);
  const r = props.region;
  return (
    <div
      ref={box}
      className={`capture__preview${props.dragging ? ' capture__preview--region' : ''}`}
      {...(props.dragging
        ? {
            onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
              e.currentTarget.setPointerCapture(e.pointerId);
              const p = at(e);
              setFrom(p);
              props.onRegion(regionBetween(p, p));
            },
            onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
              if (from) props.onRegion(regionBetween(from, at(e)));
            },
            onPointerUp: () => setFrom(null),
          }
        : {})}
    >
      <img src={props.src} alt="The capture, as it will be sent" draggable={false} />
      {props.dragging && r && (
        <div
          className="capture__region"
          style={{ left: pct(r.x), top: pct(r.y), width: pct(r.width), height: pct(r.height) }}
        />
      )}
    </div>
  );
}
