import type { AppError, Result } from '../../common/result';

/** The value of an ok result; fails the test with the error's own words otherwise. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.kind}: ${result.error.message}`);
  return result.value;
}

/** The error of a failed result; fails the test when it succeeded. */
export function failure<T>(result: Result<T>): AppError {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}
