import type { SettingsView } from '../../common/views';
import type { SettingsChanges } from '../hooks/use-settings-changes';
import { SettingText } from './SettingText';

const wholeNumber = (text: string): string | null => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? null : 'A whole number from 1 to 1000.';
};

/**
 * Where Task Tray signs in with the web app, the service address web sessions
 * use, and how often it may call the service. Each saves when the person is
 * done with it; main checks it, and a refusal is said under the field.
 */
export function ConnectionSettings(props: {
  readonly id: string;
  readonly settings: SettingsView;
  readonly change: SettingsChanges['change'];
}) {
  const { id, settings, change } = props;
  return (
    <section className="settings__section" aria-labelledby={`${id}-service`} data-section="service">
      <h2 id={`${id}-service`} className="settings__heading" tabIndex={-1}>
        Service
      </h2>
      <SettingText
        label="Web app sign-in address"
        type="url"
        value={settings.signInUrl}
        hint="Where “Sign in with the web app” opens."
        onCommit={(signInUrl) => change({ signInUrl }, `Sign-in address: ${signInUrl}`, 'field')}
      />
      <SettingText
        label="Service address for web sessions"
        type="url"
        value={settings.serviceUrl}
        hint="Used at the next web sign-in. An API key keeps the address it was connected with."
        onCommit={(serviceUrl) => change({ serviceUrl }, `Service address: ${serviceUrl}`, 'field')}
      />
      <SettingText
        label="How often Task Tray may call the service"
        type="number"
        unit="times a minute, at most"
        value={String(settings.requestsPerMinute)}
        hint="Task Tray spaces its calls to stay under this. The service takes up to 100 a minute of each kind; lower it if other tools use the same key."
        check={wholeNumber}
        onCommit={(text) =>
          change(
            { requestsPerMinute: Number(text) },
            `At most ${Number(text)} calls a minute`,
            'field',
          )
        }
      />
    </section>
  );
}
