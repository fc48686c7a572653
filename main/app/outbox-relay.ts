import type { OutboxDeps } from '../outbox/outbox';

export type OutboxListeners = Pick<
  OutboxDeps,
  'onLanded' | 'onRefused' | 'onAttempt' | 'onPaused' | 'onChange'
> &
  Required<Pick<OutboxDeps, 'onComplianceLanded' | 'onCreated'>>;

/**
 * The port between the outbox and those who hear from it. The task service
 * needs the outbox to send its changes, and the outbox tells the task
 * service (and notifications, and the connection state) what became of
 * them: the outbox is made with this relay's ends, and the composition root
 * attaches the listeners once they exist. Nothing is sent before start(),
 * so a call before attach() is a wiring mistake, said loudly.
 */
export function createOutboxRelay() {
  let listeners: OutboxListeners | null = null;
  const to = (): OutboxListeners => {
    if (!listeners) throw new Error('The outbox spoke before its listeners were attached.');
    return listeners;
  };
  const ends: OutboxListeners = {
    onLanded: (...a) => to().onLanded(...a),
    onComplianceLanded: (...a) => to().onComplianceLanded(...a),
    onCreated: (...a) => to().onCreated(...a),
    onRefused: (...a) => to().onRefused(...a),
    onAttempt: (...a) => to().onAttempt(...a),
    onPaused: (...a) => to().onPaused(...a),
    onChange: (...a) => to().onChange(...a),
  };
  return {
    ends,
    attach(next: OutboxListeners): void {
      listeners = next;
    },
  };
}
