import type { ReactNode } from 'react';
import { CloseIcon, WarningIcon } from '../icons';

/**
 * A message in the flow of the page. `alert` announces it at once (a
 * refusal the person must know about); `status` politely (a hint).
 */
export function Notice(props: {
  readonly tone: 'warning' | 'error' | 'info';
  readonly role?: 'alert' | 'status';
  readonly title?: string;
  readonly children: ReactNode;
  readonly onDismiss?: () => void;
  readonly dismissLabel?: string;
  readonly className?: string;
}) {
  const { tone, role, title, children, onDismiss, dismissLabel = 'Dismiss', className } = props;
  return (
    <div className={`notice notice--${tone}${className ? ` ${className}` : ''}`} role={role}>
      {tone !== 'info' && <WarningIcon />}
      <div className="notice__body">
        {title && <strong className="notice__title">{title}</strong>}
        {children}
      </div>
      {onDismiss && (
        <button
          type="button"
          className="icon-button notice__dismiss"
          onClick={onDismiss}
          aria-label={dismissLabel}
          title={dismissLabel}
        >
          <CloseIcon size={12} />
        </button>
      )}
    </div>
  );
}
