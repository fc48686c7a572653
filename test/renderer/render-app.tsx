import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { App } from '../../renderer/components/App';
import { ApiContext } from '../../renderer/hooks/api-context';
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
  const result = render(<ApiContext.Provider value={fake.api}>{ui}</ApiContext.Provider>);
  return { ...result, fake, user };
}
