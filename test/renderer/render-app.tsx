import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { App } from '../../renderer/components/App';
import { ApiContext } from '../../renderer/hooks/api-context';
import { createMainStore } from '../../renderer/lib/main-store';
import type { Api } from '../../common/ipc';
import { createFakeApi } from './fake-api';
import type { FakeApi, FakeState } from './fake-api';

export interface Rendered extends RenderResult {
  readonly fake: FakeApi;
  readonly user: UserEvent;
}

/** Renders `ui` (the whole app by default) against an in-memory window.api. */
export function renderWithApi(
  initial: Partial<FakeState> = {},
  ui: ReactElement = <App />,
  fake: FakeApi = createFakeApi(initial),
): Rendered {
  const user = userEvent.setup();
  const result = render(<Services api={fake.api}>{ui}</Services>);
  return { ...result, fake, user };
}

/** As main.tsx does: one store over the api, for the life of the rendered tree. */
function Services({ api, children }: { readonly api: Api; readonly children: ReactNode }) {
  const [store] = useState(() => createMainStore(api));
  useEffect(() => () => store.dispose(), [store]);
  return <ApiContext.Provider value={{ api, store }}>{children}</ApiContext.Provider>;
}
