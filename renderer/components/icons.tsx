import type { ReactElement, ReactNode } from 'react';

/**
 * The few glyphs the popup needs, drawn inline (no icon font, no network).
 * Decorative: every button that uses one has its own text or aria-label.
 */
interface IconProps {
  readonly size?: number;
}

const svg = (size: number, path: ReactNode): ReactElement => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 16 16"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {path}
  </svg>
);

export const CloseIcon = ({ size = 14 }: IconProps) => svg(size, <path d="M4 4l8 8M12 4l-8 8" />);

export const BackIcon = ({ size = 16 }: IconProps) => svg(size, <path d="M10 3L5 8l5 5" />);

export const SettingsIcon = ({ size = 16 }: IconProps) =>
  svg(
    size,
    <>
      <circle cx="8" cy="8" r="2.2" />
      <path d="M8 1.5v1.8M8 12.7v1.8M14.5 8h-1.8M3.3 8H1.5M12.6 3.4l-1.3 1.3M4.7 11.3l-1.3 1.3M12.6 12.6l-1.3-1.3M4.7 4.7L3.4 3.4" />
    </>,
  );

export const SearchIcon = ({ size = 14 }: IconProps) =>
  svg(
    size,
    <>
      <circle cx="7" cy="7" r="4.5" />
      <path d="M10.5 10.5L14 14" />
    </>,
  );

export const ClipboardIcon = ({ size = 14 }: IconProps) =>
  svg(
    size,
    <>
      <rect x="3.5" y="3" width="9" height="11" rx="1.5" />
      <path d="M6 3V2h4v1" />
    </>,
  );

export const WarningIcon = ({ size = 14 }: IconProps) =>
  svg(
    size,
    <>
      <path d="M8 2L1.5 13.5h13L8 2z" />
      <path d="M8 6.5v3M8 11.5v.01" />
    </>,
  );

export const ExternalIcon = ({ size = 12 }: IconProps) =>
  svg(size, <path d="M6 3H3v10h10v-3M9 2h5v5M14 2L7.5 8.5" />);

/** Points down when closed, up when open: a disclosure. */
export const ChevronIcon = ({ size = 14, open = false }: IconProps & { readonly open?: boolean }) =>
  svg(size, <path d={open ? 'M4 10l4-4 4 4' : 'M4 6l4 4 4-4'} />);

export const ChevronRightIcon = ({ size = 14 }: IconProps) => svg(size, <path d="M6 3l5 5-5 5" />);

/** An i in a circle: about this (the organization's details). */
export const InfoIcon = ({ size = 14 }: IconProps) =>
  svg(
    size,
    <>
      <circle cx="8" cy="8" r="6.25" />
      <path d="M8 7.25v4M8 4.75v.01" />
    </>,
  );
