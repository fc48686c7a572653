import { webAppTaskLink } from '../../common/task-ref';
import type { EntityType } from '../../common/task-values';
import { useApi } from '../hooks/api-context';
import { useMain } from '../hooks/use-main';
import { ExternalIcon } from './icons';

/** A link to the task in the web app, once the sign-in address and organization are known. */
export function OpenInWebApp(props: {
  readonly taskId: string;
  readonly entityType: EntityType | null;
  readonly entityId: string | null;
}) {
  const organization = useMain('organization').state;
  const settings = useMain('settings').state;
  const link =
    settings.phase === 'ready' && organization.phase === 'ready'
      ? webAppTaskLink({
          signInUrl: settings.value.signInUrl,
          organizationId: organization.value?.id ?? null,
          entityType: props.entityType,
          entityId: props.entityId,
          taskId: props.taskId,
        })
      : null;
  return link ? <WebAppLink link={link} /> : null;
}

/** "Open in the web app": main opens it in the browser (http(s) only, invariant 4). */
export function WebAppLink(props: { readonly link: string }) {
  const api = useApi();
  const { link } = props;
  return (
    <p>
      <a
        className="org__site"
        href={link}
        onClick={(e) => {
          // The page never navigates: main opens http(s) links in the browser.
          e.preventDefault();
          void api.openExternal({ url: link }); // eng-disable OPEN_EXTERNAL_JS_CHECK -- the IPC bridge; main opens only parsed http(s) URLs
        }}
      >
        Open in the web app
        <ExternalIcon />
        <span className="visually-hidden"> (opens in your browser)</span>
      </a>
    </p>
  );
}
