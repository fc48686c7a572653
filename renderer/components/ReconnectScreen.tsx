import type { AccountStatus, ProfileView } from '../../common/views';
import { ApiKeyForm } from './ApiKeyForm';

/**
 * The service refused the key (revoked, or without the task scope): connect
 * with another one, same address and organization. Pins and waiting changes
 * belong to the key that made them (docs/ARCHITECTURE.md, invariant 7): the new key
 * starts its own list, and the old key's waiting changes go out with the new
 * one only when the person says so (HandOverNotice).
 */
export function ReconnectScreen(props: {
  readonly profile: ProfileView;
  readonly onBack: () => void;
  readonly onConnected: (status: AccountStatus) => void;
}) {
  return (
    <main className="app first-run">
      <div className="first-run__intro">
        <h1 className="first-run__title">Connect again</h1>
        <p className="muted">
          Changes waiting from the old key stay with it: once the new key is accepted, you can send
          them with it, and the service will record them under the new key&apos;s owner.
        </p>
      </div>
      <ApiKeyForm
        defaultBaseUrl={props.profile.baseUrl}
        defaultOrganizationId={props.profile.organizationId}
        onBack={props.onBack}
        onConnected={props.onConnected}
        draft={`reconnect:${props.profile.id}`}
      />
    </main>
  );
}
