import type { MethodName, OutputOf, ParsedInputOf } from '../../common/ipc';
import type { Result } from '../../common/result';

/** One async function per contract method, taking the already-checked input. */
export type Handlers = {
  [M in MethodName]: (input: ParsedInputOf<M>) => Promise<Result<OutputOf<M>>>;
};
