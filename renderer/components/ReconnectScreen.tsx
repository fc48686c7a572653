import type { AccountStatus, ProfileView } from '../../common/views';
import { ApiKeyForm } from './ApiKeyForm';

/**
 * The service refused the key (revoked, or without the task scope): connect
 * with another one, same address and organization. Pinned tasks and the
 * changes waiting for them belong to that address and organization, so they
 * carry over and go out once the new key is accepted.
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
          Your pinned tasks and waiting changes stay; they are sent once the service accepts the new
          key.
        </p>
      </div>
      <ApiKeyForm
        defaultBaseUrl={props.profile.baseUrl}
        defaultOrganizationId={props.profile.organizationId}
        onBack={props.onBack}
        onConnected={props.onConnected}
      />
    </main>
  );
}
